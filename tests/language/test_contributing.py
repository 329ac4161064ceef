"""docs/contributing.md's "Adding a statement to the language" matches the code: the files,
names and tests its steps cite exist, and its worked example, taken from the page's own
blocks, is added in-process (grammar, node and row, compile and describe handlers) and is
parsed, checked, compiled and described."""
from __future__ import annotations

import re
import sys
import textwrap
import types
from dataclasses import dataclass
from pathlib import Path

from lark import Lark

import unodsl
from unodsl.lang import ast, registry
from unodsl.lang.compile import EFFECT, USE, compile_script
from unodsl.lang.describe import Describer
from unodsl.lang.describe.words import act
from unodsl.lang.grammar import _ScriptIndenter
from unodsl.lang.registry import LANGUAGE
from unodsl.lang.transform import ToAst
from unodsl.errors import ScriptError

ROOT = Path(__file__).resolve().parents[2]
PAGE = (ROOT / "docs" / "contributing.md").read_text(encoding="utf-8")
SECTION = PAGE.split("## Adding a statement to the language\n", 1)[1].split("\n## ", 1)[0]
STEPS = re.findall(r"^### (\d)\. (.*?)\n(.*?)(?=^### |\Z)", SECTION, re.S | re.M)


def _block(language: str, step: int) -> str:
    (text,) = re.findall(rf"```{language}\n(.*?)```", STEPS[step - 1][2], re.S)
    return textwrap.dedent(text)


def test_the_page_has_its_steps_in_order():
    assert [(int(n), title) for n, title, _ in STEPS] == [
        (1, "The grammar rule"), (2, "The node class and its row"), (3, "The compile handler"),
        (4, "The describe handler"), (5, "The documentation"), (6, "The engine primitive, if it needs a new one")]


def test_every_file_folder_and_test_the_steps_cite_exists():
    cited = re.findall(r"`((?:grammar|unodsl|docs|tests)/[\w./]+)(?:::(\w+))?`", SECTION)
    assert len(cited) >= 12
    for path, test in cited:
        assert (ROOT / path).exists(), path
        if test:
            assert re.search(rf"^def {test}\(", (ROOT / path).read_text(encoding="utf-8"), re.M), (path, test)


def test_every_name_the_steps_cite_is_the_codes():
    assert "Row" in vars(registry) and "statement" in vars(registry) and "check" in vars(registry.Registry)
    assert {"compiles", "describes"} <= set(vars(registry))
    assert "aimed" in dir(unodsl.lang.compile._Emitter) and callable(ToAst.__default__)
    from unodsl.lang import statements
    assert callable(statements.markdown)
    assert re.search(r"^### The budget of work|^## Statements at a glance", (ROOT / "docs/effects.md").read_text(),
                     re.M)


def test_the_worked_example_is_a_statement_once_its_five_places_are_written(monkeypatch):
    for table in ("rows", "compilers", "describers"):
        monkeypatch.setattr(LANGUAGE, table, dict(getattr(LANGUAGE, table)))
    monkeypatch.setattr(ToAst, "plain", {})  # (read again from the rows, the example's among them)
    # step 2: the node class and its row, as unodsl/lang/ast/statements.py would hold them
    module = types.ModuleType("contributing_example")
    monkeypatch.setitem(sys.modules, module.__name__, module)
    vars(module).update(statement=LANGUAGE.statement, dataclass=dataclass, Node=ast.Node, Player=ast.Player)
    exec(compile(_block("python", 2), "docs/contributing.md", "exec"), vars(module))
    monkeypatch.setattr(ast, "PassCard", module.PassCard, raising=False)
    # steps 3 and 4: the handlers, as the mixins of compile/ and describe/ would hold them
    for step in (3, 4):
        exec(compile(_block("python", step), "docs/contributing.md", "exec"),
             {"ast": ast, "compiles": LANGUAGE.compiles, "describes": LANGUAGE.describes, "act": act})
    LANGUAGE.check([*ast.node_classes(), module.PassCard])
    # step 1: the grammar, with the rule added
    grammar = (ROOT / "grammar" / "effects.lark").read_text(encoding="utf-8") + "\n" + _block("lark", 1)
    parser = Lark(grammar, parser="lalr", postlex=_ScriptIndenter(), start=["script", "condition"],
                  propagate_positions=True, maybe_placeholders=True)
    script = ToAst().transform(parser.parse("next passes one card to previous\n", start="script"))
    assert script.body == (module.PassCard(1, 1, ast.Player(1, 1, "next"), ast.Player(1, 25, "previous")),)
    vocab = unodsl.load_edition("classic").vocabulary
    source = compile_script(script, vocab, context=EFFECT).source
    assert "g.move(me, ('hand', (me + g.direction) % g.n), ('hand', (me - g.direction) % g.n), 1" in source
    try:
        compile_script(script, vocab, context=USE)
        raise AssertionError("a table card's use ran a statement taking cards from hands")
    except ScriptError as error:
        assert "cannot take cards out of a hand" in error.message
    assert Describer(vocab).script(script) == ("The next player passes one card of their hand, of their choice, "
                                               "to the previous player.")
