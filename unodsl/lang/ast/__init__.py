"""Syntax tree of the effect language: small frozen dataclasses, each with its place, and
each construct with its row (unodsl/lang/registry.py) on its class.

`line`/`column` are 1-based positions inside the script text; the edition
loader maps them into the YAML file when it reports a problem.

The nodes live by subject: `players` (players by word, seat, rank, name), `values`
(conditions and values), `statements` (what acts on cards and players) and `flow`
(state, branches, actions, repeats, the rules of a house rule); `base` has `Node` and
`walk`. All of them are names of this package: `from unodsl.lang import ast; ast.Draw`.
"""
from __future__ import annotations

from ..registry import LANGUAGE
# (in this order: the rows are registered, and docs/effects.md's table lists the statements, so)
from . import players, values, statements, flow  # noqa: I001
from .base import Node, walk
# Every node class is a name of the package (`ast.Draw`), wherever it is written.
from .players import *  # noqa: F401,F403
from .values import *  # noqa: F401,F403
from .statements import *  # noqa: F401,F403
from .flow import *  # noqa: F401,F403

__all__ = ["Node", "TABLE_RULES", "node_classes", "walk", *players.__all__, *values.__all__, *statements.__all__,
           *flow.__all__]


def node_classes() -> list[type]:
    """Every node class of the syntax tree (what the parser can produce): each written in a
    module of this package."""
    found, stack = [], list(Node.__subclasses__())
    while stack:
        cls = stack.pop(0)
        if cls.__module__.startswith(__name__ + ".") and cls not in found:
            found.append(cls)
        stack.extend(cls.__subclasses__())
    return found


# What a house rule for the whole table is made of, at the top of its script: hooks and
# the rules of the table (anything else there is a rule written on a card).
TABLE_RULES = LANGUAGE.classes(lambda row: row.table_rule)
