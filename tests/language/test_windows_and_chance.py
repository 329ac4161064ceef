"""Out-of-turn windows written where they cannot be, and a comparison with a value left to
chance (docs/effects.md "Out of turn: windows" and "Chance").

Written for mutants no selected test reached (docs/mutation.md); every edition and rule is
compiled inside its test (a mutation run switches the compiler's mutants on per test).
"""
from __future__ import annotations

import pytest

import unodsl
from unodsl.scenario import run_scenario
from unodsl.scenario.read import scenario_from_text

JUMP = "jump in where card is identical to top"
ANY_TIME = "uno at any time, false calls draw 2"
STACK = "stack where draw > 0"


def refusal(rule: str):
    with pytest.raises(unodsl.EditionError) as error:
        unodsl.load_edition("classic", rules=[rule])
    (problem,) = error.value.problems
    return problem.message, (problem.span.line, problem.span.column)


@pytest.mark.parametrize("window, words", [(JUMP, "jump in where ..."),
                                           (ANY_TIME, "uno at any time, false calls draw N")])
def test_a_window_in_a_hook_is_refused_at_its_place(window, words):
    # A window is opened by the table's rules, not by something that happens in a turn.
    message, place = refusal(f"on play where wild:\n    me draws 1\n    {window}")
    assert message == (f"an out-of-turn window is for the whole table: write `{words}` at the top of "
                       "a house rule, not inside a hook")
    assert place == (3, 5)


@pytest.mark.parametrize("rule, message", [
    (JUMP, "an out-of-turn window is for the whole table: write `jump in where ...` at the top of a "
           "house rule, not inside a block"),
    (ANY_TIME, "an out-of-turn window is for the whole table: write `uno at any time, false calls draw N` "
               "at the top of a house rule, not inside a block"),
    (STACK, "a stacking rule is for the whole table: write `stack where ...` at the top of a house "
            "rule, not inside a block"),
])
def test_a_table_rule_inside_a_block_is_refused_at_its_place(rule, message):
    got, place = refusal(f"on play where wild:\n    if me.hand > 1:\n        {rule}")
    assert got == message
    assert place == (3, 9)


def test_windows_at_the_top_of_a_house_rule_are_accepted():
    edition = unodsl.load_edition("classic", rules=[f"{JUMP}\n{ANY_TIME}"])
    assert edition is not None


def chance_scenario(test: str, rolled: int, draws: bool) -> str:
    """A Skip makes the next player draw 2 when `test` of a die (1..6) holds; the die shows
    `rolled`. The skipped player holds 4 cards after it if they drew, else 2."""
    return f"""
name: a comparison with a value left to chance
edition: classic
rules: ["on play where symbol == skip:\\n    if {test}:\\n        next draws 2"]
setup:
  hands:
    - [red skip, red 3, blue 4]
    - [green 1, green 2]
    - [red 1, yellow 2]
  draw: [blue 1, blue 2, blue 3]
  discard: [red 9]
answers:
  - {{player: 0, kind: turn, answer: red skip}}
chance: [{rolled}]
expect:
  decision: {{player: 2, kind: turn}}
  hand_sizes: [2, {4 if draws else 2}, 2]
  events:
    - {{event: chance, value: {rolled}}}
"""


@pytest.mark.parametrize("test, rolled, draws", [
    ("random number in 1..6 == 6", 6, True),
    ("random number in 1..6 == 6", 5, False),
    ("random number in 1..6 != 6", 5, True),
    ("random number in 1..6 != 6", 6, False),
    ("6 == random number in 1..6", 6, True),
    ("random number in 1..6 > 4", 5, True),
    ("random number in 1..6 > 4", 4, False),
])
def test_a_value_left_to_chance_is_drawn_once_and_compared(test, rolled, draws):
    outcome = run_scenario(scenario_from_text(chance_scenario(test, rolled, draws), "chance.yaml"))
    assert outcome.passed, "\n".join(outcome.lines())

