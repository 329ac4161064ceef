"""House rules given apart from an edition: `--rule SCRIPT`, `--rule @FILE` and
the starter rules an edition suggests for its blank cards.

A rule file is YAML: `name`, `script`, and optionally `sheet` (the sentence of
the rule sheet it implements) and `description`. A rule the engine knows as a
setting (`no_bluffing`) is a rule file with `settings:` instead of (or beside)
its script. `@NAME` finds a built-in rule file in editions/house-rules/ by its
name (`@04-extra-turn`).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ..codes import COMMAND_LINE
from ..errors import EditionError, Problem, Span
from ..resources import data_dir, exists
from .files import confined_path, is_plain_name
from .yamlsrc import YamlDoc, load_yaml_file

RULE_KEYS = {"name", "script", "settings", "sheet", "description"}


@dataclass
class RuleSource:
    """A rule's script and where it came from, to place its errors."""

    text: str
    label: str  # `--rule 2`, or the rule file's path
    name: str = ""
    doc: YamlDoc | None = None
    settings: dict = field(default_factory=dict)  # a rule file's `settings:`, which replace the edition's

    def span(self, line: int, column: int) -> Span:
        if self.doc is not None:
            return self.doc.script_span(("script",), line, column)
        return Span(self.label, line, column)


def rule_sources(specs: list) -> list[RuleSource]:
    """`--rule` values: scripts, or `@FILE` / `@NAME` of a rule file; a RuleSource
    already read (an editor's unsaved rule file: unodsl lsp) is taken as it is."""
    sources = []
    for index, spec in enumerate(specs):
        if isinstance(spec, RuleSource):
            sources.append(spec)
        elif spec.startswith("@"):
            sources.append(load_rule_file(_rule_path(spec[1:])))
        else:
            sources.append(RuleSource(spec, f"--rule {index + 1}"))
    return sources


def house_rule_names() -> list[str]:
    """The starter rules of editions/house-rules/ (an edition may suggest them for its blank cards)."""
    return sorted(p.stem for p in (data_dir("editions") / "house-rules").glob("*.yaml"))


def popular_rule_names() -> list[str]:
    """House rules players often ask for (editions/house-rules/popular/)."""
    return sorted(p.stem for p in (data_dir("editions") / "house-rules" / "popular").glob("*.yaml"))


def built_in_rule_names() -> list[str]:
    return house_rule_names() + popular_rule_names()


def _rule_path(spec: str) -> Path:
    path = Path(spec)
    if exists(path):
        return path
    folder = data_dir("editions") / "house-rules"
    for built_in in (folder / f"{spec}.yaml", folder / "popular" / f"{spec}.yaml"):
        if exists(built_in):
            return built_in
    raise EditionError([Problem(Span(f"@{spec}", 0, 0), f"no rule file '{spec}'",
                                hint=f"built-in rules: {', '.join(built_in_rule_names())}", code=COMMAND_LINE)])


def load_rule_file(path: Path) -> RuleSource:
    return rule_file(load_yaml_file(path))


def rule_file(doc: YamlDoc) -> RuleSource:
    """The house rule a rule file's YAML holds; an EditionError if it is not one."""
    path = doc.filename
    doc.require_mapping("a rule file", "name:, script:")
    data = doc.data
    settings = data.get("settings", {})
    if not isinstance(settings, dict):
        raise EditionError([doc.problem(("settings",), "a rule file's `settings:` is a mapping "
                                        "(`no_bluffing: true`)", code=COMMAND_LINE)])
    if not isinstance(data.get("script", "" if settings else None), str):
        raise EditionError([doc.problem((), "a rule file is a mapping with a `script:` text "
                                            "(or `settings:`)", code=COMMAND_LINE)])
    unknown = [key for key in data if key not in RULE_KEYS]
    if unknown:
        raise EditionError([doc.problem((key,), f"unknown key '{key}' in a rule file", at_key=True,
                                        hint=f"a rule file has {', '.join(sorted(RULE_KEYS))}", code=COMMAND_LINE)
                            for key in unknown])
    return RuleSource(data.get("script", ""), str(path), str(data.get("name", Path(path).stem)), doc, settings)


def starter_rules(edition_file: str, folder: str, where: Span) -> list[RuleSource]:
    """The rule files of `folder`, written at `where` in `edition_file`: a folder inside the
    edition file's folder tree (files.py), or else a built-in one (editions/house-rules)."""
    built_in = data_dir("editions") / folder
    if _is_built_in_folder(folder) and not (Path(edition_file).parent / folder).is_dir():
        return [load_rule_file(path) for path in sorted(built_in.glob("*.yaml"))]
    found = confined_path(folder, edition_file, where, folder=True)
    return [load_rule_file(confined_path(f"{folder}/{path.name}", edition_file, where))
            for path in sorted(found.glob("*.yaml"))]


def _is_built_in_folder(name: str) -> bool:
    return is_plain_name(name) and name in {p.name for p in data_dir("editions").iterdir() if p.is_dir()}
