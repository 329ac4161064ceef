"""The `unodsl` command: exit statuses, messages, and repeatable simulations.

Golden files: tests/golden/NAME.yaml is a broken edition and NAME.txt what
`unodsl validate NAME.yaml` prints for it. After a deliberate change of wording,
rewrite them with `UNODSL_UPDATE_GOLDEN=1 python -m pytest tests/cli/test_cli.py`.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

import unodsl
from unodsl.cli import main
from unodsl.resources import edition_path
from unodsl.sim.report import format_text
from unodsl.sim.simulate import simulate
from cli_helpers import run, no_traceback

GOLDEN = Path(__file__).parents[1] / "golden"


# ---- validate -----------------------------------------------------------------------

def test_validate_clean_edition():
    result = run("validate", "classic")
    assert result.exit_code == 0
    assert result.stdout == "classic: ok\n"


def test_validate_by_path():
    path = str(edition_path("classic"))
    result = run("validate", path)
    assert result.exit_code == 0
    assert result.stdout == f"{path}: ok\n"


@pytest.mark.parametrize("name", ["broken_deck", "broken_schema"])
def test_validate_broken_edition_matches_golden(name, tmp_path, monkeypatch):
    shutil.copy(GOLDEN / f"{name}.yaml", tmp_path / f"{name}.yaml")
    monkeypatch.chdir(tmp_path)  # so the messages name the file as given: NAME.yaml
    result = run("validate", f"{name}.yaml")
    no_traceback(result)
    assert result.exit_code == 1
    golden = GOLDEN / f"{name}.txt"
    if os.environ.get("UNODSL_UPDATE_GOLDEN"):
        golden.write_text(result.stdout)
    assert result.stdout == golden.read_text()


def test_validate_reports_every_file(tmp_path, monkeypatch):
    shutil.copy(GOLDEN / "broken_deck.yaml", tmp_path / "broken_deck.yaml")
    monkeypatch.chdir(tmp_path)
    result = run("validate", "broken_deck.yaml", "classic")
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert lines[0].startswith("broken_deck.yaml:12:")
    assert lines[-2:] == ["classic: ok", "3 errors, 0 warnings"]


def test_validate_json_lists_every_problem(tmp_path, monkeypatch):
    shutil.copy(GOLDEN / "broken_deck.yaml", tmp_path / "broken_deck.yaml")
    monkeypatch.chdir(tmp_path)
    result = run("validate", "--format", "json", "broken_deck.yaml", "classic")
    assert result.exit_code == 1
    report = json.loads(result.stdout)
    assert report["ok"] is False
    assert report["files"] == [{"edition": "broken_deck.yaml", "ok": False}, {"edition": "classic", "ok": True}]
    first = report["problems"][0]
    assert (first["file"], first["line"], first["column"], first["severity"]) == ("broken_deck.yaml", 12, 42, "error")
    assert len(report["problems"]) == 3


def test_strict_turns_warnings_into_errors(tmp_path):
    path = tmp_path / "warn.yaml"
    path.write_text("name: Warn\nbase: classic\nkinds:\n  skip:\n    on_start: null\n")
    path.write_text("name: Warn\nbase: classic\nkinds:\n  odd:\n    name: Odd\n    deck: {count: 1}\n"
                    "    points: 5\n    playable: always\n    effect: skip next\n")
    lenient = run("validate", str(path))
    assert lenient.exit_code == 0 and ": warning: Odd has an effect but no `on_start:` rule" in lenient.stdout
    strict = run("validate", "--strict", str(path))
    assert strict.exit_code == 1 and ": error: Odd has an effect but no `on_start:` rule" in strict.stdout


def test_validate_unknown_edition():
    result = run("validate", "no-such-edition")
    no_traceback(result)
    assert result.exit_code == 1
    assert result.stdout == ("no-such-edition: error: no edition named 'no-such-edition' and no such file\n"
                             "  hint: editions: all-wild, attack, classic, classic-2018, classic-2018-swap-hands, classic-rule-deck, flip, green-lantern, "
                             "harry-potter, "
                             "harry-potter-fr, harry-potter-sorting-hat, no-mercy, teams, triple-play, veto (or a file's path)\n"
                             "1 error, 0 warnings\n")


def test_a_misspelt_edition_gets_a_did_you_mean():
    result = run("validate", "clasic")
    assert result.exit_code == 1
    assert "hint: did you mean 'classic'?" in result.stdout


@pytest.mark.parametrize("args", [
    ["validate"],
    ["validate", "--frobnicate", "classic"],
    ["simulate", "classic", "--players", "four"],
    ["simulate", "classic", "--games", "0"],
    ["simulate"],
    ["no-such-command"],
])
def test_usage_errors_exit_2(args):
    result = run(*args)
    assert result.exit_code == 2
    assert "Usage:" in result.stderr


# ---- simulate -----------------------------------------------------------------------

SIM = ["simulate", "classic", "--players", "3", "--games", "4", "--seed", "7"]


def test_simulate_same_output_twice():
    first, second = run(*SIM, "--no-timing"), run(*SIM, "--no-timing")
    assert first.exit_code == second.exit_code == 0
    assert first.stdout == second.stdout
    assert "speed" not in first.stdout
    assert "Classic UNO (classic): 4 games, 3 players, seed 7" in first.stdout


def test_simulate_speed_is_the_last_line():
    timed, untimed = run(*SIM), run(*SIM, "--no-timing")
    lines = timed.stdout.splitlines()
    assert lines[-1].startswith("speed: ") and lines[-1].endswith(" rounds/s")
    assert "\n".join(lines[:-1]) + "\n" == untimed.stdout


def test_simulate_json():
    result = run(*SIM, "--json", "--agents", "random,greedy,random")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert sum(data["wins"]) == data["games"] == 4
    assert len(data["wins"]) == len(data["points"]) == 3
    assert data["agents"] == ["random", "greedy", "random"]
    assert data["rounds"] >= 4 and data["mean_turns"] > 0
    assert data["speed"] > 0
    untimed = json.loads(run(*SIM, "--json", "--agents", "random,greedy,random", "--no-timing").stdout)
    assert untimed == {k: v for k, v in data.items() if k != "speed"}


@pytest.mark.parametrize("agents, message", [
    ("sneaky", "error: unknown agent 'sneaky'; known agents: "),
    ("random,greedy", "error: 2 agents given for 3 players"),
])
def test_simulate_bad_agents(agents, message):
    result = run(*SIM, "--agents", agents)
    no_traceback(result)
    assert result.exit_code == 1
    assert result.stderr.startswith(message)
    assert result.stdout == ""


def test_simulate_too_many_players():
    result = run("simulate", "classic", "--players", "11", "--games", "1")
    no_traceback(result)
    assert result.exit_code == 1
    assert result.stderr == "error: Classic UNO is for 2 to 10 players, not 11\n"


def test_simulate_house_rule():
    plain = run(*SIM, "--json", "--no-timing")
    ruled = run(*SIM, "--json", "--no-timing", "--rule", "on play where number == 7: next draws 1")
    assert ruled.exit_code == 0
    assert json.loads(ruled.stdout) != json.loads(plain.stdout)


def test_simulate_broken_house_rule():
    result = run(*SIM, "--rule", "on play where numbr == 7: next draws 1")
    no_traceback(result)
    assert result.exit_code == 1
    assert result.stderr == ("--rule 1:1:15: error: unknown name 'numbr'\n"
                             "  hint: did you mean 'number'?\n")


def test_simulate_called_directly():
    first = simulate("classic", players=2, games=3, seed="x", agents="greedy")
    second = simulate(unodsl.load_edition("classic"), players=2, games=3, seed="x", agents=["greedy"])
    assert first == second  # the wall-clock time is left out of the comparison
    assert sum(first.wins) + first.unfinished == 3
    assert first.agents == ["greedy", "greedy"]
    assert format_text(first, timing=False) == format_text(second, timing=False)


# ---- the command as a user runs it ----------------------------------------------------

def _env() -> dict:
    """An environment where a subprocess imports the same unodsl as these tests."""
    env = dict(os.environ)
    env["PYTHONPATH"] = str(Path(unodsl.__file__).resolve().parent.parent)
    return env


def test_python_m_unodsl(tmp_path):
    done = subprocess.run([sys.executable, "-m", "unodsl", "validate", "classic"], cwd=tmp_path,
                          env=_env(), capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "classic: ok\n"


def test_installed_console_script_from_any_folder(tmp_path):
    """The installed `unodsl` finds its editions, grammar and schema outside the checkout.

    Installed from a wheel, they are read from unodsl/_data/ inside the package.
    """
    script = shutil.which("unodsl", path=str(Path(sys.executable).parent))
    if script is None:
        if os.environ.get("CI"):
            pytest.fail(f"no `unodsl` console script beside {sys.executable}")
        pytest.skip("unodsl is not installed into this Python (pip install -e .)")
    done = subprocess.run([script, "validate", "classic"], cwd=tmp_path,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "classic: ok\n"
    done = subprocess.run([script, "simulate", "classic", "--games", "2", "--json"], cwd=tmp_path,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert sum(json.loads(done.stdout)["wins"]) == 2


def test_simulate_writes_every_event_as_json_lines(tmp_path):
    log = tmp_path / "events.jsonl"
    result = CliRunner().invoke(main, ["simulate", "classic", "-g", "2", "-p", "3", "--no-timing",
                                       "--log", str(log)])
    assert result.exit_code == 0, result.output
    events = [json.loads(line) for line in log.read_text().splitlines()]
    assert {e["game"] for e in events} == {0, 1}
    assert sum(1 for e in events if e["event"] == "match_end") == 2
    assert {"deal", "play", "draw", "decision", "round_end"} <= {e["event"] for e in events}


def test_validate_checks_an_edition_with_house_rules_and_settings(tmp_path):
    rule = tmp_path / "bad-rule.yaml"
    rule.write_text("name: Bad\nscript: |\n  on play where numbr == 7:\n    next draws 1\n")
    result = run("validate", "classic", "--rule", f"@{rule}")
    assert result.exit_code == 1
    assert result.stdout.startswith(f"{rule}:3:17: error: unknown name 'numbr'\n    on play where numbr == 7:\n")
    assert run("validate", "classic", "--rule", "@seven-zero", "--set", "play_drawn=must").exit_code == 0


def test_a_bad_setting_on_the_command_line_is_placed_there():
    result = run("validate", "classic", "--set", "play_drawn=sometimes")
    assert result.exit_code == 1
    assert result.stdout.startswith('--set play_drawn=sometimes: error: settings.play_drawn: the text '
                                    '"sometimes" is not one of "choice", "must", "never"')


def test_validate_warns_of_a_house_rule_that_never_runs(tmp_path):
    rule = tmp_path / "twelves.yaml"
    rule.write_text("name: Twelves\nscript: |\n  on play where number == 12:\n    next draws 1\n")
    result = run("validate", "classic", "--rule", f"@{rule}")
    assert result.exit_code == 0
    assert f"{rule}:3:17: warning: no card of this deck satisfies this condition: the rule never runs" \
        in result.stdout
    assert run("validate", "--strict", "classic", "--rule", f"@{rule}").exit_code == 1
