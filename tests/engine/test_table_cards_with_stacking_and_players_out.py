"""Table cards under a stacking rule, and table cards offered once a player has left the round.

Written for mutants that survived the suite (docs/mutation.md). The rules: a table card's
`use:` gives plain draws, drawn at once, even under a `stack where` rule, and a draw that waits
for its answer is not changed by a use in the middle of it (docs/effects.md, "Stacking"); a
player may use a table card while another player is still in the round to use it on
(out_of_turn.py), and built-in agents asked without a Decision (nothing recorded) are offered
exactly what a recorded match's Decisions list (tests/engine/test_engine_paths.py).
"""
from __future__ import annotations

import random
from pathlib import Path

import unodsl
from unodsl.engine.decisions import TableUse
from unodsl.engine.setup import Setup

CLASSIC = (Path(__file__).resolve().parents[2] / "editions" / "classic.yaml").read_text()
# Its use reads its user (`my hand`) and its own card (`points`): 20 / 10 = 2 cards.
TRADE = """
  trade:
    name: Trade
    deck: {count: 1}
    points: 20
    use: |
      show my hand to chosen
      chosen draws points / 10
"""
# A Wild that puts the next player out of the round before its colour is chosen.
KNOCKOUT = """
  knockout:
    name: Knockout
    wild: true
    deck: {count: 1}
    points: 50
    playable: always
    effect: |
      eliminate next, cards under discard pile
      choose colour
"""


def edition(kinds: str, rules: list[str] | None = None):
    """Classic with `kinds` added and Trade on the table (compiled in the test, after a
    mutant is switched on)."""
    text = CLASSIC.replace("total: 108\n", "").replace("\nkinds:\n", "\nkinds:\n" + kinds.lstrip("\n"), 1)
    return unodsl.load_edition_text(text + "table: [trade]\n", "table.yaml", rules=rules)


def card(match, seat, name):
    return next(c for c in match.round.hands[seat] if c.label().lower() == name)


def events(match, kind):
    return [e for e in match.log if e["event"] == kind]


def test_a_table_card_used_in_the_middle_of_a_stack_draws_at_once_and_leaves_the_stack_adding_up():
    m = unodsl.Match(edition(TRADE, rules=["stack where kind == wild_draw_four"]), players=3, seed=1, setup=Setup(
        hands=[["wild draw four", "red 5", "red 6"], ["wild draw four", "blue 1", "blue 2"], ["green 1", "green 2"]],
        draw=[f"yellow {n}" for n in range(1, 10)], discard=["red 9"], turn=0))
    trade = m.round.table[0]
    mine = [c.uid for c in m.round.hands[1] if c.kind != "wild_draw_four"]
    m.answer(card(m, 0, "wild draw four"))
    m.answer("blue")
    m.answer(False)  # seat 1 does not challenge: the 4 wait on them
    assert (m.decision.kind, m.decision.player) == ("stack", 1)
    m.answer(card(m, 1, "wild draw four"))  # they answer; its colour is theirs to choose...
    assert (m.decision.kind, m.decision.player) == ("colour", 1)
    m.answer(TableUse(trade, 0))  # ...and first they use Trade on seat 0
    use = events(m, "table_use")
    assert [(e["player"], e["card"], e["target"]) for e in use] == [(1, trade.uid, 0)]
    assert events(m, "show_hand")[-1] == {"event": "show_hand", "player": 1, "to": [0], "cards": mine}
    # Trade's draw is plain: seat 0 draws its 2 at once, nothing waits on them.
    assert [(e["player"], len(e["cards"])) for e in events(m, "draw")] == [(0, 2)]
    assert (m.decision.kind, m.decision.player) == ("colour", 1)
    m.answer("green")
    # The answer's own draw still adds to the waiting one: seat 2 takes the 8 together.
    assert [e["total"] for e in events(m, "stack")] == [8]
    assert [(e["player"], len(e["cards"])) for e in events(m, "draw")][:2] == [(0, 2), (2, 8)]


class UsesOnceSomeoneLeft(unodsl.Agent):
    """A trusted agent answering only `choose` (so the engine's direct questions come to it
    as Decisions too): it notes what it is offered (as shown: two matches deal different
    Card objects); once a player has left the round it uses
    the last table use on offer, else it takes the first option."""

    name = "uses-once-someone-left"
    trusted = True

    def __init__(self, rng, seen: list):
        super().__init__(rng)
        self.seen = seen

    def choose(self, decision, state):
        self.seen.append((decision.kind, decision.player, [repr(o) for o in decision.options]))
        uses = [o for o in decision.options if isinstance(o, TableUse)]
        if state.out and uses:
            return uses[-1]
        return decision.options[0]


def offers_with_a_player_out(record: bool) -> tuple[list, unodsl.Match]:
    """A 4-player round in which seat 0's Knockout puts seat 1 out, then everyone uses Trade
    whenever it lies in the middle."""
    seen: list = []
    m = unodsl.Match(edition(TRADE + KNOCKOUT), players=4, seed=1, record=record, max_rounds=1,
                     agents=[UsesOnceSomeoneLeft(random.Random(1), seen) for _ in range(4)], setup=Setup(
                         hands=[["knockout", "red 5", "red 6"], ["red 1", "blue 1", "blue 2"],
                                ["green 1", "red 2", "green 2"], ["yellow 1", "red 3", "yellow 2"]],
                         draw=[f"yellow {n}" for n in range(3, 10)], discard=["red 9"], turn=0))
    m.play()
    return seen, m


def test_once_a_player_left_the_table_card_is_offered_to_the_others_as_in_a_recorded_match():
    quick, _ = offers_with_a_player_out(record=False)
    general, m = offers_with_a_player_out(record=True)
    assert quick == general
    # Seat 0 chooses the colour after seat 1 left (who is in the round is one fact: a player who
    # left is no one to use a card on, from that moment): offered on 2 and 3.
    assert general[1] == ("colour", 0, ["'red'", "'yellow'", "'green'", "'blue'",
                                        *(f"<use Trade on player {q}>" for q in (2, 3))])
    # From the next turn on seat 1 is passed over: seat 3's turn offers Trade on 0 and 2 only.
    turns_of_3 = [options for kind, seat, options in general if (kind, seat) == ("turn", 3)]
    assert [o for o in turns_of_3[0] if o.startswith("<use")] == ["<use Trade on player 0>", "<use Trade on player 2>"]
    uses = events(m, "table_use")
    assert [(e["player"], e["target"]) for e in uses[:3]] == [(0, 3), (3, 2), (2, 0)]


def test_a_table_card_lying_on_a_player_who_leaves_returns_to_the_middle():
    m = unodsl.Match(edition(TRADE + KNOCKOUT), players=3, seed=1, setup=Setup(
        hands=[["knockout", "red 5", "red 6"], ["red 1", "blue 1"], ["green 1", "green 2"]],
        draw=[f"yellow {n}" for n in range(1, 10)], discard=["red 9"], turn=0))
    trade = m.round.table[0]
    m.answer(TableUse(trade, 1))
    assert m.round.lying[1] == [trade] and m.round.table == []
    m.answer(card(m, 0, "knockout"))  # seat 1 leaves the round with Trade lying on them
    assert [(e["player"], e["cards"]) for e in events(m, "table_return")] == [(1, [trade.uid])]
    assert m.round.lying[1] == [] and m.round.table == [trade]


def test_with_a_table_card_a_seat_answered_from_outside_still_gets_its_decisions_unrecorded():
    # Only built-in agents are asked directly (and offered the table cards so); a seat
    # without an agent is put every Decision, uses listed, recording off as on.
    m = unodsl.Match(edition(TRADE), players=2, agents=[None, "greedy"], seed=4, record=False)
    assert m.decision is not None and m.decision.player == 0
    assert any(isinstance(o, TableUse) for o in m.decision.options)


def test_a_table_card_lying_on_a_player_passed_over_by_a_jump_in_returns_to_the_middle():
    # Losing a turn to a jump-in is missing it, as a skip is (unodsl/engine/windows.py).
    m = unodsl.Match(edition(TRADE, rules=["jump in where number == top.number"]), players=3, seed=1, setup=Setup(
        hands=[["red 7", "red 5", "red 6"], ["green 1", "green 2"], ["yellow 7", "yellow 2", "yellow 3"]],
        draw=[f"yellow {n}" for n in range(4, 10)], discard=["red 9"], turn=0))
    trade = m.round.table[0]
    m.answer(TableUse(trade, 1))
    m.answer(card(m, 0, "red 7"))
    assert (m.decision.kind, m.decision.player) == ("jump_in", 2)
    m.answer(card(m, 2, "yellow 7"))  # seat 1 is passed over: Trade leaves them
    assert [(e["player"], e["cards"]) for e in events(m, "table_return")] == [(1, [trade.uid])]
    assert m.round.lying[1] == [] and m.round.table == [trade]
