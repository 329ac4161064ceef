"""The package's layers (issue 31): no import runs from a lower layer to a higher one, and no
two modules import each other, even through others. Every import counts: those at the top of
a module, inside functions and under TYPE_CHECKING, read from the source with `ast`.

The layers, bottom up: what every part may use (errors, limits, codes, resources), the
language, editions, the engine (a round, and what a seat sees of it), what a seat knows and
the worlds it imagines, agents, a match (rounds played by agents), scenarios and simulation,
the checks and tools for authors, the language server, the terminal table, the command line."""
from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "unodsl"

# The first part of a module's name below `unodsl.` -> its layer (a higher number is higher up).
LAYERS = {
    "errors": 0, "limits": 0, "codes": 0, "problem_help": 0, "resources": 0, "stops": 0, "version": 0, "words": 0,
    "lang": 1,
    "edition": 2,
    "engine": 3,
    "seat": 4,
    "agents": 5,
    "match": 6,
    "scenario": 7, "sim": 7, "rl": 7,
    "validate": 8, "validate_formats": 8, "validate_trial": 8, "validate_kinds": 8, "validate_files": 8, "authoring": 8, "explain": 8, "catalogue": 8,
    "lsp": 9,
    "terminal": 10,
    "cli": 11, "__main__": 11, "": 11,  # ("": the package's front door, unodsl/__init__.py)
}

# Arrows left, each (importer, imported): none, and any one allowed would be named here with
# why it is left.
ALLOWED: dict = {}


def module_name(path: Path) -> str:
    """`edition.loader` for unodsl/edition/loader.py; `edition` for its __init__.py."""
    parts = list(path.relative_to(PACKAGE).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, Path]:
    return {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def imported(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The package's modules `name` imports, anywhere in its text (a name imported from a
    package is its module when it is one, else the package's __init__)."""
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[:len(package) - node.level + 1] + (node.module.split(".") if node.module else [])
                where = ".".join(["unodsl", *base]).rstrip(".")
            else:
                where = node.module or ""
            targets = [f"{where}.{alias.name}" if f"{where}.{alias.name}".removeprefix("unodsl.") in known
                       else where for alias in node.names]
        else:
            continue
        for target in targets:
            if target == "unodsl" or target.startswith("unodsl."):
                inner = target.removeprefix("unodsl").removeprefix(".")
                while inner and inner not in known:  # (`import unodsl.x.y` names y)
                    inner = inner.rpartition(".")[0]
                if inner != name:
                    found.add(inner)
    return found


def arrows() -> set[tuple[str, str]]:
    known = modules()
    return {(name, target) for name, path in known.items() for target in imported(name, path, known)}


def layer(name: str) -> int:
    return LAYERS[name.split(".")[0]]


def test_every_module_has_a_layer():
    assert [name for name in modules() if name.split(".")[0] not in LAYERS] == []


def test_no_import_runs_up_the_layers():
    upward = sorted((a, b) for a, b in arrows() if layer(b) > layer(a) and (a, b) not in ALLOWED)
    assert upward == []


def test_no_import_circle():
    graph: dict[str, set[str]] = {}
    for a, b in arrows() - set(ALLOWED):
        graph.setdefault(a, set()).add(b)
    assert circles(graph) == []


def test_the_allowed_arrows_are_still_there():
    """An arrow the rewrite removed leaves the list with it (the list names what is left)."""
    assert sorted(set(ALLOWED) - arrows()) == []


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected parts of `graph` with more than one module (Tarjan's)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for other in sorted(graph.get(node, ())):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            part = []
            while True:
                other = stack.pop()
                part.append(other)
                if other == node:
                    break
            if len(part) > 1:
                found.append(sorted(part))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(found)


def test_the_checks_see_an_arrow_up_and_a_circle():
    """(The checks themselves: an arrow up and a circle are found when there is one.)"""
    assert layer("edition.loader") < layer("engine.budget")
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert circles({"a": {"b"}, "b": set()}) == []
    known = modules()
    assert ("cli.play", "terminal.session") in arrows()
    assert "engine.round" in imported("match", known["match"], known)
