"""The greedy agent, the baseline every other agent is measured against: a sensible answer
to every decision kind, challenges by the odds, least useful cards given away."""
from __future__ import annotations

import pytest

import unodsl
from unodsl.agents.greedy import GreedyAgent, harm
from unodsl.engine.decisions import DISCARD, KINDS, PICK, Decision
from unodsl.engine.setup import Setup
from unodsl.resources import edition_names


def test_greedy_has_an_answer_of_its_own_for_every_decision_kind():
    assert [kind for kind in KINDS if not hasattr(GreedyAgent, "_" + kind)] == []


def table(hands, discard=("red 9",), draw=(), agents=None, seed=1, **setup):
    edition = unodsl.load_edition("classic")
    return unodsl.Match(edition, players=len(hands), agents=agents, seed=seed, max_rounds=1,
                        setup=Setup(hands=[list(h) for h in hands], discard=list(discard), draw=list(draw), **setup))


def challenged_after_wild_draw_four(accused_hand: list[str]) -> bool:
    """Seat 0 plays a Wild Draw Four on a red 9 naming blue; does greedy at seat 1 challenge?"""
    match = table([["Wild Draw Four", *accused_hand], ["green 3", "yellow 4", "blue 8"]],
                  agents=[None, "greedy"])
    card = next(c for c in match.round.hands[0] if c.label() == "Wild Draw Four")
    match.answer(card)
    match.answer("blue")
    challenge = [e for e in match.log if e["event"] == "challenge"]
    assert len(challenge) == 1
    return challenge[0]["challenged"]


def test_greedy_does_not_challenge_a_player_who_holds_few_cards():
    # With two cards left, the accused most likely held no red: no bluff to catch.
    assert not challenged_after_wild_draw_four(["green 5", "yellow 6"])


def test_greedy_challenges_a_player_who_holds_many_cards():
    # Twenty cards and no red seen: the odds that one is red make a challenge worth its cost.
    hand = [f"{colour} {n}" for colour in ("green", "yellow", "blue") for n in range(1, 8)][:20]
    assert challenged_after_wild_draw_four(hand)


def test_greedy_plays_what_hurts_the_next_player_when_they_are_about_to_go_out():
    # The next player holds one card: the Draw Two goes first, though the 9 is worth less.
    match = table([["red Draw Two", "red 9", "green 2"], ["blue 1"], ["yellow 5", "yellow 6"]],
                  discard=("red 7",), agents=["greedy", None, None])
    plays = [e for e in match.log if e["event"] == "play" and e["player"] == 0]
    assert plays and match.round.edition.deck[plays[0]["card"]].label() == "red Draw Two"


def test_greedy_keeps_wilds_while_another_card_goes():
    match = table([["Wild", "red 2", "green 5"], ["blue 1", "blue 2"]], discard=("red 7",), agents=["greedy", None])
    plays = [e for e in match.log if e["event"] == "play" and e["player"] == 0]
    assert match.round.edition.deck[plays[0]["card"]].label() == "red 2"


def _view(hand, edition):
    from types import SimpleNamespace
    return SimpleNamespace(hand=tuple(hand), me=0, hand_sizes=(len(hand), 5), out={}, turn=0, turns=3,
                           edition=edition, discard=(), table=(), side=0, is_bluff=lambda card: False)


def test_greedy_discards_and_gives_away_its_least_useful_card():
    edition = unodsl.load_edition("classic")
    by_label = {}
    for card in edition.deck:
        by_label.setdefault(card.label(), card)
    hand = [by_label[name] for name in ("Wild", "red 1", "red 3", "red 5", "blue 9")]
    greedy = GreedyAgent(None)
    view = _view(hand, edition)
    # The lone blue is the least useful (a Wild most, then the colour held most).
    assert greedy.choose(Decision(DISCARD, 0, list(hand)), view).label() == "blue 9"
    assert greedy.choose(Decision(PICK, 0, list(hand), ["hand", 0]), view).label() == "blue 9"
    # Taking a card into its hand, it takes the most useful.
    assert greedy.choose(Decision(PICK, 0, list(hand), ["pile", "discard"]), view).label() == "Wild"


def test_harm_counts_what_a_kind_does_to_others():
    edition = unodsl.load_edition("classic")
    by_kind = {card.kind: card.spec for card in edition.deck}
    assert harm(by_kind["draw_two"]) >= 1 and harm(by_kind["skip"]) >= 1
    assert harm(by_kind["number"]) == 0 and harm(by_kind["wild"]) == 0
    assert harm(by_kind["reverse"]) == 1  # (its two-player rule skips the next player)


@pytest.mark.parametrize("name", edition_names())
def test_greedy_beats_random_in_every_shipped_edition(name):
    # Seat 0 against three greedy: greedy wins about a quarter, random far fewer (fixed seeds).
    edition = unodsl.load_edition(name)
    wins = {}
    for spec in ("greedy", "random"):
        wins[spec] = sum(unodsl.Match(edition, players=4, agents=[spec, "greedy", "greedy", "greedy"], seed=f"g:{seed}",
                                      record=False, max_rounds=1).results[0].winner == 0 for seed in range(200))
    assert wins["greedy"] > wins["random"], wins
