"""What a move or a deal changes besides the cards' places (docs/effects.md, "Places and
moves"): a hand left empty puts its holder out, a giver knows where their cards went,
`hand_grows` hooks fire for the hand that gained cards, cards from a hand to the discard
pile are discards (the UNO call, the holder picking the top card), and the colour in play
after a deal from the discard pile.

Written for survivors of the mutation run of session 12 (docs/mutation.md). The editions
are loaded inside each test: a mutation run switches the compiler's mutants on per test.
"""
from __future__ import annotations

import pytest

import unodsl
from unodsl.engine.setup import Setup

from rules.conftest import events, labels, play


def decisions(m, kind: str) -> list[dict]:
    return [e for e in m.log if e["event"] == "decision" and e["kind"] == kind]

HANDS = [["red 7", "blue 3", "green 4", "green 5"], ["red 1", "green 1", "yellow 1"], ["red 2", "green 2"]]
GROWS = "on hand_grows where me.hand == 4:\n    me draws 2"  # a hand grown to four cards draws two more


def red_7_does(action: str, *hooks: str, hands=HANDS, discard=("blue 1", "blue 2", "red 9"),
               aside=("blue 5", "blue 6")):
    """Seat 0 plays a red 7 whose play does `action`, in classic with `hooks`."""
    edition = unodsl.load_edition("classic", rules=[f"on play where number == 7:\n    {action}", *hooks])
    m = unodsl.Match(edition, players=len(hands), seed=1, max_rounds=1, setup=Setup(
        hands=[list(h) for h in hands], draw=["yellow 7", "yellow 8", "yellow 9", "yellow 6"],
        discard=list(discard), piles={"aside": list(aside)}))
    play(m, "red 7")
    return m


# ---- a hand left empty


@pytest.mark.parametrize("action", [
    "move all cards from next's hand to aside pile",
    "deal all cards from next's hand to me",
])
def test_a_player_whose_hand_a_script_empties_is_out(action):
    # "a hand left empty counts once the card's play is over (its holder may be out)"
    m = red_7_does(action)
    assert m.round.hands[1] == []
    assert m.results[0].winner == 1
    assert events(m, "out") == [{"event": "out", "player": 1}]


# ---- what a giver knows


def test_a_player_who_gives_cards_knows_where_each_went():
    # "a player who gives cards from their hand knows where they went"
    m = red_7_does("move 1 card picked by me from my hand to next's hand\n"
                   "    move 1 card picked by me from my hand to next's hand")
    given = []
    for name in ("green 4", "blue 3"):
        card = next(c for c in m.decision.options if c.label() == name)
        given.append(card.uid)
        m.answer(card)
    assert m.round.known[0] >= set(given)
    assert {c.uid for c in m.round.hands[1]} >= set(given)


def test_cards_taken_from_a_pile_are_known_to_no_one():
    m = red_7_does("move 2 cards from aside pile to next's hand")
    assert m.round.known == [set(), set(), set()]


# ---- hand_grows hooks


@pytest.mark.parametrize("action", [
    "move 1 card from aside pile to next's hand",
    "deal all cards from aside pile to next",
])
def test_a_hand_that_grows_by_a_move_or_a_deal_fires_hand_grows(action):
    # hand_grows: "after a player's hand gained cards: any draw ..., a gift, a swap or a rotation"
    m = red_7_does(action, GROWS, aside=["blue 5"])
    assert len(m.round.hands[1]) == 6
    assert sorted(labels(m.round.hands[1])[-2:]) == ["yellow 7", "yellow 8"]


def test_a_deal_fires_hand_grows_for_each_hand_that_gained_cards():
    m = red_7_does("deal all cards from aside pile to everyone", GROWS,
                   aside=["blue 5", "blue 6", "blue 8", "blue 9"])  # seat 0: 3 + 2, seats 1, 2: + 1
    assert [len(h) for h in m.round.hands] == [5, 6, 3]


# ---- discards from hands


def test_a_move_leaving_a_player_one_card_asks_them_to_call_uno():
    # "a player left with one card must call UNO before the last lands"
    m = red_7_does("move 2 cards where colour == green from my hand to discard pile under the top card")
    assert (m.decision.kind, m.decision.player) == ("call_uno", 0)
    assert labels(m.round.hands[0]) == ["blue 3", "green 4", "green 5"]  # before the cards land


def test_a_move_leaving_a_player_two_cards_asks_no_uno_call():
    m = red_7_does("move 1 card where colour == blue from my hand to discard pile under the top card")
    assert m.decision.kind == "turn" and m.decision.player == 1
    assert decisions(m, "call_uno") == []


def test_the_holder_picks_the_top_card_of_several_discarded_on_top():
    # "with several from one hand going on top, their holder picks the one that ends on top"
    m = red_7_does("move all cards where colour == green from my hand to discard pile",
                   hands=[["red 7", "blue 3", "blue 4", "green 4", "green 5"], *HANDS[1:]])
    assert (m.decision.kind, m.decision.player) == ("top_card", 0)
    m.answer(next(c for c in m.decision.options if c.label() == "green 4"))
    assert labels(m.round.discard)[-2:] == ["green 5", "green 4"]


def test_one_card_discarded_on_top_is_no_choice():
    m = red_7_does("move 1 card where colour == blue from my hand to discard pile")
    assert decisions(m, "top_card") == []
    assert labels(m.round.discard)[-1] == "blue 3"


# ---- the colour in play after a deal


def test_a_deal_from_another_pile_leaves_the_colour_in_play():
    # "its new top card sets the colour": only the discard pile's
    m = red_7_does("choose colour\n    deal all cards from aside pile to everyone")
    m.answer("green")
    assert labels(m.round.discard)[-1] == "red 7"
    assert m.round.colour == "green"


def test_a_deal_from_the_discard_pile_down_to_a_wild_leaves_the_colour_in_play():
    # "a Wild under it leaves the colour as it was"
    m = red_7_does("deal all cards from discard pile to everyone", discard=["wild", "blue 2", "red 9"])
    assert labels(m.round.discard) == ["Wild"]
    assert m.round.colour == "red"
    assert [labels(h)[-1:] for h in m.round.hands] == [["red 7"], ["red 9"], ["blue 2"]]  # from the top
