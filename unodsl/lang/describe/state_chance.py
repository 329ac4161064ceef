"""State and chance in words: `let` names, state set, grown and flipped, and the
random values (a number, an outcome of a chance table, a card, a player)."""
from __future__ import annotations

from .. import ast
from ..registry import describes
from ..compile import CARD_ATTRIBUTES
from .words import PAST_CARD_WORDS, Clause, Context, join


class StateChanceWords:
    """`let`, state and chance."""

    @describes(ast.Let)
    def d_Let(self, node: ast.Let, ctx: Context) -> Clause:
        return Clause(None, f"call {self.value(node.value, ctx)} “{node.name}”")

    def state_words(self, ref: ast.StateRef, ctx: Context) -> str:
        """`me.power` -> "your power"; `game.launches` -> "the game's launches"."""
        if ref.player is None:
            return f"the game's {ref.name}"
        return f"{self.who(ref.player, ctx).owner} {ref.name}"

    @describes(ast.StateRef)
    def d_StateRef(self, node: ast.StateRef, ctx: Context) -> str:
        return self.state_words(node, ctx)

    @describes(ast.SetState)
    def d_SetState(self, node: ast.SetState, ctx: Context) -> Clause:
        return Clause(None, f"{self.state_words(node.ref, ctx)} becomes {self.value(node.value, ctx)}")

    @describes(ast.AddState)
    def d_AddState(self, node: ast.AddState, ctx: Context) -> Clause:
        if isinstance(node.amount, ast.Neg):
            return Clause(None, f"{self.state_words(node.ref, ctx)} goes down by {self.value(node.amount.operand, ctx)}")
        return Clause(None, f"{self.state_words(node.ref, ctx)} goes up by {self.value(node.amount, ctx)}")

    @describes(ast.FlipState)
    def d_FlipState(self, node: ast.FlipState, ctx: Context) -> Clause:
        return Clause(None, f"{self.state_words(node.ref, ctx)} flips over (on becomes off, off becomes on)")

    @describes(ast.ChooseRandomPlayer)
    def d_ChooseRandomPlayer(self, node: ast.ChooseRandomPlayer, ctx: Context) -> Clause:
        text = "another player is picked at random"
        if node.predicate is not None:
            text += f" among those for whom {self.cond(node.predicate, ctx)}"
        return Clause(None, text)

    @describes(ast.RandomNumber, ast.RandomOutcome, ast.RandomCard)
    def d_RandomNumber(self, node: ast.RandomNumber, ctx: Context, negated: bool = False) -> str:
        return f"{self.value(node, ctx)} is {'' if negated else 'not '}zero"

    def state_value_words(self, node: ast.Node, ctx: Context) -> str | None:
        """A value of state or chance in words (None: another kind of value)."""
        if isinstance(node, ast.RandomNumber):
            return f"a random number from {self.value(node.low, ctx)} to {self.value(node.high, ctx)}"
        if isinstance(node, ast.RandomOutcome):
            outcomes = [o for o, weight in self.vocab.chance.get(node.table, ()) if weight]
            odds = f" ({join(map(str, outcomes), 'or')}, as its chance table weighs them)" if outcomes else ""
            return f"a random {node.table}{odds}"
        if isinstance(node, ast.RandomCard):
            return f"a random card from {self.who(node.owner, ctx).owner} hand"
        if isinstance(node, ast.Dotted) and node.base == "game":
            return f"the game's {node.attr}"
        if isinstance(node, ast.Dotted) and node.base not in ("settings", "top", "card", *PAST_CARD_WORDS):
            return f"the {node.attr} of “{node.base}”"
        if isinstance(node, ast.Name) and node.name in ("card", "top"):
            return "the card played" if node.name == "card" else "the top card"
        if isinstance(node, ast.Name) and node.name in PAST_CARD_WORDS:
            return PAST_CARD_WORDS[node.name]
        if isinstance(node, ast.Name) and not self.known_word(node.name):
            return f"“{node.name}”"  # a `let` name
        return None

    def known_word(self, name: str) -> bool:
        return (name in CARD_ATTRIBUTES or name in self.vocab.tags or name in self.vocab.values()
                or name in ("players", "playable", "true", "false"))
