"""The describer: one edition's English for every node, made of the words of each
part of the language (the mixins beside this module), how a block of statements
becomes sentences, and when a card may be played."""
from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass, field

from .. import ast
from ..compile import Vocabulary
from ..registry import LANGUAGE
from .actions import ActionWords
from .aggregates import AggregateWords
from .choices import ChoiceWords
from .branches import BranchWords
from .cards import CardWords
from .conditions import ConditionWords
from .moves import MoveWords
from .source import source
from .players import PlayerWords
from .state_chance import StateChanceWords
from .statements import StatementWords
from .values import ValueWords
from .words import IT, Clause, Context, Item, capital


@dataclass
class Describer(PlayerWords, StatementWords, BranchWords, ConditionWords, ValueWords, StateChanceWords,
                MoveWords, CardWords, ActionWords, AggregateWords, ChoiceWords):
    """English for the nodes of one edition (its vocabulary tells tags from values)."""

    vocab: Vocabulary = field(default_factory=Vocabulary)
    kind_names: dict = field(default_factory=dict)  # kind id -> display name

    # ---- entry points

    def script(self, script: ast.Script, ctx: Context = Context()) -> str:
        """A whole script as sentences."""
        return " ".join(self.sentences(script.body, ctx))

    def condition(self, node: ast.Node, ctx: Context = Context(card=IT), negated: bool = False) -> str:
        return self.cond(node, ctx, negated)

    def node(self, node: ast.Node, ctx: Context = Context()):
        """Any node, read as its class reads best (statement, condition or player)."""
        return LANGUAGE.describers[type(node)](self, node, ctx)

    # ---- blocks

    def items(self, body: Iterable[ast.Node], ctx: Context) -> list[Item]:
        items: list[Item] = [self.node(s, ctx) for s in body]
        if len(items) > 1:  # `pass` beside other statements says nothing
            items = [i for i in items if not (isinstance(i, Clause) and i.text == "nothing happens")]
        merged: list[Item] = []
        for item in items:
            last = merged[-1] if merged else None
            if (isinstance(item, Clause) and isinstance(last, Clause) and item.who is not None
                    and last.who is not None and item.who.key == last.who.key
                    and not item.imperative and not last.imperative):
                merged[-1] = Clause(last.who, _and_more(last.text, item.text))
            else:
                merged.append(item)
        return merged or [Clause(None, "nothing happens")]

    def sentences(self, body: Iterable[ast.Node], ctx: Context) -> list[str]:
        out: list[str] = []
        for item in self.items(body, ctx):
            if isinstance(item, Clause):
                out.append(capital(item.render()) + ".")
                continue
            sentences = list(item.sentences)
            if item.question and out:
                sentences[0] = "Then " + sentences[0][:1].lower() + sentences[0][1:]
            out.extend(sentences)
        return out

    def inline(self, body: Iterable[ast.Node], ctx: Context) -> str:
        parts = [item.render() if isinstance(item, Clause) else item.inline for item in self.items(body, ctx)]
        return ("; " if ctx.depth <= 1 else ", then ").join(parts)

    def branch(self, body: Iterable[ast.Node], ctx: Context) -> str:
        """A branch's statements, one level deeper."""
        return self.inline(body, dataclasses.replace(ctx, depth=ctx.depth + 1))


def _and_more(first: str, second: str) -> str:
    """Two predicates of one subject: `draws 2 cards and misses their next turn`."""
    head, sep, last = first.rpartition(" and ")
    if sep and ", " not in last and "," not in first:
        return f"{head}, {last} and {second}"
    return f"{first} and {second}"


def playable_text(describer: Describer, playable: ast.Node, bluff_if: ast.Node | None = None,
                  no_bluffing: bool = False) -> str:
    """When a card may be played: from its `playable` condition and its `bluff_if` (with
    the setting `no_bluffing`, a bluff is not allowed)."""
    if isinstance(playable, ast.Const):
        text = "May be played at any time." if playable.value else "Is never played from a hand."
    else:
        text = f"May be played when {describer.condition(playable)}."
    if bluff_if is not None:
        shown = bluff_if.predicate if isinstance(bluff_if, ast.Holds) else bluff_if
        if no_bluffing:
            text += (f" Not while {describer.condition(bluff_if)} ({source(shown)}): that would be a "
                     "bluff, and bluffing is not allowed (no_bluffing), so it is never challenged.")
        else:
            text += (f" Playing it while {describer.condition(bluff_if)} ({source(shown)}) is a bluff.")
    piles = describer.vocab.discard_piles
    if piles and not isinstance(playable, ast.Const):
        text += (f" There are {len(piles)} discard piles ({', '.join(piles)}): it may be played on any pile "
                 "where this holds of its top card and colour in play, its player choosing which.")
    return text
