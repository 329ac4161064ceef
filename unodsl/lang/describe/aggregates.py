"""Aggregates over players in words: "the number of the other players who hold more than 5
cards", "one or more of the other players hold one card"."""
from __future__ import annotations

import dataclasses

from .. import ast
from ..ast.values import about_each_player
from ..compile import PLAYER_ATTRIBUTES
from ..registry import describes
from .players import RANKED_FIGURES
from .words import Context


class AggregateWords:
    """The aggregates' English: a value as a noun phrase, a condition as a clause."""

    def aggregate_value(self, node: ast.Aggregate, ctx: Context) -> str:
        group, who = self.group_words(node, ctx), self.who_satisfy(node, ctx)
        if node.how == "count":
            return f"the number of {group}{who}"
        if node.how == "total":
            figure = "the cards held" if node.figure == "hand" else f"the {node.figure}"
            return f"{figure} of {group}{who}, added up"
        highest = node.how == "highest"
        figure = RANKED_FIGURES.get((node.figure, highest), f"the {node.how} {node.figure}")
        return f"{figure} among {group}{who} (none when there is no one)"

    def group_words(self, node, ctx: Context) -> str:
        """The players looked at: "the players" rather than "everyone" after "of"."""
        return "the players" if node.group.who == "everyone" else self.who(node.group, ctx).obj

    def who_satisfy(self, node, ctx: Context) -> str:
        """" who hold more than 5 cards": the condition of the player looked at (`player`,
        "they"), as a relative clause; empty without one."""
        if node.predicate is None:
            return ""
        text = self.each_player_text(node, ctx)
        return f" who {text[5:]}" if text.startswith("they ") else f" such that {text}"

    def each_player_text(self, node, ctx: Context, negated: bool = False) -> str:
        test = about_each_player(node.predicate, {*PLAYER_ATTRIBUTES, *self.vocab.player_state})
        return self.cond(test, dataclasses.replace(ctx, they="player"), negated)

    @describes(ast.Aggregate)
    def d_Aggregate(self, node: ast.Aggregate, ctx: Context, negated: bool = False) -> str:
        return f"{self.aggregate_value(node, ctx)} is {'' if negated else 'not '}zero"

    @describes(ast.Quantified)
    def d_Quantified(self, node: ast.Quantified, ctx: Context, negated: bool = False) -> str:
        group = self.group_words(node, ctx)
        how = {(False, False): "one or more of", (False, True): "none of",
               (True, False): "all of", (True, True): "not all of"}[node.every, negated]
        text = self.each_player_text(node, ctx)
        if text.startswith("they "):
            return f"{how} {group} {text[5:]}"
        return f"{how} {group} are such that {text}"
