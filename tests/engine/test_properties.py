"""Invariants over many seeded random rounds: no card created or lost, every
round ends, and no agent is ever offered an illegal option."""
from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import unodsl
from unodsl.edition.rules import house_rule_names, popular_rule_names
from unodsl.engine import decisions as d
from invariants import conserve_cards, play_checked_round

CLASSIC = unodsl.load_edition("classic")


@pytest.fixture
def conserving_rounds(monkeypatch):
    conserve_cards(monkeypatch)


EDITIONS = ["harry-potter", "harry-potter-sorting-hat", "harry-potter-fr", "green-lantern", "veto", "no-mercy", "classic-2018",
            "flip"]


@pytest.mark.parametrize("name", EDITIONS)
def test_a_thousand_rounds_of_each_edition_conserve_cards_and_end(conserving_rounds, name):
    edition = unodsl.load_edition(name)
    sizes = edition.settings["players"]["max"] - 1  # 2 to 10 players (No Mercy: 2 to 6)
    for seed in range(1000):
        players = 2 + seed % sizes
        agents = ["random", "greedy"] if seed % 2 else ["random"]
        play_checked_round(edition, players, [agents[i % len(agents)] for i in range(players)], seed)


@pytest.mark.parametrize("rule", house_rule_names())
def test_veto_with_each_starter_rule_on_its_blank_cards(conserving_rounds, rule):
    edition = unodsl.load_edition("veto", rules=[f"@{rule}"] * 3)  # on all three blank cards
    for seed in range(1000):
        players = 2 + seed % 9
        play_checked_round(edition, players, ["random"] * players, seed)


# Progressive, mixed names classic's Draw Two and Wild Draw Four: it is a rule for classic's deck.
@pytest.mark.parametrize("rule, name", [(rule, name) for rule in popular_rule_names()
                                        for name in ("classic", "harry-potter-fr")
                                        if not (rule == "progressive-mixed" and name != "classic")])
def test_popular_house_rules_conserve_cards_and_end(conserving_rounds, rule, name):
    edition = unodsl.load_edition(name, rules=[f"@{rule}"])
    for seed in range(500):
        players = 2 + seed % 9
        agents = ["random", "greedy"] if seed % 2 else ["random"]
        play_checked_round(edition, players, [agents[i % len(agents)] for i in range(players)], seed)


@pytest.mark.parametrize("name, settings", [
    ("classic", {"draw_until_playable": True}), ("classic", {"play_drawn": "must"}),
    ("classic", {"play_drawn": "never"}), ("classic", {"stacking": True}),
    ("harry-potter", {"stacking": True}),
])
def test_house_rule_settings_conserve_cards_and_end(conserving_rounds, name, settings):
    edition = unodsl.load_edition(name, settings=settings)
    for seed in range(500):
        players = 2 + seed % 9
        agents = ["random", "greedy"] if seed % 2 else ["random"]
        play_checked_round(edition, players, [agents[i % len(agents)] for i in range(players)], seed)


STACKING_SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios" / "stacking"


@pytest.mark.parametrize("edition_file", ["draw-cards.yaml", "bounce.yaml"])
def test_stacking_rules_conserve_cards_and_end(conserving_rounds, edition_file):
    """Equal-or-higher stacking with a Wild Reverse Draw Four, and a Reverse sending a draw
    back: every answer offered is allowed by the rules (invariants.check_options)."""
    edition = unodsl.load_edition(str(STACKING_SCENARIOS / edition_file))
    for seed in range(300):
        players = 2 + seed % 9
        agents = ["random", "greedy"] if seed % 2 else ["random"]
        play_checked_round(edition, players, [agents[i % len(agents)] for i in range(players)], seed)


def test_progressive_with_table_cards_conserves_cards_and_offers_only_answers_in_hand(conserving_rounds):
    """VETO's table card may be used during a stack decision: the draw waiting is not
    settled under the decision (which would then offer cards no longer in hand)."""
    edition = unodsl.load_edition("veto", rules=["@progressive"])
    for seed in range(300):
        players = 2 + seed % 5
        play_checked_round(edition, players, [["random", "greedy"][seed % 2]] * players, seed)


def test_the_popular_house_rules_together_conserve_cards_and_end(conserving_rounds):
    edition = unodsl.load_edition("classic", rules=[f"@{rule}" for rule in popular_rule_names()],
                                  settings={"stacking": True, "draw_until_playable": True, "play_drawn": "must"})
    for seed in range(500):
        players = 2 + seed % 9
        agents = ["random", "greedy"] if seed % 2 else ["random"]
        play_checked_round(edition, players, [agents[i % len(agents)] for i in range(players)], seed)


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


WINDOWS = unodsl.load_edition("classic", rules=["@jump-in", "@uno-any-time"])


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 10),
       agents=st.lists(st.sampled_from(["random", "greedy"]), min_size=1, max_size=10))
def test_any_seed_any_table_with_out_of_turn_windows_conserves_cards(seed, players, agents):
    """Jump-In and UNO at any time, 2 to 10 players, any mix of bots: no card created or lost
    at any event (a jump-in, a false call), the round ends, and every jump-in and call offered
    is legal (invariants.check_options)."""
    with pytest.MonkeyPatch.context() as patch:
        conserve_cards(patch)
        play_checked_round(WINDOWS, players, [agents[i % len(agents)] for i in range(players)], seed)


def test_out_of_turn_windows_are_offered_and_taken_at_every_table_size(conserving_rounds):
    kinds, events = Counter(), Counter()
    for seed in range(180):
        players = 2 + seed % 9
        match = play_checked_round(WINDOWS, players, [["random", "greedy"][(seed + i) % 2] for i in range(players)],
                                   seed)
        for agent in match.agents:
            kinds.update(agent.offered)
        events.update(e["event"] for e in match.log)
    assert kinds[d.JUMP_IN] > 0 and kinds[d.UNO_CALL] > 0
    assert events["jump_in"] > 0 and events["caught"] > 0


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 10),
       agents=st.lists(st.sampled_from(["random", "greedy"]), min_size=1, max_size=1))
def test_any_seed_any_table_conserves_cards(seed, players, agents):
    with pytest.MonkeyPatch.context() as patch:
        conserve_cards(patch)
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


def test_greedy_answers_a_draw_with_a_plain_card_before_a_wild():
    """Under Progressive, mixed a Draw Two may be answered by a Draw Two or a Wild Draw Four:
    greedy keeps the Wild and answers with the Draw Two."""
    from unodsl.engine.setup import Setup
    edition = unodsl.load_edition("classic", rules=["@progressive-mixed"])
    setup = Setup(hands=[["red draw two", "red 1", "red 2"], ["wild draw four", "blue draw two", "green 2"],
                         ["yellow 1", "yellow 2", "yellow 3"]],
                  draw=["red 3", "red 4", "red 5", "red 6"], discard=["red 9"])
    match = unodsl.Match(edition, players=3, seed=1, agents="greedy", setup=setup)
    match.play()
    stacked = [e for e in match.log if e["event"] == "stack"]
    assert stacked  # seat 0 plays its Draw Two (greedy sheds its costliest), seat 1 answers
    answer = next(c for c in edition.deck if c.uid == stacked[0]["card"])
    assert stacked[0]["player"] == 1 and answer.kind == "draw_two"
