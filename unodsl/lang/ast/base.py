"""The node every construct of the syntax tree is made from, and a walk over a tree."""
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
