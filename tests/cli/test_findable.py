"""What comes built in can be found (issue 14): `unodsl editions`, the list a command
shows when it needs an edition and has none, shell completion, and the README."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from unodsl.cli import main
from unodsl.edition.rules import built_in_rule_names, popular_rule_names
from unodsl.resources import edition_names

from cli_helpers import no_traceback, run

README = Path(__file__).resolve().parents[2] / "README.md"


def test_editions_lists_every_edition_and_house_rule_one_line_each():
    result = run("editions")
    no_traceback(result)
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    for name in edition_names():
        (line,) = [line for line in lines if line.split()[:1] == [name]]
        assert re.search(r"\d+ cards", line) and "special cards:" in line
    classic = next(line for line in lines if line.split()[:1] == ["classic"])
    assert "108 cards  Classic UNO; special cards: Draw Two ×8, Reverse ×8, Skip ×8, Wild ×4, Wild Draw Four ×4" \
        in classic
    for name in built_in_rule_names():
        assert len([line for line in lines if line.split()[:1] == [f"@{name}"]]) == 1
    assert any("@no-bluffing" in line and "--set no_bluffing=true" in line for line in lines)


def test_editions_json():
    data = json.loads(run("editions", "--json").stdout)
    assert [e["name"] for e in data["editions"]] == edition_names()
    classic = next(e for e in data["editions"] if e["name"] == "classic")
    assert classic["cards"] == 108 and {"name": "Wild Draw Four", "cards": 4} in classic["special"]
    rules = {r["name"]: r for r in data["rules"]}
    assert set(rules) == {f"@{name}" for name in built_in_rule_names()}
    assert rules["@seven-zero"]["for"] == "the table" and rules["@04-extra-turn"]["for"] == "blank cards"
    assert rules["@no-bluffing"]["settings"] == {"no_bluffing": True}


@pytest.mark.parametrize("args", [("play",), ("simulate",), ("compare",), ("explain",), ("cards",),
                                  ("validate",), ("simulate", "--games", "3")])
def test_a_command_without_an_edition_lists_the_editions(args):
    result = run(*args)
    no_traceback(result)
    assert result.exit_code == 2
    assert "Missing argument" not in result.stderr
    assert "which edition?" in result.stderr
    for name in edition_names():
        assert re.search(rf"^  {re.escape(name)} +\d+ cards", result.stderr, re.M), name


def _completions(words: str) -> list[str]:
    """What the shell is offered for the last word of `words` (click's bash protocol)."""
    env = {"_UNODSL_COMPLETE": "bash_complete", "COMP_WORDS": words, "COMP_CWORD": str(len(words.split()) - 1)}
    result = CliRunner().invoke(main, [], env=env, prog_name="unodsl")
    return result.output.splitlines()


def test_completion_of_edition_names_and_house_rules():
    assert _completions("unodsl play cla") == ["file,cla", "plain,classic", "plain,classic-2018",
                                               "plain,classic-2018-swap-hands", "plain,classic-rule-deck"]
    assert "plain,harry-potter-fr" in _completions("unodsl compare classic harry")
    assert _completions("unodsl simulate classic --rule @se") == ["plain,@seven-zero"]
    assert _completions("unodsl validate no-m") == ["file,no-m", "plain,no-mercy"]


def test_the_readme_lists_every_edition_and_house_rule():
    text = README.read_text(encoding="utf-8")
    for name in edition_names():
        assert f"| `{name}` |" in text, name
    for name in built_in_rule_names():
        assert f"`@{name}`" in text, name
    for name in popular_rule_names():
        assert f"| `@{name}` |" in text, name


def test_completion_is_documented():
    play = (README.parent / "docs" / "play.md").read_text(encoding="utf-8")
    assert "_UNODSL_COMPLETE=bash_source unodsl" in play and "zsh_source" in play and "fish_source" in play
