"""When `choose player where CONDITION` finds no one, a statement that takes a group of
players and names `chosen` among them acts on no one (docs/effects.md, "Choosing a
player": "the statements about `chosen` that follow do nothing"), a comparison with
`chosen` is false, a variable of `chosen` is absent, and nothing breaks.

Written for mutants that survived the suite (docs/mutation.md): the generated code's
"no one" values (`()`, `None`). Each edition is compiled inside its test.
"""
from __future__ import annotations

import pytest

import unodsl
from unodsl.edition.loader import load_edition_text

from rules.conftest import events, play, table

HANDS = [["red 7", "red 3", "blue 4"], ["red 1", "green 1", "yellow 1"], ["red 2", "green 2"]]
DRAW = ["blue 1", "blue 2", "blue 3", "blue 4", "blue 5", "blue 6", "blue 7", "blue 8"]
NO_ONE = "  choose player where chosen.hand > 5\n"  # seats 1 and 2 hold 3 and 2 cards
SOMEONE = "  choose player where chosen.hand == 2\n"  # seat 2

STATEFUL = """name: Tokens
base: classic
state:
  player:
    tokens: {type: counter, initial: 1}
"""


def play_red_7(effect: str, edition_text: str | None = None, agents=None):
    """Seat 0 plays a red 7 under `on play where number == 7:` + `effect`."""
    rule = "on play where number == 7:\n" + effect
    edition = (unodsl.load_edition("classic", rules=[rule]) if edition_text is None
               else load_edition_text(edition_text, rules=[rule]))
    m = table(edition, HANDS, draw=DRAW, agents=agents)
    play(m, "red 7")
    return m


def drawn(m, seat: int) -> int:
    return sum(len(e["cards"]) for e in events(m, "draw", player=seat))


@pytest.mark.parametrize("choice, shown", [(NO_ONE, []), (SOMEONE, [[2]])])
def test_a_hand_shown_to_chosen_is_shown_to_no_one_when_no_one_was_chosen(choice, shown):
    m = play_red_7(choice + "  show my hand to chosen\n  next draws 1\n")
    assert [e["to"] for e in events(m, "show_hand")] == shown
    assert drawn(m, 1) == 1


@pytest.mark.parametrize("choice, drawers", [(NO_ONE, {1: 0, 2: 0}), (SOMEONE, {1: 0, 2: 2})])
def test_a_loop_over_chosen_runs_for_no_one_when_no_one_was_chosen(choice, drawers):
    m = play_red_7(choice + "  for each player in chosen:\n    player draws 2\n")
    assert {seat: drawn(m, seat) for seat in (1, 2)} == drawers


@pytest.mark.parametrize("choice, sizes", [(NO_ONE, [2, 3, 2]), (SOMEONE, [0, 3, 4])])
def test_cards_given_to_chosen_stay_with_me_when_no_one_was_chosen(choice, sizes):
    m = play_red_7(choice + "  give all to chosen\n")
    assert [len(m.round.hands[seat]) for seat in range(3)] == sizes


@pytest.mark.parametrize("choice, draws", [(NO_ONE, 3), (SOMEONE, 1)])
def test_a_comparison_with_chosen_is_false_when_no_one_was_chosen(choice, draws):
    # (seat 2 sits before seat 0: `previous` of seat 0 at three players)
    m = play_red_7(choice + "  if chosen == previous:\n    next draws 1\n  else:\n    next draws 3\n")
    assert drawn(m, 1) == draws


@pytest.mark.parametrize("choice, draws", [(NO_ONE, 3), (SOMEONE, 1)])
def test_a_variable_of_chosen_is_absent_when_no_one_was_chosen(choice, draws):
    m = play_red_7(choice + "  if chosen.tokens == 1:\n    next draws 1\n  else:\n    next draws 3\n",
                   edition_text=STATEFUL)
    assert drawn(m, 1) == draws


@pytest.mark.parametrize("choice, held", [(NO_ONE, 2), (SOMEONE, 1)])
def test_a_move_picked_by_chosen_asks_no_one_when_no_one_was_chosen(choice, held):
    # (a pick from another player's hand is blind: seat 2 takes one at random)
    m = play_red_7(choice + "  move 1 card picked by chosen from my hand to aside pile\n")
    assert len(m.round.hands[0]) == held
    if choice == NO_ONE:
        assert (m.decision.kind, m.decision.player) == ("turn", 1)
