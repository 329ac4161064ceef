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

EDITIONS = ["classic", "harry-potter", "harry-potter-fr", "green-lantern", "veto", "no-mercy", "classic-2018", "flip"]


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


# House rules that act on the turn's draw or around every play (the quick paths must leave room for them).
RULES = ["on draw where wild:\n  extra turn", "on draw:\n  next draws 1", "@jump-in", "@uno-any-time", "@mercy"]


@pytest.mark.parametrize("rule", RULES)
def test_unrecorded_match_with_a_house_rule_is_the_recorded_match(rule):
    edition = unodsl.load_edition("classic", rules=[rule])
    for seed in range(4):
        quick = unodsl.Match(edition, players=3, agents="random", seed=seed, record=False)
        general = unodsl.Match(edition, players=3, agents="random", seed=seed, record=True)
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


def test_a_seat_answered_from_outside_is_asked_when_nothing_is_recorded():
    # Only a seat with a trusted agent is answered directly: a seat without an agent
    # still gets the Decision, recording off or on.
    edition = unodsl.load_edition("classic")
    for record in (False, True):
        match = unodsl.Match(edition, players=2, agents=[None, "greedy"], seed=4, record=record)
        assert match.decision is not None and match.decision.player == 0
        while not match.finished:
            match.answer(match.decision.options[0])
        assert match.result().winner in (0, 1)


class Cheat(unodsl.Agent):
    """An untrusted agent that answers with something that is not an option."""

    name = "cheat"

    def choose(self, decision, state):
        return "not an option"


def test_an_untrusted_agent_is_checked_when_nothing_is_recorded():
    # The engine skips the check only for trusted agents (the built-in ones), whatever it records.
    edition = unodsl.load_edition("classic")
    for record in (False, True):
        with pytest.raises(unodsl.IllegalMove, match="agent cheat answered 'not an option'"):
            unodsl.Match(edition, players=2, agents=[Cheat(), "greedy"], seed=4, record=record)
