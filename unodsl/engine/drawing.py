"""Drawing: the primitives that put cards from the draw pile into hands (`draw`, `draw
until`, the turn's draw's own `_reshuffle`), and a draw that may be answered by a card
passing it on (stacking: `draw_or_wait`, `draw_or_pass`, `_settle_draw`).
"""
from __future__ import annotations

from .budget import A_PLAY, CARDS_A_STEP
from .quick_random import shuffle
from .decisions import PASS, STACK

# Round.stack_from while a table card is used: its draws are drawn at once, never answered.
PLAIN_DRAWS = -1


class PendingDraw:
    """A draw waiting on `victim` (stacking): `total` cards; `predicate`, if any, says
    which cards may answer it besides the table's stacking rules; `taker_skips`: whoever
    takes it also misses their turn (`or passes it on`; a plain draw's script skips)."""

    __slots__ = ("victim", "total", "predicate", "taker_skips")

    def __init__(self, victim: int, total: int, predicate, taker_skips: bool):
        self.victim, self.total, self.predicate, self.taker_skips = victim, total, predicate, taker_skips



class Drawing:
    """Mixed into Round: drawing cards, and a draw waiting for its answer (stacking)."""

    __slots__ = ()
    # The round's state this part holds (Round's slots are its parts'): a draw waiting for its answer, the table's stacking rules, whose hooks watch a hand grow.
    STATE = ("pending", "stack_rules", "stack_from", "answering", "watching", "answered")

    def draw_or_wait(self, p: int, count: int) -> list:
        """`p draws count` in an edition with a stacking rule (`stack where`): a draw the
        acting card gives another player waits for their answer (see _settle_draw)."""
        giver = self.stack_from if self.stack_from is not None else self.actor  # (start card; answer)
        if giver is not None and giver != PLAIN_DRAWS and p != giver:
            self._pend(p, count or 0, None, False)
            return []
        return self.draw(p, count)

    def draw(self, p: int, count: int) -> list:
        """`p` draws `count` cards, reshuffling the discard pile when the draw pile runs out;
        then, while someone has left the round (who draws nothing) or `hand_grows` hooks
        watch hands (`watching`), the hooks fire."""
        watching = self.watching
        if watching and p in self.out:
            return []
        pile, hand = self._draw_pile, self.hands[p]  # (as it lies: see sides.py)
        if not count:  # also an absent number (`draws number` for a card without one)
            return []
        if count <= len(pile):
            drawn = pile[len(pile) - count:]
            del pile[len(pile) - count:]
            if self.pile_turned:
                drawn = [card.back for card in drawn]
            hand.extend(drawn)
        else:
            drawn = []
            for _ in range(count):
                if not pile and not self._reshuffle():
                    break
                card = pile.pop()
                if self.pile_turned:
                    card = card.back
                drawn.append(card)
                hand.append(card)  # in the hand before any reshuffle is recorded
        if self.log is not None:
            self.record("draw", player=p, cards=[c.uid for c in drawn])
        if watching and drawn and "hand_grows" in self.hooks:
            self._hand_grew(p)
        if count > CARDS_A_STEP:
            self.spend_cards(len(drawn))
        return drawn

    def draw_or_pass(self, p: int, count: int, predicate) -> None:
        """`p` draws `count` cards, unless they answer with a card satisfying `predicate`
        (stacking): see _settle_draw. Whoever takes the draw misses their turn."""
        self._pend(p, count or 0, predicate, True)  # absent number: `draws number` for a card without one

    def _pend(self, p: int, count: int, predicate, taker_skips: bool) -> None:
        """A draw waits on `p` for their answer. Inside an answer it adds to the draw being
        answered, which moves to `p`; otherwise it is a new one, settled when the script
        that gave it ends (a draw already waiting is settled first)."""
        pending = self.pending
        if pending is not None and not self.answering:
            self._settle_draw()
            pending = None
        if pending is None:
            self.pending = PendingDraw(p, count, predicate, taker_skips)
            return
        pending.total += count
        pending.victim = p
        pending.taker_skips = taker_skips
        if predicate is not None:  # the answering card says what may answer it in turn
            pending.predicate = predicate

    def _answers(self, hand: list, victim: int, pending) -> list:
        """The cards of `victim`'s hand that may answer the waiting draw: those the rules let
        answer, and with the setting `no_bluffing`, of cards that may be bluffs (`bluff_if`),
        only those played legally (an answer is played, as any card: no bluff is allowed)."""
        cards = self._answers_allowed(hand, victim, pending)
        if cards and self.settings["no_bluffing"]:
            cards = [c for c in cards if c.spec.bluff_if is None or not c.spec.bluff_if.function(c, self, victim)]
        return cards

    def _answers_allowed(self, hand: list, victim: int, pending) -> list:
        """The cards of `victim`'s hand the stacking rules let answer the waiting draw. Where
        the table's rules read only the cards (and the colour), which faces they let answer on
        a top card is worked out once per edition, as for `playable`."""
        if not self.edition.pure_stacking:
            return [c for c in hand if self._may_answer(c, victim, pending)]
        by_face = self._faces_where(self.stack_rules, self.edition.stack_cache, victim)
        predicate = pending.predicate
        if predicate is None:
            return [c for c in hand if by_face[c.face]]
        return [c for c in hand if predicate(c) or by_face[c.face]]

    def _faces_where(self, rules: list, cache: dict, me: int) -> list:
        """For conditions that read only the cards (and the colour): for each face of the
        edition, whether one of `rules` holds for it on the top card in the colour in play,
        worked out once per edition in `cache` (by top face and colour), as for `playable`."""
        key = (self.discard[-1].face, self.colour)
        by_face = cache.get(key)
        if by_face is None:
            by_face = cache[key] = [any(rule.function(face, self, me) for rule in rules)
                                    for face in self.edition.faces]
        return by_face

    def _may_answer(self, card, victim: int, pending) -> bool:
        """The card's own `or passes it on with C`, or any stacking rule of the table."""
        if pending.predicate is not None and pending.predicate(card):
            return True
        return any(rule.function(card, self, victim) for rule in self.stack_rules)

    def _settle_draw(self) -> None:
        """The waiting draw goes round: its player may answer it with a card from their
        hand; the answer is their turn, and their card's script runs as if played (a Wild
        names the colour, a reverse turns play) but its draws add to this one, which
        they send on. Whoever does not answer draws it all. A draw card that was its
        player's last still acts (the rule sheet): once the player whose turn it is has gone
        out, by playing it or by answering with it, the draw is drawn, not answered."""
        pending, hands = self.pending, self.hands
        while True:
            victim = pending.victim
            if not pending.total:  # nothing to draw: nothing to answer
                break
            turn = self.turn
            if not hands[turn] and not (self.out and turn in self.out):  # its player went out (not
                break  # left the round): the round is over, the cards count
            cards = self._answers(hands[victim], victim, pending)
            if not cards:
                break
            card = self.decide(STACK, victim, [*cards, PASS], pending.total)
            if self.pending is not pending:  # a table card used meanwhile settled it
                return
            if card is PASS:
                break
            self.spend(A_PLAY)  # (an answer's script may draw the cards it answers with again: for ever)
            self._answer(victim, card)
            if not hands[victim]:  # they went out (the draw goes on to be drawn, above)
                self.others_discarded = True
            if self.pending is not pending:
                return
        self.pending = None
        self.draw(victim, pending.total)
        if pending.taker_skips:
            self.skip(victim)

    def _answer(self, p: int, card) -> None:
        """`p` answers the waiting draw with `card`: it goes down as their turn, and its
        script runs with its draws adding to the waiting one (never challenged); a card
        whose script gives no draw sends it on to the next player (after a reverse: back)."""
        answered = self.discard[-1]  # the last card of the stack: `answered` in the answer's script
        self._put_down(p, card)
        self.turn = p  # play goes on from them
        if self.skips[p]:
            self.skips[p] -= 1  # the turn the draw made them miss went on answering
        effect = card.spec.effect
        if effect is not None:  # (no actor: an answer is no play that reaction cards may cancel)
            saved = self.actor, self.acting, self.stack_from, self.answering, self.bluffed, self.answered
            self.actor, self.acting, self.stack_from, self.answering, self.bluffed = None, card, p, True, False
            self.answered = answered
            effect.function(self, p, card)
            self.actor, self.acting, self.stack_from, self.answering, self.bluffed, self.answered = saved
        pending = self.pending  # (None if a table card used meanwhile settled it)
        if pending is not None and pending.victim == p:  # its script sent the draw nowhere:
            # it goes on (past players who left the round), and its taker is skipped
            pending.victim, pending.taker_skips = self.seat(p, 1) if self.out else self.next_of(p), True
        if self.log is not None:
            self.record("stack", player=p, card=card.uid, total=pending.total if pending is not None else 0)

    def _put_down(self, p: int, card) -> None:
        """`p` puts `card` from their hand on the discard pile outside their turn's play
        (a reaction, a draw passed on), calling UNO first if it is their next-to-last."""
        hand = self.hands[p]
        if len(hand) == 2:
            self._call_uno(p)
        hand.remove(card)
        self.discard.append(card)
        self.colour = card.colour

    def draw_until(self, p: int, predicate) -> list:
        """`p` draws one card at a time until one satisfies `predicate` or none is left."""
        drawn = []
        if self.log is None and not self.watching:  # (`draw` of one card each time, written out)
            pile, hand = self._draw_pile, self.hands[p]  # (as it lies: see sides.py)
            while pile or self._reshuffle():
                card = pile.pop()
                if self.pile_turned:
                    card = card.back
                hand.append(card)
                drawn.append(card)
                if predicate(card):
                    break
            self.spend_cards(len(drawn))
            return drawn
        while True:
            got = self.draw(p, 1)
            if not got:
                break
            drawn.append(got[0])
            if predicate(got[0]):
                break
        self.spend_cards(len(drawn))
        return drawn

    def _reshuffle(self) -> bool:
        """The discard pile but its top card goes under the draw pile (lists keep their identity); with
        several, every discard pile but its top card."""
        discard = self.discard
        cards = discard[:-1]
        if self.discard_names:  # several discard piles: each but its top card (piles.py)
            cards += self._reshuffle_resting()
        if not cards:
            return False
        del discard[:-1]
        shuffle(self.rng, cards)
        self.draw_pile[0:0] = cards  # under what is left (a move may reshuffle before the pile is empty)
        if self.log is not None:
            self.record("reshuffle", cards=len(cards))
        return True

