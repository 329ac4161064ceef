"""The mcts agent: named with its settings, deterministic for a seed, playing every shipped
edition and the popular house rules through the engine's checks, and stronger than random."""
from __future__ import annotations

import random

import pytest
from click.testing import CliRunner

import unodsl
from unodsl.agents import make_agent, parse_agent
from unodsl.agents.mcts import MctsAgent
from unodsl.cli import main as cli
from unodsl.edition.rules import popular_rule_names
from unodsl.errors import UnoError
from unodsl.resources import edition_names
from unodsl.sim.simulate import simulate


def test_an_agent_is_named_with_its_settings():
    cls, settings = parse_agent("mcts:iterations=400:depth=6:rollout=random:exploration=0.5")
    assert cls is MctsAgent and settings == {"iterations": 400, "depth": 6, "rollout": "random", "exploration": 0.5}
    agent = make_agent("mcts:ms=50", random.Random(1))
    assert agent.ms == 50 and agent.iterations is None
    assert make_agent("mcts", random.Random(1)).iterations == 200


@pytest.mark.parametrize("spec, words", [
    ("mcts:speed=3", "'speed=3' is not a setting of it"),
    ("mcts:iterations", "'iterations' is not a setting of it"),
    ("mcts:rollout=clever", "unknown rollout policy 'clever'"),
    ("greedy:depth=2", "'depth=2' is not a setting of it (its settings: none)"),
    ("alpha", "unknown agent 'alpha'"),
])
def test_a_wrong_setting_is_one_message(spec, words):
    with pytest.raises(UnoError, match=words.replace("(", r"\(").replace(")", r"\)")):
        make_agent(spec, random.Random(1))


def play(edition, seed, spec="mcts:iterations=12:depth=4", players=4, record=False):
    return unodsl.Match(edition, players=players, agents=[spec] + ["greedy"] * (players - 1), seed=seed,
                        record=record, max_rounds=1)


def test_the_same_seed_plays_the_same_games():
    edition = unodsl.load_edition("classic")
    first = [play(edition, seed).results for seed in range(3)]
    again = [play(edition, seed).results for seed in range(3)]
    assert first == again


@pytest.mark.parametrize("name", edition_names())
def test_mcts_plays_every_shipped_edition(name):
    # It is not trusted: the engine checks every answer (an illegal one raises IllegalMove).
    edition = unodsl.load_edition(name)
    for seed in range(3):
        match = play(edition, seed)
        assert match.finished and match.results[0].winner is not None
        agent = match.agents[0]
        assert agent.stats["searches"] > 0
        assert agent.stats.get("unsampled", 0) == 0 and agent.stats.get("world_errors", 0) == 0


@pytest.mark.parametrize("rule", popular_rule_names())
def test_mcts_plays_with_every_popular_house_rule(rule):
    edition = unodsl.load_edition("classic", rules=[f"@{rule}"])
    for seed in range(2):
        match = play(edition, seed, players=3)
        assert match.finished and match.agents[0].stats["searches"] > 0


def test_mcts_plays_two_to_ten_players():
    edition = unodsl.load_edition("classic")
    for players in (2, 5, 10):
        assert play(edition, players, players=players).finished


def test_mcts_wins_more_rounds_than_random_does():
    # A statistical test with fixed seeds (a small budget): random wins about 8% of rounds
    # against three greedy, mcts at 30 iterations about 20% (the same 150 deals for both).
    edition = unodsl.load_edition("classic")
    wins = {spec: sum(play(edition, f"stat:{seed}", spec).results[0].winner == 0 for seed in range(150))
            for spec in ("random", "mcts:iterations=30:depth=6")}
    assert wins["mcts:iterations=30:depth=6"] >= wins["random"] + 10, wins


def test_a_budget_in_milliseconds_stops_the_search():
    edition = unodsl.load_edition("classic")
    match = play(edition, 1, "mcts:ms=5")
    agent = match.agents[0]
    assert match.finished and agent.stats["searches"] > 0
    assert agent.stats["iterations"] / agent.stats["searches"] < 2000


def test_simulate_and_compare_take_mcts_with_settings():
    runner = CliRunner()
    result = runner.invoke(cli, ["simulate", "classic", "--agents", "mcts:iterations=8,depth=3,greedy,greedy,greedy",
                                 "--games", "1", "--workers", "1", "--no-timing"])
    assert result.exit_code != 0 and "depth=3" in result.output  # (a comma separates seats)
    result = runner.invoke(cli, ["simulate", "classic", "--agents", "mcts:iterations=8:depth=3,greedy,greedy",
                                 "--players", "3", "--games", "2", "--workers", "2", "--no-timing"])
    assert result.exit_code == 0, result.output
    assert "mcts:iterations=8:depth=3" in result.output


def test_worlds_never_leave_the_seat_short_of_a_search():
    """In every shipped edition a decision of mcts is searched, not left to its fallback:
    worlds come to it from the checkpoint (the fallback is counted)."""
    searched = fallen = 0
    for name in edition_names():
        edition = unodsl.load_edition(name)
        for seed in range(2):
            agent = play(edition, seed).agents[0]
            searched += agent.stats["searches"]
            fallen += agent.stats["fallbacks"]
    assert fallen <= searched // 20


def test_mcts_plays_the_same_matches_in_worker_processes():
    mcts = dict(players=3, games=2, seed="pool", agents="mcts:iterations=4:depth=2,greedy,greedy",
                settings={"target_score": 60})
    assert simulate("classic", workers=2, **mcts) == simulate("classic", **mcts)
