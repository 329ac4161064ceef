"""The scenario runner (unodsl.scenario) and `unodsl test`: located failures and
problems, never a traceback.

Scenario texts are written here line by line so that the positions asserted
(`line_col(text, ...)`) can be read off the text itself.
"""
from __future__ import annotations

import re
import textwrap
from pathlib import Path

import pytest
from click.testing import CliRunner

from unodsl.cli import main
from unodsl.errors import EditionError
from unodsl.scenario import ScenarioError, load_scenario, run_file, run_paths, run_scenario

# Seat 0 plays a red 7 on a red 9; the other seats keep three cards each.
TABLE = """\
name: {name}
edition: classic
setup:
  hands:
    - [red 7, blue 2, green 3]
    - [red 1, green 1, yellow 1]
    - [red 2, green 2, yellow 2]
  discard: [red 9]
"""


def scenario(tmp_path: Path, text: str, name: str = "s.yaml") -> Path:
    path = tmp_path / name
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def table(tmp_path: Path, rest: str, name: str = "s.yaml", title: str = "a test") -> tuple[Path, str]:
    text = TABLE.format(name=title) + textwrap.dedent(rest)
    return scenario(tmp_path, text, name), text


def line_col(text: str, needle: str, occurrence: int = 1) -> tuple[int, int]:
    """1-based line and column where `needle` starts (its `occurrence`-th time)."""
    index = -1
    for _ in range(occurrence):
        index = text.index(needle, index + 1)
    line = text.count("\n", 0, index) + 1
    return line, index - (text.rfind("\n", 0, index) + 1) + 1


def problems(path: Path) -> list:
    with pytest.raises(ScenarioError) as caught:
        load_scenario(path)
    return caught.value.problems


def only_problem(path: Path):
    found = problems(path)
    assert len(found) == 1, [p.format() for p in found]
    return found[0]


def at(item, text: str, needle: str, occurrence: int = 1) -> None:
    assert (item.span.line, item.span.column) == line_col(text, needle, occurrence), item


# ---- running ---------------------------------------------------------------------------

def test_passing_scenario(tmp_path):
    path, _ = table(tmp_path, """\
        answers:
          - {player: 0, kind: turn, answer: red 7}
        expect:
          turn: 1
          top: red 7
          hand_sizes: [2, 3, 3]
          events: [{event: play, player: 0, card: red 7}]
        """)
    outcome = run_scenario(load_scenario(path))
    assert outcome.passed, outcome.lines()
    assert outcome.lines() == [f"PASS a test ({path})"]


def test_failing_expectation_reports_expected_and_actual_at_its_value(tmp_path):
    path, text = table(tmp_path, """\
        answers: [red 7]
        expect:
          hand_sizes: [3, 3, 3]
          top: red 7
        """)
    outcome = run_scenario(load_scenario(path))
    assert not outcome.passed
    [failure] = outcome.failures
    at(failure, text, "[3, 3, 3]")
    assert (failure.what, failure.expected, failure.actual) == ("hand sizes", "[3, 3, 3]", "[2, 3, 3]")
    line, col = line_col(text, "[3, 3, 3]")
    assert outcome.lines() == [f"FAIL a test ({path})",
                               f"  {path}:{line}:{col}: expected hand sizes [3, 3, 3], got [2, 3, 3]"]


def test_every_failing_expectation_is_reported(tmp_path):
    path, text = table(tmp_path, """\
        answers: [red 7]
        expect:
          turn: 2
          colour: blue
          hands: {1: [red 1, green 1]}
          decision: {player: 1, kind: turn, options: [draw]}
        """)
    failures = run_scenario(load_scenario(path)).failures
    by_what = {f.what: f for f in failures}
    assert (by_what["turn"].expected, by_what["turn"].actual) == ("2", "1")
    at(by_what["turn"], text, "2\n  colour")
    assert (by_what["colour"].expected, by_what["colour"].actual) == ("blue", "red")
    hand = by_what["hand of player 1"]
    assert (hand.expected, hand.actual) == ("[green 1, red 1]", "[green 1, red 1, yellow 1]")
    at(hand, text, "[red 1, green 1]")
    options = by_what["options"]
    assert (options.expected, options.actual) == ("[draw]", "[red 1, draw]")
    at(options, text, "[draw]")
    assert len(failures) == 4


def test_options_and_hands_are_compared_in_any_order_and_letter_case(tmp_path):
    path, _ = table(tmp_path, """\
        answers: [red 7]
        expect:
          decision: {options: [DRAW, Red 1]}
          hands: {2: [yellow 2, RED 2, green 2]}
        """)
    assert run_scenario(load_scenario(path)).passed


def test_events_are_a_subsequence_in_order(tmp_path):
    path, text = table(tmp_path, """\
        answers: [red 7]
        expect:
          events:
            - {event: turn, player: 1}
            - {event: play, player: 0}
        """)
    [failure] = run_scenario(load_scenario(path)).failures
    at(failure, text, "{event: play")
    assert failure.expected == "{event: play, player: 0}"
    assert "before" in failure.actual  # it happened, but not after the turn of seat 1


def test_missing_event_lists_the_events_of_that_kind(tmp_path):
    path, text = table(tmp_path, """\
        answers: [red 7]
        expect:
          events: [{event: play, card: red 2}]
        """)
    [failure] = run_scenario(load_scenario(path)).failures
    at(failure, text, "{event: play")
    assert failure.actual == "{event: play, player: 0, card: red 7} after the setup"


def test_no_events(tmp_path):
    path, text = table(tmp_path, """\
        answers: [red 7]
        expect:
          no_events: [{event: draw}, {event: play, card: red 7}]
        """)
    [failure] = run_scenario(load_scenario(path)).failures
    at(failure, text, "{event: play")
    assert failure.what == "no event"
    assert failure.actual == "{event: play, player: 0, card: red 7}"


def test_an_event_kind_not_in_the_table_of_events_is_refused_with_a_did_you_mean(tmp_path):
    path, text = table(tmp_path, """\
        answers: [red 7]
        expect:
          events: [{event: plays, player: 0}]
        """)
    problem = only_problem(path)
    at(problem, text, "plays")
    assert (problem.message, problem.hint) == ("'plays' is not a kind of event", "did you mean 'play'?")


def test_a_field_the_event_kind_does_not_have_is_refused_with_a_did_you_mean(tmp_path):
    path, text = table(tmp_path, """\
        answers: [red 7]
        expect:
          no_events: [{event: draw, player: 1, card: red 1}]
        """)
    problem = only_problem(path)
    at(problem, text, "card: red 1")
    assert (problem.message, problem.hint) == ("a 'draw' event has no field 'card'", "did you mean 'cards'?")


def test_wrong_player_or_kind_stops_the_run_at_that_answer(tmp_path):
    path, text = table(tmp_path, """\
        answers:
          - {player: 0, answer: red 7}
          - {player: 1, kind: call_uno, answer: yes}
        expect:
          turn: 2
        """)
    [failure] = run_scenario(load_scenario(path)).failures  # expectations are not checked
    at(failure, text, "call_uno")
    assert failure.expected == "call_uno decision"
    assert failure.actual == "a turn decision for player 1 (options: red 1, draw)"


def test_answer_not_among_the_options_names_the_options(tmp_path):
    path, text = table(tmp_path, """\
        answers: [green 3]
        """)
    [failure] = run_scenario(load_scenario(path)).failures
    at(failure, text, "green 3]", occurrence=2)  # the answer, not the hand
    assert failure.format().endswith(
        "error: answer 'green 3' was refused: green 3 goes only on green or on 3 (the colour in play "
        "is red); player 0's turn options were: red 7, draw")


def test_answer_of_a_card_not_held(tmp_path):
    path, _ = table(tmp_path, """\
        answers: [blue 9]
        """)
    [failure] = run_scenario(load_scenario(path)).failures
    assert "player 0 does not hold blue 9" in failure.message
    assert "options were: red 7, draw" in failure.message


def test_answer_that_is_no_option_at_all(tmp_path):
    path, _ = table(tmp_path, """\
        answers: [red 7, purple]
        """)
    [failure] = run_scenario(load_scenario(path)).failures
    assert failure.message == ("answer 'purple' was refused: it is not one of the options; "
                               "player 1's turn options were: red 1, draw")


def test_refused_answer_expected(tmp_path):
    path, _ = table(tmp_path, """\
        answers: [blue 2]
        expect:
          error: goes only on blue
          turn: 0
          hand_sizes: [3, 3, 3]
        """)
    assert run_scenario(load_scenario(path)).passed


def test_refusal_expected_but_the_answer_is_accepted(tmp_path):
    path, text = table(tmp_path, """\
        answers: [red 7]
        expect:
          error: goes only on
        """)
    [failure] = run_scenario(load_scenario(path)).failures
    at(failure, text, "goes only on")
    assert failure.format().endswith(
        """expected answer 'red 7' to be refused with "goes only on", got accepted""")


def test_refused_with_another_reason(tmp_path):
    path, _ = table(tmp_path, """\
        answers: [blue 2]
        expect:
          error: not your turn
        """)
    [failure] = run_scenario(load_scenario(path)).failures
    assert failure.what == "the refusal to contain"
    assert "goes only on blue" in failure.actual


def test_answers_left_over_after_the_match_ended(tmp_path):
    path = scenario(tmp_path, """\
        name: out
        edition: classic
        setup:
          hands: [[red 7], [red 1, green 1, yellow 1]]
          discard: [red 9]
        answers:
          - red 7
          - red 1
        """)
    text = path.read_text()
    [failure] = run_scenario(load_scenario(path)).failures
    at(failure, text, "red 1\n")
    assert failure.message == "answer 'red 1' is left over: the match ended after answer 1"


def test_answer_words(tmp_path):
    # yes/no, a colour in any case, draw, a seat number: each finds its option.
    path, _ = table(tmp_path, """\
        answers:
          - {player: 0, answer: Draw}
        expect:
          hand_sizes: [4, 3, 3]
        """)
    assert run_scenario(load_scenario(path)).passed, run_file(path).lines()


def test_house_rule_question_answered_with_its_text(tmp_path):
    # `yes` reads as true in YAML; for a question whose answers are texts it is the text "yes".
    path = scenario(tmp_path, """\
        name: sevens ask a question
        edition: classic
        rules:
          - |
            on play where number == 7:
              ask next "Did anyone laugh?":
                "yes": next draws 1
                "no": pass
        setup:
          hands: [[red 7, red 1, blue 2], [blue 1, green 4, red 2]]
          draw: [yellow 9]
          discard: [red 9]
        answers:
          - red 7
          - {player: 1, kind: question, answer: yes}
        expect:
          hands: {1: [blue 1, green 4, red 2, yellow 9]}
          decision: {player: 1, kind: turn, options: [red 2, draw]}
          events: [{event: answer, kind: question, value: "yes"}]
        """)
    outcome = run_file(path)
    assert outcome.passed, outcome.lines()


def test_settings_replace_the_editions(tmp_path):
    path = scenario(tmp_path, """\
        name: a heavier penalty
        edition: classic
        settings: {uno_penalty: 4}
        setup:
          hands: [[red 3, blue 5], [red 1, green 1, yellow 1]]
          draw: [green 1, green 2, green 3, green 4]
          discard: [red 9]
        answers: [red 3, {kind: call_uno, answer: no}, {kind: catch, answer: yes}]
        expect:
          hands: {0: [blue 5, green 1, green 2, green 3, green 4]}
        """)
    outcome = run_file(path)
    assert outcome.passed, outcome.lines()


def test_agents_answer_their_seats(tmp_path):
    path, _ = table(tmp_path, """\
        agents: [null, greedy, greedy]
        answers: [red 7]
        expect:
          turn: 0
          events: [{event: turn, player: 1}, {event: turn, player: 2}, {event: turn, player: 0}]
        """)
    assert run_file(path).passed, run_file(path).lines()


def test_same_scenario_same_outcome(tmp_path):
    path, _ = table(tmp_path, """\
        answers: [draw]
        expect:
          hand_sizes: [4, 3, 3]
        """)
    first, second = run_file(path), run_file(path)
    assert first.passed and second.passed


# ---- bad scenario files ---------------------------------------------------------------------

def test_unknown_key_with_did_you_mean(tmp_path):
    path, text = table(tmp_path, """\
        answer: [red 7]
        """)
    problem = only_problem(path)
    at(problem, text, "answer:")
    assert problem.message == "unknown key 'answer' in a scenario"
    assert problem.hint == "did you mean 'answers'?"


def test_unknown_key_in_setup_and_expect(tmp_path):
    path, text = table(tmp_path, """\
        expect:
          hand_size: [3, 3, 3]
        """)
    problem = only_problem(path)
    at(problem, text, "hand_size")
    assert problem.format() == (f"{path}:{line_col(text, 'hand_size')[0]}:3: error: unknown key "
                                f"'hand_size' in expect\n  hint: did you mean 'hand_sizes'?")


def test_unknown_card_in_setup(tmp_path):
    path = scenario(tmp_path, """\
        name: bad card
        edition: classic
        setup:
          hands: [[red 7, red draw too], [blue 1]]
          discard: [red 9]
        """)
    text = path.read_text()
    problem = only_problem(path)
    at(problem, text, "red draw too")
    assert problem.message == "'red draw too' is not a card of Classic UNO"
    assert problem.hint == "did you mean 'red draw two'?"


def test_more_copies_than_the_deck_holds(tmp_path):
    path = scenario(tmp_path, """\
        name: five wilds
        edition: classic
        setup:
          hands: [[wild, wild, wild], [wild, wild]]
          discard: [red 9]
        """)
    text = path.read_text()
    problem = only_problem(path)
    at(problem, text, "wild]]")
    assert problem.message == "no 'wild' left: the Classic UNO deck has 4 and the setup names more"


def test_unknown_cards_in_expectations(tmp_path):
    path, text = table(tmp_path, """\
        expect:
          top: red 77
          hands: {1: [gren 1]}
          events: [{event: play, card: bleu 2}]
          decision: {options: [red 1]}
        """)
    found = problems(path)
    assert [p.message for p in found] == ["'red 77' is not a card of Classic UNO",
                                          "'gren 1' is not a card of Classic UNO",
                                          "'bleu 2' is not a card of Classic UNO"]
    for problem, needle in zip(found, ["red 77", "gren 1", "bleu 2"], strict=True):
        at(problem, text, needle)


def test_every_problem_at_once(tmp_path):
    path = scenario(tmp_path, """\
        name: 3
        edition: classic
        players: 3
        agents: [randm, null]
        match: {target: 0, seeds: 1}
        setup:
          hands: [[red 1], [blue 1]]
          discard: [red 9]
          turn: 5
          direction: 2
          colour: purpel
        answers:
          - {anwser: red 1}
          - {kind: turm, answer: x}
        expect:
          winner: 7
        """)
    text = path.read_text()
    found = problems(path)
    expected = [
        ("3\n", "name must be text, not the number 3"),
        ("3\nagents", "players is 3, but the setup gives 2 hands"),
        ("randm", "unknown agent 'randm'"),
        ("0, seeds", "target must be at least 1"),
        ("seeds", "unknown key 'seeds' in match"),
        ("5\n", "turn must be a seat from 0 to 1, not 5"),
        ("2\n  colour", "direction is 1 (to the left) or -1 (to the right), not the number 2"),
        ("purpel", "'purpel' is not a colour of Classic UNO (red, yellow, green, blue)"),
        ("{anwser", "this answer has no `answer:`"),
        ("anwser", "unknown key 'anwser' in an answer"),
        ("turm", "'turm' is not a kind of decision"),
        ("7\n", "winner must be a seat from 0 to 1, not 7"),
    ]
    assert [p.message for p in found] == [message for _, message in expected]
    for problem, (needle, _) in zip(found, expected, strict=True):
        at(problem, text, needle)


def test_pile_of_the_wrong_shape(tmp_path):
    path = scenario(tmp_path, TABLE.format(name="x").replace("  discard:", "  draw: 3\n  discard:"))
    assert only_problem(path).message == "draw must be a list, not the number 3"


@pytest.mark.parametrize("rest, message", [
    ("expect:\n  decision: {options: 1.5}\n", "options must be a list, not the number 1.5"),
    ("expect:\n  events: [{}]\n", "an empty event matches anything"),
    ("answers: [[red 7]]\n", "an answer is a card name, draw, keep, a colour, yes/no, a seat number or "
                              "an answer text, not a list"),
])
def test_values_of_the_wrong_shape(tmp_path, rest, message):
    path, _ = table(tmp_path, rest)
    assert only_problem(path).message == message


def test_missing_required_keys(tmp_path):
    path = scenario(tmp_path, """\
        rule: nothing else
        """)
    assert [p.message for p in problems(path)] == [
        "the scenario has no `name:`", "the scenario has no `edition:`", "the scenario has no `setup:`"]


def test_unknown_edition(tmp_path):
    path = scenario(tmp_path, """\
        name: x
        edition: no-such-edition
        setup: {hands: [[red 1], [blue 1]], discard: [red 9]}
        """)
    problem = only_problem(path)
    at(problem, path.read_text(), "no-such-edition")
    assert problem.message.startswith("no edition named 'no-such-edition'")


def test_bad_rule_script_is_located_in_the_scenario(tmp_path):
    path = scenario(tmp_path, """\
        name: x
        edition: classic
        rules:
          - |
            on play where number == 7:
              next drws 1
        setup: {hands: [[red 1], [blue 1]], discard: [red 9]}
        """)
    problem = only_problem(path)
    at(problem, path.read_text(), "drws")
    assert problem.message.startswith("unexpected 'drws'")


def test_setting_the_edition_does_not_have(tmp_path):
    path = scenario(tmp_path, """\
        name: x
        edition: classic
        settings: {uno_penalti: 4}
        setup: {hands: [[red 1], [blue 1]], discard: [red 9]}
        """)
    problem = only_problem(path)
    at(problem, path.read_text(), "uno_penalti")
    assert problem.message == "edition 'classic' has no setting 'uno_penalti'"
    assert problem.hint == "did you mean 'uno_penalty'?"


def test_a_setting_of_the_format_without_a_default_is_known(tmp_path):
    # `teams` is declared by the edition schema, but classic's settings do not list it.
    path = scenario(tmp_path, """\
        name: x
        edition: classic
        settings: {teams: true}
        setup: {hands: [[red 1], [blue 1], [red 2], [blue 2]], discard: [red 9]}
        """)
    assert load_scenario(path).edition.settings["teams"] is True


def test_bad_setting_value_is_located_in_the_scenario(tmp_path):
    path = scenario(tmp_path, """\
        name: x
        edition: classic
        settings: {hand_size: 0}
        setup: {hands: [[red 1], [blue 1]], discard: [red 9]}
        """)
    problem = only_problem(path)
    at(problem, path.read_text(), "0}")
    assert "less than the minimum of 1" in problem.message


def test_edition_by_path_relative_to_the_scenario(tmp_path):
    (tmp_path / "editions").mkdir()
    classic = Path(__file__).parents[2] / "editions" / "classic.yaml"
    mine = classic.read_text().replace("uno_penalty: 2", "uno_penalty: 5")
    (tmp_path / "editions" / "mine.yaml").write_text(mine)
    path = scenario(tmp_path, """\
        name: x
        edition: editions/mine.yaml
        setup:
          hands: [[red 3, blue 5], [red 1, green 1, yellow 1]]
          draw: [green 1, green 2, green 3, green 4, green 5]
          discard: [red 9]
        answers: [red 3, {kind: call_uno, answer: no}, {kind: catch, answer: yes}]
        expect:
          hand_sizes: [6, 3]
        """, name="sub.yaml")
    outcome = run_file(path)
    assert outcome.passed, outcome.lines()


def test_broken_edition_problems_point_into_the_edition_file(tmp_path):
    classic = Path(__file__).parents[2] / "editions" / "classic.yaml"
    (tmp_path / "mine.yaml").write_text(classic.read_text().replace("total: 108", "total: 100"))
    path = scenario(tmp_path, """\
        name: x
        edition: mine.yaml
        setup: {hands: [[red 1], [blue 1]], discard: [red 9]}
        """)
    found = problems(path)
    assert [Path(p.span.file).name for p in found] == ["mine.yaml", "s.yaml"]
    assert "the deck has 108 cards" in found[0].message
    assert found[1].message == "edition 'mine.yaml' does not load (see the problems listed)"


@pytest.mark.parametrize("text, message", [
    ("", "empty scenario file"),
    ("name: [1\n", "YAML syntax error: expected ',' or ']', but got '<stream end>'"),
    ("- a list\n",
     "this file is not a scenario: it holds a list, not a mapping of keys (name:, edition:, setup:, ...)"),
])
def test_not_a_scenario_at_all(tmp_path, text, message):
    path = tmp_path / "s.yaml"
    path.write_text(text)
    with pytest.raises(EditionError) as caught:  # a ScenarioError is one
        load_scenario(path)
    assert [p.message for p in caught.value.problems] == [message]
    outcome = run_file(path)
    assert not outcome.passed and outcome.name == "s"


# ---- folders ----------------------------------------------------------------------------------

def test_run_paths_finds_scenarios_in_subfolders_and_skips_edition_files(tmp_path):
    (tmp_path / "a" / "b").mkdir(parents=True)
    table(tmp_path / "a", "expect: {turn: 0}\n", name="one.yaml", title="one")
    table(tmp_path / "a" / "b", "expect: {turn: 0}\n", name="two.yaml", title="two")
    classic = Path(__file__).parents[2] / "editions" / "classic.yaml"
    (tmp_path / "a" / "b" / "edition.yaml").write_text(classic.read_text())
    outcomes = run_paths([tmp_path])
    assert [o.name for o in outcomes] == ["two", "one"]  # by path: a/b/two.yaml, a/one.yaml
    assert all(o.passed for o in outcomes)


# ---- unodsl test -----------------------------------------------------------------------------

def cli(*args: str):
    try:  # click < 8.2 mixes stderr into stdout unless told not to
        runner = CliRunner(mix_stderr=False)
    except TypeError:
        runner = CliRunner()
    result = runner.invoke(main, ["test", *map(str, args)])
    assert "Traceback" not in result.stdout + result.stderr
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


def test_cli_all_pass(tmp_path):
    table(tmp_path, "expect: {turn: 0}\n", name="one.yaml", title="one")
    table(tmp_path, "expect: {turn: 0}\n", name="two.yaml", title="two")
    result = cli(tmp_path)
    assert result.exit_code == 0
    assert result.stdout.splitlines() == [f"PASS one ({tmp_path / 'one.yaml'})",
                                          f"PASS two ({tmp_path / 'two.yaml'})",
                                          "2 passed, 0 failed"]


def test_cli_a_failure(tmp_path):
    good, _ = table(tmp_path, "expect: {turn: 0}\n", name="good.yaml", title="good")
    bad, text = table(tmp_path, "expect: {turn: 2}\n", name="bad.yaml", title="bad")
    result = cli(good, bad)
    assert result.exit_code == 1
    line, col = line_col(text, "2}")
    assert result.stdout.splitlines() == [f"PASS good ({good})",
                                          f"FAIL bad ({bad})",
                                          f"  {bad}:{line}:{col}: expected turn 2, got 0",
                                          "1 passed, 1 failed"]


def test_cli_invalid_file(tmp_path):
    path, text = table(tmp_path, "expect: {turn: 9}\n", title="invalid")
    result = cli(path)
    assert result.exit_code == 1
    line, col = line_col(text, "9}")
    assert result.stdout.splitlines() == [f"FAIL invalid ({path})",
                                          f"  {path}:{line}:{col}: error: turn must be a seat "
                                          f"from 0 to 2, not 9",
                                          "0 passed, 1 failed"]


def test_cli_broken_yaml_no_traceback(tmp_path):
    path = tmp_path / "broken.yaml"
    path.write_text("name: [1\n\tsetup: x\n")
    result = cli(path)
    assert result.exit_code == 1
    assert result.stdout.splitlines()[0] == f"FAIL broken ({path})"
    assert result.stdout.splitlines()[1].startswith(f"  {path}:2:1: error: YAML syntax error")


@pytest.mark.parametrize("args", [(), ("no/such/path",), ("{empty}",)])
def test_cli_usage_errors(tmp_path, args):
    (tmp_path / "empty").mkdir()
    result = cli(*(a.format(empty=tmp_path / "empty") for a in args))
    assert result.exit_code == 2
    assert result.stdout == ""


def test_cli_runs_the_shipped_scenarios():
    folder = Path(__file__).parents[1] / "scenarios"
    result = cli(folder)
    assert result.exit_code == 0, result.stdout
    assert result.stdout.splitlines()[-1].endswith(" passed, 0 failed")


# ---- docs/scenarios.md --------------------------------------------------------------------------

DOC = Path(__file__).resolve().parents[2] / "docs" / "scenarios.md"


def doc_blocks(language: str) -> list[str]:
    """The page's ```LANGUAGE blocks, each with its final line break."""
    return re.findall(rf"^```{language}\n(.*?)^```", DOC.read_text(encoding="utf-8"), re.S | re.M)


def test_doc_example_is_a_shipped_scenario_and_passes(tmp_path):
    example = doc_blocks("yaml")[0]
    shipped = Path(__file__).parents[1] / "scenarios" / "classic" / "draw_two.yaml"
    assert example == shipped.read_text(encoding="utf-8")
    assert run_file(scenario(tmp_path, example)).passed


def test_doc_failure_outputs_are_what_unodsl_test_prints(tmp_path, monkeypatch):
    example, typo = doc_blocks("yaml")[:2]
    failing, invalid = doc_blocks("text")[:2]
    wrong = example.replace("hand_sizes: [2, 4, 2]", "hand_sizes: [2, 3, 2]").replace(
        "{event: skipped, player: 1}", "{event: skipped, player: 2}")
    (tmp_path / "draw_two.yaml").write_text(wrong, encoding="utf-8")
    (tmp_path / "typo.yaml").write_text(typo, encoding="utf-8")
    monkeypatch.chdir(tmp_path)  # the files named as in the page
    assert cli("draw_two.yaml").stdout == failing
    assert cli("typo.yaml").stdout == invalid


def test_a_number_is_no_answer_to_a_yes_no_decision(tmp_path):
    # Match.answer takes 1 for True (1 == True in Python); the runner does not.
    path = scenario(tmp_path, """\
        name: one for yes
        edition: classic
        setup:
          hands: [[red 3, blue 5], [red 1, green 1, yellow 1]]
          discard: [red 9]
        answers: [red 3, {kind: call_uno, answer: 1}]
        """)
    [failure] = run_file(path).failures
    assert failure.message == ("answer '1' was refused: it is not one of the options; "
                               "player 0's call_uno options were: yes, no")


def test_a_rule_file_beside_the_scenario_is_found(tmp_path):
    (tmp_path / "sevens.yaml").write_text('name: Sevens\nscript: |\n  on play where number == 7:\n    next draws 1\n')
    scenario = tmp_path / "seven.yaml"
    scenario.write_text(textwrap.dedent("""\
        name: a seven makes the next player draw one
        edition: classic
        rules: ["@sevens.yaml"]
        setup:
          hands: [[red 7, red 1, red 2], [blue 1, blue 2, blue 3], [green 1, green 2, green 3]]
          draw: [yellow 5, yellow 6]
          discard: [red 3]
        answers: [red 7]
        expect:
          events:
            - {event: play, player: 0}
            - {event: draw, player: 1, cards: [yellow 5]}
        """))
    outcome = run_file(scenario)
    assert outcome.passed, outcome.lines()


def test_a_folder_leaves_out_its_edition_and_house_rule_files(tmp_path):
    """Every scenario has `edition:` and `setup:`; a file with neither that has an edition's
    keys (`kinds:`, `base:`) or a house rule's (`script:`, `settings:`) is not one."""
    from unodsl.scenario import scenario_files

    files = {
        "edition.yaml": "name: E\nbase: classic\nkinds: {}\n",
        "settings-only.yaml": "name: Fast\nbase: classic\nsettings: {hand_size: 5}\n",
        "rule.yaml": "name: R\nscript: |\n  on play: skip next\n",
        "setting-rule.yaml": "name: S\nsettings: {no_bluffing: true}\n",
        "scenario.yaml": "name: A\nedition: classic\nsetup: {hands: [[red 1], [red 2]], discard: [red 9]}\n",
        "scenario-with-settings.yaml": "name: B\nedition: classic\nsettings: {hand_size: 5}\n",
        "no-setup.yaml": "name: C\nedition: edition.yaml\n",
        "stranger.yaml": "name: D\nanswers: []\n",
        "broken.yaml": "name: [\n",
    }
    for name, text in files.items():
        (tmp_path / name).write_text(text)
    found = sorted(path.name for path in scenario_files([tmp_path]))
    assert found == ["broken.yaml", "no-setup.yaml", "scenario-with-settings.yaml", "scenario.yaml",
                     "stranger.yaml"]
    assert scenario_files([tmp_path / "rule.yaml"]) == [tmp_path / "rule.yaml"]  # named: always run
