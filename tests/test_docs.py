"""Every example of docs/effects.md parses and compiles."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

import unodsl
from unodsl.lang.compile import START, compile_condition, compile_script
from unodsl.lang.parse import parse_condition, parse_script

DOC = Path(__file__).resolve().parent.parent / "docs" / "effects.md"
BLOCK = re.compile(r"```(unodsl(?:-condition|-start)?)\n(.*?)```", re.S)

DOC_EDITION = unodsl.load_edition_text(
    Path(__file__).resolve().parent.parent.joinpath("editions", "classic.yaml").read_text()
    .replace("kinds:\n", 'tags:\n  harry: "number in [2, 6, 9]"\n  house:\n    Gryffindor: "number in 1..4"\n'
                         "kinds:\n", 1),
    "doc-edition.yaml")

EXAMPLES = BLOCK.findall(DOC.read_text(encoding="utf-8"))


def test_the_page_has_examples():
    assert len(EXAMPLES) >= 25


@pytest.mark.parametrize("kind,text", EXAMPLES, ids=[t.splitlines()[0][:40] for _, t in EXAMPLES])
def test_example_compiles(kind, text):
    vocab = DOC_EDITION.vocabulary
    if kind == "unodsl-condition":
        compiled = compile_condition(parse_condition(text), vocab)
    elif kind == "unodsl-start":  # a start card's `on_start:`
        compiled = compile_script(parse_script(text), vocab, context=START)
    else:
        compiled = compile_script(parse_script(text), vocab)
    assert callable(compiled.function)


def test_doc_edition_tags_cards():
    harry = [c for c in DOC_EDITION.deck if c.tags.get("harry")]
    assert {c.number for c in harry} == {2, 6, 9} and len(harry) == 24
    assert {c.number for c in DOC_EDITION.deck if c.tags.get("house") == "Gryffindor"} == {1, 2, 3, 4}


# ---- the README's Python API --------------------------------------------------------

README = Path(__file__).resolve().parent.parent / "README.md"
PYTHON_BLOCKS = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S)


def test_the_readme_python_examples_run(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # the first writes match.jsonl
    assert len(PYTHON_BLOCKS) >= 2
    namespace: dict = {}
    for block in PYTHON_BLOCKS:  # in order: the later ones use the edition loaded first
        exec(compile(block, "README.md", "exec"), namespace)
    assert (tmp_path / "match.jsonl").stat().st_size > 0
    assert namespace["result"].winner is not None
