"""What validation refuses, placed, because of where a statement is (docs/effects.md,
"Where a script runs: what validation refuses"): a statement after `turn another`, and a
table card's `use:` taking cards out of a hand.

Written for mutants that survived the suite (docs/mutation.md); the editions are
compiled inside each test (a mutation run switches the compiler's mutants on per test).
"""
from __future__ import annotations

import pytest

import unodsl
from unodsl.resources import edition_path
from refusals import refused_edition


def test_a_statement_after_turn_another_is_refused_at_the_statement():
    text = edition_path("classic").read_text(encoding="utf-8")
    old = "    on_start: turn another\n"
    assert text.count(old) == 1
    text = text.replace(old, "    on_start: |\n      turn another\n      next draws 1\n")
    problem = refused_edition(text, "places.yaml")
    assert problem.message == ("nothing after `turn another` runs: the card is back in the draw pile "
                               "and another is turned")
    line = text.splitlines().index("      next draws 1") + 1
    assert (problem.span.file, problem.span.line, problem.span.column) == ("places.yaml", line, 7)


@pytest.mark.parametrize("use", ["chosen discards all where colour == red", "chosen draws or discards to 3",
                                 "me swaps hands with chosen", "apply written rule"])
def test_a_table_card_use_may_not_take_cards_out_of_a_hand(use):
    from test_out_of_turn import TEXT  # classic with a table card, Table Veto: `use: skip chosen`
    text = TEXT.replace("use: skip chosen", f"use: {use}")
    assert text != TEXT
    problem = refused_edition(text, "places.yaml")
    assert problem.message == ("a table card is used while a player is deciding something, so its `use:` "
                               "cannot take cards out of a hand: the decision would offer cards no longer there")
    assert problem.hint == "a `use:` may draw, skip, reverse, choose, show hands, ..."
    line = text.splitlines().index(f"    use: {use}") + 1
    assert (problem.span.line, problem.span.column) == (line, 10)


def test_a_table_card_use_may_draw_and_skip():
    from test_out_of_turn import TEXT
    unodsl.load_edition_text(TEXT.replace("use: skip chosen", "use: |\n      chosen draws 1\n      skip chosen"),
                             "places.yaml")
