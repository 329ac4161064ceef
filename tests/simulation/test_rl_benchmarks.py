"""The RL benchmark (benchmarks/rl_steps.py) and the training example (benchmarks/train_policy.py) run
and write what they say; the example's learner follows its gradient and never picks a masked action.
No timing is asserted: the machine is shared."""
from __future__ import annotations

import csv
import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"
sys.path.insert(0, str(BENCHMARKS))

import train_policy  # noqa: E402


def test_rl_steps_prints_each_environments_steps_per_second_and_the_ratios():
    pytest.importorskip("unodsl.rl")
    pytest.importorskip("rlcard")
    import rl_steps
    done = subprocess.run([sys.executable, str(BENCHMARKS / "rl_steps.py"), "--steps", "300", "--block", "100",
                           "--json"], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    results = json.loads(done.stdout)
    assert (results["edition"], results["players"]) == ("classic", 2)
    assert set(results["figures"]) == {"aec", "aec_play", "single", "rlcard"}
    for figures in results["figures"].values():
        assert figures["steps"] >= 300 and figures["steps_per_second"] > 0
    assert set(results["ratios"]) == {"aec", "aec_play", "single"}
    for ratio in results["ratios"].values():
        low, median, high = ratio["quartiles"]
        assert 0 < low <= median <= high and ratio["ratio"] > 0
    text = rl_steps.report(results)
    assert "unodsl AEC (unodsl.rl.env)" in text and "RLCard 1.2.0" in text and "target >= 3x: " in text
    rows = rl_steps.table(results).splitlines()
    assert len([row for row in rows if row.startswith("| ")]) == 5
    assert "(target ≥ 3×)" in next(row for row in rows if row.startswith("- unodsl AEC (unodsl.rl.env)"))


def test_train_policy_writes_its_curve_as_csv_and_png(tmp_path):
    pytest.importorskip("unodsl.rl")
    pytest.importorskip("matplotlib")
    out = tmp_path / "curve"
    done = subprocess.run([sys.executable, str(BENCHMARKS / "train_policy.py"), "--episodes", "40", "--eval-every",
                           "20", "--eval-episodes", "10", "--batch", "8", "--out", str(out)],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("backend: numpy") and "final: " in done.stdout
    with out.with_suffix(".csv").open(encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    assert [int(row["episodes"]) for row in rows] == [0, 20, 40]
    for row in rows:
        assert 0 <= float(row["low"]) <= float(row["win_rate"]) <= float(row["high"]) <= 1
    assert out.with_suffix(".png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize("hidden", [0, 5])
def test_the_policys_gradient_is_that_of_advantage_times_log_probability(hidden):
    rng = np.random.default_rng(3)
    policy = train_policy.Policy(4, 6, hidden, rng)
    for params in policy.params.values():  # away from the small start, where every logit is near 0
        params += rng.normal(0, 0.5, params.shape)
    x = rng.normal(size=(5, 4))
    masks = np.array([[1, 0, 1, 1, 0, 1]] * 5)
    actions, advantages = np.array([0, 2, 3, 5, 0]), rng.normal(size=5)

    def objective():
        probs = policy.probabilities(x, masks)[1]
        return np.mean(advantages * np.log(probs[np.arange(5), actions]))

    gradients = policy.gradients(x, masks, actions, advantages)
    for name, params in policy.params.items():
        index = tuple(rng.integers(size) for size in params.shape)
        params[index] += 1e-6
        up = objective()
        params[index] -= 2e-6
        down = objective()
        params[index] += 1e-6
        assert (up - down) / 2e-6 == pytest.approx(gradients[name][index], rel=1e-4, abs=1e-7)


def test_the_learner_never_picks_a_masked_action():
    learner = train_policy.Learner(3, 5, 4, 0.01, seed=0)
    mask = np.array([0, 1, 0, 1, 0], dtype=np.int8)
    picked = {learner.act({"observation": np.ones(3, np.float32), "action_mask": mask}, greedy=False)
              for _ in range(200)}
    assert picked == {1, 3}
    assert learner.act({"observation": np.ones(3, np.float32), "action_mask": mask}, greedy=True) in (1, 3)
