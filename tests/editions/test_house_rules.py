"""The VETO sheet's ten starter rules (editions/house-rules/), each written on a
Wild Customizable card with `--rule @NAME` and played from a stacked table."""
from __future__ import annotations

import pytest

import unodsl
from unodsl.edition.rules import house_rule_names
from unodsl.engine import decisions as d
from unodsl.engine.setup import Setup

HANDS = [["wild customizable", "purple 1", "purple 2", "green 3"],
         ["orange 4", "orange 5", "yellow 6"],
         ["yellow 7", "green 8", "green 9"]]
DRAW = ["orange 1", "yellow 2", "green 4", "purple 5", "orange 6", "yellow 8", "green 1", "orange 9"]


def play_rule(rule: str, hands=HANDS, colour="purple", **setup):
    """Seat 0 plays the blank card carrying `rule` and names `colour`."""
    edition = unodsl.load_edition("veto", rules=[f"@{rule}"])
    setup.setdefault("draw", DRAW)
    setup.setdefault("discard", ["purple 3"])
    m = unodsl.Match(edition, players=len(hands), seed=1,
                     setup=Setup(hands=[list(h) for h in hands], **setup))
    blank = next(c for c in m.round.hands[0] if c.kind == "wild_customizable")
    assert blank.uid in edition.written  # the rule is written on the first blank card
    m.answer(blank)
    m.answer(colour)
    return m


def events(m, name):
    return [e for e in m.log if e["event"] == name]


def drawn_by_rule(m, seat):
    """Cards `seat` drew after the blank card was played, before any turn of theirs."""
    count, played = 0, False
    for e in m.log:
        played = played or (e["event"] == "play" and e["player"] == 0)
        if played and e["event"] == "turn" and e["player"] == seat:
            break
        if played and e["event"] == "draw" and e["player"] == seat:
            count += len(e["cards"])
    return count


def test_there_are_ten_starter_rules():
    assert len(house_rule_names()) == 10


@pytest.mark.parametrize("name", house_rule_names())
def test_each_starter_rule_compiles_on_the_veto_edition(name):
    edition = unodsl.load_edition("veto", rules=[f"@{name}"])
    assert len(edition.written) == 1


def test_1_next_draws_until_the_named_colour():
    m = play_rule("01-draw-until-colour", colour="green")
    assert drawn_by_rule(m, 1) == 3  # orange 1, yellow 2, green 4


def test_2_everyone_else_discards_their_wilds():
    hands = [HANDS[0], ["orange 4", "orange 5", "wild", "wild draw four"], ["yellow 7", "wild", "green 9", "green 8"]]
    m = play_rule("02-others-discard-wilds", hands=hands)
    assert m.decision.kind == d.TOP_CARD and m.decision.player == 1  # which lands on top
    m.answer(m.decision.options[0])
    assert all(not c.wild for seat in (1, 2) for c in m.round.hands[seat])
    assert len(events(m, "discard")) == 3
    assert m.round.colour == "purple"  # a discarded Wild does not change the colour in play


def test_3_a_stuck_next_player_draws_three():
    m = play_rule("03-stuck-draws-three")  # purple named: seat 1 holds no purple and no Wild
    assert drawn_by_rule(m, 1) == 3


def test_3_a_next_player_who_can_play_draws_nothing():
    hands = [HANDS[0], ["purple 4", "orange 5"], HANDS[2]]
    m = play_rule("03-stuck-draws-three", hands=hands)
    assert m.decision.player == 1 and drawn_by_rule(m, 1) == 0


def test_4_extra_turn():
    m = play_rule("04-extra-turn")
    assert m.decision.player == 0 and m.decision.kind == d.TURN


def test_5_next_draws_to_seven():
    m = play_rule("05-next-to-seven")
    assert drawn_by_rule(m, 1) == 4


def test_5_next_discards_down_to_seven_choosing_which():
    big = [HANDS[0], ["orange 4", "orange 5", "yellow 6", "yellow 1", "green 2", "green 5", "green 6",
                      "orange 7", "orange 8"], HANDS[2]]
    m = play_rule("05-next-to-seven", hands=big)
    assert m.decision.kind == d.DISCARD and m.decision.player == 1
    m.answer(m.decision.options[0])
    assert m.decision.kind == d.DISCARD
    m.answer(m.decision.options[0])
    assert [e["player"] for e in events(m, "discard")] == [1, 1]  # 9 cards down to 7
    under_top = m.round.discard[-3:-1]
    assert [c.label() for c in under_top] == ["orange 4", "orange 5"]  # discards go under the top card
    assert m.round.discard[-1].kind == "wild_customizable"


def test_6_everyone_to_three():
    m = play_rule("06-everyone-to-three")  # seat 0 has 3 left, seats 1 and 2 have 3
    assert [drawn_by_rule(m, seat) for seat in range(3)] == [0, 0, 0] and not events(m, "discard")
    bigger = [HANDS[0] + ["orange 2"], ["orange 4"], HANDS[2]]
    m = play_rule("06-everyone-to-three", hands=bigger)
    assert m.decision.kind == d.DISCARD and m.decision.player == 0  # seat 0 holds 4: discards one
    m.answer(m.decision.options[0])
    assert drawn_by_rule(m, 1) == 2 and [e["player"] for e in events(m, "discard")] == [0]


def HAND_1_AT_PLAY(m):
    return [c for c in m.edition.deck if c.uid in m.log[0]["hands"][1]]


def test_7_hands_face_up_until_the_players_next_turn():
    m = play_rule("07-face-up")
    shown = events(m, "show_hand")
    assert sorted(e["player"] for e in shown) == [0, 1, 2]
    assert {c.uid for c in HAND_1_AT_PLAY(m)} <= m.round.known[2]  # seat 2 has seen seat 1's hand


def test_8_a_joke_that_makes_someone_laugh():
    m = play_rule("08-tell-a-joke")
    assert m.decision.kind == d.YES_NO and m.decision.player == 1
    m.answer(True)
    assert m.decision.kind == d.CALL_UNO and m.decision.player == 0  # down to one card: call UNO!
    m.answer(True)
    m.answer(m.decision.options[0])
    m.answer(m.decision.options[0])
    assert [e["player"] for e in events(m, "discard")] == [0, 0]  # three cards down to one


def test_8_a_joke_nobody_laughs_at():
    m = play_rule("08-tell-a-joke")
    m.answer(False)
    assert m.decision.kind == d.YES_NO and m.decision.player == 2  # each other player is asked
    m.answer(False)
    assert drawn_by_rule(m, 0) == 4


def test_9_straight_elbows_is_told_and_recorded():
    m = play_rule("09-straight-elbows")
    assert m.decision.kind == d.QUESTION and m.decision.player == 1
    assert m.decision.about == "Keep your elbows straight until someone says UNO!"
    m.answer("I will")
    assert drawn_by_rule(m, 1) == 0 and not events(m, "skipped")  # nothing else happens


@pytest.mark.parametrize("performs,drawn", [(True, 0), (False, 4)])
def test_10_rooster_call_or_draw_four(performs, drawn):
    m = play_rule("10-rooster-call")
    assert m.decision.kind == d.YES_NO and m.decision.player == 1
    m.answer(performs)
    assert drawn_by_rule(m, 1) == drawn
