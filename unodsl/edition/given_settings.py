"""Settings given apart from an edition's file: `--set NAME=VALUE` and the settings of
the house-rule files given (`--rule @no-bluffing`), each read as its type and checked
where it is written; and an edition's own setting given again by an edition built on it,
which keeps its type.

Apart from the loader because they are the command line's and the rule files' part of
an edition's settings: a wrong one is placed where it was given, not in the file.
"""
from __future__ import annotations

import difflib
from dataclasses import replace

from ..codes import COMMAND_LINE, WRONG_TYPE
from ..errors import EditionError, Problem, Span
from .inherit import Merged, Source
from .model import DEFAULT_SETTINGS
from .rules import rule_sources
from .schema import check_setting, read_setting


def given_settings(settings: dict, own: dict) -> tuple[dict, list[Problem]]:
    """Settings given apart from the file (`--set NAME=VALUE`), each read as its type, and
    the problems of the wrong ones (left out): a wrong one is the command line's mistake,
    so it is placed there, not in the file."""
    known = {*DEFAULT_SETTINGS, *own}
    problems, typed = [], {}
    for name, value in settings.items():
        where = Span(f"--set {name}={value}", 0, 0)  # (no file: no line and column)
        if name not in known:
            problems.append(Problem(where, f"unknown setting '{name}'", hint=did_you_mean(name, known)))
            continue
        value, message, hint = read_setting(name, value, own)
        wrong = [Problem(where, message, hint=hint)] if message else check_setting(name, value, where, own)
        problems += wrong
        if not wrong:
            typed[name] = value
    return typed, [p.with_code(COMMAND_LINE) for p in problems]


def rule_file_settings(rules: list[str], own: dict) -> tuple[dict, list[Problem]]:
    """The settings of the rule files given (`--rule @no-bluffing`), each checked where
    the rule file writes it (a later rule file's replace an earlier one's), and the
    problems found in them."""
    try:
        sources = rule_sources(rules)
    except EditionError:
        return {}, []  # reported with the edition's other problems (_Builder._house_rules)
    known = {*DEFAULT_SETTINGS, *own}
    problems, found = [], {}
    for rule in sources:
        for name, value in rule.settings.items():
            if name not in known:
                problems.append(rule.doc.problem(("settings", name), f"unknown setting '{name}'",
                                                 did_you_mean(str(name), known), at_key=True, code=COMMAND_LINE))
                continue
            span = rule.doc.span(("settings", name))
            wrong = [replace(p, source_line=rule.doc.source_line(span.line)).with_code(COMMAND_LINE)
                     for p in check_setting(name, value, span, own)]
            problems += wrong
            if not wrong:
                found[name] = value
    return found, problems


def inherited_setting_types(source: Source) -> list[Problem]:
    """An edition's own setting given again by an edition built on it keeps its type
    (`stacking: flase` over the base's `stacking: false` is a mistake, not a text)."""
    if not isinstance(source, Merged) or not isinstance(source.own.get("settings"), dict):
        return []
    base = source.base.data.get("settings") or {}
    problems = []
    for name, value in source.own["settings"].items():
        if name in base and name not in DEFAULT_SETTINGS:
            span = source.span(("settings", name))
            problems += [Problem(span, f"$.{p.message}", hint=p.hint, source_line=source.line_text(span),
                                 code=WRONG_TYPE)
                         for p in check_setting(name, value, span, base)]
    return problems


def did_you_mean(name: str, known, what: str = "settings") -> str | None:
    close = difflib.get_close_matches(name, sorted(known), n=1)
    return f"did you mean '{close[0]}'?" if close else f"{what}: {', '.join(sorted(known))}"
