"""Every scenario file under tests/scenarios/ (any edition, any folder) must pass.

Scenario files are rule tests written as data (docs/scenarios.md); adding one
is enough for it to run here. `unodsl test tests/scenarios` runs the same.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from unodsl.scenario import run_file, scenario_files

SCENARIOS = Path(__file__).parents[1] / "scenarios"
FILES = scenario_files([SCENARIOS])  # every *.yaml but edition and rule files kept beside scenarios


def test_there_are_scenarios():
    assert FILES, f"no scenario files under {SCENARIOS}"


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(SCENARIOS)) for p in FILES])
def test_scenario_passes(path):
    outcome = run_file(path)
    assert outcome.passed, "\n".join(outcome.lines())
