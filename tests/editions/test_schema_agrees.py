"""The schemas and the loader agree (issue 14, item 4): every edition file the
project ships or shows passes both `unodsl validate` and a plain JSON Schema
validator (what an editor or check-jsonschema in CI runs: the YAML as data,
nothing merged), and every house-rule file both `--rule @FILE` and
schemas/rule.schema.json.

A plain validator sees one file: an edition built on another (`base:`) gives
only what differs, and removes a kind of its base with `null`; the schema
allows both there and only there.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml
from jsonschema import Draft202012Validator

from cli.test_authoring_doc import STEPS, edit
from unodsl.authoring import new_edition
from unodsl.edition.rules import RULE_KEYS
from unodsl.resources import data_dir
from unodsl.validate import check_edition, check_text

ROOT = Path(__file__).resolve().parents[2]
EDITIONS = sorted(data_dir("editions").glob("*.yaml"))
RULES = sorted(data_dir("editions").glob("house-rules/**/*.yaml"))
DOCS = sorted((ROOT / "docs").glob("*.md"))
FENCE = re.compile(r"^```yaml([^\n]*)\n(.*?)^```$", re.DOTALL | re.MULTILINE)


def plain_problems(path: Path, schema_file: str = "edition.schema.json") -> list[str]:
    """What a plain JSON Schema validator says of the file (empty: it passes)."""
    schema = json.loads((data_dir("schemas") / schema_file).read_text(encoding="utf-8"))
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    return [f"{list(e.absolute_path)}: {e.message}" for e in Draft202012Validator(schema).iter_errors(data)]


def errors(problems) -> list[str]:
    return [p.format() for p in problems if p.severity == "error"]


@pytest.mark.parametrize("path", EDITIONS, ids=[p.stem for p in EDITIONS])
def test_every_shipped_edition_passes_both(path):
    assert plain_problems(path) == []
    assert errors(check_edition(str(path))) == []


def test_a_kind_removed_with_null_passes_the_plain_schema():
    """harry-potter-fr.yaml removes the Draw Two (`draw_two: null`), as the docs and the
    template say to; the schema called it "None is not of type 'object'"."""
    path = data_dir("editions") / "harry-potter-fr.yaml"
    assert yaml.safe_load(path.read_text(encoding="utf-8"))["kinds"]["draw_two"] is None
    assert plain_problems(path) == []


def test_null_and_partial_kinds_only_in_an_edition_built_on_another(tmp_path):
    alone = tmp_path / "alone.yaml"
    alone.write_text("name: Alone\ncolours: [red]\nkinds:\n  gone: null\n  half: {points: 3}\n", encoding="utf-8")
    assert len(plain_problems(alone)) == 3  # null is no kind; `half` has no name and no deck
    built = tmp_path / "built.yaml"
    built.write_text("name: Built\nbase: classic\nkinds:\n  wild: null\n  skip: {points: 30}\ntotal: 104\n",
                     encoding="utf-8")
    assert plain_problems(built) == []
    assert errors(check_edition(str(built))) == []
    assert [p.code for p in check_edition(str(alone))] == ["S003", "S002", "S002"]


def test_the_template_passes_both(tmp_path):
    path = new_edition("party-uno", tmp_path).path
    assert plain_problems(path) == []
    assert errors(check_edition(str(path))) == []


@pytest.mark.parametrize("path", RULES, ids=[p.stem for p in RULES])
def test_every_house_rule_passes_both(path):
    assert plain_problems(path, "rule.schema.json") == []
    assert errors(check_edition("veto", rules=[f"@{path}"])) == []  # (veto has blank cards to write on)


def test_the_rule_schema_has_the_keys_the_loader_reads():
    schema = json.loads((data_dir("schemas") / "rule.schema.json").read_text(encoding="utf-8"))
    assert set(schema["properties"]) == RULE_KEYS
    assert schema["anyOf"] == [{"required": ["script"]}, {"required": ["settings"]}]  # (load_rule_file)
    Draft202012Validator.check_schema(schema)


# ---- the docs' examples -----------------------------------------------------------------

def _is_edition(data) -> bool:
    return isinstance(data, dict) and "name" in data and bool({"kinds", "base", "colours"} & set(data))


def doc_editions() -> list[tuple[str, str]]:
    """(where, text) of every YAML block of docs/*.md that is a whole edition file
    (docs/authoring.md's files are checked as the tutorial builds them, below)."""
    found = []
    for page in DOCS:
        text = page.read_text(encoding="utf-8")
        for match in FENCE.finditer(text):
            if match[1].strip() or page.name == "authoring.md":
                continue
            if _is_edition(yaml.safe_load(match[2])):
                found.append((f"{page.name}:{text.count(chr(10), 0, match.start()) + 1}", match[2]))
    return found


DOC_EDITIONS = doc_editions()


def test_the_docs_show_whole_editions():
    assert len(DOC_EDITIONS) >= 1, "docs/editions.md shows an edition built on classic"


@pytest.mark.parametrize("where,text", DOC_EDITIONS, ids=[where for where, _ in DOC_EDITIONS])
def test_every_edition_of_the_docs_passes_both(where, text, tmp_path):
    path = tmp_path / "example.yaml"
    path.write_text(text, encoding="utf-8")
    assert plain_problems(path) == [], where
    assert errors(check_text(text, str(path))) == [], where


def test_every_edition_file_of_the_tutorial_passes_both(tmp_path):
    """docs/authoring.md's edition files, as its `file=`, `edit=` and `shows=` blocks make
    them: each state passes the plain schema; the last of each loads (one state in
    between is wrong on purpose: its `total`)."""
    files: dict[str, str] = {}
    for step in STEPS:
        if step.kind == "command":
            continue
        files[step.target] = edit(files[step.target], step.text) if step.kind == "edit" else step.text
        path = tmp_path / step.target
        path.write_text(files[step.target], encoding="utf-8")
        if _is_edition(yaml.safe_load(files[step.target])):
            assert plain_problems(path) == [], f"docs/authoring.md:{step.line}"
    editions = [name for name, text in files.items() if _is_edition(yaml.safe_load(text))]
    assert set(editions) >= {"party-uno.yaml", "time-capsule.yaml"}
    for name in editions:
        assert errors(check_edition(str(tmp_path / name))) == [], name


# ---- what an editor shows of a script field ---------------------------------------------

def _script_fields(node, path=()):
    """(path, subschema) of every value the loader reads as a script or a condition."""
    if isinstance(node, dict):
        if node.get("$ref", "").endswith(("/script", "/condition")):
            yield path, node
        for key, value in node.items():
            yield from _script_fields(value, (*path, key))


def test_every_script_field_says_its_grammar_with_an_example():
    schema = json.loads((data_dir("schemas") / "edition.schema.json").read_text(encoding="utf-8"))
    fields = list(_script_fields(schema))
    assert len(fields) >= 9  # playable, bluff_if, effect, on_start, use, reaction's two, written, rules
    fields += [(("$defs", name), schema["$defs"][name]) for name in ("script", "condition")]
    fields += [(("actions",), schema["properties"]["actions"]["additionalProperties"]),
               (("tags",), schema["properties"]["tags"]["additionalProperties"])]
    for path, field in fields:
        words = field["description"]
        assert "docs/effects.md" in words and "e.g. `" in words, (path, words)
