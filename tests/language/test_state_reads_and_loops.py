"""A script reading a player's state variable (`me.power`, `chosen.power`), a tag that would
read it, and `for each player` loops: nested (refused, placed) and inside a block
(docs/effects.md, "State", "Loops" and "Where a script runs: what validation refuses").

Written for survivors of the mutation run of session 12 (docs/mutation.md). The editions
are loaded inside each test: a mutation run switches the compiler's mutants on per test.
"""
from __future__ import annotations

from pathlib import Path

import pytest

import unodsl

from rules.conftest import events, play, table

TOKENS = Path(__file__).parent.parent / "scenarios" / "state" / "tokens.yaml"
HANDS = [["red 7", "red 3", "blue 4"], ["red 1", "green 1", "yellow 1"], ["red 2", "green 2"]]
DRAW = ["blue 1", "blue 2", "blue 3", "blue 4", "blue 5", "blue 6"]


def drawn(m, seat: int) -> int:
    return sum(len(e["cards"]) for e in events(m, "draw", player=seat))


def test_a_player_variable_read_gives_its_value():
    # Power: "flip me.power; if me.power: next draws 1, else extra turn": the first flip
    # turns the token on (a flag starts false), so the next player draws one.
    m = table(unodsl.load_edition(str(TOKENS)), [["red power", "blue 3", "blue 4"], *HANDS[1:]], draw=DRAW)
    play(m, "red power")
    assert (drawn(m, 1), m.decision.player) == (1, 1)


def test_a_player_variable_of_no_one_chosen_reads_none():
    # The figures of `chosen` match nothing when no one was chosen; the game goes on.
    rule = ("on play where number == 7:\n    choose player where chosen.hand == 9\n"
            "    if chosen.power:\n        me draws 1\n    else:\n        next draws 2")
    m = table(unodsl.load_edition(str(TOKENS), rules=[rule]), HANDS, draw=DRAW)
    play(m, "red 7")
    assert (drawn(m, 0), drawn(m, 1)) == (0, 2)


def test_a_tag_cannot_read_a_player_variable():
    text = TOKENS.read_text(encoding="utf-8").replace("kinds:\n", "tags:\n  powered: \"me.power\"\nkinds:\n", 1)
    with pytest.raises(unodsl.EditionError) as error:
        unodsl.load_edition_text(text, "tokens.yaml")
    (problem,) = error.value.problems
    assert problem.message == ("a tag is given to each card once, when the edition loads: its condition "
                               "can only read the card itself, not the game")


def test_a_loop_inside_another_is_refused_at_its_place():
    rule = ("on play where wild:\n    for each player in others:\n"
            "        for each player in everyone:\n            player draws 1")
    with pytest.raises(unodsl.EditionError) as error:
        unodsl.load_edition("classic", rules=[rule])
    (problem,) = error.value.problems
    assert problem.message == "a `for each player` loop inside another would hide the outer `player`"
    assert problem.hint == "name the inner loop's player: `for each q in others:`"
    assert (problem.span.line, problem.span.column) == (3, 9)


def test_a_loop_inside_a_block_runs_for_each_player_then_what_follows():
    rule = ("on play where number == 7:\n    if me.hand > 1:\n        for each player in others:\n"
            "            player draws 1\n        me draws 2")
    m = table(unodsl.load_edition("classic", rules=[rule]), HANDS, draw=DRAW)
    play(m, "red 7")
    assert [drawn(m, seat) for seat in range(3)] == [2, 1, 1]
