"""`unodsl validate` knows unodsl's files by kind and takes folders (issue 28, part 2).

A file is checked as what its keys say (an edition, a house-rule file, a scenario),
as `unodsl test` and the language server tell them apart; a folder is walked, its
YAML files that are not unodsl's skipped (`--verbose` says each), `--exclude GLOB`
leaves paths out, `--skip-foreign` skips a named file that is not unodsl's. A folder
named like a built-in edition does not hide the edition (`cd tests/scenarios &&
unodsl test classic`). docs/ci.md, "Files, folders and what is skipped".
"""
from __future__ import annotations

import os
import re
import shlex
from pathlib import Path

import pytest

from cli_helpers import no_traceback, run

ROOT = Path(__file__).resolve().parents[2]
FINE_EDITION = "name: Mine\nbase: classic\n"
FINE_RULE = "name: Bounce\nscript: |\n  on play where kind == skip:\n    next draws 1\n"
BAD_RULE = "name: Bounce\nscript: |\n  on play where kind == skip:\n    nxt draws 1\n"
FINE_SCENARIO = ("name: a skip passes over the next player\nedition: mine.yaml\nsetup:\n"
                 "  hands: [[red skip, red 5, blue 9], [blue 2, blue 3], [red 4, yellow 1]]\n  discard: [red 3]\n"
                 "answers: [red skip]\nexpect:\n  decision: {player: 2, kind: turn}\n")
WORKFLOW = "name: ci\non: [push]\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps: [{run: make}]\n"


@pytest.fixture
def folder(tmp_path, monkeypatch):
    """An edition, a house-rule file, a scenario of the edition, and a CI workflow."""
    monkeypatch.chdir(tmp_path)
    Path("mine.yaml").write_text(FINE_EDITION, encoding="utf-8")
    Path("bounce.yaml").write_text(FINE_RULE, encoding="utf-8")
    Path("skip-test.yaml").write_text(FINE_SCENARIO, encoding="utf-8")
    Path("ci.yml").write_text(WORKFLOW, encoding="utf-8")
    return tmp_path


def concise(*args: str):
    result = run("validate", "--format", "concise", *args)
    no_traceback(result)
    return result


# ---- each file as what it is -------------------------------------------------------------

def test_a_scenario_and_a_rule_file_beside_an_edition_have_no_made_up_problems(folder):
    result = run("validate", "mine.yaml", "bounce.yaml", "skip-test.yaml")
    no_traceback(result)
    assert (result.exit_code, result.stdout) == (0, "mine.yaml: ok\nbounce.yaml: ok\nskip-test.yaml: ok\n")


def test_a_rule_file_s_mistake_is_placed_in_it_as_a_rule_of_the_edition_its_comment_names(folder):
    Path("bounce.yaml").write_text(BAD_RULE, encoding="utf-8")
    result = concise("bounce.yaml")
    assert result.exit_code == 1
    assert result.stdout.startswith("bounce.yaml:4:5: error: `nxt` is not a player [L002]")
    # A kind only the named edition has: refused against classic, accepted against it.
    Path("mine.yaml").write_text(FINE_EDITION + "kinds:\n  star: {name: Star, deck: {count: 1}, points: 5, "
                                 "playable: always, on_start: turn another}\ntotal: 109\n", encoding="utf-8")
    Path("star.yaml").write_text("name: Star rule\nscript: |\n  on play where kind == star:\n    next draws 1\n", encoding="utf-8")
    assert concise("star.yaml").exit_code == 1
    Path("star.yaml").write_text("# unodsl-edition: mine.yaml\n" + Path("star.yaml").read_text(), encoding="utf-8")
    assert (concise("star.yaml").exit_code, concise("star.yaml").stdout) == (0, "")


def test_a_scenario_s_own_mistake_has_the_code_t001_and_it_is_not_played(folder):
    Path("skip-test.yaml").write_text(FINE_SCENARIO.replace("blue 2", "purple 2"), encoding="utf-8")
    result = concise("skip-test.yaml")
    assert (result.exit_code, result.stdout) == (
        1, "skip-test.yaml:4:39: error: 'purple 2' is not a card of Mine [T001]\n")
    # An expectation that does not hold is `unodsl test`'s to find, not validate's.
    Path("skip-test.yaml").write_text(FINE_SCENARIO.replace("player: 2", "player: 1"), encoding="utf-8")
    assert concise("skip-test.yaml").exit_code == 0
    assert run("test", "skip-test.yaml").exit_code == 1


# ---- folders -------------------------------------------------------------------------------

def test_a_folder_is_walked_and_what_is_not_unodsl_s_is_skipped_and_said_with_verbose(folder):
    Path("sub").mkdir()
    Path("sub/other.yaml").write_text(BAD_RULE, encoding="utf-8")
    result = concise("--verbose", ".")
    assert result.exit_code == 1
    assert result.stdout == "sub/other.yaml:4:5: error: `nxt` is not a player [L002]\n"
    assert result.stderr == ("skipped ci.yml: not unodsl's (no key of an edition, a house rule or a scenario)\n")
    assert concise(".").stderr == ""  # (said only with --verbose)
    text = run("validate", ".")
    assert {"mine.yaml: ok", "bounce.yaml: ok", "skip-test.yaml: ok"} <= set(text.stdout.splitlines())


def test_exclude_leaves_out_files_and_folders_named_or_found(folder):
    Path("sub").mkdir()
    Path("sub/other.yaml").write_text(BAD_RULE, encoding="utf-8")
    for pattern in ("sub", "./sub/", "sub/*", "other.yaml", "*/other.*"):
        result = concise("--verbose", "--exclude", pattern, ".")
        assert (result.exit_code, result.stdout) == (0, ""), pattern
        assert "excluded (--exclude)" in result.stderr
    assert concise("--exclude", "other.yaml", "sub/other.yaml").exit_code == 0


def test_hidden_folders_and_symlinks_out_of_the_folder_are_not_followed(folder, tmp_path_factory):
    outside = tmp_path_factory.mktemp("outside")
    (outside / "bad.yaml").write_text(BAD_RULE, encoding="utf-8")
    Path(".hidden").mkdir()
    Path(".hidden/bad.yaml").write_text(BAD_RULE, encoding="utf-8")
    Path("inner").mkdir()
    os.symlink(outside, "inner/linked")
    os.symlink(outside / "bad.yaml", "inner/bad-link.yaml")
    result = concise("--verbose", ".")
    assert (result.exit_code, result.stdout) == (0, "")
    assert sorted(result.stderr.splitlines()) == [
        "skipped .hidden: a hidden folder (name it to check it)",
        "skipped ci.yml: not unodsl's (no key of an edition, a house rule or a scenario)",
        "skipped inner/bad-link.yaml: a symlink to a file outside the folder (not followed)",
        "skipped inner/linked: a symlink to a folder (not followed)",
    ]
    assert concise(".hidden").exit_code == 1  # named, it is checked


def test_a_named_file_that_is_none_of_unodsl_s_is_an_edition_unless_skip_foreign(folder):
    named = concise("ci.yml")
    assert named.exit_code == 1 and "[S001]" in named.stdout
    skipped = concise("--skip-foreign", "--verbose", "ci.yml", "mine.yaml")
    assert (skipped.exit_code, skipped.stdout) == (0, "")
    assert skipped.stderr.startswith("skipped ci.yml: not unodsl's")


def test_the_repository_checks_itself_as_docs_ci_says(monkeypatch):
    """The acceptance point: over editions/ and tests/, no problem made up by misreading a
    file's kind; what is left out with --exclude are files meant to be wrong."""
    page = (ROOT / "docs" / "ci.md").read_text(encoding="utf-8")
    command = re.search(r"^\$ (unodsl validate --quiet editions/ tests/ [^\n]+)$", page, re.M)[1]
    monkeypatch.chdir(ROOT)
    result = run(*shlex.split(command)[1:], "--format", "concise")
    no_traceback(result)
    assert result.exit_code == 0
    assert [line.split(": ")[0:2] for line in result.stdout.splitlines()] == [
        ["tests/scenarios/what-just-happened/mirror.yaml:7:5", "warning"]]


def test_every_scenario_and_rule_file_of_the_repository_is_checked_as_one(monkeypatch):
    from unodsl.validate_files import validate_paths

    monkeypatch.chdir(ROOT)
    report = validate_paths(["editions/house-rules", "tests/scenarios/classic"])
    assert len(report.files) == len(list(Path("editions/house-rules").rglob("*.yaml"))) + 20
    assert report.problems == [] and report.skipped == []


# ---- a folder named like a built-in edition ------------------------------------------------

def test_a_folder_named_like_a_built_in_edition_does_not_hide_it(monkeypatch):
    monkeypatch.chdir(ROOT / "tests" / "scenarios")
    result = run("test", "classic")
    no_traceback(result)
    assert result.exit_code == 0 and result.stdout.endswith(" passed, 0 failed\n")
    assert run("cards", "classic").stdout.startswith("Classic UNO (classic): 108 cards")
    assert run("explain", "flip", "skip").exit_code == 0
    assert run("validate", "--quiet", "classic").exit_code == 0  # the folder, walked: its scenarios


def test_a_folder_that_names_no_built_in_edition_is_said_to_be_a_folder(monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    Path("mine").mkdir()
    result = run("cards", "mine")
    assert result.exit_code == 1 and "it is a folder, not a regular file" in result.stderr


def test_a_folder_with_none_of_unodsl_s_files_is_a_usage_error(folder):
    Path("empty").mkdir()
    Path("workflows").mkdir()
    Path("workflows/ci.yml").write_text(WORKFLOW, encoding="utf-8")
    for given in ("empty", "workflows"):
        result = run("validate", given)
        assert result.exit_code == 2
        assert f"no edition, house-rule or scenario file in the folder {given}" in result.stderr
