"""Errors a user can cause, each carrying the place it points at.

Every message shown to a user goes through `Problem.format()`, so the
`file:line:col: severity: message` shape is decided in one place.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

# Characters a message never prints as they are (a file may hold terminal escapes): \x1b, ...
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")


@dataclass(frozen=True)
class Span:
    """A place in a source file: 1-based line and column (columns count characters).
    Line 0: a place that is no file (a command-line argument: `--set hand_size=seven`,
    an edition name that names nothing), shown without a line and a column."""

    file: str
    line: int
    column: int

    def __str__(self) -> str:
        if not self.line:
            return self.file
        return f"{self.file}:{self.line}:{self.column}"


@dataclass(frozen=True)
class Problem:
    """One finding about a user's input, with where it is and how to mend it."""

    span: Span
    message: str
    severity: str = "error"  # "error" or "warning"
    hint: str | None = None
    source_line: str | None = None  # the offending line, for a caret display

    def format(self, with_source: bool = False) -> str:
        """`file:line:col: severity: message`, then (with_source) the line with a
        caret under the spot, then the hint."""
        text = f"{self.span}: {self.severity}: {self.message}"
        if with_source and self.source_line:
            text += f"\n  {self.source_line}\n  {' ' * (self.span.column - 1)}^"
        if self.hint:
            text += f"\n  hint: {self.hint}"
        return _CONTROL.sub(lambda found: f"\\x{ord(found[0]):02x}", text)

    def as_dict(self) -> dict:
        return {
            "file": self.span.file,
            "line": self.span.line,
            "column": self.span.column,
            "severity": self.severity,
            "message": self.message,
            "hint": self.hint,
        }


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

    def __init__(self, message: str, line: int, column: int, hint: str | None = None):
        super().__init__(message)
        self.message = message
        self.line = line
        self.column = column
        self.hint = hint


class IllegalMove(UnoError):
    """An answer to a decision that the rules do not allow; the reason says why."""
