"""Cards in words: the cards a condition picks as a noun phrase ("a card of the
colour in play", "no playable card")."""
from __future__ import annotations

import dataclasses

from .. import ast
from ..compile import CARD_ATTRIBUTES
from .conditions import IDENTICAL
from .words import IT, Context, with_article


class CardWords:
    """Cards picked by a condition, as a noun phrase."""

    def noun_phrase(self, pred: ast.Node | None, ctx: Context, det: str = "a") -> str:
        """Cards a condition picks, as a noun phrase: `a card of the colour in play`,
        `no playable card`, (plural) `yellow cards`, (bare) `yellow card`."""
        adjectives: list[str] = []
        qualifiers: list[str] = []
        noun = "card"
        parts = pred.items if isinstance(pred, ast.And) else (pred,) if pred is not None else ()
        for part in parts:
            role, text = self.card_word(part, ctx)
            if role == "adjective":
                adjectives.append(text)
            elif role == "noun" and noun == "card":
                noun = f"{text} card"
            else:
                qualifiers.append(text)
        if det == "plural":
            noun += "s"
        phrase = " ".join([*adjectives, noun])
        if qualifiers:
            phrase += " " + " and ".join(qualifiers)
        if det == "a":
            return with_article(phrase)
        if det == "no":
            return "no " + phrase
        return phrase

    def card_word(self, part: ast.Node, ctx: Context) -> tuple[str, str]:
        """("adjective", "yellow"), ("noun", "Skip") or ("qualifier", "of the colour in play")."""
        if isinstance(part, ast.Name):
            if part.name == "wild":
                return "adjective", "Wild"
            if part.name == "playable":
                return "adjective", "playable"
            if part.name not in CARD_ATTRIBUTES and part.name != "players" and self.is_flag(part.name):
                return "adjective", part.name
        if isinstance(part, ast.Compare) and part.op == "==" and isinstance(part.left, ast.Name):
            attr, right = part.left.name, part.right
            if isinstance(right, ast.Name) and self.is_value(right.name) and (
                    attr == "colour" or attr in self.vocab.tags):
                return "adjective", right.name
            if isinstance(right, ast.Name) and attr == "kind" and self.is_value(right.name):
                return "noun", self.word(right.name)
            if isinstance(right, ast.Dotted) and right.base == "top" and right.attr == attr:
                if attr == "colour":
                    return "qualifier", "of the colour in play"
                return "qualifier", f"with the same {attr} as the top card"
            if attr == "number" and isinstance(right, ast.Int):
                return "qualifier", f"numbered {right.value}"
        if (isinstance(part, ast.Identical) and isinstance(part.left, ast.Name) and part.left.name == "card"
                and isinstance(part.right, ast.Name) and part.right.name == "top"):
            return "qualifier", f"identical to the top card ({IDENTICAL})"
        if (isinstance(part, ast.Member) and not part.negated and isinstance(part.value, ast.Name)
                and part.value.name == "number"):
            return "qualifier", f"numbered {self.value(part.collection, ctx)}"
        text = self.cond(part, dataclasses.replace(ctx, card=IT))
        if text.startswith("it "):
            return "qualifier", "that " + text[3:]
        if text.startswith("its "):
            return "qualifier", "whose " + text[4:]
        return "qualifier", f"such that {text}"

