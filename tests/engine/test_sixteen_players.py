"""Tables of up to 16 players (published editions go to 16): every shipped edition at its
largest table, and tables of 16 over decks that barely deal them, where the draw pile runs
out again and again; no card created or lost, every round ends. A table the deck cannot
deal is refused where the edition says how large it is."""
from __future__ import annotations

import pytest

import unodsl
from unodsl.errors import EditionError, UnoError
from unodsl.resources import edition_names
from invariants import conserve_cards, play_checked_round

SIXTEEN = {"players": {"min": 2, "max": 16}}


@pytest.fixture
def conserving_rounds(monkeypatch):
    conserve_cards(monkeypatch)


def _play(edition, players: int, seeds) -> None:
    for seed in seeds:
        agents = ["random", "greedy"] if seed % 2 else ["random"]
        play_checked_round(edition, players, [agents[i % len(agents)] for i in range(players)], seed)


@pytest.mark.parametrize("name", edition_names())
def test_every_shipped_edition_plays_at_its_largest_table(conserving_rounds, name):
    edition = unodsl.load_edition(name)
    _play(edition, edition.settings["players"]["max"], range(20))


# Classic's 108 cards less 16 hands of 6 and the start card leave 11 to draw: the discard pile
# is shuffled back again and again, and at times both piles are empty.
@pytest.mark.parametrize("name, settings", [("classic", {**SIXTEEN, "hand_size": 6}),
                                            ("no-mercy", SIXTEEN),  # (168 cards: 16 hands of 7)
                                            ("flip", {**SIXTEEN, "hand_size": 6})])
def test_sixteen_players_conserve_cards_and_every_round_ends(conserving_rounds, name, settings):
    edition = unodsl.load_edition(name, settings=settings)
    _play(edition, 16, range(60))


def test_a_round_of_sixteen_runs_its_draw_pile_dry_and_still_ends():
    edition = unodsl.load_edition("classic", settings={**SIXTEEN, "hand_size": 6})
    match = unodsl.Match(edition, players=16, agents=["random"] * 16, seed=3, max_rounds=1, record=True)
    assert match.finished and match.results[0].winner is not None
    assert sum(event["event"] == "reshuffle" for event in match.round.log) >= 2


def test_a_table_the_deck_cannot_deal_is_refused_where_the_table_is_said():
    with pytest.raises(EditionError) as refused:
        unodsl.load_edition("classic", settings=SIXTEEN)
    assert "16 hands of 7 cards and a start card need 113 cards; the deck deals 108" in str(refused.value)


def test_seventeen_players_are_refused():
    edition = unodsl.load_edition("no-mercy", settings=SIXTEEN)
    with pytest.raises(UnoError, match="for 2 to 16 players, not 17"):
        unodsl.Match(edition, players=17, agents=["random"] * 17, seed=1)


@pytest.mark.parametrize("name, settings", [("classic", {**SIXTEEN, "hand_size": 6}), ("no-mercy", SIXTEEN)])
def test_the_written_loop_plays_the_interpreters_games_at_sixteen(name, settings):
    edition = unodsl.load_edition(name, settings=settings)
    for seed in range(5):
        played = [unodsl.Match(edition, players=16, agents=["random", "greedy"] * 8, seed=seed, max_rounds=2,
                               record=False,
                               specialise=specialise) for specialise in (True, False)]
        fast, slow = ((match.result(), match.rng.getstate()) for match in played)
        assert fast == slow
