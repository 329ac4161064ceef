"""After a mistake in a script, the rest of it: every mistake of a script in one run.

A script is a sequence of statements, one a line or a line with its indented block. The
rules, so that each problem reported is a real one:

- Syntax. After a syntax error on a line, that line and its block (the lines under it
  indented further) are skipped: the line becomes `pass` at its own indentation (or is
  blanked, when its indentation is the mistake), so the blocks around it still hold, and
  the script is parsed again. Each later syntax error is reported the same way; if one is
  not further down than the last (the skip itself made it), the parsing stops there.
- Meaning. What parsed is compiled; after a mistake of meaning, the innermost statement
  it is in (the last to start at or before its place) is left out with its block, and
  the rest compiled again.
- No cascade. What a skipped statement would have set is unknown: the names of its
  `let`s, and `chosen` if it chooses. A later statement that reads one of them is not
  checked (it would say "unknown name" of a name the author did set).
- At most MAX_SCRIPT_PROBLEMS mistakes are reported of a script (each one parses or
  compiles it again): a hostile file cannot produce millions, nor take long.

Each mistake is a ScriptError; the first one raised holds the others in `.more`
(`error.every()`: all of them in the order of the script).
"""
from __future__ import annotations

import re
from dataclasses import fields, replace
from typing import Callable

from ..errors import ScriptError
from ..limits import MAX_SCRIPT_PROBLEMS
from . import ast
from .registry import LANGUAGE

class LimitReached(ScriptError):
    """A limit of unodsl/limits.py crossed (a script too long, too deep): the rest of the
    script is not read."""


# A statement that chooses makes `chosen` (a player, or `chosen number`...) for the rest of the script.
_CHOOSES = (ast.ChoosePlayer, ast.ChooseRandomPlayer, ast.ChooseValue)
_SETS_IN_TEXT = re.compile(r"\blet\s+([A-Za-z_][A-Za-z0-9_]*)")
_CHOOSES_IN_TEXT = re.compile(r"\bchooses?\b")
_TEXT_OR_COMMENT = re.compile(r'"[^"]*"?|#.*')
_CONTINUES = re.compile(r"\s*(elif|else)\b")  # a line that goes on the `if` above it


# ---- syntax: the lines of a statement that does not parse, skipped

def reparse(text: str, first: ScriptError, parse: Callable[[str], ast.Script]) -> None:
    """Parse `text` again and again, each time with the statement of the last syntax error
    skipped; the later errors go in `first.more`, and the tree of the rest in `first.partial`."""
    lines = text.split("\n")
    error, unset = first, set()
    while len(first.more) + 1 < MAX_SCRIPT_PROBLEMS:
        skipped = _skip_statement(lines, error)
        if skipped is None:
            return
        unset |= skipped
        try:
            tree = parse("\n".join(lines))
        except ScriptError as later:
            if (later.line, later.column) <= (error.line, error.column) or isinstance(later, LimitReached):
                return  # (made by the skip itself, or a limit: the rest cannot be read)
            first.more.append(later)
            error = later
            continue
        first.partial = without_readers(tree, unset)
        return


def _skip_statement(lines: list[str], error: ScriptError) -> set | None:
    """Skip the statement on the error's line, with its block: what it would have set
    (its `let` names, `chosen`); None when the line is not one of the script's."""
    if not 0 < error.line <= len(lines) or not lines[error.line - 1].strip():
        return None
    start, last = _logical_line(lines, error.line - 1)
    width = _indent(lines[start])
    end = _block_end(lines, last, width)
    while end < len(lines) and _indent(lines[end]) == width and _CONTINUES.match(lines[end]):
        end = _block_end(lines, end, width)  # (an `elif`/`else` left alone would be a mistake of the skip)
    skipped = "\n".join(lines[start:end])
    # A line whose indentation is the mistake, and an answer of `ask` (where a statement
    # may not stand), are blanked; any other becomes `pass`, so its block's `if` still has one.
    blanked = error.message.startswith("unexpected indentation") or lines[start].lstrip().startswith('"')
    lines[start] = "" if blanked else lines[start][:len(lines[start]) - len(lines[start].lstrip())] + "pass"
    for index in range(start + 1, end):
        lines[index] = ""
    return set(_SETS_IN_TEXT.findall(skipped)) | ({"chosen"} if _CHOOSES_IN_TEXT.search(skipped) else set())


def _logical_line(lines: list[str], index: int) -> tuple[int, int]:
    """The first and last lines of the statement line `index` is part of: one line, or more
    while a parenthesis or a bracket is open (`next draws (2 +` then `3)`)."""
    start, depth = 0, 0
    for number, line in enumerate(lines):
        if depth <= 0:
            start, depth = number, 0
        depth += _opened(line)
        if number >= index and depth <= 0:
            return start, number
    return start, len(lines) - 1


def _opened(line: str) -> int:
    """Parentheses and brackets a line opens, less those it closes (not in texts or comments)."""
    code = _TEXT_OR_COMMENT.sub("", line)
    return code.count("(") + code.count("[") - code.count(")") - code.count("]")


def _block_end(lines: list[str], start: int, width: int) -> int:
    """The index past the line `start` and the lines under it indented further than `width`."""
    end = start + 1
    while end < len(lines) and (_blank(lines[end]) or _indent(lines[end]) > width):
        end += 1
    return end


def _indent(line: str) -> int:
    return len(line.expandtabs(8)) - len(line.expandtabs(8).lstrip())


def _blank(line: str) -> bool:
    return not line.strip() or line.lstrip().startswith("#")


# ---- meaning: the statement of a mistake left out

def recompile(first: ScriptError, tree: ast.Script, compile_tree: Callable[[ast.Script], object]) -> ScriptError:
    """`first`, a mistake of meaning in `tree`, with the script's later ones in `.more`:
    each time the statement of the last mistake is left out and the rest compiled again."""
    error, seen = first, {_place(first)}
    while len(first.more) + 1 < MAX_SCRIPT_PROBLEMS:
        statement = statement_at(tree, error.line, error.column)
        if statement is None:
            break
        tree = without_readers(_without(tree, statement), names_set(statement))
        try:
            compile_tree(tree)
            break
        except ScriptError as later:
            if _place(later) in seen:
                break
            seen.add(_place(later))
            first.more.append(later)
            error = later
    return first


def check_partial(error: ScriptError, compile_tree: Callable[[ast.Script], object]) -> ScriptError:
    """A syntax error's script: the mistakes of meaning in what parsed, added to its others."""
    if error.partial is None:
        return error
    try:
        compile_tree(error.partial)
    except ScriptError as meaning:
        room = MAX_SCRIPT_PROBLEMS - 1 - len(error.more)
        error.more.extend(meaning.every()[:max(room, 0)])
    return error


def _place(error: ScriptError) -> tuple:
    return error.line, error.column, error.message


def statement_at(tree: ast.Node, line: int, column: int) -> ast.Node | None:
    """The innermost statement a place is in: the last, in the order of the script, to
    start at or before it (a block's statements start after the line that opens it)."""
    found = None
    for node in ast.walk(tree):
        if _is_statement(node) and (node.line, node.column) <= (line, column):
            if found is None or (node.line, node.column) >= (found.line, found.column):
                found = node
    return found


def names_set(statement: ast.Node) -> set:
    """What a statement sets for the rest of the script: its `let` names, and `chosen`."""
    found = set()
    for node in ast.walk(statement):
        if isinstance(node, ast.Let):
            found.add(node.name)
        elif isinstance(node, _CHOOSES):
            found.add("chosen")
    return found


def without_readers(tree: ast.Script, names: set) -> ast.Script:
    """`tree` without the statements that read one of `names` (with their blocks)."""
    if not names:
        return tree
    return _pruned(tree, lambda statement: _reads(statement, names))


def _without(tree: ast.Script, statement: ast.Node) -> ast.Script:
    return _pruned(tree, lambda node: node is statement)


def _pruned(value, leave_out: Callable[[ast.Node], bool]):
    """`value` (a node, a tuple of them) rebuilt without the statements `leave_out` picks."""
    if isinstance(value, tuple):
        return tuple(_pruned(item, leave_out) for item in value
                     if not (_is_statement(item) and leave_out(item)))
    if isinstance(value, ast.Node) and _holds_statements(value):
        return replace(value, **{f.name: _pruned(getattr(value, f.name), leave_out)
                                 for f in fields(value) if f.init and isinstance(getattr(value, f.name), tuple)})
    return value


def _reads(statement: ast.Node, names: set) -> bool:
    """Whether the statement itself (not a statement of its block) reads one of `names`."""
    stack = [value for value in vars(statement).values()]
    while stack:
        item = stack.pop()
        if isinstance(item, str) and item in names:
            return True
        if isinstance(item, ast.ChosenValue) and "chosen" in names:
            return True
        if isinstance(item, ast.Node) and not _is_statement(item):
            stack.extend(vars(item).values())
        elif isinstance(item, tuple):
            stack.extend(item)
    return False


def _is_statement(node) -> bool:
    row = LANGUAGE.rows.get(type(node))
    return row is not None and row.kind == "statement"


def _holds_statements(node: ast.Node) -> bool:
    return any(_is_statement(inner) for inner in ast.walk(node) if inner is not node)
