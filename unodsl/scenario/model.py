"""What a scenario file says once read (Scenario, Answer), and how its run went (Outcome,
Failure); ScenarioError carries the problems of a file that cannot be read."""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..edition.model import Edition
from ..edition.yamlsrc import YamlDoc
from ..engine.setup import Setup
from ..errors import EditionError, Problem, Span

SEED = "scenario"  # every scenario plays with this seed unless `match: {seed: ...}` says otherwise

# The keys of `expect:`, in the order they are checked when read and compared after the run.
EXPECT_KEYS = ("turn", "decision", "hands", "hand_sizes", "top", "colour", "direction",
               "draw_pile", "piles", "scores", "winner", "finished", "events", "no_events", "error", "out", "state",
               "side")


class ScenarioError(EditionError):
    """A scenario file has problems; all of them are listed (each located in a file)."""

    name: str | None = None  # the scenario's name, when the file got far enough to give one


@dataclass
class Answer:
    value: Any  # as written: text, a number, true/false
    player: int | None
    kind: str | None
    path: tuple  # where the answer is written: ("answers", i)


@dataclass
class Scenario:
    path: Path
    name: str
    rule: str | None
    doc: YamlDoc
    edition: Edition
    players: int
    setup: Setup
    answers: list[Answer]
    expect: dict
    agents: list | None = None
    seed: int | str = SEED
    target: int | None = None
    max_rounds: int = 1
    max_turns: int = 5000

    def span(self, path: Iterable) -> Span:
        return self.doc.span(path)


@dataclass
class Failure:
    """One way a scenario did not go as written: `what` was `expected` but is `actual`.

    A failure with a `message` is an error of the run itself (an answer refused,
    an answer left over) rather than an expectation that does not hold.
    """

    what: str
    expected: str
    actual: str
    span: Span
    message: str | None = None

    def format(self) -> str:
        """One line: `file:line:col: expected WHAT X, got Y` (or `...: error: MESSAGE`)."""
        if self.message is not None:
            text = f"{self.span}: error: {self.message}"
        else:
            text = f"{self.span}: expected {self.what} {self.expected}, got {self.actual}"
        return text.replace("\n", "\\n")


@dataclass
class Outcome:
    path: Path
    name: str
    failures: list[Failure] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)  # the file itself is invalid
    rule: str | None = None

    @property
    def passed(self) -> bool:
        return not self.failures and not self.problems

    @property
    def invalid(self) -> bool:
        return bool(self.problems)

    def lines(self) -> list[str]:
        """`PASS name (file)`, or `FAIL name (file)` and one indented line per failure."""
        lines = [f"{'PASS' if self.passed else 'FAIL'} {self.name} ({self.path})"]
        for problem in self.problems:
            lines.extend("  " + line for line in problem.format().splitlines())
        lines.extend("  " + failure.format() for failure in self.failures)
        return lines
