"""Moves made out of turn: reactions that cancel an action, and table cards.

A reaction card (an edition kind with `reaction:`) may be played by a player
an action card is aimed at, before the action applies to them; the rest of
that card's actions against them are cancelled. A table card (an edition's
`table:` kinds) lies in the middle; at any decision put to them, a player may
use it on another player; it lies on that player until their next turn has
come, then returns to the middle.
"""
from __future__ import annotations

from .decisions import PASS, REACT, Decision, TableUse
from .primitives import PLAIN_DRAWS


class OutOfTurn:
    """Mixed into Round."""

    __slots__ = ()

    # ---- reactions -------------------------------------------------------------

    def against(self, p: int) -> bool:
        """May the action card being played act on `p`? (`p` may cancel it with a reaction.)"""
        actor, card = self.actor, self.acting
        if actor is None or p == actor:
            return True
        if p in self.cancelled:
            return False
        if p in self.offered:
            return True
        self.offered.add(p)
        hand = self.hands[p]
        reactions = [c for c in hand
                     if c.spec.reaction_against is not None and c.spec.reaction_against.function(card, self, p)]
        if not reactions:
            return True
        answer = self.decide(REACT, p, [*reactions, PASS], card)
        if answer is PASS:
            return True
        self.cancelled.add(p)
        self._react(p, answer)
        return False

    def _react(self, p: int, card) -> None:
        """`p` plays `card` out of turn; its reaction effect runs as theirs."""
        hand = self.hands[p]
        size = len(hand)
        self._put_down(p, card)
        self.record("react", player=p, card=card.uid, against=self.acting.uid)
        effect = card.spec.reaction_effect
        if effect is not None:
            saved = self.actor, self.acting, self.offered, self.cancelled
            self.actor, self.acting, self.offered, self.cancelled = p, card, set(), set()
            effect.function(self, p, card)
            self.actor, self.acting, self.offered, self.cancelled = saved
        if not hand:
            self.others_discarded = True  # they went out out of turn
        elif size > 2 and len(hand) == 1:
            self._left_with_one(p)

    # ---- table cards -----------------------------------------------------------

    def _ask_with_table(self, decision: Decision):
        """Ask `decision`, offering the table cards in the middle as extra options."""
        while True:
            if not self.table:
                return self._ask_plain(decision)
            p = decision.player
            uses = [TableUse(card, q) for card in self.table for q in self.others(p)]
            answer = self._ask_plain(Decision(decision.kind, p, [*decision.options, *uses], decision.about))
            if not isinstance(answer, TableUse):
                return answer
            self._use_table_card(p, answer)

    def _use_table_card(self, p: int, use: TableUse) -> None:
        card, target = use.card, use.target
        self.table.remove(card)
        self.lying[target].append(card)
        self.chosen = target
        self.record("table_use", player=p, card=card.uid, target=target)
        # A table card is used while someone decides among the cards of a hand: a draw it
        # gives is drawn at once, never answered (an answer would take a card out of a hand).
        # (Only a table with stacking rules answers draws.)
        if self.stack_rules:
            saved, self.stack_from = self.stack_from, PLAIN_DRAWS
            card.spec.use.function(self, p, card)
            self.stack_from = saved
        else:
            card.spec.use.function(self, p, card)

    def _table_cards_return(self, p: int) -> None:
        """`p`'s turn has come (played or skipped): cards lying on them return to the middle."""
        lying = self.lying[p]
        if lying:
            cards = list(lying)
            lying.clear()
            self.table.extend(cards)
            self.record("table_return", player=p, cards=[c.uid for c in cards])
