"""`choose player where CONDITION` when no one satisfies it, and what validation says,
placed, about a script that reads what its place does not have (docs/effects.md,
"Where a script runs: what validation refuses").

Written for mutants that survived the suite (docs/mutation.md). The editions are
loaded inside each test: a mutation run switches the compiler's mutants on per test.
"""
from __future__ import annotations

import pytest

import unodsl
from unodsl.errors import ScriptError
from unodsl.resources import edition_path

from rules.conftest import events, play, table
from refusals import at, refused

OTHERS = [["red 1", "green 1", "yellow 1"], ["red 2", "green 2"]]
DRAW = ["blue 1", "blue 2", "blue 3", "blue 4", "blue 5", "blue 6", "blue 7", "blue 8"]


def play_red_7(rule: str):
    """Seat 0 plays a red 7 under the house rule `rule`, seats 1 and 2 holding 3 and 2 cards."""
    m = table(unodsl.load_edition("classic", rules=[rule]), [["red 7", "red 3", "blue 4"], *OTHERS],
              draw=DRAW)
    play(m, "red 7")
    return m


def drawn(m, seat: int) -> int:
    return sum(len(e["cards"]) for e in events(m, "draw", player=seat))


# ---- no one satisfies the condition -----------------------------------------------------

def test_the_one_player_who_satisfies_the_condition_is_chosen():
    # "`me` picks another player, who is then `chosen`": seat 2 alone holds two cards.
    m = play_red_7("on play where number == 7:\n  choose player where chosen.hand == 2\n  chosen draws 2")
    assert (drawn(m, 1), drawn(m, 2)) == (0, 2)


def test_when_no_one_is_chosen_the_statements_about_chosen_do_nothing():
    # "When no other player satisfies it, no one is chosen: the statements about
    # `chosen` that follow do nothing" -- and the statements about others still run.
    m = play_red_7("on play where number == 7:\n  choose player where chosen.hand > 5\n"
                   "  chosen draws 2\n  next draws 1")
    assert (drawn(m, 1), drawn(m, 2)) == (1, 0)


@pytest.mark.parametrize("condition", [
    "chosen.hand < 9",             # "`chosen.hand` and `chosen.score` are absent (they match nothing)"
    "chosen.score < 9",
    "count(chosen, colour == red) < 9",
    "chosen holds colour == red",  # "`chosen holds ...` ... false"
    "chosen challenges",           # "... and `chosen challenges` are false"
])
def test_when_no_one_is_chosen_the_figures_of_chosen_match_nothing(condition):
    m = play_red_7(f"on play where number == 7:\n  choose player where chosen.hand > 5\n"
                   f"  if {condition}:\n    next draws 1\n  else:\n    next draws 3")
    assert drawn(m, 1) == 3


@pytest.mark.parametrize("condition", ["chosen.hand == 2", "count(chosen, colour == red) == 1",
                                       "chosen holds colour == green"])
def test_the_figures_of_the_one_chosen_are_read(condition):
    m = play_red_7(f"on play where number == 7:\n  choose player where chosen.hand == 2\n"
                   f"  if {condition}:\n    next draws 1\n  else:\n    next draws 3")
    assert drawn(m, 1) == 1


def test_a_choice_that_may_find_no_one_in_one_branch_still_guards_what_follows():
    # After an `if` one branch of which may have chosen no one, the statements about
    # `chosen` still do nothing when no one was chosen.
    m = play_red_7("on play:\n  if number == 7:\n    choose player where chosen.hand > 5\n"
                   "  else:\n    choose player\n  chosen draws 2")
    assert (drawn(m, 1), drawn(m, 2)) == (0, 0)


def test_statements_after_a_guarded_one_stay_in_their_branch():
    # Under `if number == 3`, nothing runs when a 7 is played: not even after the
    # statement about `chosen` that is skipped when no one is chosen.
    m = play_red_7("on play:\n  if number == 3:\n    choose player where chosen.hand > 5\n"
                   "    chosen draws 2\n    next draws 1")
    assert (drawn(m, 1), drawn(m, 2)) == (0, 0)


def test_a_choice_in_one_branch_only_leaves_chosen_unknown_after_it():
    problem = refused("on play:\n  if number == 7:\n    choose player\n  show chosen's hand to everyone")
    assert at(problem) == (4, 8)
    assert problem.message == "`chosen` is read here, but no `choose player` has certainly run before it"
    assert problem.hint == "put `choose player` before it, on every path (in each branch of an `if`)"


def test_a_choice_under_every_answer_of_a_question_lets_chosen_be_read_after_it():
    # The player answers with one of the answers: every path runs one of them.
    unodsl.load_edition("classic", rules=[
        'on play:\n  ask me "Whom?":\n    "left": choose player\n    "right": choose player\n'
        "  show chosen's hand to everyone"])


def test_when_no_one_is_chosen_each_statement_about_chosen_does_nothing_and_me_is_still_read():
    m = play_red_7("on play where number == 7:\n  choose player where chosen.hand > 5\n"
                   "  chosen draws 2\n  chosen draws 1\n  if me.hand == 2:\n    next draws 1\n"
                   "  else:\n    next draws 3")
    assert (drawn(m, 1), drawn(m, 2)) == (1, 0)  # seat 0 holds red 3 and blue 4


def test_a_choice_in_every_branch_lets_chosen_be_read_after_it():
    unodsl.load_edition("classic", rules=[
        "on play:\n  if number == 7:\n    choose player\n  else:\n    choose player\n"
        "  show chosen's hand to everyone"])


# ---- what validation says, at its place -------------------------------------------------


def test_reading_a_card_in_a_turn_start_hook_names_the_hook():
    problem = refused("on turn_start where colour == red: me draws 1")
    assert at(problem) == (1, 21)
    assert problem.message == "`colour` reads a card, but an `on turn_start` hook is about no card"
    assert problem.hint == "read the players instead: `me.hand`, `me holds CONDITION`, ..."


def test_apply_written_rule_in_a_turn_start_hook_names_the_hook():
    problem = refused("on turn_start: apply written rule")
    assert at(problem) == (1, 16)
    assert problem.message == ("`apply written rule` reads the card's rule, but an `on turn_start` hook "
                               "is about no card")


def test_a_card_condition_in_choose_player_is_refused_with_its_hint():
    problem = refused("on play:\n  choose player where number == 7")
    assert at(problem) == (2, 23)
    assert problem.message == ("`number` is about a card, but the condition of `choose player` is about "
                               "each player it may choose")
    assert problem.hint == ("write `chosen.hand`, `chosen.score` or `chosen holds CONDITION` "
                            "(and `card.number` for the card played)")


def test_a_rule_written_on_a_card_may_not_apply_the_written_rule():
    with pytest.raises(ScriptError) as error:
        unodsl.load_edition("classic").compile_rule("me draws 1\napply written rule")
    assert error.value.message == ("a rule written on a card cannot apply the rule written on it: "
                                   "it would apply itself again and again")
    assert (error.value.line, error.value.column) == (2, 1)


def test_a_playable_condition_may_not_read_playable():
    text = edition_path("classic").read_text(encoding="utf-8")
    old = "    playable: always\n    effect: choose colour\n"
    assert text.count(old) == 1
    text = text.replace(old, "    playable: playable\n    effect: choose colour\n")
    with pytest.raises(unodsl.EditionError) as error:
        unodsl.load_edition_text(text, "variant.yaml")
    (problem,) = error.value.problems
    assert problem.message == ("a `playable` condition cannot read `playable`: it would ask itself again "
                               "and again")
    assert problem.hint == "say when the card may be played from the cards themselves (colour == top.colour, ...)"
    assert problem.span.column == 15


def test_in_an_edition_with_reactions_a_challenge_is_still_put():
    # A Wild Draw Four where a reaction card exists: the next player may challenge it
    # (the Table Veto of this edition is offered too).
    from engine.test_out_of_turn import TEXT, card, stacked  # classic with a Shield reaction card
    edition = unodsl.load_edition_text(TEXT, "reactions.yaml")  # compiled here, not at import
    m = stacked([["wild draw four", "red 5", "blue 1"], ["green 5", "yellow 4"], ["yellow 1", "yellow 2"]],
                edition=edition)
    m.answer(card(m, 0, "wild draw four"))
    m.answer("green")
    assert (m.decision.kind, m.decision.player, m.decision.options[:2]) == ("challenge", 1, [True, False])
