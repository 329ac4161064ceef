"""The checks of a house-rule file and of a scenario file, which `unodsl validate` and the
language server both run (an edition's are unodsl.validate.checked_text).

A house-rule file is checked as a rule of classic, or of the edition a comment names:
`# unodsl-edition: harry-potter` (a built-in edition's name, or a path from the rule
file's folder, which stays in its folder tree); only its own problems are its. A
scenario is read as `unodsl test` reads it before playing it (its edition, rules and
settings load; its setup, answers and expectations are well formed and name what that
edition has), and is not played: playing it is `unodsl test`'s part.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from pathlib import Path

from .codes import SCENARIO
from .edition.files import edition_reference
from .edition.loader import edition_file
from .edition.model import Edition
from .edition.rules import rule_file
from .edition.yamlsrc import YamlDoc, read_text_file
from .errors import EditionError, Problem, Span, UnoError
from .scenario.read import scenario_from_text
from .validate import checked_text

DEFAULT_EDITION = "classic"  # what a house-rule file is checked against, unless a comment says
EDITION_COMMENT = re.compile(r"^#\s*unodsl-edition:\s*(\S+)", re.M)  # (the rest of the line is free)


@dataclass
class RuleChecked:
    """A house-rule file checked: its problems, and the edition it was checked against (its
    file and text when they could be read; the edition built, when it has no error)."""

    problems: list[Problem] = field(default_factory=list)
    edition_path: Path | None = None
    edition_text: str | None = None
    edition: Edition | None = None


def check_rule_file(text: str, path: str, doc: YamlDoc) -> RuleChecked:
    """A house-rule file: its own problems, then what it does wrong as a rule of its edition."""
    problems = list(doc.problems)
    try:
        rule = rule_file(doc)
    except EditionError as error:
        return RuleChecked(in_order(problems + error.problems))
    try:
        edition_path = rule_edition(text, path)
        edition_text = read_text_file(edition_path)
    except EditionError as error:
        return RuleChecked(in_order(problems + error.problems))
    edition, found = checked_text(edition_text, str(edition_path), [rule])
    mine = [p for p in found if p.span.file == path]  # the edition's own problems are not this file's
    return RuleChecked(in_order(problems + mine), edition_path, edition_text, edition)


def rule_edition(text: str, path: str) -> Path:
    """The edition a rule file is checked against: the one its comment names, or classic.

    The comment names a built-in edition or a file in the rule file's folder tree, as an
    edition's `base:` does (edition.files.edition_reference): a file outside it, or one
    that is not a regular file, is a problem at the name, and is not read."""
    named = EDITION_COMMENT.search(text)
    if not named:
        return edition_file(DEFAULT_EDITION)
    line = text.count("\n", 0, named.start()) + 1
    start, end = named.start(1) - named.start() + 1, named.end(1) - named.start() + 1
    return edition_reference(named[1], path, Span(path, line, start).until(line, end))


def check_scenario_text(text: str, path: str) -> list[Problem]:
    """Every problem of the scenario `text` of the file `path`, as `unodsl test` finds them
    before it plays the scenario; a scenario's own problem has the code T001."""
    try:
        scenario_from_text(text, path)
        return []
    except EditionError as error:  # (a ScenarioError is one)
        problems = error.problems
    except UnoError as error:
        problems = [Problem(Span(path, 1, 1), str(error))]
    return [p if p.code else replace(p, code=SCENARIO) for p in problems]


def in_order(problems: list[Problem]) -> list[Problem]:
    return sorted(problems, key=lambda p: (p.span.line, p.span.column))
