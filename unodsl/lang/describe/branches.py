"""Statements with branches and hooks in words: `if`, `ask` and `on` become whole
sentences, a question put to a player is told as asking them."""
from __future__ import annotations

import dataclasses

from .. import ast
from ..registry import describes
from ..statements import BY_EVENT
from .words import IT, PLAYERS, THAT_PLAYER, THIS_CARD, CardRef, Compound, Context, Who, capital, join, plural, say



class BranchWords:
    """`if`, `ask` and `on`: whole sentences at the top of a script, one run of text inside a branch."""

    @describes(ast.If)
    def d_If(self, node: ast.If, ctx: Context) -> Compound:
        inner = dataclasses.replace(ctx, depth=ctx.depth + 1)
        if len(node.branches) == 1:
            question = self.question(node.branches[0][0], ctx)
            if question is not None:
                ask, yes, no = question
                then, otherwise = node.branches[0][1], node.otherwise
                first = f"{ask}: {yes}, {self.branch(then, ctx)}"
                if not otherwise:
                    return Compound([capital(first) + "."], first, question=True)
                second = f"{no}, {self.branch(otherwise, ctx)}"
                return Compound([capital(first) + ".", capital(second) + "."], f"{first}; {second}",
                                question=True)
        parts = [f"if {self.cond(cond, inner)}, {self.branch(body, self.naming(cond, inner, ctx))}"
                 for cond, body in node.branches]
        sentences = [capital(parts[0]) + "."] + [f"Otherwise, {p}." for p in parts[1:]]
        inline = "; ".join([parts[0]] + [f"otherwise, {p}" for p in parts[1:]])
        if node.otherwise:
            rest = self.branch(node.otherwise, ctx)
            sentences.append(f"Otherwise, {rest}.")
            inline += f"; otherwise {rest}"
        return Compound(sentences, inline)

    def naming(self, cond: ast.Node, inner: Context, ctx: Context) -> Context:
        """The branch's context: a player the condition starts with is "they" in it
        ("if the next player holds no playable card, they draw 3 cards")."""
        text = self.cond(cond, inner)
        for key, who in PLAYERS.items():
            if not who.group and text.startswith(who.noun + " ") and " or " not in text and " and " not in text:
                return dataclasses.replace(ctx, they=key)
        return ctx

    def question(self, cond: ast.Node, ctx: Context) -> tuple[str, str, str] | None:
        """An `if` on a question put to a player: (the asking, "if they do", "if they do not")."""
        negated = False
        while isinstance(cond, ast.Not):
            cond, negated = cond.operand, not negated
        if isinstance(cond, ast.Challenges):
            who = self.who(cond.player, ctx)
            ask = self.asking(ctx, who, f"whether {who.pronoun} challenge")
            yes, no = f"if {who.pronoun} do", f"if {who.pronoun} do not"
        elif isinstance(cond, ast.Accepts):
            who = self.who(cond.player, ctx)
            if who.group:
                ask = self.asking(ctx, who, f'"{cond.question}", one after another')
                yes, no = "if one of them says yes", "if none does"
            else:
                ask = self.asking(ctx, who, f'"{cond.question}"')
                yes, no = f"if {who.pronoun} say yes", f"if {who.pronoun} say no"
        else:
            return None
        return (ask, no, yes) if negated else (ask, yes, no)

    def asking(self, ctx: Context, who: Who, what: str) -> str:
        """`ask the next player WHAT` said to the reader, or told of another asker."""
        if ctx.me.second:
            return f"ask {who.obj} {what}"
        return f"{ctx.me.noun} {say(ctx.me, 'ask')} {who.obj} {what}"

    @describes(ast.Ask)
    def d_Ask(self, node: ast.Ask, ctx: Context) -> Compound:
        who = self.who(node.target, ctx)
        choices = join((f'"{a.text}"' for a in node.answers), "or")
        ask = self.asking(ctx, who, f'"{node.question}" ({choices})')
        answers = [self.d_Answer(answer, dataclasses.replace(ctx, me=ctx.me), who) for answer in node.answers]
        text = f"{ask}: {'; '.join(answers)}"
        return Compound([capital(text) + "."], text, question=True)

    @describes(ast.Answer)
    def d_Answer(self, node: ast.Answer, ctx: Context, asked: Who = PLAYERS["next"]) -> str:
        return f'if {asked.pronoun} answer "{node.text}", {self.branch(node.body, ctx)}'

    @describes(ast.On)
    def d_On(self, node: ast.On, ctx: Context) -> Compound:
        event = BY_EVENT[node.event]
        card = CardRef(event.card, f"{event.card}'s") if event.card else THIS_CARD
        inner = Context(me=THAT_PLAYER, card=card, depth=1)
        if "{what}" in event.when:  # (a play or a draw: its `where` says which cards)
            when = event.when.format(what=self.noun_phrase(node.predicate, dataclasses.replace(inner, card=IT)))
        else:
            when = event.when
            if node.predicate is not None:
                when += f" and {self.cond(node.predicate, inner)}"
        text = f"whenever {when}, {self.inline(node.body, inner)}"
        return Compound([capital(text) + "."], text)

    @describes(ast.JumpIn)
    def d_JumpIn(self, node: ast.JumpIn, ctx: Context) -> Compound:
        card = self.noun_phrase(node.predicate, Context(card=IT, depth=1))
        text = (f"after every card played (the top card then), any other player holding {card} may play "
                "it at once, out of turn, asked in turn order from the player after the one who played; "
                "play then continues from them as if it were their turn, and the players passed over "
                "lose that turn")
        return Compound([capital(text) + "."], text)

    @describes(ast.UnoAnyTime)
    def d_UnoAnyTime(self, node: ast.UnoAnyTime, ctx: Context) -> Compound:
        cards = plural(node.penalty, "card")
        when = ("after every turn, even when nobody holds one card" if node.strict else
                "after every turn, while a player holds one card without having called UNO")
        text = (f"UNO may be called at any time: {when}, every player in turn may call UNO (for themselves) "
                f"or catch a player; whoever is caught draws the penalty, and a false call (UNO with more "
                f"than one card, or catching a player who holds more than one) costs its caller {cards}")
        return Compound([capital(text) + "."], text)

    @describes(ast.StackRule)
    def d_StackRule(self, node: ast.StackRule, ctx: Context) -> Compound:
        card = self.noun_phrase(node.predicate, Context(card=IT, depth=1))
        text = (f"a player who must draw because of a card may instead play {card} from their hand "
                "(the card on the discard pile is the last one played): it is their turn, the card's own "
                "script runs (a Wild names the colour, a reverse turns play, it is never challenged) and "
                "its draw adds to the one waiting, which goes on to the player it names; whoever does "
                "not answer draws it all")
        return Compound([capital(text) + "."], text)
