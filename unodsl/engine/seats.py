"""Seats: players by offset, partners, and players leaving a round.

A player eliminated mid-round (`eliminate me, cards under discard pile`) is in
`out` (their seat -> the points they held as they left) until the round ends:
they take no turns, are no one's next, previous or other, draw nothing and are
asked nothing. The round ends when one player (in team play: one team) is
left, who wins it, or when a player goes out as usual. They play again in the
next round.

Who is in the round is one fact, `out`, read here by every statement that goes over
players: the groups (`everyone`, `others`, and so `for each player`, ranks, choices,
`give all`, `deal`, `shuffle hands`) and `rotate hands` leave out a player who left
at once, even in the turn they left, so that no card goes to them and no one waits
on them. Counting seats for one player (`next`, `previous`, `N seats on`) is the
exception: in the turn in which a player leaves they keep their seat, and the rest
of the card's effect aimed at them does nothing (a card's `skip next` after a draw
does not fall on the player after them). From the next turn on, counting passes
over them.

An edition that never eliminates pays nothing in the turn loop: an eliminated
player's `skips` entry is left non-zero, so that the loop's quick path hands
the turn to `_advance`, which passes over them.
"""
from __future__ import annotations

from .decisions import DRAW
from .modes import partner
from .quick_random import shuffle


class _Passive:
    """Answers for a player who left the round, when a statement still running asks
    them something: the last option, the passive one (no, pass, keep, ...)."""

    reads_view = False

    @staticmethod
    def pick(kind, options, about, view):
        return options[-1]

    @staticmethod
    def choose_turn(cards, view):
        """(Never asked: a player who left holds no card, so none is playable. Were they
        asked, they would draw, which gives them nothing.)"""
        return DRAW


PASSIVE = _Passive()


class Seats:
    """Mixed into Round: every method works on the round's state."""

    __slots__ = ()
    # The round's state this part holds (Round's slots are its parts'): who left the round, and when; how many play on.
    STATE = ("out", "left_turn", "playing")

    def next_of(self, p: int) -> int:
        return (p + self.direction) % self.n

    def prev_of(self, p: int) -> int:
        return (p - self.direction) % self.n

    def others(self, p: int) -> list[int]:
        """Every other player still in the round, in turn order from `p`."""
        n, step, out = self.n, self.direction, self.out
        if out:  # (the common case, no one left, kept short)
            return [q for q in ((p + i * step) % n for i in range(1, n)) if q not in out]
        return [(p + i * step) % n for i in range(1, n)]

    def everyone(self, p: int) -> list[int]:
        """Every player still in the round, in turn order from `p`."""
        n, step, out = self.n, self.direction, self.out
        if out:
            return [q for q in ((p + i * step) % n for i in range(n)) if q not in out]
        return [(p + i * step) % n for i in range(n)]

    def leftwards(self, p: int) -> list[int]:
        """Every player still in the round, from `p` in seat order to their left (the way
        play starts), whichever way play goes now (a deal "starting with the player on the
        left" goes round the table that way)."""
        seats = self.everyone(p)
        return seats if self.direction == 1 else [seats[0], *reversed(seats[1:])]

    def seat(self, p: int, offset: int) -> int:
        """The player `offset` seats on from `p` in the direction of play (back when
        negative), counting only the players still in the round."""
        n, out, left_turn, turns = self.n, self.out, self.left_turn, self.turns
        step = self.direction if offset > 0 else -self.direction
        seated = n  # (passed_over written out: No Mercy counts seats at most plays)
        for q in out:
            if left_turn[q] != turns:
                seated -= 1
        q = p
        for _ in range(abs(offset) % seated):  # (all the way round is back to `p`)
            q = (q + step) % n
            while q in out and left_turn[q] != turns:
                q = (q + step) % n
        return q

    def passed_over(self, q: int) -> bool:
        """Whether counting seats passes over `q`: they left the round in an earlier turn."""
        return q in self.out and self.left_turn[q] != self.turns

    def partner(self, p: int) -> int:
        """The player sitting opposite `p` (team play: partners sit opposite)."""
        return partner(p, self.n)

    def eliminate(self, p: int, shuffled: bool) -> None:
        """`p` leaves the round: their cards go under the discard pile, or are shuffled
        into the draw pile. The last player left (the last team) wins the round."""
        if p in self.out or p == self.winner or self.playing <= 1:
            return
        hand = self.hands[p]
        cards = list(hand)
        hand.clear()
        self.out[p] = sum(c.points or 0 for c in cards)
        self.watching = True
        self.left_turn[p] = self.turns
        self.playing -= 1
        if shuffled:
            self.draw_pile.extend(cards)
            shuffle(self.rng, self.draw_pile)
        else:
            self.discard[0:0] = cards  # under the pile: the top card stays in play
        self.skips[p] = max(self.skips[p], 1)  # (see the module's docstring)
        if self._direct is not None and self._direct[p] is not None:
            self._direct[p] = PASSIVE  # asked nothing more (see Round.decide)
            self._randoms[p] = None
        if self.uno_pending == p:
            self.uno_pending = None
        if self.lying[p]:
            self._table_cards_return(p)
        for player, until in list(self.face_up_until.items()):  # "until their next turn": none comes
            if p in (player, until):
                del self.face_up_until[player]
        self.record("left_round", player=p, cards=[c.uid for c in cards],
                    to="draw pile" if shuffled else "discard pile")
        self._last_left(p)

    def _last_left(self, p: int) -> None:
        """The round ends when the players left are one, or (team play) one team; the
        first of them in turn order after `p` wins it."""
        left = [q for q in self.everyone(p) if q not in self.out]
        teams = self.settings.get("teams")
        if len(left) == 1 or (teams and len({min(q, partner(q, self.n)) for q in left}) == 1):
            self.winner = left[0]
            self.record("last_left", player=self.winner)
