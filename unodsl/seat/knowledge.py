"""What a seat knows of the cards it cannot see: where each may be, and what each hand lacks.

Knowledge is read from the seat's history alone (unodsl.seat.observe), never written per
edition or per card: as a round is dealt every card may be anywhere it could have been
dealt; a card the seat sees go somewhere is there; when it sees that *a* card went from
one place to another, every card that may have been in the first may now be in the
second; a card it was shown in a hand is in that hand.

The places a card may be in are a bit mask over the places (bit i: `places[i]`). What is
kept is the places of each card, not how cards go together: from "one of these two cards
went to that hand" it keeps that each may be there, not that only one is.

What a hand lacks (Observation.lacks: it held none of some cards) holds for the cards it
held then, not for those it gets later: each hand is kept as groups of positions, each
with the cards none of its positions holds — `certain` (the rules force it: an innocent
challenge) and `likely` (play suggests it: one who drew rather than play held no card
that went). A card that comes into the hand opens a position free of both; a card that
leaves it takes the position from the group that says most of what it may hold (so that
what is kept stays true whichever position it came from).

The sampler (unodsl.seat.worlds) makes each world agree with this and with what the seat
sees now.
"""
from __future__ import annotations

from .places import DECK, HAND


class Group:
    """`count` positions of a hand none of which holds a card of `certain`, nor likely of `likely`."""

    __slots__ = ("count", "certain", "likely")

    def __init__(self, count: int, certain: frozenset = frozenset(), likely: frozenset = frozenset()):
        self.count, self.certain, self.likely = count, certain, likely

    def copy(self) -> "Group":
        return Group(self.count, self.certain, self.likely)

    def free(self) -> bool:
        return not self.certain and not self.likely

    def __repr__(self) -> str:
        return f"Group({self.count}, certain={len(self.certain)}, likely={len(self.likely)})"


class Knowledge:
    """The places each card may be in, and the groups of each hand, for `seat`, read from
    its history as it grows."""

    def __init__(self, seat: int, cards: int):
        self.seat = seat
        self.places: list = [DECK]  # bit i stands for places[i]
        self.bits: dict = {DECK: 1}
        self.masks: list[int] = [1] * cards  # by uid; every card in the deck as a round begins
        self.groups: dict = {}  # (HAND, q) -> [Group]: another seat's hand
        self.read = 0  # observations of the history read so far

    def bit(self, place) -> int:
        bit = self.bits.get(place)
        if bit is None:
            bit = self.bits[place] = 1 << len(self.places)
            self.places.append(place)
        return bit

    def update(self, history) -> None:
        """Read the observations of `history` (the seat's, growing) not read yet."""
        for index in range(self.read, len(history)):
            self.observe(history[index])
        self.read = len(history)

    def observe(self, observation, guessed: tuple = ()) -> None:
        """Take in one observation (`guessed`: more lacks, in its form, that the reader of the
        history guesses from it: unodsl.agents.reading)."""
        for seat, cards, certain in (*observation.lacks, *guessed):  # (of the moment before the moves)
            for group in self.groups.get((HAND, seat), ()):
                if certain:
                    group.certain = group.certain | cards
                else:
                    group.likely = group.likely | cards
        masks, bit = self.masks, self.bit
        spread = []
        for card, source, destination in observation.moves:
            if source == destination:  # shown where it lies
                masks[card] = bit(destination)
                continue
            self._leaves(source, card)
            self._comes(destination)
            if card is not None:
                masks[card] = bit(destination)  # (seen moves come first: see Observer._as_seen)
            else:
                pair = (bit(source), bit(destination))
                if pair not in spread:
                    spread.append(pair)
        for source, destination in spread:
            for uid, mask in enumerate(masks):
                if mask & source:
                    masks[uid] = mask | destination

    def _comes(self, place) -> None:
        if place[0] != HAND or place[1] == self.seat:
            return
        groups = self.groups.setdefault(place, [])
        if groups and groups[-1].free():
            groups[-1].count += 1
        else:
            groups.append(Group(1))

    def _leaves(self, place, card) -> None:
        """A card left a hand: its position comes out of the group that says most of what
        the hand may hold, among those that may have held it."""
        groups = self.groups.get(place)
        if not groups:
            return
        able = [g for g in groups if card is None or (card not in g.certain and card not in g.likely)] \
            or [g for g in groups if card not in g.certain] or groups
        group = max(able, key=lambda g: (len(g.certain), len(g.likely)))
        group.count -= 1
        if not group.count:
            groups.remove(group)

    def snapshot(self) -> tuple[list[int], dict]:
        """The masks and groups as they stand (to sample worlds of this moment later)."""
        return list(self.masks), {place: [g.copy() for g in groups] for place, groups in self.groups.items()}

    def where(self, uid: int) -> list:
        """The places card `uid` may be in."""
        mask = self.masks[uid]
        return [place for index, place in enumerate(self.places) if mask >> index & 1]


def lacking(prefix: list, groups: dict, guessed: list) -> dict:
    """The groups of a checkpoint (Knowledge.snapshot), with what the observations since then
    say hands lacked (`guessed`: the reader's guesses, by observation) put on every group of
    the hand: its positions then were in it later, or left it seen (a card leaving a hand it
    lacked would not fit: the sampler then leaves these)."""
    changed = None
    for observation, more in zip(prefix, guessed):
        for seat, cards, certain in (*observation.lacks, *more):
            if changed is None:
                changed = {place: [group.copy() for group in kept] for place, kept in groups.items()}
            for group in changed.get((HAND, seat), ()):
                if certain:
                    group.certain = group.certain | cards
                else:
                    group.likely = group.likely | cards
    return changed if changed is not None else groups
