"""What a match carries and starts with: an edition whose only state is a player variable kept
for the match, a `round_start` hook, and the words refusing Challenge UNO in teams.

Written for mutants of session 14's full run that survived the suite (docs/mutation.md). The
editions are loaded inside each test: a mutation run switches the compiler's mutants on per test.
"""
from __future__ import annotations

import pytest

import unodsl
from unodsl.engine.setup import Setup

from rules.conftest import play

DRAW = ["yellow 7", "yellow 8", "yellow 9", "yellow 6", "blue 7", "blue 8"]


def test_a_player_variable_kept_for_the_match_is_carried_when_it_is_the_only_state():
    # docs/effects.md: "`keep: match` keeps the value the last round left" (here the edition
    # has no game variable, and every variable it has is kept)
    text = "name: Kept\nid: kept\nbase: classic\nstate:\n  player:\n    sevens: {type: counter, keep: match}\n"
    edition = unodsl.load_edition_text(text, "kept.yaml", rules=["on play where number == 7:\n    add 1 to me.sevens"])
    m = unodsl.Match(edition, players=2, seed=1, max_rounds=2, target=10**6,
                     setup=Setup(hands=[["red 7"], ["red 1", "green 1"]], draw=list(DRAW), discard=["red 9"]))
    play(m, "red 7")
    assert len(m.results) == 1 and m.results[0].winner == 0
    assert m.round.player_state[0]["sevens"] == 1 and m.round.player_state[1]["sevens"] == 0


def test_a_round_start_hook_runs_for_the_dealer_after_the_start_card():
    # docs/effects.md, the events: `round_start`, after the start card's rule; `me` is the dealer
    edition = unodsl.load_edition("classic", rules=["on round_start: me draws 2"])
    m = unodsl.Match(edition, players=3, agents="random", seed=1, max_rounds=1)
    m.play()
    start = next(i for i, e in enumerate(m.log) if e["event"] == "start_card")
    dealer = next(e["dealer"] for e in m.log if e["event"] == "deal")
    drawn = m.log[start + 1]
    assert (drawn["event"], drawn["player"], len(drawn["cards"])) == ("draw", dealer, 2)


def test_a_round_start_hook_reads_the_start_card():
    # docs/effects.md, the events: for `round_start`, `card` is the start card
    edition = unodsl.load_edition("classic", rules=["on round_start: me draws card.number"])
    for seed in (1, 2):  # (start cards with a number: a blue 8, a green 7)
        m = unodsl.Match(edition, players=3, agents="random", seed=seed, max_rounds=1)
        m.play()
        start = next(i for i, e in enumerate(m.log) if e["event"] == "start_card")
        card = next(c for c in edition.deck if c.uid == m.log[start]["card"])
        assert card.number and len(m.log[start + 1]["cards"]) == card.number


def test_challenge_uno_in_teams_is_refused_in_words():
    edition = unodsl.load_edition("classic", settings={"teams": True, "mode": "challenge"})
    with pytest.raises(unodsl.UnoError) as refused:
        unodsl.Match(edition, players=4, agents="random", seed=1)
    assert str(refused.value) == "Challenge UNO is played alone, not in teams"
