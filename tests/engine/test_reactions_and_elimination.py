"""Reactions that read the card they answer, and Challenge UNO at the edge of the target.

Written for mutants that survived the suite (docs/mutation.md): a reaction's
`against` condition and its effect read cards, and "a player who reaches the
target (500) is eliminated" (RULES.md), reaching it exactly included.
"""
from __future__ import annotations

from pathlib import Path

import pytest

import unodsl
from unodsl import PASS
from unodsl.engine import modes
from unodsl.engine.decisions import REACT
from unodsl.engine.setup import Setup

# A wild card that bounces a Draw Two back, only while its holder keeps another card:
# `against` reads the card played at them (kind) and the state (me.hand); the
# effect reads the reaction card itself (its points).
BOUNCE = """
  bounce:
    name: Bounce
    symbol: bounce
    wild: true
    deck: {count: 1}
    points: 20
    playable: always
    effect: choose colour
    reaction:
      against: kind == draw_two and me.hand > 1
      effect: previous draws points / 10
"""
CLASSIC = (Path(__file__).resolve().parents[2] / "editions" / "classic.yaml").read_text()
EDITION = unodsl.load_edition_text(
    CLASSIC.replace("total: 108\n", "").replace("\nkinds:\n", "\nkinds:\n" + BOUNCE.lstrip("\n"), 1),
    "bounce.yaml")


def stacked(hands):
    return unodsl.Match(EDITION, players=len(hands), seed=1, setup=Setup(
        hands=hands, draw=["red 1", "red 2", "red 3", "red 4", "red 5", "red 6"], discard=["red 9"]))


def test_a_reaction_is_offered_only_against_the_cards_its_condition_names():
    m = stacked([["red skip", "red 5", "blue 1"], ["bounce", "green 4"], ["yellow 1", "yellow 2"]])
    m.answer(next(c for c in m.round.hands[0] if c.kind == "skip"))
    assert not any(e["event"] == "decision" and e["kind"] == REACT for e in m.log)
    assert m.round.skips == [0, 0, 0] and m.decision.player == 2  # the Skip applied


def test_a_reaction_condition_reads_the_holders_hand():
    m = stacked([["red draw two", "red 5", "blue 1"], ["bounce"], ["yellow 1", "yellow 2"]])
    m.answer(next(c for c in m.round.hands[0] if c.kind == "draw_two"))
    assert m.decision.kind != REACT  # one card left: `me.hand > 1` fails
    assert len(m.round.hands[1]) == 3


def test_a_reaction_effect_reads_its_own_card_and_the_event_names_both_cards():
    m = stacked([["red draw two", "red 5", "blue 1"], ["bounce", "green 4"], ["yellow 1", "yellow 2"]])
    draw_two = next(c for c in m.round.hands[0] if c.kind == "draw_two")
    m.answer(draw_two)
    assert m.decision.kind == REACT and m.decision.player == 1
    assert m.decision.about is draw_two  # what the reaction would answer
    bounce = m.round.hands[1][0]
    m.answer(bounce)
    assert (m.decision.kind, m.decision.player) == ("call_uno", 1)  # down to one card
    m.answer(True)
    react = next(e for e in m.log if e["event"] == "react")
    bounced = m.log[m.log.index(react) + 1]
    assert (bounced["event"], bounced["player"], len(bounced["cards"])) == ("draw", 0, 2)  # 20 points / 10
    assert react == {"event": "react", "player": 1, "card": bounce.uid, "against": draw_two.uid}


def test_passing_on_a_bounce_takes_the_draw_two():
    m = stacked([["red draw two", "red 5", "blue 1"], ["bounce", "green 4"], ["yellow 1", "yellow 2"]])
    m.answer(next(c for c in m.round.hands[0] if c.kind == "draw_two"))
    m.answer(PASS)
    assert len(m.round.hands[1]) == 4 and len(m.round.hands[0]) == 2


# ---- Challenge UNO: "a player who reaches the target (500) is eliminated" -----------------------

def challenge():
    return unodsl.load_edition("classic", settings={"mode": "challenge"})


def test_reaching_the_target_exactly_eliminates():
    m = unodsl.Match(challenge(), players=3, seed=1, setup=Setup(
        hands=[["red 5"], ["blue 7", "blue 2"], ["wild"]], discard=["red 1"], turn=0, scores=[0, 0, 450]))
    m.answer(m.round.hands[0][0])  # seat 2 ends the round on exactly 500
    assert m.scores == [0, 9, 500]
    assert m.eliminated == [2] and m.active == [0, 1]


def test_one_point_under_the_target_stays_in():
    m = unodsl.Match(challenge(), players=3, seed=1, setup=Setup(
        hands=[["red 5"], ["blue 7", "blue 2"], ["wild"]], discard=["red 1"], turn=0, scores=[0, 0, 449]))
    m.answer(m.round.hands[0][0])
    assert m.eliminated == [] and m.active == [0, 1, 2]


def test_when_everyone_reaches_the_target_at_once_the_rounds_winner_stays():
    # (even when another had fewer points: the round was theirs)
    assert modes.eliminate([510, 500, 620], [0, 1, 2], 500, last_winner=2) == [2]


def test_when_everyone_reaches_the_target_after_an_abandoned_round_the_lowest_total_stays():
    assert modes.eliminate([510, 500, 620], [0, 1, 2], 500, last_winner=None) == [1]
    assert modes.eliminate([700, 650, 620], [0, 1, 2], 500, last_winner=None) == [2]


@pytest.mark.parametrize("scores,remaining", [([499, 500, 0], [0, 2]), ([100, 200, 300], [0, 1, 2])])
def test_only_the_seats_below_the_target_remain(scores, remaining):
    assert modes.eliminate(scores, [0, 1, 2], 500, last_winner=0) == remaining


# ---- "an action is aimed at a player when the card's script makes them draw, ... discard, show their hand"

SPOTLIGHT = """
  shield:
    name: Shield
    symbol: shield
    wild: true
    deck: {count: 1}
    points: 50
    playable: always
    effect: choose colour
    reaction: {against: always, effect: choose colour}
  spotlight:
    name: Spotlight
    symbol: spotlight
    deck: {per_colour: 1}
    points: 20
    effect: next plays face up
  squeeze:
    name: Squeeze
    symbol: squeeze
    deck: {per_colour: 1}
    points: 20
    effect: next draws or discards to 2
  dig:
    name: Dig
    symbol: dig
    deck: {per_colour: 1}
    points: 20
    effect: next draws until colour == blue
  purge:
    name: Purge
    symbol: purge
    deck: {per_colour: 1}
    points: 20
    effect: next discards all where colour == green
  relay:
    name: Relay
    symbol: relay
    deck: {per_colour: 1}
    points: 20
    effect: next draws 1 or passes it on with kind == relay
"""
SPOTLIT_TEXT = CLASSIC.replace("total: 108\n", "").replace("\nkinds:\n", "\nkinds:\n" + SPOTLIGHT.lstrip("\n"), 1)


def spotlit():
    """Compiled in the test, not at import: mutation runs change the compiler per test."""
    return unodsl.load_edition_text(SPOTLIT_TEXT, "spotlight.yaml")


def test_a_reaction_keeps_a_hand_from_being_played_face_up():
    m = unodsl.Match(spotlit(), players=3, seed=1, setup=Setup(
        hands=[["red spotlight", "red 5", "blue 1"], ["shield", "green 4", "green 5"], ["yellow 1", "yellow 2"]],
        draw=["red 1", "red 2"], discard=["red 9"]))
    m.answer(m.round.hands[0][0])
    assert (m.decision.kind, m.decision.player) == (REACT, 1)
    m.answer(m.round.hands[1][0])  # the shield: their hand stays hidden
    m.answer("green")
    assert m.round.face_up_until == {}
    assert not [e for e in m.log if e["event"] == "show_hand"]


@pytest.mark.parametrize("action", ["red squeeze", "red dig", "red purge", "red relay"])
# (draws or discards to 2; draws until blue; discards all greens; draws 1 or passes it on)
def test_an_action_aimed_at_a_player_offers_their_reaction(action):
    m = unodsl.Match(spotlit(), players=3, seed=1, setup=Setup(
        hands=[[action, "red 5", "blue 1"], ["shield", "green 4", "green 5", "green 6"], ["yellow 1", "yellow 2"]],
        draw=["red 1", "red 3"], discard=["red 9"]))
    m.answer(m.round.hands[0][0])
    assert (m.decision.kind, m.decision.player) == (REACT, 1)
    m.answer(m.round.hands[1][0])  # the shield: they keep their cards
    m.answer("green")
    assert len(m.round.hands[1]) == 3


def test_drawing_or_discarding_to_the_played_cards_number():
    edition = unodsl.load_edition("classic", rules=["on play where number == 2:\n  next draws or discards to number"])
    m = unodsl.Match(edition, players=3, seed=1, setup=Setup(
        hands=[["red 2", "red 5", "blue 1"], ["green 3", "green 4", "green 5", "green 6"], ["yellow 1", "yellow 2"]],
        draw=["red 1", "red 3"], discard=["red 9"]))
    m.answer(m.round.hands[0][0])
    while m.decision.kind == "discard":  # down to 2, the number of the card played
        m.answer(m.decision.options[0])
    assert len([e for e in m.log if e["event"] == "discard" and e["player"] == 1]) == 4 - 2


# ---- "the deal passes to the left", to the next seat still playing -----------------------------

def dealer_of_round_two(match) -> int:
    deals = [e for e in match.log if e["event"] == "deal"]
    seats = next(e["seats"] for e in match.log if e["event"] == "round_seats") \
        if any(e["event"] == "round_seats" for e in match.log) else list(range(match.n))
    return seats[deals[0]["dealer"]]


def test_the_deal_passes_to_the_left():
    m = unodsl.Match(unodsl.load_edition("classic"), players=3, agents="greedy", seed=1, max_rounds=2, setup=Setup(
        hands=[["red 5", "red 6"], ["blue 7", "blue 2"], ["green 1"]], discard=["red 1"], turn=0, dealer=1))
    assert m.finished and len(m.results) == 2
    assert dealer_of_round_two(m) == 2


def test_the_deal_passes_over_eliminated_seats():
    m = unodsl.Match(challenge(), players=4, agents=[None, "greedy", "greedy", "greedy"], seed=1, max_rounds=2,
                     setup=Setup(hands=[["red 5"], ["wild"], ["wild"], ["blue 2"]], discard=["red 1"], turn=0,
                                 dealer=0, scores=[0, 480, 480, 0]))
    m.answer(m.round.hands[0][0])  # seats 1 and 2 reach 530: out; seat 3 deals the duel
    assert m.eliminated == [1, 2]
    assert dealer_of_round_two(m) == 3
