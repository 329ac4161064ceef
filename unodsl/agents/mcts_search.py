"""One decision's search of the `mcts` agent (unodsl.agents.mcts): worlds played from the
checkpoint to the decision and on, every seat of them answered by the replay, then the
tree, then the rollout policy, and each seat's reward at the cut.

Apart from the agent (which reads its view, keeps its budget and picks the answer)
because this is the part that plays worlds: it knows the round, the agent only options.
"""
from __future__ import annotations

import random
from math import exp

from ..engine.decisions import DRAW, TURN
from ..engine.modes import partner
from ..seat.replay import ROOT, Rejected, Replay, Swap
from ..seat.world_maker import WorldMaker, world_class
from ..seat.worlds import Sampler
from .base import Agent
from .ismcts import Node, Walk

# The evaluation at the cut: each seat's chance of winning the round taken as falling with
# its hand: exp(-SHARPNESS * (cards + points * the points it holds / average points of a
# card)), `points` a setting. (Measured against three greedy in classic, 2,000 rounds each:
# SHARPNESS 1.0 won 27.7%, 0.6 26.4%; points weighed in at 0.25 made the search shed its
# Wilds early, 24-25%: by default they are not.)
SHARPNESS = 1.0
# Tries at making one world that comes to the decision as the seat saw it (unodsl.seat.replay).
TRIES = 8


class Search:
    """One decision's search by `agent` (an MctsAgent): worlds sampled at the checkpoint,
    played to the decision by the replay, then by the walk; each world's chances drawn from
    a seed (so that every option is played in the same world with the same chances: their
    rewards are paired)."""

    def __init__(self, agent, checkpoint, sampler: Sampler, replay: Replay, walk):
        start, event = checkpoint.view, checkpoint.event
        self.agent, self.sampler, self.walk = agent, sampler, walk
        self.driver = Driver(replay, walk)
        seats = [Seat(self.driver, seat) for seat in range(start.n)]
        self.maker = WorldMaker(start, world_class(start.edition), seats, agent.rng,
                                max_turns=event["turns"] + agent.depth)
        self.maker.template.turns = event["turns"]
        self.start = event["start"]
        self.root = Node()
        self.chance = random.Random()
        self.teams = bool(start.settings.get("teams"))
        self.average = average_points(start.edition)

    def play(self, dealt: list, option, seed: int):
        """The world of `dealt` played to the decision, then on with `option` to the cut."""
        world = self.maker.make(self.sampler.holders, dealt)
        self.chance.seed(seed)
        world.rng = world._chance = self.chance
        self.driver.begin(self.root, option)
        world.resume(self.start)
        return world

    def consistent(self, first, seed: int):
        """Cards dealt into the unseen places from which a world comes to the decision searched
        as the seat saw the round come to it, that world played on with the option `first`, and
        the worlds it took (None, None when none of TRIES did)."""
        sampler, rng = self.sampler, self.agent.rng
        dealt = sampler.sample(rng)
        for tries in range(1, TRIES + 1):
            try:
                world = self.guarded(self.play, dealt, first, seed)
            except Swap as swap:
                if not sampler.swap(dealt, swap.a, swap.b):
                    dealt = sampler.sample(rng)
                continue
            except Rejected:
                dealt = sampler.sample(rng)
                continue
            if world is None:
                dealt = sampler.sample(rng)
                continue
            return dealt, world, tries
        return None, None, TRIES

    def guarded(self, play, *arguments):
        """A world played, or None when playing it raised (counted as `world_errors`: a world is
        an edition's round like any other, and a defect there must not stop the real round)."""
        try:
            return play(*arguments)
        except (Swap, Rejected, Stopped):
            raise
        except Exception:  # noqa: BLE001 (see the docstring; tests hold the count at none)
            stats = self.agent.stats
            stats["world_errors"] = stats.get("world_errors", 0) + 1
            return None

    def rewards(self, world) -> list[float]:
        return rewards_at_cut(world, self.teams, self.average, self.agent.points)


class Stopped(Exception):
    """(MctsAgent.worlds_at: the world come to the decision, stopped there.)"""

    def __init__(self, world):
        super().__init__()
        self.world = world


class Stop:
    """A walk that stops the world at the decision searched (MctsAgent.worlds_at)."""

    def begin(self, root, forced=None) -> None:
        pass

    def decide(self, kind, seat, options, about, view):
        raise Stopped(view.world)


class Driver:
    """Answers every decision of a world: the replay's answers up to the decision searched,
    then the walk's (the tree, then the rollout policy)."""

    __slots__ = ("replay", "walk", "replaying")

    def __init__(self, replay: Replay, walk: Walk):
        self.replay, self.walk = replay, walk
        self.replaying = True

    def begin(self, root: Node, forced=None) -> None:
        self.replay.begin()
        self.walk.begin(root, forced)
        self.replaying = True

    def decide(self, kind: str, seat: int, options: list, about, view):
        if self.replaying:
            answer = self.replay.decide(view.world, kind, seat, options, about)
            if answer is not ROOT:
                return answer
            self.replaying = False
        return self.walk.decide(kind, seat, options, about, view)


class Seat(Agent):
    """A seat of a world the search plays: every decision goes to the driver."""

    trusted = True
    __slots__ = ("driver", "seat")

    def __init__(self, driver: Driver, seat: int):
        self.driver, self.seat = driver, seat

    def choose(self, decision, view):
        return self.driver.decide(decision.kind, decision.player, decision.options, decision.about, view)

    def choose_turn(self, cards: list, view):
        return self.driver.decide(TURN, self.seat, [*cards, DRAW], None, view)

    def pick(self, kind, options, about, view):
        return self.driver.decide(kind, self.seat, options, about, view)

    def pick_or_use(self, kind, options, about, view):
        return self.driver.decide(kind, self.seat, [*options, *view.table_uses()], about, view)


def rewards_at_cut(world, teams: bool, average: float, weight: float) -> list[float]:
    """Each seat's reward: 1 for the round won (with a partner, the team's), else its chance
    of winning as the hands stand at the cut (see SHARPNESS)."""
    n = world.n
    winner = world.winner
    if winner is not None:
        rewards = [0.0] * n
        rewards[winner] = 1.0
        if teams:
            rewards[partner(winner, n)] = 1.0
        return rewards
    out = world.out
    weights = []
    for seat, hand in enumerate(world.hands):
        if seat in out:
            weights.append(0.0)
            continue
        points = 0
        for card in hand:
            points += card.points or 0
        weights.append(exp(-SHARPNESS * (len(hand) + weight * points / average)))
    if teams:
        weights = [weights[seat] + weights[partner(seat, n)] for seat in range(n)]
    total = sum(weights) or 1.0
    return [weight / total for weight in weights]


def average_points(edition) -> float:
    points = [card.points or 0 for card in edition.deck]
    return (sum(points) / len(points)) or 1.0
