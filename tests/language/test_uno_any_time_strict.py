"""UNO at any time, strict (`uno at any time, false calls draw N, even when nobody holds one
card`): parsed, refused where any window is, told in words, and carried to the edition
(docs/effects.md "Out of turn: windows"; the rules' behaviour is in the scenario files
tests/scenarios/windows/uno_any_time_strict_*.yaml)."""
from __future__ import annotations

import pytest

import unodsl
from unodsl.engine.facts import turn_facts
from unodsl.engine.round import Round
from unodsl.lang import ast
from unodsl.lang.describe import Describer
from unodsl.lang.parse import parse_script

STRICT = "uno at any time, false calls draw 2, even when nobody holds one card"
LOOSE = "uno at any time, false calls draw 2"


@pytest.mark.parametrize("text, strict", [(STRICT, True), (LOOSE, False)])
def test_the_clause_makes_the_rule_strict(text, strict):
    (rule,) = parse_script(text).body
    assert isinstance(rule, ast.UnoAnyTime) and (rule.penalty, rule.strict) == (2, strict)
    edition = unodsl.load_edition("classic", rules=[text])
    assert (edition.false_call, edition.uno_strict) == (2, strict)
    assert turn_facts(edition, Round).uno_every_turn is strict


def test_editions_without_the_strict_rule_open_no_window_after_every_turn():
    for rules in ([], ["@uno-any-time"], ["@jump-in"]):
        assert not turn_facts(unodsl.load_edition("classic", rules=rules), Round).uno_every_turn


def test_the_last_uno_rule_says_whether_calls_are_strict():
    edition = unodsl.load_edition("classic", rules=[STRICT, "uno at any time, false calls draw 3"])
    assert (edition.false_call, edition.uno_strict) == (3, False)
    edition = unodsl.load_edition("classic", rules=["@uno-any-time", "@uno-any-time-strict"])
    assert (edition.false_call, edition.uno_strict) == (2, True)


def test_the_strict_rule_inside_a_hook_is_refused_at_its_place():
    with pytest.raises(unodsl.EditionError) as error:
        unodsl.load_edition("classic", rules=[f"on play where wild:\n    {STRICT}"])
    (problem,) = error.value.problems
    assert problem.message.startswith("an out-of-turn window is for the whole table")
    assert (problem.span.line, problem.span.column) == (2, 5)


def test_the_clause_is_told_in_words():
    edition = unodsl.load_edition("classic")
    words = Describer(edition.vocabulary, {}).script
    strict, loose = words(parse_script(STRICT)), words(parse_script(LOOSE))
    assert "after every turn, even when nobody holds one card, every player in turn may call UNO" in strict
    assert "while a player holds one card without having called UNO" in loose
    assert "even when nobody" not in loose
    assert strict.endswith("costs its caller 2 cards.")
