"""tests/mutation_tools/score.py: the mutation score docs/mutation.md records, counted from mutmut's
results (docs/mutation.md, "Score": killed / (mutants - equivalent - not run), timeouts
count as killed; `--checked` counts the survivors a later test was checked to kill)."""
from __future__ import annotations

import json

import pytest

from mutation_tools import score

DOC = """| mutant | class | reason or test |
|---|---|---|
| `m.f__mutmut_3` | equivalent | a fresh name |
| `m.f__mutmut_4` | gap | killed by tests/mutation/test_x.py: what it checks |
| `m.f__mutmut_5` | gap | left: no test yet |
"""
# killed, timeout, survived (equivalent), survived (killed later), survived, no tests, not run
CODES = {"m.f__mutmut_1": 1, "m.f__mutmut_2": 36, "m.f__mutmut_3": 0, "m.f__mutmut_4": 0,
         "m.f__mutmut_5": 0, "m.f__mutmut_6": 33, "m.f__mutmut_7": None}


@pytest.fixture
def recorded(tmp_path, monkeypatch):
    (tmp_path / "mutants" / "m").mkdir(parents=True)
    (tmp_path / "mutants" / "m" / "f.py.meta").write_text(json.dumps({"exit_code_by_key": CODES}))
    (tmp_path / "mutation.md").write_text(DOC)
    monkeypatch.setattr(score, "MUTANTS", tmp_path / "mutants")
    monkeypatch.setattr(score, "DOC", tmp_path / "mutation.md")


def test_the_score_counts_killed_and_timeouts_over_the_mutants_that_matter(recorded, capsys):
    score.main([])
    row = capsys.readouterr().out.splitlines()[2]
    # 7 mutants: 1 killed, 1 timeout, 2 survived, 1 equivalent, 1 no tests, 1 not run -> 2 / 5
    assert row == "| m/f.py | 7 | 1 | 1 | 2 | 1 | 1 | 0 | 1 | 40.0% |"


def test_checked_kills_count_as_killed(recorded, capsys):
    score.main(["--checked"])
    assert capsys.readouterr().out.splitlines()[2] == "| m/f.py | 7 | 2 | 1 | 1 | 1 | 1 | 0 | 1 | 60.0% |"


def test_survivors_are_listed_for_classifying_and_checked_kills_left_out_on_request(recorded, capsys):
    score.main(["--survivors"])
    assert capsys.readouterr().out.split("\n")[:-1] == [
        "survived m.f__mutmut_4", "survived m.f__mutmut_5", "no tests m.f__mutmut_6"]
    score.main(["--survivors", "--checked"])
    assert capsys.readouterr().out.split("\n")[:-1] == ["survived m.f__mutmut_5", "no tests m.f__mutmut_6"]
