"""Parse effect scripts into the syntax tree of unodsl.lang.ast.

The grammar (grammar/effects.lark, loaded by unodsl/lang/grammar.py) is loaded once;
every parse error becomes a ScriptError with a position inside the script and the
tokens that were expected (unodsl/lang/parse_errors.py); the tree becomes nodes in
unodsl/lang/transform.py.
"""
from __future__ import annotations

from functools import lru_cache

from lark import Token, Tree
from lark.exceptions import UnexpectedInput, VisitError

from ..codes import SCRIPT_SYNTAX
from ..errors import ScriptError
from ..limits import MAX_SCRIPT_CHARS, MAX_SCRIPT_DEPTH, MAX_SCRIPT_STATEMENTS
from . import ast
from .grammar import parser as _parser
from .parse_errors import _TOKEN_TEXT, describe_token, syntax_error
from .recover import LimitReached, reparse
from .transform import ToAst

__all__ = ["_TOKEN_TEXT", "_parser", "describe_token", "parse_condition", "parse_script"]


def parse_script(text: str) -> ast.Script:
    """A whole effect script or house rule."""
    return _tagged(text, "script")


def parse_condition(text: str) -> ast.Node:
    """A bare condition, as in `playable:` or `bluff_if:`."""
    return _tagged(text, "condition")


def _tagged(text: str, start: str):
    """The tree of `text`; what the parser refuses is a syntax error (the compiler's, of meaning).
    After one in a script, the rest of it is read too (unodsl/lang/recover.py): the error
    holds the later ones, and the tree of what parsed."""
    _check_length(text)
    try:
        return _parse(text, start)
    except ScriptError as error:
        if start == "script" and not isinstance(error, LimitReached):
            reparse(text, error, _parse_script)
        for each in error.every():
            each.code = SCRIPT_SYNTAX
        raise


def _parse_script(text: str) -> ast.Script:
    return _parse(text, "script")


@lru_cache(maxsize=1024)  # editions built on classic parse classic's scripts again: 126 parses, 21 texts
def _parse(text: str, start: str):
    """The syntax tree (frozen nodes, so one tree may serve every edition that has the text)."""
    if not text.endswith("\n"):
        text += "\n"  # the indenter needs a last newline to close blocks
    try:
        tree = _parser().parse(text, start=start)
        _check_shape(tree)
        return ToAst().transform(tree)
    except UnexpectedInput as error:
        raise syntax_error(error, text) from None
    except VisitError as error:  # raised inside the transformer
        raise error.orig_exc from None



# ---- limits (unodsl/limits.py): refused with a place before Python's own limits are reached

def _check_length(text: str) -> None:
    """Checked before parsing: the parser's time and memory grow with the text."""
    if len(text) > MAX_SCRIPT_CHARS:
        line = text.count("\n", 0, MAX_SCRIPT_CHARS) + 1
        column = MAX_SCRIPT_CHARS - text.rfind("\n", 0, MAX_SCRIPT_CHARS)
        raise LimitReached(f"script is too long: more than {MAX_SCRIPT_CHARS} characters (the limit is crossed here)",
                          line, column, hint="a card or a house rule does one thing in a few lines; split it")


# Grammar rules that group others without nesting them any deeper for a reader.
_NOT_NESTING = {"script", "condition", "block", "answer", "elif_clause", "else_clause", "players_hand"}


def _check_shape(tree: Tree) -> None:
    """Nesting depth and statement count, walked without recursion (the syntax tree,
    the compiler, Python's compile() and the English of describe.py all recurse)."""
    statements = 0
    stack = [(tree, 0)]
    while stack:
        node, depth = stack.pop()
        if node.data not in _NOT_NESTING:
            depth += 1
            if depth > MAX_SCRIPT_DEPTH:
                raise LimitReached(f"nested too deeply: more than {MAX_SCRIPT_DEPTH} levels of blocks and "
                                  "expressions inside each other", *_position(node),
                                  hint="use `elif` instead of `else: if`, fewer `not`s, or fewer terms "
                                       "in a chain of + or - (each term is one level)")
        if node.data in ("script", "block"):
            for statement in filter(None, node.children):
                statements += 1
                if statements > MAX_SCRIPT_STATEMENTS:
                    raise LimitReached(f"too many statements: more than {MAX_SCRIPT_STATEMENTS} in one script",
                                      *_position(statement), hint="a card or a house rule does one thing "
                                                                  "in a few lines; split it")
        # Left to right, so the first place past the limit is the one reported.
        stack.extend((child, depth) for child in reversed(node.children) if isinstance(child, Tree))

def _position(node: Tree) -> tuple[int, int]:
    """Where a grammar node starts: its own position, or its first token's."""
    if not node.meta.empty:
        return node.meta.line, node.meta.column
    for token in node.scan_values(lambda value: isinstance(value, Token)):
        if token.line is not None:
            return token.line, token.column
    return 1, 1

