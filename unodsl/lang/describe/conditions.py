"""Conditions in words, true or false and negated on request ("the next player
holds no playable card"), and the usual matching rule read as one phrase."""
from __future__ import annotations

import dataclasses

from .. import ast
from ..registry import LANGUAGE, describes
from ..compile import CARD_ATTRIBUTES
from .words import IT, PAST_CARD_WORDS, CardRef, Context, join, plural, say, say_not, with_article

OPS = {"==": "is", "!=": "is not", "<": "is less than", "<=": "is at most",
       ">": "is more than", ">=": "is at least"}
NEGATED_OP = {"==": "!=", "!=": "==", "<": ">=", ">=": "<", ">": "<=", "<=": ">"}
IDENTICAL = "the same kind, colour, number and symbol; a Wild is identical to no card"
HOW_MANY = {"==": "exactly", ">": "more than", ">=": "at least", "<": "fewer than", "<=": "at most"}


class ConditionWords:
    """Conditions, each a handler `(node, ctx, negated)` registered by its node class."""

    def cond(self, node: ast.Node, ctx: Context, negated: bool = False) -> str:
        return LANGUAGE.describers[type(node)](self, node, ctx, negated)

    @describes(ast.Const)
    def d_Const(self, node: ast.Const, ctx: Context, negated: bool = False) -> str:
        return "always" if node.value != negated else "never"

    @describes(ast.Int)
    def d_Int(self, node: ast.Int, ctx: Context, negated: bool = False) -> str:
        return f"{node.value} is {'' if negated else 'not '}zero"

    @describes(ast.Str)
    def d_Str(self, node: ast.Str, ctx: Context, negated: bool = False) -> str:
        return f'"{node.value}" is {"" if negated else "not "}empty'

    @describes(ast.Name)
    def d_Name(self, node: ast.Name, ctx: Context, negated: bool = False) -> str:
        name, card = node.name, ctx.card
        isnt = "is not" if negated else "is"
        if name == "wild":
            return f"{card.noun} {isnt} a Wild card"
        if name == "playable":
            return f"{card.noun} {'cannot' if negated else 'can'} be played now"
        if name in CARD_ATTRIBUTES:
            return f"{card.noun} has {'no' if negated else 'a'} {name}"
        if name == "players":
            return f"there are {'no' if negated else 'some'} players"
        if self.is_flag(name):
            return f"{card.noun} {isnt} {with_article(name + ' card')}"
        if name in self.vocab.tags:
            return f"{card.noun} has {'no' if negated else 'a'} {name}"
        return f"{self.word(name)} {isnt} true"

    @describes(ast.Dotted)
    def d_Dotted(self, node: ast.Dotted, ctx: Context, negated: bool = False) -> str:
        if node.base in PAST_CARD_WORDS:  # `under_top.wild`, `answered.wild`: a card that may be none
            past = CardRef(PAST_CARD_WORDS[node.base], PAST_CARD_WORDS[node.base] + "'s")
            return self.d_Name(node.attr_node(), dataclasses.replace(ctx, card=past), negated)
        if node.base not in ("settings", "top", "card", "game"):  # a card held by a `let` name
            held = CardRef(f"“{node.base}”", f"“{node.base}”'s")
            return self.d_Name(node.attr_node(), dataclasses.replace(ctx, card=held), negated)
        special = self.state_value_words(node, ctx)
        if special is not None:
            return f"{special} is {'off' if negated else 'on'}"
        if node.base == "settings":
            return f"the setting {node.attr} is {'off' if negated else 'on'}"
        owner = "the top card" if node.base == "top" else "the card played"
        if node.attr == "wild":
            return f"{owner} {'is not' if negated else 'is'} a Wild card"
        return f"{owner} has {'no' if negated else 'a'} {node.attr}"

    @describes(ast.PlayerAttr)
    def d_PlayerAttr(self, node: ast.PlayerAttr, ctx: Context, negated: bool = False) -> str:
        if node.attr in self.vocab.player_state:
            return f"{self.value(node, ctx)} is {'off' if negated else 'on'}"
        return f"{self.value(node, ctx)} is {'' if negated else 'not '}zero"

    @describes(ast.Compare)
    def d_Compare(self, node: ast.Compare, ctx: Context, negated: bool = False) -> str:
        op = NEGATED_OP[node.op] if negated else node.op
        left, right = node.left, node.right
        if isinstance(right, ast.Int) and not isinstance(left, ast.Int):
            number = right.value
            if isinstance(left, ast.Name) and left.name == "players":
                if op == "!=":
                    return f"there are not {number} players"
                return f"there {'is' if number == 1 and op == '==' else 'are'} " \
                       f"{'' if op == '==' else HOW_MANY[op] + ' '}{plural(number, 'player')}"
            if isinstance(left, (ast.PlayerAttr, ast.Count)) and getattr(left, "attr", "hand") == "hand":
                who = self.who(left.player, ctx)
                what = self.noun_phrase(left.predicate, dataclasses.replace(ctx, card=IT),
                                        "plural" if number != 1 else "bare") \
                    if isinstance(left, ast.Count) else "cards" if number != 1 else "card"
                if op == "!=":
                    return f"{who.noun} {say_not(who, f'hold exactly {number} {what}')}"
                return f"{who.noun} {say(who, f'hold {HOW_MANY[op]} {number} {what}')}"
        if op in ("==", "!=") and isinstance(left, ast.Name) and left.name not in ("players",):
            card, attr = ctx.card, left.name
            has = "does not have" if op == "!=" else "has"
            isnt = "is not" if op == "!=" else "is"
            if isinstance(right, ast.Dotted) and right.base == "top" and right.attr == attr:
                if attr == "colour":
                    return f"{card.noun} {has} the colour in play"
                return f"{card.noun} {has} the same {attr} as the top card"
            if isinstance(right, ast.Name) and self.is_value(right.name) and attr != "playable":
                if attr == "colour":
                    return f"{card.noun} {isnt} {right.name}"
                if attr == "kind" or attr in self.vocab.tags:
                    return f"{card.noun} {isnt} {with_article(self.word(right.name) + ' card')}"
        words = OPS[op]
        if op in ("==", "!="):
            if isinstance(left, ast.Name) and left.name in ("points",):
                words = "are" if op == "==" else "are not"
        elif isinstance(left, ast.Name) and left.name == "points":
            words = words.replace("is", "are", 1)
        return f"{self.value(left, ctx)} {words} {self.value(right, ctx)}"

    @describes(ast.Identical)
    def d_Identical(self, node: ast.Identical, ctx: Context, negated: bool = False) -> str:
        return (f"{self.value(node.left, ctx)} is {'not ' if negated else ''}identical to "
                f"{self.value(node.right, ctx)} ({IDENTICAL})")

    @describes(ast.Member)
    def d_Member(self, node: ast.Member, ctx: Context, negated: bool = False) -> str:
        negated = negated != node.negated
        subject = self.value(node.value, ctx)
        if isinstance(node.collection, ast.RangeOf):
            collection = self.d_RangeOf(node.collection, ctx)
            return f"{subject} is {'not ' if negated else ''}from {collection}"
        items = [self.value(item, ctx) for item in node.collection.items]
        if not items:
            return "always" if negated else "never"
        if negated:
            return f"{subject} is not {join(items, 'or')}"
        return f"{subject} is {join(items, 'or')}"

    @describes(ast.ListOf)
    def d_ListOf(self, node: ast.ListOf, ctx: Context, negated: bool = False) -> str:
        return join((self.value(item, ctx) for item in node.items), "or")

    @describes(ast.RangeOf)
    def d_RangeOf(self, node: ast.RangeOf, ctx: Context, negated: bool = False) -> str:
        return f"{self.value(node.low, ctx)} to {self.value(node.high, ctx)}"

    @describes(ast.Arith)
    def d_Arith(self, node: ast.Arith, ctx: Context, negated: bool = False) -> str:
        return f"{self.value(node, ctx)} is {'' if negated else 'not '}zero"

    @describes(ast.Neg)
    def d_Neg(self, node: ast.Neg, ctx: Context, negated: bool = False) -> str:
        return f"{self.value(node, ctx)} is {'' if negated else 'not '}zero"

    @describes(ast.And)
    def d_And(self, node: ast.And, ctx: Context, negated: bool = False) -> str:
        if negated:  # not (a and b): not a, or not b
            return self.d_Or(ast.Or(node.line, node.column, node.items), ctx, False, negate_items=True)
        return join(self.grouped(item, ctx, False, ast.Or) for item in node.items)

    @describes(ast.Or)
    def d_Or(self, node: ast.Or, ctx: Context, negated: bool = False, negate_items: bool = False) -> str:
        if negated:  # not (a or b): not a, and not b
            return join(self.grouped(item, ctx, True, ast.And) for item in node.items)
        matching = self.matching(node, ctx) if not negate_items else None
        if matching:
            return matching
        return join((self.grouped(item, ctx, negate_items, ast.And) for item in node.items), "or")

    def grouped(self, node: ast.Node, ctx: Context, negated: bool, other: type) -> str:
        """A part of an and/or list, in parentheses when it is a list of the other kind."""
        text = self.cond(node, ctx, negated)
        inner = ast.And if other is ast.Or else ast.Or
        if isinstance(node, other if not negated else inner):
            return f"({text})"
        return text

    def matching(self, node: ast.Or, ctx: Context) -> str | None:
        """`colour == top.colour or number == top.number or ...`: the usual matching rule."""
        attrs = []
        for item in node.items:
            if not (isinstance(item, ast.Compare) and item.op == "==" and isinstance(item.left, ast.Name)
                    and isinstance(item.right, ast.Dotted) and item.right.base == "top"
                    and item.right.attr == item.left.name):
                return None
            attrs.append(item.left.name)
        rest = [a for a in attrs if a != "colour"]
        parts = []
        if "colour" in attrs:
            parts.append("the colour in play")
        if rest:
            parts.append(f"the same {join(rest, 'or')} as the top card")
        return f"{ctx.card.noun} has {', or '.join(parts)}"

    @describes(ast.Not)
    def d_Not(self, node: ast.Not, ctx: Context, negated: bool = False) -> str:
        return self.cond(node.operand, ctx, not negated)

    @describes(ast.Holds)
    def d_Holds(self, node: ast.Holds, ctx: Context, negated: bool = False) -> str:
        who = self.who(node.player, ctx)
        card_ctx = dataclasses.replace(ctx, card=IT)
        what = self.noun_phrase(node.predicate, card_ctx, "no" if negated else "a")
        return f"{who.noun} {say(who, 'hold')} {what}"

    @describes(ast.Count)
    def d_Count(self, node: ast.Count, ctx: Context, negated: bool = False) -> str:
        return self.d_Holds(ast.Holds(node.line, node.column, node.player, node.predicate), ctx, negated)

    @describes(ast.Challenges)
    def d_Challenges(self, node: ast.Challenges, ctx: Context, negated: bool = False) -> str:
        who = self.who(node.player, ctx)
        text = say_not(who, "challenge the play") if negated else say(who, "challenge the play")
        return f"{who.noun} {text} (when asked)"

    @describes(ast.Accepts)
    def d_Accepts(self, node: ast.Accepts, ctx: Context, negated: bool = False) -> str:
        who = self.who(node.player, ctx)
        if who.group:
            return f'{"none" if negated else "one"} of {who.obj} says yes to "{node.question}"'
        return f'{who.noun} {say(who, "say")} {"no" if negated else "yes"} to "{node.question}"'

    @describes(ast.Bluffed)
    def d_Bluffed(self, node: ast.Bluffed, ctx: Context, negated: bool = False) -> str:
        return f"the play was {'not ' if negated else ''}a bluff"

    @describes(ast.PlayedAsAnswer)
    def d_PlayedAsAnswer(self, node: ast.PlayedAsAnswer, ctx: Context, negated: bool = False) -> str:
        return f"the card {'is not' if negated else 'is'} played as an answer (to a draw, or as a reaction)"
