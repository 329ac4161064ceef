"""Reading and rewriting the syntax trees partial evaluation works on: a function's tree
read back from its source, names read and bound, names put for others."""
from __future__ import annotations

import ast
import copy
import inspect
import textwrap
from functools import lru_cache

class NotInlinable(Exception):
    """A body that cannot be copied in (a `return` inside a loop, `super()`, ...): called."""


@lru_cache(maxsize=None)
def _parsed(function) -> ast.FunctionDef:
    source = textwrap.dedent(inspect.getsource(function))
    return ast.parse(source).body[0]


def function_tree(function) -> ast.FunctionDef:
    """A fresh copy of `function`'s syntax tree (its decorators and docstring left out)."""
    tree = copy.deepcopy(_parsed(function))
    tree.decorator_list = []
    without_docstring(tree)
    return tree


def without_docstring(tree: ast.FunctionDef) -> None:
    first = tree.body[0]
    if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
        tree.body = tree.body[1:] or [ast.Pass()]



def dotted(node) -> str | None:
    """`a.b.c` of a name and its attributes, as text (quicker than ast.unparse); else None."""
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name):
        return None
    parts.append(node.id)
    return ".".join(reversed(parts))



# ---- names ------------------------------------------------------------------------

def names_in(tree) -> set[str]:
    return {node.id for node in ast.walk(tree) if isinstance(node, ast.Name)} | \
        {node.arg for node in ast.walk(tree) if isinstance(node, ast.arg)}


def stored_names(statements: list) -> set[str]:
    stored = set()
    for statement in statements:
        for node in ast.walk(statement):
            if isinstance(node, ast.Name) and isinstance(node.ctx, (ast.Store, ast.Del)):
                stored.add(node.id)
    return stored


class Renamer(ast.NodeTransformer):
    """Puts `mapping[name]` (a name, or a syntax tree) wherever a name of it is read or set."""

    def __init__(self, mapping: dict):
        self.mapping = mapping

    def visit_Name(self, node: ast.Name):
        replacement = self.mapping.get(node.id)
        if replacement is None:
            return node
        if isinstance(replacement, str):
            return ast.copy_location(ast.Name(replacement, node.ctx), node)
        return copy.deepcopy(replacement)


def rename(statements: list, mapping: dict) -> list:
    renamer = Renamer(mapping)
    return [renamer.visit(statement) for statement in statements]


def loads_of(statements: list, name: str) -> int:
    return sum(1 for s in statements for node in ast.walk(s)
               if isinstance(node, ast.Name) and node.id == name and isinstance(node.ctx, ast.Load))


def read_in_loop(statements: list, name: str) -> bool:
    for s in statements:
        for node in ast.walk(s):
            if isinstance(node, (ast.For, ast.While)) and loads_of(node.body, name):
                return True
    return False



def assignment(name: str, value: ast.expr) -> ast.Assign:
    return ast.Assign([ast.Name(name, ast.Store())], value, lineno=0)



def pairs(target, value) -> list:
    if isinstance(target, ast.Tuple) and isinstance(value, ast.Tuple) and len(target.elts) == len(value.elts):
        return list(zip(target.elts, value.elts))
    return [(target, value)] if isinstance(target, ast.Name) else []


