"""What the language server knows of one open file: its kind, its problems, and the
edition whose names it may use, found by the checks `unodsl validate` and
`unodsl test` run (nothing here checks a file itself).

A file is a scenario, an edition or a house rule by its keys, as `unodsl test` and
`unodsl validate` tell them apart (edition.kinds.kind_of). A file whose keys say neither is an
edition being written if a comment names the edition schema (`# yaml-language-server:
$schema=...edition.schema.json`, as `unodsl new` writes it), and otherwise some other
YAML file (a CI workflow, ...), which is not checked: only text that is not YAML at all
is said to be. A house-rule file and a scenario are checked as `unodsl validate` checks
them (validate_kinds.py): a rule of classic, or of the edition a comment names
(`# unodsl-edition: harry-potter`).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ..edition.inherit import Source, source_of
from ..edition.kinds import kind_of
from ..edition.model import Edition
from ..edition.yamlsrc import YamlDoc, read_yaml
from ..errors import EditionError, Problem, UnoError
from ..validate import checked_text
from ..validate_kinds import check_rule_file, check_scenario_text
from .partial import Partial, partial_edition


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
    kind = kind_of(text, doc.data)
    if kind is None:  # some other YAML file (a CI workflow, ...): none of ours to check
        return Analysis(path, "other", [], doc)
    return {"edition": _edition, "rule": _rule, "scenario": _scenario}[kind](text, path, doc)


def _edition(text: str, path: str, doc: YamlDoc | None) -> Analysis:
    edition, problems = checked_text(text, path)
    partial = partial_edition(doc, problems) if edition is None and doc is not None else None
    return Analysis(path, "edition", problems, doc, _source(doc), edition, partial)


def _rule(text: str, path: str, doc: YamlDoc) -> Analysis:
    """A house-rule file: its own problems, then what it does wrong as a rule of its edition."""
    checked = check_rule_file(text, path, doc)
    edition_doc = None if checked.edition_text is None else _read(checked.edition_text, str(checked.edition_path))
    return Analysis(path, "rule", checked.problems, doc, _source(edition_doc), checked.edition)


def _scenario(text: str, path: str, doc: YamlDoc) -> Analysis:
    return Analysis(path, "scenario", check_scenario_text(text, path), doc)


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

