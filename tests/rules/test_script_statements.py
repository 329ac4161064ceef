"""Statements and hooks of the effect language played on a stacked table, as
docs/effects.md describes them: house rules (`--rule`) on classic."""
from __future__ import annotations

import pytest

import unodsl

from .conftest import events, labels, pending, play, table

OTHERS = [["red 1", "green 1", "yellow 1"], ["red 2", "green 2", "yellow 2"]]
DRAW = ["blue 1", "blue 2", "blue 3", "blue 4", "blue 5", "blue 6", "blue 7", "blue 8"]


def with_rule(rule: str, hands, **kw):
    kw.setdefault("draw", DRAW)
    return table(unodsl.load_edition("classic", rules=[rule]), hands, **kw)


# ---- `discards all` without `where`: every card ------------------------------------


def test_discards_all_without_where_discards_the_whole_hand_and_goes_out():
    # "`TARGET discards all [where CONDITION]` — discard every matching card ...
    # a player left with none has gone out."
    m = with_rule("on play where number == 7: next discards all", [["red 7", "red 3", "blue 4"], *OTHERS])
    held = list(m.round.hands[1])
    play(m, "red 7")
    assert pending(m) == ("top_card", 1)
    assert sorted(labels(m.decision.options)) == sorted(labels(held))
    m.answer(m.decision.options[0])
    assert m.round.hands[1] == []
    assert sorted(e["card"] for e in events(m, "discard", player=1)) == sorted(c.uid for c in held)
    assert m.finished and m.results[0].winner == 1


# ---- arithmetic ------------------------------------------------------------------------


@pytest.mark.parametrize("amount, drawn", [
    ("number - 5", 2),
    ("number + 1 - 6", 2),
    ("1 + number * 2 - 12", 3),   # * before + and -
    ("(1 + number) * 2 - 14", 2),
    ("number / 2", 3),            # whole numbers: 7 / 2 is 3
    ("number % 4", 3),
    ("-(1 - number) - 4", 2),
    ("number / 0", 0),            # no number: draws none
])
def test_arithmetic_on_the_card_played(amount, drawn):
    # A red 7 played: the next player draws as many as the expression says.
    m = with_rule(f"on play where number == 7: next draws {amount}", [["red 7", "red 3", "blue 4"], *OTHERS])
    play(m, "red 7")
    draws = events(m, "draw", player=1)
    assert [len(e["cards"]) for e in draws[:1]] == ([drawn] if drawn else [])


def test_arithmetic_with_an_absent_number_is_absent():
    # A Skip has no number: `number + 1` is absent and draws none (docs/effects.md, "Conditions").
    m = with_rule("on play where symbol == skip: next draws number + 1",
                  [["red skip", "red 3", "blue 4"], ["red 1", "green 1", "yellow 1"], *OTHERS])
    play(m, "red skip")
    assert not events(m, "draw", player=1)


# ---- `turn_start` hooks: there is no card ----------------------------------------------


@pytest.mark.parametrize("rule, says", [
    ("on turn_start where playable: me draws 1", "`playable` reads a card"),
    ("on turn_start where number == 7: me draws 1", "`number` reads a card"),
    ("on turn_start: apply written rule", "`apply written rule` reads the card's rule"),
])
def test_a_turn_start_hook_reads_no_card(rule, says):
    # At turn_start there is no card: a hook reading one (it fired every turn, `where playable`
    # reading the deck's last face; `apply written rule` raised AttributeError) is refused, placed.
    with pytest.raises(unodsl.EditionError) as refused:
        unodsl.load_edition("veto", rules=[rule])
    problem, = refused.value.problems
    assert (problem.span.file, problem.span.line) == ("--rule 1", 1) and says in problem.message
    assert "is about no card" in problem.message


def test_a_turn_start_hook_still_runs_on_a_condition_of_the_player():
    m = with_rule("on turn_start where me.hand == 3: me draws 1", [["red 3", "blue 4", "green 5"], *OTHERS])
    assert [len(e["cards"]) for e in events(m, "draw", player=0)] == [1]  # seat 0's turn began with 3


# ---- a swap of hands with oneself -----------------------------------------------------


def test_a_swap_of_hands_between_the_same_player_does_nothing():
    # With two players, next and previous are the same player: nothing moves, nothing is
    # recorded, and nobody has seen anything new (docs/effects.md, "Discarding and giving").
    rule = "on play where number == 7: next swaps hands with previous"
    m = with_rule(rule, [["red 7", "red 3", "blue 4"], ["green 1", "yellow 1"]])
    before = [labels(h) for h in m.round.hands]
    play(m, "red 7")
    assert not events(m, "swap_hands")
    assert labels(m.round.hands[1])[:2] == before[1]  # (then seat 1 drew: nothing goes on red 7)
    assert m.round.known == [set(), set()]


def test_a_swap_of_hands_between_next_and_previous_at_three_players():
    rule = "on play where number == 7: next swaps hands with previous"
    m = with_rule(rule, [["red 7", "red 3", "blue 4"], ["green 1", "yellow 1"], ["red 2", "green 2", "blue 2"]])
    play(m, "red 7")
    assert events(m, "swap_hands", player=1, other=2)
    assert sorted(labels(m.round.hands[1])) == ["blue 2", "green 2", "red 2"]
    assert {"green 1", "yellow 1"} == {c.label() for c in m.round.hands[2]}
