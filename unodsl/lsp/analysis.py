"""What the language server knows of one open file: its kind, its problems, and the
edition whose names it may use, found by the checks `unodsl validate` and
`unodsl test` run (nothing here checks a file itself).

A file is a scenario, an edition or a house rule by its keys, as `unodsl test`
tells them apart (scenario.run.file_kind). A file whose keys say neither is an
edition being written if a comment names the edition schema (`# yaml-language-server:
$schema=...edition.schema.json`, as `unodsl new` writes it), and otherwise some other
YAML file (a CI workflow, ...), which is not checked: only text that is not YAML at all
is said to be. A house-rule file is checked as a rule of classic,
or of the edition a comment names: `# unodsl-edition: harry-potter` (a built-in
edition's name, or a path from the rule file's folder, which stays in its folder tree).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from ..edition.files import edition_reference
from ..edition.inherit import Source, source_of
from ..edition.loader import edition_file
from ..edition.model import Edition
from ..edition.rules import rule_file
from ..edition.yamlsrc import YamlDoc, read_text_file, read_yaml
from ..errors import EditionError, Problem, Span, UnoError
from ..scenario.read import scenario_from_text
from ..scenario.run import file_kind
from ..validate import checked_text
from .partial import Partial, partial_edition

DEFAULT_EDITION = "classic"  # what a house-rule file is checked against, unless a comment says
EDITION_COMMENT = re.compile(r"^#\s*unodsl-edition:\s*(\S+)", re.M)  # (the rest of the line is free)
EDITION_SCHEMA = re.compile(r"^#\s*yaml-language-server:\s*\$schema=\S*edition\.schema\.json", re.M)


@dataclass
class Analysis:
    """One version of an open file, checked."""

    path: str
    kind: str  # "edition", "rule", "scenario" or "other" (not a file of unodsl's)
    problems: list[Problem] = field(default_factory=list)
    doc: YamlDoc | None = None  # None when the text is not a YAML mapping
    # The edition whose kinds, colours and scripts the file speaks of (an edition file:
    # itself, merged over its base; a rule file: the edition it is checked against) ...
    source: Source | None = None
    edition: Edition | None = None  # ... and that edition built, when it has no error
    # An edition file with errors: the edition built without the kinds (and other parts)
    # they are in, and the kinds left out (partial.py), for hover on the sound kinds.
    partial: Partial | None = None


def analyse(text: str, path: str) -> Analysis:
    """Check `text`, the content of the file at `path` (saved or not). Never raises."""
    try:
        doc = read_yaml(text, path)
    except EditionError as error:
        doc = None
        problems = error.problems
    if doc is None:  # not YAML: its one problem, whatever the file was meant to be
        return Analysis(path, "edition", problems)
    kind = file_kind(doc.data) or ("edition" if EDITION_SCHEMA.search(text) else None)
    if kind is None:  # some other YAML file (a CI workflow, ...): none of ours to check
        return Analysis(path, "other", [], doc)
    return {"edition": _edition, "rule": _rule, "scenario": _scenario}[kind](text, path, doc)


def _edition(text: str, path: str, doc: YamlDoc | None) -> Analysis:
    edition, problems = checked_text(text, path)
    partial = partial_edition(doc, problems) if edition is None and doc is not None else None
    return Analysis(path, "edition", problems, doc, _source(doc), edition, partial)


def _rule(text: str, path: str, doc: YamlDoc) -> Analysis:
    """A house-rule file: its own problems, then what it does wrong as a rule of its edition."""
    problems = list(doc.problems)
    try:
        rule = rule_file(doc)
    except EditionError as error:
        return Analysis(path, "rule", _in_order(problems + error.problems), doc)
    try:
        edition_path = _rule_edition(text, path)
        edition_text = read_text_file(edition_path)
    except EditionError as error:
        return Analysis(path, "rule", _in_order(problems + error.problems), doc)
    edition, found = checked_text(edition_text, str(edition_path), [rule])
    mine = [p for p in found if p.span.file == path]  # the edition's own problems are not this file's
    edition_doc = _read(edition_text, str(edition_path))
    return Analysis(path, "rule", _in_order(problems + mine), doc, _source(edition_doc), edition)


def _rule_edition(text: str, path: str) -> Path:
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


def _scenario(text: str, path: str, doc: YamlDoc) -> Analysis:
    try:
        scenario_from_text(text, path)
        problems = []
    except EditionError as error:  # (a ScenarioError is one)
        problems = error.problems
    except UnoError as error:
        problems = [Problem(Span(path, 1, 1), str(error))]
    return Analysis(path, "scenario", problems, doc)


def _source(doc: YamlDoc | None) -> Source | None:
    """The edition of `doc` merged over its base; the file alone if the base cannot be read."""
    if doc is None or not isinstance(doc.data, dict):
        return None
    try:
        return source_of(doc)
    except (UnoError, OSError):
        return Source(doc)


def _read(text: str, path: str) -> YamlDoc | None:
    try:
        return read_yaml(text, path)
    except EditionError:
        return None


def _in_order(problems: list[Problem]) -> list[Problem]:
    return sorted(problems, key=lambda p: (p.span.line, p.span.column))
