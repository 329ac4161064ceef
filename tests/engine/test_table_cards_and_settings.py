"""Table cards whose `use` reads its user and its own card; tables a mode refuses.

Written for mutants that survived the suite (docs/mutation.md).
"""
from __future__ import annotations

from pathlib import Path

import pytest

import unodsl
from unodsl.engine.decisions import TableUse
from unodsl.engine.setup import Setup

# A table card whose user shows their hand to the target, who then draws a
# tenth of the card's points: its script reads `me` and the card. (A `use:` may
# not take cards out of a hand: docs/effects.md.)
TRADE = """
  trade:
    name: Trade
    deck: {count: 1}
    points: 20
    use: |
      show my hand to chosen
      chosen draws points / 10
"""
CLASSIC = (Path(__file__).resolve().parents[2] / "editions" / "classic.yaml").read_text()
EDITION = unodsl.load_edition_text(
    CLASSIC.replace("total: 108\n", "").replace("\nkinds:\n", "\nkinds:\n" + TRADE.lstrip("\n"), 1)
    + "table: [trade]\n", "trade.yaml")


def test_a_table_card_use_acts_for_its_user_with_its_own_card():
    m = unodsl.Match(EDITION, players=3, seed=1, setup=Setup(
        hands=[["red 5", "red 6"], ["blue 1", "blue 2", "blue 3"], ["green 1", "green 2"]],
        draw=["yellow 1", "yellow 2", "yellow 3"], discard=["red 9"], turn=0))
    mine, theirs = list(m.round.hands[0]), list(m.round.hands[2])
    trade = m.round.table[0]
    m.answer(TableUse(trade, 2))  # player 0 uses Trade on player 2
    assert m.round.known[2] >= {c.uid for c in mine}  # the user showed their hand to the target...
    assert not m.round.known[1] & {c.uid for c in mine}
    assert m.round.hands[2][:2] == theirs and len(m.round.hands[2]) == 2 + 2  # ...who drew 20 / 10
    assert m.round.lying[2] == [trade]


def test_teams_and_challenge_uno_cannot_be_played_together():
    # Challenge UNO is every player for themselves: its settings refuse teams.
    edition = unodsl.load_edition("classic", settings={"teams": True, "mode": "challenge"})
    with pytest.raises(unodsl.UnoError, match="played alone"):
        unodsl.Match(edition, players=4, agents="random", seed=1)
