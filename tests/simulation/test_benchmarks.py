"""The speed comparison compares like with like, and its script runs.

benchmarks/floor.py claims to play classic's rules with the policy of the
engine's random agents: then its rounds last as many turns as the engine's
(seeded on both sides, so these figures are fixed).
"""
from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import unodsl

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"
sys.path.insert(0, str(BENCHMARKS))

import floor  # noqa: E402

ROUNDS = 8000


def test_the_floor_plays_rounds_as_long_as_the_engines_random_agents():
    edition = unodsl.load_edition("classic")
    engine_rounds = engine_turns = seed = 0
    while engine_rounds < ROUNDS:
        rounds = unodsl.Match(edition, players=4, agents="random", seed=seed, record=False).play().rounds
        engine_rounds += len(rounds)
        engine_turns += sum(r.turns for r in rounds)
        seed += 1
    rng = random.Random(1)
    floor_turns = sum(floor.play_round(rng, 4) for _ in range(ROUNDS))
    engine, loop = engine_turns / engine_rounds, floor_turns / ROUNDS
    # Turns per round spread widely (sd about 55 for a mean of 84): over 8,000 rounds a
    # side's mean is within about 0.7% of its expectation, so 3% apart means another
    # policy. A drawn card always played moves the mean by 8%, never played by 9%; an
    # UNO call always made by 30%.
    assert abs(loop - engine) < 0.03 * engine, (engine, loop)


def test_compare_prints_the_table_with_its_targets():
    done = subprocess.run([sys.executable, str(BENCHMARKS / "compare.py"), "--rounds", "200", "--chunk", "50",
                           "--no-rlcard", "--no-instructions"], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "| unodsl (editions/classic.yaml) |" in done.stdout and "| floor (benchmarks/floor.py) |" in done.stdout
    assert "target ≤ 1.2×" in done.stdout and "KiB" in done.stdout


def test_breakdown_splits_a_round_into_its_turn_loop_and_the_rest():
    done = subprocess.run([sys.executable, str(BENCHMARKS / "breakdown.py"), "--rounds", "60", "--repeat", "1"],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    unodsl_line = next(line for line in done.stdout.splitlines() if line.strip().startswith("unodsl:"))
    total, loop, rest = (float(unodsl_line.split()[i]) for i in (1, 4, -1))
    assert loop > 0 and rest > 0 and abs(total - loop - rest) < 0.2


def test_editions_compares_each_edition_with_classic_per_turn():
    done = subprocess.run([sys.executable, str(BENCHMARKS / "editions.py"), "--editions", "veto,all-wild",
                           "--turns", "3000", "--chunk", "1500"], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    rows = {line.split("|")[1].strip(): line.split("|") for line in done.stdout.splitlines()[2:]}
    assert set(rows) == {"veto", "all-wild"}
    assert 20 < float(rows["all-wild"][2]) < 45 and 60 < float(rows["veto"][2]) < 110  # (turns a round)
    assert all(float(row[3]) > 0 and float(row[6].split()[0]) > 0 and row[7].strip() in ("met", "not met")
               for row in rows.values())


def test_bench_stats_sets_the_workers_beside_independent_processes():
    # (the machine's ceiling: the same games split between processes that send nothing back)
    done = subprocess.run([sys.executable, str(BENCHMARKS / "bench_stats.py"), "--workers", "1,2", "--games", "40",
                           "--repeat", "2"], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[1].startswith("  1 worker : 1.00 x") and lines[2].startswith("  2 workers: ")
    assert "2 independent processes: " in lines[2] and "runs (rounds/s by wall clock): 1: " in lines[3]
    assert lines[3].count("independent") == 2  # one for each run


def test_ablate_plays_each_edition_with_and_without_its_rule():
    done = subprocess.run([sys.executable, str(BENCHMARKS / "ablate.py"), "--chunks", "1", "--turns", "300"],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    rows = {line.split("|")[1].strip(): line.split("|") for line in done.stdout.splitlines()[2:]}
    assert float(rows["classic"][3]) == 1.0 and len(rows) == 11
    assert all(float(row[2]) > 0 for row in rows.values())


def test_the_skill_ladder_prints_its_table_and_the_targets():
    done = subprocess.run([sys.executable, str(BENCHMARKS / "skill.py"), "--editions", "classic,flip", "--rounds", "4",
                           "--budget", "2", "--chunk", "2", "--workers", "1"],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "| mcts:iterations=8 |" in done.stdout and "| greedy |" in done.stdout and "## flip" in done.stdout
    assert "## Against the targets (mcts:iterations=8)" in done.stdout


def test_the_worlds_benchmark_prints_sample_plus_copy_against_its_target():
    done = subprocess.run([sys.executable, str(BENCHMARKS / "worlds.py"), "--samples", "200", "--chunk", "100"],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "| sample + copy, us |" in done.stdout and "< 25 us:" in done.stdout
    assert "| playing on / the written loop |" in done.stdout
