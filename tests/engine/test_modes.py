"""Match modes: teams, Challenge UNO, the birthday dealer (French sheet)."""
from __future__ import annotations

import pytest

import unodsl
from unodsl.engine import modes
from unodsl.engine.setup import Setup


def classic(**settings):
    return unodsl.load_edition("classic", settings=settings)


def test_teams_score_both_opponents_hands_for_both_partners():
    # "the round ends when one partner goes out; the team scores both opponents' hands"
    m = unodsl.Match(classic(teams=True), players=4, seed=1, max_rounds=1, setup=Setup(
        hands=[["red 5"], ["blue 7", "blue 2"], ["green 9", "wild"], ["yellow 3"]],
        discard=["red 1"], turn=0))
    m.answer(m.round.hands[0][0])  # seat 0 goes out; seat 2 is the partner
    assert m.results[0].winner == 0
    assert m.scores == [12, 0, 12, 0]  # blue 7 + blue 2 + yellow 3; the partner's 59 do not count
    assert m.teams == [(0, 2), (1, 3)]


def test_teams_need_an_even_table_of_four_or_more():
    with pytest.raises(unodsl.UnoError, match="even number"):
        unodsl.Match(classic(teams=True), players=3, agents="random")
    with pytest.raises(unodsl.UnoError, match="even number"):
        unodsl.Match(classic(teams=True), players=2, agents="random")


def test_a_team_match_ends_with_both_partners_on_the_same_score():
    m = unodsl.Match(classic(teams=True), players=6, agents="greedy", seed=4)
    assert m.finished and m.winner is not None
    mate = modes.partner(m.winner, 6)
    assert m.scores[m.winner] == m.scores[mate] >= 500
    for seat in range(3):
        assert m.scores[seat] == m.scores[seat + 3]


def test_challenge_uno_eliminates_at_the_target_and_crowns_the_last_one_standing():
    # "a player who reaches the target is eliminated; the last two play a duel,
    #  and the winner of the last round is the champion"
    m = unodsl.Match(classic(mode="challenge"), players=4, agents="random", seed=11, target=150)
    assert m.finished
    assert sorted(m.eliminated + [m.winner]) == [0, 1, 2, 3]
    assert all(m.scores[s] >= 150 for s in m.eliminated)
    assert m.scores[m.winner] < 150
    assert m.results[-1].winner == m.winner  # the champion won the last round (the duel)
    # once two were left, rounds were duels: a round_seats event with two seats precedes the end
    duel = [e for e in m.log if e["event"] == "round_seats" and len(e["seats"]) == 2]
    assert duel, "the last two never played a duel"


def test_challenge_uno_scores_each_players_own_hand():
    m = unodsl.Match(classic(mode="challenge"), players=3, seed=1, max_rounds=1, setup=Setup(
        hands=[["red 5"], ["blue 7", "blue 2"], ["wild"]], discard=["red 1"], turn=0))
    m.answer(m.round.hands[0][0])
    assert m.scores == [0, 9, 50]


def test_an_eliminated_player_is_dealt_no_more_cards():
    m = unodsl.Match(classic(mode="challenge"), players=3, seed=1, setup=Setup(
        hands=[["red 5"], ["blue 7", "blue 2"], ["wild"]], discard=["red 1"], turn=0, scores=[0, 0, 460]))
    m.answer(m.round.hands[0][0])  # seat 2 ends the round on 510: out
    assert m.eliminated == [2] and m.active == [0, 1]
    assert m.round.n == 2 and len(m.round.hands) == 2


def test_birthday_closest_to_31_july_deals():
    edition = classic(dealer="birthday")
    m = unodsl.Match(edition, players=3, agents="random", seed=2, max_rounds=1,
                     birthdays=["12-25", "08-03", "07-20"])
    assert next(e for e in m.log if e["event"] == "dealer") == {"event": "dealer", "player": 1, "by": "birthday"}


def test_birthday_dealer_falls_back_to_the_cards_when_birthdays_are_unknown():
    m = unodsl.Match(classic(dealer="birthday"), players=3, agents="random", seed=2, max_rounds=1)
    assert any(e["event"] == "dealer_draw" for e in m.log)


def test_birthday_distance_counts_days_either_way():
    assert modes.birthday_dealer(["01-31", "12-31"]) == 1  # 181 days before, 153 after
    assert modes.birthday_dealer(["07-30", "08-02"]) == 0
    with pytest.raises(unodsl.UnoError, match="MM-DD"):
        modes.birthday_dealer(["31/07"])


def test_birthday_distance_goes_across_new_year():
    # 1 January is 154 days after 31 July (through New Year), 25 February 156 days before it.
    assert modes.birthday_dealer(["02-25", "01-01"]) == 1
    assert modes.birthday_dealer(["01-01", "02-25"]) == 0
    assert modes.birthday_dealer(["02-27", "01-01"]) == 0  # 154 days both: the first seat
