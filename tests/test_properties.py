"""Invariants over many seeded random rounds: no card created or lost, every
round ends, and no agent is ever offered an illegal option."""
from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import unodsl
from unodsl.agents import make_agent
from unodsl.agents.base import Agent
from unodsl.edition.rules import house_rule_names
from unodsl.engine import decisions as d
from unodsl.engine.round import Round

CLASSIC = unodsl.load_edition("classic")


class CheckingAgent(Agent):
    """Delegates to a real agent after checking that every option offered is legal."""

    def __init__(self, inner: Agent):
        super().__init__(inner.rng)
        self.inner = inner
        self.offered = Counter()

    def choose(self, decision, state):
        check_options(decision, state)
        self.offered[decision.kind] += 1
        return self.inner.choose(decision, state)


def check_options(decision, state: Round) -> None:
    seat, options = decision.player, decision.options
    assert len(options) == len(set(map(id, options))), "an option is offered twice"
    uses = [o for o in options if isinstance(o, d.TableUse)]
    for use in uses:  # a table card in the middle, on another player
        assert use.card in state.table and use.target != seat
    options = options[:len(options) - len(uses)]
    if decision.kind == d.TURN:
        assert options[-1] is d.DRAW
        for card in options[:-1]:
            assert card in state.hands[seat], f"{card} is not in the player's hand"
            assert state.is_playable(card), f"{card} cannot go on {state.discard[-1]} ({state.colour})"
        # every playable card of the hand is offered
        assert {c.uid for c in options[:-1]} == {c.uid for c in state.hands[seat] if state.is_playable(c)}
    elif decision.kind == d.PLAY_DRAWN:
        card = options[0]
        assert card in state.hands[seat] and state.is_playable(card) and options[1] is d.KEEP
    elif decision.kind == d.COLOUR:
        assert options == list(state.edition.colours)
    elif decision.kind == d.CALL_UNO:
        # asked while playing the next-to-last card (or discarding down to one)
        assert len(state.hands[seat]) >= 2
    elif decision.kind == d.CATCH:
        accused = decision.about
        assert accused != seat and len(state.hands[accused]) == 1
    elif decision.kind == d.CHALLENGE:
        assert seat == state.next_of(decision.about)
    elif decision.kind == d.REACT:
        assert options[-1] is d.PASS and all(c in state.hands[seat] for c in options[:-1])
        assert seat != state.actor
    elif decision.kind in (d.TOP_CARD, d.DISCARD):
        assert all(c in state.hands[seat] for c in options)
    elif decision.kind == d.GIVE:
        assert decision.about in state.hands[seat] and seat not in options
    else:
        assert options, f"empty options for {decision.kind}"


class ConservingRound(Round):
    """A round that checks, at every recorded event, that every card is somewhere, once."""

    def record(self, event, **data):
        super().record(event, **data)
        assert self.card_count() == len(self.edition.deck), f"card count changed at {event}"

    def play(self, setup=None):
        winner = super().play(setup)
        places = [*self.draw_pile, *self.discard, *(c for h in self.hands for c in h), *self.table,
                  *(c for cards in self.lying for c in cards)]
        assert sorted(c.uid for c in places) == list(range(len(self.edition.deck)))
        return winner


@pytest.fixture
def conserving_rounds(monkeypatch):
    monkeypatch.setattr("unodsl.engine.match.Round", ConservingRound)


def play_checked_round(edition, players: int, agent_names: list[str], seed) -> unodsl.Match:
    agents = [CheckingAgent(make_agent(name, __import__("random").Random(f"{seed}:{i}")))
              for i, name in enumerate(agent_names)]
    match = unodsl.Match(edition, players=players, agents=agents, seed=seed, max_rounds=1, record=True)
    assert match.finished
    (result,) = match.results
    assert result.winner is not None, "the round did not end"
    assert not match.round.hands[result.winner]
    return match


EDITIONS = ["harry-potter", "harry-potter-sorting-hat", "harry-potter-fr", "green-lantern", "veto"]


@pytest.mark.parametrize("name", EDITIONS)
def test_a_thousand_rounds_of_each_edition_conserve_cards_and_end(conserving_rounds, name):
    edition = unodsl.load_edition(name)
    for seed in range(1000):
        players = 2 + seed % 9
        agents = ["random", "greedy"] if seed % 2 else ["random"]
        play_checked_round(edition, players, [agents[i % len(agents)] for i in range(players)], seed)


@pytest.mark.parametrize("rule", house_rule_names())
def test_veto_with_each_starter_rule_on_its_blank_cards(conserving_rounds, rule):
    edition = unodsl.load_edition("veto", rules=[f"@{rule}"] * 3)  # on all three blank cards
    for seed in range(1000):
        players = 2 + seed % 9
        play_checked_round(edition, players, ["random"] * players, seed)


def test_two_thousand_seeded_rounds_conserve_cards_and_end(conserving_rounds):
    kinds = Counter()
    for seed in range(2000):
        players = 2 + seed % 9  # 2 to 10 players
        names = ["random", "greedy"] if seed % 3 else ["random"]
        agent_names = [names[i % len(names)] for i in range(players)]
        match = play_checked_round(CLASSIC, players, agent_names, seed)
        for agent in match.agents:
            kinds.update(agent.offered)
    # The loop really exercised every kind of decision classic UNO has.
    for kind in (d.TURN, d.PLAY_DRAWN, d.COLOUR, d.CALL_UNO, d.CATCH, d.CHALLENGE):
        assert kinds[kind] > 0, kind


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 10),
       agents=st.lists(st.sampled_from(["random", "greedy"]), min_size=1, max_size=1))
def test_any_seed_any_table_conserves_cards(seed, players, agents):
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr("unodsl.engine.match.Round", ConservingRound)
        play_checked_round(CLASSIC, players, agents * players, seed)


def test_same_seed_same_match():
    first = unodsl.Match(CLASSIC, players=5, agents="random", seed="same").play()
    again = unodsl.Match(CLASSIC, players=5, agents="random", seed="same").play()
    assert first == again
    other = unodsl.Match(CLASSIC, players=5, agents="random", seed="other").play()
    assert other != first


def test_record_is_the_same_for_the_same_seed():
    a = unodsl.Match(CLASSIC, players=3, agents="greedy,random,random", seed=7)
    b = unodsl.Match(CLASSIC, players=3, agents="greedy,random,random", seed=7)
    assert a.log == b.log and len(a.log) > 100
