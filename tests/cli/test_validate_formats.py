"""`unodsl validate` for CI and editors (issue 14, items 2 and 3): every problem of a
file in one run, each with a stable code and an end; the output formats text,
concise, json, github and sarif; --quiet and --exit-zero.

tests/formats/many_mistakes.yaml has a mistake in the YAML, two in the schema
and one in each of three scripts; many_mistakes.FORMAT is exactly what
`unodsl validate --format FORMAT many_mistakes.yaml fine.yaml` prints, run in
tests/formats. After a deliberate change, rewrite them with
`UNODSL_UPDATE_GOLDEN=1 python -m pytest tests/cli/test_validate_formats.py` and
read the diff. The SARIF output is checked against the official SARIF 2.1.0
schema (tests/sarif/README.md says where it comes from).
"""
from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest
from jsonschema import Draft4Validator

from cli_helpers import no_traceback, run
from unodsl.codes import CODES
from unodsl.validate import check_edition, check_text

HERE = Path(__file__).parents[1]
FORMATS = HERE / "formats"
BAD = HERE / "bad_editions"
SARIF_SCHEMA = json.loads((HERE / "sarif" / "sarif-schema-2.1.0.json").read_text(encoding="utf-8"))
PROBLEMS_PAGE = HERE.parent / "docs" / "problems.md"

# (line, column, end line, end column, code) of each problem of many_mistakes.yaml, in the file's order.
MANY_MISTAKES = [
    (5, 1, 5, 7, "S001"),  # `colors:` (an unknown key, the key itself)
    (7, 14, 7, 19, "S003"),  # `seven` for hand_size
    (13, 13, 13, 22, "Y004"),  # `!!int ten`
    (14, 20, 14, 25, "L001"),  # `drawz`: a script that does not parse ...
    (23, 12, 23, 16, "L002"),  # `nxet`: ... one that does not make sense ...
    (30, 22, 30, 23, "L001"),  # `=`: ... and a condition that does not parse
    (33, 3, 33, 7, "Y003"),  # the second `bang:`
]


def many_mistakes() -> list:
    path = FORMATS / "many_mistakes.yaml"
    return check_text(path.read_text(encoding="utf-8"), str(path))


def test_every_problem_of_a_file_in_one_run_in_order_with_codes_and_ends():
    problems = many_mistakes()
    assert [(p.span.line, p.span.column, *p.span.end, p.code) for p in problems] == MANY_MISTAKES
    assert all(p.severity == "error" for p in problems)


def test_a_script_s_syntax_error_hides_no_other_script_s_problems():
    text = (FORMATS / "many_mistakes.yaml").read_text(encoding="utf-8")
    problems = check_text(text.replace("!!int ten", "10").replace("colors", "colours")
                          .replace("seven", "7").replace("  bang:\n    name: Bang again\n", ""), "m.yaml")
    assert [p.code for p in problems] == ["L001", "L002", "L001", "E001"]  # (and `total`, now it can be counted)


def test_a_file_that_is_not_yaml_is_the_only_stop():
    problems = check_text("name: [unclosed\nkinds:\n  a: {effect: next drawz 1}\n", "y.yaml")
    assert [(p.code, p.span.line) for p in problems] == [("Y001", 2)]


def test_the_scripts_of_a_file_whose_kinds_are_missing_are_still_parsed():
    """No `kinds:` at all: no edition can be built from it, but the house rules' syntax is checked."""
    problems = check_text("name: X\ncolours: [red]\nrules:\n  - name: R\n    script: 'on play: next drawz 1'\n",
                          "r.yaml")
    assert [p.code for p in problems] == ["S002", "L001"]


def _golden(name: str, output: str) -> str:
    golden = FORMATS / name
    if os.environ.get("UNODSL_UPDATE_GOLDEN"):
        golden.write_text(output, encoding="utf-8")
    return golden.read_text(encoding="utf-8")


@pytest.mark.parametrize("output", ["text", "concise", "json", "github", "sarif"])
def test_each_format_matches_its_golden_file(output, monkeypatch):
    monkeypatch.chdir(FORMATS)
    monkeypatch.setenv("UNODSL_DOCS_URL", "https://unodsl.example/docs")  # SARIF's helpUri, the same anywhere
    result = run("validate", "--format", output, "many_mistakes.yaml", "fine.yaml")
    no_traceback(result)
    assert result.exit_code == 1
    assert result.stdout == _golden(f"many_mistakes.{output}", result.stdout)


def test_github_annotations_carry_the_place_its_end_and_the_code(monkeypatch):
    monkeypatch.chdir(FORMATS)
    lines = run("validate", "--format", "github", "many_mistakes.yaml").stdout.splitlines()
    shape = re.compile(r"^::error file=many_mistakes\.yaml,line=(\d+),col=(\d+),endLine=(\d+),endColumn=(\d+),"
                       r"title=([A-Z]\d{3})::[^\n]+$")
    assert [tuple(map(int, m.groups()[:4])) + (m[5],) for m in map(shape.match, lines)] == MANY_MISTAKES


def test_github_escapes_what_would_end_a_property_or_the_message(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    Path("a,b:c.yaml").write_text("name: Odd\nbase: classic\ntotal: 100%\n", encoding="utf-8")
    result = run("validate", "--format", "github", "a,b:c.yaml")
    assert result.stdout.startswith("::error file=a%2Cb%3Ac.yaml,line=3,col=8,")
    assert "the text \"100%25\"" in result.stdout and "\n" not in result.stdout.rstrip("\n")


def test_a_place_that_is_no_file_is_said_in_the_message(monkeypatch):
    monkeypatch.chdir(FORMATS)
    result = run("validate", "--format", "github", "fine.yaml", "--set", "hand_size=seven")
    assert result.stdout.startswith("::error title=F003::--set hand_size=seven: settings.hand_size: expected")
    sarif = json.loads(run("validate", "--format", "sarif", "nosuch").stdout)
    (only,) = sarif["runs"][0]["results"]
    assert "locations" not in only and only["message"]["text"].startswith("nosuch: no edition named")
    assert only["ruleId"] == "F001"


def sarif_of(*args: str) -> dict:
    result = run("validate", "--format", "sarif", *args)
    no_traceback(result)
    log = json.loads(result.stdout)
    errors = [f"{list(e.absolute_path)}: {e.message}" for e in Draft4Validator(SARIF_SCHEMA).iter_errors(log)]
    assert errors == []
    return log


def test_sarif_output_validates_against_the_sarif_2_1_0_schema(monkeypatch, tmp_path):
    monkeypatch.chdir(FORMATS)
    log = sarif_of("many_mistakes.yaml", "fine.yaml")
    results = log["runs"][0]["results"]
    assert [(r["locations"][0]["physicalLocation"]["region"]["startLine"], r["ruleId"]) for r in results] == [
        (line, code) for line, _column, _end_line, _end_column, code in MANY_MISTAKES]
    rules = log["runs"][0]["tool"]["driver"]["rules"]
    assert all(rules[r["ruleIndex"]]["id"] == r["ruleId"] for r in results)
    assert sarif_of("fine.yaml")["runs"][0]["results"] == []
    assert sarif_of("fine.yaml", "--set", "hand_size=seven")["runs"][0]["results"][0]["level"] == "error"
    warned = tmp_path / "warned.yaml"
    warned.write_text("name: W\nbase: classic\nkinds:\n  odd: {name: Odd, deck: {count: 1}, points: 5, "
                      "playable: always, effect: skip next}\ntotal: 109\n", encoding="utf-8")
    (result,) = sarif_of(str(warned))["runs"][0]["results"]
    assert (result["level"], result["ruleId"]) == ("warning", "E004")
    assert result["locations"][0]["physicalLocation"]["artifactLocation"]["uri"].startswith("file:///")


def test_quiet_prints_only_the_problems(monkeypatch):
    monkeypatch.chdir(FORMATS)
    clean = run("validate", "--quiet", "fine.yaml", "classic")
    assert (clean.exit_code, clean.stdout) == (0, "")
    loud = run("validate", "many_mistakes.yaml", "fine.yaml")
    quiet = run("validate", "-q", "many_mistakes.yaml", "fine.yaml")
    assert quiet.exit_code == 1
    assert quiet.stdout.splitlines() == loud.stdout.splitlines()[:-2]  # no `fine.yaml: ok`, no count


def test_exit_zero_reports_the_problems_and_succeeds(monkeypatch):
    monkeypatch.chdir(FORMATS)
    result = run("validate", "--exit-zero", "--format", "concise", "many_mistakes.yaml")
    assert result.exit_code == 0 and len(result.stdout.splitlines()) == len(MANY_MISTAKES)
    assert run("validate", "--exit-zero", "--format", "xml", "fine.yaml").exit_code == 2  # a usage error still is


# ---- the codes ------------------------------------------------------------------------

CORPUS = sorted(path.stem for path in BAD.glob("*.yaml"))
# The codes a case of tests/bad_editions may have, by the layer its name says.
LAYER_CODES = {"yaml": "YF", "schema": "SL", "syntax": "L", "meaning": "LES", "base": "FSLE"}


@pytest.mark.parametrize("name", CORPUS)
def test_every_problem_of_the_corpus_has_a_code_of_its_layer_and_an_end(name, monkeypatch):
    monkeypatch.chdir(BAD)
    problems = check_edition(f"{name}.yaml")
    assert problems
    for problem in problems:
        assert problem.code in CODES, problem.format()
        assert problem.code[0] in LAYER_CODES[name.split("_")[0]], (problem.code, problem.format())
        assert problem.span.end > (problem.span.line, problem.span.column)


def test_docs_problems_lists_every_code_with_its_meaning_and_an_example():
    page = PROBLEMS_PAGE.read_text(encoding="utf-8")
    listed = re.findall(r"^### ([A-Z]\d{3}) ([a-z-]+)$", page, re.MULTILINE)
    assert listed == [(code, name) for code, (name, _meaning) in CODES.items()]
    for code in CODES:
        section = page.split(f"### {code} ", 1)[1].split("\n### ", 1)[0]
        assert f"[{code}]\n```" in section, f"{code}'s example ends with a problem of that code"


PAGE_BLOCK = re.compile(r"^```(yaml file=(?P<file>\S+)|console)\n(?P<body>.*?)^```$", re.DOTALL | re.MULTILINE)


def test_every_example_of_docs_problems_prints_what_the_page_shows(tmp_path, monkeypatch):
    """Each `yaml file=NAME` block is written, each `$ unodsl ...` run, in order, in an empty folder."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "many_mistakes.yaml").write_text((FORMATS / "many_mistakes.yaml").read_text(encoding="utf-8"),
                                                 encoding="utf-8")
    commands = 0
    for block in PAGE_BLOCK.finditer(PROBLEMS_PAGE.read_text(encoding="utf-8")):
        if block["file"]:
            Path(block["file"]).write_text(block["body"], encoding="utf-8")
            continue
        command, *shown = block["body"].splitlines()
        assert command.startswith("$ unodsl validate ")
        result = run(*command.split()[2:])
        no_traceback(result)
        assert result.stdout.splitlines() == shown, command
        commands += 1
    assert commands == len(CODES) + 1


# ---- CI: docs/ci.md and the pre-commit hook ------------------------------------------------

CI_PAGE = HERE.parent / "docs" / "ci.md"


def test_docs_ci_shows_what_the_github_format_prints():
    shown = re.search(r"^```text\n(::error [^\n]+)\n```$", CI_PAGE.read_text(encoding="utf-8"), re.MULTILINE)[1]
    assert shown in (FORMATS / "many_mistakes.github").read_text(encoding="utf-8").splitlines()


def test_docs_ci_workflows_and_configs_run(monkeypatch):
    """Each `unodsl validate` the page's workflows and hooks run, on a clean edition and on
    many_mistakes.yaml (for `editions/*.yaml`): exit status 0 and 1 (0 with --exit-zero)."""
    import yaml

    page = CI_PAGE.read_text(encoding="utf-8")
    blocks = [yaml.safe_load(block) for block in re.findall(r"^```yaml\n(.*?)^```$", page, re.DOTALL | re.MULTILINE)]
    assert len(blocks) == 4
    commands = re.findall(r"(?:run|entry): (unodsl validate [^\n>]*?)\s*(?:>|$)", page, re.MULTILINE)
    assert len(commands) == 4
    monkeypatch.chdir(FORMATS)
    for command in commands:
        words = command.split()[2:]
        for edition, status in (("fine.yaml", 0), ("many_mistakes.yaml", 0 if "--exit-zero" in words else 1)):
            result = run("validate", *[edition if word == "editions/*.yaml" else word for word in words],
                         *([edition] if "editions/*.yaml" not in words else []))
            assert result.exit_code == status, command


def test_the_pre_commit_hook_runs_validate_on_the_files_it_is_given(monkeypatch):
    import yaml

    hook, _test_hook = yaml.safe_load((HERE.parent / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    assert (hook["id"], hook["language"], hook["types"]) == ("unodsl-validate", "python", ["yaml"])
    program, command, *options = hook["entry"].split()
    assert (program, command) == ("unodsl", "validate")
    monkeypatch.chdir(FORMATS)
    assert run(command, *options, "fine.yaml").exit_code == 0
    failed = run(command, *options, "fine.yaml", "many_mistakes.yaml")
    assert failed.exit_code == 1
    assert failed.stdout == (FORMATS / "many_mistakes.concise").read_text(encoding="utf-8")
