"""`unodsl validate` over files, folders and built-in names: each file checked as what it is.

A file is an edition, a house-rule file or a scenario by its keys (edition.kinds.kind_of,
which `unodsl test` and the language server ask too), and is checked as that: an
edition by unodsl.validate, a rule file and a scenario by validate_kinds.py. A folder
is walked (edition.kinds.yaml_files) and its YAML files that are none of unodsl's (a
CI workflow, a pre-commit config, a test's data) are skipped, each with why, which
`--verbose` prints. A file named on the command line whose keys say no kind is
checked as an edition, as the user asked, unless `skip_foreign` (pre-commit names
every YAML file a commit changes).

A name that is no path (`classic`) is a built-in edition; a folder that has that name
is walked as a folder (docs/ci.md, "Folders").
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path

from .edition.kinds import Skipped, excluded, kind_of, yaml_files
from .edition.yamlsrc import read_text_file, read_yaml
from .errors import EditionError, Problem, UnoError
from .resources import exists
from .validate import check_edition, checked_text
from .validate_formats import Report
from .validate_kinds import check_rule_file, check_scenario_text
from .validate_trial import trial_problems


@dataclass
class Options:
    """What a run checks the files with: the editions' extra house rules and settings, and
    how it finds files."""

    rules: list = field(default_factory=list)
    settings: dict | None = None
    exclude: list[str] = field(default_factory=list)
    skip_foreign: bool = False


def validate_paths(paths: list[str], strict: bool = False, options: Options | None = None) -> Report:
    """Check every file, folder and built-in edition named, and collect every problem;
    `report.skipped` lists what was left out and why."""
    options = options or Options()
    report = Report()
    for given in paths:
        checked = len(report.files)
        _check_all(given, report, strict, options)
        if _is_folder(given) and len(report.files) == checked:
            raise NothingToCheck(f"no edition, house-rule or scenario file in the folder {given}")
    return report


class NothingToCheck(UnoError):
    """A folder given holds none of unodsl's files (a usage error: a wrong folder, likely)."""


def _check_all(given: str, report: Report, strict: bool, options: Options) -> None:
    for item in _targets([given], options.exclude):
        if isinstance(item, Skipped):
            report.skipped.append(item)
            continue
        found = _check(item, options)
        if isinstance(found, Skipped):
            report.skipped.append(found)
            continue
        if strict:
            found = [replace(p, severity="error") for p in found]
        report.problems.extend(found)
        report.files.append((str(item), not any(p.severity == "error" for p in found)))


@dataclass(frozen=True)
class _Named:
    """A file or name the command line gives (not found in a folder)."""

    name: str

    def __str__(self) -> str:
        return self.name


def _targets(paths: list[str], exclude: list[str]):
    """Each folder's files (Paths) and skipped entries, and each other argument as _Named."""
    for given in paths:
        if _is_folder(given):
            yield from yaml_files([given], exclude)
        elif excluded(Path(given), exclude):
            yield Skipped(given, "excluded (--exclude)")
        else:
            yield _Named(given)


def _is_folder(given: str) -> bool:
    try:
        return Path(given).is_dir()
    except (OSError, ValueError):  # a name too long, a NUL
        return False


def _check(item, options: Options) -> list[Problem] | Skipped:
    """The problems of one file or built-in name, or why it is skipped."""
    named = isinstance(item, _Named)
    if named and not exists(Path(item.name)):
        return check_edition(item.name, options.rules, options.settings)  # a built-in name (or none)
    path = str(item)
    try:
        text = read_text_file(path)
        doc = read_yaml(text, path)
    except EditionError as error:  # unreadable, not YAML, empty: whoever's it was, it is broken
        return error.problems
    kind = kind_of(text, doc.data)
    if kind == "rule":
        return check_rule_file(text, path, doc).problems
    if kind == "scenario":
        return check_scenario_text(text, path)
    if kind is None and (not named or options.skip_foreign):
        return foreign(path)
    edition, problems = checked_text(text, path, options.rules, options.settings)
    return problems + trial_problems(edition, path) if edition is not None else problems


def foreign(path: str) -> Skipped:
    """What is said of a YAML file that is none of unodsl's."""
    return Skipped(path, "not unodsl's (no key of an edition, a house rule or a scenario)")
