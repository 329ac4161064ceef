"""Reactions (a card played out of turn to cancel an action), table cards and
blank cards, on a test edition: classic plus one card of each sort."""
from __future__ import annotations

from pathlib import Path

import pytest

import unodsl
from unodsl.engine.decisions import PASS, REACT, TURN, WRITE_RULE, TableUse
from unodsl.engine.setup import Setup

EXTRA_KINDS = """
  shield:
    name: Shield
    symbol: shield
    wild: true
    deck: {count: 1}
    points: 50
    playable: always
    effect: choose colour
    reaction: {against: always, effect: choose colour}
    on_start: turn another
  veto:
    name: Table Veto
    deck: {count: 1}
    points: 0
    use: skip chosen
  blank:
    name: Blank Wild
    wild: true
    blank: true
    deck: {count: 2}
    points: 40
    playable: always
    written: ["extra turn"]
    effect: |
      choose colour
      apply written rule
    on_start: next chooses colour
table: [veto]
"""
CLASSIC = (Path(__file__).resolve().parents[2] / "editions" / "classic.yaml").read_text()
TEXT = CLASSIC.replace("total: 108\n", "").replace(
    "\nkinds:\n", "\nkinds:\n" + EXTRA_KINDS.split("table:")[0].lstrip("\n"), 1) + "table: [veto]\n"
EDITION = unodsl.load_edition_text(TEXT, "extra.yaml")
# The same without the table card, for tests where its options would be in the way.
NO_TABLE = unodsl.load_edition_text(
    TEXT.replace("table: [veto]\n", "").replace(
        "  veto:\n    name: Table Veto\n    deck: {count: 1}\n    points: 0\n    use: skip chosen\n", ""),
    "no-table.yaml")
# With a second table card, listed after the first.
TWO_TABLE_CARDS = unodsl.load_edition_text(TEXT.replace("table: [veto]\n", "table: [veto, trade]\n").replace(
    "\nkinds:\n", "\nkinds:\n  trade:\n    name: Trade\n    deck: {count: 1}\n    points: 0\n"
    "    use: chosen draws 1\n", 1), "two-table-cards.yaml")


def stacked(hands, edition=NO_TABLE, **kw):
    kw.setdefault("draw", ["red 1", "red 2", "red 3", "red 4", "red 5", "red 6"])
    kw.setdefault("discard", ["red 9"])
    return unodsl.Match(edition, players=len(hands), seed=1, setup=Setup(hands=hands, **kw))


def card(match, seat, name):
    return next(c for c in match.round.hands[seat] if c.label().lower() == name or c.kind == name)


def plain(match, options):
    """The decision's options without table-card uses."""
    return [o for o in options if not isinstance(o, TableUse)]


def test_a_reaction_cancels_a_draw_two_aimed_at_its_holder():
    m = stacked([["red draw two", "red 5", "blue 1"], ["shield", "green 4", "green 5"], ["yellow 1", "yellow 2"]])
    m.answer(card(m, 0, "red draw two"))
    assert m.decision.kind == REACT and m.decision.player == 1
    assert m.decision.options[-1] is PASS
    m.answer(card(m, 1, "shield"))
    m.answer("green")  # the holder names the colour
    assert m.round.colour == "green" and m.round.discard[-1].kind == "shield"
    assert len(m.round.hands[1]) == 2  # drew nothing
    assert m.round.skips[1] == 0 and m.decision.player == 1  # and was not skipped: their turn now


def test_passing_on_a_reaction_lets_the_action_apply():
    m = stacked([["red draw two", "red 5", "red 6"], ["shield", "green 4"], ["yellow 1", "yellow 2"]])
    m.answer(card(m, 0, "red draw two"))
    m.answer(PASS)
    assert len(m.round.hands[1]) == 4
    assert m.decision.player == 2  # player 1 lost the turn


def test_no_reaction_is_offered_without_a_reaction_card():
    m = stacked([["red draw two", "red 5", "red 6"], ["green 4", "green 5"], ["yellow 1", "yellow 2"]])
    m.answer(card(m, 0, "red draw two"))
    assert not any(e["event"] == "decision" and e["kind"] == REACT for e in m.log)
    assert len(m.round.hands[1]) == 4


def test_table_card_makes_the_target_miss_exactly_one_turn_then_returns():
    m = stacked([["red 5", "red 6", "blue 1"], ["red 7", "red 8", "blue 4"], ["red 2", "red 3", "blue 6"]],
                edition=EDITION, draw=["green 1", "green 2"])
    veto = m.round.table[0]
    use = TableUse(veto, 2)
    assert use in m.decision.options
    m.answer(use)  # player 0 slaps the card on player 2
    assert m.round.table == [] and m.round.lying[2] == [veto]
    assert not any(isinstance(o, TableUse) for o in m.decision.options)  # the card is not in the middle
    m.answer(card(m, 0, "red 5"))
    m.answer(card(m, 1, "red 7"))  # player 2 is skipped: back to player 0, the card returns
    assert m.decision.player == 0 and m.round.table == [veto] and m.round.lying[2] == []
    assert [e["player"] for e in m.log if e["event"] == "skipped"] == [2]


# Two Shields, so that two players may hold a reaction card.
TWO_SHIELDS = unodsl.load_edition_text(TEXT.replace(
    "    wild: true\n    deck: {count: 1}\n    points: 50\n    playable: always\n    effect: choose colour\n"
    "    reaction:", "    wild: true\n    deck: {count: 2}\n    points: 50\n    playable: always\n"
    "    effect: choose colour\n    reaction:"), "two-shields.yaml")


def test_a_table_card_used_while_a_reaction_is_decided_is_no_card_played_to_react_to():
    """Player 1, asked whether to react to a Draw Two, uses the Table Veto on player 2: the
    Veto's skip is no action card played, and player 2 is offered no reaction to it (nor to
    the Draw Two, which is not aimed at them); then player 1 is asked again."""
    m = stacked([["red draw two", "red 5", "blue 1"], ["shield", "green 4", "green 5"],
                 ["shield", "yellow 1", "yellow 2"]], edition=TWO_SHIELDS)
    m.answer(card(m, 0, "red draw two"))
    assert m.decision.kind == REACT and m.decision.player == 1
    m.answer(TableUse(m.round.table[0], 2))
    assert m.decision.kind == REACT and m.decision.player == 1  # asked again; player 2 was not asked
    assert m.round.skips[2] == 1 and len(m.round.lying[2]) == 1
    m.answer(PASS)
    assert len(m.round.hands[1]) == 5 and len(m.round.hands[2]) == 3  # the Draw Two applied to player 1 only
    assert [e["player"] for e in m.log if e["event"] == "answer" and e["kind"] == REACT] == [1, 1]


DISCARDS_AS_HANDS_GROW = "on hand_grows:\n  previous discards all where colour == red"


def test_a_hand_grows_hook_that_takes_cards_is_refused_where_a_table_use_makes_hands_grow():
    """Trade's `use: chosen draws 1` runs while a player decides: a hook on the hand growing
    runs inside it, and may not take cards out of a hand any more than the use itself (it
    validated, then a re-asked decision offered cards gone: list.remove failed in play)."""
    text = TEXT.replace("table: [veto]\n", "table: [veto, trade]\n").replace(
        "\nkinds:\n", "\nkinds:\n  trade:\n    name: Trade\n    deck: {count: 1}\n    points: 0\n"
        "    use: chosen draws 1\n", 1)
    with pytest.raises(unodsl.EditionError) as refused:
        unodsl.load_edition_text(text, "trade.yaml", rules=[DISCARDS_AS_HANDS_GROW])
    [problem] = refused.value.problems
    assert (problem.span.file, problem.span.line, problem.span.column) == ("--rule 1", 2, 3)
    assert problem.message.startswith("a `hand_grows` hook may not take cards out of a hand here: Trade's `use:`")
    # A use that makes no hand grow (the Veto's skip) leaves such a hook alone. The mercy rule
    # (a player holding 25 cards leaves the round, their hand emptied) is refused beside Trade.
    assert unodsl.load_edition_text(TEXT, "extra.yaml", rules=[DISCARDS_AS_HANDS_GROW]).hooks
    assert unodsl.load_edition("veto", rules=["@mercy"]).hooks
    with pytest.raises(unodsl.EditionError):
        unodsl.load_edition_text(text, "trade.yaml", rules=["@mercy"])


def test_table_cards_are_not_dealt():
    m = unodsl.Match(EDITION, players=4, seed=3, agents="random", max_rounds=1)
    assert len(EDITION.deck) == 112
    assert m.finished
    dealt = m.log[[e["event"] for e in m.log].index("deal")]["hands"]
    veto_uid = next(c.uid for c in EDITION.deck if c.kind == "veto")
    assert all(veto_uid not in hand for hand in dealt)


def test_a_rule_written_in_the_edition_runs_when_its_blank_card_is_played():
    m = stacked([["blank", "red 5", "red 6", "red 7"], ["green 4", "green 5"], ["yellow 1", "yellow 2"]])
    written_card = min((c for c in NO_TABLE.deck if c.kind == "blank"), key=lambda c: c.uid)
    hand = m.round.hands[0]
    assert written_card in hand  # the setup takes the first blank card: the one with "extra turn"
    m.answer(written_card)
    m.answer("red")
    assert m.decision.player == 0 and m.decision.kind == TURN  # extra turn


def test_a_blank_card_is_written_when_played_and_bad_rules_are_refused():
    m = stacked([["blank", "blank", "red 5", "red 6"], ["green 4", "green 5"], ["yellow 1", "yellow 2"]])
    second = max((c for c in m.round.hands[0] if c.kind == "blank"), key=lambda c: c.uid)
    m.answer(second)
    m.answer("blue")
    assert m.decision.kind == WRITE_RULE and m.decision.options[-1] == ""
    with pytest.raises(unodsl.IllegalMove, match="line 1, column 6"):
        m.answer("next drws 2")
    m.answer("next draws 2")  # the game goes on: the rule is written and applies
    events = [e for e in m.log if e["event"] in ("written", "draw")]
    assert events[0]["rule"] == "next draws 2" and events[1]["player"] == 1 and len(events[1]["cards"]) == 2
    assert m.written[second.uid].source and any(e["event"] == "written" for e in m.log)


def test_a_statement_rule_from_the_command_line_is_written_on_a_blank_card():
    edition = unodsl.load_edition_text(TEXT, "extra.yaml", rules=["next draws 1"])
    blanks = sorted(c.uid for c in edition.deck if c.kind == "blank")
    assert set(edition.written) == set(blanks)
    assert "g.draw(_p1, 1)" in edition.written[blanks[1]].source


# A reaction whose effect gives cards away (docs/effects.md, "Calling UNO").
GIVING_SHIELD = unodsl.load_edition_text(TEXT.replace("table: [veto]\n", "").replace(
    "  veto:\n    name: Table Veto\n    deck: {count: 1}\n    points: 0\n    use: skip chosen\n", "").replace(
    "reaction: {against: always, effect: choose colour}",
    "reaction: {against: always, effect: give all where colour == yellow to next}"), "giving.yaml")


def test_a_reaction_whose_effect_leaves_one_card_asks_to_call_uno():
    m = stacked([["red draw two", "red 5", "blue 1"], ["shield", "yellow 4", "yellow 5", "green 5"],
                 ["yellow 1", "yellow 2"]], edition=GIVING_SHIELD)
    m.answer(card(m, 0, "red draw two"))
    m.answer(card(m, 1, "shield"))  # both yellows go to seat 2
    assert [c.label() for c in m.round.hands[1]] == ["green 5"]
    assert (m.decision.kind, m.decision.player) == ("call_uno", 1)
    m.answer(False)
    assert (m.decision.kind, m.decision.player) == ("catch", 2)


# Stacking (classic's `stacking` setting) with a reaction card in the game: the player a
# Draw Two is played on may react to it, as to any action card aimed at them, or pass it
# on; a draw passed on carries only the draw (docs/effects.md, "Reactions and stacking"),
# so whoever it reaches may pass it on again or take it, not react to it.
STACKING = unodsl.load_edition_text(TEXT.replace("table: [veto]\n", "").replace(
    "  veto:\n    name: Table Veto\n    deck: {count: 1}\n    points: 0\n    use: skip chosen\n", "").replace(
    "symbol: shield\n    wild: true\n    deck: {count: 1}", "symbol: shield\n    wild: true\n    deck: {count: 2}"),
    "stacking.yaml", settings={"stacking": True})


def test_the_target_of_a_stackable_draw_may_react_to_it():
    m = stacked([["red draw two", "red 5", "blue 1"], ["shield", "blue draw two", "green 5"],
                 ["yellow 1", "yellow 2"]], edition=STACKING)
    m.answer(card(m, 0, "red draw two"))
    assert m.decision.kind == REACT and m.decision.player == 1
    m.answer(card(m, 1, "shield"))
    m.answer("green")
    assert not any(e["event"] in ("decision", "answer") and e["kind"] == "stack" for e in m.log)
    assert not any(e["event"] == "draw" for e in m.log)
    assert m.decision.player == 1  # cancelled for them: not skipped either


def test_the_player_a_draw_is_passed_on_to_may_not_react_to_it():
    m = stacked([["red draw two", "red 5", "blue 1"], ["shield", "blue draw two", "green 5"],
                 ["shield", "yellow 1", "yellow 2"]], edition=STACKING)
    m.answer(card(m, 0, "red draw two"))
    m.answer(PASS)  # seat 1 does not react...
    assert m.decision.kind == "stack" and m.decision.player == 1
    m.answer(card(m, 1, "blue draw two"))  # ...but passes it on
    reacts = [e for e in m.log if e["event"] in ("decision", "answer") and e["kind"] == REACT]
    assert [e["player"] for e in reacts] == [1]
    assert [len(e["cards"]) for e in m.log if e["event"] == "draw" and e["player"] == 2] == [4]


def test_table_uses_follow_the_options_each_card_on_each_other_player_in_turn_order():
    # What Round.table_uses lists (and a built-in agent is offered without a Decision): the
    # order in which a Decision lists the uses, which outside agents and saves see.
    m = stacked([["red 5", "red 6"], ["red 7", "red 8"], ["red 2", "red 3"]], edition=TWO_TABLE_CARDS)
    table = m.round.table
    assert sorted(c.kind for c in table) == ["trade", "veto"]
    options = m.decision.options
    assert plain(m, options) == [card(m, 0, "red 5"), card(m, 0, "red 6"), unodsl.DRAW]
    assert options[3:] == [TableUse(c, q) for c in table for q in (1, 2)] == m.round.table_uses(0)
    m.round.direction = -1  # counter-clockwise: the other players in that order
    assert m.round.table_uses(0) == [TableUse(c, q) for c in table for q in (2, 1)]
