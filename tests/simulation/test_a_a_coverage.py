"""The stated rate of the lab's intervals: A/A comparisons (the same edition on both sides,
dealt with different seeds, so every difference is chance) whose 95% intervals must cover
zero about 95% of the time — for each figure the lab adds: the places' and the first seat's
edge, drama's figures, and the round length they are compared with."""
from __future__ import annotations

import pytest

from unodsl.sim.compare import compare
from unodsl.sim.simulate import make_side

RUNS = 120  # A/A comparisons; at 95% coverage the count covering zero has a spread of about 2.4
GAMES = 30  # single-round matches a side

FIGURES = ["turns_per_round", "points_per_round", "first_seat_edge", "place_round_win_rate:0",
           "place_round_win_rate:1", "lead_changes", "winner_deficit", "decisive", "one_card"]


@pytest.fixture(scope="module")
def coverage() -> dict[str, float]:
    covered = dict.fromkeys(FIGURES, 0)
    one_round = {"target_score": 1}
    for run in range(RUNS):
        a = make_side("classic", 3, f"a:{run}", "random", settings=one_round, drama=True)
        b = make_side("classic", 3, f"b:{run}", "random", settings=one_round, drama=True)
        result = compare(a, b, games=GAMES)
        for key in FIGURES:
            change, _ = result.metric(key).change()
            covered[key] += change.low <= 0 <= change.high
    return {key: n / RUNS for key, n in covered.items()}


@pytest.mark.parametrize("key", FIGURES)
def test_an_a_a_interval_covers_zero_at_about_the_stated_rate(coverage, key):
    # 95% stated; the delta method and Newcombe's interval are approximate at 30 games a side,
    # so a little under is allowed, and far over (an interval too wide to tell anything) is not.
    assert 0.88 <= coverage[key] <= 0.995, coverage
