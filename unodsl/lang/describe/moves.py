"""Places and moves in words: `move`, `shuffle`, `deal` and `shuffle hands`."""
from __future__ import annotations

from .. import ast
from ..registry import describes
from .words import Clause, Context, act

# What follows a move, by its position (on top says nothing).
_POSITION_WORDS = {"top": "", "under": ", under the top card", "bottom": ", at the bottom",
                   "shuffled": ", shuffled in"}


class MoveWords:
    """The general move and the statements over it."""

    @describes(ast.Move)
    def d_Move(self, node: ast.Move, ctx: Context) -> Clause:
        text = (f"move {self.d_Cards(node.cards, ctx)} from {self.d_Place(node.source, ctx)} "
                f"to {self.d_Place(node.destination, ctx)}")
        return act(ctx.me, text + _POSITION_WORDS[node.position])

    @describes(ast.Cards)
    def d_Cards(self, node: ast.Cards, ctx: Context) -> str:
        if node.count is None:
            return "all " + self.noun_phrase(node.predicate, ctx, "plural")
        counted = self.count_of(node.count, ctx, self.noun_phrase(node.predicate, ctx, "bare"))
        if node.random:
            return f"{counted} at random"
        if node.picker is not None:
            return f"{counted} picked by {self.who(node.picker, ctx).obj}"
        return counted

    @describes(ast.Place)
    def d_Place(self, node: ast.Place, ctx: Context) -> str:
        if node.every_hand:
            return "every hand"
        if node.player is not None:
            return f"{self.who(node.player, ctx).owner} {node.pile + ' pile' if node.pile else 'hand'}"
        if node.pile == "discard" and self.vocab.discard_piles:
            return "the discard pile played on"
        return f"the {node.pile} pile"

    @describes(ast.PlaceAttr)
    def d_PlaceAttr(self, node: ast.PlaceAttr, ctx: Context, negated: bool = False) -> str:
        """As a condition: the place holds cards, or the pile has a top card, a colour."""
        if node.attr == "size":
            return f"{self.d_Place(node.place, ctx)} is {'' if negated else 'not '}empty"
        return f"{self.place_value(node, ctx)} is {'not ' if negated else ''}there"

    def place_value(self, node: ast.PlaceAttr, ctx: Context) -> str:
        """`draw pile.size` -> "the number of cards in the draw pile"."""
        place = self.d_Place(node.place, ctx)
        if node.attr == "size":
            return f"the number of cards in {place}"
        if node.attr == "top":
            return f"the top card of {place}"
        return f"the colour in play on {place}"

    @describes(ast.Shuffle)
    def d_Shuffle(self, node: ast.Shuffle, ctx: Context) -> Clause:
        return Clause(None, f"{self.d_Place(node.place, ctx)} is shuffled")

    @describes(ast.Deal)
    def d_Deal(self, node: ast.Deal, ctx: Context) -> Clause:
        text = f"deal every card of {self.d_Place(node.source, ctx)} to {self.who(node.group, ctx).obj}, one at a time"
        if node.first is not None:
            text += f" starting with {self.who(node.first, ctx).obj}"
        return act(ctx.me, text)

    @describes(ast.ShuffleHands)
    def d_ShuffleHands(self, node: ast.ShuffleHands, ctx: Context) -> Clause:
        return Clause(None, "every hand is collected, shuffled and dealt out again one card at a time, "
                            "starting with the next player")
