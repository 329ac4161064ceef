"""Groups, swaps and rotations once a player has left the round (docs/effects.md, "Leaving a
round"): in the turn they leave they keep their seat for counting, after it they are passed
over; no hand goes to or comes from them; and a draw after someone left is an ordinary draw.

Written for survivors of the mutation run of session 12 (docs/mutation.md). The editions
are loaded inside each test: a mutation run switches the compiler's mutants on per test.
"""
from __future__ import annotations

import unodsl
from unodsl.engine.setup import Setup

from rules.conftest import events, labels, play

LEAVE = "on play where number == 7:\n    eliminate 2 seats on, cards under discard pile"
FOUR = [["red 7", "red 3", "blue 3"], ["green 1", "green 2"], ["green 3", "green 4"], ["green 5", "green 6"]]
DRAW = ["yellow 7", "yellow 8", "yellow 9", "yellow 6", "blue 7", "blue 8", "blue 9", "blue 6"]


def four(*rules: str, hands):
    edition = unodsl.load_edition("classic", rules=list(rules))
    return unodsl.Match(edition, players=len(hands), seed=1, max_rounds=1, setup=Setup(
        hands=[list(h) for h in hands], draw=list(DRAW), discard=["red 9"]))


def test_others_in_the_turn_a_player_leaves_still_count_from_the_next():
    # seat 2 leaves; `others draws 1` is seats 1, 2 (who draws nothing) and 3
    m = four(LEAVE + "\n    others draws 1",
             hands=FOUR)
    play(m, "red 7")
    assert [e["player"] for e in events(m, "draw")][:2] == [1, 3]
    assert [len(h) for h in m.round.hands[:4]][1::2] == [3, 3]


def test_everyone_after_the_turn_a_player_left_passes_over_them():
    # seat 0's red 7 puts seat 2 out; seat 1's red 8 then shows their hand to everyone still in
    m = four(LEAVE, "on play where number == 8:\n    show my hand to everyone",
             hands=[["red 7", "red 3", "blue 3"], ["red 8", "green 1", "green 2"], ["green 3", "green 4"],
                    ["green 5", "green 6"]])
    play(m, "red 7")
    play(m, "red 8")
    (shown,) = events(m, "show_hand")
    assert shown["to"] == [1, 3, 0]


def test_no_one_swaps_hands_with_a_player_who_left():
    m = four("on play where number == 7:\n    eliminate next, cards under discard pile\n    me swaps hands with next",
             hands=[["red 7", "red 3", "blue 3"], ["green 1", "green 2"], ["green 3", "green 4"]])
    play(m, "red 7")
    assert labels(m.round.hands[0]) == ["red 3", "blue 3"]
    assert events(m, "swap_hands") == []


def test_a_rotation_after_a_player_left_passes_their_seat_over():
    # seat 2 left in seat 0's turn; seat 1's red 8 rotates: 0 -> 1 -> 3 -> 0
    m = four(LEAVE, "on play where number == 8:\n    rotate hands",
             hands=[["red 7", "red 3", "blue 3"], ["red 8", "red 1", "red 2"], ["green 3", "green 4"],
                    ["yellow 5", "yellow 6", "yellow 2"]])
    play(m, "red 7")
    play(m, "red 8")
    assert (m.decision.kind, m.decision.player) == ("turn", 3)
    assert [labels(h) for h in m.round.hands] == [
        ["yellow 5", "yellow 6", "yellow 2"], ["red 3", "blue 3"], [], ["red 1", "red 2"]]


def test_a_draw_after_a_player_left_is_an_ordinary_draw():
    m = four(LEAVE + "\n    next draws 2",
             hands=FOUR)
    play(m, "red 7")
    assert [len(e["cards"]) for e in events(m, "draw", player=1)][:1] == [2]
