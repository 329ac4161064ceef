"""The speed comparison compares like with like, and its script runs.

benchmarks/handwritten.py claims to play the rules and random policy of
editions/classic.yaml under the engine's random agents: then its rounds and
matches must last as long as the engine's (seeded, so these figures are fixed).
"""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import unodsl

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"
sys.path.insert(0, str(BENCHMARKS))

import handwritten  # noqa: E402


def test_the_hand_written_loop_plays_as_long_rounds_and_matches_as_the_engine():
    edition = unodsl.load_edition("classic")
    engine_rounds = engine_turns = loop_rounds = loop_turns = 0
    matches = 300
    for seed in range(matches):
        rounds = unodsl.Match(edition, players=4, agents="random", seed=seed, record=False).play().rounds
        engine_rounds += len(rounds)
        engine_turns += sum(r.turns for r in rounds)
        _winner, played, turns = handwritten.play_match(4, seed)
        loop_rounds += played
        loop_turns += turns
    # About 3,100 rounds each: the means differ by well under 3% when the rules agree
    # (a Wild Draw Four that cannot be challenged, or a drawn card never played,
    # moves turns per round by far more).
    assert abs(loop_turns / loop_rounds - engine_turns / engine_rounds) < 0.03 * engine_turns / engine_rounds
    assert abs(loop_rounds - engine_rounds) < 0.03 * engine_rounds


def test_compare_prints_the_table_with_its_targets():
    done = subprocess.run([sys.executable, str(BENCHMARKS / "compare.py"), "--rounds", "200", "--chunk", "50",
                           "--no-rlcard"], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "| unodsl (classic.yaml) |" in done.stdout and "| hand-written loop |" in done.stdout
    assert "target ≤ 1.5×" in done.stdout and "KiB" in done.stdout
