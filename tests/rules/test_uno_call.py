"""Calling UNO, catching a missed call, and going out (RULES.md, "UNO and going out")."""
from __future__ import annotations

from .conftest import events, held, pending, play, table, variant

# Seats 1 and 2 hold a red card, so each has a real turn decision on a red top card.
OTHERS = [["red 1", "green 1", "yellow 1"], ["red 2", "green 2", "yellow 2"]]


def down_to_one(edition, hand=("red 3", "blue 5"), draw=("green 7",)):
    """Seat 0 plays red 3, its next-to-last card, on red 9."""
    m = table(edition, [list(hand), *OTHERS], draw=draw)
    play(m, "red 3")
    return m


def test_uno_playing_next_to_last_card_asks_to_call_uno(classic):
    # "Playing your next-to-last card you must call "UNO"."
    m = down_to_one(classic)
    assert pending(m) == ("call_uno", 0)
    assert m.decision.options == [True, False]


def test_uno_asked_also_when_playing_a_drawn_card_as_next_to_last(classic):
    # "Playing your next-to-last card you must call "UNO"" -- a card just drawn counts too.
    m = table(classic, [["blue 5"], *OTHERS], draw=["red 6"])
    m.answer(held(m, 0, "red 6"))  # play the drawn card
    assert pending(m) == ("call_uno", 0)


def test_uno_not_called_others_may_catch_before_next_player_begins(classic):
    # "If another player catches you before the next player begins their turn (draws or plays)..."
    m = down_to_one(classic)
    m.answer(False)
    assert pending(m) == ("catch", 1)
    assert m.decision.about == 0
    assert not events(m, "turn", player=1)  # the next player has not begun
    m.answer(False)
    assert pending(m) == ("catch", 2)
    m.answer(False)
    assert pending(m) == ("turn", 1)
    assert len(m.round.hands[0]) == 1


def test_uno_caught_draws_two(classic):
    # "If another player catches you before the next player begins their turn ..., you draw 2."
    assert classic.settings["uno_penalty"] == 2
    m = down_to_one(classic)
    m.answer(False)
    m.answer(True)  # seat 1 catches
    assert len(m.round.hands[0]) == 1 + 2
    assert events(m, "caught", player=0, by=1)
    assert pending(m) == ("turn", 1)  # one catch is enough; play goes on


def test_uno_caught_by_a_later_player_draws_two(classic):
    # "If another player catches you" -- any other player, not only the next one.
    m = down_to_one(classic)
    m.answer(False)
    m.answer(False)  # seat 1 does not catch
    m.answer(True)   # seat 2 does
    assert len(m.round.hands[0]) == 1 + 2
    assert events(m, "caught", player=0, by=2)


def test_uno_penalty_is_the_setting(classic_text):
    # "you draw 2" -- the number is the edition's `uno_penalty` setting.
    edition = variant(classic_text, ("uno_penalty: 2", "uno_penalty: 4"))
    m = down_to_one(edition)
    m.answer(False)
    m.answer(True)
    assert len(m.round.hands[0]) == 1 + 4


def test_uno_calling_protects(classic):
    # "Calling it yourself before being caught protects you."
    m = down_to_one(classic)
    m.answer(True)
    assert events(m, "uno", player=0)
    assert pending(m) == ("turn", 1)  # nobody is asked to catch
    assert not [e for e in m.log if e.get("kind") == "catch"]
    assert len(m.round.hands[0]) == 1


def test_uno_catch_window_closes_once_next_player_has_begun(classic):
    # "If another player catches you before the next player begins their turn (draws or plays)":
    # afterwards the missed call can no longer be punished.
    m = down_to_one(classic, draw=("green 7", "green 8"))
    m.answer(False)
    m.answer(False)
    m.answer(False)
    play(m, "red 1")  # seat 1 has begun (and ended) their turn
    assert pending(m) == ("turn", 2)
    play(m, "red 2")  # seat 0 then draws green 7 (no match) and passes, seat 1 too
    assert pending(m) == ("turn", 2)
    catches = [e for e in m.log if e.get("kind") == "catch"]
    assert len(catches) == 2  # only the two declined before seat 1 began
    assert not events(m, "caught")
    assert sorted(c.label() for c in m.round.hands[0]) == ["blue 5", "green 7"]


# ---- going out -------------------------------------------------------------------


def test_going_out_ends_the_round(classic):
    # "The round ends when a player has no cards."
    m = table(classic, [["red 3"], *OTHERS])
    play(m, "red 3")
    assert m.finished
    assert m.results[0].winner == 0
    assert events(m, "out", player=0)
    assert not events(m, "turn", player=1)
    assert not [e for e in m.log if e.get("kind") == "call_uno"]  # no UNO on the last card


def test_going_out_with_draw_two_next_still_draws_and_cards_count(classic):
    # "If that last card is Draw Two ..., the next player still draws, and those cards count in
    # the score."
    m = table(classic, [["red draw two"], *OTHERS], draw=["yellow 5", "yellow 6"])
    play(m, "red draw two")
    assert m.finished and m.results[0].winner == 0
    assert sorted(c.label() for c in m.round.hands[1]) == [
        "green 1", "red 1", "yellow 1", "yellow 5", "yellow 6"]
    assert m.results[0].points == [0, 3 + 11, 6]
    assert m.scores == [20, 0, 0]


def test_going_out_with_wild_draw_four_next_still_draws_and_cards_count(classic):
    # "If that last card is ... Wild Draw Four, the next player still draws, and those cards count."
    m = table(classic, [["wild draw four"], *OTHERS],
              draw=["yellow 5", "yellow 6", "yellow 7", "yellow 8"])
    play(m, "wild draw four")
    m.answer("blue")
    assert pending(m) == ("challenge", 1)
    m.answer(False)
    assert m.finished and m.results[0].winner == 0
    assert len(m.round.hands[1]) == 3 + 4
    assert m.results[0].points == [0, 3 + 26, 6]
    assert m.scores == [35, 0, 0]
