"""Every example of docs/effects.md parses, compiles and runs."""
from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

import unodsl
from unodsl.engine.round import Round
from unodsl.lang.compile import START, compile_condition, compile_script
from unodsl.lang.parse import parse_condition, parse_script

DOC = Path(__file__).resolve().parents[2] / "docs" / "effects.md"
BLOCK = re.compile(r"```(unodsl(?:-condition|-start|-two-sided)?)\n(.*?)```", re.S)

DOC_EDITION = unodsl.load_edition_text(
    Path(__file__).resolve().parents[2].joinpath("editions", "classic.yaml").read_text()
    .replace("kinds:\n", 'tags:\n  harry: "number in [2, 6, 9]"\n  house:\n    Gryffindor: "number in 1..4"\n'
                         "state:\n  player:\n    power: {type: flag}\n    tokens: {type: counter, initial: 2}\n"
                         "  game:\n    launches: {type: counter}\n    last: {type: colour}\n"
                         "chance:\n  launcher: {0: 6, 1: 1, 2: 1, 3: 1, 4: 1}\n"
                         "piles: [graveyard]\n"
                         "actions:\n  press: me draws random launcher\n"
                         "kinds:\n", 1),
    "doc-edition.yaml")
# The examples of two-sided cards (`unodsl-two-sided`) run on UNO Flip.
FLIP = unodsl.load_edition("flip")

EXAMPLES = BLOCK.findall(DOC.read_text(encoding="utf-8"))


def test_the_page_has_examples():
    assert len(EXAMPLES) >= 25


def dealt_round(seed: int, edition=DOC_EDITION) -> Round:
    """A round of the doc edition, dealt to three, every question answered with its first option."""
    rnd = Round(edition, 3, 0, random.Random(seed), [], ask=lambda decision: decision.options[0])
    rnd._deal()
    rnd._start_card()
    return rnd


@pytest.mark.parametrize("kind,text", EXAMPLES, ids=[t.splitlines()[0][:40] for _, t in EXAMPLES])
def test_example_compiles_and_runs(kind, text):
    # Compiled, each example runs on dealt tables as the page says it may be used: a
    # condition on the cards of a hand, a script (and its hooks) as the card on top's effect.
    edition = FLIP if kind == "unodsl-two-sided" else DOC_EDITION
    vocab = edition.vocabulary
    for seed in range(3):
        rnd = dealt_round(seed, edition)
        me, card = 1, rnd.discard[-1]
        if kind == "unodsl-condition":
            compiled = compile_condition(parse_condition(text), vocab)
            assert {compiled.function(c, rnd, me) for c in rnd.hands[me]} <= {True, False}
            continue
        if kind == "unodsl-start":  # a start card's `on_start:`, run on the card turned up
            compiled = compile_script(parse_script(text), vocab, context=START)
        else:
            compiled = compile_script(parse_script(text), vocab)
        cards = rnd.card_count()
        compiled.function(rnd, me, card)
        for _event, guard, body in compiled.hooks:
            if guard is None or guard.function(card, rnd, me):
                body.function(rnd, me, card)
        assert rnd.card_count() == cards == len(edition.deck)


def test_doc_edition_tags_cards():
    harry = [c for c in DOC_EDITION.deck if c.tags.get("harry")]
    assert {c.number for c in harry} == {2, 6, 9} and len(harry) == 24
    assert {c.number for c in DOC_EDITION.deck if c.tags.get("house") == "Gryffindor"} == {1, 2, 3, 4}


# ---- the README's Python API --------------------------------------------------------

README = Path(__file__).resolve().parents[2] / "README.md"
PYTHON_BLOCKS = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S)


def test_the_readme_python_examples_run(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # the first writes match.jsonl
    assert len(PYTHON_BLOCKS) >= 2
    namespace: dict = {}
    for block in PYTHON_BLOCKS:  # in order: the later ones use the edition loaded first
        exec(compile(block, "README.md", "exec"), namespace)
    assert (tmp_path / "match.jsonl").stat().st_size > 0
    assert namespace["result"].winner is not None


# ---- the README's layout of the code ------------------------------------------------

def _layout_section() -> str:
    text = README.read_text(encoding="utf-8")
    return text.split("## Layout of the code\n", 1)[1].split("\n## ", 1)[0]


def test_the_readme_layout_names_paths_that_exist():
    """A path in backticks is from the repository's root; a bare `name.py` is in the folder named last."""
    root, folder, missing = README.parent, None, []
    for token in re.findall(r"`([\w./-]+)`", _layout_section()):
        if "/" in token:
            path = root / token
            folder = path if token.endswith("/") else folder
        elif token.endswith(".py") and folder is not None:
            path = folder / token
        else:
            continue
        if not path.exists():
            missing.append(token)
    assert missing == []


def test_the_readme_layout_places_every_part_of_the_package():
    layout = _layout_section()
    package = README.parent / "unodsl"
    parts = [f"unodsl/{p.name}/" for p in package.iterdir() if (p / "__init__.py").exists()]
    parts += [f"unodsl/{p.name}" for p in package.glob("*.py") if p.name not in ("__init__.py", "__main__.py")]
    assert [part for part in sorted(parts) if f"`{part}`" not in layout] == []


def test_the_table_of_events_in_the_docs_is_the_engines():
    """docs/scenarios.md's table of events is unodsl.engine.events' (written out by table_text)."""
    from unodsl.engine.events import table_text
    page = DOC.with_name("scenarios.md").read_text(encoding="utf-8")
    found = re.search(r"<!-- events: generated by unodsl.engine.events.table_text\(\) -->\n(.*?)<!-- end of events -->",
                      page, re.S)
    assert found, "docs/scenarios.md has lost its table of events"
    assert found[1] == table_text(), "regenerate docs/scenarios.md's table of events from table_text()"
