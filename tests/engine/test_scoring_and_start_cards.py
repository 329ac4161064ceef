"""What a round's end records and scores, Challenge UNO's eliminations, and the start card
under `never_start_on_wild`.

Written for mutants of session 14's full run that survived the suite (docs/mutation.md).
"""
from __future__ import annotations

import unodsl
from cli_helpers import time_limit
from unodsl.engine.setup import Setup


def test_the_record_of_a_round_end_gives_its_winner_points_and_scores():
    # (`side` only for two-sided cards: tests/editions/test_flip.py)
    classic = unodsl.load_edition("classic")
    match = unodsl.Match(classic, players=3, agents="random", seed=5, max_rounds=2, target=10**6)
    result = match.play()
    ends = [e for e in match.log if e["event"] == "round_end"]
    scores = [0, 0, 0]
    for end, rnd in zip(ends, result.rounds, strict=True):
        scores = [s + add for s, add in zip(scores, rnd.scored)]
        assert end == {"event": "round_end", "winner": rnd.winner, "points": rnd.points, "scores": scores}


def challenge(scores, hands, players=2):
    edition = unodsl.load_edition("classic", settings={"mode": "challenge"})
    m = unodsl.Match(edition, players=players, seed=1, target=10, max_rounds=2,
                     agents=[None] + ["greedy"] * (players - 1),
                     setup=Setup(hands=hands, draw=["blue 7", "blue 8", "blue 3", "blue 4"], discard=["red 1"],
                                 scores=scores))
    m.answer(next(c for c in m.round.hands[0] if c.label() == "red 5"))
    while not m.finished:
        m.answer(m.decision.options[0])
    return m


def test_challenge_uno_when_everyone_reaches_the_target_at_once_the_rounds_winner_stays():
    # Challenge UNO: a player who reaches the target is out of the match; when all do at once,
    # the winner of the round stays, the champion (unodsl.engine.modes.eliminate)
    m = challenge([50, 5], [["red 5"], ["red 9", "blue 9"]])
    assert m.results[0].winner == 0 and m.scores == [50, 23]
    assert m.winner == 0 and m.eliminated == [1]
    assert [e for e in m.log if e["event"] == "eliminated"] == [{"event": "eliminated", "player": 1, "score": 23}]


def test_a_seat_out_of_the_match_has_no_points_in_later_rounds():
    m = challenge([0, 0, 0], [["red 5"], ["red 9", "blue 9"], ["red 2", "green 2"]], players=3)
    assert m.eliminated[0] == 1 and len(m.results) == 2  # (seat 1 left after the first round)
    assert m.results[1].points[1] == 0 and m.results[1].scored[1] == 0


def test_never_start_on_wild_keeps_a_start_card_that_is_no_wild():
    edition = unodsl.load_edition("classic", settings={"never_start_on_wild": True})
    with time_limit(10):
        for seed in range(6):
            match = unodsl.Match(edition, players=3, agents="random", seed=seed, max_rounds=1, max_turns=1)
            match.play()
            first = next(e["card"] for e in match.log if e["event"] == "start_card")
            if not next(c for c in edition.deck if c.uid == first).wild:
                assert [e["event"] for e in match.log].count("start_card") == 1


def test_a_draw_of_the_whole_draw_pile_takes_the_cards_as_any_other_draw():
    # The same two cards drawn, in the same order (in the hand and in the record), whether a
    # card is left in the draw pile after them or none is.
    classic = unodsl.load_edition("classic")
    drawn = []
    for pile in (["blue 7", "blue 8", "blue 9"], ["blue 7", "blue 8"]):
        m = unodsl.Match(classic, players=2, seed=1, setup=Setup(
            hands=[["red draw two", "red 5", "red 6"], ["green 1", "green 2"]], draw=pile, discard=["red 1"], rest="discard"))
        m.answer(next(c for c in m.round.hands[0] if c.label().lower() == "red draw two"))
        (event,) = [e for e in m.log if e["event"] == "draw"]
        drawn.append((event["cards"], [c.uid for c in m.round.hands[1][2:]]))
    assert drawn[0] == drawn[1]


def three_with(rules, hands):
    edition = unodsl.load_edition("classic", rules=rules)
    return unodsl.Match(edition, players=3, seed=1, max_rounds=1, setup=Setup(
        hands=hands, draw=["blue 7", "blue 8", "blue 9", "yellow 7", "yellow 8"], discard=["red 9"]))


def test_after_a_player_left_one_whose_hand_a_script_empties_has_won():
    # docs/effects.md: a player left with no card is out and wins the round, also when another
    # player left the round before
    m = three_with(["on play where number == 3:\n  eliminate next, cards shuffled into draw pile", "on play where number == 4:\n  next discards all"],
                   [["red 3", "red 5", "red 6"], ["green 1", "green 2"], ["red 4", "yellow 1", "yellow 2"]])
    m.answer(next(c for c in m.round.hands[0] if c.label() == "red 3"))  # seat 1 leaves the round
    m.answer(next(c for c in m.round.hands[2] if c.label() == "red 4"))  # seat 0 discards all
    while m.decision is not None and m.decision.kind == "top_card":  # (which of them ends on top)
        m.answer(m.decision.options[0])
    assert m.finished and m.results[0].winner == 0


def test_the_last_player_left_in_the_round_has_won():
    m = three_with(["on play where number == 3:\n  eliminate next, cards shuffled into draw pile"],
                   [["red 3", "red 5", "red 6"], ["green 1", "green 2"], ["green 3", "yellow 1", "yellow 2"]])
    m.answer(next(c for c in m.round.hands[0] if c.label() == "red 3"))  # seat 1 leaves the round
    m.answer(next(c for c in m.round.hands[2] if c.label() == "green 3"))  # and seat 0
    assert m.finished and m.results[0].winner == 2


def test_in_teams_the_last_team_left_scores_only_the_opponents_hands():
    # docs/editions.md, `teams`: the winning team scores the cards left in its opponents' hands;
    # the last team left in a round (here both opponents left it) still holds cards: not scored
    edition = unodsl.load_edition("classic", settings={"teams": True},
                                  rules=["on play where number == 3:\n  eliminate next, cards shuffled into draw pile"])
    m = unodsl.Match(edition, players=4, seed=1, max_rounds=1, setup=Setup(
        hands=[["red 3", "yellow 3", "red 9"], ["green 1", "green 2"], ["green 3", "blue 1"], ["blue 2", "blue 4"]],
        draw=["blue 7", "blue 8", "blue 9", "yellow 7", "yellow 8"], discard=["red 5"]))
    m.answer(next(c for c in m.round.hands[0] if c.label() == "red 3"))  # seat 1 leaves
    m.answer(next(c for c in m.round.hands[2] if c.label() == "green 3"))  # seat 3 leaves
    m.answer(True)  # (seat 2, down to one card, calls UNO)
    result = m.results[0]
    assert m.finished and result.winner in (0, 2) and result.points[result.winner] > 0
    assert result.scored == [0, 0, 0, 0]


def test_under_stacking_the_first_player_may_pass_on_a_start_cards_draw():
    # docs/effects.md, stacking: a draw the start card gives (as its dealer's) waits for the
    # answer of the player who must draw, as a played Draw Two's does
    from rules.conftest import table

    edition = unodsl.load_edition("classic", rules=["stack where kind == top.kind",
                                                    "on play where number == 7:\n  next draws 2"])
    m = table(edition, [["red 5", "green 6", "blue 7"], ["blue draw two", "green 1", "green 2"], ["red 1", "red 2"]],
              draw=["blue 7", "blue 8", "blue 9", "yellow 8", "yellow 9"], discard=["red draw two"],
              start=True, dealer=0)
    assert m.decision.kind == "stack" and m.decision.player == 1 and [len(h) for h in m.round.hands] == [3, 3, 2]
    m.answer(m.decision.options[0])  # seat 1 passes it on: seat 2 draws four
    assert len(m.round.hands[2]) == 2 + 4
    # and after it, a draw a hook gives is no card's: drawn at once, not put to an answer
    assert m.decision.kind == "turn" and m.decision.player == 0
    held = len(m.round.hands[1])
    m.answer(next(c for c in m.round.hands[0] if c.label() == "blue 7"))
    assert m.decision.kind == "turn" and m.decision.player == 1 and len(m.round.hands[1]) == held + 2
