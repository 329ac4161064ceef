"""Going out through a hook: recorded once, and at once.

Written for mutants that survived the suite (docs/mutation.md). One of them,
leaving out the check for who is out after a `play` hook, showed the check
ran twice: a player who went out with a play hook in force was recorded as
out twice.
"""
from __future__ import annotations

import unodsl
from unodsl.engine.setup import Setup


def test_going_out_with_a_play_hook_in_force_is_recorded_once():
    edition = unodsl.load_edition("classic", rules=["@seven-zero"])
    m = unodsl.Match(edition, players=3, seed=1, max_rounds=1, setup=Setup(
        hands=[["red 7"], ["green 1", "green 2"], ["yellow 1"]], discard=["red 9"]))
    m.answer(m.round.hands[0][0])
    assert [e for e in m.log if e["event"] == "out"] == [{"event": "out", "player": 0}]


def test_a_player_emptied_by_a_turn_start_hook_is_out_before_playing():
    edition = unodsl.load_edition("classic", rules=["on turn_start where me.hand < 3:\n  me discards all where colour == green"])
    m = unodsl.Match(edition, players=3, seed=1, max_rounds=1, setup=Setup(
        hands=[["red 5", "red 6", "red 8"], ["green 1", "green 2"], ["yellow 1", "yellow 2", "blue 3"]],
        draw=["blue 7", "blue 8"], discard=["red 9"]))
    m.answer(m.round.hands[0][0])  # red 5; then player 1's turn begins with two greens
    assert (m.decision.kind, m.decision.player) == ("top_card", 1)
    m.answer(m.decision.options[0])
    assert m.results[0].winner == 1
    assert [e for e in m.log if e["event"] == "out"] == [{"event": "out", "player": 1}]
    assert not [e for e in m.log if e["event"] == "turn" and e["player"] == 2]
