"""Moves made out of turn: reactions that cancel an action, and table cards.

A reaction card (an edition kind with `reaction:`) may be played by a player
an action card is aimed at, before the action applies to them; the rest of
that card's actions against them are cancelled. A table card (an edition's
`table:` kinds) lies in the middle; at any decision put to them, a player may
use it on another player; it lies on that player until their next turn has
come, then returns to the middle.
"""
from __future__ import annotations

from weakref import ref

from .decisions import DRAW, PASS, REACT, TURN, WRITE_RULE, Decision, TableUse
from .drawing import PLAIN_DRAWS


class OfferingTableCards:
    """A built-in agent asked directly (Round._direct) in an edition with table cards:
    while one lies in the middle, it is asked `pick_or_use` instead of `pick` (and of
    `choose_turn`), forced moves included, as a Decision would list the uses after the
    options. No use is made but the one it chooses (then it is asked again, as
    Round._ask_with_table asks again).

    It stands between the round and the agent, so it holds the round (by a weak reference:
    the round holds it); the agent gets the seat's view, made again after each use (a use
    changes the table)."""

    __slots__ = ("agent", "round", "reads_view")

    def __init__(self, agent, rnd):
        self.agent = agent
        self.round = ref(rnd)
        self.reads_view = True  # (its own loop reads the table from the round; it makes views itself)

    def choose_turn(self, cards: list, view):
        # (pick's loop, written out for the turn: one call less at most decisions)
        agent, rnd, seat = self.agent, self.round(), view.me
        if rnd.table:
            cards.append(DRAW)  # (the list is the turn loop's, made for this turn)
            while rnd.table and (not rnd.out or rnd.others(seat)):
                answer = agent.pick_or_use(TURN, cards, None, view)
                if answer.__class__ is not TableUse:
                    return answer
                rnd._use_table_card(seat, answer)
                view = rnd.view(seat)
            return agent.pick(TURN, cards, None, view)  # (never forced: a card and DRAW)
        return agent.choose_turn(cards, view)

    def pick(self, kind: str, options: list, about, view):
        agent, rnd, seat = self.agent, self.round(), view.me
        while rnd.table and (not rnd.out or rnd.others(seat)):  # (rnd.may_use_table(seat), written out)
            answer = agent.pick_or_use(kind, options, about, view)
            if answer.__class__ is not TableUse:
                return answer
            rnd._use_table_card(seat, answer)
            view = rnd.view(seat)
        if len(options) == 1 and kind is not WRITE_RULE:  # as without table cards: not asked
            return options[0]
        return agent.pick(kind, options, about, view)


class OutOfTurn:
    """Mixed into Round."""

    __slots__ = ()
    # The round's state this part holds (Round's slots are its parts'): the card being played and who may react to it; the table cards, in the middle and lying on players.
    STATE = ("actor", "acting", "offered", "cancelled", "table", "lying")

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
        if self.log is not None:
            self.record("react", player=p, card=card.uid, against=self.acting.uid)
        effect = card.spec.reaction_effect
        if effect is not None:  # (`answered` in it: the card it cancels)
            saved = self.actor, self.acting, self.offered, self.cancelled, self.answered
            self.actor, self.acting, self.offered, self.cancelled, self.answered = p, card, set(), set(), self.acting
            effect.function(self, p, card)
            self.actor, self.acting, self.offered, self.cancelled, self.answered = saved
        if not hand:
            self.others_discarded = True  # they went out out of turn
        elif size > 2 and len(hand) == 1:
            self._left_with_one(p)

    # ---- table cards -----------------------------------------------------------

    def may_use_table(self, p: int) -> bool:
        """Whether `p` may use a table card now: one lies in the middle, and another player
        is still in the round to use it on."""
        return bool(self.table) and (not self.out or bool(self.others(p)))

    def table_uses(self, p: int) -> list[TableUse]:
        """The uses of the table cards in the middle open to `p`, in the order a Decision
        lists them after its options: each card, on each other player in turn."""
        targets = self.others(p)
        return [TableUse(card, q) for card in self.table for q in targets]

    def _ask_with_table(self, decision: Decision):
        """Ask `decision`, offering the table cards in the middle as extra options."""
        p = decision.player
        while self.may_use_table(p):
            uses = self.table_uses(p)
            answer = self._ask_plain(Decision(decision.kind, p, [*decision.options, *uses], decision.about))
            if not isinstance(answer, TableUse):
                return answer
            self._use_table_card(p, answer)
        return self._ask_plain(decision)

    def _use_table_card(self, p: int, use: TableUse) -> None:
        """`p` answered a decision with a use of a table card."""
        self._use_table(p, use.card, use.target)

    def _use_table(self, p: int, card, target: int) -> None:
        """`p` uses the table card `card` on `target`: it lies on them, and its script runs."""
        self.table.remove(card)
        self.lying[target].append(card)
        self.chosen = target
        if self.log is not None:
            self.record("table_use", player=p, card=card.uid, target=target)
        # A table card is used while someone decides among the cards of a hand: a draw it
        # gives is drawn at once, never answered (an answer would take a card out of a hand).
        # (Only a table with stacking rules answers draws.) Nor is a use a card played:
        # no reaction cancels it (no actor), as none cancels an answer to a draw.
        saved = self.actor, self.stack_from
        self.actor = None
        if self.stack_rules:
            self.stack_from = PLAIN_DRAWS
        card.spec.use.function(self, p, card)
        self.actor, self.stack_from = saved

    def _table_cards_return(self, p: int) -> None:
        """`p`'s turn has come (played or skipped): cards lying on them return to the middle."""
        lying = self.lying[p]
        if lying:
            cards = list(lying)
            lying.clear()
            self.table.extend(cards)
            if self.log is not None:
                self.record("table_return", player=p, cards=[c.uid for c in cards])
