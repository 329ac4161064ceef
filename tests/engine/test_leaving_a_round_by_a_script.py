"""Leaving a round by a card's `eliminate` (docs/effects.md, "Leaving a round"; the rules in
unodsl/engine/seats.py), in the cases the Mercy rule's tests do not reach.

Written for mutants of Seats that survived the suite (docs/mutation.md): a player leaves once
(a second `eliminate` of them does nothing), the round's winner does not leave it, the points
they held count a 0 as 0, cards shuffled into the draw pile are recorded so, a statement still
running asks a player who left for the last (passive) option, and counting seats passes over
the players who left in an earlier turn.
"""
from __future__ import annotations

from pathlib import Path

import unodsl
from unodsl.engine.setup import Setup

CLASSIC = (Path(__file__).resolve().parents[2] / "editions" / "classic.yaml").read_text()


def edition(effect: str, **settings):
    """Classic with a Wild, Knockout, whose effect is `effect` (compiled in the test)."""
    body = "".join(f"      {line}\n" for line in effect.splitlines())
    kind = ("  knockout:\n    name: Knockout\n    wild: true\n    deck: {count: 2}\n    points: 50\n"
            "    playable: always\n    effect: |\n" + body)
    return unodsl.load_edition_text(CLASSIC.replace("total: 108\n", "").replace("\nkinds:\n", "\nkinds:\n" + kind, 1),
                                    "knockout.yaml", settings=settings or None)


def play_knockout(effect: str, hands: list, **settings):
    m = unodsl.Match(edition(effect, **settings), players=len(hands), seed=1, max_rounds=1, setup=Setup(
        hands=hands, draw=[f"yellow {n}" for n in range(1, 10)], discard=["red 9"], turn=0))
    m.answer(next(c for c in m.round.hands[0] if c.kind == "knockout"))
    return m


def left(m) -> list:
    return [(e["event"], e["player"]) for e in m.log if e["event"] in ("left_round", "last_left")]


FOUR = [["knockout", "red 5", "red 6"], ["red 0", "blue 5"], ["green 1", "green 2"], ["green 3", "green 4"]]


def test_a_player_leaves_once_keeping_the_points_they_held():
    m = play_knockout("eliminate next, cards under discard pile\neliminate next, cards under discard pile\n"
                      "choose colour", FOUR)
    assert left(m) == [("left_round", 1)]
    assert m.round.out == {1: 0 + 5} and m.round.playing == 3  # (a 0 is worth 0 points)


def test_the_winner_of_the_round_does_not_leave_it():
    # In teams (seats 0 and 2, 1 and 3), the team left wins as seats 1 and 3 leave: seat 0,
    # the first of it after seat 3, has won, and an `eliminate me` after that does nothing.
    m = play_knockout("eliminate next, cards under discard pile\neliminate previous, cards under discard pile\n"
                      "eliminate me, cards under discard pile", FOUR, teams=True)
    assert left(m) == [("left_round", 1), ("left_round", 3), ("last_left", 0)]
    assert m.round.winner == 0 and sorted(m.round.out) == [1, 3]


def test_cards_shuffled_into_the_draw_pile_are_recorded_so():
    m = play_knockout("eliminate next, cards shuffled into draw pile\nchoose colour", FOUR)
    [event] = [e for e in m.log if e["event"] == "left_round"]
    assert event["to"] == "draw pile"
    assert set(event["cards"]) <= {c.uid for c in m.round.draw_pile}


def test_a_player_who_left_is_asked_nothing_the_last_option_answers_for_them():
    # `next` still counts seat 1 in the turn they leave; their colour is the last option.
    m = play_knockout("eliminate next, cards under discard pile\nnext chooses colour", FOUR)
    [asked] = [e for e in m.log if e["event"] == "colour"]
    assert (asked["player"], asked["colour"]) == (1, "blue")
    assert m.round.colour == "blue"


def test_counting_seats_passes_over_a_player_who_left_in_an_earlier_turn():
    # Seat 1 leaves on seat 0's turn; on seat 2's turn three players are seated (2, 3, 0):
    # 4 seats on is seat 3 (once round the table and one on), 5 seats on is seat 0.
    hands = [["knockout", "red 5", "red 6"], ["red 0", "blue 5"], ["knockout", "green 2", "red 1", "red 2"],
             ["green 3", "green 4"]]
    m = play_knockout("if me.hand == 2:\n  eliminate next, cards under discard pile\n"
                      "else:\n  4 seats on draws 1\n  5 seats on draws 2\nchoose colour", hands)
    m.answer("green")
    assert (m.decision.kind, m.decision.player) == ("turn", 2)
    m.answer(next(c for c in m.round.hands[2] if c.kind == "knockout"))
    draws = [(e["player"], len(e["cards"])) for e in m.log if e["event"] == "draw"]
    assert draws == [(3, 1), (0, 2)]


THREE = [["knockout", "red 5"], ["green 1", "green 2"], ["green 3", "green 4"]]


def test_a_missed_uno_call_may_still_be_caught_when_another_player_leaves():
    m = play_knockout("eliminate next, cards under discard pile\nchoose colour", THREE)
    m.answer(False)  # seat 0 goes down to one card without calling UNO; seat 1 leaves
    m.answer("red")
    assert (m.decision.kind, m.decision.player) == ("catch", 2)  # (seat 1, who left, is asked nothing)


def test_a_player_who_leaves_with_a_missed_uno_call_cannot_be_caught():
    m = play_knockout("eliminate me, cards under discard pile", THREE)
    m.answer(False)  # seat 0 misses their call, then leaves the round
    assert 0 in m.round.out
    assert m.decision.kind != "catch"  # (play went on: seat 1 could not play, and drew)
    assert not [e for e in m.log if e["event"] == "caught"]


def test_a_player_who_leaves_no_longer_plays_face_up_and_the_others_still_do():
    # `plays face up` lasts until the player's next turn (here: until seat 0's, who played it).
    m = play_knockout("everyone plays face up\neliminate next, cards under discard pile\nchoose colour", FOUR)
    assert m.round.face_up_until == {0: 0, 2: 0, 3: 0}  # (seat 1 left: their entry is gone)
