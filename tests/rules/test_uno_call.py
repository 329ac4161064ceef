"""Calling UNO, catching a missed call, and going out (RULES.md, "UNO and going out")."""
from __future__ import annotations

import unodsl

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


# ---- an effect that leaves the player one card -----------------------------------
# "Playing your next-to-last card you must call UNO": a card whose effect (or a house
# rule's hook) takes its player's hand down to one card leaves them with one card just
# as well. They are asked once the card's play is over, and a missed call may be caught
# before the next player begins (docs/effects.md, "Calling UNO").

RING_HAND = ["Power Ring", "yellow 1", "yellow 2", "red 5"]


def ring_played(hands=None):
    """Seat 0 plays Power Ring holding two yellow cards and red 5, names red and gives both yellows to seat 1."""
    m = table(unodsl.load_edition("green-lantern"), hands or [RING_HAND, *OTHERS], draw=["green 7", "green 8"])
    play(m, "Power Ring")
    assert pending(m) == ("colour", 0)
    m.answer("red")
    for _ in range(2):
        assert pending(m) == ("give", 0)
        m.answer(1)
    return m


def test_uno_power_ring_giving_all_but_one_card_asks_to_call_uno():
    # Power Ring: "give all the yellow cards in your hand to the other players".
    m = ring_played()
    assert [c.label() for c in m.round.hands[0]] == ["red 5"]
    assert pending(m) == ("call_uno", 0)
    m.answer(True)
    assert events(m, "uno", player=0)
    assert pending(m) == ("turn", 1)  # called: nobody is asked to catch


def test_uno_power_ring_missed_call_is_caught_by_the_next_player_and_draws_two():
    # "If another player catches you before the next player begins their turn ..., you draw 2."
    m = ring_played()
    m.answer(False)
    assert pending(m) == ("catch", 1) and m.decision.about == 0
    assert not events(m, "turn", player=1)
    m.answer(True)
    assert events(m, "caught", player=0, by=1)
    assert sorted(c.label() for c in m.round.hands[0]) == ["green 7", "green 8", "red 5"]


def test_uno_power_ring_asks_once_when_it_was_the_next_to_last_card():
    # Played as the next-to-last card it is asked as it is played, and not again.
    m = table(unodsl.load_edition("green-lantern"), [["Power Ring", "red 5"], *OTHERS])
    play(m, "Power Ring")
    assert pending(m) == ("call_uno", 0)
    m.answer(True)
    m.answer("red")
    assert pending(m) == ("turn", 1)
    assert len([e for e in m.log if e.get("kind") == "call_uno"]) == 1


def test_uno_a_house_rule_giving_cards_away_asks_to_call_uno(classic):
    edition = unodsl.load_edition("classic", rules=["on play where number == 7: give all where colour == blue to next"])
    m = table(edition, [["red 7", "blue 1", "blue 2", "green 5"], *OTHERS])
    play(m, "red 7")
    # (each blue card goes to seat 1, the only recipient: nothing to ask)
    assert [c.label() for c in m.round.hands[0]] == ["green 5"]
    assert pending(m) == ("call_uno", 0)
    m.answer(False)
    assert pending(m) == ("catch", 1)


def test_uno_a_house_rule_discarding_asks_before_the_final_discard(classic):
    # As Voldemort's sheet says: "must call UNO before the final discard when that leaves one card".
    edition = unodsl.load_edition("classic", rules=["on play where number == 7: me discards all where colour == blue"])
    m = table(edition, [["red 7", "blue 1", "blue 2", "green 5"], *OTHERS])
    play(m, "red 7")
    assert pending(m) == ("call_uno", 0)
    assert len(m.round.hands[0]) == 3  # nothing discarded yet
    m.answer(False)
    assert pending(m) == ("top_card", 0)
    m.answer(m.decision.options[0])
    assert pending(m) == ("catch", 1)  # asked once only: the catch window is next
    assert len([e for e in m.log if e.get("kind") == "call_uno"]) == 1


def test_uno_a_swap_leaving_the_player_one_card_asks_them_but_not_the_other(classic):
    # The player whose play it is calls UNO; the other, who has played nothing, is not asked
    # (nor can be caught) for the one card they were handed.
    edition = unodsl.load_edition("classic", rules=["@seven-zero"])
    m = table(edition, [["red 7", "blue 1", "blue 2"], ["green 1"], ["red 2", "yellow 2"]])
    play(m, "red 7")
    m.answer(1)  # swap with seat 1
    assert [c.label() for c in m.round.hands[0]] == ["green 1"]
    assert [c.label() for c in m.round.hands[1]] == ["blue 1", "blue 2"]
    assert pending(m) == ("call_uno", 0)
    m.answer(True)
    m2 = table(edition, [["red 7", "red 1"], ["green 1", "green 2", "green 3"], ["red 2", "yellow 2"]])
    play(m2, "red 7")
    assert pending(m2) == ("call_uno", 0)  # as the next-to-last card is played
    m2.answer(False)
    m2.answer(1)  # seat 1 now holds red 1 alone: not asked
    assert [c.label() for c in m2.round.hands[1]] == ["red 1"]
    assert pending(m2) == ("turn", 1)
    assert not [e for e in m2.log if e.get("kind") == "call_uno" and e["player"] == 1]
    assert not [e for e in m2.log if e.get("kind") == "catch"]  # seat 0 holds three: nothing to catch


def test_uno_not_asked_when_a_hand_reaches_one_card_by_drawing(classic):
    # Only a play takes a hand down: a player who drew up to one card (here after an
    # effect emptied it, then gave them one) played no next-to-last card.
    edition = unodsl.load_edition("classic", rules=["on play where number == 7: me draws 1"])
    m = table(edition, [["red 7"], *OTHERS], draw=["green 9"])
    play(m, "red 7")
    assert [c.label() for c in m.round.hands[0]] == ["green 9"]
    assert not m.finished
    assert not [e for e in m.log if e.get("kind") in ("call_uno", "catch")]
