"""Which cards a `move` takes and where they land (docs/effects.md, "Places and moves"):
its count, who picks, the discard pile keeping its card in play, a reshuffle only when
the draw pile runs out, the positions `under the top card` and `shuffled in`, a move
from a place to itself, and `shuffle PILE`.

Written for survivors of the mutation run of session 12 (docs/mutation.md). The editions
are loaded inside each test: a mutation run switches the compiler's mutants on per test.
"""
from __future__ import annotations

import pytest

import unodsl
from unodsl.engine.setup import Setup

from rules.conftest import events, labels, play

HANDS = [["red 7", "blue 3", "green 4", "green 5"], ["red 1", "green 1", "yellow 1"], ["red 2", "green 2"]]
ASIDE = ["blue 5", "blue 6", "yellow 5", "yellow 6", "green 8", "green 9"]  # bottom first


def red_7_does(action: str, hands=HANDS, draw=("yellow 7", "yellow 8", "yellow 9"),
               discard=("blue 1", "blue 2", "red 9"), aside=ASIDE, seed=1, rest="draw"):
    """Seat 0 plays a red 7 whose play does `action` (the piles are given bottom first,
    the draw pile top first)."""
    edition = unodsl.load_edition("classic", rules=[f"on play where number == 7:\n    {action}"])
    m = unodsl.Match(edition, players=len(hands), seed=seed, max_rounds=1, setup=Setup(
        hands=[list(h) for h in hands], draw=list(draw), discard=list(discard), piles={"aside": list(aside)},
        rest=rest))
    play(m, "red 7")
    return m


def aside(m) -> list[str]:
    return labels(m.round.piles["aside"])


# ---- from a place to itself


def test_a_move_from_a_hand_to_the_same_hand_does_nothing():
    # "nothing moves ... from a hand to itself"
    m = red_7_does("move all cards where colour == blue from my hand to my hand")
    assert labels(m.round.hands[0]) == ["blue 3", "green 4", "green 5"]
    assert events(m, "move") == []


def test_a_move_from_a_pile_to_itself_takes_its_top_card_to_the_bottom():
    m = red_7_does("move 1 card from aside pile to aside pile at the bottom")
    assert aside(m) == ["green 9", *ASIDE[:-1]]
    assert len(events(m, "move")) == 1


# ---- how many cards


@pytest.mark.parametrize("count", ["me.hand - 3", "me.hand - 4"])  # 0 and -1 (three cards held)
def test_no_card_moves_for_a_count_of_zero_or_less(count):
    # "an absent or negative number moves nothing"
    m = red_7_does(f"move {count} cards from aside pile to my hand")
    assert aside(m) == ASIDE
    assert events(m, "move") == []


def test_a_count_as_large_as_the_cards_there_takes_them_all_without_a_pick():
    m = red_7_does("move 2 cards picked by me from aside pile to my hand", aside=["blue 5", "blue 6"])
    assert m.decision.kind == "turn" and m.decision.player == 1
    assert labels(m.round.hands[0])[-2:] == ["blue 6", "blue 5"]


# ---- who picks


def test_cards_from_a_hand_are_picked_by_their_holder():
    # "`N cards`: from a hand: N its holder picks"
    m = red_7_does("move 1 card from next's hand to aside pile")
    assert (m.decision.kind, m.decision.player) == ("pick", 1)
    assert labels(m.decision.options) == ["red 1", "green 1", "yellow 1"]


def test_a_pick_from_someone_elses_hand_is_blind():
    # "N cards picked by PLAYER": "a pick from someone else's hand is blind: at random"
    m = red_7_does("move 1 card picked by me from next's hand to my hand")
    assert m.decision.kind != "pick"
    (chance,) = events(m, "chance")
    assert chance["what"] == "random card from seat 1's hand"
    assert len(m.round.hands[0]) == 4


def test_a_pick_from_a_pile_names_the_pile_to_the_picker():
    m = red_7_does("move 1 card picked by next from aside pile to my hand")
    assert (m.decision.kind, m.decision.player, m.decision.about) == ("pick", 1, ["pile", "aside"])


# ---- the discard pile and the draw pile


def test_all_cards_of_the_discard_pile_but_its_last_are_moved():
    # "the discard pile always keeps one card, the card in play"
    m = red_7_does("move all cards from discard pile to aside pile", aside=[])
    assert aside(m) == ["red 7", "red 9", "blue 2"]
    assert labels(m.round.discard) == ["blue 1"]


def test_a_move_from_a_pile_to_the_discard_pile_is_a_move_not_a_discard():
    m = red_7_does("move 1 card from aside pile to discard pile")
    assert labels(m.round.discard)[-1] == "green 9"
    assert events(m, "discard") == [] and len(events(m, "move")) == 1
    assert m.round.colour == "green"


@pytest.mark.parametrize("action", [
    "move 2 cards from draw pile to aside pile",  # exactly the cards it has
    "move 3 cards from aside pile to my hand",  # not the draw pile
    "move 9 cards where colour == red from draw pile to my hand",  # a condition: the cards that are there
])
def test_the_discard_pile_is_reshuffled_only_when_the_draw_pile_runs_out(action):
    # "a move from the draw pile reshuffles the discard pile under it when it runs out"
    m = red_7_does(action, draw=["yellow 7", "yellow 8"], aside=["blue 5", "blue 6"], rest="discard")
    assert labels(m.round.discard)[-4:] == ["blue 1", "blue 2", "red 9", "red 7"]
    assert events(m, "reshuffle") == []


# ---- positions


def test_under_the_top_card_of_a_pile_of_one_card():
    # "just under the pile's top card, which stays on top"
    m = red_7_does("move 1 card from draw pile to aside pile under the top card", aside=["blue 5"])
    assert aside(m) == ["yellow 7", "blue 5"]


def test_cards_shuffled_into_the_discard_pile_leave_its_top_card_in_play():
    m = red_7_does("move all cards from aside pile to discard pile shuffled in")
    assert labels(m.round.discard)[-1] == "red 7"
    assert sorted(labels(m.round.discard)) == sorted(["blue 1", "blue 2", "red 9", "red 7", *ASIDE])


def test_cards_shuffled_into_another_pile_shuffle_its_top_card_too():
    m = red_7_does("move all cards from discard pile to aside pile shuffled in")
    assert labels(m.round.piles["aside"])[-1] != ASIDE[-1]
    assert sorted(aside(m)) == sorted([*ASIDE, "blue 2", "red 9", "red 7"])


def test_shuffling_the_discard_pile_leaves_its_top_card_in_play():
    # "`shuffle PILE` shuffles a pile (the discard pile's top card stays in play)"
    m = red_7_does("shuffle discard pile", discard=["blue 1", "blue 2", "blue 3", "blue 4", "red 9"], seed=2)
    assert labels(m.round.discard)[-1] == "red 7"
    assert labels(m.round.discard) != ["blue 1", "blue 2", "blue 3", "blue 4", "red 9", "red 7"]


def test_shuffling_another_pile_moves_its_top_card_too():
    m = red_7_does("shuffle aside pile", seed=2)  # (with seed 1, the same card ends on top)
    assert sorted(aside(m)) == sorted(ASIDE) and aside(m)[-1] != ASIDE[-1]
    (shuffled,) = events(m, "shuffle_pile")
    assert shuffled["pile"] == "aside"


def test_shuffling_an_empty_pile_records_the_shuffle():
    m = red_7_does("shuffle aside pile", aside=[])
    assert aside(m) == [] and len(events(m, "shuffle_pile")) == 1
