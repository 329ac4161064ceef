"""The node every construct of the syntax tree is made from, a walk over a tree, and the
names a module of nodes gives the package."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Node:
    line: int
    column: int


def walk(node):
    """`node` and every node inside it (statements of blocks, parts of expressions)."""
    stack = [node]
    while stack:
        item = stack.pop()
        if isinstance(item, Node):
            yield item
            stack.extend(reversed(list(vars(item).values())))
        elif isinstance(item, tuple):
            stack.extend(reversed(item))


def nodes_of(namespace: dict) -> list[str]:
    """The names of the node classes a module of this package writes: its `__all__`, so that
    `ast.Draw` needs no list kept by hand."""
    return [name for name, value in namespace.items()
            if isinstance(value, type) and issubclass(value, Node) and value.__module__ == namespace["__name__"]]
