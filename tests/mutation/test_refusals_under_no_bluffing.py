"""Why a card may not be played, under the setting `no_bluffing` (Round.why_not, the words of
the refusal a player sees).

Written for mutants that survived the suite (docs/mutation.md). The rule: with `no_bluffing`,
a card may be played only when its `playable` holds and its `bluff_if` does not; a card refused
for its `bluff_if` is refused naming that condition, any other as without the setting.
"""
from __future__ import annotations

from pathlib import Path

import pytest

import unodsl
from unodsl.engine.setup import Setup

CLASSIC = (Path(__file__).resolve().parents[2] / "editions" / "classic.yaml").read_text()
# Classic's Wild Draw Four, its bluff read from the card itself too (`card.points`).
BLUFF = "me holds colour == top.colour and card.points == 50"


def refusal(name: str) -> str:
    edition = unodsl.load_edition_text(CLASSIC.replace("bluff_if: me holds colour == top.colour", f"bluff_if: {BLUFF}"),
                                       "no-bluffing.yaml", settings={"no_bluffing": True})
    m = unodsl.Match(edition, players=2, seed=1, setup=Setup(
        hands=[["wild draw four", "red 5", "blue 7"], ["green 1", "green 2"]], discard=["red 9"], turn=0))
    card = next(c for c in m.round.hands[0] if c.label().lower() == name)
    with pytest.raises(unodsl.IllegalMove) as refused:
        m.answer(card)
    return str(refused.value)


def test_a_bluff_is_refused_naming_its_condition():
    assert refusal("wild draw four") == f"Wild Draw Four may not be played while {BLUFF} (no bluffing)"


def test_a_card_without_a_bluff_condition_is_refused_as_without_the_setting():
    assert refusal("blue 7") == "blue 7 goes only on blue or on 7 (the colour in play is red)"
