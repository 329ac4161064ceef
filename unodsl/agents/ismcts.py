"""The tree of information-set Monte Carlo tree search (Cowling, Powley & Whitehouse 2012).

One tree for the searching seat (single observer). Each iteration plays one sampled world
(unodsl.seat.worlds) on from the root: at every decision of any seat, while the iteration
is in the tree, the child to follow is chosen among the options open in *this* world by
UCB1, counted against the iterations in which each was open ("availability"); the first
option never tried is added to the tree, and from there a rollout policy plays on until the
round ends or the depth cut. The reward of each seat (1 for a round won, else an estimate,
unodsl.agents.evaluate) goes back up the path, each node crediting the seat that chose it.

An option is known in the tree by what every seat sees of it: a card by its face (two red
7s are one move), a seat, a colour, DRAW, a use of a table card by the face and the target.
A child is keyed by the decision's kind and seat with it, so that worlds in which different
decisions come next share a node without mixing their moves.
"""
from __future__ import annotations

from math import log, sqrt

from ..edition.model import Card
from ..engine.decisions import TableUse, _Marker


class Node:
    """The statistics of one move in the tree: visits, reward summed for the seat that chose
    it, and how many times it was open when its parent was reached."""

    __slots__ = ("children", "visits", "reward", "available")

    def __init__(self):
        self.children: dict = {}
        self.visits = 0
        self.reward = 0.0
        self.available = 0


def option_key(option):
    """An option as every seat sees it (see the module's docstring)."""
    kind = option.__class__
    if kind is Card:
        return option.face
    if kind is TableUse:
        return ("use", option.card.face, option.target)
    if kind is _Marker:
        return option.name
    return (kind.__name__, option)  # (True is not seat 1)


class Walk:
    """One iteration's way through the tree (`begin` starts one): the search's seats ask it
    each decision of the world; `rollout(seat, kind, options, about, view)` answers once the
    iteration has left the tree."""

    __slots__ = ("node", "path", "in_tree", "exploration", "rng", "rollout", "searcher", "forced")

    def __init__(self, exploration: float, rng, rollout, searcher: int | None = None):
        self.exploration = exploration
        self.rng = rng
        self.rollout = rollout
        self.searcher = searcher  # (when set, only its decisions are in the tree)
        self.forced = None  # the root's option this iteration plays, when the search says
        self.node = None
        self.path: list = []
        self.in_tree = False

    def begin(self, root: Node, forced=None) -> None:
        self.node = root
        self.path = []
        self.in_tree = True
        self.forced = forced

    def decide(self, kind: str, seat: int, options: list, about, view):
        if not self.in_tree or (self.searcher is not None and seat != self.searcher):
            return self.rollout(seat, kind, options, about, view)
        node = self.node
        children = node.children
        if self.forced is not None:  # the root, its option given (paired worlds: see mcts.py)
            option, self.forced = self.forced, None
            key = (kind, seat, option_key(option))
            child = children.get(key)
            if child is None:
                child = children[key] = Node()
            child.available += 1
            self.path.append((child, seat))
            self.node = child
            return option
        fresh, open_ = [], []
        seen = set()
        for option in options:
            key = (kind, seat, option_key(option))
            if key in seen:
                continue
            seen.add(key)
            child = children.get(key)
            if child is None:
                fresh.append((key, option))
            else:
                open_.append((child, option))
        if fresh:
            key, option = fresh[self.rng.randrange(len(fresh))] if len(fresh) > 1 else fresh[0]
            child = children[key] = Node()
            for other, _ in open_:
                other.available += 1
            child.available += 1
            self.path.append((child, seat))
            self.in_tree = False
            return option
        best, best_option, best_value = None, None, -1.0
        c = self.exploration
        for child, option in open_:
            child.available += 1
            value = child.reward / child.visits + c * sqrt(log(child.available) / child.visits)
            if value > best_value:
                best, best_option, best_value = child, option, value
        self.path.append((best, seat))
        self.node = best
        return best_option

    def back_up(self, rewards: list[float]) -> None:
        for node, seat in self.path:
            node.visits += 1
            node.reward += rewards[seat]

