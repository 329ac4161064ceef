"""Stacking Draw Twos, a house rule: classic's `stacking` setting, read by the Draw Two
script (`next draws 2 or passes it on with kind == draw_two`). A player a Draw Two
is played on may pass it on with their own; the next one draws 4, or passes it on...
Whoever takes it draws it all and misses their turn; each who passed it on has
spent their turn."""
from __future__ import annotations

import pytest

import unodsl
from unodsl import PASS

from .conftest import events, held, labels, pending, play, table


@pytest.fixture(scope="module")
def stacking():
    return unodsl.load_edition("classic", settings={"stacking": True})


def four(stacking, second=("blue draw two", "green 1", "green 2"), third=("yellow 1", "yellow 2", "wild")):
    """Four players; seat 0 is to play a red Draw Two. A Wild in a hand makes that
    player's turn a decision (else they draw and play goes on by itself)."""
    return table(stacking, [["red draw two", "red 1", "wild"], list(second), list(third),
                            ["green 7", "green 8", "wild"]])


def test_passed_on_the_next_player_draws_four_and_misses_the_turn(stacking):
    m = four(stacking)
    play(m, "red draw two")
    assert pending(m) == ("stack", 1) and m.decision.about == 2
    assert labels(m.decision.options[:-1]) == ["blue Draw Two"] and m.decision.options[-1] is PASS
    m.answer(held(m, 1, "blue draw two"))
    assert m.round.discard[-1].label() == "blue Draw Two" and m.round.colour == "blue"
    assert events(m, "stack", player=1)[0]["total"] == 4
    assert [len(e["cards"]) for e in events(m, "draw", player=2)] == [4]
    assert events(m, "skipped", player=2)
    assert not events(m, "skipped", player=1)  # passing it on was their turn: play goes on from them
    assert pending(m) == ("turn", 3)  # the one after the player who took it


def test_taken_the_player_draws_two_and_misses_the_turn(stacking):
    m = four(stacking)
    play(m, "red draw two")
    m.answer(PASS)
    assert [len(e["cards"]) for e in events(m, "draw", player=1)] == [2]
    assert not events(m, "draw", player=2)
    assert pending(m) == ("turn", 2)


def test_without_a_draw_two_there_is_nothing_to_ask(stacking):
    m = four(stacking, second=("green 1", "green 2", "green 3"))
    play(m, "red draw two")
    assert not events(m, "stack")
    assert [len(e["cards"]) for e in events(m, "draw", player=1)] == [2]
    assert pending(m) == ("turn", 2)


def test_it_goes_on_as_long_as_each_passes_it_on(stacking):
    m = four(stacking, third=("green draw two", "yellow 2", "wild"))
    play(m, "red draw two")
    m.answer(held(m, 1, "blue draw two"))
    assert pending(m) == ("stack", 2) and m.decision.about == 4
    m.answer(held(m, 2, "green draw two"))
    assert [len(e["cards"]) for e in events(m, "draw", player=3)] == [6]
    assert pending(m) == ("turn", 0)  # seats 1, 2 spent their turns, seat 3 lost theirs


def test_two_players_pass_it_back_and_forth(stacking):
    m = table(stacking, [["red draw two", "yellow draw two", "wild"], ["blue draw two", "green 1", "green 2"]])
    play(m, "red draw two")
    m.answer(held(m, 1, "blue draw two"))
    assert pending(m) == ("stack", 0) and m.decision.about == 4
    m.answer(held(m, 0, "yellow draw two"))
    m.answer(True)  # UNO: seat 0 is down to their Wild
    assert [len(e["cards"]) for e in events(m, "draw", player=1)] == [6]
    assert pending(m) == ("turn", 0)  # seat 1 took it and lost the turn


def test_passing_it_on_with_ones_last_card_goes_out(stacking):
    m = four(stacking, second=("blue draw two",))
    play(m, "red draw two")
    m.answer(held(m, 1, "blue draw two"))
    assert m.finished and m.results[0].winner == 1
    # a last Draw Two still acts (the rule sheet): the next player draws the total, which is scored
    assert [len(e["cards"]) for e in events(m, "draw", player=2)] == [4]


def test_passing_it_on_with_ones_next_to_last_card_asks_for_uno(stacking):
    m = four(stacking, second=("blue draw two", "green 1"))
    play(m, "red draw two")
    m.answer(held(m, 1, "blue draw two"))
    assert pending(m) == ("call_uno", 1)


def test_stacking_is_off_in_the_rule_sheets():
    m = four(unodsl.load_edition("classic"))
    play(m, "red draw two")
    assert not events(m, "stack")
    assert [len(e["cards"]) for e in events(m, "draw", player=1)] == [2]
    assert pending(m) == ("turn", 2)


def test_an_absent_number_passed_on_draws_nothing(classic_text):
    # `draws number` on a card without a number draws none: a draw of nothing is no draw to
    # answer, so the next player is not asked; they draw none and miss their turn.
    from .conftest import variant

    edition = variant(classic_text, ("    effect: |\n      if settings.stacking:\n        next draws 2 or passes it on",
                                     "    effect: |\n      if settings.stacking:\n        next draws number or passes it on"),
                      ("stacking: false", "stacking: true"))
    m = four(edition)
    play(m, "red draw two")
    assert not events(m, "stack") and len(m.round.hands[1]) == 3 and events(m, "skipped", player=1)
    assert pending(m) == ("turn", 2)
