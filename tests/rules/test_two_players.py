"""Two players (RULES.md, "Two players, teams, tournaments")."""
from __future__ import annotations

from .conftest import events, pending, play, table

MINE = ["red 3", "blue 5", "green 6"]
THEIRS = ["red 1", "blue 1", "yellow 1"]


def heads_up(classic, card: str, **kw):
    """Seat 0 plays `card` on red 9 against one opponent."""
    m = table(classic, [[card, *MINE], THEIRS], **kw)
    play(m, card)
    return m


def test_two_players_reverse_acts_like_skip(classic):
    # "Two players: Reverse acts like Skip; after a Reverse or Skip the same player plays again."
    m = heads_up(classic, "red reverse")
    assert pending(m) == ("turn", 0)
    assert events(m, "skipped", player=1)
    assert not events(m, "turn", player=1)


def test_two_players_after_skip_same_player_plays_again(classic):
    # "after a Reverse or Skip the same player plays again."
    m = heads_up(classic, "red skip")
    assert pending(m) == ("turn", 0)
    assert not events(m, "turn", player=1)


def test_two_players_after_draw_two_play_returns_to_player_who_played_it(classic):
    # "after Draw Three / Wild Draw Four has been drawn, play returns to the player who played it"
    # (classic: Draw Two).
    m = heads_up(classic, "red draw two")
    assert len(m.round.hands[1]) == 3 + 2
    assert pending(m) == ("turn", 0)
    assert not events(m, "turn", player=1)


def test_two_players_after_wild_draw_four_play_returns_to_player_who_played_it(classic):
    # "after ... Wild Draw Four has been drawn, play returns to the player who played it."
    m = heads_up(classic, "wild draw four")
    m.answer("blue")
    assert pending(m) == ("challenge", 1)
    m.answer(False)
    assert len(m.round.hands[1]) == 3 + 4
    assert pending(m) == ("turn", 0)


def test_two_players_innocent_challenger_loses_turn_play_returns(classic):
    # "Innocent: the challenger draws 6 and loses the turn." (seat 0 holds no red: legal)
    m = table(classic, [["wild draw four", "blue 5", "green 6"], THEIRS])
    play(m, "wild draw four")
    m.answer("blue")
    m.answer(True)
    assert len(m.round.hands[1]) == 3 + 6
    assert pending(m) == ("turn", 0)


def test_two_players_guilty_challenger_takes_the_turn(classic):
    # "Guilty: the player who played it draws the 4 instead, and the challenger then takes the turn."
    m = heads_up(classic, "wild draw four")  # seat 0 still holds red 3: a bluff
    m.answer("blue")
    m.answer(True)
    assert len(m.round.hands[0]) == 3 + 4
    assert len(m.round.hands[1]) == 3
    assert pending(m) == ("turn", 1)


def test_two_players_start_draw_two_dealer_plays_first(classic):
    # "Draw Two: the first player draws 2 and loses the turn." With two players the dealer plays.
    m = table(classic, [MINE, THEIRS], discard=["red draw two"], start=True, dealer=0)
    assert len(m.round.hands[1]) == 3 + 2
    assert pending(m) == ("turn", 0)
