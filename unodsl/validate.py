"""`unodsl validate`: every problem of every edition file, placed and explained.

Layers, all reported in one run: YAML, the JSON Schema, the effect language's
syntax, and meaning (unknown names, types, decks, cards that can never be
played, ...). Each problem has a stable code (unodsl/codes.py,
docs/problems.md), a place and its end. `check_text` is the one function that
finds them in a file's text: `unodsl validate` and the language server both
use it. The formats (text, concise, json, github, sarif) are in
validate_formats.py.
"""
from __future__ import annotations

from dataclasses import replace

from .codes import UNREADABLE
from .edition.loader import edition_file, edition_problems
from .edition.model import Edition
from .edition.yamlsrc import read_text_file, read_yaml
from .errors import EditionError, Problem, Span, UnoError
from .validate_formats import Report
from .validate_trial import trial_problems


def check_text(text: str, path: str, rules: list | None = None,
               settings: dict | None = None) -> list[Problem]:
    """Every problem of the edition file `path` whose text is `text`, in source order.

    `text` need not be what is saved at `path` (an editor's unsaved buffer):
    `path` names the file in the problems and is where a `base:` or
    `starter_rules:` it names is looked for. `rules` are house rules to check it
    with (scripts, `@FILE`, `@NAME`, or a RuleSource already read) and `settings` replace the file's
    (`{"hand_size": 5}`); their problems are placed on the command line or in
    their rule files.

    Each problem has a stable `code` (docs/problems.md), a severity ("error" or
    "warning"), a span from its start to its end (1-based lines and columns,
    the end just past the last character) and often a hint. The YAML's, the
    schema's and every script's problems are found together: a wrong value
    hides no script mistake, and one script's syntax error hides no other
    script's. Only text that cannot be read as a YAML document at all (not
    YAML, empty, not a mapping, too big) stops at its one problem. The file
    clean of errors is the file that loads: what this accepts, the engine plays.

    Never raises for anything in `text` (any input may be hostile).
    """
    return checked_text(text, path, rules, settings)[1]


def checked_text(text: str, path: str, rules: list | None = None,
                 settings: dict | None = None) -> tuple[Edition | None, list[Problem]]:
    """The edition `text` holds (None if a problem is an error) and its problems, as
    `check_text` finds them: for the language server, which explains its kinds."""
    try:
        return edition_problems(read_yaml(text, path), list(rules or []), settings)
    except EditionError as error:
        return None, error.problems
    except UnoError as error:
        return None, [Problem(Span(path, 1, 1), str(error), code=UNREADABLE)]


def check_edition(edition: str, rules: list[str] | None = None, settings: dict | None = None) -> list[Problem]:
    """Every problem of an edition given by name (`classic`) or path, as `check_text` finds them,
    and, for one that loads, what a short trial of its rounds finds (validate_trial.py)."""
    try:
        path = edition_file(edition)
        text = read_text_file(path)
    except EditionError as error:
        return error.problems
    loaded, problems = checked_text(text, str(path), rules, settings)
    if loaded is not None:
        problems = problems + trial_problems(loaded, str(path))
    return problems


def validate(editions: list[str], strict: bool = False, rules: list[str] | None = None,
             settings: dict | None = None) -> Report:
    """Check each edition (a name like `classic` or a path), with the house rules
    (scripts, `@FILE`, `@NAME`) and settings given, and collect every problem."""
    report = Report()
    for edition in editions:
        found = check_edition(edition, rules, settings)
        if strict:
            found = [replace(p, severity="error") for p in found]
        report.problems.extend(found)
        report.files.append((edition, not any(p.severity == "error" for p in found)))
    return report


from .validate_formats import FORMATS, format_json, format_text  # noqa: E402,F401  (the formats, where callers look)
