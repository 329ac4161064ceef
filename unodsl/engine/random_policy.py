"""The built-in random agent's policy, written once.

`unodsl.agents.RandomAgent` is this policy; the round's turn loop (unodsl.engine.turns)
asks its functions directly for a seat whose agent it is, and the loop written for an
edition (unodsl.engine.specialise) has them copied in: the same random numbers, drawn in
the same order, whichever runs.

The policy picks uniformly among the legal options of every decision, with one exception:
on its turn it plays a uniformly chosen playable card and draws only when it has none.
(Drawing by choice is legal, but a player that does it half the time makes rounds of
thousands of turns, which says nothing about an edition.) Likewise a table card in the
middle is used at a decision with a 5% chance, on a random player, rather than as one more
of many equal options. Under UNO at any time it calls only truly (passing, or calling on a
player who holds one card, uniformly): most calls it could make are false, and one that made
them would draw cards without end. (A jump-in is one more option, uniformly like the others.)
"""
from __future__ import annotations

from math import floor  # (of a float: as int() for one not negative, and three times as quick)

from .decisions import DRAW, TURN, UNO_CALL, WRITE_RULE, TableUse

TABLE_USE_CHANCE = 0.05  # of using a table card at a decision where one lies in the middle


def random_card(rand, cards: list):
    """The turn: one of the playable `cards` (never DRAW), from the number source `rand`."""
    return cards[floor(rand() * len(cards))]


def random_option(rand, kind: str, options: list):
    """Any decision but an UNO call: one of `options` (a turn's last option, DRAW, never)."""
    if kind is TURN and options[-1] is DRAW:  # (under `must_play` a turn offers no DRAW)
        return options[floor(rand() * (len(options) - 1))]
    return options[floor(rand() * len(options))]


# ---- with table cards in the middle (unodsl.engine.out_of_turn), as the round asks again
# after each use (OfferingTableCards): each question first a use with TABLE_USE_CHANCE

def random_card_with_table(rnd, p: int, rand, cards: list):
    """The turn of seat `p` of the round `rnd`: uses of table cards, then one of `cards`."""
    while rnd.table and (not rnd.out or rnd.others(p)) and rand() < TABLE_USE_CHANCE:
        random_table_use(rnd, p, rand)
    return random_card(rand, cards)


def random_answer_with_table(rnd, p: int, rand, kind: str, options: list):
    """Any other decision but an UNO call: uses of table cards, then one of `options` (a
    forced move not put, once no use is on offer)."""
    offered = True  # (a use was on offer when the pick came: then even a forced move is picked)
    while True:
        if not (rnd.table and (not rnd.out or rnd.others(p))):
            offered = False
            break
        if rand() >= TABLE_USE_CHANCE:
            break
        random_table_use(rnd, p, rand)
    if not offered and len(options) == 1 and kind is not WRITE_RULE:
        return options[0]
    return random_option(rand, kind, options)


def random_table_use(rnd, p: int, rand) -> None:
    """`p` uses a table card: the use at a uniform index of those on offer (`rnd.table_uses(p)`:
    each table card on each other player in turn, as a Decision lists them), found without
    listing them (a use is offered at most decisions of an edition with table cards)."""
    table = rnd.table
    if rnd.out:
        targets = rnd.others(p)
        pick = floor(rand() * (len(table) * len(targets)))
        rnd._use_table(p, table[pick // len(targets)], targets[pick % len(targets)])
    else:  # (the others are the next n - 1 seats in turn order)
        n = rnd.n
        pick = floor(rand() * (len(table) * (n - 1)))
        rnd._use_table(p, table[pick // (n - 1)], (p + (pick % (n - 1) + 1) * rnd.direction) % n)


class RandomPolicy:
    """An agent's answers by the policy above, from its number source `self._random`."""

    def choose(self, decision, view):
        options = decision.options
        if options[-1].__class__ is TableUse:
            uses = [o for o in options if isinstance(o, TableUse)]
            if self._random() < TABLE_USE_CHANCE:
                return random_option(self._random, None, uses)
            options = options[:len(options) - len(uses)]
        if decision.kind is TURN and len(options) == 1:  # (DRAW alone: a number drawn all the same)
            return random_option(self._random, None, options)
        return self.pick(decision.kind, options, decision.about, view)

    def choose_turn(self, cards: list, view):
        # As `choose` for a turn with no table card: a playable card, never DRAW.
        return random_card(self._random, cards)

    def pick(self, kind, options, about, view):
        # As `choose` for a decision with no table card (the engine never puts
        # a forced move, so a turn has a playable card besides DRAW).
        if kind is UNO_CALL:
            options = _true_calls(options, view)
        return random_option(self._random, kind, options)

    def pick_or_use(self, kind, options, about, view):
        # As `choose` with the uses after the options: the same random numbers, in the same
        # order (the uses are listed only when one is chosen); then as `pick`.
        if self._random() < TABLE_USE_CHANCE:
            return random_option(self._random, None, view.table_uses())
        return self.pick(kind, options, about, view)


def answers_at_random(agent) -> bool:
    """Whether `agent` answers every decision by this policy (its picks may be made for it)."""
    cls = agent.__class__
    known = _AT_RANDOM.get(cls)
    if known is None:
        known = _AT_RANDOM[cls] = all(getattr(cls, name, None) is getattr(RandomPolicy, name)
                                      for name in ("choose", "choose_turn", "pick", "pick_or_use"))
    return known


_AT_RANDOM: dict = {}  # agent class -> whether it answers by the policy (asked once a round per seat)


def _true_calls(options: list, view) -> list:
    """Of an UNO_CALL's options (seats, then PASS): the calls on a player who holds one card,
    and passing."""
    sizes = view.hand_sizes
    return [q for q in options[:-1] if sizes[q] == 1] + [options[-1]]
