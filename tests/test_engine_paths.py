"""The engine's quick paths give the same games as its general ones.

When nothing is recorded, built-in agents are asked directly (Agent.choose_turn,
Agent.pick) instead of through Decision objects and Match; a recorded match
takes the general path. Both must play the same match for the same seed.
"""
from __future__ import annotations

import gc

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import unodsl
from unodsl.agents.greedy import GreedyAgent
from unodsl.agents.random_agent import RandomAgent
from unodsl.engine.decisions import DRAW, PASS, TURN, UNO_CALL, Decision, TableUse

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
        assert direct.choose_turn(cards, None) is general.choose(Decision(TURN, 0, [*cards, DRAW]), None)
        assert direct.pick("colour", ["red", "blue", "green"], None, None) \
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

    def choose(self, decision, view):
        return "not an option"


def test_an_untrusted_agent_is_checked_when_nothing_is_recorded():
    # The engine skips the check only for trusted agents (the built-in ones), whatever it records.
    edition = unodsl.load_edition("classic")
    for record in (False, True):
        with pytest.raises(unodsl.IllegalMove, match="agent cheat answered 'not an option'"):
            unodsl.Match(edition, players=2, agents=[Cheat(), "greedy"], seed=4, record=record)


# ---- table cards: built-in agents are offered them without a Decision (Agent.pick_or_use)

def table_editions() -> dict:
    """Editions with table cards: VETO, VETO with the Mercy rule (players leave the round: fewer
    players to use a card on), and test_out_of_turn's test editions with one and two table cards."""
    from test_out_of_turn import EDITION, TWO_TABLE_CARDS

    return {"veto": unodsl.load_edition("veto"), "veto+mercy": unodsl.load_edition("veto", rules=["@mercy"]),
            "one-table-card": EDITION, "two-table-cards": TWO_TABLE_CARDS}


TABLE_EDITIONS = table_editions()


@pytest.mark.parametrize("name", TABLE_EDITIONS)
@pytest.mark.parametrize("agents", ["random", "greedy", "greedy,random,random,greedy"])
def test_unrecorded_match_with_table_cards_is_the_recorded_match(name, agents):
    # Recorded, every decision goes through a Decision with the uses listed; unrecorded, the
    # built-in agents are offered them directly: the same answers, the same random numbers.
    edition = TABLE_EDITIONS[name]
    for seed in range(4):
        quick = unodsl.Match(edition, players=4, agents=agents, seed=seed, record=False)
        general = unodsl.Match(edition, players=4, agents=agents, seed=seed, record=True)
        assert summary(quick) == summary(general), f"seed {seed}"


class Watcher(unodsl.Agent):
    """A trusted agent written by a user: it answers only `choose`, and notes what it is shown."""

    name = "watcher"
    trusted = True

    def __init__(self, rng):
        super().__init__(rng)
        self.seen = []

    def choose(self, decision, view):
        self.seen.append((decision.kind, decision.player, list(decision.options), decision.about))
        return decision.options[int(self.rng.random() * len(decision.options))]


@pytest.mark.parametrize("name", TABLE_EDITIONS)
def test_an_agent_without_pick_or_use_sees_every_use_as_in_a_recorded_match(name):
    # Agent.pick_or_use puts the Decision a recorded match puts: the uses after the options,
    # forced moves included while a card lies in the middle, no use once none does.
    import random

    edition = TABLE_EDITIONS[name]
    for seed in range(3):
        seen = {}
        for record in (False, True):
            watcher = Watcher(random.Random(seed))
            match = unodsl.Match(edition, players=3, agents=[watcher, "random", "random"], seed=seed,
                                 record=record, max_rounds=2)
            summary(match)
            seen[record] = watcher.seen
        assert seen[False] == seen[True], f"seed {seed}"
        assert any(isinstance(o, TableUse) for _, _, options, _ in seen[True] for o in options)


class OnlyDirect(RandomAgent):
    """The random agent, refusing to be asked through a Decision."""

    def choose(self, decision, view):
        raise AssertionError(f"asked {decision!r} through a Decision")


@pytest.mark.parametrize("name", TABLE_EDITIONS)
def test_a_table_card_keeps_built_in_agents_on_the_quick_path(name):
    # An unrecorded match asks built-in agents directly while a table card lies in the middle:
    # no Decision is made for them (before, a table card sent every decision the general way).
    edition = TABLE_EDITIONS[name]
    for seed in range(3):
        unodsl.Match(edition, players=4, agents=[OnlyDirect] * 4, seed=seed, record=False, max_rounds=2).play()


@given(seed=st.integers(0, 2**32), kind=st.sampled_from([TURN, UNO_CALL, "colour", "call_uno", "player"]),
       size=st.integers(1, 5), hands=st.lists(st.integers(0, 9), min_size=4, max_size=4),
       cards=st.integers(1, 2), agent=st.sampled_from([RandomAgent, GreedyAgent]))
@settings(max_examples=300, deadline=None)
def test_built_in_agents_pick_or_use_as_they_choose(seed, kind, size, hands, cards, agent):
    # The invariant the quick path rests on: offered the uses without a Decision, a built-in
    # agent answers as it does with the uses listed after the options (the same random numbers).
    import random
    from types import SimpleNamespace

    deck = TABLE_EDITIONS["veto"].deck
    table = [c for c in deck if c.kind == "veto"] + deck[:cards - 1]
    seats = list(range(min(size, 4)))
    options = {TURN: [*deck[10:10 + size], DRAW], UNO_CALL: [*seats, PASS]}.get(kind, seats)
    about = {q for q in range(4) if hands[q] == 1} if kind is UNO_CALL else None
    uses = [TableUse(c, q) for c in table for q in (1, 2, 3)]
    view = SimpleNamespace(me=0, hand_sizes=list(hands), hand=deck[:hands[0]], table_uses=lambda: list(uses),
                           is_bluff=lambda card: False, out={}, turn=0, turns=1)
    direct, general = agent(random.Random(seed)), agent(random.Random(seed))
    for _ in range(3):
        assert direct.pick_or_use(kind, options, about, view) == \
            general.choose(Decision(kind, 0, [*options, *uses], about), view)
