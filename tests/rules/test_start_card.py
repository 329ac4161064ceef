"""Setup and the start card (RULES.md, "Setup" and "Start card")."""
from __future__ import annotations

import pytest

import unodsl

from .conftest import events, pending, play, table, uids

# Three players, dealer seat 0: seat 1 is left of the dealer, seat 2 is right of the dealer.
HANDS = [["red 1", "blue 1", "green 1"], ["red 2", "blue 2", "green 2"],
         ["red 3", "blue 3", "green 3"]]


def started(edition, top: str, draw=()):
    """A round whose first discard `top` was just turned, dealer seat 0."""
    return table(edition, HANDS, draw=draw, discard=[top], start=True, dealer=0)


def test_start_draw_two_first_player_draws_two_and_loses_the_turn(classic):
    # "Draw Two: the first player draws 2 and loses the turn."
    m = started(classic, "red draw two", draw=["yellow 4", "yellow 5"])
    assert sorted(c.label() for c in m.round.hands[1]) == sorted(
        ["red 2", "blue 2", "green 2", "yellow 4", "yellow 5"])
    assert pending(m) == ("turn", 2)  # the second player plays
    assert not events(m, "turn", player=1) and not events(m, "play", player=1)


def test_start_reverse_dealer_plays_first_and_play_goes_right(classic):
    # "Reverse: the dealer plays first and play goes right."
    m = started(classic, "red reverse")
    assert pending(m) == ("turn", 0)
    assert m.round.direction == -1
    play(m, "red 1")
    assert pending(m) == ("turn", 2)  # the dealer's right


def test_start_skip_first_player_is_skipped(classic):
    # "Skip: the first player is skipped; the next one starts."
    m = started(classic, "red skip")
    assert pending(m) == ("turn", 2)
    assert events(m, "skipped", player=1)
    assert len(m.round.hands[1]) == 3


def test_start_wild_first_player_names_the_colour_then_plays(classic):
    # "Wild: the first player names the colour, then plays."
    m = started(classic, "wild")
    assert pending(m) == ("colour", 1)
    m.answer("green")
    assert m.round.colour == "green"
    assert pending(m) == ("turn", 1)
    assert [c.label() for c in m.decision.options[:-1]] == ["green 2"]


def test_start_wild_draw_four_is_returned_and_another_card_turned(classic):
    # "Wild Draw Four: returned to the deck (shuffled in) and another card is turned."
    m = started(classic, "wild draw four", draw=["red 5"])
    rnd = m.round
    wd4 = events(m, "turn_another")[0]["card"]
    assert classic.deck[wd4].kind == "wild_draw_four"
    assert rnd.discard[-1].kind != "wild_draw_four"
    assert wd4 in uids(rnd.draw_pile)
    assert rnd.card_count() == 108 == len(classic.deck)
    assert [len(h) for h in rnd.hands] == [3, 3, 3]  # nobody drew four
    assert pending(m) == ("turn", 1)  # the turned card is played on as usual


def test_start_wild_draw_four_goes_back_anywhere_but_on_top(classic):
    # "returned to the deck (shuffled in) and another card is turned": never on top, where
    # it would be the card turned again. A draw pile of two (the rest under the discard pile).
    positions = set()
    for seed in range(40):
        m = table(classic, HANDS, draw=["red 5", "blue 6"], discard=["wild draw four"], start=True,
                  dealer=0, rest="discard", seed=seed)
        pile = m.round.draw_pile
        assert len(events(m, "turn_another")) == 1, f"seed {seed}"
        assert m.round.discard[-1].label() == "red 5"  # the card that was on top
        assert [c.label() for c in pile if c.kind != "wild_draw_four"] == ["blue 6"]
        positions.add(next(i for i, c in enumerate(pile) if c.kind == "wild_draw_four"))
    assert positions == {0, 1}  # under or over blue 6: either may be drawn next


def test_start_number_card_nothing_happens_left_of_dealer_starts(classic):
    # "The player left of the dealer starts; play goes left (clockwise) until reversed."
    m = started(classic, "red 9")
    assert pending(m) == ("turn", 1)
    assert m.round.direction == 1
    assert [len(h) for h in m.round.hands] == [3, 3, 3]
    assert m.round.colour == "red"


def test_setup_deal_seven_each_rest_is_draw_pile_top_card_turned(classic):
    # "Deal 7 each. The rest is the face-down DRAW pile; turn its top card to start the DISCARD pile."
    m = unodsl.Match(classic, players=4, seed=3)
    rnd = m.round
    assert [len(h) for h in rnd.hands] == [7, 7, 7, 7]
    start = events(m, "start_card")
    assert start and rnd.card_count() == 108


def dealer_value(edition, uid: int) -> int:
    return edition.deck[uid].number or 0  # a symbol card counts as 0


@pytest.mark.parametrize("seed", range(12))
def test_dealer_highest_number_deals_and_left_of_dealer_starts(classic, seed):
    # "Each draws a card; highest number deals (a symbol card counts as 0)."
    # "The player left of the dealer starts."
    m = unodsl.Match(classic, players=4, seed=seed)
    last = events(m, "dealer_draw")[-1]["cards"]
    value = {p: dealer_value(classic, uid) for p, uid in last.items()}
    dealer = events(m, "dealer")[0]["player"]
    assert [p for p, v in value.items() if v == max(value.values())] == [dealer]
    assert m.round.dealer == dealer
    top = classic.deck[events(m, "start_card")[-1]["card"]]
    if top.kind == "number":
        assert events(m, "turn")[0]["player"] == (dealer + 1) % 4


def test_dealer_ties_draw_again(classic):
    # "highest number deals (a symbol card counts as 0); re-draw on ties."
    tied_matches = 0
    for seed in range(40):
        m = unodsl.Match(classic, players=4, seed=seed)
        draws = [e["cards"] for e in events(m, "dealer_draw")]
        for earlier, later in zip(draws, draws[1:]):
            value = {p: dealer_value(classic, uid) for p, uid in earlier.items()}
            tied = {p for p, v in value.items() if v == max(value.values())}
            assert len(tied) > 1 and set(later) == tied  # only the tied players draw again
            tied_matches += 1
    assert tied_matches  # the seeds above do contain a tie
