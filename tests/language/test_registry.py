"""The registry of the language (unodsl/lang/registry.py) holds every construct together:
a statement added with one facet missing (its compile handler, its describe handler, its
row or its English, or a handler for a node with no row) fails loudly, at import, as
unodsl's gap naming the construct; the complete one compiles and reads in English."""
from __future__ import annotations

import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

import unodsl
from unodsl.lang import ast
from unodsl.lang.compile import EFFECT, compile_script
from unodsl.lang.describe import Describer
from unodsl.lang.describe.words import act
from unodsl.lang.registry import LANGUAGE, Registry, RegistryError

ROOT = Path(__file__).resolve().parents[2]


# ---- a statement of our own, on a scratch registry ------------------------------------


def _teleport(registry: Registry, row: bool = True, does: str = "the player goes elsewhere", compiles: bool = True,
              describes: bool = True) -> type:
    """`teleport PLAYER`, with the facets asked for."""

    @dataclass(frozen=True)
    class Teleport(ast.Node):
        target: ast.Player

    if row:
        Teleport = registry.statement("teleport", syntax="teleport PLAYER", does=does,
                                      primitives=("teleport",), aims="target")(Teleport)
    if compiles:
        registry.compiles(Teleport)(lambda emitter, s: emitter.aimed(s, "g.teleport({p})"))
    if describes:
        registry.describes(Teleport)(lambda words, node, ctx: act(words.who(node.target, ctx), "go elsewhere"))
    return Teleport


def test_a_complete_statement_passes_the_check():
    scratch = Registry()
    teleport = _teleport(scratch)
    scratch.check([teleport])
    assert scratch.of(teleport).node == "Teleport" and scratch.of_kind("statement") == (scratch.of(teleport),)


@pytest.mark.parametrize("missing, message", [
    ({"compiles": False}, "the statement Teleport has no compile handler"),
    ({"describes": False}, "the statement Teleport has no describe handler"),
    ({"row": False}, "the node class Teleport has no row"),
    ({"does": ""}, "the statement Teleport has no English"),
])
def test_a_statement_with_a_facet_missing_fails_the_check_naming_it(missing, message):
    scratch = Registry()
    teleport = _teleport(scratch, **missing)
    with pytest.raises(RegistryError, match=message):
        scratch.check([teleport])


def test_a_handler_for_a_node_with_no_row_fails_the_check():
    scratch = Registry()

    @dataclass(frozen=True)
    class Vanish(ast.Node):
        pass

    scratch.describes(Vanish)(lambda words, node, ctx: "nothing is left")
    with pytest.raises(RegistryError, match="the describe handler .* is for Vanish, which has no row"):
        scratch.check([])
    scratch = Registry()
    scratch.compiles(Vanish)(lambda emitter, s: None)
    with pytest.raises(RegistryError, match="the compile handler .* is for Vanish, which has no row"):
        scratch.check([])


def test_two_handlers_for_one_node_and_a_compiled_part_are_refused():
    scratch = Registry()
    teleport = _teleport(scratch)
    with pytest.raises(RegistryError, match="Teleport has two compile handlers"):
        scratch.compiles(teleport)(lambda emitter, s: None)
    scratch.part("place", syntax="PLACE", does="a place")(ast.Place)
    scratch.compiles(ast.Place)(lambda emitter, s: None)
    scratch.describes(ast.Place)(lambda words, node, ctx: "a place")
    with pytest.raises(RegistryError, match="compile handler .* is for the part Place"):
        scratch.check([teleport, ast.Place])


def test_a_row_aimed_at_no_field_fails_the_check():
    scratch = Registry()

    @scratch.statement("vanish", syntax="vanish", does="nothing is left", aims="victim")
    @dataclass(frozen=True)
    class Vanish(ast.Node):
        pass

    scratch.compiles(Vanish)(lambda emitter, s: None)
    scratch.describes(Vanish)(lambda words, node, ctx: "nothing is left")
    with pytest.raises(RegistryError, match="Vanish aims at 'victim', which is none of its fields"):
        scratch.check([Vanish])


# ---- the language's own registry -----------------------------------------------------------


def test_the_language_passes_its_check_and_every_node_class_has_a_row():
    LANGUAGE.check(ast.node_classes())
    assert set(ast.node_classes()) == set(LANGUAGE.rows)
    assert {cls.__name__ for cls in ast.node_classes()} <= set(ast.__all__)


def test_the_check_runs_when_unodsl_is_imported():
    """A compile handler forgotten (here: `reverse`'s, dropped as it registers) stops the import
    of unodsl itself, naming the statement: unodsl's gap, before any script is read."""
    code = f"""
import importlib.util, sys
spec = importlib.util.spec_from_file_location("unodsl.lang.registry", {str(ROOT / "unodsl/lang/registry.py")!r})
registry = sys.modules["unodsl.lang.registry"] = importlib.util.module_from_spec(spec)
spec.loader.exec_module(registry)
real = registry.compiles
registry.compiles = lambda *classes: (lambda f: f) if classes[0].__name__ == "Reverse" else real(*classes)
import unodsl
"""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT,
                          env={"PYTHONPATH": str(ROOT), "PATH": ""})
    assert done.returncode != 0
    assert "RegistryError: the statement Reverse has no compile handler" in done.stderr


def test_a_statement_registered_in_process_is_compiled_and_described_by_its_handlers(monkeypatch):
    """The stages dispatch through the registry: a statement added there (its row and two
    handlers) compiles to its primitive's call, aimed as its row says, and reads in English."""
    for table in ("rows", "compilers", "describers"):
        monkeypatch.setattr(LANGUAGE, table, dict(getattr(LANGUAGE, table)))
    teleport = _teleport(LANGUAGE)
    LANGUAGE.check([*ast.node_classes(), teleport])
    vocab = unodsl.load_edition("classic").vocabulary
    script = ast.Script(1, 1, (teleport(1, 1, ast.Player(1, 10, "others")),))
    assert "g.teleport(_p1)" in compile_script(script, vocab, context=EFFECT).source
    assert Describer(vocab).script(script) == "Every other player goes elsewhere."


# ---- the grammar and the rows --------------------------------------------------------------


def test_every_rule_of_the_grammar_makes_a_node_and_every_row_names_rules_of_the_grammar():
    from unodsl.lang.parse import _parser
    from unodsl.lang.transform import ToAst, _plain_nodes
    made = set()
    for rule in _parser().rules:
        name = rule.alias or rule.origin.name
        if not name.startswith("_") and not (rule.options.expand1 and not rule.alias):
            made.add(str(name))
    built = {name for name in made if hasattr(ToAst, name)} | set(_plain_nodes())
    assert made - built == set()
    named = {rule for row in LANGUAGE.rows.values() for rule in row.rules}
    assert named - made == set()


def test_every_rule_a_row_names_is_reached_from_a_script():
    """A grammar rule left out of the statements' alternatives would parse nowhere."""
    from unodsl.lang.parse import _parser
    expansions: dict = {}
    for rule in _parser().rules:
        made = rule.alias or rule.origin.name
        expansions.setdefault(rule.origin.name, []).append((str(made), [s.name for s in rule.expansion]))
    reached, stack = set(), ["script", "condition"]
    while stack:
        name = stack.pop()
        for made, symbols in expansions.get(name, ()):
            reached.add(made)
            stack.extend(symbol for symbol in symbols if symbol not in reached and symbol in expansions)
        reached.add(name)
    named = {rule for row in LANGUAGE.rows.values() for rule in row.rules}
    assert named - reached == set()
