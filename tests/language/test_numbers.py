"""How big a number may be (issue 32, "Numbers"): every whole number a script holds lies in
-MAX_NUMBER..MAX_NUMBER (unodsl/limits.py; docs/effects.md, "Limits").

A file that gives one past it (a literal, a setting, a chance outcome or weight, a counter's
start, a tag, points) is refused at its place; in play, a sum, a counter or a random range
that would pass it stops the round, abandoned, with the bound in the report. The hostile
files and the commands run on them are in test_hostile_inputs.py.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

import unodsl
from unodsl.edition.loader import load_edition_text
from unodsl.engine.budget import RoundStopped
from unodsl.engine.round import Round
from unodsl.errors import ScriptError
from unodsl.lang.compile.runtime import _arith
from unodsl.lang.parse import parse_condition, parse_script
from unodsl.limits import MAX_NUMBER
from unodsl.scenario import ScenarioError, load_scenario

from cli_helpers import no_traceback, run

PAST = MAX_NUMBER + 1
LARGEST = "passed the largest number a script may hold (1,000,000,000)"
SMALLEST = "passed the smallest number a script may hold (-1,000,000,000)"
TOKENS = str(Path(__file__).parents[1] / "scenarios" / "state" / "tokens.yaml")


# ---- literals: refused by the parser, at the number --------------------------------------

@pytest.mark.parametrize("script, column", [
    ("next draws {n}", 12),
    ("next draws random number in 1..{n}", 32),
    ("let x = -{n}", 10),  # (a minus sign is no part of the number: the bounds are the same)
    ("{n} seats on draws 1", 1),
    ("uno at any time, false calls draws {n}", 36),
    ("repeat {n} times: next draws 1", 8),
])
def test_a_literal_past_the_bound_is_refused_at_its_digits(script, column):
    parse_script(script.format(n=MAX_NUMBER))
    for number in (str(PAST), "9" * 5000, "0" * 3 + str(PAST)):
        with pytest.raises(ScriptError, match="number is too big: a script holds whole numbers from "
                                              "-1,000,000,000 to 1,000,000,000") as info:
            parse_script(script.format(n=number))
        assert (info.value.line, info.value.column) == (1, column)


def test_leading_zeros_are_read_as_the_number_they_write():
    [statement] = parse_script("next draws " + "0" * 5000 + "7").body
    assert statement.amount.value == 7


def test_a_condition_has_the_same_bound():
    with pytest.raises(ScriptError, match="number is too big") as info:
        parse_condition(f"number == {PAST}")
    assert info.value.column == 11


# ---- arithmetic: one comparison, a stop past the bound -----------------------------------

@pytest.mark.parametrize("op, at_bound, past, said", [
    ("+", (MAX_NUMBER - 1, 1), (MAX_NUMBER, 1), f"`1000000000 + 1` {LARGEST}"),
    ("-", (1 - MAX_NUMBER, 1), (-MAX_NUMBER, 1), f"`-1000000000 - 1` {SMALLEST}"),
    ("*", (31622, 31622), (65536, 65536), f"`65536 * 65536` {LARGEST}"),  # (31622 squared: 999,950,884)
    ("*", (-31622, 31622), (-65536, 65536), f"`-65536 * 65536` {SMALLEST}"),
])
def test_arithmetic_past_the_bound_stops_the_round(op, at_bound, past, said):
    assert abs(_arith(op, *at_bound)) <= MAX_NUMBER
    with pytest.raises(RoundStopped) as info:
        _arith(op, *past)
    assert info.value.reason == said


# ---- the primitives: counters and random ranges --------------------------------------------

@pytest.fixture
def table() -> Round:
    return Round(unodsl.load_edition(TOKENS), 2, 0, None, None, chance_seed=(1, 0))


def test_a_counter_never_holds_a_number_past_the_bound(table):
    table.add_state(None, "launches", MAX_NUMBER)
    with pytest.raises(RoundStopped, match=re.escape(f"game.launches {LARGEST}")):
        table.add_state(None, "launches", 1)
    with pytest.raises(RoundStopped, match=re.escape(f"seat 1's hits {SMALLEST}")):
        table.set_state(1, "hits", -PAST)
    assert table.game_state["launches"] == MAX_NUMBER and table.player_state[1]["hits"] == 0  # (kept as they were)
    table.set_state(None, "last_colour", "red")  # (what is no number is not counted)


def test_a_random_range_past_the_bound_stops_the_round(table):
    assert 1 <= table.random_number(1, MAX_NUMBER) <= MAX_NUMBER
    with pytest.raises(RoundStopped, match=re.escape(f"`random number in 1..1000000001` {LARGEST}")):
        table.random_number(1, PAST)
    with pytest.raises(RoundStopped, match=re.escape(SMALLEST)):
        table.random_number(-PAST, 0)


def test_a_round_stopped_by_a_number_ends_abandoned_with_the_bound_in_the_record():
    edition = load_edition_text("name: T\nbase: classic\nstate: {game: {x: {type: counter, initial: 2}}}\n"
                                "rules:\n  - name: Square\n    script: |\n      on turn_start:\n"
                                "        repeat 100 times: set game.x to game.x * game.x\n", "t.yaml")
    match = unodsl.Match(edition, players=2, agents="random", seed=1, max_rounds=3, record=True)
    match.play()
    stops = [event for event in match.log if event["event"] == "round_abandoned"]
    assert len(stops) == 3 and all(f"`65536 * 65536` {LARGEST}" in e["reason"] for e in stops)
    assert match.round.game_state["x"] == 65536


# ---- numbers given by files and the command line -------------------------------------------

def test_a_setting_given_on_the_command_line_has_the_same_bound(tmp_path):
    path = tmp_path / "own.yaml"
    path.write_text("name: Own\nbase: classic\nsettings:\n  launcher_most: 6\n", encoding="utf-8")
    assert run("validate", str(path), "--set", f"launcher_most={MAX_NUMBER}").exit_code == 0
    for name in ("launcher_most", "target_score"):
        result = run("validate", str(path), "--set", f"{name}={PAST}")
        no_traceback(result)
        assert result.exit_code == 1
        assert f"settings.{name}: {PAST} is past the numbers a script may hold" in result.stdout


def test_a_setting_of_a_rule_file_has_the_same_bound(tmp_path):
    (tmp_path / "own.yaml").write_text("name: Own\nbase: classic\nsettings:\n  launcher_most: 6\n", encoding="utf-8")
    (tmp_path / "rule.yaml").write_text(f"name: More\nsettings:\n  launcher_most: {PAST}\n", encoding="utf-8")
    result = run("validate", str(tmp_path / "own.yaml"), "--rule", f"@{tmp_path / 'rule.yaml'}")
    no_traceback(result)
    assert result.exit_code == 1
    assert f"rule.yaml:3:18: error: settings.launcher_most: {PAST} is past the numbers" in result.stdout


def test_a_number_past_the_bound_is_not_quoted_whole():
    with pytest.raises(unodsl.EditionError) as info:
        load_edition_text("name: T\nbase: classic\nsettings:\n  uno_penalty: " + "9" * 400 + "\n", "t.yaml")
    assert info.value.problems[0].message == ("$.settings.uno_penalty: a number of more than 20 digits is "
                                              "greater than the maximum of 20")


def test_a_scenario_counter_has_the_same_bound(tmp_path):
    path = tmp_path / "s.yaml"
    (tmp_path / "tokens.yaml").write_text(Path(TOKENS).read_text(encoding="utf-8"), encoding="utf-8")
    path.write_text(f"name: x\nedition: tokens.yaml\nsetup:\n  hands: [[red 1], [blue 1]]\n  discard: [red 9]\n"
                    f"  state: {{game: {{launches: {PAST}}}}}\n", encoding="utf-8")
    with pytest.raises(ScenarioError) as info:
        load_scenario(path)
    [problem] = info.value.problems
    assert (problem.span.line, problem.message) == (6, "a counter holds whole numbers from -1,000,000,000 to "
                                                       "1,000,000,000 (the numbers a script may hold)")
