"""An edition's action is done by every player still in the round, and by no one who left it.

Written for mutants that survived the suite (docs/mutation.md): docs/effects.md says "Each
action done is recorded ... A player who left the round does nothing."
"""
from __future__ import annotations

from pathlib import Path

import unodsl
from rules.conftest import events, play, table

# A wild card that puts the next player out, then has every other player do `poke` (draw one).
ZAP = """
  zap:
    name: Zap
    symbol: zap
    wild: true
    deck: {count: 1}
    points: 20
    playable: always
    effect: |
      eliminate next, cards under discard pile
      others poke
      choose colour
"""
ACTIONS = """
actions:
  poke: |
    me draws 1
"""
CLASSIC = (Path(__file__).resolve().parents[2] / "editions" / "classic.yaml").read_text()


def edition():
    text = CLASSIC.replace("total: 108\n", "").replace("\nkinds:\n", "\nkinds:\n" + ZAP.lstrip("\n"), 1)
    return unodsl.load_edition_text(text + ACTIONS, "zap.yaml")


def test_only_the_players_still_in_the_round_do_an_action():
    m = table(edition(), [["zap", "red 5", "blue 1"], ["green 4", "green 5"], ["yellow 1", "yellow 2"]],
              draw=["red 1", "red 2", "red 3", "red 4"])
    play(m, "zap")
    assert [(e["player"], e["action"]) for e in events(m, "action")] == [(2, "poke")]
    assert len(m.round.hands[2]) == 3  # the poke drew one card
