"""unodsl.rl's environments: an illegal action refused (never swapped), rewards at the
round's end, the single-agent wrapper's seats and opponents, the vector API, and the
documented observation layout."""
from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("pettingzoo", reason="unodsl.rl needs the rl extra: pip install 'unodsl[rl]'")

import unodsl.rl as rl  # noqa: E402
from unodsl.errors import UnoError  # noqa: E402

DOCS = Path(__file__).resolve().parents[2] / "docs" / "rl.md"


def _random_round(env, seed: int) -> dict:
    """Play one round with random legal actions, drawing only when no card goes (so that the
    round ends soon); the rewards summed per agent."""
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    draw = env.encoding.actions.index("turn: draw")
    total = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter(max_iter=20000):
        observation, reward, terminated, truncated, _ = env.last()
        total[agent] += reward
        legal = np.flatnonzero(observation["action_mask"])
        if len(legal) > 1:
            legal = legal[legal != draw]
        env.step(None if terminated or truncated else int(rng.choice(legal)))
    return total


def test_an_action_the_mask_forbids_raises_and_changes_nothing():
    env = rl.env("classic", players=3)
    env.reset(seed=4)
    observation = env.observe(env.agent_selection)
    forbidden = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    agent = env.agent_selection
    with pytest.raises(rl.IllegalAction, match=r"action \d+ \(.*\) is not allowed now: the seat is asked a turn"):
        env.step(forbidden)
    assert env.agent_selection == agent
    assert np.array_equal(env.observe(agent)["observation"], observation["observation"])


def test_the_winner_gets_one_and_the_others_minus_one():
    env = rl.env("classic", players=3)
    total = _random_round(env, 11)
    assert sorted(total.values()) == [-1.0, -1.0, 1.0]


def test_points_reward_the_winners_gain_and_charge_each_other_seat_its_hand():
    env = rl.env("classic", players=3, reward="points")
    total = _random_round(env, 11)
    result = env.table.match.results[-1]
    winner = result.winner
    assert total[f"player_{winner}"] == result.scored[winner] > 0
    for seat in range(3):
        if seat != winner:
            assert total[f"player_{seat}"] == -result.points[seat]
    assert result.scored[winner] == sum(result.points)  # classic: the winner scores what the others hold


def test_the_single_agent_wrapper_refuses_or_raises_an_illegal_action():
    env = rl.SingleAgentEnv("classic", players=2)
    observation, _ = env.reset(seed=2)
    forbidden = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    again, reward, terminated, truncated, info = env.step(forbidden)
    assert np.array_equal(again["observation"], observation["observation"])
    assert (reward, terminated, truncated) == (-0.1, False, False)
    assert "is not allowed now" in info["illegal_action"]
    strict = rl.SingleAgentEnv("classic", players=2, illegal="raise")
    observation, _ = strict.reset(seed=2)
    with pytest.raises(rl.IllegalAction):
        strict.step(int(np.flatnonzero(observation["action_mask"] == 0)[0]))


def test_a_learner_that_only_sends_illegal_actions_is_truncated():
    env = rl.SingleAgentEnv("classic", players=2)
    observation, _ = env.reset(seed=2)
    forbidden = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    for step in range(1, 200):
        _, _, terminated, truncated, _ = env.step(forbidden)
        if truncated:
            break
    assert step == 100 and not terminated


def test_the_learning_seat_rotates_and_plays_against_the_named_bots():
    env = rl.SingleAgentEnv("classic", players=3, opponents=["greedy", "random"], seat="rotate")
    seats = []
    for episode in range(3):
        _, info = env.reset(seed=episode)
        seats.append(info["seat"])
        assert env.table.decision.player == info["seat"]
        assert [a is None for a in env.table.match.agents] == [s == info["seat"] for s in range(3)]
    assert seats == [0, 1, 2]
    with pytest.raises(UnoError, match="one agent for each of the 2 other seats"):
        rl.SingleAgentEnv("classic", players=3, opponents=["greedy"])


def test_a_round_is_played_out_with_the_vector_api():
    envs = rl.vector_env(2, edition="classic", players=2)
    observations, _ = envs.reset(seed=3)
    rng = np.random.default_rng(0)
    finished = 0
    for _ in range(400):
        # (a round just over shows an empty mask: Gymnasium's next step resets it, the action unused)
        actions = [int(rng.choice(np.flatnonzero(mask))) if mask.any() else 0 for mask in observations["action_mask"]]
        observations, rewards, terminated, truncated, _ = envs.step(actions)
        finished += int(terminated.sum() + truncated.sum())
    assert finished >= 2 and observations["observation"].shape == (2, envs.single_observation_space["observation"].shape[0])
    envs.close()


def test_an_edition_file_of_ones_own_with_rules_and_settings(tmp_path):
    env = rl.env("classic", players=2, rules=["@seven-zero"], settings={"hand_size": 5})
    env.reset(seed=1)
    sizes = env.encoding.layout[[name for name, _, _ in env.encoding.layout].index(
        "hand sizes, seat +0..+n-1 (/ hand size)")]
    _, start, _ = sizes
    assert env.observe("player_0")["observation"][start] == 1.0  # five cards of a hand of five


def test_the_documented_layout_is_classics_at_four_players():
    encoding = rl.Encoding(rl.env("classic").edition, 4)
    rows = re.findall(r"^\| (\d+) \| (\d+) \| (.+) \|$", DOCS.read_text(encoding="utf-8"), re.M)
    assert [(int(start), int(length), name) for start, length, name in rows] == \
        [(start, length, name) for name, start, length in encoding.layout]
    assert f"{encoding.size} numbers" in DOCS.read_text(encoding="utf-8")
    assert f"{len(encoding.actions)} actions" in DOCS.read_text(encoding="utf-8")



def test_in_teams_the_winners_partner_wins_with_it():
    env = rl.env("teams", players=4)
    total = _random_round(env, 5)
    winner = env.table.match.results[-1].winner
    partner = (winner + 2) % 4  # (partners sit opposite: the teams edition's rule)
    assert total[f"player_{winner}"] == total[f"player_{partner}"] == 1.0
    assert sorted(total.values()) == [-1.0, -1.0, 1.0, 1.0]
