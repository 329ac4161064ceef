"""What validation says, placed, about a shuffle of a hand, a deal from every hand, an
unknown ranking figure and `instead of` inside a block; and what `deal ... starting with`
and `lowest FIGURE` do (docs/effects.md, "Moves" and "Ranking").

Written for survivors of the mutation run of session 12 (docs/mutation.md). The editions
are loaded inside each test: a mutation run switches the compiler's mutants on per test.
"""
from __future__ import annotations

import pytest

import unodsl

from rules.conftest import events, play, table


def refusal(rule: str):
    with pytest.raises(unodsl.EditionError) as error:
        unodsl.load_edition("classic", rules=[rule])
    (problem,) = error.value.problems
    return problem.message, problem.hint, (problem.span.line, problem.span.column)


@pytest.mark.parametrize("statement, message, hint, column", [
    ("shuffle my hand", "only a pile can be shuffled: a hand has no order",
     "`shuffle aside pile`, or `shuffle hands` to shuffle and deal every hand again", 13),
    ("deal all cards from every hand to everyone", "deal from one place: collect every hand first",
     "move all cards from every hand to aside pile, then deal all cards from aside pile", 25),
    ("skip highest luck", "unknown player figure 'luck'", None, 10),
])
def test_a_move_or_figure_that_cannot_be_is_refused_at_its_place(statement, message, hint, column):
    assert refusal(f"on play where wild:\n    {statement}") == (message, hint, (2, column))


def test_instead_of_inside_a_block_is_refused_at_its_place():
    message, hint, place = refusal("on play where wild:\n    if me.hand > 1:\n"
                                   "        instead of turn_draw:\n            me draws 1")
    assert message == ("`instead of turn_draw` is a rule for the whole table: write it at the top of a "
                       "house rule (an edition's `rules:`), not in a card's script or a block")
    assert place == (3, 9)


def play_red_7(rule: str, aside=()):
    """Seat 0 plays a red 7 under `rule`; seats 1 and 2 hold three and two cards."""
    m = table(unodsl.load_edition("classic", rules=[rule]),
              [["red 7", "red 3", "blue 4"], ["red 1", "green 1", "yellow 1"], ["red 2", "green 2"]],
              draw=["blue 1", "blue 2", "blue 3", "blue 4"], piles={"aside": list(aside)})
    play(m, "red 7")
    return m


@pytest.mark.parametrize("deal, first", [("", 0), (" starting with next", 1), (" starting with previous", 2)])
def test_a_deal_starts_with_the_player_named_else_with_the_first_of_the_group(deal, first):
    # "deals the place's cards ... to each player of the group in turn order, starting with
    # the player named": one card dealt goes to that player; `everyone` is in seat order.
    m = play_red_7(f"on play where number == 7:\n    deal all cards from aside pile to everyone{deal}",
                   aside=["yellow 5"])
    (dealt,) = events(m, "deal_cards")
    assert [seat for seat, cards in dealt["hands"] if cards] == [first]


@pytest.mark.parametrize("rank, seat", [("lowest", 2), ("highest", 1)])
def test_lowest_and_highest_hand_name_the_player_with_the_fewest_or_most_cards(rank, seat):
    m = play_red_7(f"on play where number == 7:\n    {rank} hand among others draws 1")
    (drawn,) = events(m, "draw")
    assert drawn["player"] == seat


def test_a_move_naming_chosens_hand_does_nothing_when_no_one_was_chosen():
    # Statements about `chosen` do nothing when `choose player where` found no one; a move
    # names `chosen` through its place (`chosen's hand`), not as its subject.
    m = play_red_7("on play where number == 7:\n    choose player where chosen.hand == 9\n"
                   "    move 1 card from chosen's hand to my hand\n    next draws 1")
    assert events(m, "move") == []
    assert [len(hand) for hand in m.round.hands] == [2, 4, 2]
