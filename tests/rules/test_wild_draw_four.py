"""Wild Draw Four: when it is legal, the bluff and the challenge (RULES.md, "A turn")."""
from __future__ import annotations

import pytest

from unodsl import KEEP

from .conftest import Scripted, events, held, pending, play, table, uids

# Seats 1 and 2 hold a blue card, so whoever gets the turn after "blue" is named can play.
OTHERS = [["blue 1", "green 1", "yellow 1"], ["blue 2", "green 2", "yellow 2"]]


def wd4_played(classic, hand, top="red 9", colour="blue", agents=None, **kw):
    """Seat 0 plays the Wild Draw Four from `hand` on `top` and names `colour`."""
    m = table(classic, [hand, *OTHERS], discard=[top], agents=agents, **kw)
    play(m, "wild draw four")
    m.answer(colour)
    return m


def test_wd4_unchallenged_next_draws_four_and_loses_turn(classic):
    # "Wild Draw Four: choose the colour; the next player draws 4 and loses the turn."
    m = wd4_played(classic, ["wild draw four", "blue 3", "green 5"])
    assert pending(m) == ("challenge", 1)
    m.answer(False)
    assert len(m.round.hands[1]) == 3 + 4
    assert len(m.round.hands[0]) == 2
    assert pending(m) == ("turn", 2)
    assert m.round.colour == "blue"
    assert not events(m, "show_hand")


def test_wd4_innocent_challenger_draws_six_and_loses_turn(classic):
    # "Innocent: the challenger draws 6 and loses the turn."
    m = wd4_played(classic, ["wild draw four", "blue 3", "green 5"])
    m.answer(True)
    assert len(m.round.hands[1]) == 3 + 6
    assert len(m.round.hands[0]) == 2
    assert pending(m) == ("turn", 2)
    assert m.round.colour == "blue"


def test_wd4_legal_when_holding_matching_number(classic):
    # "Legal only when you hold no card of the colour in play (matching numbers or symbols do not
    # forbid it)." A blue 9 matches the red 9 but is not red: not a bluff.
    m = wd4_played(classic, ["wild draw four", "blue 9", "green 5"])
    m.answer(True)
    assert len(m.round.hands[1]) == 3 + 6  # the challenge fails
    assert len(m.round.hands[0]) == 2


def test_wd4_legal_when_holding_matching_symbol(classic):
    # "(matching numbers or symbols do not forbid it)": a blue Skip on a red Skip.
    m = wd4_played(classic, ["wild draw four", "blue skip", "green 5"], top="red skip")
    m.answer(True)
    assert len(m.round.hands[1]) == 3 + 6
    assert len(m.round.hands[0]) == 2


def test_wd4_bluff_guilty_player_who_played_draws_four(classic):
    # "Guilty: the player who played it draws the 4 instead, and the challenger then takes the
    # turn normally (the named colour stands)."
    m = wd4_played(classic, ["wild draw four", "red 3", "green 5"])
    m.answer(True)
    assert len(m.round.hands[0]) == 2 + 4
    assert len(m.round.hands[1]) == 3
    assert pending(m) == ("turn", 1)  # the challenger plays
    assert m.round.colour == "blue"  # the named colour stands
    assert m.decision.options[0] is held(m, 1, "blue 1")


def test_wd4_bluff_is_judged_by_the_colour_in_play_not_the_top_card(classic):
    # "Legal only when you hold no card of the colour in play": on a Wild that named green,
    # holding green is a bluff.
    m = table(classic, [["wild draw four", "green 3", "red 5"], *OTHERS], discard=["wild"],
              colour="green")
    play(m, "wild draw four")
    m.answer("blue")
    m.answer(True)
    assert len(m.round.hands[0]) == 2 + 4  # guilty: held green
    assert pending(m) == ("turn", 1)


def test_wd4_only_the_next_player_may_challenge(classic):
    # "the next player (only that player) may challenge."
    watcher = Scripted()
    m = wd4_played(classic, ["wild draw four", "red 3", "green 5"], agents=[None, None, watcher])
    assert pending(m) == ("challenge", 1)
    m.answer(False)
    asked = [e for e in m.log if e["event"] in ("answer", "decision") and e["kind"] == "challenge"]
    assert [e["player"] for e in asked] == [1]
    assert all(d.kind != "challenge" for d in watcher.seen)


@pytest.mark.parametrize("other", ["red 3", "blue 3"])  # guilty, innocent
def test_wd4_challenged_hand_is_shown_to_the_challenger(classic, other):
    # "The challenged hand is shown to the challenger."
    m = wd4_played(classic, ["wild draw four", other, "green 5"])
    hand = uids(m.round.hands[0])
    m.answer(True)
    shown = events(m, "show_hand")
    assert len(shown) == 1
    assert shown[0]["player"] == 0 and shown[0]["to"] == [1]
    assert sorted(shown[0]["cards"]) == sorted(hand)
    assert set(hand) <= m.round.known[1]
    assert not set(hand) & m.round.known[2]


def test_drawn_wd4_can_be_played_as_a_wd4(classic):
    # "if it is playable you may play it at once" -- and it keeps its Draw Four effect.
    m = table(classic, [["blue 5", "green 3", "yellow 4"], *OTHERS], draw=["wild draw four"])
    assert pending(m) == ("play_drawn", 0)
    wd4 = held(m, 0, "wild draw four")
    assert m.decision.options == [wd4, KEEP]
    m.answer(wd4)
    assert pending(m) == ("colour", 0)
    m.answer("blue")
    assert pending(m) == ("challenge", 1)
    m.answer(False)
    assert len(m.round.hands[1]) == 3 + 4
    assert pending(m) == ("turn", 2)
    assert m.round.discard[-1] is wd4
