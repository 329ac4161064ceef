"""The lab's results on the report page (unodsl.sim.lab_report): each figure's table says
the numbers `--json` prints, and `compare --skill` carries both ladders and the change."""
from __future__ import annotations

import json

import pytest

from unodsl.sim.impact import impact, impact_rows
from unodsl.sim.lab_report import impact_sections, skill_sections, sweep_sections
from unodsl.sim.skill import LadderComparison, SkillLadder, SkillStep
from unodsl.sim.simulate import make_side
from unodsl.sim.sweep import sweep, sweep_points
from cli_helpers import no_traceback, run

pytest.importorskip("matplotlib", reason="the report's figures need matplotlib: pip install 'unodsl[plots]'")


def test_impact_tables_give_each_variants_change_as_json_does():
    result = impact("classic", players=3, games=8, seed="t", cards=["skip"], rules=["@seven-zero"])
    rows = impact_rows(result)
    sections = {s.key: s for s in impact_sections(result)}
    assert list(sections) == ["impact-turns-per-round", "impact-points-per-round", "impact-holder-round-win-rate",
                              "impact-first-seat-edge"]
    turns = {row[0]: row for row in sections["impact-turns-per-round"].table[1:]}
    for row in (r for r in rows if r["figure"] == "turns_per_round"):
        shown = turns[row["variant"]]
        assert shown[3] == f"{100 * row['estimate']:+.1f}%"
        assert shown[6] == f"{row['p_adjusted']:.3f}"
    # the holder's rate is a kind's figure: the rule's variant has no holder, so no row
    holders = [row[0] for row in sections["impact-holder-round-win-rate"].table[1:]]
    assert holders and all("seven-zero" not in label for label in holders)


def test_a_sweeps_curves_give_each_value_in_order():
    sides = [make_side("classic", 3, "s", "random", settings={"hand_size": n}) for n in (4, 6)]
    result = sweep(sides, "hand_size", [4, 6], 6)
    turns = next(s for s in sweep_sections(result) if s.key == "sweep-turns-per-round")
    points = [p for p in sweep_points(result) if p["figure"] == "turns_per_round"]
    assert [row[0] for row in turns.table[1:]] == ["4", "6"]
    assert [row[1] for row in turns.table[1:]] == [f"{p['estimate']:.3f}" for p in points]


def test_the_ladder_table_gives_gaps_the_headroom_and_its_change():
    a = SkillLadder("A", 4, 100, 1, "1", [SkillStep("random", "greedy", 4, 2, rounds=100, upper_wins=80)])
    b = SkillLadder("B", 4, 100, 1, "1", [SkillStep("random", "greedy", 4, 2, rounds=100, upper_wins=60)])
    (section,) = skill_sections(LadderComparison(a, b))
    labels = [row[0] for row in section.table[1:]]
    assert labels == ["A: greedy vs random", "A: headroom (the sum of the gaps)", "B: greedy vs random",
                      "B: headroom (the sum of the gaps)", "change in headroom, B − A"]
    assert section.table[1][4] == "+30.0 pts" and section.table[-1][4] == "-20.0 pts"


def test_compare_skill_puts_both_ladders_and_the_change_in_its_json():
    result = run("compare", "classic", "--set-b", "hand_size=5", "-g", "2", "--players", "2", "--skill",
                 "--json", "--no-timing")
    no_traceback(result)
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert "metrics" in data and set(data["skill"]) >= {"a", "b", "difference"}
    a, b = data["skill"]["a"], data["skill"]["b"]
    assert len(a["steps"]) == len(b["steps"]) == 4
    assert data["skill"]["difference"][0] == pytest.approx(b["headroom"][0] - a["headroom"][0], abs=1e-3)


def test_compare_skill_refuses_csv():
    result = run("compare", "classic", "-g", "2", "--skill", "--csv")
    assert result.exit_code == 2 and "--skill gives text or --json" in result.stderr


@pytest.fixture(autouse=True)
def _close_figures():
    """The sections' figures are drawn but not written here: closed after each test."""
    yield
    from unodsl.sim.plots import pyplot

    pyplot().close("all")
