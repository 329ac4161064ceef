"""Tables of up to 16 players (issue 26: published editions go to 16).

Every shipped edition is played at 16 players, its hands made small enough for its deck
to deal them all (16 hands and a start card), by both loops, every card in exactly one
place at every event; past 16, and a deck too small for the hands, are located errors."""
from __future__ import annotations

import pytest

import unodsl
from invariants import conserve_cards, play_checked_round
from unodsl.resources import edition_names
from unodsl.edition.loader import load_edition_text
from unodsl.errors import EditionError
from unodsl.lang.cost import MAX_SEATS

SEATS = 16


def at_sixteen(name: str):
    """The edition with room for 16 players, each dealt as many cards as its deck allows."""
    edition = unodsl.load_edition(name)
    hand_size = min(edition.settings["hand_size"], (len(edition.deck) - 1) // SEATS)
    return unodsl.load_edition(name, settings={"players": {"min": 2, "max": SEATS}, "hand_size": hand_size})


def test_the_most_seats_a_script_costs_for_is_the_most_players():
    assert MAX_SEATS == SEATS


@pytest.mark.parametrize("name", edition_names())
def test_every_edition_plays_whole_rounds_at_sixteen_players(name, monkeypatch):
    conserve_cards(monkeypatch)
    edition = at_sixteen(name)
    for seed in range(3):
        match = play_checked_round(edition, SEATS, ["random", "greedy"] * (SEATS // 2), seed)
        assert len(match.round.hands) == SEATS


@pytest.mark.parametrize("name", ["classic", "no-mercy", "flip"])
def test_both_loops_play_the_same_games_at_sixteen_players(name):
    edition = at_sixteen(name)
    for seed in range(3):
        games = [unodsl.Match(edition, players=SEATS, agents="random", seed=seed, record=record, max_rounds=2)
                 for record in (True, False)]
        recorded, unrecorded = (game.play() for game in games)
        assert recorded == unrecorded
        assert [len(hand) for hand in games[0].round.hands] == [len(hand) for hand in games[1].round.hands]


def problems_of(text: str) -> str:
    with pytest.raises(EditionError) as refused:
        load_edition_text(text, "big.yaml")
    return str(refused.value)


def test_seventeen_players_is_refused_where_it_is_written():
    message = problems_of("name: Big\nid: big\nbase: classic\nsettings:\n  players: {max: 17}\n")
    assert "big.yaml:5:" in message and "16" in message


def test_sixteen_hands_the_deck_cannot_deal_are_refused_where_they_are_written():
    # classic's 108 cards: 16 hands of 7 and a start card need 113
    message = problems_of("name: Big\nid: big\nbase: classic\nsettings:\n  players: {max: 16}\n")
    assert "big.yaml:5:" in message and "113" in message
