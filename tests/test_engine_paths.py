"""The engine's quick paths give the same games as its general ones.

When nothing is recorded, built-in agents are asked directly (Agent.choose_turn,
Agent.pick) instead of through Decision objects and Match; a recorded match
takes the general path. Both must play the same match for the same seed.
"""
from __future__ import annotations

import gc

import pytest

import unodsl
from unodsl.agents.random_agent import RandomAgent
from unodsl.engine.decisions import DRAW, TURN, Decision

EDITIONS = ["classic", "harry-potter", "harry-potter-fr", "green-lantern", "veto"]


def summary(match: unodsl.Match) -> tuple:
    result = match.play()
    return result.winner, result.scores, [(r.winner, r.turns, r.points) for r in result.rounds]


@pytest.mark.parametrize("name", EDITIONS)
@pytest.mark.parametrize("agents", ["random", "greedy", "random,greedy,random"])
def test_unrecorded_match_is_the_recorded_match(name, agents):
    edition = unodsl.load_edition(name)
    for seed in range(6):
        quick = unodsl.Match(edition, players=3, agents=agents, seed=seed, record=False)
        general = unodsl.Match(edition, players=3, agents=agents, seed=seed, record=True)
        assert summary(quick) == summary(general), f"seed {seed}"


def test_random_agent_picks_as_it_chooses():
    import random

    edition = unodsl.load_edition("classic")
    cards = edition.deck[:5]
    for seed in range(50):
        direct, general = RandomAgent(random.Random(seed)), RandomAgent(random.Random(seed))
        assert direct.choose_turn(cards, None, 0) is general.choose(Decision(TURN, 0, [*cards, DRAW]), None)
        assert direct.pick("colour", 0, ["red", "blue", "green"], None, None) \
            == general.choose(Decision("colour", 0, ["red", "blue", "green"]), None)


@pytest.mark.parametrize("name", EDITIONS)
def test_a_finished_match_leaves_no_reference_cycle(name):
    # Simulations of millions of games must not wait on the garbage collector
    # to free each match, its rounds and its written rules.
    edition = unodsl.load_edition(name)
    gc.collect()
    gc.disable()
    try:
        for seed in range(3):
            unodsl.Match(edition, players=4, agents="random", seed=seed, record=False).play()
            unodsl.Match(edition, players=4, agents="greedy", seed=seed, record=True).play()
        assert gc.collect() == 0
    finally:
        gc.enable()
