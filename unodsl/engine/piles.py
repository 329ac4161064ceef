"""Several discard piles to play onto (an edition's `discard_piles:`; docs/effects.md,
"Several discard piles; piles of each player's own; piles as values").

The round's `discard` is always the pile *in play*: the one the last card was played on,
whose top is `top` and whose colour is the colour in play. The others rest, each with its
own cards and colour. `discard` stays the same list the whole round (the turn loop holds it
by a local name: turns.STABLE), so putting another pile in play swaps the two piles' cards
and colours. A card goes if it goes on any pile; its player chooses among the piles it goes
on (the decision `pile`). An edition of one discard pile has none of this: `discard_names`
is empty, the turn's branches for it are folded away (facts.discard_piles), and nothing
here is called.
"""
from __future__ import annotations

from .decisions import PILE

HAND, PILE_PLACE = "hand", "pile"
DISCARD_PLACE = (PILE_PLACE, "discard")
# A discard pile that rests while a move takes cards from it (moves.Moves.cards_at reads it by name).
RESTING = "resting"


class DiscardPiles:
    """Mixed into Round."""

    __slots__ = ()
    # The round's state this part holds (Round's slots are its parts'): the discard piles' names,
    # which is in play, the cards and colour in play of each resting one.
    STATE = ("discard_names", "pile_at", "resting", "resting_colours")

    def _start_discard_piles(self, names: tuple) -> None:
        self.discard_names = names
        self.pile_at = 0
        self.resting = [[] for _ in names]  # (the entry of the pile in play is unused: its cards are `discard`)
        self.resting_colours = [None] * len(names)

    def _start_other_piles(self) -> None:
        """As a round starts, once the first pile's card is turned: a card turned onto each other
        pile in turn (its start rule applied with its pile in play); play starts on the first."""
        for at in range(1, len(self.discard_names)):
            self.put_in_play(at)
            if self.log is not None:
                self.record("onto_pile", player=self.dealer, pile=self.discard_names[at])
            self._turn_start_card(None)
        self.put_in_play(0)

    # ---- which pile is in play

    def put_in_play(self, at: int) -> None:
        """Make the pile at index `at` the pile in play (its cards `discard`, its colour `colour`)."""
        here = self.pile_at
        if at == here:
            return
        self.resting[here], self.resting_colours[here] = self.discard[:], self.colour
        self.discard[:] = self.resting[at]
        self.colour = self.resting_colours[at]
        self.resting[at], self.resting_colours[at] = [], None
        self.pile_at = at

    def discard_cards(self, name: str) -> list:
        """The cards of the discard pile `name`, bottom first."""
        at = self.discard_names.index(name)
        return self.discard if at == self.pile_at else self.resting[at]

    def pile_colour(self, name: str):
        """The colour in play on the discard pile `name`."""
        at = self.discard_names.index(name)
        return self.colour if at == self.pile_at else self.resting_colours[at]

    # ---- which piles a card goes on

    def piles_for(self, card, p: int) -> list:
        """The indexes of the piles `card` goes on, for `p` (each pile tried in play)."""
        start, found = self.pile_at, []
        for at in range(len(self.discard_names)):
            if at == start or self.resting[at]:  # (a pile always has a card once the round is dealt)
                self.put_in_play(at)
                if card.spec.playable.function(card, self, p):
                    found.append(at)
        self.put_in_play(start)
        return found

    def _goes_on_a_pile(self, card) -> bool:
        return bool(self.piles_for(card, self.turn))

    def _playable_on_piles(self, p: int, hand: list) -> list:
        """The cards of `hand` that go on some pile (each pile put in play once)."""
        start, goes = self.pile_at, [False] * len(hand)
        for at in range(len(self.discard_names)):
            if at == start or self.resting[at]:
                self.put_in_play(at)
                for index, card in enumerate(hand):
                    if not goes[index] and card.spec.playable.function(card, self, p):
                        goes[index] = True
        self.put_in_play(start)
        return [card for card, ok in zip(hand, goes) if ok]

    def _choose_pile(self, p: int, card) -> None:
        """`p` is about to play `card`: the pile it goes on is put in play (their choice
        when it goes on several). A card that goes on none (let in by a rule of its own)
        goes on the pile in play."""
        found = self.piles_for(card, p)
        if not found:
            return
        names = self.discard_names
        name = names[found[0]] if len(found) == 1 else self.decide(PILE, p, [names[at] for at in found], card)
        self.put_in_play(names.index(name))
        if self.log is not None:
            self.record("onto_pile", player=p, pile=name)

    # ---- the piles as places of moves

    def names_a_pile(self, *places) -> bool:
        """Whether one of `places` names one of the discard piles (`left pile`)."""
        names = self.discard_names
        return any(place[0] == PILE_PLACE and place[1] in names for place in places)

    def _on_piles(self, act, *places):
        """Do `act` (a move, shuffle or deal given `places`) with the first discard pile named
        among `places` put in play, so the rules of the discard pile hold for it (its top card
        stays and sets its colour; cards from hands are discards); another named one is read
        as it rests (RESTING: its top card stays too). The pile in play stays the one played on
        (`discard pile`)."""
        names, start = self.discard_names, self.pile_at
        places = [(PILE_PLACE, names[start]) if place == DISCARD_PLACE else place for place in places]
        named = [place[1] for place in places if place[0] == PILE_PLACE and place[1] in names]
        self.put_in_play(names.index(named[0]))
        done = [place if place[0] != PILE_PLACE or place[1] not in names
                else DISCARD_PLACE if place[1] == named[0] else (RESTING, place[1]) for place in places]
        try:
            act(*done)
        finally:
            self._refresh_colours(named[1:])
            self.put_in_play(start)

    def _refresh_colours(self, names) -> None:
        """A resting pile whose cards moved: its top sets its colour when it has one."""
        for name in names:
            at, cards = self.discard_names.index(name), self.discard_cards(name)
            if at != self.pile_at and cards and cards[-1].colour is not None:
                self.resting_colours[at] = cards[-1].colour

    def _reshuffle_resting(self) -> list:
        """The cards of every resting pile but its top card (the draw pile ran out)."""
        cards = []
        for at, pile in enumerate(self.resting):
            if at != self.pile_at and len(pile) > 1:
                cards += pile[:-1]
                del pile[:-1]
        return cards
