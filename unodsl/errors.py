"""Errors a user can cause, each carrying the place it points at.

Every message shown to a user goes through `Problem.format()`, so the
`file:line:col: severity: message` shape is decided in one place.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

# Characters a message never prints as they are (a file may hold terminal escapes): \x1b, ...
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")


@dataclass(frozen=True)
class Span:
    """A place in a source file: 1-based line and column (columns count characters).
    Line 0: a place that is no file (a command-line argument: `--set hand_size=seven`,
    an edition name that names nothing), shown without a line and a column.

    The end (`end_line`, `end_column`) is the position just after the last
    character the place covers, as editors, SARIF and the language server
    protocol count it; where it is not known it is the one character at the
    start. It is not part of a span's identity (two spans at one place are equal).
    """

    file: str
    line: int
    column: int
    end_line: int | None = field(default=None, compare=False)
    end_column: int | None = field(default=None, compare=False)

    def __str__(self) -> str:
        if not self.line:
            return self.file
        return f"{self.file}:{self.line}:{self.column}"

    @property
    def end(self) -> tuple[int, int]:
        """(line, column) just past the place: never before the start."""
        if self.end_line is None or self.end_column is None:
            return self.line, self.column + 1
        if (self.end_line, self.end_column) <= (self.line, self.column):
            return self.line, self.column + 1
        return self.end_line, self.end_column

    def until(self, line: int, column: int) -> "Span":
        """The same place, ending just before (line, column)."""
        return replace(self, end_line=line, end_column=column)


@dataclass(frozen=True)
class Problem:
    """One finding about a user's input, with where it is and how to mend it."""

    span: Span
    message: str
    severity: str = "error"  # "error" or "warning"
    hint: str | None = None
    source_line: str | None = None  # the offending line, for a caret display
    code: str = ""  # the kind of problem, stable across versions (docs/problems.md)

    def format(self, with_source: bool = False) -> str:
        """`file:line:col: severity: message`, then (with_source) the line with a
        caret under the spot, then the hint."""
        text = f"{self.span}: {self.severity}: {self.message}"
        if with_source and self.source_line:
            text += f"\n  {self.source_line}\n  {' ' * (self.span.column - 1)}^"
        if self.hint:
            text += f"\n  hint: {self.hint}"
        return printable(text)

    def with_code(self, code: str) -> "Problem":
        """This problem with `code`, unless it has one already (the closest place to
        the mistake that names the kind of a problem wins)."""
        return self if self.code else replace(self, code=code)

    def as_dict(self) -> dict:
        end_line, end_column = self.span.end
        return {
            "file": self.span.file,
            "line": self.span.line,
            "column": self.span.column,
            "end_line": end_line,
            "end_column": end_column,
            "severity": self.severity,
            "code": self.code,
            "message": self.message,
            "hint": self.hint,
        }


def printable(text: str) -> str:
    """`text` with the control characters a file may hold (terminal escapes) written as \\xNN."""
    return _CONTROL.sub(lambda found: f"\\x{ord(found[0]):02x}", text)


class UnoError(Exception):
    """Base of every error the CLI turns into a message rather than a traceback."""


@dataclass
class EditionError(UnoError):
    """An edition, rule or scenario file has problems; all of them are listed."""

    problems: list[Problem] = field(default_factory=list)

    def __str__(self) -> str:
        return "\n".join(p.format() for p in self.problems)


class ScriptError(UnoError):
    """An effect script does not parse or does not make sense.

    `line`/`column` are positions inside the script text; the edition loader
    maps them into the YAML file before reporting.
    """

    def __init__(self, message: str, line: int, column: int, hint: str | None = None, code: str = ""):
        super().__init__(message)
        self.message = message
        self.line = line
        self.column = column
        self.hint = hint
        self.code = code  # (docs/problems.md) set where the kind is known: the parser says L001
        # The script's other mistakes, found after this one (unodsl/lang/recover.py), and what
        # of the script parsed in spite of them, to be checked for meaning (None: nothing).
        self.more: list[ScriptError] = []
        self.partial = None

    def every(self) -> list["ScriptError"]:
        """This mistake and the script's others, in the order of the script."""
        return sorted([self, *self.more], key=lambda error: (error.line, error.column))


class IllegalMove(UnoError):
    """An answer to a decision that the rules do not allow; the reason says why."""
