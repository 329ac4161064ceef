"""`unodsl validate`: every problem of every edition file, placed and explained.

Layers, all reported in one run: YAML syntax, the JSON Schema, the effect
language's syntax, and meaning (unknown names, types, decks, cards that can
never be played, ...). Each problem is `file:line:col: error|warning: message`
with a hint where one helps and the source line with a caret under the spot.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field

from .edition.loader import load_edition
from .errors import EditionError, Problem, Span, UnoError


@dataclass
class Report:
    files: list[tuple[str, bool]] = field(default_factory=list)  # (edition, clean)
    problems: list[Problem] = field(default_factory=list)

    def errors(self, strict: bool = False) -> list[Problem]:
        return [p for p in self.problems if strict or p.severity == "error"]

    def clean(self, strict: bool = False) -> bool:
        return not self.errors(strict)


def validate(editions: list[str], strict: bool = False, rules: list[str] | None = None,
             settings: dict | None = None) -> Report:
    """Load each edition (a name like `classic` or a path), with the house rules
    (scripts, `@FILE`, `@NAME`) and settings given, and collect every problem."""
    report = Report()
    for edition in editions:
        try:
            found = load_edition(edition, rules=rules, settings=settings).warnings
        except EditionError as error:
            found = error.problems
        except UnoError as error:
            found = [Problem(Span(edition, 1, 1), str(error))]
        if strict:
            found = [_as_error(p) for p in found]
        report.problems.extend(found)
        report.files.append((edition, not any(p.severity == "error" for p in found)))
    return report


def _as_error(problem: Problem) -> Problem:
    if problem.severity == "error":
        return problem
    return Problem(problem.span, problem.message, "error", problem.hint, problem.source_line)


def format_text(report: Report) -> str:
    lines = []
    for problem in report.problems:
        lines.append(problem.format(with_source=True))
    for edition, clean in report.files:
        if clean and not any(p.span.file == edition for p in report.problems):
            lines.append(f"{edition}: ok")
    errors = len(report.errors())
    warnings = len(report.problems) - errors
    if report.problems:
        lines.append(f"{errors} error{'s' * (errors != 1)}, {warnings} warning{'s' * (warnings != 1)}")
    return "\n".join(lines)


def format_json(report: Report) -> str:
    return json.dumps({
        "ok": report.clean(),
        "files": [{"edition": edition, "ok": clean} for edition, clean in report.files],
        "problems": [p.as_dict() for p in report.problems],
    }, indent=2, ensure_ascii=False)
