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
from .base import Node, walk
from .players import NamedPlayer, Player, RankedPlayer, SeatOffset
from .values import (Accepts, And, Arith, Bluffed, Challenges, Compare, Const, Count, Dotted, Holds, Identical, Int,
                     ListOf, Member, Name, Neg, Not, Or, PlayerAttr, PlayerValue, RandomCard, RandomNumber,
                     RandomOutcome, RangeOf, Str)
from .statements import (Answer, Ask, Cards, ChooseColour, ChoosePlayer, ChooseRandomPlayer, Deal, DiscardAll, Draw,
                         DrawOrPass, DrawTo, DrawUntil, Eliminate, ExtraTurn, FaceUp, FlipCards, ForEach, GiveAll,
                         Move, Place, Reverse, RotateHands, Shuffle, ShuffleHands, ShowHand, Skip, SwapHands,
                         TurnAnother)
from .flow import (AddState, ApplyRule, DoAction, FlipState, If, Instead, JumpIn, Let, Nothing, On, RepeatTimes,
                   RepeatUntil, Script, SetState, StackRule, StateRef, UnoAnyTime)

__all__ = ["Accepts", "AddState", "And", "Answer", "ApplyRule", "Arith", "Ask", "Bluffed", "Cards", "Challenges",
           "ChooseColour", "ChoosePlayer", "ChooseRandomPlayer", "Compare", "Const", "Count", "Deal", "DiscardAll",
           "DoAction", "Dotted", "Draw", "DrawOrPass", "DrawTo", "DrawUntil", "Eliminate", "ExtraTurn", "FaceUp",
           "FlipCards", "FlipState", "ForEach", "GiveAll", "Holds", "Identical", "If", "Instead", "Int", "JumpIn",
           "Let", "ListOf", "Member", "Move", "Name", "NamedPlayer", "Neg", "Node", "Not", "Nothing", "On", "Or",
           "Place", "Player", "PlayerAttr", "PlayerValue", "RandomCard", "RandomNumber", "RandomOutcome", "RangeOf",
           "RankedPlayer", "RepeatTimes", "RepeatUntil", "Reverse", "RotateHands", "Script", "SeatOffset",
           "SetState", "Shuffle", "ShuffleHands", "ShowHand", "Skip", "StackRule", "StateRef", "Str", "SwapHands",
           "TABLE_RULES", "TurnAnother", "UnoAnyTime", "node_classes", "walk"]


def node_classes() -> list[type]:
    """Every node class of the syntax tree (what the parser can produce): each written in
    this package, whether or not it is named above."""
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
