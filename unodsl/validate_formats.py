"""What `unodsl validate` prints: one function per `--format`.

- text: for people; each problem with its line, a caret under the spot and its
  hint, `FILE: ok` for a clean file and a count (`--quiet`: the problems only);
- concise: one line per problem, `file:line:col: severity: message [CODE]`
  (the shape compilers print, which editors' and CI's problem matchers read);
- json: one object, every problem with its code and end;
- github: GitHub Actions workflow commands, which annotate the lines of a pull request;
- sarif: SARIF 2.1.0, read by GitHub code scanning and other CI tools.

A place that is no file (`--set hand_size=seven`, `--rule 1`, an edition
name that names nothing) is said in the message instead.
"""
from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import quote

from .codes import CODES
from .problem_help import PAGE, all_help
from .resources import data_dir
from .errors import Problem, printable
from .version import __version__


@dataclass
class Report:
    """What a run of `unodsl validate` found, which every format prints (it is made by
    unodsl.validate, which imports the formats: so it is here, below it)."""

    files: list[tuple[str, bool]] = field(default_factory=list)  # (edition, clean)
    problems: list[Problem] = field(default_factory=list)
    skipped: list = field(default_factory=list)  # edition.kinds.Skipped: left out of a folder, and why

    def errors(self, strict: bool = False) -> list[Problem]:
        return [p for p in self.problems if strict or p.severity == "error"]

    def clean(self, strict: bool = False) -> bool:
        return not self.errors(strict)


SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"


def format_text(report: Report, quiet: bool = False) -> str:
    lines = [problem.format(with_source=True) for problem in report.problems]
    if quiet:
        return "\n".join(lines)
    for edition, clean in report.files:
        if clean and not any(p.span.file == edition for p in report.problems):
            lines.append(f"{edition}: ok")
    errors = len(report.errors())
    warnings = len(report.problems) - errors
    if report.problems:
        lines.append(f"{errors} error{'s' * (errors != 1)}, {warnings} warning{'s' * (warnings != 1)}")
    return "\n".join(lines)


def format_concise(report: Report, quiet: bool = False) -> str:
    return "\n".join(printable(f"{p.span}: {p.severity}: {p.message} [{p.code}]") for p in report.problems)


def format_json(report: Report, quiet: bool = False) -> str:
    return json.dumps({
        "ok": report.clean(),
        "files": [{"edition": edition, "ok": clean} for edition, clean in report.files],
        "problems": [p.as_dict() for p in report.problems],
    }, indent=2, ensure_ascii=False)


# ---- GitHub Actions ----------------------------------------------------------------

def format_github(report: Report, quiet: bool = False) -> str:
    """`::error file=F,line=L,col=C,endLine=EL,endColumn=EC,title=CODE::message` per problem
    (docs.github.com, "Workflow commands for GitHub Actions")."""
    return "\n".join(_github_line(problem) for problem in report.problems)


def _github_line(problem: Problem) -> str:
    span = problem.span
    properties = {}
    if _is_file(span.file):
        end_line, end_column = span.end
        properties = {"file": span.file, "line": span.line, "col": span.column,
                      "endLine": end_line, "endColumn": end_column}
    properties["title"] = problem.code
    fields = ",".join(f"{name}={_escape_property(str(value))}" for name, value in properties.items())
    return f"::{problem.severity} {fields}::{_escape_data(_message(problem))}"


def _escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(text: str) -> str:
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")


# ---- SARIF 2.1.0 -------------------------------------------------------------------

def format_sarif(report: Report, quiet: bool = False) -> str:
    """One SARIF 2.1.0 log: one run of unodsl, its rules (every problem code) and results."""
    codes = list(CODES)
    run = {
        "tool": {"driver": {
            "name": "unodsl",
            "version": __version__,
            "rules": [_sarif_rule(code) for code in codes],
        }},
        "columnKind": "unicodeCodePoints",  # columns count characters, as unodsl's do
        "results": [_sarif_result(problem, codes) for problem in report.problems],
    }
    return json.dumps({"$schema": SARIF_SCHEMA, "version": "2.1.0", "runs": [run]}, indent=2, ensure_ascii=False)


def _sarif_rule(code: str) -> dict:
    """A code as a SARIF rule: its help is its section of docs/problems.md, as `unodsl problem`
    prints it, and `helpUri` that section's address when the repository is known."""
    name, meaning = CODES[code]
    page = all_help().get(code)
    rule = {"id": code, "name": name, "shortDescription": {"text": meaning},
            "help": {"text": page.text() if page else f"{meaning} (docs/problems.md, {code})"}}
    if page:
        rule["helpUri"] = f"{problems_page_url()}#{page.anchor}"
    return rule


def problems_page_url() -> str:
    """The absolute address of docs/problems.md that SARIF's helpUri wants (SARIF 2.1.0, 3.49.12):
    where a team publishes unodsl's docs (UNODSL_DOCS_URL, a folder's address); else this
    version's page in unodsl's repository when the package's metadata names one (`[project.urls]
    Repository`); else the page installed with unodsl, as a file: URI, so a local viewer's link
    opens the very text the rule's help gives."""
    published = os.environ.get("UNODSL_DOCS_URL", "").strip()
    if published:
        return f"{published.rstrip('/')}/problems.md"
    return _repository_page_url() or (data_dir("docs") / PAGE).resolve().as_uri()


def _repository_page_url() -> str | None:
    from importlib.metadata import PackageNotFoundError, metadata

    try:
        urls = metadata("unodsl").get_all("Project-URL") or []
    except PackageNotFoundError:
        return None
    for entry in urls:
        label, _, url = entry.partition(",")
        if label.strip().lower() in ("repository", "source") and url.strip().startswith("https://"):
            return f"{url.strip().rstrip('/')}/blob/v{__version__}/docs/problems.md"
    return None


def _sarif_result(problem: Problem, codes: list[str]) -> dict:
    result: dict = {"ruleId": problem.code, "level": problem.severity, "message": {"text": _message(problem)}}
    if problem.code in codes:
        result["ruleIndex"] = codes.index(problem.code)
    span = problem.span
    if _is_file(span.file):
        end_line, end_column = span.end
        result["locations"] = [{"physicalLocation": {
            "artifactLocation": {"uri": _uri(span.file)},
            "region": {"startLine": span.line, "startColumn": span.column,
                       "endLine": end_line, "endColumn": end_column},
        }}]
    return result


def _uri(file: str) -> str:
    """A file as a URI reference: relative paths stay relative (to the folder the check ran in)."""
    path = Path(file)
    return path.resolve().as_uri() if path.is_absolute() else quote(path.as_posix())


# ---- shared ------------------------------------------------------------------------

def _message(problem: Problem) -> str:
    """The message, where it is when that is no file, and the hint on a line of its own."""
    text = problem.message if _is_file(problem.span.file) else f"{problem.span.file}: {problem.message}"
    return printable(text + (f"\nhint: {problem.hint}" if problem.hint else ""))


def _is_file(name: str) -> bool:
    try:
        return Path(name).is_file()
    except (OSError, ValueError):  # a name too long, a NUL
        return False


FORMATS = {"text": format_text, "concise": format_concise, "json": format_json,
           "github": format_github, "sarif": format_sarif}
