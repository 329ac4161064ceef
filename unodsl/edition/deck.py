"""An edition's deck, card by card: the compact composition of each kind (`numbers:`,
`per_colour:`, `count:`) expanded, a two-sided edition's faces paired with their backs,
the edition's tags given to each card, and each distinct face numbered.

Apart from the loader because the deck is made from the kinds once they are read, and
every problem of it is the deck's own (colours, ranges, a size past MAX_DECK_CARDS).
"""
from __future__ import annotations

import re

from ..codes import DECK, SCRIPT_MEANING
from ..limits import MAX_DECK_CARDS
from ..stops import RoundStopped
from .given_settings import did_you_mean
from .model import Card
from .sides import pair_backs

_RANGE = re.compile(r"^(\d+)(?:-(\d+))?$")


def build_deck(kinds: dict, kinds_data: dict, colours, tag_rules: list, sides: list, sides_sound: bool, backs,
               problem) -> list[Card]:
    """The deck (of a two-sided edition: the first side's faces, each with its back),
    its cards tagged and their faces numbered."""
    if not sides:
        deck = _expand(kinds, kinds_data, colours, problem)
        every_face = deck
    else:
        decks = [_expand(kinds, {kid: kinds_data[kid] for kid in side.kinds if kid in kinds_data},
                         side.colours, problem, index, f"the {side.name} side")
                 for index, side in enumerate(sides)]
        if sides_sound:
            pair_backs(decks[0], decks[1], sides, backs, problem)
        deck, every_face = decks[0], decks[0] + decks[1]
    failed: set = set()
    for card in every_face:
        for name, value, condition, path in tag_rules:
            try:
                if condition.function(card, None, None):
                    card.tags[name] = value
            except RoundStopped as stop:  # (a number past the bound: no round to stop, the file is wrong)
                if path not in failed:
                    failed.add(path)
                    problem(path, f"for {card.label()}, {stop.reason}", code=SCRIPT_MEANING,
                                 hint="a tag's condition is worked out for every card as the edition loads")
    faces: dict = {}
    for card in every_face:
        key = (card.kind, card.colour, card.number, tuple(sorted(card.tags.items(), key=str)))
        card.face = faces.setdefault(key, len(faces))
    return deck

def _expand(kinds, kinds_data, colours, problem, side: int = 0, whose: str = "this edition") -> list[Card]:
    """The cards of `kinds_data` (one side's, or the edition's), card by card, from
    the compact composition of each kind."""
    deck: list[Card] = []
    for kid, spec in kinds_data.items():
        composition = spec.get("deck", {})
        kind_colours = composition.get("colours", colours)
        for index, colour in enumerate(kind_colours):
            if colour not in colours:
                problem(("kinds", kid, "deck", "colours", index),
                             f"'{colour}' is not a colour of {whose}", code=DECK,
                             hint=did_you_mean(str(colour), colours, "colours") if colours else None)
        for colour, number in _faces(kid, composition, kind_colours, problem, len(deck)):
            deck.append(Card(len(deck), kinds[kid], colour, number, side))
    return deck

def _faces(kid: str, composition: dict, kind_colours, problem, before: int = 0) -> list[tuple]:
    """The (colour, number) of each card of kind `kid`; `before`: the cards of the kinds
    before it (a deck past MAX_DECK_CARDS is refused where it is crossed, before it is made)."""
    faces: list = []

    def room(key: str, adding: int) -> bool:
        if before + len(faces) + adding <= MAX_DECK_CARDS:
            return True
        problem(("kinds", kid, "deck", key), f"the deck would have more than {MAX_DECK_CARDS:,} cards",
                     code=DECK, hint="a deck is a few hundred cards at most (No Mercy's has 168)")
        return False
    if not kind_colours and ("numbers" in composition or "per_colour" in composition):
        problem(("kinds", kid, "deck"), f"'{kid}' has cards in each colour, but the edition has no colours",
                     code=DECK,
                     hint="give the edition its `colours:`, or count the kind's cards with `count: N` "
                          "(cards with no colour)")
    if "numbers" in composition:
        for spec, copies in composition["numbers"].items():
            match = _RANGE.match(str(spec))
            if not match:
                problem(("kinds", kid, "deck", "numbers"), f"'{spec}' is not a number or a range N-M",
                             code=DECK)
                continue
            low, high = int(match[1]), int(match[2] or match[1])
            if not room("numbers", len(kind_colours) * max(high - low + 1, 0) * copies):
                return faces
            for colour in kind_colours:
                for number in range(low, high + 1):
                    faces += [(colour, number)] * copies
    if "per_colour" in composition:
        if not room("per_colour", len(kind_colours) * composition["per_colour"]):
            return faces
        for colour in kind_colours:
            faces += [(colour, None)] * composition["per_colour"]
    if "count" in composition and room("count", composition["count"]):
        faces += [(None, None)] * composition["count"]
    return faces


def check_total(total, deck: list[Card], problem) -> None:
    """`total:`, when the edition gives it, is the deck's size."""
    if total is not None and total != len(deck):
        problem(("total",), f"the deck has {len(deck)} cards, but `total` says {total}", code=DECK)
