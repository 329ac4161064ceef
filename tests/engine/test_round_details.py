"""Engine behaviour no rule test reached: markers across processes, table-card
options in sets, the JSON-lines log, `prev_of`, and what a rotation of hands
leaves each player knowing and records.

Written for mutants that survived the suite (docs/mutation.md).
"""
from __future__ import annotations

import io
import json
import pickle
from pathlib import Path

import pytest

import unodsl
from unodsl.engine.decisions import DRAW, KEEP, PASS, TableUse
from unodsl.engine.setup import Setup

CLASSIC = unodsl.load_edition("classic")


@pytest.mark.parametrize("marker,name", [(DRAW, "DRAW"), (KEEP, "KEEP"), (PASS, "PASS")])
def test_a_marker_keeps_its_name_and_identity_through_pickling(marker, name):
    # Simulation workers send options between processes: DRAW must still be DRAW.
    assert repr(marker) == name
    assert pickle.loads(pickle.dumps(marker)) is marker


def test_equal_table_uses_are_one_option_in_a_set():
    veto, other = CLASSIC.deck[0], CLASSIC.deck[1]
    uses = {TableUse(veto, 1), TableUse(veto, 1), TableUse(veto, 2), TableUse(other, 1)}
    assert len(uses) == 3 and TableUse(veto, 2) in uses


def as_json(event: dict) -> dict:
    """The event as JSON reads it back (seat numbers as keys become text)."""
    return json.loads(json.dumps(event))


def test_the_log_is_written_as_json_lines_with_the_extra_fields():
    m = unodsl.Match(CLASSIC, players=2, agents="greedy", seed=3, max_rounds=1)
    out = io.StringIO()
    m.write_log(out, game=7)
    lines = out.getvalue().split("\n")
    assert lines[-1] == "" and len(lines) - 1 == len(m.log)  # one event a line, each ended
    events = [json.loads(line) for line in lines[:-1]]
    assert events == [as_json({"game": 7, **e}) for e in m.log]
    plain = io.StringIO()
    m.write_log(plain)
    assert [json.loads(line) for line in plain.getvalue().splitlines()] == [as_json(e) for e in m.log]


def test_an_unrecorded_match_writes_no_log():
    m = unodsl.Match(CLASSIC, players=2, agents="greedy", seed=3, max_rounds=1, record=False)
    out = io.StringIO()
    m.write_log(out)
    assert out.getvalue() == ""


def test_prev_of_is_the_player_before_in_the_direction_of_play():
    m = unodsl.Match(CLASSIC, players=3, seed=1, setup=Setup(
        hands=[["red 5"], ["blue 1"], ["green 1"]], discard=["red 9"]))
    assert [m.round.prev_of(p) for p in range(3)] == [2, 0, 1]
    m.round.reverse()
    assert [m.round.prev_of(p) for p in range(3)] == [1, 2, 0]


# ---- the 7-0 rule's rotation of hands ---------------------------------------------------------

@pytest.fixture(scope="module")
def seven_zero():
    return unodsl.load_edition("classic", rules=["@seven-zero"])


def test_a_rotation_adds_to_what_each_player_knows_and_is_recorded(seven_zero):
    m = unodsl.Match(seven_zero, players=3, seed=1, setup=Setup(
        hands=[["red 0", "red 5", "blue 4"], ["green 1", "green 2"], ["yellow 1", "yellow 2"]],
        draw=["blue 7", "blue 8", "blue 9"], discard=["red 9"]))
    seen_before = {m.round.hands[2][0].uid}
    m.round.known[0] |= seen_before  # player 0 had seen a card of player 2's
    gave = [{c.uid for c in hand} for hand in m.round.hands]
    gave[0] -= {next(c.uid for c in m.round.hands[0] if c.label() == "red 0")}
    m.answer(next(c for c in m.round.hands[0] if c.label() == "red 0"))
    for p in range(3):
        assert gave[p] <= m.round.known[p]  # each saw the hand they passed on
    assert seen_before <= m.round.known[0]  # and forgot nothing
    rotation = [e for e in m.log if e["event"] == "rotate_hands"]
    assert rotation == [{"event": "rotate_hands", "direction": 1}]


def test_a_swap_adds_to_what_both_players_know(seven_zero):
    m = unodsl.Match(seven_zero, players=3, seed=1, setup=Setup(
        hands=[["red 7", "red 5", "blue 4"], ["green 1", "green 2"], ["yellow 1", "yellow 2"]],
        draw=["blue 7", "blue 8", "blue 9"], discard=["red 9"]))
    earlier = {m.round.hands[1][0].uid}
    m.round.known[0] |= earlier
    m.round.known[2] |= earlier
    mine, theirs = {c.uid for c in m.round.hands[0][1:]}, {c.uid for c in m.round.hands[2]}
    m.answer(m.round.hands[0][0])  # red 7
    m.answer(2)
    assert mine | earlier <= m.round.known[0] and theirs | earlier <= m.round.known[2]


@pytest.mark.parametrize("script", ["me swaps hands with next", "next swaps hands with me"])
def test_a_player_left_with_no_cards_by_a_swap_is_out(script):
    # "The first player to get rid of all their cards wins": here the one handed
    # the empty hand of a player who swapped away with their last card.
    edition = unodsl.load_edition("classic", rules=[f"on play where number == 7:\n  {script}"])
    m = unodsl.Match(edition, players=3, seed=1, max_rounds=1, setup=Setup(
        hands=[["red 7"], ["green 1", "green 2"], ["yellow 1"]], draw=["blue 7"], discard=["red 9"]))
    m.answer(m.round.hands[0][0])
    assert m.results[0].winner == 1
    assert [len(hand) for hand in m.round.hands] == [2, 0, 1]


# ---- why a card may not be played ----------------------------------------------------------------

def refusal(edition, hand: list[str], label: str) -> str:
    m = unodsl.Match(edition, players=2, seed=1, setup=Setup(
        hands=[hand, ["green 1", "green 2"]], draw=["blue 7"], discard=["blue 5"]))
    with pytest.raises(unodsl.IllegalMove) as refused:
        m.answer(next(c for c in m.round.hands[0] if c.label().lower() == label.lower()))
    return str(refused.value)


def test_a_symbol_card_is_refused_naming_its_kind():
    assert refusal(CLASSIC, ["red skip", "blue 1"], "red skip") == \
        "red Skip goes only on red or on a Skip (the colour in play is blue)"


def test_a_colourless_card_is_refused_naming_its_colour_as_its_own():
    joker = "  joker:\n    name: Joker\n    symbol: joker\n    deck: {count: 1}\n    points: 5\n"
    text = (Path(__file__).resolve().parents[2] / "editions" / "classic.yaml").read_text()
    edition = unodsl.load_edition_text(
        text.replace("total: 108\n", "").replace("\nkinds:\n", "\nkinds:\n" + joker, 1), "joker.yaml")
    assert refusal(edition, ["joker", "blue 1"], "joker") == \
        "Joker goes only on its colour or on a Joker (the colour in play is blue)"


def test_answering_when_no_decision_waits_says_so():
    m = unodsl.Match(CLASSIC, players=2, agents="greedy", seed=3, max_rounds=1)
    with pytest.raises(unodsl.IllegalMove) as refused:
        m.answer("red")
    assert str(refused.value) == "no decision is waiting for an answer"


def test_the_answers_given_from_outside_are_kept_in_order():
    # The seed and these answers replay the match (saves rely on it).
    m = unodsl.Match(CLASSIC, players=2, seed=1, setup=Setup(
        hands=[["red 5", "red 6", "blue 1"], ["green 1", "red 2", "green 3"]], draw=["blue 7"], discard=["red 9"]))
    first = m.round.hands[0][0]
    m.answer(first)
    second = next(c for c in m.round.hands[1] if c.label() == "red 2")
    m.answer(second)
    assert m.answers == [first, second]


# ---- discarding down to a size ------------------------------------------------------------------

def discarding_to(size_rule: str, hands):
    edition = unodsl.load_edition("classic", rules=[f"on play where number == 3:\n  {size_rule}"])
    return unodsl.Match(edition, players=3, seed=1, max_rounds=1, setup=Setup(
        hands=hands, draw=["blue 7", "blue 8", "blue 9"], discard=["red 9"]))


def test_discarding_to_nothing_goes_out():
    m = discarding_to("next discards to 0", [["red 3", "red 5", "red 6"], ["green 1", "green 2"], ["yellow 1"]])
    m.answer(m.round.hands[0][0])
    while m.decision is not None and m.decision.kind == "discard":
        m.answer(m.decision.options[0])
    assert m.results[0].winner == 1 and m.round.hands[1] == []


def test_discarding_down_to_one_card_calls_uno_first_and_to_an_absent_number_discards_all():
    m = discarding_to("next discards to 1", [["red 3", "red 5", "red 6"], ["green 1", "green 2"], ["yellow 1"]])
    m.answer(m.round.hands[0][0])
    assert (m.decision.kind, m.decision.player) == ("call_uno", 1)
    m = discarding_to("next discards to 1", [["red 3", "red 5", "red 6"], ["green 1"], ["yellow 1", "yellow 2"]])
    m.answer(m.round.hands[0][0])  # already down to one: no UNO to call, nothing to discard
    assert m.decision.kind != "call_uno"  # no UNO to call
    assert not [e for e in m.log if e["event"] == "discard"]
    m = discarding_to("next discards to number - 3", [["red skip", "red 3", "red 6"], ["green 1", "green 2"], ["yellow 1"]])
    m.answer(next(c for c in m.round.hands[0] if c.label() == "red 3"))  # 3 - 3 = 0
    while m.decision is not None and m.decision.kind == "discard":
        m.answer(m.decision.options[0])
    assert m.round.hands[1] == []


# ---- face up until `me`'s next turn -----------------------------------------------------------

def test_a_hand_played_face_up_is_hidden_again_when_the_player_who_showed_it_begins_a_turn():
    edition = unodsl.load_edition("classic", rules=["on play where number == 3:\n  next plays face up"])
    m = unodsl.Match(edition, players=3, seed=1, setup=Setup(
        hands=[["red 3", "red 5", "red 6"], ["red 1", "red 2", "blue 3"], ["red 4", "red 7", "blue 4"]],
        draw=["blue 7", "blue 8"], discard=["red 9"]))
    m.answer(m.round.hands[0][0])  # player 1 plays face up until player 0's next turn
    assert m.round.face_up_until == {1: 0}
    m.answer(next(c for c in m.round.hands[1] if c.label() == "red 1"))
    assert m.round.face_up_until == {1: 0}  # player 2's turn: still face up
    m.answer(next(c for c in m.round.hands[2] if c.label() == "red 4"))
    assert m.round.face_up_until == {}  # player 0's turn began


def test_a_yes_no_question_is_put_with_its_text_and_a_yes_is_recorded():
    edition = unodsl.load_edition("classic", rules=['on play where number == 3:\n  if others accept "Swap seats?": next draws 1'])
    m = unodsl.Match(edition, players=3, seed=1, setup=Setup(
        hands=[["red 3", "red 5", "red 6"], ["green 1", "green 2"], ["yellow 1", "yellow 2"]],
        draw=["blue 7", "blue 8"], discard=["red 9"]))
    m.answer(m.round.hands[0][0])
    assert (m.decision.kind, m.decision.player, m.decision.about) == ("yes_no", 1, "Swap seats?")
    m.answer(False)
    assert (m.decision.kind, m.decision.player, m.decision.about) == ("yes_no", 2, "Swap seats?")
    m.answer(True)
    assert [e for e in m.log if e["event"] == "accepted"] == [
        {"event": "accepted", "player": 2, "question": "Swap seats?"}]


def test_playing_a_match_with_a_seat_to_answer_says_which():
    m = unodsl.Match(CLASSIC, players=2, agents=["greedy", None], seed=1, setup=Setup(
        hands=[["red 5", "red 6"], ["red 1", "green 2"]], draw=["blue 7"], discard=["red 9"], turn=1))
    with pytest.raises(unodsl.UnoError) as error:
        m.play()
    assert str(error.value) == "seat 1 has no agent: answer match.decision first"
