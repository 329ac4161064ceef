"""`mcts`: information-set Monte Carlo tree search over the decision protocol, for any edition.

At a decision the agent reads its history (unodsl.seat.knowledge: where each card it cannot
see may be, what each hand lacks; unodsl.agents.reading: what other players' plays suggest,
with the rollout policy as the model of how they play), samples worlds its seat cannot tell
from the real round at the last checkpoint (unodsl.seat.worlds), plays each to the decision
(unodsl.seat.replay) and on: the tree of information-set MCTS (unodsl.agents.ismcts) chooses
for every seat while the iteration is in it, a rollout policy (greedy by default) after, and
the round is cut `depth` turns after the checkpoint with an evaluation of the hands.

Each sampled world is played once with every option of the decision, from the same cards
with the same chances: the options' rewards are paired, which takes the luck of the deal
out of their comparison. The answer is the option with the best mean, unless it beats the
rollout policy's own choice by less than MARGIN standard errors of their paired difference.

    mcts                         the default budget, 200 iterations a decision
    mcts:iterations=400          a budget in iterations (the same answers for a seed)
    mcts:ms=50                   a budget in milliseconds (as many iterations as fit; not
                                 the same answers from one machine to another)
    mcts:depth=8:rollout=random:exploration=0.7:margin=1:read=rules:opponents=policy

Settings: depth (turns), rollout (greedy or random), exploration (UCB1's constant below the
root), margin (see above), points (how much the points a hand holds weigh at the cut,
against one card for a card of average points), read (policy: what play suggests is used, as likely; rules: only
what the rules force), opponents (tree: the other seats' decisions are in the tree too;
policy: the rollout policy makes them).

It decides from its view alone: the round is never handed to it, and the worlds it plays
are its own samples.
"""
from __future__ import annotations

import random
import time

from ..engine.decisions import Decision
from ..errors import UnoError
from ..seat.knowledge import Knowledge, lacking
from ..seat.replay import Rejected, Replay, Swap, hindsight, pins
from ..seat.worlds import Sampler, Unsampled
from .base import Agent
from .greedy import GreedyAgent
from .ismcts import Walk, option_key
from .mcts_search import Search, Stop, Stopped
from .random_agent import RandomAgent
from .reading import PlayReader

DEFAULT_ITERATIONS = 200
DEFAULT_DEPTH = 8  # turns played on from the checkpoint before the evaluation
DEFAULT_EXPLORATION = 0.7
ROLLOUTS = {"greedy": GreedyAgent, "random": RandomAgent}
# How much the points a hand holds weigh at the cut, against one card for a card of average
# points (the evaluation: unodsl.agents.mcts_search.SHARPNESS).
POINT_WEIGHT = 0.0
# How far another option's mean must beat the rollout policy's choice, in standard errors of
# their paired difference, for the search to play it instead.
MARGIN = 1.0
# Worlds tried for each iteration of the budget before the search gives up on them (each of
# unodsl.agents.mcts_search.TRIES tries).
WORLDS_PER_ITERATION = 4


class MctsAgent(Agent):
    name = "mcts"
    trusted = False  # (the engine checks every answer)
    keeps_history = True

    def __init__(self, rng=None, iterations: int | None = None, ms: float | None = None, depth: int = DEFAULT_DEPTH,
                 rollout: str = "greedy", exploration: float = DEFAULT_EXPLORATION, opponents: str = "tree",
                 margin: float = MARGIN, read: str = "policy", points: float = POINT_WEIGHT):
        super().__init__(rng or random.Random())
        if iterations is None and ms is None:
            iterations = DEFAULT_ITERATIONS
        self.iterations, self.ms = iterations, ms
        for name, value, low in (("iterations", iterations, 1), ("ms", ms, 0), ("depth", depth, 1),
                                 ("exploration", exploration, 0), ("margin", margin, 0), ("points", points, 0)):
            if value is not None and (not isinstance(value, (int, float)) or value < low):
                raise UnoError(f"mcts: {name}={value!r} is not a number of at least {low}")
        self.depth = depth
        self.exploration = exploration
        if opponents not in ("tree", "policy"):
            raise UnoError(f"mcts: opponents={opponents!r}: 'tree' or 'policy'")
        self.opponents = opponents
        self.margin = margin
        self.points = points
        if read not in ("policy", "rules"):
            raise UnoError(f"mcts: read={read!r}: 'policy' (what play suggests, with the rollout policy as the "
                           "model of how others play) or 'rules' (only what the rules force)")
        self.read = read
        self.reader = None
        self.guesses: dict = {}
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
        self.reader = None
        self.guesses = {}  # history index -> what the reader guessed of it (unodsl.agents.reading)
        self.checkpoint = None

    # ---- reading the history

    def _read(self, view) -> None:
        history = view.history
        knowledge = self.knowledge
        if knowledge is None:
            knowledge = self.knowledge = Knowledge(view.me, len(view.edition.deck))
            if self.read == "policy":
                self.reader = PlayReader(view.edition, view.me, self.policy)
        reader = self.reader
        for index in range(knowledge.read, len(history)):
            observation = history[index]
            guessed = reader.lacks(observation, view) if reader is not None else ()
            if guessed:
                self.guesses[index] = guessed
            knowledge.observe(observation, guessed)
            if observation.view is not None:
                self.checkpoint = (index, observation, *knowledge.snapshot())
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
        search = self._prepared(decision, view, Walk(self.exploration, self.rng, self._rollout,
                                                     view.me if self.opponents == "policy" else None))
        if search is None:
            return None
        deadline = time.perf_counter() + self.ms / 1000 if self.ms is not None else None
        iterations = worlds = 0
        budget = self.iterations
        options = _distinct(decision.options)
        paired = []  # per world: the searching seat's reward for each option
        while True:
            if budget is not None and (iterations >= budget or worlds >= budget * WORLDS_PER_ITERATION):
                break
            if deadline is not None and worlds and time.perf_counter() >= deadline:
                break
            seed = self.rng.getrandbits(64)
            dealt, world, tries = search.consistent(options[0], seed)
            worlds += tries
            if dealt is None:
                continue
            plays = [(search.walk.path, search.rewards(world))]
            for option in options[1:]:
                try:  # (the same cards and chances: the world comes to the decision again)
                    world = search.guarded(search.play, dealt, option, seed)
                except (Swap, Rejected):
                    world = None
                if world is None:
                    break
                plays.append((search.walk.path, search.rewards(world)))
            else:  # (every option played in this world: its rewards are paired)
                for path, reward in plays:
                    search.walk.path = path
                    search.walk.back_up(reward)
                iterations += len(plays)
                paired.append([reward[view.me] for _path, reward in plays])
        self.stats["searches"] += 1
        self.stats["iterations"] += iterations
        self.stats["worlds"] = self.stats.get("worlds", 0) + worlds
        if not paired:
            return None
        return self._best(options, paired, decision, view)

    def worlds_at(self, decision, view, count: int) -> list:
        """Up to `count` worlds as the search samples them, each played from the checkpoint to
        `decision` and stopped there (for tools and tests: what the search would play on)."""
        self._read(view)
        search = self._prepared(decision, view, Stop())
        if search is None:
            return []
        found = []
        for _ in range(count):
            try:
                search.consistent(decision.options[0], self.rng.getrandbits(64))
            except Stopped as stopped:
                found.append(stopped.world)
        return found

    def _prepared(self, decision, view, walk):
        """The search of `decision` from the last checkpoint (None when no world can be sampled)."""
        index, observation, masks, groups = self.checkpoint
        prefix = view.history[index + 1:]
        groups = lacking(prefix, groups, [self.guesses.get(at, ()) for at in range(index + 1, len(view.history))])
        sampler = self._sampler(observation.view, masks, groups, prefix, view)
        if sampler is None:
            return None
        return Search(self, observation, sampler, Replay(view.me, prefix, decision, view), walk)

    def _best(self, options: list, paired: list, decision, view):
        """The option with the best mean reward over the paired worlds; the rollout policy's own
        choice unless another beats it by more than the noise (its paired difference's
        standard error, times MARGIN)."""
        count = len(paired)
        means = [sum(row[i] for row in paired) / count for i in range(len(options))]
        best = max(range(len(options)), key=lambda i: means[i])
        prior = self.fallback.choose(decision, view)
        base = next((i for i, option in enumerate(options) if option_key(option) == option_key(prior)), None)
        if base is None or base == best or count < 2:
            return options[best]
        differences = [row[best] - row[base] for row in paired]
        mean = sum(differences) / count
        spread = (sum((d - mean) ** 2 for d in differences) / (count - 1)) ** 0.5
        return options[best] if mean > self.margin * spread / count ** 0.5 else options[base]

    def _sampler(self, start, masks: list[int], groups: dict, prefix: list, view):
        """The sampler of worlds at the checkpoint, with what the seat saw since and what play
        suggests (as plainly as they are read they may not fit: then without what play
        suggests, without the backs it saw, without hindsight); None when no world agrees
        even with what the seat knew then (a defect: counted)."""
        places, bit = self.knowledge.places, self.knowledge.bit
        cards, backs = pins(prefix, view)
        certain = hindsight(prefix, masks, bit)
        tries = ((certain, places, cards, backs, groups, True), (certain, places, cards, backs, groups),
                 (certain, places, cards, backs), (certain, places, cards), (masks, places))
        for arguments in tries:
            try:
                sampler = Sampler(start, *arguments)
                sampler.sample(random.Random(0))
                return sampler
            except Unsampled:
                continue
        self.stats["unsampled"] = self.stats.get("unsampled", 0) + 1
        return None

    def _rollout(self, seat: int, kind: str, options: list, about, view):
        return self.policy.choose(Decision(kind, seat, options, about), view)

    def __repr__(self) -> str:
        return self.name


def _distinct(options: list) -> list:
    """The options every seat tells apart (two red 7s are one): the first of each."""
    seen, distinct = set(), []
    for option in options:
        key = option_key(option)
        if key not in seen:
            seen.add(key)
            distinct.append(option)
    return distinct
