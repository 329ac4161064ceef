"""A turn: matching, Wilds, drawing (RULES.md, "A turn")."""
from __future__ import annotations

import pytest

from unodsl import DRAW, KEEP, IllegalMove

from .conftest import events, held, option_labels, pending, play, table

OTHERS = [["red 1", "green 1", "yellow 1"], ["red 2", "green 2", "yellow 2"]]


def turn_of(classic, hand, top="red 9", draw=(), **kw):
    """Seat 0 is to play `hand` on `top`; seats 1 and 2 hold a red, a green and a yellow card."""
    return table(classic, [hand, *OTHERS], draw=draw, discard=[top], **kw)


# ---- matching --------------------------------------------------------------------


def test_match_by_colour(classic):
    # "Match the top discard by number, colour or symbol, or play a Wild."
    m = turn_of(classic, ["red 3", "blue 4", "green 5"])
    assert option_labels(m.decision) == ["red 3", "DRAW"]
    play(m, "red 3")
    assert m.round.discard[-1].label() == "red 3"


def test_match_by_number(classic):
    # "Match the top discard by number, colour or symbol, or play a Wild."
    m = turn_of(classic, ["blue 9", "blue 4", "green 5"])
    assert option_labels(m.decision) == ["blue 9", "DRAW"]
    play(m, "blue 9")
    assert m.round.colour == "blue"  # the colour in play follows the card


def test_match_by_symbol(classic):
    # "Match the top discard by number, colour or symbol, or play a Wild."
    m = turn_of(classic, ["blue skip", "blue reverse", "blue draw two", "green 5"], top="red skip")
    assert option_labels(m.decision) == ["blue Skip", "DRAW"]
    play(m, "blue skip")
    assert m.round.colour == "blue"


@pytest.mark.parametrize("action", ["draw two", "reverse", "skip"])
def test_action_card_only_on_same_colour_or_symbol(classic, action):
    # "Draw Two / Reverse / Skip may only go on the same colour or on the same symbol."
    m = turn_of(classic, [f"blue {action}", f"red {action}", "green 5"], top="red 9")
    assert m.decision.options == [held(m, 0, f"red {action}"), DRAW]
    with pytest.raises(IllegalMove):
        play(m, f"blue {action}")


@pytest.mark.parametrize("action, other", [("draw two", "skip"), ("reverse", "draw two"),
                                           ("skip", "reverse")])
def test_action_card_not_on_another_symbol_of_another_colour(classic, action, other):
    # "Draw Two / Reverse / Skip may only go on the same colour or on the same symbol."
    m = turn_of(classic, [f"blue {action}", "green 5", "green 6"], top=f"red {other}",
                draw=["yellow 7"])
    assert not events(m, "play", player=0)  # nothing to play: seat 0 drew and passed
    assert f"blue {action}" in [c.label().lower() for c in m.round.hands[0]]
    assert pending(m) == ("turn", 1)


def test_action_card_on_same_symbol_of_another_colour(classic):
    # "Draw Two / Reverse / Skip may only go on the same colour or on the same symbol."
    m = turn_of(classic, ["blue draw two", "green 5", "green 6"], top="red draw two")
    assert m.decision.options == [held(m, 0, "blue draw two"), DRAW]


def test_number_does_not_match_a_symbol_of_another_colour(classic):
    # "Match the top discard by number, colour or symbol": a number shares nothing with a Skip.
    m = turn_of(classic, ["blue 9", "blue 4", "green 5"], top="red skip", draw=["green 7"])
    assert not events(m, "play", player=0)
    assert pending(m) == ("turn", 1)  # seat 0 could only draw (green 7 does not match either)


def test_action_card_on_a_wild_goes_by_the_named_colour(classic):
    # "Draw Two / Reverse / Skip may only go on the same colour": on a Wild, the colour it named.
    m = turn_of(classic, ["red skip", "blue skip", "green 5"], top="wild", colour="red")
    assert m.decision.options == [held(m, 0, "red skip"), DRAW]


def test_wild_may_be_played_even_holding_a_playable_card(classic):
    # "Wild: play any time, even holding a playable card; choose the next colour (the current one too)."
    m = turn_of(classic, ["red 3", "wild", "blue 4"])
    assert option_labels(m.decision) == ["red 3", "Wild", "DRAW"]
    play(m, "wild")
    assert pending(m) == ("colour", 0)
    assert m.decision.options == list(classic.colours)
    m.answer("red")  # the current colour may be chosen too
    assert m.round.colour == "red"
    assert m.round.discard[-1].label() == "Wild"


def test_wild_named_colour_is_the_colour_in_play(classic):
    # "Wild: ... choose the next colour": the next player must follow it.
    m = turn_of(classic, ["wild", "red 3", "blue 4"])
    play(m, "wild")
    m.answer("green")
    assert m.round.colour == "green"
    assert pending(m) == ("turn", 1)
    assert option_labels(m.decision) == ["green 1", "DRAW"]


def test_illegal_play_is_refused_with_a_reason_in_words(classic):
    # "Software rejects an illegal play instead" (Penalties); the reason names the card and colour.
    m = turn_of(classic, ["blue 3", "red 4", "green 5"])
    with pytest.raises(IllegalMove) as refused:
        play(m, "blue 3")
    reason = str(refused.value)
    assert "blue 3" in reason and "red" in reason
    assert pending(m) == ("turn", 0)  # the refused play changed nothing
    assert len(m.round.hands[0]) == 3 and m.round.discard[-1].label() == "red 9"


# ---- drawing ---------------------------------------------------------------------


def test_no_playable_card_draw_one_and_play_passes(classic):
    # "With no playable card you draw one; if it is playable you may play it at once, else play passes."
    m = turn_of(classic, ["blue 3", "blue 4", "green 5"], draw=["yellow 6"])
    assert sorted(c.label() for c in m.round.hands[0]) == ["blue 3", "blue 4", "green 5", "yellow 6"]
    assert events(m, "draw", player=0)[0]["cards"] == [held(m, 0, "yellow 6").uid]
    assert not events(m, "play", player=0)
    assert pending(m) == ("turn", 1)


def test_drawn_playable_card_may_be_played_at_once(classic):
    # "With no playable card you draw one; if it is playable you may play it at once."
    m = turn_of(classic, ["blue 3", "blue 4", "green 5"], draw=["red 6"])
    assert pending(m) == ("play_drawn", 0)
    assert m.decision.options == [held(m, 0, "red 6"), KEEP]
    m.answer(m.decision.options[0])
    assert m.round.discard[-1].label() == "red 6"
    assert len(m.round.hands[0]) == 3


def test_drawn_playable_card_may_be_kept(classic):
    # "if it is playable you may play it at once": may, so keeping it is allowed; play passes.
    m = turn_of(classic, ["blue 3", "blue 4", "green 5"], draw=["red 6"])
    m.answer(KEEP)
    assert "red 6" in [c.label() for c in m.round.hands[0]]
    assert m.round.discard[-1].label() == "red 9"
    assert events(m, "turn", player=1)


def test_decline_playable_card_must_draw_one(classic):
    # "You may also decline to play a playable card: you must draw one."
    m = turn_of(classic, ["red 3", "blue 4", "green 5"], draw=["yellow 6"])
    assert DRAW in m.decision.options
    m.answer(DRAW)
    assert sorted(c.label() for c in m.round.hands[0]) == ["blue 4", "green 5", "red 3", "yellow 6"]
    assert not events(m, "play", player=0)  # yellow 6 does not match: play passes
    assert events(m, "turn", player=1)


def test_decline_playable_card_only_drawn_card_may_be_played(classic):
    # "... and only that drawn card may then be played this turn."
    m = turn_of(classic, ["red 3", "blue 4", "green 5"], draw=["red 6"])
    m.answer(DRAW)
    assert pending(m) == ("play_drawn", 0)
    assert m.decision.options == [held(m, 0, "red 6"), KEEP]
    with pytest.raises(IllegalMove):
        m.answer(held(m, 0, "red 3"))
    m.answer(KEEP)
    assert m.round.discard[-1].label() == "red 9"
    assert events(m, "turn", player=1)


# ---- action cards in play ------------------------------------------------------------


def test_skip_next_player_loses_the_turn(classic):
    # "Skip: the first player is skipped; the next one starts" (at the start; in play the same:
    # the next player loses the turn).
    m = turn_of(classic, ["red skip", "blue 4", "green 5"])
    play(m, "red skip")
    assert events(m, "skipped", player=1)
    assert pending(m) == ("turn", 2)
    assert len(m.round.hands[1]) == 3


def test_draw_two_next_player_draws_two_and_loses_the_turn(classic):
    # "Draw Two: the first player draws 2 and loses the turn" (at the start; in play the same for
    # the next player).
    m = turn_of(classic, ["red draw two", "blue 4", "green 5"], draw=["blue 7", "blue 8"])
    play(m, "red draw two")
    assert sorted(c.label() for c in m.round.hands[1]) == [
        "blue 7", "blue 8", "green 1", "red 1", "yellow 1"]
    assert pending(m) == ("turn", 2)
    assert not events(m, "turn", player=1)


def test_reverse_play_goes_the_other_way(classic):
    # "play goes left (clockwise) until reversed."
    m = turn_of(classic, ["red reverse", "blue 4", "green 5"])
    play(m, "red reverse")
    assert m.round.direction == -1
    assert pending(m) == ("turn", 2)
    play(m, "red 2")
    assert pending(m) == ("turn", 1)
