"""`unodsl.rl.env(...)`: an edition as a PettingZoo AEC environment, one round an episode.

Every seat is an agent ("player_0", ...); the agent selected is the seat the pending
decision is put to, whatever its kind (a turn, a colour, a challenge, ...). Rewards come
when the round ends (unodsl.rl.table.Table.rewards); a round a limit stopped is truncated.
"""
from __future__ import annotations

import random

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from .encoding import BOUND, Encoding
from .table import Table, loaded


def env(edition, players: int = 2, rules=(), settings=None, reward: str = "win", render_mode=None) -> "UnoEnv":
    """A PettingZoo AEC environment of `edition` (a built-in name, a path, or an Edition)."""
    return UnoEnv(edition, players, rules, settings, reward, render_mode)


class UnoEnv(AECEnv):
    metadata = {"render_modes": ["human", "ansi"], "name": "unodsl_v0", "is_parallelizable": False}

    def __init__(self, edition, players: int = 2, rules=(), settings=None, reward: str = "win", render_mode=None):
        super().__init__()
        self.edition = loaded(edition, rules, settings)
        self.encoding = Encoding(self.edition, players)
        self.reward_kind = reward
        self.render_mode = render_mode
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        size, count = self.encoding.size, len(self.encoding.actions)
        observation = spaces.Dict({
            "observation": spaces.Box(-BOUND, BOUND, (size,), np.float32),
            "action_mask": spaces.Box(0, 1, (count,), np.int8)})
        self.observation_spaces = {agent: observation for agent in self.possible_agents}
        self.action_spaces = {agent: spaces.Discrete(count) for agent in self.possible_agents}
        self._seeds = random.Random()
        self.table: Table | None = None

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def reset(self, seed=None, options=None) -> None:
        if seed is not None:
            self._seeds = random.Random(seed)
        round_seed = self._seeds.randrange(2**63)
        self.table = Table(self.edition, self.encoding, [None] * len(self.possible_agents), round_seed,
                           self.reward_kind)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {} for agent in self.agents}
        self._select()
        self._end_if_over()

    def observe(self, agent):
        return self.table.observation(self.possible_agents.index(agent))

    def step(self, action) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.table.answer(action)
        self._clear_rewards()
        self._select()
        self._end_if_over()
        if self.render_mode == "human":
            self.render()

    def _select(self) -> None:
        decision = self.table.decision
        if decision is not None:
            self.agent_selection = self.possible_agents[decision.player]
        elif not hasattr(self, "agent_selection") or self.agent_selection not in self.agents:
            self.agent_selection = self.agents[0]

    def _end_if_over(self) -> None:
        if not self.table.over:
            return
        stopped = self.table.stopped()
        for agent, reward in zip(self.possible_agents, self.table.rewards()):
            self.rewards[agent] = reward
            self.terminations[agent] = not stopped
            self.truncations[agent] = stopped
        self._accumulate_rewards()

    def render(self):
        """The table as everyone sees it (no hand): the top card, the colour, each hand's size."""
        if self.table is None or self.render_mode is None:
            return None
        view = self.table.view(0)
        top = view.top.label() if view.top is not None else "none"
        text = f"top {top}, colour {view.colour}, hands {list(view.hand_sizes)}"
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def close(self) -> None:
        self.table = None
