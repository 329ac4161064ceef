"""Places and moves: `move`, `shuffle` and `deal` (docs/effects.md, "Places and moves").

A place is what the compiled scripts pass: ("hand", seat), ("pile", name) for the
draw, discard, aside or an edition's own pile, or ("hands", None) for every hand (a
source only). A move takes its cards out of their places before it puts them anywhere,
so every card is always in exactly one place. `discards all` is a move from a hand to
the discard pile, and records each card as a discard, as drawing records a draw.
"""
from __future__ import annotations

from .budget import CARDS_A_STEP
from .decisions import PICK, TOP_CARD
from .piles import RESTING
from .quick_random import shuffle

HAND, PILE, EVERY_HAND = "hand", "pile", "hands"
DISCARD_PILE = (PILE, "discard")


class Moves:
    """Mixed into Round: every method works on the round's state."""

    __slots__ = ()
    # The round's state this part holds (Round's slots are its parts'): the edition's own piles (and `aside`).
    STATE = ("piles",)

    def cards_at(self, place) -> list:
        kind, where = place
        if kind == HAND:
            return self.hands[where]
        if where == "draw":
            return self.draw_pile
        if where == "discard":
            return self.discard
        try:
            return self.piles[where]
        except KeyError:  # one of several discard piles (piles.py)
            return self.discard_cards(where)

    def own_pile(self, name: str, seat: int | None):
        """Player `seat`'s pile `name` as a place (`my deck pile`); nobody's (`chosen` when no one
        was chosen) is no place: nothing moves to or from it, it holds nothing."""
        return (HAND, None) if seat is None else (PILE, own_pile_key(name, seat))

    # ---- what a place holds, as a value (`draw pile.size`, `left pile.top`, `left pile.colour`)

    def size_of(self, place) -> int:
        """How many cards `place` holds (every hand: all of them; nobody's hand: none)."""
        if place[0] == EVERY_HAND:
            return sum([len(cards) for cards in self.hands])
        return 0 if place[1] is None else len(self.cards_at(place))

    def top_of(self, place):
        """The top card of a pile (None: it is empty)."""
        cards = self.cards_at(place) if place[1] is not None else ()
        return cards[-1] if cards else None

    def colour_of(self, place):
        """The colour in play on a discard pile; on another pile, its top card's colour."""
        if place == DISCARD_PILE:
            return self.colour
        if place[1] in self.discard_names:
            return self.pile_colour(place[1])
        top = self.top_of(place)
        return top.colour if top is not None else None

    # ---- move

    def move(self, me: int, source, destination, count, predicate, picker, at_random: bool,
             position: str = "top") -> None:
        """Move `count` cards (None: all) satisfying `predicate` from `source` to
        `destination`: the top ones of a pile, or those `picker` picks (the holder, for a
        hand, unless said), or at random; put on top, under the top card, at the bottom or
        shuffled in."""
        if self.discard_names and self.names_a_pile(source, destination):
            # one of several discard piles, by name: the destination put in play first (piles.py)
            self._on_piles(lambda into, out: self.move(me, out, into, count, predicate, picker, at_random, position),
                           destination, source)
            return
        if not self._may_move(source, destination):
            return
        if count is not None and (not isinstance(count, int) or count <= 0):
            return  # an absent or negative number moves nothing
        places = [(HAND, p) for p in self.everyone(me)] if source[0] == EVERY_HAND else [source]
        taken = []  # (place, the cards taken from it), for each place that gives any
        moved = 0
        for place in places:
            chooser = picker if picker is not None or place[0] != HAND else place[1]
            cards = self._select(place, count, predicate, chooser, at_random)
            if cards:
                taken.append((place, cards))
                moved += len(cards)
        if not taken:
            return
        if destination == DISCARD_PILE and source[0] in (HAND, EVERY_HAND):
            self._discard_from_hands(taken, position)
        else:
            cards = []
            for place, some in taken:
                held = self.cards_at(place)
                if len(some) == len(held):  # all it holds (`all cards`): emptied, not searched card by card
                    held.clear()
                else:
                    for card in some:
                        held.remove(card)
                cards += some
            self._put(cards, destination, position)
            if self.log is not None:
                self.record("move", player=me, cards=[c.uid for c in cards], position=position,
                            **_place_fields("from", source), **_place_fields("into", destination))
        self._after_move(taken, destination)
        if moved > CARDS_A_STEP:  # (spend_cards written out: a card's effect may move a card or two often)
            self.spend(moved // CARDS_A_STEP)

    def discard_all(self, p: int, predicate) -> None:
        """`p discards all [where C]`: `move all cards [where C] from p's hand to discard
        pile`, on a short path of its own (a card's effect may say it often; the general
        move costs twice as much): the same decisions and events as the move. The top
        card then sets the colour play continues with; a player left with one card must
        call UNO before the final discard."""
        hand = self.hands[p]
        chosen = [c for c in hand if predicate is None or predicate(c)]
        if not chosen:  # (the hand of a player out of the round is empty)
            return
        self.others_discarded = True
        if len(hand) - len(chosen) == 1:
            self._call_uno(p)
        top = chosen[0] if len(chosen) == 1 else self.decide(TOP_CARD, p, list(chosen))
        chosen.remove(top)
        chosen.append(top)
        for card in chosen:
            hand.remove(card)
            self.discard.append(card)
            if self.log is not None:  # (the call and its words cost, in a loop, when nothing is recorded)
                self.record("discard", player=p, card=card.uid)
        if top.colour is not None:  # a colourless card on top leaves the colour in play
            self.colour = top.colour
        if len(chosen) > CARDS_A_STEP:  # (spend_cards written out: a card may discard all often)
            self.spend(len(chosen) // CARDS_A_STEP)

    def _may_move(self, source, destination) -> bool:
        """Nothing moves to or from the hand of a player who left the round (or of nobody:
        `chosen` when no one was chosen), nor from a hand to itself."""
        for kind, where in (source, destination):
            if kind == HAND and (where is None or where in self.out):
                return False
        return not (source[0] == HAND and source == destination)

    def _select(self, place, count, predicate, chooser: int | None, at_random: bool) -> list:
        """The cards a move takes from one place, in the order it takes them."""
        cards = self.cards_at(place)
        if place == (PILE, "draw") and predicate is None and count is not None:
            while len(cards) < count and self._reshuffle():  # as drawing does
                pass
        # A pile's cards top first; a hand's as they are held. The discard pile keeps its
        # last card: play needs a card in play.
        if place[0] == HAND:
            ordered = cards
        else:
            keeps_top = place == DISCARD_PILE or place[0] == RESTING
            ordered = cards[:0:-1] if keeps_top else cards[::-1]
        if predicate is None:  # (a copy: picks take cards out of the candidates)
            candidates = ordered[:] if ordered is cards else ordered
        else:
            candidates = [c for c in ordered if predicate(c)]
        if count is None or count >= len(candidates):
            return candidates
        if at_random or place[0] == HAND and chooser != place[1]:  # (a pick from another's hand is blind)
            return [self._random_pick(candidates, place) for _ in range(count)]
        if chooser is None:
            return candidates[:count]  # a pile's top ones
        return [self._pick(chooser, candidates, place) for _ in range(count)]

    def _random_pick(self, candidates: list, place):
        """One of `candidates` at random (a scenario may fix it, naming it as players do)."""
        fixed = self.chance_fixed
        if fixed:
            fixed[0] = next((c for c in candidates if c.label().lower() == str(fixed[0]).lower()), fixed[0])
        card = self._chance_result(f"random card from {_place_words(place)}", lambda rng: rng.choice(candidates),
                                   lambda value: value in candidates)
        candidates.remove(card)
        return card

    def _pick(self, chooser: int, candidates: list, place):
        card = candidates[0] if len(candidates) == 1 else self.decide(PICK, chooser, list(candidates), list(place))
        candidates.remove(card)
        return card

    def _put(self, cards: list, destination, position: str) -> None:
        pile = self.cards_at(destination)
        if destination[0] == HAND or position == "top":
            pile.extend(cards)
        elif position == "under":
            at = max(len(pile) - 1, 0)
            pile[at:at] = cards
        elif position == "bottom":  # (one at a time, each under the last: the order is kept)
            pile[0:0] = cards[::-1]
        else:  # shuffled in; the discard pile's top card stays in play
            keep = [pile.pop()] if destination == DISCARD_PILE and pile else []
            pile.extend(cards)
            shuffle(self.rng, pile)
            pile.extend(keep)

    def _discard_from_hands(self, taken: list, position: str) -> None:
        """Cards from hands (`taken`: each hand, and the cards taken from it) go on the
        discard pile: a discard. A player left with one card must call UNO before the
        last of them lands; with several from one hand going on top, their holder picks
        the one on top (it sets what play continues with)."""
        holders = [place[1] for place, _ in taken]  # (each hand once)
        for (_, p), some in taken:
            if len(self.hands[p]) - len(some) == 1:
                self._call_uno(p)
        cards = [card for _, some in taken for card in some]
        if position == "top" and len(holders) == 1 and len(cards) > 1:
            top = self.decide(TOP_CARD, holders[0], list(cards))
            cards.remove(top)
            cards.append(top)
        owner = {card.uid: place[1] for place, some in taken for card in some}
        if position == "top":  # one at a time: each card is somewhere when its discard is recorded
            for card in cards:
                self.hands[owner[card.uid]].remove(card)
                self.discard.append(card)
                if self.log is not None:
                    self.record("discard", player=owner[card.uid], card=card.uid)
            return
        for card in cards:
            self.hands[owner[card.uid]].remove(card)
        self._put(cards, DISCARD_PILE, position)
        if self.log is not None:
            for card in cards:
                self.record("discard", player=owner[card.uid], card=card.uid, position=position)

    def _after_move(self, taken: list, destination) -> None:
        """What a move (`taken`: each place, and the cards taken from it) changes besides
        the cards' places: the colour in play, who may be out, what players have seen,
        hooks on a hand growing."""
        sources = [place for place, _ in taken]
        if destination == DISCARD_PILE or DISCARD_PILE in sources:
            colour = self.discard[-1].colour if self.discard else None  # (one of several piles, not yet turned)
            if colour is not None:  # a colourless card on top leaves the colour in play
                self.colour = colour
        givers = [place[1] for place in sources if place[0] == HAND]
        if givers:
            self.others_discarded = True  # a hand may be empty: its holder may be out
        if destination[0] == HAND:
            if givers:
                seen = {card.uid for place, some in taken if place[0] == HAND for card in some}
                for giver in givers:
                    self.known[giver] |= seen  # a giver knows where their cards went
            if "hand_grows" in self.hooks:
                self._hand_grew(destination[1])

    # ---- shuffle and deal

    def shuffle_pile(self, place) -> None:
        """Shuffle a pile; the discard pile's top card stays in play."""
        if place == (HAND, None):  # (nobody's pile)
            return
        if self.discard_names and self.names_a_pile(place):
            self._on_piles(self.shuffle_pile, place)
            return
        pile = self.cards_at(place)
        keep = [pile.pop()] if place == DISCARD_PILE and pile else []
        shuffle(self.rng, pile)
        pile.extend(keep)
        if self.log is not None:
            self.record("shuffle_pile", **_place_fields("pile", place))
        self.spend_cards(len(pile))

    def deal(self, me: int, source, players, first: int | None) -> None:
        """Deal every card of `source` (from the top), one at a time to each of `players`
        in turn order, starting with `first` when they are one of them."""
        if source == (HAND, None):  # (nobody's pile)
            return
        if self.discard_names and self.names_a_pile(source):
            self._on_piles(lambda place: self.deal(me, place, players, first), source)
            return
        seats = [q for q in players if q not in self.out]
        if not seats:
            return
        if first in seats:
            at = seats.index(first)
            seats = seats[at:] + seats[:at]
        cards = self.cards_at(source)
        if source == DISCARD_PILE:  # its last card stays: play needs a card in play
            dealt, cards[:] = cards[1:][::-1], cards[:1]
        else:
            dealt, cards[:] = cards[::-1], []
        # one at a time, in turn: the i-th card dealt goes to seats[i % len(seats)]
        hands = {q: dealt[at::len(seats)] for at, q in enumerate(seats)}
        for q in seats:
            self.hands[q].extend(hands[q])
        if self.log is not None:
            self.record("deal_cards", player=me, **_place_fields("from", source),
                        hands=[[q, [c.uid for c in hands[q]]] for q in seats])
        if source == DISCARD_PILE and self.discard and self.discard[-1].colour is not None:
            self.colour = self.discard[-1].colour
        if source[0] == HAND:
            self.others_discarded = True
        if "hand_grows" in self.hooks:
            for q in seats:
                if hands[q]:
                    self._hand_grew(q)
        self.spend_cards(len(dealt))


def own_pile_key(name: str, seat: int) -> str:
    """The round's key of player `seat`'s pile `name` (`deck 2`: events and scenarios say it so)."""
    return f"{name} {seat}"


def _place_fields(name: str, place) -> dict:
    """A place as the event log writes it: `from: hand, from_player: 2` or `from: aside`."""
    kind, where = place
    if kind == HAND:
        return {name: "hand", f"{name}_player": where}
    return {name: "every hand" if kind == EVERY_HAND else where}


def _place_words(place) -> str:
    kind, where = place
    return f"seat {where}'s hand" if kind == HAND else f"the {where} pile"
