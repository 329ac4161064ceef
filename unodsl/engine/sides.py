"""Two-sided cards (UNO Flip): which side is up, turning every card over, and what
each player sees of the other side.

A card of a two-sided edition is two faces with one uid (unodsl.edition.model.Card):
every place of the round holds the face of the side that is up, `Round.side`, so that
matching, effects and scoring read the active face without asking. `flip_cards`
puts each card's back in its place, in every place at once, and nothing else in the
round changes: an edition of one-sided cards never comes here, and pays nothing.

The draw pile is the exception, for speed: it holds most of the cards, nobody sees their
order, and most of them are not drawn before the next flip. A flip only notes it
(`pile_turned`); `draw_pile` turns its cards over as it is next read, and the draws
(the turn's, `draw`, `draw until`), which take the list as it lies (`_draw_pile`), turn
over each card they take.
"""
from __future__ import annotations

from ..edition.model import Card


def side_after(edition, event: dict, side: int) -> int:
    """The side up after the logged `event`, `side` before it: the first as a round is
    dealt, the one a setup names, the one a flip turned up (readers of the log name a
    card of a two-sided edition by the face then up)."""
    names = [s.name for s in edition.sides]
    kind = event.get("event")
    if kind in ("deal", "setup"):
        return names.index(event["side"]) if event.get("side") in names else 0
    if kind == "flip" and event.get("side") in names:
        return names.index(event["side"])
    return side


class TwoSided:
    """Mixed into Round: `side` (the index of the side up, 0 as a round starts) and
    `colours` (that side's) are the round's."""

    __slots__ = ()
    # The round's state this part holds (Round's slots are its parts'): the side of two-sided cards up.
    STATE = ("side", "pile_turned")

    @property
    def side_name(self) -> str | None:
        """The name of the side up (`light`), or None for one-sided cards."""
        sides = self.edition.sides
        return sides[self.side].name if sides else None

    @property
    def draw_pile(self) -> list:
        """The draw pile, its cards showing the side that is up (the list's end is the top)."""
        if self.pile_turned:
            pile = self._draw_pile
            pile[:] = [card.back for card in pile]  # (in place: a caller may hold the list)
            self.pile_turned = False
        return self._draw_pile

    @draw_pile.setter
    def draw_pile(self, cards: list) -> None:
        self._draw_pile = cards
        self.pile_turned = False

    def flip_cards(self, p: int) -> None:
        """`flip`: the draw pile, the discard pile, every hand and every other place turn
        over, each card where it was (the top of a pile stays its top); the discard's
        new top face is the card in play, and its colour the colour in play. (The draw
        pile as it is next read: see the module's docstring.)"""
        self.pile_turned = not self.pile_turned
        for place in self._laid_out():
            if place:  # (most places but the piles and hands are empty: no comprehension for them)
                place[:] = [card.back for card in place]  # (in place: the turn loop holds the lists)
        self.side = 1 - self.side
        self.colours = list(self.edition.side_colours(self.side))
        self.colour = self.discard[-1].colour if self.discard else None
        vocab = self.edition.vocabulary
        if vocab.player_state or vocab.game_state:  # (an edition with state variables)
            self._turn_held_cards()
        if self.log is not None:
            self.record("flip", player=p, side=self.side_name)

    def places(self) -> list[list]:
        """Every list of cards of the round: the piles, the hands, the table and the
        cards lying on players, the aside pile and the edition's own piles, the discard
        piles resting (several discard piles)."""
        return [self.draw_pile, *self._laid_out()]

    def _laid_out(self) -> list[list]:
        """Every list of cards of the round but the draw pile."""
        return [self.discard, *self.hands, self.table, *self.lying, *self.piles.values(), *self.resting]

    def _turn_held_cards(self) -> None:
        """A card a state variable remembers shows the side up, as the card itself does."""
        for values in (*self.player_state, self.game_state):
            for name, value in values.items():
                if isinstance(value, Card) and value.back is not None:
                    values[name] = value.back

    def turn_to_side(self, side: int) -> None:
        """Lay every card with side `side` up (a scenario that starts on another side)."""
        if side != self.side:
            for place in self.places():
                place[:] = [card.back for card in place]
            self.side = side
            self.colours = list(self.edition.side_colours(side))

    # ---- what each player sees

    def backs_seen(self, viewer: int) -> dict:
        """What `viewer` sees of the side that is down, which is public: the backs of
        everyone else's cards (by seat, in the order held) and of the draw pile's top
        card. Their own cards' backs face the others, and the rest of the draw pile is
        hidden. Empty for one-sided cards."""
        if not self.edition.sides:
            return {}
        hands = {seat: [card.back for card in hand] for seat, hand in enumerate(self.hands)
                 if seat != viewer and seat not in self.out}
        return {"hands": hands, "draw_top": self.draw_pile[-1].back if self.draw_pile else None}
