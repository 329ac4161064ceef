"""Values in words, as noun phrases ("the colour in play", "the number of players"),
and the edition's own words (a kind's name for its id, tags told from values)."""
from __future__ import annotations

import dataclasses

from .. import ast
from ..compile import CARD_ATTRIBUTES
from .words import IT, PAST_CARD_WORDS, Context, plural, say

ARITH = {"+": "plus", "-": "minus", "*": "times", "/": "divided by", "%": "modulo"}


class ValueWords:
    """Values as noun phrases, and the edition's words."""

    def value(self, node: ast.Node, ctx: Context) -> str:
        card = ctx.card
        special = self.state_value_words(node, ctx)
        if special is not None:
            return special
        if isinstance(node, ast.Int):
            return str(node.value)
        if isinstance(node, ast.Str):
            return f'"{node.value}"'
        if isinstance(node, ast.Name):
            name = node.name
            if name == "players":
                return "the number of players"
            if name in CARD_ATTRIBUTES or name in self.vocab.tags:
                return f"{card.poss} {name}"
            if name == "playable":
                return f"whether {card.noun} can be played now"
            return self.word(name)
        if isinstance(node, ast.Dotted):
            if node.base == "settings":
                return f"the setting {node.attr}"
            if node.base == "top":
                return "the colour in play" if node.attr == "colour" else f"the top card's {node.attr}"
            if node.base in PAST_CARD_WORDS:
                return f"the {node.attr} of {PAST_CARD_WORDS[node.base]}"
            if node.base not in ("card", "game"):  # a `let` name: a card or a player it holds
                if node.attr == "hand":
                    return f"the number of cards “{node.base}” holds"
                return f"“{node.base}”'s {node.attr}"
            return f"the {node.attr} of the card played"
        if isinstance(node, ast.PlayerValue):
            return self.who(node.player, ctx).obj
        if isinstance(node, ast.PlaceAttr):
            return self.place_value(node, ctx)
        if isinstance(node, ast.PlayerAttr):
            who = self.who(node.player, ctx)
            if node.attr == "hand":
                return f"the number of cards {who.noun} {say(who, 'hold')}"
            return f"{who.owner} {node.attr}"
        if isinstance(node, ast.Count):
            who = self.who(node.player, ctx)
            what = self.noun_phrase(node.predicate, dataclasses.replace(ctx, card=IT), "plural")
            return f"the number of {what} {who.noun} {say(who, 'hold')}"
        if isinstance(node, ast.Aggregate):
            return self.aggregate_value(node, ctx)
        if isinstance(node, ast.ChosenValue):
            return self.chosen_value_words(node)
        if isinstance(node, ast.Arith):
            return f"{self.value(node.left, ctx)} {ARITH[node.op]} {self.value(node.right, ctx)}"
        if isinstance(node, ast.Neg):
            return f"minus {self.value(node.operand, ctx)}"
        if isinstance(node, (ast.ListOf, ast.RangeOf)):
            return self.cond(node, ctx)
        return f"whether {self.cond(node, ctx)}"

    def count_of(self, node: ast.Node, ctx: Context, noun: str) -> str:
        if isinstance(node, ast.Int):
            return plural(node.value, noun)
        return f"as many {noun}s as {self.value(node, ctx)}"

    def word(self, name: str) -> str:
        """A value of the edition as players say it: a kind's name for its id."""
        return self.kind_names.get(name, name)

    def is_value(self, name: str) -> bool:
        return name in self.vocab.values() or (not self.vocab.tags and name not in CARD_ATTRIBUTES)

    def is_flag(self, name: str) -> bool:
        if name in self.vocab.tags:
            return self.vocab.tags[name] == {True}
        return name not in self.vocab.values()  # an unknown bare word read as true: a flag
