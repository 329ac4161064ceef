"""Naming a value in the generated code (`choose number in 1..6`, `choose symbol`, `choose
kind`, read after as `chosen number`, ...), and the values a question's text says (`ask me
"Draw {n} cards?"`).

A question's text is the author's data, never a format string: it is cut at its braces
here, each `{VALUE}` parsed and compiled as a value of the script, and at play the pieces
are joined, each value shown in at most MAX_SAID_CHARS characters (unodsl.lang.compile.runtime)."""
from __future__ import annotations

import dataclasses

from ...errors import ScriptError
from ...limits import MAX_NAMED_NUMBERS
from .. import ast
from ..registry import compiles

# What is named, and the type of the pick (`chosen number` is a number).
NAMED = {"number": "number", "symbol": "text", "kind": "text"}
# Values that put a question of their own: not inside another question's text.
_ASKING = (ast.Challenges, ast.Accepts)


class ChoiceCode:
    """`choose number`/`symbol`/`kind`, the pick read after, and a question's text."""

    @compiles(ast.ChooseValue)
    def s_ChooseValue(self, s):
        what = s.what
        if s.low is not None and what != "number":
            raise ScriptError(f"a {what} is named among the edition's, not in a range", s.low.line, s.low.column,
                              hint=f"write `choose {what}`")
        self.emit(f"{_picked(what)} = g.choose_value({self.single(s.chooser)}, {what!r}, {self.named(s)})")
        self.assigned = self.assigned | {f"chosen {what}"}
        first = f"    {_picked(what)} = None"  # (a pick by `chosen` when no one was chosen: none)
        if first not in self.lines:
            self.lines.insert(0, first)

    def named(self, s: ast.ChooseValue) -> str:
        """The values offered, as Python source."""
        if s.what == "symbol":
            if not self.vocab.symbols:
                raise ScriptError("this edition's cards have no symbols: there is none to name", s.line, s.column)
            return repr(tuple(self.vocab.symbols))
        if s.what == "kind":
            return repr(tuple(self.vocab.kinds))
        if s.low is None:
            return "g.edition.numbers"
        for end in (s.low, s.high):
            self.number(end, "`choose number in LOW..HIGH`")
        if isinstance(s.low, ast.Int) and isinstance(s.high, ast.Int) and s.high.value - s.low.value >= MAX_NAMED_NUMBERS:
            raise ScriptError(f"a range of {s.high.value - s.low.value + 1:,} numbers to name: at most "
                              f"{MAX_NAMED_NUMBERS} are offered", s.low.line, s.low.column,
                              hint="a die names 1..6, a card's number 0..9")
        return f"_named_numbers({self.expr(s.low, self.card)}, {self.expr(s.high, self.card)})"

    @compiles(ast.ChosenValue)
    def x_ChosenValue(self, node, card):
        if f"chosen {node.what}" not in self.assigned:
            raise ScriptError(f"`chosen {node.what}` is read here, but no `choose {node.what}` has certainly run "
                              "before it", node.line, node.column,
                              hint=f"put `choose {node.what}` before it, on every path (in each branch of an `if`)")
        self.pure = False
        return _picked(node.what)

    # ---- values said in a question's text

    def said(self, text: str, line: int, column: int) -> str:
        """Python source of a question's or an answer's text written at (line, column), its
        opening quote: the text itself, or its pieces and values joined at play."""
        if "{" not in text and "}" not in text:
            return repr(text)
        pieces = []
        for piece in _pieces(text, line, column + 1):
            if isinstance(piece, str):
                pieces.append(repr(piece))
            else:
                node = _value_in_text(*piece)
                pieces.append(f"_said({self.expr(node, self.card)}, {self.type_of(node)!r})")
        # (one flat call however many pieces: a chain of + as long would be too deep for Python's compiler)
        return "''.join((" + ", ".join(pieces) + ",))"


def _picked(what: str) -> str:
    """The Python local holding the pick of `choose WHAT`."""
    return f"chosen_{what}"


def _pieces(text: str, line: int, column: int) -> list:
    """`text` cut at its braces: literal pieces (`{{` and `}}` are braces), and (hole text,
    line, column) for each `{VALUE}`; a brace left open or closing nothing is refused."""
    pieces, literal, at = [], [], 0
    while at < len(text):
        char = text[at]
        if char in "{}" and text[at + 1:at + 2] == char:
            literal.append(char)
            at += 2
            continue
        if char == "}":
            raise ScriptError("a `}` in the text closes no value", line, column + at,
                              hint="a value of the script is said as `{name}`; a brace itself as `}}`")
        if char == "{":
            end = text.find("}", at)
            if end < 0:
                raise ScriptError("a `{` in the text opens a value that no `}` closes", line, column + at,
                                  hint="a value of the script is said as `{name}`; a brace itself as `{{`")
            if literal:
                pieces.append("".join(literal))
                literal = []
            pieces.append((text[at + 1:end], line, column + at + 1))
            at = end + 1
            continue
        literal.append(char)
        at += 1
    if literal:
        pieces.append("".join(literal))
    return pieces


def _value_in_text(hole: str, line: int, column: int) -> ast.Node:
    """The value written between braces, parsed, at its place in the script."""
    from ..parse import parse_condition  # (the parser builds on the tree this package compiles)
    if not hole.strip():
        raise ScriptError("`{}` says no value", line, column - 1, hint="write the value between the braces: `{n}`")
    try:
        node = _moved(parse_condition(hole), line, column - 1)
    except ScriptError as error:
        raise ScriptError(error.message, line, column - 1 + error.column, error.hint, error.code) from None
    for part in ast.walk(node):
        if isinstance(part, _ASKING):
            raise ScriptError("a question's text cannot put a question of its own", part.line, part.column)
    return node


def _moved(node, line: int, shift: int):
    """A node parsed from a text of one line, put at its place: on `line`, `shift` columns on."""
    if isinstance(node, tuple):
        return tuple(_moved(item, line, shift) for item in node)
    if not isinstance(node, ast.Node):
        return node
    changed = {}
    for item in dataclasses.fields(node):
        value = getattr(node, item.name)
        if item.name == "line" or (item.name.endswith("_line") and value):
            changed[item.name] = line
        elif item.name == "column" or (item.name.endswith("_column") and value):
            changed[item.name] = value + shift
        else:
            changed[item.name] = _moved(value, line, shift)
    return dataclasses.replace(node, **changed)
