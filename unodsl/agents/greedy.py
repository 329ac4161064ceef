from __future__ import annotations

from collections import Counter
from math import comb

from ..engine.decisions import DECISIONS, DRAW, KEEP, Decision, TableUse, check_answered
from ..lang import ast
from .base import Agent

# The share of Wild Draw Four plays (any card with a `bluff_if`) that a player who may bluff
# is taken to bluff when they could: what the challenge odds start from (no history is read).
BLUFF_PRIOR = 0.3
# A challenge of a bluff saves the challenger the draw (4 cards) and the lost turn (about one
# card); one of an honest play costs them 2 more cards: challenge when the odds beat 2 : 5.
CHALLENGE_GAIN, CHALLENGE_LOSS = 5, 2
# An opponent holding this many cards or fewer is about to go out: cards that hurt them go first.
THREAT = 2


class GreedyAgent(Agent):
    """A sensible heuristic player, the baseline the others are measured against.

    On its turn it sheds its costliest card, keeping Wilds for when nothing else goes, and
    plays first the cards that hurt the next player when that player is about to go out; it
    never bluffs. It names the colour it holds most; when the colour it names is one some
    player must draw until, the one it has seen least of. It challenges only when the odds
    say the accused could well have held the colour and the gain beats the cost. It gives
    away, discards and moves out of its hand its least useful cards, takes the most useful;
    calls UNO, catches, answers a draw rather than take it, cancels what is aimed at it,
    and swaps or aims at the player holding fewest cards.
    """

    name = "greedy"
    trusted = True

    def choose(self, decision, view):
        options = decision.options
        if isinstance(options[-1], TableUse):  # a table card in the middle
            uses = [o for o in options if isinstance(o, TableUse)]
            threat = _threat(uses, view)
            if threat is not None:
                return threat
            decision = Decision(decision.kind, decision.player, options[:len(options) - len(uses)], decision.about)
        return getattr(self, "_" + decision.kind)(decision, view)  # (one per kind: checked below)

    def choose_turn(self, cards: list, view):
        return _best_play(cards, view)

    def pick_or_use(self, kind, options, about, view):
        threat = _threat(view.table_uses(), view)
        if threat is not None:
            return threat
        return self.choose(Decision(kind, view.me, options, about), view)

    def _turn(self, decision, view):
        cards = [c for c in decision.options if c is not DRAW]
        play = _best_play(cards, view)
        if play is DRAW and decision.options[-1] is not DRAW:  # (`must_play`: it must, bluff or not)
            return max(cards, key=lambda c: c.points or 0)
        return play

    def _react(self, decision, view):
        return decision.options[0]  # always cancel what is aimed at us

    def _write_rule(self, decision, view):
        return decision.options[0]  # the edition's first suggestion (or blank)

    def _stack(self, decision, view):
        """Always answer a draw rather than take it: with a plain card if one answers
        (Wilds are kept for when nothing else goes), the costliest first."""
        cards = decision.options[:-1]  # the last option takes the draw
        return max(cards, key=lambda c: (not c.wild, c.points or 0))

    def _play_drawn(self, decision, view):
        card = decision.options[0]
        return KEEP if view.is_bluff(card) else card

    def _colour(self, decision, view):
        if decision.player != view.turn and view.turns > 0:
            # Not our card: a colour we name for ourselves to draw until (Color Roulette).
            return max(decision.options, key=lambda colour: _unseen_of(view, colour))
        counts = _colour_counts(view.hand)
        return max(decision.options, key=lambda colour: counts.get(colour, 0))

    def _challenge(self, decision, view):
        odds = _bluff_odds(view, decision.about)
        return odds * CHALLENGE_GAIN > (1 - odds) * CHALLENGE_LOSS

    def _call_uno(self, decision, view):
        return True

    def _catch(self, decision, view):
        return True

    def _jump_in(self, decision, view):
        """Always jump in (it sheds a card, costs none and takes the turn), with the costliest."""
        cards = decision.options[:-1]  # the last option passes
        return max(cards, key=lambda c: c.points or 0)

    def _uno_call(self, decision, view):
        """Call UNO when it has not, else catch the first player it can; never a false call."""
        p, uncalled = decision.player, decision.about
        if p in uncalled:
            return p
        return next((q for q in decision.options[:-1] if q in uncalled), decision.options[-1])

    def _player(self, decision, view):
        return min(decision.options, key=lambda q: view.hand_sizes[q])

    def _value(self, decision, view):
        """The value its own hand bears most (a number, symbol or kind: `about`), the first on a tie."""
        counts = Counter(getattr(card, decision.about, None) for card in view.hand)
        return max(decision.options, key=lambda value: counts.get(value, 0))

    def _give(self, decision, view):
        return max(decision.options, key=lambda q: view.hand_sizes[q])

    def _yes_no(self, decision, view):
        return True

    def _question(self, decision, view):
        return decision.options[0]

    def _top_card(self, decision, view):
        rest = [c for c in view.hand if c not in decision.options]
        counts = _colour_counts(rest)
        return max(decision.options, key=lambda c: counts.get(c.colour, 0))

    def _discard(self, decision, view):
        return min(decision.options, key=lambda c: _usefulness(c, view.hand))

    def _pile(self, decision, view):
        """The discard pile of the fewest cards (the least a pile taken back can cost)."""
        sizes = {name: len(cards) for name, cards, _colour in view.discard_piles}
        return min(decision.options, key=lambda name: sizes.get(name, 0))

    def _pick(self, decision, view):
        """Out of its own hand, its least useful card; into it, the most useful."""
        own = decision.about == ["hand", decision.player]
        usefulness = lambda c: _usefulness(c, view.hand)  # noqa: E731
        return (min if own else max)(decision.options, key=usefulness)


# Every kind of decision has its answer here, named after it (a kind added to the table
# without one stops the import, rather than be answered by the first option).
check_answered("the greedy agent", {kind for kind in DECISIONS if hasattr(GreedyAgent, "_" + kind)})


def _best_play(cards: list, view):
    """A playable card that is no bluff: the costliest plain one (Wilds kept), first those that
    hurt the next player when someone is about to go out; DRAW when none is."""
    cards = [c for c in cards if c is not DRAW and not view.is_bluff(c)]
    if not cards:
        return DRAW
    plain = [c for c in cards if not c.wild]
    if _someone_close(view):
        hurting = [c for c in cards if harm(c.spec)]
        if hurting:
            plain = [c for c in hurting if not c.wild] or hurting
    pool = plain or cards
    counts = _colour_counts(view.hand)
    return max(pool, key=lambda c: (c.points or 0, counts.get(c.colour, 0)))


def _someone_close(view) -> bool:
    sizes, me, out = view.hand_sizes, view.me, view.out
    return any(size <= THREAT for q, size in enumerate(sizes) if q != me and q not in out)


def harm(kind) -> int:
    """How many statements of a kind's effect make another player draw or miss a turn
    (worked out once per kind, and kept with it)."""
    known = kind.__dict__.get("_harm")
    if known is None:
        known = kind.__dict__["_harm"] = _harm(kind)
    return known


def _harm(kind) -> int:
    if kind.effect is None or kind.effect.tree is None:
        return 0
    count = 0
    for node in ast.walk(kind.effect.tree):
        if isinstance(node, (ast.Draw, ast.DrawUntil, ast.DrawOrPass, ast.Skip)):
            target = node.target
            if not (type(target) is ast.Player and target.who == "me"):
                count += 1
    return count


def _usefulness(card, hand) -> tuple:
    """How much a card is worth keeping: a Wild most, then a card of a colour held often."""
    counts = _colour_counts(hand)
    return (card.wild, counts.get(card.colour, 0), -(card.points or 0))


def _unseen_of(view, colour) -> int:
    """How many cards of `colour` this seat has not seen (in its hand or face up)."""
    seen = Counter(c.colour for c in (*view.hand, *view.discard, *view.table))
    total = sum(1 for c in _deck_faces(view) if c.colour == colour)
    return total - seen.get(colour, 0)


def _deck_faces(view) -> list:
    edition = view.edition
    return [edition.card(card.uid, view.side) for card in edition.deck]


def _bluff_odds(view, accused) -> float:
    """The chance that the card just played against us (with a `bluff_if`) is a bluff: the
    prior that its player bluffs, times the chance that their hand held a card of the colour
    that was in play before it (drawn from the cards this seat has not seen)."""
    below = view.discard[-2] if len(view.discard) > 1 else None
    colour = below.colour if below is not None else None
    if colour is None or accused is None:
        return 0.0
    seen = [*view.hand, *view.discard, *view.table]
    unseen = len(view.edition.deck) - len(seen)
    of_colour = _unseen_of(view, colour)
    held = view.hand_sizes[accused]
    if unseen <= 0 or held <= 0:
        return 0.0
    none_held = comb(max(unseen - of_colour, 0), held) / comb(unseen, held) if held <= unseen else 0.0
    return BLUFF_PRIOR * (1 - none_held)


def _threat(uses, view):
    """The use of a table card on the player holding fewest cards, if they hold two at most
    (stop a player about to go out); of those, the first use offered."""
    if not uses:
        return None
    sizes = view.hand_sizes
    threat = min(uses, key=lambda u: sizes[u.target])
    return threat if sizes[threat.target] <= THREAT else None


def _colour_counts(hand) -> Counter:
    return Counter(c.colour for c in hand if c.colour is not None)
