"""Out-of-turn windows in play (unodsl/engine/windows.py; docs/effects.md, "Out of turn";
the events of docs/scenarios.md), as a log reader and an agent see them.

Written for mutants that survived the suite (docs/mutation.md). The scenario files check
event names in any letter case: these tests read the log as it is written.
"""
from __future__ import annotations

from pathlib import Path

import unodsl
from unodsl.engine.decisions import PASS
from unodsl.engine.setup import Setup

CLASSIC = (Path(__file__).resolve().parents[2] / "editions" / "classic.yaml").read_text()
# A Wild that puts the next player out of the round.
KNOCKOUT = ("  knockout:\n    name: Knockout\n    wild: true\n    deck: {count: 1}\n    points: 50\n"
            "    playable: always\n    effect: |\n      eliminate next, cards under discard pile\n      choose colour\n")
JUMP_SAME_NUMBER = "jump in where number == top.number and me.hand >= 2"


def table(rules: list[str], hands: list, knockout: bool = False, draw=None):
    text = CLASSIC.replace("total: 108\n", "").replace("\nkinds:\n", "\nkinds:\n" + KNOCKOUT, 1) if knockout else CLASSIC
    edition = unodsl.load_edition_text(text, "windows.yaml", rules=rules)
    return unodsl.Match(edition, players=len(hands), seed=1, max_rounds=1, setup=Setup(
        hands=hands, draw=draw or [f"yellow {n}" for n in range(1, 10)], discard=["red 9"], turn=0))


def play(m, seat: int, name: str):
    m.answer(next(c for c in m.round.hands[seat] if c.label().lower() == name))


def asked(m) -> tuple:
    return m.decision.kind, m.decision.player


def last(m, event: str) -> dict:
    return [e for e in m.log if e["event"] == event][-1]


# ---- Jump-In ---------------------------------------------------------------------------------


def test_a_jump_in_is_offered_after_the_player_who_played_logged_and_offered_again_next_time():
    m = table([JUMP_SAME_NUMBER], [["red 7", "blue 7", "blue 3"], ["green 7", "green 1", "green 2"],
                                   ["yellow 7", "yellow 2", "yellow 3"]])
    play(m, 0, "red 7")  # seat 0 holds another 7, but is not offered to jump on their own card
    assert asked(m) == ("jump_in", 1)
    top = m.round.discard[-1]
    assert m.decision.about is top
    m.answer(PASS)
    assert asked(m) == ("jump_in", 2) and m.decision.about is top
    yellow = m.round.hands[2][0]
    m.answer(yellow)
    assert last(m, "jump_in") == {"event": "jump_in", "player": 2, "card": yellow.uid, "after": 0, "passed_over": [1]}
    # The window after the yellow 7: seats 0 and 1 pass; then seat 0's turn.
    assert asked(m) == ("jump_in", 0)
    m.answer(PASS)
    assert asked(m) == ("jump_in", 1)
    m.answer(PASS)
    assert asked(m) == ("turn", 0)
    play(m, 0, "blue 7")  # a card played after the window closed opens a new one
    m.answer(True)  # (UNO, as the next-to-last card goes)
    assert asked(m) == ("jump_in", 1)


def test_a_jump_in_passes_over_the_players_who_left_the_round():
    # Seat 1 leaves on seat 0's turn; seat 3's red 5 opens a window: seat 0 (no 5), seat 1
    # (left: not asked), seat 2, who jumps in, passing over seat 0 alone.
    m = table([JUMP_SAME_NUMBER], [["knockout", "blue 1", "blue 2"], ["green 1", "green 2"],
                                   ["red 4", "red 5", "green 3"], ["red 5", "green 6", "green 8"]], knockout=True)
    play(m, 0, "knockout")
    m.answer("red")
    assert asked(m) == ("turn", 2)
    play(m, 2, "red 4")
    assert asked(m) == ("turn", 3)
    play(m, 3, "red 5")
    assert asked(m) == ("jump_in", 2)
    m.answer(m.decision.options[0])
    assert last(m, "jump_in")["passed_over"] == [0]


def test_a_missed_call_is_caught_first_then_the_jump_in_window_opens():
    m = table([JUMP_SAME_NUMBER], [["red 7", "blue 2"], ["green 7", "green 1"], ["yellow 2", "yellow 3"]])
    play(m, 0, "red 7")
    m.answer(False)  # seat 0 misses their UNO call...
    assert asked(m) == ("catch", 1)
    m.answer(False)
    assert asked(m) == ("catch", 2)
    m.answer(False)  # ...no one catches them; then seat 1 may jump in on the red 7
    assert asked(m) == ("jump_in", 1)


# ---- UNO at any time ---------------------------------------------------------------------------


def test_calls_in_the_window_are_logged_each_as_it_is():
    # Seat 0 calls UNO as they play; seat 1 does not. In the window after seat 1's turn: seat 2
    # calls on seat 0, who had called; seat 0 calls on seat 2, who holds four cards (a false
    # call); seat 1 calls UNO on themselves.
    m = table(["@uno-any-time"], [["red 4", "blue 2"], ["red 5", "green 8"], ["red 6", "green 6", "yellow 9", "yellow 1"]],
              draw=["blue 5", "blue 6", "blue 7"])
    play(m, 0, "red 4")
    m.answer(True)
    assert asked(m) == ("turn", 1)
    play(m, 1, "red 5")
    m.answer(False)
    assert asked(m) == ("uno_call", 2)
    # Anyone holding cards, in turn order from the caller; `about` names the players uncalled.
    assert m.decision.options == [2, 0, 1, PASS] and m.decision.about == [1]
    m.answer(0)
    assert last(m, "called_already") == {"event": "called_already", "player": 0, "by": 2}
    assert asked(m) == ("uno_call", 0)
    m.answer(2)
    assert last(m, "false_call") == {"event": "false_call", "player": 0, "target": 2}
    assert asked(m) == ("uno_call", 1)
    m.answer(1)
    assert last(m, "uno") == {"event": "uno", "player": 1}
    assert asked(m) == ("turn", 2)


def test_a_missed_call_is_forgotten_once_the_player_holds_more_than_one_card():
    m = table(["@uno-any-time"], [["red 4", "blue 2"], ["red 5", "red 8", "green 9"], ["red 6", "green 6", "yellow 9"]],
              draw=["yellow 5", "yellow 6"])
    play(m, 0, "red 4")
    m.answer(False)  # seat 0 holds one card, uncalled
    for seat in (1, 2, 0):
        assert asked(m) == ("uno_call", seat)
        m.answer(PASS)
    play(m, 1, "red 5")
    for seat in (2, 0, 1):
        assert asked(m) == ("uno_call", seat)
        m.answer(PASS)
    play(m, 2, "red 6")
    for seat in (0, 1, 2):
        assert asked(m) == ("uno_call", seat)
        m.answer(PASS)
    # Seat 0 cannot play on the red 6: they draw the yellow 6 (a forced move), two cards now.
    assert len(m.round.hands[0]) == 2
    assert asked(m) == ("turn", 1)  # no one is left to catch: no window


def test_the_window_asks_only_the_players_still_in_the_round_and_offers_only_them():
    m = table(["@uno-any-time"], [["knockout", "red 4", "blue 5"], ["green 1", "green 2"], ["red 6", "blue 1"],
                                  ["red 3", "green 4", "blue 2"]], knockout=True)
    play(m, 0, "knockout")  # seat 1 leaves
    m.answer("red")
    assert asked(m) == ("turn", 2)
    play(m, 2, "red 6")
    m.answer(False)  # seat 2 holds one card, uncalled
    expected = {3: [3, 0, 2, PASS], 0: [0, 2, 3, PASS], 2: [2, 3, 0, PASS]}
    for seat in (3, 0, 2):
        assert asked(m) == ("uno_call", seat)
        assert m.decision.options == expected[seat]
        m.answer(PASS)
    assert asked(m) == ("turn", 3)


def test_a_player_who_calls_uno_as_they_play_is_no_longer_catchable_and_the_others_still_are():
    # Seats 0 and 1 each go down to one card without calling. Seat 0 then draws a red 3 and
    # plays it, calling UNO: they are safe from then on, seat 1 may still be caught.
    m = table(["@uno-any-time"], [["red 4", "blue 2"], ["red 5", "green 8"], ["red 6", "red 7", "red 8"]],
              draw=["red 3", "yellow 5"])
    play(m, 0, "red 4")
    m.answer(False)
    for _ in range(3):
        m.answer(PASS)
    play(m, 1, "red 5")
    m.answer(False)
    for _ in range(3):
        assert m.decision.about == [0, 1]
        m.answer(PASS)
    play(m, 2, "red 6")
    for _ in range(3):
        m.answer(PASS)
    assert asked(m) == ("play_drawn", 0)  # seat 0 could not play: drew the red 3
    m.answer(m.decision.options[0])
    assert asked(m) == ("call_uno", 0)
    m.answer(True)
    assert asked(m) == ("uno_call", 1)  # the window after seat 0's turn: seat 1 alone is uncalled
    assert m.decision.about == [1]
