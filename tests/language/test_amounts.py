"""A number a statement takes, read from a tag: a whole number is drawn, a text counts
as absent, which is none (docs/effects.md: "a number a statement takes that is not one
(a tag's text, a setting's table) counts as none").

Written for mutants that survived the suite (docs/mutation.md); the editions are
compiled inside each test (a mutation run switches the compiler's mutants on per test).
"""
from __future__ import annotations

import pytest

import unodsl
from unodsl.resources import edition_path

from rules.conftest import events, play, table

SKIP = "  skip:\n    name: Skip\n    symbol: skip\n"


def skip_with_bonus(bonus: str):
    """Classic whose Skip carries the tag `bonus`, and a house rule: after a Skip, the
    next player draws `bonus` cards."""
    text = edition_path("classic").read_text(encoding="utf-8")
    assert text.count(SKIP) == 1
    text = text.replace(SKIP, SKIP + f"    tags: {{bonus: {bonus}}}\n")
    return unodsl.load_edition_text(text, "bonus.yaml", rules=["on play where symbol == skip: next draws bonus"])


@pytest.mark.parametrize("bonus, drawn", [("2", [2]), ("lots", [])])
def test_a_tag_read_as_a_number_of_cards(bonus, drawn):
    m = table(skip_with_bonus(bonus), [["red skip", "red 3", "blue 4"], ["green 1", "red 1"]],
              draw=["blue 1", "blue 2", "blue 3", "blue 4"])
    play(m, "red skip")
    assert [len(e["cards"]) for e in events(m, "draw", player=1)] == drawn


def test_a_text_where_a_number_of_cards_is_taken_is_refused_placed():
    with pytest.raises(unodsl.EditionError) as error:
        unodsl.load_edition("classic", rules=['on play: next draws "two"'])
    (problem,) = error.value.problems
    assert problem.message == "`draws` takes a number, not a text"
    assert (problem.span.line, problem.span.column) == (1, 21)


def test_a_tag_may_not_read_whether_a_card_is_playable():
    # docs/editions.md: tags "mark cards by a condition, once, at load": `playable`
    # depends on the game, so a tag reading it is refused.
    text = edition_path("classic").read_text(encoding="utf-8").replace("\nkinds:\n", '\ntags:\n  hot: "playable"\nkinds:\n', 1)
    with pytest.raises(unodsl.EditionError) as error:
        unodsl.load_edition_text(text, "hot.yaml")
    (problem,) = error.value.problems
    assert problem.message.startswith("a tag is given to each card once, when the edition loads")
