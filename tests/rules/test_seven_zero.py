"""The 7-0 house rule (editions/house-rules/popular/seven-zero.yaml, `--rule @seven-zero`):
a 7 swaps hands with a chosen player, a 0 passes every hand on. Built from the
language's `swaps hands with` and `rotate hands`, nothing in the engine."""
from __future__ import annotations

import pytest

import unodsl

from .conftest import events, labels, pending, play, table

HANDS = [["red 7", "red 0", "blue 4"], ["green 1", "green 2"], ["yellow 1", "yellow 2", "yellow 3", "yellow 4"]]


@pytest.fixture(scope="module")
def seven_zero():
    return unodsl.load_edition("classic", rules=["@seven-zero"])


def test_a_seven_swaps_hands_with_the_chosen_player(seven_zero):
    m = table(seven_zero, HANDS)
    play(m, "red 7")
    assert pending(m) == ("player", 0) and m.decision.options == [1, 2]
    m.answer(2)
    assert sorted(labels(m.round.hands[0])) == ["yellow 1", "yellow 2", "yellow 3", "yellow 4"]
    assert sorted(labels(m.round.hands[2])) == ["blue 4", "red 0"]
    assert labels(m.round.hands[1])[:2] == ["green 1", "green 2"]  # (then they drew: nothing goes on red)
    assert events(m, "swap_hands", player=0, other=2)
    # Each has seen the hand they gave away.
    assert {c.uid for c in m.round.hands[2]} <= m.round.known[0]


def test_a_zero_passes_every_hand_to_the_next_player(seven_zero):
    m = table(seven_zero, HANDS)
    before = [sorted(labels(h)) for h in m.round.hands]
    play(m, "red 0")
    before[0].remove("red 0")
    assert [sorted(labels(h)) for h in m.round.hands] == [before[2], before[0], before[1]]


def test_a_zero_passes_hands_the_other_way_when_play_goes_to_the_right(seven_zero):
    m = table(seven_zero, HANDS, direction=-1)
    before = [sorted(labels(h)) for h in m.round.hands]
    play(m, "red 0")
    before[0].remove("red 0")
    assert [sorted(labels(h)) for h in m.round.hands] == [before[1], before[2], before[0]]


@pytest.mark.parametrize("last", ["red 7", "red 0"])
def test_a_seven_or_zero_as_the_last_card_just_goes_out(seven_zero, last):
    m = table(seven_zero, [[last], ["green 1", "green 2"], ["yellow 1"]])
    play(m, last)
    assert m.results[0].winner == 0
    assert not events(m, "swap_hands") and not events(m, "rotate_hands")


def test_the_rule_reads_as_english():
    from unodsl.lang.describe import Describer
    from unodsl.lang.parse import parse_script

    words = Describer(unodsl.load_edition("classic").vocabulary)
    assert words.script(parse_script("choose player\nme swaps hands with chosen")) == \
        "Choose another player. Swap hands with the chosen player."
    assert words.script(parse_script("rotate hands")) == \
        "Every player passes their hand to the next player in the direction of play."
