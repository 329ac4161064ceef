"""The language server's answers never raise, whatever the text (any file may be hostile,
and a file being typed is broken most of the time): the checks, hover, completion and
definition of unodsl/lsp/ run in process on edited copies of tests/lsp/'s files, at
every place of a few lines; and the house rule docs/editors.md shows is checked against
the edition its comment names. (tests/lsp/test_lsp.py drives the server itself.)"""
from __future__ import annotations

import sys
from pathlib import Path

from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings, strategies as st

from unodsl.cli import main
from unodsl.lsp.analysis import analyse
from unodsl.lsp.completion import completions, cursor_in_script
from unodsl.lsp.words import definition, hover_text, in_script, key_completions, names_of, script_completions
from unodsl.resources import data_dir

HERE = Path(__file__).resolve().parent
TEXTS = {name: (HERE / name).read_text(encoding="utf-8") for name in ("fine.yaml", "mistakes.yaml", "rule.yaml")}
# What typing puts in: YAML's and the scripts' punctuation, words of both, odd characters.
PIECES = [":", " ", "\n", "  ", "-", "|", "'", '"', "[", "{", "}", "#", "&a", "*a", "!!int", "\t", "\x00",
          "kinds:", "effect: ", "next draws", "skip", "zap", "base: ", "settings.", "game.", "me.", "é", "😀"]


@st.composite
def edited(draw):
    name = draw(st.sampled_from(sorted(TEXTS)))
    text = TEXTS[name]
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(text)))
        cut = draw(st.integers(0, 12))
        text = text[:at] + draw(st.sampled_from(PIECES)) + text[at + cut:]
    return name, text


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(edited(), st.integers(0, 30))
def test_no_answer_raises_on_any_edit_of_a_file(file, first_line):
    name, text = file
    analysis = analyse(text, str(HERE / name))
    assert all(p.code or analysis.kind == "scenario" for p in analysis.problems)
    lines = text.splitlines()
    for line in range(first_line, min(first_line + 3, len(lines))):
        for column in range(len(lines[line]) + 1):
            hover_text(analysis, line, column, lines[line])
            definition(analysis, line, column, lines[line])
            if in_script(analysis, line, column):
                script_completions(names_of(analysis), lines[line][:column])
            cursor = cursor_in_script(analysis, line, column, lines[line])
            if cursor is not None:
                completions(names_of(analysis), cursor, line, column)
    key_completions(analysis.kind, {})


def test_the_house_rule_of_docs_editors_md_is_checked_against_the_edition_its_comment_names(tmp_path):
    page = (Path(__file__).resolve().parents[2] / "docs" / "editors.md").read_text(encoding="utf-8")
    rule = next(block for block in page.split("```yaml\n")[1:] if "unodsl-edition:" in block).split("```")[0]
    path = str(tmp_path / "howler.yaml")
    checked = analyse(rule, path)
    assert (checked.kind, checked.problems) == ("rule", [])
    against_classic = analyse(rule.replace("# unodsl-edition: harry-potter-fr\n", ""), path)
    assert [p.message for p in against_classic.problems] == ["unknown name 'howler'"]


def test_unodsl_lsp_without_pygls_says_how_to_install_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "pygls.lsp.server", None)  # (importing it then fails)
    monkeypatch.delitem(sys.modules, "unodsl.lsp.server", raising=False)
    result = CliRunner().invoke(main, ["lsp"])
    assert result.exit_code == 1
    assert "unodsl lsp needs pygls" in result.output and "pip install 'unodsl[lsp]'" in result.output


def test_every_shipped_house_rule_file_is_clean_in_an_editor():
    """The starter rules (for VETO's blank cards) say so in a comment; the popular ones are
    checked on classic."""
    files = sorted((data_dir("editions") / "house-rules").rglob("*.yaml"))
    assert len(files) >= 16
    assert {str(f): analyse(f.read_text(encoding="utf-8"), str(f)).problems for f in files} == \
        {str(f): [] for f in files}
