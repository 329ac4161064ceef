"""A statement after an action on a group of players runs once; an extra turn is recorded;
a false call may cost the most the language allows.

Written for mutants of session 14's full run that survived the suite (docs/mutation.md). The
editions are loaded inside each test: a mutation run switches the compiler's mutants on per test.
"""
from __future__ import annotations

import unodsl
from unodsl.engine.setup import Setup

from engine.test_out_of_turn import TEXT  # classic with a reaction (a Shield) and a table card

HANDS = [["red 7", "red 5", "blue 1"], ["green 4", "green 5", "green 6"], ["yellow 1", "yellow 2", "yellow 3"]]


def seven_played(edition) -> list[int]:
    """Seat 0 plays its red 7; how many cards each seat holds then."""
    m = unodsl.Match(edition, players=3, seed=1, setup=Setup(
        hands=[list(h) for h in HANDS], draw=["red 1", "red 2", "red 3", "red 4", "blue 5", "blue 6"],
        discard=["red 9"]))
    m.answer(next(c for c in m.round.hands[0] if c.label() == "red 7"))
    return [len(h) for h in m.round.hands]


def test_a_statement_after_an_action_on_everyone_runs_once():
    # docs/effects.md: a script's statements run in order, each once
    edition = unodsl.load_edition("classic", rules=["on play where number == 7:\n  everyone draws 1\n  me draws 1"])
    assert seven_played(edition) == [2 + 1 + 1, 3 + 1, 3 + 1]


def test_a_statement_after_an_action_others_may_react_to_runs_once():
    # the same in an edition with a reaction card: each of the others may cancel what is aimed at
    # them (none holds a Shield here); `me draws 1` after it is no part of that
    no_table = TEXT.replace("table: [veto]\n", "").replace(
        "  veto:\n    name: Table Veto\n    deck: {count: 1}\n    points: 0\n    use: skip chosen\n", "")
    edition = unodsl.load_edition_text(no_table, "shield.yaml",
                                       rules=["on play where number == 7:\n  others draws 1\n  me draws 1"])
    assert seven_played(edition) == [2 + 1, 3 + 1, 3 + 1]


def test_an_extra_turn_is_recorded_for_its_player():
    edition = unodsl.load_edition("classic", rules=["on play where number == 7:\n  extra turn"])
    m = unodsl.Match(edition, players=3, seed=1, setup=Setup(
        hands=[list(h) for h in HANDS], draw=["red 1", "red 2", "red 3"], discard=["red 9"]))
    m.answer(next(c for c in m.round.hands[0] if c.label() == "red 7"))
    assert {"event": "extra_turn", "player": 0} in m.log
    assert m.decision.player == 0  # (and it is theirs)


def test_a_false_call_may_cost_twenty_cards_and_no_more():
    # `uno at any time, false calls draw N`: at most 20 (unodsl/lang/compile/build.py)
    edition = unodsl.load_edition("classic", rules=["uno at any time, false calls draw 20"])
    assert edition.false_call == 20
    try:
        unodsl.load_edition("classic", rules=["uno at any time, false calls draw 21"])
    except unodsl.EditionError as error:
        assert "a false call costs at most 20 cards" in str(error)
    else:
        raise AssertionError("a false call of 21 cards was accepted")
