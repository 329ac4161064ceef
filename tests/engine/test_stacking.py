"""A draw waiting for an answer (docs/effects.md, "Stacking: a draw waiting for an answer"):
which draws wait and which are drawn at once, what an answer spends and runs (the card's
own script, never a bluff), the stacking rule asked about the player who must draw, the
card's own `or passes it on` kept when an answer adds a plain draw, and an answer that
sends the draw on past a player who left the round.

Written for survivors of the mutation run of session 12 (docs/mutation.md). The editions
are loaded inside each test: a mutation run switches the compiler's mutants on per test.
"""
from __future__ import annotations

from pathlib import Path

import unodsl
from unodsl import PASS
from unodsl.engine.setup import Setup

from rules.conftest import events, held, play

CLASSIC = (Path(__file__).resolve().parents[2] / "editions" / "classic.yaml").read_text(encoding="utf-8")
# Plus: a draw of two that reads the card it is and whether it was a bluff; Naught: a draw of
# no number (no one was chosen); Grab: a draw of two, then one for its player; Zap: a table
# card that has its player draw two; Double: two draws in one script.
KINDS = """
  plus:
    name: Plus
    symbol: plus
    deck: {per_colour: 1}
    points: 20
    bluff_if: never
    effect: |
      if bluffed:
        me draws 1
      if card.colour == top.colour:
        next draws 2
  naught:
    name: Naught
    symbol: naught
    deck: {per_colour: 1}
    points: 20
    effect: |
      choose player where chosen.hand == 99
      next draws chosen.hand
  grab:
    name: Grab
    symbol: grab
    deck: {per_colour: 1}
    points: 20
    effect: |
      next draws 2
      me draws 1
  double:
    name: Double
    symbol: double
    deck: {per_colour: 1}
    points: 20
    effect: |
      next draws 1
      previous draws 2
"""
ZAP = """
  zap:
    name: Zap
    symbol: zap
    deck: {count: 1}
    points: 0
    playable: never
    use: chosen draws 2
"""
DRAW = ["yellow 7", "yellow 8", "yellow 9", "yellow 6", "blue 7", "blue 8", "blue 9", "blue 6", "green 9"]


def edition(*rules: str, settings=None, table=False):
    kinds = KINDS + ZAP if table else KINDS
    text = CLASSIC.replace("total: 108\n", "").replace("\nkinds:\n", "\nkinds:\n" + kinds.lstrip("\n"), 1)
    if table:
        text = text.replace("\nkinds:\n", "\ntable: [zap]\nkinds:\n", 1)
    return unodsl.load_edition_text(text, "stack.yaml", rules=list(rules), settings=settings)


def table(edition, hands, turn=0):
    return unodsl.Match(edition, players=len(hands), seed=1, max_rounds=1, setup=Setup(
        hands=[list(h) for h in hands], draw=list(DRAW), discard=["red 9"], turn=turn))


def drawn(m, seat: int) -> list[int]:
    return [len(e["cards"]) for e in events(m, "draw", player=seat)]


# ---- which draws wait


def test_a_hooks_draw_is_drawn_at_once():
    # "A table card's `use:` and the hooks give plain draws, drawn at once"
    m = table(edition("stack where kind == top.kind", "on play where number == 7:\n    next draws 2"),
              [["red 7", "red 1", "blue 1"], ["green 7", "green 1", "yellow 1"], ["red 2", "green 2"]])
    play(m, "red 7")
    assert events(m, "stack") == [] and drawn(m, 1) == [2]
    assert (m.decision.kind, m.decision.player) == ("turn", 1)


def test_a_players_own_draw_for_a_bluff_is_drawn_at_once():
    # "only its player's own `me draws 4`, for a bluff, never does [wait]"
    m = table(edition("stack where kind == top.kind"),
              [["wild draw four", "red 1", "blue 1"], ["green 7", "green 1", "yellow 1"], ["red 2", "green 2"]])
    play(m, "wild draw four")
    m.answer("green")
    assert (m.decision.kind, m.decision.player) == ("challenge", 1)
    m.answer(True)
    assert drawn(m, 0) == [4] and drawn(m, 1) == []


def test_a_plain_draw_waits_and_its_own_script_skips_the_taker_once():
    # "a plain draw's own script skips them (`skip next`)"
    m = table(edition("stack where kind == top.kind"),
              [["red draw two", "red 1", "blue 1"], ["green 7", "green 1", "yellow 1"], ["red 2", "green 2", "wild"]])
    play(m, "red draw two")
    assert drawn(m, 1) == [2]
    assert [e["player"] for e in events(m, "skip")] == [1]
    assert (m.decision.kind, m.decision.player) == ("turn", 2)


def test_a_draw_of_no_number_waits_for_nothing_and_draws_nothing():
    m = table(edition("stack where kind == top.kind"),
              [["red naught", "red 1", "blue 1"], ["green naught", "green 1", "yellow 1"], ["red 2", "green 2"]])
    play(m, "red naught")
    assert (m.decision.kind, m.decision.player) == ("turn", 1)  # no answer asked for
    assert drawn(m, 1) in ([], [0]) and len(m.round.hands[1]) == 3


def test_two_draws_of_one_script_each_wait_and_are_settled_in_turn():
    # "The draw is settled when the script that gave it ends"; a draw already waiting first
    m = table(edition("stack where kind == top.kind"),
              [["red double", "red 1", "blue 1"], ["green 7", "green 1", "yellow 1"], ["red 2", "green 2", "wild"]])
    play(m, "red double")
    assert [(e["player"], len(e["cards"])) for e in events(m, "draw")][:2] == [(1, 1), (2, 2)]


def test_a_table_cards_draw_is_drawn_at_once():
    # "A table card's `use:` and the hooks give plain draws, drawn at once"
    m = table(edition("stack where kind == top.kind", table=True),
              [["red 7", "red 1", "blue 1"], ["green 7", "green 1", "yellow 1"], ["red 2", "green 2"]])
    (use,) = [o for o in m.decision.options if getattr(o, "target", None) == 1]
    m.answer(use)
    assert drawn(m, 1) == [2] and events(m, "stack") == []
    assert (m.decision.kind, m.decision.player) == ("turn", 0)


# ---- an answer


def four_with_plus():
    """Seat 0 plays a red Plus; seat 1 may answer with a blue Plus; seat 2 has none."""
    m = table(edition("stack where kind == plus"),
              [["red plus", "red 1", "wild"], ["blue plus", "green 1", "green 2"], ["yellow 1", "yellow 2", "wild"],
               ["green 7", "green 8", "wild"]])
    play(m, "red plus")
    assert (m.decision.kind, m.decision.player) == ("stack", 1)
    m.answer(held(m, 1, "blue plus"))
    return m


def test_an_answer_runs_its_own_script_with_itself_as_the_card_and_no_bluff():
    # "The card's own effect runs as if played ... never challenged"
    m = four_with_plus()
    assert drawn(m, 1) == []  # no bluff: the answer draws nothing itself
    assert [e["total"] for e in events(m, "stack")] == [4]  # `card.colour == top.colour`: its draw adds 2
    assert drawn(m, 2) == [4]


def test_the_turn_a_draw_made_a_player_miss_is_spent_on_the_answer():
    # "a turn the draw made them miss is spent on it, and play goes on from them"
    m = table(edition("stack where kind == top.kind"),
              [["red draw two", "red 1", "wild"], ["blue draw two", "blue 1", "green 2"],
               ["yellow 1", "yellow 2", "wild"], ["green 7", "green 8", "wild"]])
    play(m, "red draw two")
    m.answer(held(m, 1, "blue draw two"))
    assert drawn(m, 2) == [4]
    assert (m.decision.kind, m.decision.player) == ("turn", 3)
    assert m.round.skips[1] == 0
    play(m, "wild")
    m.answer("blue")
    play(m, "wild")
    m.answer(True)  # UNO
    m.answer("blue")
    assert (m.decision.kind, m.decision.player) == ("turn", 1)  # seat 1 is not skipped


def test_the_stacking_rule_is_asked_about_the_player_who_must_draw():
    # "`me` is the player who must draw"
    m = table(edition("stack where kind == top.kind and me.hand == 3"),
              [["red draw two", "red 1", "wild"], ["blue draw two", "green 1", "green 2"], ["yellow 1", "yellow 2"]])
    play(m, "red draw two")
    assert (m.decision.kind, m.decision.player) == ("stack", 1)
    assert m.decision.options[-1] is PASS


def test_an_answer_adding_a_plain_draw_keeps_what_may_answer_it():
    # "A card's own `or passes it on with C` and the table's rules add up": classic's stacking
    # Draw Two passes on with a Draw Two; a Plus (by the rule) adds a plain draw of two
    m = table(edition("stack where kind == plus", settings={"stacking": True}),
              [["red draw two", "red 1", "wild"], ["blue plus", "green 1", "green 2"],
               ["blue draw two", "yellow 2", "wild"], ["green 7", "green 8", "wild"]])
    play(m, "red draw two")
    m.answer(held(m, 1, "blue plus"))
    assert (m.decision.kind, m.decision.player, m.decision.about) == ("stack", 2, 4)


def test_an_answer_with_no_draw_sends_it_on_past_a_player_who_left():
    # seat 3's red 7 puts seat 2 out; seat 0's Draw Two, answered by seat 1's Skip (whose
    # script gives no draw), goes on to the next player still in: seat 3
    m = table(edition("stack where kind == skip or kind == top.kind",
                      "on play where number == 7:\n    eliminate previous, cards under discard pile"),
              [["red draw two", "red 1", "wild"], ["red skip", "green 1", "green 2"], ["yellow 1", "yellow 2"],
               ["red 7", "green 8", "wild"]], turn=3)
    play(m, "red 7")
    assert [e["player"] for e in events(m, "left_round")] == [2]
    play(m, "red draw two")
    m.answer(held(m, 1, "red skip"))
    assert drawn(m, 3) == [2] and drawn(m, 0) == []


def test_a_script_goes_on_after_its_first_draw_was_answered_with_a_last_card():
    # A last card still acts (the rule sheet): the answer's draws add to the waiting one, which
    # goes to the last player they name (seat 1's `previous`: seat 0) and is drawn at once, the
    # round being over; the rest of the script that gave the draw still runs: its second draw
    # is a new one, drawn at once too
    m = table(edition("stack where kind == top.kind"),
              [["red double", "red 1", "wild"], ["blue double"], ["red 2", "green 2"]])
    play(m, "red double")
    m.answer(held(m, 1, "blue double"))
    assert m.results[0].winner == 1
    assert [(e["player"], len(e["cards"])) for e in events(m, "draw")] == [(0, 4), (2, 2)]


def test_an_answer_whose_draw_a_hook_settled_meanwhile_is_recorded_with_nothing_left():
    # Grab answered with a Grab: its `next draws 2` adds to the waiting draw, its `me draws 1`
    # fires the hand_grows hook (seat 1 now holds 4), after which the waiting draw is settled
    # (seat 2 takes 4)
    m = table(edition("stack where kind == top.kind", "on hand_grows where me.hand == 4:\n    show my hand to next"),
              [["red grab", "red 1", "wild"], ["blue grab", "green 1", "green 2", "green 3"],
               ["yellow 1", "yellow 2", "wild"]])
    play(m, "red grab")
    assert (m.decision.kind, m.decision.player) == ("stack", 1)
    m.answer(held(m, 1, "blue grab"))
    assert drawn(m, 2) == [4]
    assert [(e["player"], e["total"]) for e in events(m, "stack")] == [(1, 0)]


def test_the_play_hooks_run_after_a_draw_was_answered_with_a_last_card():
    # A player who answers with their last card goes out, and the next player draws the total
    # (a last Draw Two still acts); the `on play` hooks of the card that gave the draw still run
    m = table(edition("stack where kind == top.kind", "on play where kind == draw_two:\n    show my hand to next"),
              [["red draw two", "red 1", "wild"], ["blue draw two"], ["red 2", "green 2"]])
    play(m, "red draw two")
    m.answer(held(m, 1, "blue draw two"))
    assert m.results[0].winner == 1
    assert [(e["player"], len(e["cards"])) for e in events(m, "draw")] == [(2, 4)]
    assert [e["player"] for e in events(m, "show_hand")] == [0]


# A hook's draw under a stacking rule is drawn at once (docs/effects.md, "Stacking": "A table
# card's `use:` and the hooks give plain draws, drawn at once"), also after a card with an effect.
#
# Written for mutants that survived the suite (docs/mutation.md): once a card's effect has run, no
# card is acting any more (Round.actor), so the `on play` hooks that follow give no draw that
# waits for an answer.


def test_an_on_play_hook_after_a_cards_effect_gives_a_draw_drawn_at_once():
    edition = unodsl.load_edition("classic", rules=["stack where kind == draw_two",
                                                    "on play where kind == reverse:\n  next draws 1"])
    m = unodsl.Match(edition, players=3, seed=1, setup=Setup(
        hands=[["red reverse", "red 5", "blue 7"], ["green 1", "green 2"], ["red draw two", "green 3", "green 4"]],
        draw=["yellow 1", "yellow 2", "yellow 3"], discard=["red 9"], turn=0))
    m.answer(next(c for c in m.round.hands[0] if c.label() == "red Reverse"))
    # Seat 2 (next after the reverse) draws the hook's card at once, though they hold a Draw Two
    # the stacking rule would let them answer a waiting draw with; then their turn comes.
    assert [e["event"] for e in m.log[4:]] == ["reverse", "draw", "turn"]
    assert m.log[5]["player"] == 2 and len(m.log[5]["cards"]) == 1
    assert (m.decision.kind, m.decision.player) == ("turn", 2)
