"""`mcts`: information-set Monte Carlo tree search over the decision protocol, for any edition.

At a decision the agent samples worlds its seat cannot tell from the real round
(unodsl.seat.worlds: from its view and what its history lets it know), plays each on from
the last checkpoint with the tree (unodsl.agents.ismcts) choosing while it can and a
rollout policy (greedy by default) after, cut at a depth with an evaluation from the
edition's own points and hand sizes, and answers the root option played most.

    mcts                      the default budget
    mcts:iterations=400       a budget in iterations (the same answers for a seed)
    mcts:ms=50                a budget in milliseconds (as many iterations as fit)
    mcts:depth=8,rollout=random,exploration=0.7

It decides from its view alone: the round is never handed to it, and the worlds it plays
are its own samples.
"""
from __future__ import annotations

import random
import time
from math import exp

from ..engine.decisions import DRAW, TURN, Decision
from ..engine.modes import partner
from ..errors import UnoError
from ..seat.knowledge import Knowledge
from ..seat.replay import ROOT, Rejected, Replay, Swap, hindsight, pins
from ..seat.worlds import Sampler, Unsampled, WorldMaker, world_class
from .base import Agent
from .greedy import GreedyAgent
from .ismcts import Node, Walk, most_visited
from .random_agent import RandomAgent

DEFAULT_ITERATIONS = 200
DEFAULT_DEPTH = 8  # turns played on from the checkpoint before the evaluation
DEFAULT_EXPLORATION = 0.7
ROLLOUTS = {"greedy": GreedyAgent, "random": RandomAgent}
# The evaluation at the cut: each seat's chance of winning the round taken as falling with
# its hand: exp(-SHARPNESS * (cards + POINT_WEIGHT * points / average points of a card)).
SHARPNESS = 0.6
POINT_WEIGHT = 0.25
# Tries at making one world that comes to the decision as the seat saw it (unodsl.seat.replay),
# and worlds tried for each iteration of the budget before the search gives up on them.
TRIES = 8
WORLDS_PER_ITERATION = 4


class MctsAgent(Agent):
    name = "mcts"
    trusted = False  # (the engine checks every answer)
    keeps_history = True

    def __init__(self, rng=None, iterations: int | None = None, ms: float | None = None, depth: int = DEFAULT_DEPTH,
                 rollout: str = "greedy", exploration: float = DEFAULT_EXPLORATION):
        super().__init__(rng or random.Random())
        if iterations is None and ms is None:
            iterations = DEFAULT_ITERATIONS
        self.iterations, self.ms = iterations, ms
        self.depth = depth
        self.exploration = exploration
        if rollout not in ROLLOUTS:
            raise UnoError(f"unknown rollout policy {rollout!r}; known: {', '.join(ROLLOUTS)}")
        self.rollout_name = rollout
        self.policy = ROLLOUTS[rollout](random.Random(self.rng.random()))
        self.fallback = GreedyAgent(None)
        self.knowledge: Knowledge | None = None
        self.checkpoint = None  # (index in history, its Observation, the masks then)
        self.stats = {"searches": 0, "iterations": 0, "fallbacks": 0}

    def new_round(self) -> None:
        self.knowledge = None
        self.checkpoint = None

    # ---- reading the history

    def _read(self, view) -> None:
        history = view.history
        knowledge = self.knowledge
        if knowledge is None:
            knowledge = self.knowledge = Knowledge(view.me, len(view.edition.deck))
        for index in range(knowledge.read, len(history)):
            observation = history[index]
            knowledge.observe(observation)
            if observation.view is not None:
                self.checkpoint = (index, observation, list(knowledge.masks))
        knowledge.read = len(history)

    # ---- deciding

    def choose(self, decision, view):
        options = decision.options
        if len(options) == 1:
            return options[0]
        self._read(view)
        answer = self._search(decision, view) if self.checkpoint is not None else None
        if answer is None:
            self.stats["fallbacks"] += 1
            return self.fallback.choose(decision, view)
        return answer

    def _search(self, decision, view):
        index, observation, masks = self.checkpoint
        start = observation.view
        event = observation.event
        rng = self.rng
        prefix = view.history[index + 1:]
        masks = hindsight(prefix, masks, self.knowledge.bit)
        cards, backs = pins(prefix, view)
        try:
            sampler = Sampler(start, masks, self.knowledge.places, cards, backs)
            sampler.sample(random.Random(0))  # (the backs read from the history may not fit)
        except Unsampled:
            sampler = Sampler(start, masks, self.knowledge.places, cards)
        walk = Walk(self.exploration, rng, self._rollout)
        driver = _Driver(Replay(view.me, prefix, decision, view), walk)
        seats = [_Seat(driver, seat) for seat in range(start.n)]
        maker = WorldMaker(start, world_class(start.edition), seats, rng,
                           max_turns=event["turns"] + self.depth)
        maker.template.turns = event["turns"]
        root = Node()
        teams = bool(start.settings.get("teams"))
        average = _average_points(start.edition)
        deadline = time.perf_counter() + self.ms / 1000 if self.ms is not None else None
        iterations = worlds = 0
        budget = self.iterations
        while True:
            if budget is not None and (iterations >= budget or worlds >= budget * WORLDS_PER_ITERATION):
                break
            if deadline is not None and worlds and time.perf_counter() >= deadline:
                break
            world, tries = self._played(maker, sampler, driver, root, event["start"])
            worlds += tries
            if world is None:
                continue
            walk.back_up(_rewards(world, teams, average))
            iterations += 1
        self.stats["searches"] += 1
        self.stats["iterations"] += iterations
        self.stats["worlds"] = self.stats.get("worlds", 0) + worlds
        if not iterations:
            return None
        return most_visited(root, decision.kind, decision.player, decision.options)

    def _played(self, maker, sampler, driver, root, start: str):
        """A world played from the checkpoint through the decision searched to the cut, and
        the worlds it took (None when none of TRIES came to the decision)."""
        rng = self.rng
        dealt = sampler.sample(rng)
        for tries in range(1, TRIES + 1):
            world = maker.make(sampler.holders, dealt)
            driver.begin(root)
            try:
                world.resume(start)
            except Swap as swap:
                if not sampler.swap(dealt, swap.a, swap.b):
                    dealt = sampler.sample(rng)
                continue
            except Rejected:
                dealt = sampler.sample(rng)
                continue
            return world, tries
        return None, TRIES

    def _rollout(self, seat: int, kind: str, options: list, about, view):
        return self.policy.choose(Decision(kind, seat, options, about), view)

    def __repr__(self) -> str:
        return self.name


class _Driver:
    """Answers every decision of a world: the replay's answers up to the decision searched,
    then the walk's (the tree, then the rollout policy)."""

    __slots__ = ("replay", "walk", "replaying")

    def __init__(self, replay: Replay, walk: Walk):
        self.replay, self.walk = replay, walk
        self.replaying = True

    def begin(self, root: Node) -> None:
        self.replay.begin()
        self.walk.begin(root)
        self.replaying = True

    def decide(self, kind: str, seat: int, options: list, about, view):
        if self.replaying:
            answer = self.replay.decide(view.world, kind, seat, options, about)
            if answer is not ROOT:
                return answer
            self.replaying = False
        return self.walk.decide(kind, seat, options, about, view)


class _Seat(Agent):
    """A seat of a world the search plays: every decision goes to the driver."""

    trusted = True
    __slots__ = ("driver", "seat")

    def __init__(self, driver: _Driver, seat: int):
        self.driver, self.seat = driver, seat

    def choose(self, decision, view):
        return self.driver.decide(decision.kind, decision.player, decision.options, decision.about, view)

    def choose_turn(self, cards: list, view):
        return self.driver.decide(TURN, self.seat, [*cards, DRAW], None, view)

    def pick(self, kind, options, about, view):
        return self.driver.decide(kind, self.seat, options, about, view)

    def pick_or_use(self, kind, options, about, view):
        return self.driver.decide(kind, self.seat, [*options, *view.table_uses()], about, view)


def _rewards(world, teams: bool, average: float) -> list[float]:
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
        weights.append(exp(-SHARPNESS * (len(hand) + POINT_WEIGHT * points / average)))
    if teams:
        weights = [weights[seat] + weights[partner(seat, n)] for seat in range(n)]
    total = sum(weights) or 1.0
    return [weight / total for weight in weights]


def _average_points(edition) -> float:
    points = [card.points or 0 for card in edition.deck]
    return (sum(points) / len(points)) or 1.0

