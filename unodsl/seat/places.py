"""The places of a round as a seat names them, where every card lies, and who sees each place.

A place is a pair, as unodsl.engine.moves names them for scripts: ("hand", seat),
("pile", "draw"), ("pile", "discard"), ("pile", "aside"), ("pile", NAME) for an
edition's own pile, ("table", None) for the table cards in the middle and
("lying", seat) for those lying on a player.

What a place shows is the table's: the discard pile, the table cards and those
lying on players are face up; a hand is seen by its holder, and by everyone while
it is played face up (`face_up`); the draw pile, the aside pile and an edition's
own piles are face down. (With two-sided cards the other side of a face-down
card may show: see unodsl.engine.view.)
"""
from __future__ import annotations

HAND, PILE, TABLE, LYING = "hand", "pile", "table", "lying"
DRAW_PILE = (PILE, "draw")
DISCARD_PILE = (PILE, "discard")
THE_TABLE = (TABLE, None)
DECK = None  # where a card is before it is dealt (a Move's source, as a round begins)


def hand(seat: int) -> tuple:
    return (HAND, seat)


def places_of(rnd) -> list[tuple[tuple, list]]:
    """Every place of `rnd` with the list of cards it holds (the draw pile as it lies:
    its cards' uids are what matter here, not the side they show)."""
    places = [(DRAW_PILE, rnd._draw_pile), (DISCARD_PILE, rnd.discard)]
    places += [((HAND, seat), cards) for seat, cards in enumerate(rnd.hands)]
    places.append((THE_TABLE, rnd.table))
    places += [((LYING, seat), cards) for seat, cards in enumerate(rnd.lying) if cards]
    places += [((PILE, name), cards) for name, cards in rnd.piles.items()]
    places += [((PILE, rnd.discard_names[at]), cards) for at, cards in enumerate(rnd.resting) if at != rnd.pile_at]
    return places


def placement(rnd) -> dict[int, tuple]:
    """Where every card of `rnd` lies: uid -> (place, index in that place's list)."""
    where = {}
    for place, cards in places_of(rnd):
        for index, card in enumerate(cards):
            where[card.uid] = (place, index)
    return where


def is_public(place, face_up) -> bool:
    """Whether every player sees the cards of `place` (`face_up`: the seats whose hand is
    played face up)."""
    if place is None:
        return False
    kind, where = place
    if kind == HAND:
        return where in face_up
    return kind in (TABLE, LYING) or place == DISCARD_PILE


def sees(seat: int, place, face_up) -> bool:
    """Whether `seat` sees the cards of `place`."""
    return place == (HAND, seat) or is_public(place, face_up)
