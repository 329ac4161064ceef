"""`repeat` blocks and what is known after them, and the truth values a condition about
`chosen` gives when no one was chosen (docs/effects.md, "Repeating", "Choosing a
player": "`chosen holds ...` and `chosen challenges` are false").

Written for mutants that survived the suite (docs/mutation.md). Each edition is compiled
inside its test.
"""
from __future__ import annotations

import unodsl

from rules.conftest import events, play, table

HANDS = [["red 7", "red 3", "blue 4"], ["red 1", "green 1", "yellow 1"], ["red 2", "green 2"]]
DRAW = ["blue 1", "blue 2", "blue 3", "blue 4", "blue 5", "blue 6", "blue 7", "blue 8"]


def drawn_after_red_7(effect: str) -> dict[int, int]:
    """Cards each other seat draws when seat 0 plays a red 7 under `on play:` + `effect`."""
    m = table(unodsl.load_edition("classic", rules=["on play:\n" + effect]), HANDS, draw=DRAW)
    play(m, "red 7")
    return {seat: sum(len(e["cards"]) for e in events(m, "draw", player=seat)) for seat in (1, 2)}


def test_what_a_repeat_until_sets_is_known_after_it_the_block_runs_at_least_once():
    assert drawn_after_red_7("  repeat until me.hand > 0:\n    let n = 2\n  next draws n\n") == {1: 2, 2: 0}


def test_statements_after_a_repeat_until_stay_in_the_block_around_it():
    effect = ("  if number == 3:\n    repeat until me.hand > 0:\n      next draws 1\n    next draws 2\n"
              "  previous draws 1\n")
    assert drawn_after_red_7(effect) == {1: 0, 2: 1}


def test_a_condition_about_no_one_chosen_is_false_as_a_value():
    effect = ("  choose player where chosen.hand > 5\n  let holds = chosen holds colour == red\n"
              "  if holds == false:\n    next draws 1\n")
    assert drawn_after_red_7(effect) == {1: 1, 2: 0}


def test_a_challenge_of_no_one_chosen_is_false_as_a_value():
    effect = ("  choose player where chosen.hand > 5\n  let challenged = chosen challenges\n"
              "  if challenged == false:\n    next draws 1\n")
    assert drawn_after_red_7(effect) == {1: 1, 2: 0}
