"""Every scenario file, the rule specification, also played by the loop written for its
edition (unodsl.engine.specialise: the interpreter's turn derived with the edition's facts
written in): the same answers bring both loops to the same end.

The recorded run (the interpreter, whose record the expectations read) and the unrecorded
one (the written loop) are compared by what a record does not change: every card where it
lies, the turn, the direction, the colour, skips, state, scores, the decision left open,
and the number sources of the match and of every agent.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from unodsl.engine.specialise import specialised
from unodsl.scenario import scenario_files
from unodsl.scenario.read import load_scenario
from unodsl.scenario.run import _Run, play_unrecorded

SCENARIOS = Path(__file__).parents[1] / "scenarios"
FILES = scenario_files([SCENARIOS])


def _uids(cards) -> list:
    return [card.uid for card in cards]


def end_of(match) -> dict:
    rnd = match.round
    decision = match.decision
    return {
        "finished": match.finished,
        "result": match.result(),
        "hands": [_uids(hand) for hand in rnd.hands],
        "draw pile": _uids(rnd.draw_pile),
        "discard pile": _uids(rnd.discard),
        "piles": {name: _uids(cards) for name, cards in rnd.piles.items()},
        "table": _uids(rnd.table) + [_uids(cards) for cards in rnd.lying],
        "turn": (rnd.turn, rnd.turns, rnd.direction, rnd.colour, list(rnd.skips), rnd.winner, rnd.side),
        "state": (rnd.player_state, rnd.game_state),
        "decision": None if decision is None else (decision.kind, decision.player, repr(decision.options)),
        "numbers": (match.rng.getstate(), [getattr(a, "rng", None) and a.rng.getstate() for a in match.agents]),
    }


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(SCENARIOS)) for p in FILES])
def test_a_scenario_ends_alike_on_both_loops(path):
    recorded = _Run(load_scenario(path))
    recorded.run()
    unrecorded = play_unrecorded(load_scenario(path))
    if recorded.match is None:  # (the match does not start: nor does it the other way)
        assert unrecorded is None
        return
    assert type(unrecorded.round) is specialised(unrecorded.edition, unrecorded.round_class)
    assert end_of(unrecorded) == end_of(recorded.match)
