"""The `edition:`, `rules:` and `settings:` of a scenario: the edition it plays, built once
per process, and the edition's own problems moved to the scenario line that caused them."""
from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path

from ..edition.files import confined_path, edition_reference, is_plain_name
from ..edition.loader import load_edition
from ..edition.model import Edition
from ..edition.rules import built_in_rule_names
from ..edition.schema import schema
from ..errors import EditionError, Problem, UnoError
from ..resources import edition_names, edition_path, exists
from .checks import Checks, did_you_mean

_EDITIONS: dict[tuple, Edition] = {}  # editions already built, by (file, rules, settings)


def load_once(where: Path | str, rules: list, settings: dict | None) -> Edition:
    """The edition, built once per process for each (file as it is now, rules, settings)."""
    file = edition_path(str(where))
    stamp = file.stat().st_mtime_ns if exists(file) else None
    key = (str(file), stamp, tuple(rules), json.dumps(settings, sort_keys=True))
    if key not in _EDITIONS:
        _EDITIONS[key] = load_edition(str(where), rules=list(rules), settings=settings or None)
    return _EDITIONS[key]


def _schema_settings() -> list[str]:
    """The settings the edition schema declares (some, like `teams`, have no default)."""
    return list(schema().get("$defs", {}).get("settings", {}).get("properties", {}))


class EditionReading(Checks):
    """The reader's part for `edition:`, `rules:` and `settings:`."""

    def read_edition(self, data: dict) -> Edition | None:
        rules, settings = data.get("rules", []), data.get("settings")
        ok = self.text_list(("rules",), rules, "rules")
        ok = self.typed(("settings",), settings, dict, "settings", none=True) and ok
        if "edition" not in data:
            return None
        edition = data["edition"]
        if not self.typed(("edition",), edition, str, "edition") or not ok:
            return None
        where = self.resolve_edition(edition)
        rules = [self.resolve_rule(index, rule) for index, rule in enumerate(rules)]
        if where is None or None in rules:
            return None
        known = not settings or self.settings_known(edition, where, rules, settings)
        if not known:
            settings = None  # still load the edition with our rules, to check them
        try:
            built = load_once(where, rules, settings)
        except EditionError as error:
            self.edition_problems(edition, where, rules, settings, error)
            return None
        except UnoError as error:
            self.problem(("edition",), f"edition '{edition}' does not load: {error}")
            return None
        return built  # with unknown settings, only to check the cards: the problems stop the run

    def resolve_edition(self, edition: str) -> Path | str | None:
        """A built-in edition's name, or a path inside this file's folder tree (None, with
        a problem at `edition:`, for any other)."""
        if is_plain_name(edition) and edition in edition_names():
            return edition
        return self.confined(("edition",), lambda where: edition_reference(edition, self.path, where))

    def resolve_rule(self, index: int, rule: str) -> str | None:
        """`@NAME` of a built-in rule file, or `@FILE` inside this file's folder tree (None, with
        a problem at the rule, for any other); a script as it is."""
        if not rule.startswith("@") or (is_plain_name(rule[1:]) and rule[1:] in built_in_rule_names()):
            return rule
        found = self.confined(("rules", index), lambda where: confined_path(rule[1:], self.path, where))
        return f"@{found}" if found is not None else None

    def confined(self, path: tuple, resolve):
        """What `resolve(where)` finds for the reference at `path`, or None and its problem."""
        try:
            return resolve(self.doc.span(path))
        except EditionError as error:
            self.problems.extend(replace(p, source_line=self.doc.source_line(p.span.line))
                                 for p in error.problems)
            return None

    def settings_known(self, edition: str, where, rules: list, settings: dict) -> bool:
        """Editions may add settings of their own, so the schema lets any name through; here a
        name that neither the schema nor the edition has is a typo, unless one of our `rules:`
        reads it."""
        try:
            known = [*_schema_settings(), *load_once(where, [], None).settings]
        except UnoError:
            return True  # the edition's own problems are reported when it is loaded with ours
        known = list(dict.fromkeys(known))
        ok = True
        for name in settings:
            if name not in known and not any(f"settings.{name}" in rule for rule in rules):
                self.problem(("settings", name), f"edition '{edition}' has no setting '{name}'",
                             did_you_mean(name, known, "its settings: " + ", ".join(known)),
                             at_key=True)
                ok = False
        return ok

    def edition_problems(self, edition, where, rules, settings, error: EditionError) -> None:
        """Problems of the edition as loaded for this scenario, moved here where they are ours."""
        plain_loads, ours = bool(settings) and self.loads_without(where, rules), len(self.problems)
        for problem in error.problems:
            file = problem.span.file
            if file.startswith("--rule "):  # a script in our `rules:`
                self.problems.append(self.rule_problem(problem))
            elif file == str(where) and problem.message.startswith("no edition named"):
                self.problem(("edition",), f"no edition named '{edition}' and no such file "
                             f"(a path is relative to the scenario file)")
            elif plain_loads:  # the edition is fine without our settings
                self.settings_problem(problem, settings)
            else:
                self.problems.append(problem)
        if not any(p.span.file == self.doc.filename for p in self.problems[ours:]):
            self.problem(("edition",), f"edition '{edition}' does not load (see the problems listed)")

    @staticmethod
    def loads_without(where, rules: list) -> bool:
        """Whether the edition loads with our rules and its own settings."""
        try:
            load_once(where, rules, None)
        except UnoError:
            return False
        return True

    def rule_problem(self, problem: Problem) -> Problem:
        """A problem of the script `--rule N`, located in the N-th item of our `rules:`."""
        index = int(problem.span.file.split()[1]) - 1
        span = self.doc.script_span(("rules", index), problem.span.line, problem.span.column)
        return Problem(span, problem.message, problem.severity, problem.hint,
                       self.doc.source_line(span.line))

    def settings_problem(self, problem: Problem, settings: dict) -> None:
        """A schema problem of our `settings:` (`$.settings.x: ...`), at the setting it names."""
        found = re.match(r"(?:\$\.)?settings\.(\w+)", problem.message)
        path = ("settings", found[1]) if found and found[1] in settings else ("settings",)
        self.problem(path, problem.message.replace("$.settings", "settings"), problem.hint,
                     at_key="unknown property" in problem.message)
