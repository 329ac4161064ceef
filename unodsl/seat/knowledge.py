"""What a seat knows of the cards it cannot see: for each, the places it may be in.

Knowledge is read from the seat's history alone (unodsl.seat.observe), never written per
edition or per card: as a round is dealt every card may be anywhere it could have been
dealt; a card the seat sees go somewhere is there; when it sees that *a* card went from
one place to another, every card that may have been in the first may now be in the
second; a card it was shown in a hand is in that hand; and what the rules let it infer
(Observation.lacks: a hand held none of some cards) takes that hand from those cards.

The places a card may be in are a bit mask over the places (bit i: `places[i]`). What is
kept is the places of each card, not how cards go together: from "one of these two cards
went to that hand" it keeps that each may be there, not that only one is. The sampler
(unodsl.seat.worlds) makes each world agree with this and with what the seat sees now.
"""
from __future__ import annotations

from .places import DECK


class Knowledge:
    """The places each card may be in, for `seat`, read from its history as it grows."""

    def __init__(self, seat: int, cards: int):
        self.seat = seat
        self.places: list = [DECK]  # bit i stands for places[i]
        self.bits: dict = {DECK: 1}
        self.masks: list[int] = [1] * cards  # by uid; every card in the deck as a round begins
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

    def observe(self, observation) -> None:
        masks, bit = self.masks, self.bit
        spread = []
        for card, source, destination in observation.moves:
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
        for seat, cards in observation.lacks:
            held = bit(("hand", seat))
            for uid in cards:
                if masks[uid] & held and masks[uid] != held:  # (a card seen there stays there)
                    masks[uid] &= ~held

    def where(self, uid: int) -> list:
        """The places card `uid` may be in."""
        mask = self.masks[uid]
        return [place for index, place in enumerate(self.places) if mask >> index & 1]
