"""USERS.md, "Mistakes a well-known Python UNO engine makes": one test per mistake we must not make."""
from __future__ import annotations

import pytest

import unodsl
from unodsl import DRAW, KEEP, UnoError

from .conftest import Scripted, all_labels_but, events, held, pending, play, table, variant

OTHERS = [["red 1", "green 1", "yellow 1"], ["red 2", "green 2", "yellow 2"]]


def test_start_draw_two_first_player_draws_and_does_not_play(classic):
    # Mistake: "A Draw Two turned up at the start makes the first player draw but still lets them play."
    m = table(classic, [["red 3", "blue 3", "green 3"], *OTHERS], discard=["red draw two"],
              start=True, dealer=0)
    assert len(m.round.hands[1]) == 3 + 2
    assert pending(m) == ("turn", 2)
    play(m, "red 2")
    assert pending(m) == ("turn", 0)
    play(m, "red 3")
    turns = [e["player"] for e in events(m, "turn")]
    assert turns[:3] == [2, 0, 1]  # seat 1's first turn comes only after the round of play


def test_drawn_card_is_not_played_automatically(classic):
    # Mistake: "A drawn card is played automatically (no choice)".
    m = table(classic, [["blue 3", "blue 4", "green 5"], *OTHERS], draw=["red 6"])
    assert pending(m) == ("play_drawn", 0)
    assert m.decision.options == [held(m, 0, "red 6"), KEEP]
    assert m.round.discard[-1].label() == "red 9"  # not played yet


def test_drawn_wild_draw_four_keeps_its_effect(classic):
    # Mistake: "a drawn Wild Draw Four acts as a plain Wild."
    m = table(classic, [["blue 3", "blue 4", "green 5"], *OTHERS], draw=["wild draw four"])
    m.answer(held(m, 0, "wild draw four"))
    m.answer("green")
    m.answer(False)  # seat 1 does not challenge
    assert len(m.round.hands[1]) == 3 + 4
    assert events(m, "skipped", player=1)
    assert pending(m) == ("turn", 2)


def test_wild_draw_four_offered_even_when_other_cards_are_playable(classic):
    # Mistake: "Wild Draw Four is offered only when no other card is playable (stricter than the rule)."
    m = table(classic, [["red 3", "wild draw four", "blue 9"], *OTHERS])
    assert m.decision.options == [held(m, 0, "red 3"), held(m, 0, "wild draw four"),
                                  held(m, 0, "blue 9"), DRAW]


def test_wild_draw_four_can_be_challenged(classic):
    # Mistake: "no challenge".
    m = table(classic, [["red 3", "wild draw four", "blue 9"], *OTHERS])
    play(m, "wild draw four")
    m.answer("green")
    assert pending(m) == ("challenge", 1)


def test_uno_call_is_asked(classic):
    # Mistake: "no UNO call".
    m = table(classic, [["red 3", "blue 9"], *OTHERS])
    play(m, "red 3")
    assert pending(m) == ("call_uno", 0)


def test_points_are_scored(classic):
    # Mistake: "no points".
    m = table(classic, [["red 3"], ["wild", "red 1"], ["red skip", "green 7"]])
    play(m, "red 3")
    assert m.scores == [50 + 1 + 20 + 7, 0, 0]


def test_match_is_played_to_500(classic):
    # Mistake: "no match to 500".
    m = table(classic, [["red 3"], ["wild", "red 1"], ["red skip", "green 7"]], max_rounds=1000)
    play(m, "red 3")
    assert not m.finished and m.target == 500
    result = unodsl.Match(classic, players=3, agents="greedy", seed=4).play()
    assert max(result.scores) >= 500 and len(result.rounds) >= 1


def test_two_player_reverse_acts_as_skip(classic):
    # Mistake: "With two players, Reverse passes the turn instead of acting as Skip."
    m = table(classic, [["red reverse", "red 3", "blue 5"], ["red 1", "blue 1", "yellow 1"]])
    play(m, "red reverse")
    assert pending(m) == ("turn", 0)
    assert not events(m, "turn", player=1)


def test_reshuffle_keeps_the_top_discard(classic):
    # Mistake: "Reshuffling takes the top discard too".
    m = table(classic, [["blue 3", "blue 4", "green 5"], *OTHERS], rest="discard")
    top = m.round.discard[-1]
    assert top.label() == "red 9" and events(m, "reshuffle")
    assert m.round.discard == [top]
    assert top not in m.round.draw_pile


def test_both_piles_empty_does_not_crash(classic):
    # Mistake: "the engine crashes when both piles are empty."
    mine = ["blue 5", "blue 6"]
    m = table(classic, [mine, all_labels_but(classic, [*mine, "red 9"])], discard=["red 9"])
    assert events(m, "draw", player=0)[-1]["cards"] == []  # drew nothing, no crash
    assert pending(m) == ("turn", 1)
    assert m.round.card_count() == 108


@pytest.mark.parametrize("wild", ["wild", "wild draw four"])
def test_colour_chosen_for_a_wild_is_the_colour_shown_afterwards(classic, wild):
    # Mistake: "The colour chosen for a Wild is not what the observation shows afterwards."
    seen = []

    def note_colour(decision, state):  # what seat 1 observes when asked anything
        seen.append(state.colour)
        return decision.options[-1]  # DRAW, KEEP or False: never change the colour

    watcher = Scripted(policy=note_colour)
    m = table(classic, [[wild, "blue 3", "green 5"], ["red 1", "yellow 1", "yellow 2"],
                        ["yellow 3", "red 2", "green 2"]], agents=[None, watcher, None])
    play(m, wild)
    m.answer("yellow")
    assert m.round.colour == "yellow"
    assert seen and set(seen) == {"yellow"}  # what the next player saw
    assert events(m, "colour", player=0, colour="yellow")


@pytest.mark.parametrize("players", [0, 1, 11, 12])
def test_player_count_outside_two_to_ten_is_refused(classic, players):
    # Mistake: "A setting for the number of players is silently ignored." -- "2-10 players."
    with pytest.raises(UnoError) as refused:
        unodsl.Match(classic, players=players, seed=1)
    assert str(players) in str(refused.value)


@pytest.mark.parametrize("players", [2, 5, 10])
def test_player_count_is_honoured(classic, players):
    # "2-10 players": the count asked for is the count dealt.
    m = unodsl.Match(classic, players=players, seed=1)
    assert len(m.round.hands) == players
    assert [len(hand) for hand in events(m, "deal")[0]["hands"]] == [7] * players


def test_player_limits_come_from_the_edition(classic_text):
    # The edition's `players: {min, max}` setting is what is enforced.
    edition = variant(classic_text, ("players: {min: 2, max: 10}", "players: {min: 3, max: 4}"))
    for players in (2, 5):
        with pytest.raises(UnoError):
            unodsl.Match(edition, players=players, seed=1)
    assert len(unodsl.Match(edition, players=4, seed=1).round.hands) == 4
