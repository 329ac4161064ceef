"""Mistakes the bad-edition corpus and the fuzz tests found in the validator, one test each.

Each would otherwise be caught only through a golden file in tests/bad_editions/;
here the fix is stated on its own.
"""
from __future__ import annotations

import pytest

from unodsl.errors import ScriptError
from unodsl.lang.parse import parse_condition, parse_script


def script_error(text: str, condition: bool = False) -> ScriptError:
    with pytest.raises(ScriptError) as info:
        (parse_condition if condition else parse_script)(text)
    return info.value


# ---- the effect language's syntax errors ---------------------------------------------

def test_a_line_dedented_to_no_block_is_a_script_error_not_a_crash():
    # Lark's indenter raised DedentError, which is not an UnexpectedInput: a traceback.
    error = script_error("if players == 2:\n    skip next\n  reverse\n")
    assert (error.line, error.column) == (3, 3)
    assert error.message.startswith("unexpected indentation")
    # a comment line counts as a line for the indenter
    assert (script_error("if players == 2:\n    skip next\n  # why\nreverse\n").line) == 3


def test_an_indented_line_is_placed_on_that_line_not_at_the_end_of_the_one_before():
    error = script_error("choose colour\n  next draws 2\n")
    assert (error.line, error.column) == (2, 3)
    assert error.message.startswith("unexpected indentation, expected one of")
    assert "block" in error.hint


def test_a_keyword_at_the_start_of_a_longer_word_is_reported_as_the_word():
    # `to` (of `give all ... to`) was lexed from the start of `top`: "unexpected 'to'".
    error = script_error("number == 1 or symbol top.symbol", condition=True)
    assert error.message.startswith("unexpected 'top'")
    assert (error.line, error.column) == (1, 23)
