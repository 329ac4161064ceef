"""How a match ends: at `target_score`, or with `rounds_to_win: N` at the first player (in
teams: the first team) to win N rounds (issue 26)."""
from __future__ import annotations

import unodsl
from unodsl.engine.modes import rounds_winner


def test_the_first_to_win_n_rounds_wins_the_match():
    edition = unodsl.load_edition("classic", settings={"rounds_to_win": 3})
    for seed in range(5):
        match = unodsl.Match(edition, players=3, agents="random", seed=seed, record=False)
        match.play()
        winners = [result.winner for result in match.results]
        assert winners.count(match.winner) == 3 and winners[-1] == match.winner
        assert all(winners.count(seat) < 3 for seat in range(3) if seat != match.winner)
        assert all(winners[:-1].count(seat) < 3 for seat in range(3))  # no round more than needed


def test_in_teams_a_round_won_by_either_partner_counts_for_the_team():
    settings = {"rounds_to_win": 2, "teams": True}
    assert rounds_winner(settings, [0], 4) is None
    assert rounds_winner(settings, [0, 2], 4) == 2      # seat 0 and seat 2 are partners
    assert rounds_winner(settings, [0, 1], 4) is None
    assert rounds_winner({"rounds_to_win": 2}, [0, 2], 4) is None


def test_a_match_by_rounds_needs_no_card_worth_a_point():
    text = ("name: Pointless\nid: pointless\nbase: classic\nsettings: {rounds_to_win: 2}\n"
            "kinds:\n  number: {points: 0}\n  draw_two: {points: 0}\n  reverse: {points: 0}\n"
            "  skip: {points: 0}\n  wild: {points: 0}\n  wild_draw_four: {points: 0}\n")
    from unodsl.edition.loader import load_edition_text
    edition = load_edition_text(text, "pointless.yaml")
    match = unodsl.Match(edition, players=2, agents="random", seed=1, record=False)
    match.play()
    assert match.winner is not None and len(match.results) >= 2
