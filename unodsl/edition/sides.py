"""Two-sided decks (UNO Flip): an edition's `sides:` and which face is on the back of which.

    sides:
      light: {colours: [red, yellow, green, blue], kinds: [number, draw_one, ...]}
      dark: {colours: [pink, teal, orange, purple], kinds: [dark_number, draw_five, ...]}
    backs: {seed: 2019}

Each side's kinds make a deck over that side's colours, as a one-sided edition's kinds
make theirs; the two decks are the two faces of the same physical cards, so they must
be as large. `backs:` says which face of the second deck is on the back of which card
of the first: `in order` (the default) pairs them in the order they are declared;
`{seed: N}` pairs the first deck with the second shuffled once by N, a fixed pairing
that tells nothing of a card's front by its back.
"""
from __future__ import annotations

import difflib
import random

from .model import Card, Side


def read_sides(data: dict, problem) -> tuple[Side, ...]:
    """The sides an edition declares (none: its cards are one-sided), each kind on one side."""
    declared = data.get("sides")
    if not declared:
        if "backs" in data:
            problem(("backs",), "`backs:` pairs the faces of a two-sided deck, but the edition has no `sides:`")
        return ()
    if "colours" in data:
        problem(("colours",), "an edition with `sides:` gives each side its colours",
                hint="move the colours under the side they belong to: `sides: {NAME: {colours: [...]}}`")
    kinds = data.get("kinds") or {}
    sides, placed = [], {}
    for name, side in declared.items():
        for index, kid in enumerate(side["kinds"]):
            path = ("sides", name, "kinds", index)
            if kid not in kinds:
                close = difflib.get_close_matches(kid, list(kinds), n=1)
                problem(path, f"'{kid}' is not a kind of this edition",
                        hint=f"did you mean '{close[0]}'?" if close else None)
            elif kid in placed:
                problem(path, f"'{kid}' is on the {placed[kid]} side already: a kind is the face of one side")
            else:
                placed[kid] = name
        sides.append(Side(name, tuple(side["colours"]), tuple(side["kinds"])))
    for kid in kinds:
        if kid not in placed:
            problem(("kinds", kid), f"'{kid}' is on no side: each kind is the face of one side",
                    hint=f"list it in the `kinds:` of one of the sides ({', '.join(declared)})")
    return tuple(sides)


def all_colours(sides: tuple[Side, ...]) -> tuple[str, ...]:
    """Every colour of every side, in order (each once): what scripts may name."""
    return tuple(dict.fromkeys(colour for side in sides for colour in side.colours))


def pair_backs(front: list[Card], back: list[Card], sides: tuple[Side, ...], backs, problem) -> None:
    """Put each face of `back` on the back of a card of `front`, as `backs` says;
    the back takes its front's uid (they are one physical card)."""
    if len(front) != len(back):
        problem(("sides", sides[1].name), f"the {sides[1].name} side has {len(back)} cards and the "
                                          f"{sides[0].name} side {len(front)}: each card has a face on each side",
                hint="give both sides' kinds as many cards in all")
        return
    order = list(back)
    if isinstance(backs, dict):
        random.Random(backs["seed"]).shuffle(order)
    for card, other in zip(front, order, strict=True):
        other.uid = card.uid
        card.back, other.back = other, card
