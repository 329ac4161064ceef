from __future__ import annotations

from collections import Counter

from ..engine.decisions import DRAW, KEEP, Decision, TableUse
from .base import Agent


class GreedyAgent(Agent):
    """A sensible heuristic player.

    Sheds its costliest cards first, keeps Wilds for when nothing else goes,
    never bluffs, names its strongest colour, always calls UNO and catches,
    always jumps in.
    """

    name = "greedy"
    trusted = True

    def choose(self, decision, state):
        options = decision.options
        if isinstance(options[-1], TableUse):  # a table card in the middle
            uses = [o for o in options if isinstance(o, TableUse)]
            threat = _threat(uses, state)
            if threat is not None:
                return threat
            decision = Decision(decision.kind, decision.player, options[:len(options) - len(uses)], decision.about)
        handler = getattr(self, "_" + decision.kind, None)
        return handler(decision, state) if handler else decision.options[0]

    def pick_or_use(self, kind, seat, options, about, state):
        threat = _threat(state.table_uses(seat), state)
        if threat is not None:
            return threat
        return self.choose(Decision(kind, seat, options, about), state)

    def _react(self, decision, state):
        return decision.options[0]  # always cancel what is aimed at us

    def _write_rule(self, decision, state):
        return decision.options[0]  # the edition's first suggestion (or blank)

    def _turn(self, decision, state):
        p = decision.player
        cards = [c for c in decision.options if c is not DRAW and not _bluff(c, state, p)]
        if not cards:
            return DRAW
        plain = [c for c in cards if not c.wild]
        pool = plain or cards
        counts = _colour_counts(state.hands[p])
        return max(pool, key=lambda c: (c.points or 0, counts.get(c.colour, 0)))

    def _stack(self, decision, state):
        """Always answer a draw rather than take it: with a plain card if one answers
        (Wilds are kept for when nothing else goes), the costliest first."""
        cards = decision.options[:-1]  # the last option takes the draw
        return max(cards, key=lambda c: (not c.wild, c.points or 0))

    def _play_drawn(self, decision, state):
        card = decision.options[0]
        return KEEP if _bluff(card, state, decision.player) else card

    def _colour(self, decision, state):
        counts = _colour_counts(state.hands[decision.player])
        return max(decision.options, key=lambda colour: counts.get(colour, 0))

    def _challenge(self, decision, state):
        # Challenge when we hold almost none of the colour that was in play:
        # then the accused probably held some of it.
        below = state.discard[-2] if len(state.discard) > 1 else None
        if below is None or below.colour is None:
            return False
        held = sum(1 for c in state.hands[decision.player] if c.colour == below.colour)
        return held == 0

    def _call_uno(self, decision, state):
        return True

    def _catch(self, decision, state):
        return True

    def _jump_in(self, decision, state):
        """Always jump in (it sheds a card, costs none and takes the turn), with the costliest."""
        cards = decision.options[:-1]  # the last option passes
        return max(cards, key=lambda c: c.points or 0)

    def _uno_call(self, decision, state):
        """Call UNO when it has not, else catch the first player it can; never a false call."""
        p, uncalled = decision.player, decision.about
        if p in uncalled:
            return p
        return next((q for q in decision.options[:-1] if q in uncalled), decision.options[-1])

    def _player(self, decision, state):
        return min(decision.options, key=lambda q: len(state.hands[q]))

    def _give(self, decision, state):
        return max(decision.options, key=lambda q: len(state.hands[q]))

    def _yes_no(self, decision, state):
        return True

    def _question(self, decision, state):
        return decision.options[0]

    def _top_card(self, decision, state):
        rest = [c for c in state.hands[decision.player] if c not in decision.options]
        counts = _colour_counts(rest)
        return max(decision.options, key=lambda c: counts.get(c.colour, 0))

    def _discard(self, decision, state):
        return max(decision.options, key=lambda c: c.points or 0)

    def _pick(self, decision, state):
        """Out of its own hand, the card that would cost most; into it, the cheapest."""
        own = decision.about == ["hand", decision.player]
        return (max if own else min)(decision.options, key=lambda c: c.points or 0)


def _threat(uses, state):
    """The use of a table card on the player holding fewest cards, if they hold two at most
    (stop a player about to go out); of those, the first use offered."""
    threat = min(uses, key=lambda u: len(state.hands[u.target]))
    return threat if len(state.hands[threat.target]) <= 2 else None


def _colour_counts(hand) -> Counter:
    return Counter(c.colour for c in hand if c.colour is not None)


def _bluff(card, state, seat: int) -> bool:
    """Would playing `card` now break its `bluff_if` rule?"""
    rule = card.spec.bluff_if
    if rule is None:
        return False
    hand = state.hands[seat]
    index = hand.index(card)
    del hand[index]  # the rule speaks of the other cards in hand
    try:
        return bool(rule.function(card, state, seat))
    finally:
        hand.insert(index, card)
