"""Chance outcomes compared: an outcome of a `chance:` table (`random wheel`, or a `let`
name set from one) is compared only with outcomes the table has. The outcomes are known
from the edition, so a misspelt one (`x == "jakpot"`), which would never match, is refused
with a did-you-mean; the words of a table are values of the edition, written bare like a
colour (`x == jackpot`) or quoted."""
from __future__ import annotations

import difflib

from ...errors import ScriptError
from .. import ast

_MIXED = ""  # a name set from different tables, or from other values too: not checked


class OutcomeCode:
    """Which `let` names hold an outcome of which table, and the outcomes they are compared with."""

    def note_outcome(self, name: str, value: ast.Node) -> None:
        """After `let NAME = VALUE`: the table NAME's outcome is drawn from, as far as every
        `let` of it so far says (a name also set to anything else is not checked)."""
        table = self.outcome_table(value)
        first = name not in self.lets  # (called before the `let` is noted)
        same = first or self.let_tables.get(name) == table
        self.let_tables[name] = table if same and table is not None else _MIXED

    def outcome_table(self, node: ast.Node) -> str | None:
        """The chance table a value is an outcome of (None: none, or not known for certain)."""
        if isinstance(node, ast.RandomOutcome) and node.table in self.vocab.chance:
            return node.table
        if isinstance(node, ast.Name):
            return self.let_tables.get(node.name) or None
        return None

    def check_outcomes(self, left: ast.Node, others: tuple, negated: bool = False) -> None:
        """Refuse a value compared with an outcome of a table that the table never gives
        (`negated`: by `!=` or `not in`, which then always hold)."""
        table = self.outcome_table(left)
        if table is None:
            return
        outcomes = [outcome for outcome, _ in self.vocab.chance[table]]
        for other in others:
            written = self.written_out(other)
            if written is not None and written not in outcomes:
                said = [str(outcome) for outcome in outcomes]
                close = difflib.get_close_matches(str(written), said, n=1)
                what = "the test is always true" if negated else "it never matches"
                raise ScriptError(f"{str(written)!r} is not an outcome of the chance table `{table}`, so {what} "
                                  f"(its outcomes: {', '.join(said)})", other.line, other.column,
                                  hint=f"did you mean '{close[0]}'?" if close else None)

    def written_out(self, node: ast.Node):
        """The outcome a side writes out: a number, a text, or a bare word that names nothing
        else (a value of the edition, or an unknown word); None for another value."""
        if isinstance(node, (ast.Int, ast.Str)):
            return node.value
        if not isinstance(node, ast.Name) or node.name in self.all_lets:
            return None
        names_something = node.name in self.known_names() and node.name not in self.vocab.values()
        return None if names_something else node.name
