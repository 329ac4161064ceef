"""No accepted file makes a turn or a round run for ever (issue 32): the budget of work.

The reproducers are files in tests/hostile/: loops inside loops and actions calling actions
(refused at validation where the loop is), and rules that validate line by line but whose rounds
never end: a start rule asking for another card every time, a card jumped in with that comes back,
a stack that never settles, a hook that works hard every turn. Each of those plays, stops its
rounds with a report of where, ends its match after three abandoned rounds in a row, and keeps
every card; `validate` says so in a short trial.
"""
from __future__ import annotations

from pathlib import Path

import pytest

import unodsl
from cli_helpers import no_traceback, run, time_limit
from unodsl.engine.round import Round
from unodsl.errors import ScriptError
from unodsl.lang.compile import compile_script
from unodsl.lang.parse import parse_script
from unodsl.engine.budget import CHECK_STEP
from unodsl.limits import MAX_ABANDONED_IN_A_ROW, MAX_ROUND_WORK, MAX_TURN_WORK

HOSTILE = Path(__file__).parents[1] / "hostile"
SECONDS = 60  # each case takes a few seconds; a hang fails instead of blocking the run


def hostile(name: str) -> str:
    return str(HOSTILE / f"{name}.yaml")


# ---- refused before they run: the cost of one run, estimated ------------------------------------

@pytest.mark.parametrize("name, place", [("repeats_nested", ":9:11: error: this loop may do 1,020,300 steps"),
                                         ("actions_chained", ":10:5: error: this loop may do 20,400 steps")])
def test_loops_that_multiply_past_a_turns_budget_are_refused_at_the_smallest_loop_that_does(name, place):
    result = run("validate", hostile(name))
    no_traceback(result)
    assert result.exit_code == 1
    assert f"{hostile(name)}{place} of work in one run, more than a turn may do (20,000)" in result.stdout


def cost_error(script: str, vocab=None) -> ScriptError | None:
    try:
        compile_script(parse_script(script), vocab or unodsl.load_edition("classic").vocabulary)
    except ScriptError as error:
        return error
    return None


def test_a_repeat_whose_count_is_not_written_counts_as_the_most_a_repeat_runs():
    # 100 x 100 x (1 + 1) passes of work: within a turn's 20,000 only when counted at 100 each
    assert cost_error("let x = me.hand\nrepeat x times:\n  repeat x times:\n    me draws 0") is None
    error = cost_error("let x = me.hand\nrepeat x times:\n  repeat x times:\n    repeat 2 times:\n      me draws 0")
    assert error is not None and (error.line, error.column) == (2, 1)
    assert "40,300 steps" in error.message  # 100 x (2 + 100 x (2 + 2 x 1))


def test_a_loop_over_players_counts_the_largest_table_and_an_if_its_dearest_branch():
    body = "for each player in everyone:\n  repeat 100 times:\n    if true:\n      me draws 0\n    else:\n{}"
    cheap = "      skip next"
    dear = "      repeat 20 times:\n        me draws 0"
    assert cost_error(body.format(cheap)) is None  # 10 x (4 + 100 x (3 + 0))
    error = cost_error(body.format(dear))
    assert error is not None and "10 x" not in error.message and (error.line, error.column) == (1, 1)


# ---- stopped as they run: the budget, spent where the work happens -------------------------------

class Counting(Round):
    """Every card in exactly one place at every recorded event."""

    def record(self, event, **data):
        super().record(event, **data)
        assert self.card_count() == len(self.edition.deck), f"{event} {data}"


@pytest.mark.parametrize("name, where", [("start_card_forever", "start_card_forever.yaml:kinds."),
                                         ("jump_in_forever", "a jump-in window"),
                                         ("hook_work", "hook_work.yaml:rules.0")])
def test_rounds_that_would_never_end_are_stopped_with_where_and_the_match_gives_up(monkeypatch, name, where):
    monkeypatch.setattr(unodsl.Match, "round_class", Counting)
    with time_limit(SECONDS):
        match = unodsl.Match(unodsl.load_edition(hostile(name)), players=3, agents="random", seed=1)
    assert [r.winner for r in match.results] == [None] * MAX_ABANDONED_IN_A_ROW
    # (the jump-ins of three rounds also fill the record: the third stops at one limit or the other)
    assert all(r.stopped and where in r.stopped for r in match.results)
    assert "steps of work" in match.results[0].stopped
    events = [e for e in match.log if e["event"] in ("round_abandoned", "match_abandoned")]
    assert [e["event"] for e in events] == ["round_abandoned"] * MAX_ABANDONED_IN_A_ROW + ["match_abandoned"]
    assert events[0]["reason"] == match.results[0].stopped
    assert match.finished and match.winner is None


def test_a_turn_and_a_round_spend_no_more_than_their_budgets():
    edition = unodsl.load_edition(hostile("start_card_forever"))
    match = unodsl.Match(edition, players=2, agents="random", seed=3, record=False)
    # (checked every CHECK_STEP steps at most: stopped within that many past the budget)
    assert match.round.stopped.reason.startswith(f"a turn did more than {MAX_TURN_WORK:,} steps")
    assert MAX_TURN_WORK < match.round.work <= MAX_TURN_WORK + CHECK_STEP + 1 and match.round.turns == 0
    edition = unodsl.load_edition(hostile("hook_work"))
    match = unodsl.Match(edition, players=2, agents="random", seed=3, record=False)
    assert match.round.stopped.reason.startswith(f"the round did more than {MAX_ROUND_WORK:,} steps")
    assert MAX_ROUND_WORK < match.round.work <= MAX_ROUND_WORK + CHECK_STEP + 2  # (a pass: 2 steps at most)
    assert match.round.turns > MAX_ROUND_WORK // (100 * 2 + 100 * 99 + 1 + CHECK_STEP)  # (never a turn's budget)


def test_the_written_turn_loop_stops_where_the_interpreter_does():
    edition = unodsl.load_edition(hostile("jump_in_forever"))
    played = [unodsl.Match(edition, players=3, agents="random", seed=5, record=False, specialise=specialise)
              for specialise in (True, False)]
    assert played[0].result() == played[1].result()
    assert [r.stopped for r in played[0].results] == [r.stopped for r in played[1].results]


def test_a_round_abandoned_at_the_turn_limit_counts_towards_giving_up_too():
    match = unodsl.Match(unodsl.load_edition(hostile("stack_forever")), players=3, agents="random", seed=2,
                         record=False)
    last = match.results[-MAX_ABANDONED_IN_A_ROW:]
    assert match.winner is None and all(r.winner is None and r.turns == 5000 for r in last)
    assert len(match.results) < 100  # (a thousand rounds of 5,000 turns before)


def test_cards_moved_by_the_handful_spend_a_step_for_every_eight():
    edition = unodsl.load_edition("classic")
    match = unodsl.Match(edition, players=4, agents="random", seed=1, record=False, max_rounds=1)
    rnd = match.round
    before = rnd.work
    rnd.move(0, ("pile", "draw"), ("pile", "aside"), 40, None, None, False)
    assert rnd.work - before == 5
    rnd.move(0, ("pile", "aside"), ("pile", "draw"), 7, None, None, False)
    assert rnd.work - before == 5  # (a few cards cost nothing)


# ---- at the command line ---------------------------------------------------------------------

@pytest.mark.parametrize("name", ["start_card_forever", "jump_in_forever", "hook_work", "stack_forever"])
def test_simulate_plays_files_whose_rounds_never_end_in_seconds_and_says_why(name):
    with time_limit(SECONDS):
        result = run("simulate", hostile(name), "--games", "3", "--workers", "1")
    no_traceback(result)
    assert result.exit_code == 0
    assert "were abandoned without a winner" in result.stdout
    if name != "stack_forever":
        assert "stopped by a limit of work or of numbers" in result.stdout and "the first stopped: " in result.stdout


@pytest.mark.parametrize("name, severity", [("start_card_forever", "error"), ("jump_in_forever", "error"),
                                            ("hook_work", "error"), ("stack_forever", "warning")])
def test_validate_reports_an_edition_whose_rounds_do_not_end_in_a_short_trial(name, severity):
    with time_limit(SECONDS):
        result = run("validate", "--format", "concise", hostile(name))
    no_traceback(result)
    assert result.exit_code == (1 if severity == "error" else 0)
    assert f"{hostile(name)}:1:1: {severity}: " in result.stdout and "[E003]" in result.stdout


def test_validate_finds_nothing_in_a_trial_of_a_shipped_edition():
    result = run("validate", "--format", "concise", "attack", "no-mercy", "classic")
    assert result.exit_code == 0 and "E003" not in result.stdout


def test_a_scenario_plays_no_longer_than_a_match_may(tmp_path):
    path = tmp_path / "long.yaml"
    path.write_text("name: Long\nedition: classic\nagents: [random, random]\n"
                    "match: {max_rounds: 1000000, max_turns: 1000000000}\n"
                    "setup: {hands: [[red 1], [red 2]], discard: [red 3]}\n", encoding="utf-8")
    result = run("test", str(path))
    no_traceback(result)
    assert result.exit_code == 1
    assert f"{path}:4:21: error: max_rounds is at most 1,000 (the engine's own limit)" in result.stdout + result.stderr
    assert f"{path}:4:41: error: max_turns is at most 5,000 (the engine's own limit)" in result.stdout + result.stderr


def test_a_recorded_match_holds_a_bounded_record(monkeypatch):
    """Memory grows with the record only (no statement makes cards, numbers are bounded): past
    MAX_RECORDED_EVENTS the round in play stops at its next turn and the match ends."""
    monkeypatch.setattr("unodsl.engine.budget.MAX_RECORDED_EVENTS", 2000)
    monkeypatch.setattr("unodsl.match.MAX_RECORDED_EVENTS", 2000)
    match = unodsl.Match(unodsl.load_edition("classic"), players=4, agents="random", seed=1)
    assert 2000 < len(match.log) < 2100 and match.finished and match.winner is None
    assert match.results[-1].stopped.startswith("the match recorded more than 2,000 events")
    assert match.log[-2] == {"event": "match_abandoned", "reason": "the record holds more than 2,000 events"}


def test_a_script_doing_an_action_that_passes_the_budget_is_refused_where_it_does_it():
    result = run("validate", "--format", "concise", hostile("actions_chained"))
    assert f"{hostile('actions_chained')}:16:10: error: `bangs` here does an action that may do 20,400 steps" \
        in result.stdout


def test_a_loop_pass_spends_the_statements_of_the_actions_it_does():
    edition = unodsl.load_edition_text("name: A\nbase: classic\nactions:\n  tap: |\n    me draws 0\n    me draws 0\n"
                                       "  knock: |\n    me taps\n    me taps\n", "a.yaml",
                                       rules=["on play:\n  repeat 3 times:\n    me knocks"])
    hook = edition.hooks[0][2]
    # a pass: the statement, the knock (2 statements) and its two taps (2 statements each)
    assert "g.work += 7" in hook.source
    assert "spend" not in edition.actions["knock"].source


def test_the_cost_estimate_counts_the_largest_table_the_schema_allows():
    import json
    from unodsl.lang.cost import MAX_SEATS
    from unodsl.resources import data_dir
    schema = json.loads((data_dir("schemas") / "edition.schema.json").read_text(encoding="utf-8"))
    players = next(node["players"] for node in _walk(schema) if isinstance(node, dict)
                   and isinstance(node.get("players"), dict) and "properties" in node["players"])
    assert MAX_SEATS == players["properties"]["max"]["maximum"]


def _walk(node):
    yield node
    children = node.values() if isinstance(node, dict) else node if isinstance(node, list) else ()
    for child in children:
        yield from _walk(child)


# ---- written rules: an applied rule's work counts where it is applied ------------------------------

WRITTEN = ("name: W\nbase: classic\nwritten_rules:\n  light: me draws 0\n"
           "  heavy: |\n    repeat 100 times:\n      repeat 100 times:\n        me draws 0\n")


def test_a_loop_applying_a_written_rule_counts_the_rules_work_and_a_random_one_the_dearest():
    # heavy costs 100 x (2 + 100 x 1) = 10,200 and weighs 3; a pass applying it: 1 + 3, and its cost
    vocab = unodsl.load_edition_text(WRITTEN, "w.yaml").vocabulary
    assert vocab.written_sizes == {"light": (1, 0), "heavy": (3, 10_200)}
    assert cost_error("apply written rule heavy\napply written rule light", vocab) is None
    error = cost_error("apply written rule heavy\napply written rule heavy", vocab)  # 20,400: together
    assert error is not None and error.message.startswith("this script may do 20,400 steps")
    assert cost_error("repeat 2 times: apply written rule light", vocab) is None
    error = cost_error("skip next\nrepeat 2 times:\n  apply written rule heavy", vocab)
    assert error is not None and (error.line, error.column) == (2, 1) and "20,408 steps" in error.message
    error = cost_error("repeat 2 times: apply random written rule", vocab)  # heavy might be drawn each time
    assert error is not None and "20,408 steps" in error.message


def test_an_edition_applying_a_written_rule_in_a_loop_past_the_budget_is_refused_at_the_loop():
    result = run("validate", "--format", "concise", hostile("written_rules_multiplied"))
    no_traceback(result)
    assert result.exit_code == 1
    assert f"{hostile('written_rules_multiplied')}:15:7: error: this loop may do 20,408 steps" in result.stdout


def test_a_loop_pass_spends_the_statements_of_the_written_rule_it_applies():
    edition = unodsl.load_edition_text(WRITTEN, "w.yaml", rules=["on play:\n  repeat 3 times:\n    apply written rule light"])
    assert "g.work += 2" in edition.hooks[0][2].source  # the statement, and light's one
