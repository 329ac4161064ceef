"""`unodsl.rl.SingleAgentEnv`: one learning seat against built-in bots, a gymnasium.Env.

The other seats are played by the Match's own agents (random, greedy, mcts, ...: each
decides from its own seat's view); `step` answers the learning seat's decision and plays
on until it must decide again or the round ends. One round is one episode.
"""
from __future__ import annotations

import gymnasium
import numpy as np
from gymnasium import spaces

from ..errors import UnoError
from .actions import IllegalAction
from .encoding import BOUND, Encoding
from .table import Table, loaded

MAX_EMPTY_ROUNDS = 100  # rounds in a row that end before the learning seat decides (a reset gives up)
MAX_REFUSED = 100  # illegal actions in a row refused before the episode is truncated (a learner stuck)
ILLEGAL = ("refuse", "raise")


class SingleAgentEnv(gymnasium.Env):
    metadata = {"render_modes": []}

    def __init__(self, edition="classic", players: int = 2, opponents="random", seat=0, rules=(), settings=None,
                 reward: str = "win", illegal: str = "refuse", illegal_reward: float = -0.1):
        self.edition = loaded(edition, rules, settings)
        self.encoding = Encoding(self.edition, players)
        self.players = players
        others = [opponents] * (players - 1) if isinstance(opponents, str) else list(opponents)
        if len(others) != players - 1:
            raise UnoError(f"opponents: one agent for each of the {players - 1} other seats, not {len(others)}")
        self.opponents = others
        if seat != "rotate" and not (isinstance(seat, int) and 0 <= seat < players):
            raise UnoError(f"seat must be a seat number from 0 to {players - 1}, or \"rotate\", not {seat!r}")
        self.seat_option = seat
        self.reward_kind = reward
        if illegal not in ILLEGAL:
            raise UnoError(f"illegal must be one of {', '.join(ILLEGAL)}, not {illegal!r}")
        self.illegal = illegal
        self.illegal_reward = illegal_reward
        self.refused = 0
        size, count = self.encoding.size, len(self.encoding.actions)
        self.observation_space = spaces.Dict({
            "observation": spaces.Box(-BOUND, BOUND, (size,), np.float32),
            "action_mask": spaces.Box(0, 1, (count,), np.int8)})
        self.action_space = spaces.Discrete(count)
        self.episodes = 0
        self.seat = 0 if seat == "rotate" else seat
        self.table: Table | None = None

    def reset(self, *, seed=None, options=None):
        super().reset(seed=seed)
        self.refused = 0
        for _ in range(MAX_EMPTY_ROUNDS):
            self.seat = self.episodes % self.players if self.seat_option == "rotate" else self.seat_option
            self.episodes += 1
            agents = list(self.opponents)
            agents.insert(self.seat, None)
            self.table = Table(self.edition, self.encoding, agents, int(self.np_random.integers(2**63)),
                               self.reward_kind)
            if not self.table.over:
                return self.table.observation(self.seat), self._info()
        raise UnoError(f"{MAX_EMPTY_ROUNDS} rounds in a row ended before seat {self.seat} had a decision to make")

    def step(self, action):
        if self.table is None or self.table.over:
            raise UnoError("the round is over: reset the environment")
        try:
            self.table.answer(action)
        except IllegalAction as refusal:
            if self.illegal == "raise":
                raise
            return self._refuse(refusal)
        self.refused = 0
        observation = self.table.observation(self.seat)
        if not self.table.over:
            return observation, 0.0, False, False, self._info()
        reward = self.table.rewards()[self.seat]
        stopped = self.table.stopped()
        return observation, reward, not stopped, stopped, self._info()

    def _refuse(self, refusal: IllegalAction):
        """An action the mask forbids, under illegal="refuse": nothing is played, the
        observation is the same, `illegal_reward` is given and the refusal said in `info`;
        after MAX_REFUSED in a row the episode is truncated."""
        self.refused += 1
        info = {**self._info(), "illegal_action": str(refusal)}
        return (self.table.observation(self.seat), self.illegal_reward, False, self.refused >= MAX_REFUSED, info)

    def _info(self) -> dict:
        return {"seat": self.seat}


def vector_env(n: int, asynchronous: bool = False, **kwargs):
    """`n` SingleAgentEnv (made with `kwargs`) stepped together by Gymnasium's vector API."""
    make = [lambda: SingleAgentEnv(**kwargs) for _ in range(n)]
    return gymnasium.vector.AsyncVectorEnv(make) if asynchronous else gymnasium.vector.SyncVectorEnv(make)
