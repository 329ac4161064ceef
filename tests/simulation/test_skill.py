"""The skill ladder (issue 29, unodsl.sim.skill): its seatings, every rung in its data,
a strictly better agent's positive gap, the headroom's arithmetic, and the CLI."""
from __future__ import annotations

import json

import pytest

from unodsl.sim.skill import LadderComparison, SkillLadder, SkillStep, ladder, play_step, rotations, rungs
from cli_helpers import run


def test_the_rungs_climb_from_random_to_mcts_at_four_times_the_budget():
    assert rungs(10) == ["random", "greedy", "mcts:iterations=10", "mcts:iterations=20", "mcts:iterations=40"]


@pytest.mark.parametrize("players, expected", [
    (2, [(True, False), (False, True)]),
    (3, [(True, False, True), (False, True, True), (True, True, False)]),
    (4, [(True, False, True, False), (False, True, False, True)]),
])
def test_each_agent_sits_in_every_seat_equally_often(players, expected):
    seatings = rotations(players)
    assert seatings == expected
    held = [sum(s[seat] for s in seatings) for seat in range(players)]
    assert len(set(held)) == 1  # the upper rung holds each seat as often as any other


def test_the_ladder_on_classic_has_every_rung_in_its_data():
    result = ladder("classic", players=4, games=2, budget=1, seed=3)
    data = result.as_dict()
    assert data["rungs"] == rungs(1)
    assert [(s["lower"], s["upper"]) for s in data["steps"]] == list(zip(rungs(1), rungs(1)[1:]))
    for step in data["steps"]:
        assert step["rounds"] + step["abandoned"] == 2  # one game per seating, 2 seatings
        assert step["upper_seats"] == 2 and step["fair_share"] == 0.5
        value, low, high = step["gap"]
        assert low <= value <= high
    assert data["headroom"][0] == pytest.approx(sum(s["gap"][0] for s in data["steps"]), abs=1e-3)
    assert json.loads(json.dumps(data)) == data  # plain data


def test_a_strictly_better_agent_shows_a_positive_gap():
    # greedy against random in classic: its share of 40 rounds, all seatings, is well above
    # half on every seed tried (1-8: gap +20 to +40 points, the interval above 0).
    step = play_step("classic", "random", "greedy", 4, 40, "1")
    assert step.rounds == 40
    assert step.gap().low > 0
    assert step.share().value == step.upper_wins / step.rounds


def test_the_gap_is_the_share_less_the_fair_share_and_the_headroom_adds_them():
    step = SkillStep("a", "b", players=3, upper_seats=2, rounds=60, upper_wins=50)
    assert step.fair == pytest.approx(2 / 3)
    assert step.gap().value == pytest.approx(50 / 60 - 2 / 3)
    assert step.gap().low == pytest.approx(step.share().low - 2 / 3)
    even = SkillStep("b", "c", players=4, upper_seats=2, rounds=100, upper_wins=50)
    one = SkillLadder("x", 4, 100, 1, "1", [step, even])
    headroom = one.headroom()
    assert headroom.value == pytest.approx(step.gap().value)
    se = ((50 / 60) * (10 / 60) / 60 + 0.25 / 100) ** 0.5
    assert headroom.high - headroom.value == pytest.approx(1.959964 * se, rel=1e-5)
    other = SkillLadder("y", 4, 100, 1, "1", [even])
    d = LadderComparison(one, other).difference()
    assert d.value == pytest.approx(-step.gap().value)
    assert d.high - d.value == pytest.approx(1.959964 * (se ** 2 + 0.25 / 100) ** 0.5, rel=1e-5)


def test_the_cli_prints_both_ladders_and_the_change():
    result = run("skill", "classic", "--games", "2", "--budget", "1", "--set", "hand_size=5")
    assert result.exit_code == 0, result.output
    assert "A: classic" in result.stdout and "B: classic with hand_size=5" in result.stdout
    assert "change in headroom, B - A" in result.stdout
    result = run("skill", "classic", "--games", "2", "--budget", "1", "--json")
    assert result.exit_code == 0 and len(json.loads(result.stdout)["steps"]) == 4


def test_the_cli_refuses_a_bad_edition_in_one_message():
    result = run("skill", "no-such-edition", "--games", "2")
    assert result.exit_code != 0 and "Traceback" not in result.output


def test_a_bad_rule_for_the_second_ladder_is_refused_before_any_game():
    result = run("skill", "classic", "--games", "400", "--budget", "50", "--rule", "on play: bogus")
    assert result.exit_code == 1 and "--rule 1:1:" in result.stderr and "skill ladder" not in result.stdout
