"""An edition whose `playable:` condition reads the game, not only the cards: no
remembered answer per top card (the playable cache) can serve it, so the turn and
the draw ask the condition itself, with the hand as it is then."""
from __future__ import annotations

import pytest

from unodsl import KEEP

from .conftest import events, option_labels, pending, table, variant

OTHERS = [["red 1", "green 1", "yellow 1"], ["red 2", "green 2", "yellow 2"]]


@pytest.fixture(scope="module")
def wild_with_three(classic_text):
    """Classic, but a Wild may be played only while holding more than two cards."""
    edition = variant(classic_text, ("    playable: always\n    effect: choose colour\n",
                                     "    playable: me.hand > 2\n    effect: choose colour\n"))
    assert not edition.pure_playable
    return edition


def test_a_wild_goes_only_with_more_than_two_cards_in_hand(wild_with_three):
    m = table(wild_with_three, [["wild", "red 3", "blue 4"], *OTHERS])
    assert option_labels(m.decision) == ["Wild", "red 3", "DRAW"]
    m = table(wild_with_three, [["wild", "red 3"], *OTHERS])
    assert option_labels(m.decision) == ["red 3", "DRAW"]


def test_the_card_drawn_goes_if_the_condition_holds_with_it_in_hand(wild_with_three):
    # Holding two cards, seat 0 draws a Wild: three cards now, so it may be played at once.
    m = table(wild_with_three, [["blue 4", "green 5"], *OTHERS], draw=["wild"])
    assert pending(m) == ("play_drawn", 0)
    assert option_labels(m.decision) == ["Wild", "KEEP"]
    assert m.decision.options[1] is KEEP


def test_the_card_drawn_does_not_go_if_the_condition_fails(wild_with_three):
    # Holding one card, seat 0 draws a Wild: two cards, so it may not be played; play passes.
    m = table(wild_with_three, [["blue 4"], *OTHERS], draw=["wild"])
    assert events(m, "draw", player=0)
    assert not events(m, "play", player=0)
    assert pending(m) == ("turn", 1)
    assert option_labels(m.decision) == ["red 1", "DRAW"]
