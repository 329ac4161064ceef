"""Partial evaluation of the engine's own methods: what unodsl.engine.specialise derives
the loop written for an edition with.

A method's source is read back (`inspect`), and its syntax tree rewritten: what is
known before play is written in as a constant (`Known`), the branches it rules out
are dropped (`fold_block`), and calls of the methods and functions named inlinable are
replaced by their bodies (`Inliner`: parameters bound to the arguments, local names
kept apart, a `return` made the end of a branch). Nothing here knows a rule of UNO:
the rules are the methods' own text (unodsl.engine.turns), so the loop derived plays
what the interpreter plays, by construction.
"""
from __future__ import annotations

from .fold import Known, fold_block, pure
from .inline import Inliner
from .syntax import NotInlinable, dotted, function_tree, names_in, rename
from .tidy import read_items_once, read_through_aliases, tidy

__all__ = ["Inliner", "Known", "NotInlinable", "dotted", "fold_block", "function_tree", "names_in", "pure",
           "read_items_once", "read_through_aliases", "rename", "tidy"]
