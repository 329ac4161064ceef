"""A script asking `playable` in an edition whose `playable:` reads the game, a
birthday tie across New Year, and a reaction that leaves its player one card of three.

Written for mutants that survived the suite (docs/mutation.md).
"""
from __future__ import annotations

import unodsl
from unodsl.engine import modes
from unodsl.engine.setup import Setup

from unodsl.resources import edition_path

from rules.conftest import play

# After each play, the next player draws one card if the player still holds a card they
# could play now (docs/effects.md: `playable` is "the card could be played now").
ASKS_PLAYABLE = "on play:\n  if me holds playable:\n    next draws 1"


def wild_with_three():
    """Classic, but a Wild may be played only while holding more than two cards: no
    remembered answer per top card can serve it, so `playable` runs the conditions."""
    text = edition_path("classic").read_text(encoding="utf-8")
    old = "    playable: always\n    effect: choose colour\n"
    assert text.count(old) == 1
    text = text.replace(old, "    playable: me.hand > 2\n    effect: choose colour\n")
    edition = unodsl.load_edition_text(text, "variant.yaml", rules=[ASKS_PLAYABLE])
    assert not edition.pure_playable
    return edition


def hand_after_playing_red_3(hand: list[str]) -> int:
    """Seat 0 plays its red 3 on a red 9 and keeps `hand`: how many cards seat 1 then holds."""
    others = ["red 1", "green 2"]  # a red card: seat 1 then has a choice to make, and waits
    m = unodsl.Match(wild_with_three(), players=2, seed=1, max_rounds=1,
                     setup=Setup(hands=[["red 3", *hand], list(others)], draw=["yellow 5", "yellow 6"],
                                 discard=["red 9"]))
    play(m, "red 3")
    return len(m.round.hands[1])


def test_a_card_that_matches_the_new_top_card_is_playable():
    # blue 3 matches the red 3 just played by number (its own `playable` reads the card).
    assert hand_after_playing_red_3(["blue 3", "green 8"]) == 3


def test_a_wild_is_playable_with_three_cards_left():
    # The Wild's condition reads the player's hand: three cards, so it may be played.
    assert hand_after_playing_red_3(["wild", "green 8", "blue 7"]) == 3


def test_nothing_is_playable_and_nobody_draws():
    # A Wild with two cards left, a green 8: neither may be played on the red 3.
    assert hand_after_playing_red_3(["wild", "green 8"]) == 2


def test_a_birthday_tie_across_new_year_goes_to_the_first_seat():
    # 1 January is 154 days after 31 July (through New Year), 27 February 154 days
    # before it: a tie, which the first of them wins, whichever comes first.
    assert modes.birthday_dealer(["01-01", "02-27"]) == 0
    assert modes.birthday_dealer(["02-27", "01-01"]) == 0


def test_a_reaction_that_leaves_one_card_of_three_asks_to_call_uno():
    # "Calling UNO" (docs/effects.md): a player left with one card by an effect calls UNO.
    # Seat 1 holds three cards: the shield goes down, its effect gives the yellow 4 away.
    from engine.test_out_of_turn import GIVING_SHIELD, card, stacked
    m = stacked([["red draw two", "red 5", "blue 1"], ["shield", "yellow 4", "green 5"],
                 ["yellow 1", "yellow 2"]], edition=GIVING_SHIELD)
    m.answer(card(m, 0, "red draw two"))
    m.answer(card(m, 1, "shield"))
    assert [c.label() for c in m.round.hands[1]] == ["green 5"]
    assert (m.decision.kind, m.decision.player) == ("call_uno", 1)
