"""A value drawn by chance compared in an effect (docs/effects.md, "Chance"): each side is
drawn once, `==` and `!=` are each other's opposite, and a variable of the `colour` type
holds only a colour of the edition ("a text that is no colour counts as none").

Written for mutants that survived the suite (docs/mutation.md): the helpers the generated
code calls for these (`_equal`, `_colour`). Each edition is compiled inside its test.
"""
from __future__ import annotations

import pytest

from unodsl.edition.loader import load_edition_text

from rules.conftest import events, play, table

EDITION = """name: Chance compared
base: classic
state:
  game:
    last: {type: colour}
chance:
  word: {a: 1}
  hue: {red: 1}
"""
HANDS = [["red 7", "red 3", "blue 4"], ["red 1", "green 1"], ["red 2", "green 2"]]


def next_draws_after_red_7(effect: str) -> int:
    """How many cards seat 1 draws when seat 0 plays a red 7 under `effect`."""
    edition = load_edition_text(EDITION, rules=["on play where number == 7:\n" + effect])
    m = table(edition, HANDS, draw=["blue 1", "blue 2", "blue 3", "blue 4"])
    play(m, "red 7")
    return sum(len(e["cards"]) for e in events(m, "draw", player=1))


@pytest.mark.parametrize("test, draws", [
    ("random number in 1..1 == 1", 1),
    ("random number in 1..1 != 1", 3),
    ("random number in 2..2 == 1", 3),
    ("random number in 2..2 != 1", 1),
    ("random word == \"a\"", 1),
    ("random word != \"a\"", 3),
])
def test_a_drawn_value_compares_as_written(test, draws):
    assert next_draws_after_red_7(f"  if {test}:\n    next draws 1\n  else:\n    next draws 3\n") == draws


@pytest.mark.parametrize("value, draws", [("random word", 3), ("random hue", 1)])
def test_a_colour_variable_set_to_a_text_that_is_no_colour_holds_none(value, draws):
    effect = f"  set game.last to {value}\n  if game.last == red:\n    next draws 1\n  else:\n    next draws 3\n"
    assert next_draws_after_red_7(effect) == draws
