"""`unodsl problem CODE`, the SARIF rules' help, and the pre-commit hooks (issue 28, part 2).

`unodsl problem` and the SARIF log read each code's explanation and example from
docs/problems.md, the one source: tests/formats/problem_L002.txt is what
`unodsl problem L002` prints (after a deliberate change: UNODSL_UPDATE_GOLDEN=1). The
hooks of .pre-commit-hooks.yaml are run as pre-commit runs them, on a folder holding
an edition, a house-rule file, a scenario and a YAML file that is not unodsl's.
"""
from __future__ import annotations

import json
import os
import re
from pathlib import Path
from urllib.parse import urlparse

import pytest
import yaml

from cli_helpers import no_traceback, run
from unodsl.codes import CODES
from unodsl.problem_help import all_help

ROOT = Path(__file__).resolve().parents[2]
FORMATS = ROOT / "tests" / "formats"
PAGE = (ROOT / "docs" / "problems.md").read_text(encoding="utf-8")


def test_problem_prints_a_code_s_section_of_docs_problems(monkeypatch):
    result = run("problem", "L002")
    no_traceback(result)
    golden = FORMATS / "problem_L002.txt"
    if os.environ.get("UNODSL_UPDATE_GOLDEN"):
        golden.write_text(result.stdout, encoding="utf-8")
    assert (result.exit_code, result.stdout) == (0, golden.read_text(encoding="utf-8"))
    assert run("problem", "l002").stdout == run("problem", "script-meaning").stdout == result.stdout


@pytest.mark.parametrize("code", list(CODES))
def test_every_code_s_help_is_its_page_section_with_its_example(code):
    """The command prints what the page says: the explanation word for word and each block."""
    section = PAGE.split(f"\n### {code} ", 1)[1].split("\n### ", 1)[0].split("\n## ", 1)[0]
    printed = run("problem", code).stdout
    assert printed.startswith(f"{code} {CODES[code][0]}\n\n")
    prose = section.split("\n```", 1)[0].split("\n", 1)[1].strip()
    assert prose and prose in printed
    for block in re.findall(r"^```[^\n]*\n(.*?)^```$", section, re.S | re.M):
        assert "\n".join(f"    {line}" if line else "" for line in block.rstrip("\n").split("\n")) in printed
    assert f"[{code}]" in printed  # (its example ends with a problem of that code)


def test_problem_all_lists_every_code_in_the_page_s_order():
    lines = run("problem", "--all").stdout.splitlines()
    assert [line.split(" ", 1)[0] for line in lines] == list(CODES)
    assert lines[0].startswith("F001 unreadable-file: The file cannot be read")


def test_an_unknown_code_is_a_usage_error_with_the_closest_code():
    result = run("problem", "L0002")
    assert result.exit_code == 2
    assert "no problem code 'L0002': did you mean L002?" in result.stderr
    assert "did you mean L002?" in run("problem", "script-meening").stderr
    assert run("problem").exit_code == 2


# ---- SARIF: each rule's help and helpUri -----------------------------------------------------

def sarif_rules(monkeypatch) -> list:
    monkeypatch.chdir(FORMATS)
    return json.loads(run("validate", "--format", "sarif", "fine.yaml").stdout)["runs"][0]["tool"]["driver"]["rules"]


def test_sarif_rules_carry_the_text_unodsl_problem_prints(monkeypatch):
    rules = sarif_rules(monkeypatch)
    assert [rule["id"] for rule in rules] == list(CODES)
    for rule in rules:
        assert rule["help"]["text"] == run("problem", rule["id"]).stdout.rstrip("\n")


def test_with_no_repository_known_help_uri_is_the_installed_page_s_section(monkeypatch):
    from urllib.request import url2pathname

    monkeypatch.delenv("UNODSL_DOCS_URL", raising=False)
    for rule in sarif_rules(monkeypatch):
        uri = urlparse(rule["helpUri"])
        assert uri.scheme == "file"  # absolute, as SARIF 3.49.12 wants, and it opens here
        assert Path(url2pathname(uri.path)).read_text(encoding="utf-8") == PAGE
        assert f"\n### {rule['id']} {rule['name']}\n" in PAGE
        assert uri.fragment == f"{rule['id']}-{rule['name']}".lower()


def test_unodsl_docs_url_names_where_a_team_publishes_the_docs(monkeypatch):
    monkeypatch.setenv("UNODSL_DOCS_URL", "https://docs.example.org/unodsl/")
    (rule, *_) = sarif_rules(monkeypatch)
    assert rule["helpUri"] == f"https://docs.example.org/unodsl/problems.md#{rule['id']}-{rule['name']}".lower()


def test_sarif_help_uri_is_the_code_s_anchor_in_the_repository_s_page(monkeypatch):
    from unodsl import validate_formats

    repository = "https://github.com/example/unodsl"
    monkeypatch.setattr(validate_formats, "problems_page_url",
                        lambda: f"{repository}/blob/v0.1.0/docs/problems.md")
    for rule in sarif_rules(monkeypatch):
        uri = urlparse(rule["helpUri"])
        assert (uri.scheme, uri.netloc) == ("https", "github.com")  # absolute, as SARIF 3.49.12 wants
        heading = next(h for h in all_help().values() if h.code == rule["id"])
        assert uri.fragment == f"{heading.code}-{heading.name}".lower()
        assert f"\n### {heading.code} {heading.name}\n" in PAGE


def test_the_repository_url_is_read_from_the_package_s_metadata(monkeypatch):
    from unodsl import validate_formats

    monkeypatch.delenv("UNODSL_DOCS_URL", raising=False)
    class Metadata:
        def __init__(self, urls):
            self.urls = urls

        def get_all(self, _name):
            return self.urls

    monkeypatch.setattr("importlib.metadata.metadata",
                        lambda _name: Metadata(["Homepage, https://x.org", "Repository, https://git.example/u/"]))
    assert validate_formats.problems_page_url() == "https://git.example/u/blob/v0.1.0/docs/problems.md"
    monkeypatch.setattr("importlib.metadata.metadata", lambda _name: Metadata(["Homepage, https://x.org"]))
    assert validate_formats.problems_page_url().startswith("file:")  # the installed page


# ---- the pre-commit hooks ---------------------------------------------------------------

HOOKS = {hook["id"]: hook for hook in yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))}


@pytest.fixture
def commit(tmp_path, monkeypatch):
    """A folder as a commit changes it: an edition, a rule file, a scenario, a CI workflow."""
    monkeypatch.chdir(tmp_path)
    Path("scenarios").mkdir()
    Path("scenarios/mine.yaml").write_text("name: Mine\nbase: classic\n", encoding="utf-8")
    Path("bounce.yaml").write_text("name: Bounce\nscript: |\n  on play where kind == skip:\n    next draws 1\n",
                                   encoding="utf-8")
    Path("scenarios/skip.yaml").write_text(
        "name: a skip passes over the next player\nedition: mine.yaml\nsetup:\n"
        "  hands: [[red skip, red 5, blue 9], [blue 2, blue 3], [red 4, yellow 1]]\n  discard: [red 3]\n"
        "answers: [red skip]\nexpect:\n  decision: {player: 2, kind: turn}\n", encoding="utf-8")
    Path("ci.yaml").write_text("name: ci\non: [push]\njobs: {}\n", encoding="utf-8")
    return ["scenarios/mine.yaml", "bounce.yaml", "scenarios/skip.yaml", "ci.yaml"]


def hook_run(hook_id: str, files: list[str], args: list[str] = ()):
    """The hook's entry as pre-commit runs it: entry, then args, then the files unless
    pass_filenames is false."""
    hook = HOOKS[hook_id]
    program, command, *options = hook["entry"].split()
    assert program == "unodsl" and hook["language"] == "python" and hook["types"] == ["yaml"]
    given = files if hook.get("pass_filenames", True) else []
    result = run(command, *options, *args, *given)
    no_traceback(result)
    return result


def test_the_validate_hook_checks_every_kind_and_skips_other_yaml_without_files(commit):
    assert "files" not in HOOKS["unodsl-validate"]
    assert (hook_run("unodsl-validate", commit).exit_code, hook_run("unodsl-validate", commit).stdout) == (0, "")
    Path("scenarios/skip.yaml").write_text(Path("scenarios/skip.yaml").read_text().replace("blue 2", "purple 2"))
    failed = hook_run("unodsl-validate", commit)
    assert failed.exit_code == 1 and failed.stdout.startswith("scenarios/skip.yaml:4:39: error: 'purple 2'")


def test_the_test_hook_runs_the_scenarios_of_its_args_whatever_file_changed(commit):
    assert HOOKS["unodsl-test"]["pass_filenames"] is False
    passed = hook_run("unodsl-test", ["scenarios/mine.yaml"], ["scenarios"])
    assert (passed.exit_code, passed.stdout.splitlines()[-1]) == (0, "1 passed, 0 failed")
    # The edition changed, not the scenario: the scenario it breaks fails the commit.
    Path("scenarios/mine.yaml").write_text("name: Mine\nbase: classic\nkinds:\n  skip: {effect: next draws 1}\n")
    assert hook_run("unodsl-test", ["scenarios/mine.yaml"], ["scenarios"]).exit_code == 1
