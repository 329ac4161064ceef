"""Editions built on another: `base: classic` and only what differs.

A themed edition is mostly the classic deck; writing it as `base: classic`
plus its own cards keeps one copy of the classic scripts. The merge:

- `settings` and `tags` are merged key by key, the edition's own winning;
- `kinds` are merged kind by kind and field by field (`skip: {points: 30}`
  changes one field); a kind given as `null` is removed; new kinds come last;
- `rules` are the base's followed by the edition's own;
- every other key is the edition's own if given, else the base's (but
  `total`, which describes this deck, is never inherited).

Every value keeps its place in the file it came from, so problems point at
the base file when that is where they are.
"""
from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from pathlib import Path

from ..codes import BAD_REFERENCE
from ..errors import EditionError, Problem, Span
from .files import edition_reference
from .yamlsrc import YamlDoc, load_yaml_file

NOT_INHERITED = {"base", "total", "name", "id"}


class Source:
    """Edition data and, for any path in it, the file and path it came from."""

    def __init__(self, doc: YamlDoc):
        self.doc = doc
        self.data = doc.data
        self.filename = doc.filename

    def locate(self, path: tuple) -> tuple[YamlDoc, tuple]:
        return self.doc, tuple(path)

    # The YamlDoc interface the loader and the schema check use, each answered
    # by the file the value came from.
    def span(self, path: tuple = ()) -> Span:
        doc, where = self.locate(path)
        return doc.span(where)

    def key_span(self, path: tuple) -> Span:
        doc, where = self.locate(path)
        return doc.key_span(where)

    def script_span(self, path: tuple, line: int, column: int) -> Span:
        doc, where = self.locate(path)
        return doc.script_span(where, line, column)

    def problem(self, path: tuple, message: str, hint: str | None = None, *, at_key: bool = False,
                severity: str = "error", code: str = "") -> Problem:
        doc, where = self.locate(path)
        return doc.problem(where, message, hint, at_key=at_key, severity=severity, code=code)

    def line_text(self, span: Span) -> str | None:
        """The source line a span points at, in whichever file it is."""
        for doc in self.docs():
            if doc.filename == span.file:
                return doc.source_line(span.line)
        return None

    def docs(self) -> list[YamlDoc]:
        return [self.doc]


class Merged(Source):
    """An edition file merged over its base."""

    def __init__(self, doc: YamlDoc, base: Source):
        super().__init__(doc)
        self.base = base
        self.own = doc.data
        self.data = _merge(base.data, doc.data)

    def locate(self, path: tuple) -> tuple[YamlDoc, tuple]:
        path = tuple(path)
        if not path:
            return self.doc, path
        key, own, base = path[0], self.own, self.base.data
        if key == "rules" and len(path) > 1 and isinstance(path[1], int):
            inherited = len(base.get("rules", []))
            if path[1] < inherited:
                return self.base.locate(path)
            return self.doc, ("rules", path[1] - inherited, *path[2:])
        if key in ("kinds", "settings", "tags") and len(path) > 1:
            mine = own.get(key) or {}
            if path[1] in mine and (len(path) == 2 or key != "kinds" or _has(mine[path[1]], path[2])):
                return self.doc, path
            if path[1] in (base.get(key) or {}):
                return self.base.locate(path)
            return self.doc, path
        if key in own or key in NOT_INHERITED:
            return self.doc, path
        return self.base.locate(path)

    def docs(self) -> list[YamlDoc]:
        return [self.doc, *self.base.docs()]


def _has(kind, field) -> bool:
    return isinstance(kind, dict) and field in kind


def _merge(base: dict, own: dict) -> dict:
    """A new dict; the base's data (shared between editions) is never changed."""
    merged = {k: v for k, v in base.items() if k not in NOT_INHERITED}
    merged["settings"] = dict(base.get("settings", {}))
    for key, value in own.items():
        if key in ("settings", "tags") and isinstance(value, dict):
            merged[key] = {**base.get(key, {}), **value}
        elif key == "kinds" and isinstance(value, dict):
            kinds = dict(base.get("kinds", {}))
            for kid, spec in value.items():
                if spec is None:
                    kinds.pop(kid, None)
                elif isinstance(spec, dict) and isinstance(kinds.get(kid), dict):
                    kinds[kid] = {**kinds[kid], **spec}
                else:
                    kinds[kid] = spec
            merged[key] = kinds
        elif key == "rules" and isinstance(value, list):
            merged[key] = [*base.get("rules", []), *value]
        elif key != "base":
            merged[key] = value
    return merged


def source_of(doc: YamlDoc, seen: tuple[str, ...] = ()) -> Source:
    """The edition in `doc`, merged over its base (and the base's base) if it has one."""
    base_name = doc.data.get("base") if isinstance(doc.data, dict) else None
    if not isinstance(base_name, str):
        return Source(doc)
    path = _base_path(doc, base_name)
    here = str(Path(doc.filename).resolve())
    if str(path.resolve()) in seen or str(path.resolve()) == here:
        raise EditionError([doc.problem(("base",), f"'{base_name}' is based on this edition again (a cycle)",
                                        code=BAD_REFERENCE)])
    base_doc, problems = _base_file(str(path), path.stat().st_mtime_ns)
    base_doc.require_mapping("an edition")
    base = source_of(base_doc, (*seen, here))
    if problems and not isinstance(base, Merged):  # the base must be a sound edition on its own
        raise EditionError(problems)
    return Merged(doc, base)


@lru_cache(maxsize=32)
def _base_file(path: str, mtime_ns: int) -> tuple[YamlDoc, list]:
    """A base edition file, read and checked once per version of the file
    (five shipped editions build on classic)."""
    from .schema import check_schema

    doc = load_yaml_file(path)
    return doc, check_schema(doc) if isinstance(doc.data, dict) else []


def _base_path(doc: YamlDoc, name: str) -> Path:
    """A built-in edition's name, or a path inside the folder tree of the file naming it;
    refused otherwise, with the problem at the `base:` value."""
    try:
        return edition_reference(name, doc.filename, doc.span(("base",)))
    except EditionError as error:
        raise EditionError([replace(p, source_line=doc.source_line(p.span.line))
                            for p in error.problems]) from None
