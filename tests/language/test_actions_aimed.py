"""An action done to another player is aimed at them: in an edition with reaction cards,
they may cancel it with one, as they may a card's effect aimed at them (docs/effects.md,
"Actions"; "Reactions"). What the player does to themselves is not aimed.

Written for mutants that survived the suite (docs/mutation.md): the compiler's `aimed`
flag of an action. Each edition is compiled inside its test.
"""
from __future__ import annotations

import pytest

import unodsl
from unodsl.engine.decisions import REACT
from unodsl.engine.setup import Setup

from engine.test_out_of_turn import TEXT  # classic with a Shield reaction (`against: always`) and a table card

ACTIONS = "actions:\n  press: me draws 2\n"


def after_a_skip(effect: str):
    """Seat 0 plays a red Skip whose effect is `effect`; seat 1 holds a Shield."""
    assert TEXT.count("    effect: skip next\n") == 1
    edition = unodsl.load_edition_text(TEXT.replace("    effect: skip next\n", f"    effect: {effect}\n")
                                       + ACTIONS, "aimed.yaml")
    m = unodsl.Match(edition, players=3, seed=1, setup=Setup(
        hands=[["red skip", "red 5", "blue 1"], ["shield", "green 4", "green 5"], ["yellow 1", "yellow 2"]],
        draw=["red 1", "red 2", "red 3", "red 4", "red 5", "red 6"], discard=["red 9"]))
    m.answer(next(c for c in m.round.hands[0] if c.kind == "skip"))
    return m


def test_an_action_done_to_the_next_player_may_be_cancelled_by_their_reaction():
    m = after_a_skip("next presses")
    assert (m.decision.kind, m.decision.player) == (REACT, 1)
    m.answer(next(c for c in m.round.hands[1] if c.kind == "shield"))
    assert len(m.round.hands[1]) == 2  # the Shield went down; nothing drawn


def test_an_action_not_cancelled_is_done():
    m = after_a_skip("next presses")
    m.answer(unodsl.PASS)
    assert len(m.round.hands[1]) == 5


def test_an_action_a_player_does_themselves_is_not_aimed():
    m = after_a_skip("me presses")
    assert m.decision.kind != REACT
    assert len(m.round.hands[0]) == 4


def test_a_skip_aimed_at_the_next_player_may_be_cancelled_by_their_reaction():
    # (the same for the edition's own statements: `skip next` is aimed at the next player)
    m = after_a_skip("skip next")
    assert (m.decision.kind, m.decision.player) == (REACT, 1)
    m.answer(next(c for c in m.round.hands[1] if c.kind == "shield"))
    assert m.round.skips == [0, 0, 0]
