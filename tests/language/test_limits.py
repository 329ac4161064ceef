"""Size and nesting limits (unodsl/limits.py, issue 10): a script or file past one is
refused with `file:line:col: error` at the place the limit is crossed, quickly, instead
of reaching Python's own limits (IndentationError, SyntaxError, RecursionError) or
taking seconds and hundreds of MB. Just under every limit, an edition loads, is
explained and its scripts compile."""
from __future__ import annotations

import time
import tracemalloc

import pytest
from hypothesis import given, settings, strategies as st

import unodsl
from unodsl.explain import explain, find_kind
from unodsl.edition.loader import load_edition_text
from unodsl.errors import ScriptError
from unodsl.lang.parse import parse_condition, parse_script
from unodsl.limits import MAX_FILE_BYTES, MAX_LOOP_DEPTH, MAX_SCRIPT_CHARS, MAX_SCRIPT_DEPTH, MAX_SCRIPT_STATEMENTS

from cli_helpers import no_traceback, run


def nested_ifs(n: int) -> str:
    return "\n".join("  " * i + "if players > 1:" for i in range(n)) + "\n" + "  " * n + "next draws 1"


SCRIPTS = {  # one way of nesting each: n levels deep
    "blocks": nested_ifs,
    "not": lambda n: "if " + "not " * n + "players > 1:\n  next draws 1",
    "minus": lambda n: "next draws " + "- " * n + "1",
    "sum": lambda n: "next draws " + " + ".join(["1"] * n),
    "product": lambda n: "next draws " + " * ".join(["1"] * n),
    "parentheses": lambda n: "next draws " + "(1 + " * n + "1" + ")" * n,
    "conditions": lambda n: "if " + "(players > 1 and " * n + "players > 1" + ")" * n + ":\n  next draws 1",
}


def skip_doing(script: str) -> str:
    """Classic, with the Skip card doing `script` (at line 6, column 7 of the file)."""
    body = "".join(f"      {line}\n" for line in script.split("\n"))
    return f"name: T\nbase: classic\nkinds:\n  skip:\n    effect: |\n{body}"


def load_and_explain(script: str):
    edition = load_edition_text(skip_doing(script), "t.yaml")
    return explain(edition, find_kind(edition, "skip"))


def deepest(make) -> int:
    n = 1
    while True:
        try:
            parse_script(make(n + 1))
        except ScriptError:
            return n
        n += 1


@pytest.mark.parametrize("way", SCRIPTS)
def test_too_deep_is_a_placed_error_not_a_python_limit(way):
    for n in (MAX_SCRIPT_DEPTH + 1, 100, 300, 1000):
        script = SCRIPTS[way](n)
        if len(script) > MAX_SCRIPT_CHARS:
            continue
        with pytest.raises(unodsl.EditionError) as info:
            load_and_explain(script)
        [problem] = info.value.problems
        assert problem.message.startswith(f"nested too deeply: more than {MAX_SCRIPT_DEPTH} levels")
        assert problem.span.file == "t.yaml" and problem.span.line >= 6


@pytest.mark.parametrize("way", SCRIPTS)
def test_just_under_the_depth_limit_loads_compiles_and_is_explained(way):
    n = deepest(SCRIPTS[way])
    assert n >= 15  # far above any real card (classic's deepest script is 4 levels)
    assert load_and_explain(SCRIPTS[way](n)).kind.id == "skip"


def test_the_place_is_where_the_limit_is_crossed():
    def error(script):
        with pytest.raises(ScriptError) as info:
            parse_script(script)
        return info.value.line, info.value.column

    assert error(SCRIPTS["not"](200)) == (1, 4 + 4 * (MAX_SCRIPT_DEPTH - 1))  # the `not` one too deep
    assert error(SCRIPTS["sum"](200)) == (1, 12)  # the sum, whose terms nest to the left
    line, _ = error(nested_ifs(60))
    assert line == MAX_SCRIPT_DEPTH - 1  # the `if` one too deep (the condition is a level of its own)


def test_a_condition_field_has_the_same_limit():
    with pytest.raises(ScriptError, match="nested too deeply"):
        parse_condition("not " * 500 + "colour == red")


def test_too_many_statements_is_placed_at_the_first_one_too_many():
    parse_script("next draws 1\n" * MAX_SCRIPT_STATEMENTS)
    with pytest.raises(ScriptError, match=f"more than {MAX_SCRIPT_STATEMENTS}") as info:
        parse_script("next draws 1\n" * (MAX_SCRIPT_STATEMENTS - 100) + "skip next; " * 101)
    assert (info.value.line, info.value.column) == (MAX_SCRIPT_STATEMENTS - 99, 1 + 11 * 100)


def test_too_long_a_script_is_refused_before_parsing():
    script = "on play:\n" + "  next draws 1\n" * 120_000  # 1.8 MB: 16 s and 769 MB before the limit
    tracemalloc.start()
    start = time.perf_counter()
    result = run("validate", "classic", "--rule", script)
    seconds = time.perf_counter() - start
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    no_traceback(result)
    assert result.exit_code == 1
    line = 2 + (MAX_SCRIPT_CHARS - 9) // 15  # after "on play:\n", lines of 15 characters
    assert f":{line}:" in result.stdout and f"more than {MAX_SCRIPT_CHARS} characters" in result.stdout
    assert seconds < 1 and peak < 50 * 2**20


def test_too_big_a_file_is_placed_where_the_limit_is_crossed(tmp_path):
    path = tmp_path / "big-rule.yaml"
    path.write_text("name: Big\nscript: |\n" + "  next draws 1\n" * 10_000)
    result = run("validate", "classic", "--rule", f"@{path}")
    assert result.exit_code == 1
    line = 3 + (MAX_FILE_BYTES - len("name: Big\nscript: |\n")) // 15
    assert result.stdout.startswith(f"{path}:{line}:")
    assert "file is too big" in result.stdout


# Random nestings of every kind, past the limit or not: refused in place, or loaded and explained.
_leaf = st.sampled_from(["players > 1", "colour == red", "me holds number == 7", "bluffed"])
_conditions = st.recursive(_leaf, lambda inner: st.one_of(
    inner.map(lambda c: f"not {c}"), inner.map(lambda c: f"({c})"),
    st.tuples(inner, inner).map(lambda p: f"{p[0]} and {p[1]}"),
    st.tuples(inner, inner).map(lambda p: f"({p[0]} or {p[1]})")), max_leaves=80)
_amounts = st.recursive(st.sampled_from(["1", "2", "players"]), lambda inner: st.one_of(
    inner.map(lambda a: f"- {a}"), inner.map(lambda a: f"({a})"),
    st.tuples(inner, inner).map(lambda p: f"{p[0]} + {p[1]}")), max_leaves=80)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 110), _conditions, _amounts)
def test_any_nesting_is_refused_in_place_or_runs(blocks, condition, amount):
    script = nested_ifs(blocks).replace("players > 1", condition).replace("draws 1", f"draws {amount}")
    try:
        load_and_explain(script)
    except unodsl.EditionError as error:
        assert all(p.span.file == "t.yaml" for p in error.problems), error


def nested_repeats(n: int, innermost: str = "next draws 1") -> str:
    return "\n".join("  " * i + "repeat 2 times:" for i in range(n)) + "\n" + "  " * n + innermost


def test_loops_nested_too_deeply_are_a_placed_error_not_a_python_limit():
    """Each `repeat` is a Python loop, and Python refuses 20 loops inside each other (it was a
    SyntaxError with a traceback): past MAX_LOOP_DEPTH the loop that crosses it is refused."""
    for n in (MAX_LOOP_DEPTH + 1, 21, 40):
        with pytest.raises(unodsl.EditionError) as info:
            load_and_explain(nested_repeats(n))
        [problem] = info.value.problems
        assert problem.message.startswith(f"loops nested too deeply: more than {MAX_LOOP_DEPTH}")
        assert (problem.span.line, problem.span.column) == (6 + MAX_LOOP_DEPTH, 7 + 2 * MAX_LOOP_DEPTH)


def test_loops_just_under_the_limit_load_and_play():
    """Eight loops deep, with a loop over players inside (one more Python loop), an edition plays."""
    script = nested_repeats(MAX_LOOP_DEPTH - 1, "for each player in others:\n" + "  " * MAX_LOOP_DEPTH + "player draws 0")
    edition = load_edition_text(skip_doing(script), "t.yaml")
    for record in (True, False):
        assert unodsl.Match(edition, players=3, agents="random", seed=1, target=100, record=record).play()
