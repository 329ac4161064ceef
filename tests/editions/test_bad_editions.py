"""The corpus of bad edition files: every layer of `unodsl validate`, message and place.

tests/bad_editions/NAME.yaml is a broken edition; NAME.txt is exactly what
`unodsl validate NAME.yaml` prints for it, run from inside tests/bad_editions
(so the messages name the files as given). The name says the layer the mistake
belongs to: yaml_, schema_, syntax_ (the effect language's grammar), meaning_
(names, types, decks, settings, cards that can never be played) and base_
(editions built on another; bases/ holds the editions they build on, which are
not cases themselves).

After a deliberate change of wording or position, rewrite the golden files with
`UNODSL_UPDATE_GOLDEN=1 python -m pytest tests/editions/test_bad_editions.py` and read
the diff before committing it.
"""
from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest

from unodsl.resources import data_dir
from cli_helpers import run, no_traceback

BAD = Path(__file__).parents[1] / "bad_editions"
CASES = sorted(path.stem for path in BAD.glob("*.yaml"))
LAYERS = ("yaml", "schema", "syntax", "meaning", "base")
PROBLEM_LINE = re.compile(r"^(?P<file>[^\s:][^:]*):(?P<line>\d+):(?P<column>\d+): (?P<severity>error|warning): ")


def test_the_corpus_covers_every_layer():
    assert len(CASES) >= 60
    by_layer = {layer: [name for name in CASES if name.startswith(layer + "_")] for layer in LAYERS}
    assert sum(map(len, by_layer.values())) == len(CASES), "every case is named after its layer"
    assert all(len(names) >= 5 for names in by_layer.values()), by_layer
    assert sorted(path.stem for path in BAD.glob("*.txt")) == CASES, "every case has its golden file"


@pytest.mark.parametrize("name", CASES)
def test_bad_edition_matches_golden(name, monkeypatch):
    monkeypatch.chdir(BAD)
    result = run("validate", f"{name}.yaml")
    no_traceback(result)
    assert result.exit_code == 1, result.stdout
    golden = BAD / f"{name}.txt"
    if os.environ.get("UNODSL_UPDATE_GOLDEN"):
        with open(golden, "w", encoding="utf-8", newline="") as f:
            f.write(result.stdout)
    with open(golden, encoding="utf-8", newline="") as f:
        assert result.stdout == f.read()


@pytest.mark.parametrize("name", CASES)
def test_bad_edition_problems_are_located(name, monkeypatch):
    """The same problems as JSON, each with a file and a place in it."""
    monkeypatch.chdir(BAD)
    result = run("validate", "--format", "json", f"{name}.yaml")
    no_traceback(result)
    assert result.exit_code == 1
    report = json.loads(result.stdout)
    assert not report["ok"] and report["problems"]
    for problem in report["problems"]:
        assert problem["line"] >= 1 and problem["column"] >= 1, problem
        assert Path(problem["file"]).exists(), problem  # the edition or a base it builds on
    with open(BAD / f"{name}.txt", encoding="utf-8", newline="") as f:
        text_lines = [m for m in map(PROBLEM_LINE.match, f.read().splitlines()) if m]
    assert [(p["file"], p["line"], p["column"], p["severity"]) for p in report["problems"]] == [
        (m["file"], int(m["line"]), int(m["column"]), m["severity"]) for m in text_lines]


@pytest.mark.parametrize("name", ["red_rule", "middle"])
def test_the_bases_the_cases_build_on_are_sound(name, monkeypatch):
    monkeypatch.chdir(BAD / "bases")
    result = run("validate", "--strict", f"{name}.yaml")
    assert (result.exit_code, result.stdout) == (0, f"{name}.yaml: ok\n")


SHIPPED = sorted(data_dir("editions").glob("*.yaml"))


@pytest.mark.parametrize("path", SHIPPED, ids=[path.stem for path in SHIPPED])
def test_every_shipped_edition_is_clean_even_with_strict(path):
    result = run("validate", "--strict", str(path))
    no_traceback(result)
    assert (result.exit_code, result.stdout) == (0, f"{path}: ok\n")


def test_all_shipped_editions_at_once():
    result = run("validate", "--strict", *map(str, SHIPPED))
    assert result.exit_code == 0
    assert result.stdout.splitlines() == [f"{path}: ok" for path in SHIPPED]
