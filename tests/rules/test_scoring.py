"""Scoring and winning (RULES.md, "Scoring and winning")."""
from __future__ import annotations

import unodsl

from .conftest import events, play, table, variant

# Seat 0 goes out with red 3; seat 1 keeps 5 + 20 + 50 = 75 points, seat 2 20 + 50 + 9 + 20 + 0 = 99.
HANDS = [["red 3"], ["red 5", "blue skip", "wild"],
         ["green draw two", "wild draw four", "yellow 9", "blue reverse", "green 0"]]


def seat_0_goes_out(edition, **kw):
    m = table(edition, HANDS, **kw)
    play(m, "red 3")
    return m


def penalty_edition(classic_text):
    return variant(classic_text, ("scoring: winner", "scoring: penalty"))


def test_winner_scores_the_cards_left_in_opponents_hands(classic):
    # "The player who goes out scores the cards left in all opponents' hands: numbers at face value,
    # Draw Two / Reverse / Skip 20, Wild / Wild Draw Four 50."
    m = seat_0_goes_out(classic)
    assert m.results[0].points == [0, 75, 99]
    assert m.results[0].scored == [174, 0, 0]
    assert m.scores == [174, 0, 0]


def test_rounds_continue_until_someone_reaches_the_target(classic):
    # "Rounds continue until someone reaches the target, 500 by default."
    m = seat_0_goes_out(classic, max_rounds=1000)
    assert m.target == 500
    assert not m.finished
    assert len(m.results) == 1
    assert m.scores == [174, 0, 0]  # kept into the next round
    assert len(events(m, "deal")) == 1  # a second round was dealt and is being played
    assert m.decision is not None


def test_match_ends_when_the_target_is_reached(classic):
    # "Rounds continue until someone reaches the target, 500 by default."
    m = seat_0_goes_out(classic, max_rounds=1000, scores=[326, 0, 0])  # 326 + 174 = 500
    assert m.finished
    assert m.winner == 0
    assert m.scores == [500, 0, 0]
    assert len(m.results) == 1


def test_match_goes_on_just_below_the_target(classic):
    # "Rounds continue until someone reaches the target."
    m = seat_0_goes_out(classic, max_rounds=1000, scores=[325, 0, 0])  # 499
    assert not m.finished and m.winner is None


def test_target_is_a_setting(classic):
    # "the target is a setting (the Sorting Hat sheet says so explicitly)."
    m = seat_0_goes_out(classic, max_rounds=1000, target=150)
    assert m.finished and m.winner == 0
    m = seat_0_goes_out(classic, max_rounds=1000, target=1000, scores=[800, 0, 0])
    assert not m.finished


def test_whole_match_plays_rounds_until_the_target(classic):
    # "Rounds continue until someone reaches the target, 500 by default."
    m = unodsl.Match(classic, players=3, agents="greedy", seed=7)
    result = m.play()
    totals = [0, 0, 0]
    for played in result.rounds[:-1]:
        totals = [t + s for t, s in zip(totals, played.scored)]
        assert max(totals) < 500  # nobody had reached the target: another round was dealt
    assert max(result.scores) >= 500
    assert result.winner == max(range(3), key=lambda s: result.scores[s])
    for played in result.rounds:  # only the player who went out scores
        if played.winner is not None:
            assert played.scored[played.winner] == sum(played.points)


def test_penalty_scoring_each_keeps_the_points_in_their_own_hand(classic_text):
    # "Alternative scoring: each player keeps a running total of the points left in their own hand
    # at the end of each round."
    m = seat_0_goes_out(penalty_edition(classic_text), max_rounds=1000)
    assert m.scores == [0, 75, 99]
    assert not m.finished


def test_penalty_scoring_lowest_total_wins_when_someone_reaches_target(classic_text):
    # "when someone reaches 500, the lowest total wins."
    m = seat_0_goes_out(penalty_edition(classic_text), max_rounds=1000, scores=[480, 450, 10])
    assert m.scores == [480, 525, 109]
    assert m.finished
    assert m.winner == 2  # neither the player who reached 500 nor the one who went out
