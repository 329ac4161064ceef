"""Running out of cards: the reshuffle (RULES.md, "UNO and going out")."""
from __future__ import annotations

from .conftest import all_labels_but, events, pending, play, table, uids

OTHERS = [["red 1", "green 1", "yellow 1"], ["red 2", "green 2", "yellow 2"]]


def test_reshuffle_discard_pile_except_top_becomes_draw_pile(classic):
    # "When the DRAW pile runs out, the DISCARD pile except its top card is shuffled into a new
    # DRAW pile."
    m = table(classic, [["blue 3", "blue 4", "green 5"], *OTHERS], rest="discard")
    rnd = m.round
    top = rnd.discard[-1]
    assert top.label() == "red 9"
    assert events(m, "reshuffle")[0]["cards"] == 108 - 9 - 1  # all but the hands and the top
    assert len(rnd.hands[0]) == 4  # seat 0 drew one from the new pile
    assert rnd.discard[0] is top and rnd.discard[-1] is top
    assert len(rnd.draw_pile) == 108 - 10 - 1
    assert rnd.card_count() == 108


def test_reshuffle_in_the_middle_of_a_draw_two(classic):
    # "When the DRAW pile runs out, the DISCARD pile except its top card is shuffled into a new
    # DRAW pile" -- also while a player is drawing several cards.
    m = table(classic, [["red draw two", "blue 4", "green 5"], *OTHERS], draw=["yellow 5"],
              rest="discard")
    rnd = m.round
    play(m, "red draw two")
    assert len(rnd.hands[1]) == 3 + 2
    assert "yellow 5" in [c.label() for c in rnd.hands[1]]
    assert events(m, "reshuffle")
    assert [c.label() for c in rnd.discard] == ["red Draw Two"]  # the top card stays
    assert rnd.card_count() == 108


def everything_in_hands(classic, mine, top="red 9"):
    """Two players: seat 0 holds `mine`, seat 1 every other card but `top`; the draw pile is empty."""
    theirs = all_labels_but(classic, [*mine, top])
    return table(classic, [mine, theirs], discard=[top])


def test_both_piles_exhausted_draw_takes_what_there_is(classic):
    # "If both are exhausted, a draw takes what there is (nothing is created or lost)."
    m = everything_in_hands(classic, ["red draw two", "blue 5", "blue 6"])
    rnd = m.round
    assert rnd.draw_pile == [] and len(rnd.hands[1]) == 104
    nine = rnd.discard[-1]
    play(m, "red draw two")  # seat 1 must draw 2; only the red 9 can be reshuffled
    assert len(rnd.hands[1]) == 104 + 1
    assert nine in rnd.hands[1]
    assert [c.label() for c in rnd.discard] == ["red Draw Two"]
    assert rnd.card_count() == 108
    # Two players: seat 0 plays again, holds no match and must draw -- from nothing.
    assert events(m, "draw", player=0)[-1]["cards"] == []
    assert sorted(c.label() for c in rnd.hands[0]) == ["blue 5", "blue 6"]
    assert pending(m) == ("turn", 1)
    assert rnd.card_count() == 108


def test_both_piles_exhausted_no_card_created(classic):
    # "If both are exhausted, a draw takes what there is (nothing is created or lost)."
    m = everything_in_hands(classic, ["blue 5", "blue 6"])
    rnd = m.round
    assert events(m, "draw", player=0)[-1]["cards"] == []
    assert len(rnd.hands[0]) == 2 and len(rnd.discard) == 1 and rnd.draw_pile == []
    assert pending(m) == ("turn", 1)
    assert sorted(uids(c for h in rnd.hands for c in h) + uids(rnd.discard)) == list(range(108))
