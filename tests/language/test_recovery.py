"""Every mistake of a script in one run (issue 28; unodsl/lang/recover.py): after a syntax
error the rest of the script is parsed, after a mistake of meaning the rest is compiled,
and what a skipped statement would have set is never said to be unknown after it."""
from __future__ import annotations

import time

import pytest

import unodsl
from unodsl.errors import EditionError, ScriptError
from unodsl.lang.parse import parse_condition, parse_script
from unodsl.limits import MAX_SCRIPT_PROBLEMS
from unodsl.lsp.analysis import analyse

EDITION = """name: Mistakes
base: classic
kinds:
  star:
    name: Star
    deck: {{count: 1}}
    points: 1
    effect: |
{effect}
"""


def edition(script: str) -> str:
    return EDITION.format(effect="\n".join("      " + line for line in script.split("\n")))


def problems_of(script: str) -> list[tuple[int, int, str]]:
    """(line, column, message) of each problem of the edition with `script` as a card's effect
    (the script's first line is the file's line 9)."""
    with pytest.raises(EditionError) as raised:
        unodsl.load_edition_text(edition(script), "t.yaml")
    return [(p.span.line, p.span.column, p.message) for p in raised.value.problems]


def lines_of(script: str) -> list[int]:
    return [line - 8 for line, _column, _message in problems_of(script)]


def test_three_independent_mistakes_are_three_placed_problems():
    problems = problems_of("next draws 2 +\nskip nxt\nme.hand > red")
    assert [(line, column) for line, column, _ in problems] == [(9, 21), (10, 12), (11, 9)]
    assert problems[0][2].startswith("unexpected end of line")
    assert problems[1][2] == "`nxt` is not a player"  # (of meaning: found in what parsed)
    assert problems[2][2].startswith("unexpected '.'")


def test_a_syntax_error_holds_the_later_ones_and_the_tree_of_what_parsed():
    with pytest.raises(ScriptError) as raised:
        parse_script("next draws 2 +\nskip next\nnext draws +\nreverse")
    error = raised.value
    assert [(e.line, e.code) for e in error.every()] == [(1, "L001"), (3, "L001")]
    kinds = [type(statement).__name__ for statement in error.partial.body]
    assert kinds == ["Nothing", "Skip", "Nothing", "Reverse"]  # (each skipped line is `pass`)


def test_a_condition_is_one_expression_its_first_mistake_is_all():
    with pytest.raises(ScriptError) as raised:
        parse_condition("colour == red +")
    assert raised.value.more == [] and raised.value.partial is None


def test_several_mistakes_of_meaning_are_each_reported():
    assert lines_of("skip nxt\nprev draws 2\nreverse\nnext draws red") == [1, 2, 4]


def test_a_mistake_inside_a_block_and_one_after_it():
    assert lines_of("if players == 2:\n  next draws 2 +\n  skip nxt\nreverse\nskip nxt") == [2, 3, 5]


@pytest.mark.parametrize("script", [
    "let victim = chosen +\nvictim draws 2\nskip nxt",       # a `let` that does not parse
    "let victim = nxt\nvictim draws 2\nskip nxt",            # a `let` whose value is wrong
    "choose player where next holdz red\nchosen draws 2\nskip nxt",  # a choice that does not parse
])
def test_what_a_skipped_statement_sets_is_not_said_unknown_later(script):
    assert lines_of(script) == [1, 3]


def test_an_else_after_a_skipped_clause_is_not_a_mistake_of_its_own():
    assert lines_of("if players == 2:\n  skip next\nelse if players == 3:\n  reverse\nelse:\n  next draws 1\n"
                    "skip nxt") == [3, 7]


def test_a_statement_over_several_lines_is_skipped_whole():
    problems = problems_of("next draws (2 +\n  3 +)\nskip nxt")
    assert [(line - 8, message.split(",")[0]) for line, _, message in problems] == [
        (2, "unexpected ')'"), (3, "`nxt` is not a player")]  # (not "unexpected 'skip'" in the parenthesis)


@pytest.mark.parametrize("script", [
    "choose colour\n  next draws 2\n    reverse\nskip nxt",              # indented for no block
    "if players == 2:\n    skip next\n  reverse\nskip nxt",            # dedented to no block
])
def test_after_an_indentation_mistake_the_rest_is_read(script):
    assert lines_of(script)[-1] == 4 and len(lines_of(script)) == 2


def test_an_answer_of_ask_that_does_not_parse():
    assert lines_of('ask next "Go?":\n  "yes" next draws 2\n  "no": skip next\nskip nxt') == [2, 4]


def test_the_mistakes_of_a_hook_and_of_a_house_rule():
    text = edition("choose colour") + ("rules:\n  - name: Mine\n    script: |\n      on play:\n        skip nxt\n"
                                       "        next draws +\n")
    with pytest.raises(EditionError) as raised:
        unodsl.load_edition_text(text, "t.yaml")
    assert [p.span.line for p in raised.value.problems] == [14, 15]


@pytest.mark.parametrize("line", ["next draws 2 +", "skip nxt", "skip nxt; skip nxt; skip nxt"])
def test_a_script_full_of_mistakes_gives_at_most_the_limit_quickly(line):
    started = time.perf_counter()
    problems = problems_of("\n".join([line] * 150))
    assert len(problems) == MAX_SCRIPT_PROBLEMS
    assert time.perf_counter() - started < 5


def test_the_language_server_gets_every_mistake_of_a_script():
    analysis = analyse(edition("next draws 2 +\nskip nxt\nme.hand > red"), "t.yaml")
    assert [p.span.line for p in analysis.problems] == [9, 10, 11]


def test_after_a_player_word_its_possessive_is_expected_too():
    with pytest.raises(ScriptError) as raised:
        parse_script("me.hand > red")
    assert "\"'s\"" in raised.value.message
