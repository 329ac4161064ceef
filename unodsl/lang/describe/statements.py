"""Simple statements in words: a clause each, a subject and what they do."""
from __future__ import annotations

from .. import ast
from ..registry import describes
from .words import Clause, Context, act, join, plural, say


class StatementWords:
    """One clause per simple statement."""

    @describes(ast.Script)
    def d_Script(self, node: ast.Script, ctx: Context) -> str:
        return self.script(node, ctx)

    @describes(ast.Draw)
    def d_Draw(self, node: ast.Draw, ctx: Context) -> Clause:
        who = self.who(node.target, ctx)
        if isinstance(node.amount, ast.Int):
            amount = plural(node.amount.value, "card")
        else:
            amount = f"as many cards as {self.value(node.amount, ctx)}"
        return Clause(who, say(who, f"draw {amount}"))

    @describes(ast.DrawOrPass)
    def d_DrawOrPass(self, node: ast.DrawOrPass, ctx: Context) -> Clause:
        who = self.who(node.target, ctx)
        amount = self.count_of(node.amount, ctx, "card")
        card = self.noun_phrase(node.predicate, ctx)
        return Clause(who, say(who, f"draw {amount}, unless {who.pronoun} pass it on by playing {card} "
                                    f"from {who.poss} hand: that card's own script runs and its draw "
                                    f"adds to this one, which goes on to the player it names, who may "
                                    f"pass it on the same way; whoever does not draws it all and misses "
                                    f"their turn"))

    @describes(ast.DrawUntil)
    def d_DrawUntil(self, node: ast.DrawUntil, ctx: Context) -> Clause:
        who = self.who(node.target, ctx)
        wanted = self.noun_phrase(node.predicate, ctx)
        return Clause(who, say(who, f"draw cards until {who.pronoun} draw {wanted} "
                                    f"(or none is left), keeping them all"))

    @describes(ast.DrawTo)
    def d_DrawTo(self, node: ast.DrawTo, ctx: Context) -> Clause:
        who = self.who(node.target, ctx)
        size = self.count_of(node.size, ctx, "card")
        if node.can_draw:
            text = (f"{say(who, 'draw')} or {say(who, 'discard')} cards until {who.pronoun} hold exactly "
                    f"{size}, choosing which to discard")
        else:
            text = say(who, f"discard down to {size}, choosing which")
        return Clause(who, text)

    @describes(ast.DiscardAll)
    def d_DiscardAll(self, node: ast.DiscardAll, ctx: Context) -> Clause:
        who = self.who(node.target, ctx)
        cards = self.noun_phrase(node.predicate, ctx, "plural")
        text = f"discard all {who.poss} {cards}, choosing which one ends on top"
        return act(who, text)

    @describes(ast.GiveAll)
    def d_GiveAll(self, node: ast.GiveAll, ctx: Context) -> Clause:
        me, to = ctx.me, self.who(node.recipients, ctx)
        text = f"give all {me.poss} {self.noun_phrase(node.predicate, ctx, 'plural')} to {to.obj}"
        if to.group:
            text += ", choosing who receives each one"
        return act(me, text)

    @describes(ast.Skip)
    def d_Skip(self, node: ast.Skip, ctx: Context) -> Clause:
        who = self.who(node.target, ctx)
        return Clause(who, say(who, f"miss {who.poss} next turn"))

    @describes(ast.Reverse)
    def d_Reverse(self, node: ast.Reverse, ctx: Context) -> Clause:
        return Clause(None, "the direction of play reverses")

    @describes(ast.FlipCards)
    def d_FlipCards(self, node: ast.FlipCards, ctx: Context) -> Clause:
        return Clause(None, "every card turns over (the draw pile, the discard pile and every hand): "
                            "play goes on with the other side")

    @describes(ast.ChooseColour)
    def d_ChooseColour(self, node: ast.ChooseColour, ctx: Context) -> Clause:
        who = self.who(node.chooser, ctx)
        return act(who, "choose the colour")

    @describes(ast.ChoosePlayer)
    def d_ChoosePlayer(self, node: ast.ChoosePlayer, ctx: Context) -> Clause:
        chooser = self.who(node.chooser, ctx)
        text = "choose another player"
        if node.predicate is not None:
            text += f" for whom {self.cond(node.predicate, ctx)}"
        return act(chooser, text)

    @describes(ast.ExtraTurn)
    def d_ExtraTurn(self, node: ast.ExtraTurn, ctx: Context) -> Clause:
        return Clause(ctx.me, say(ctx.me, "play first" if ctx.start else "take an extra turn"))

    @describes(ast.TurnAnother)
    def d_TurnAnother(self, node: ast.TurnAnother, ctx: Context) -> Clause:
        return Clause(None, f"{ctx.card.noun} goes back into the draw pile and another card is turned up")

    @describes(ast.ShowHand)
    def d_ShowHand(self, node: ast.ShowHand, ctx: Context) -> Clause:
        owner, viewers = self.who(node.owner, ctx), self.who(node.viewers, ctx)
        text = f"show {owner.poss} hand to {viewers.obj}"
        return act(owner, text)

    @describes(ast.FaceUp)
    def d_FaceUp(self, node: ast.FaceUp, ctx: Context) -> Clause:
        who = self.who(node.target, ctx)
        return Clause(who, say(who, f"play with {who.poss} hand face up until {ctx.me.owner} next turn"))

    @describes(ast.SwapHands)
    def d_SwapHands(self, node: ast.SwapHands, ctx: Context) -> Clause:
        who, other = self.who(node.player, ctx), self.who(node.other, ctx)
        return act(who, f"swap hands with {other.obj}")

    @describes(ast.RotateHands)
    def d_RotateHands(self, node: ast.RotateHands, ctx: Context) -> Clause:
        return Clause(None, "every player passes their hand to the next player in the direction of play")

    @describes(ast.ApplyRule)
    def d_ApplyRule(self, node: ast.ApplyRule, ctx: Context) -> Clause:
        me = ctx.me
        return Clause(None, f"the house rule written on {ctx.card.noun} applies (if the card is still "
                            f"blank, {me.noun} {say(me, 'write')} one first)")

    @describes(ast.ApplyNamedRule)
    def d_ApplyNamedRule(self, node: ast.ApplyNamedRule, ctx: Context) -> Clause:
        """The rule named, and what it does (said of the same player and card)."""
        return Clause(None, f"the written rule '{node.name}' applies: {self.written_rule(node.name, ctx)}")

    @describes(ast.ApplyRandomRule)
    def d_ApplyRandomRule(self, node: ast.ApplyRandomRule, ctx: Context) -> Clause:
        rules = [f"'{name}' ({self.written_rule(name, ctx)})" for name in self.vocab.written_rules]
        return Clause(None, f"one of the written rules, drawn at random, applies: {join(rules, 'or')}")

    def written_rule(self, name: str, ctx: Context) -> str:
        """What the edition's written rule `name` does, inline."""
        tree = self.vocab.written_rules.get(name)
        return self.branch(tree.body, ctx) if tree is not None else "a rule of the edition"

    @describes(ast.Nothing)
    def d_Nothing(self, node: ast.Nothing, ctx: Context) -> Clause:
        return Clause(None, "nothing happens")
