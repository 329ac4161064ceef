"""The engine's quick paths give the same games as its general ones.

When nothing is recorded, built-in agents are asked directly (Agent.choose_turn,
Agent.pick) instead of through Decision objects and Match; a recorded match
takes the general path. Both must play the same match for the same seed.
"""
from __future__ import annotations

import gc

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import unodsl
from unodsl.agents.greedy import GreedyAgent
from unodsl.agents.random_agent import RandomAgent
from unodsl.engine.decisions import DRAW, PASS, TURN, UNO_CALL, Decision, TableUse
from unodsl.engine.setup import Setup

EDITIONS = ["classic", "harry-potter", "harry-potter-fr", "green-lantern", "veto", "no-mercy", "classic-2018", "flip"]


def summary(match: unodsl.Match) -> tuple:
    result = match.play()
    return result.winner, result.scores, [(r.winner, r.turns, r.points) for r in result.rounds]


@pytest.mark.parametrize("name", EDITIONS)
@pytest.mark.parametrize("agents", ["random", "greedy", "random,greedy,random"])
def test_unrecorded_match_is_the_recorded_match(name, agents):
    edition = unodsl.load_edition(name)
    for seed in range(6):
        quick = unodsl.Match(edition, players=3, agents=agents, seed=seed, record=False)
        general = unodsl.Match(edition, players=3, agents=agents, seed=seed, record=True)
        assert summary(quick) == summary(general), f"seed {seed}"


# House rules that act on the turn's draw or around every play (the quick paths must leave room for them).
RULES = ["on draw where wild:\n  extra turn", "on draw:\n  next draws 1", "@jump-in", "@uno-any-time", "@mercy"]


@pytest.mark.parametrize("rule", RULES)
def test_unrecorded_match_with_a_house_rule_is_the_recorded_match(rule):
    edition = unodsl.load_edition("classic", rules=[rule])
    for seed in range(4):
        quick = unodsl.Match(edition, players=3, agents="random", seed=seed, record=False)
        general = unodsl.Match(edition, players=3, agents="random", seed=seed, record=True)
        assert summary(quick) == summary(general), f"seed {seed}"


def test_random_agent_picks_as_it_chooses():
    import random

    edition = unodsl.load_edition("classic")
    cards = edition.deck[:5]
    for seed in range(50):
        direct, general = RandomAgent(random.Random(seed)), RandomAgent(random.Random(seed))
        assert direct.choose_turn(cards, None) is general.choose(Decision(TURN, 0, [*cards, DRAW]), None)
        assert direct.pick("colour", ["red", "blue", "green"], None, None) \
            == general.choose(Decision("colour", 0, ["red", "blue", "green"]), None)


@pytest.mark.parametrize("name", EDITIONS)
def test_a_finished_match_leaves_no_reference_cycle(name):
    # Simulations of millions of games must not wait on the garbage collector
    # to free each match, its rounds and its written rules.
    edition = unodsl.load_edition(name)
    gc.collect()
    gc.disable()
    try:
        for seed in range(3):
            unodsl.Match(edition, players=4, agents="random", seed=seed, record=False).play()
            unodsl.Match(edition, players=4, agents="greedy", seed=seed, record=True).play()
        assert gc.collect() == 0
    finally:
        gc.enable()


def test_a_seat_answered_from_outside_is_asked_when_nothing_is_recorded():
    # Only a seat with a trusted agent is answered directly: a seat without an agent
    # still gets the Decision, recording off or on.
    edition = unodsl.load_edition("classic")
    for record in (False, True):
        match = unodsl.Match(edition, players=2, agents=[None, "greedy"], seed=4, record=record)
        assert match.decision is not None and match.decision.player == 0
        while not match.finished:
            match.answer(match.decision.options[0])
        assert match.result().winner in (0, 1)


class Cheat(unodsl.Agent):
    """An untrusted agent that answers with something that is not an option."""

    name = "cheat"

    def choose(self, decision, view):
        return "not an option"


def test_an_untrusted_agent_is_checked_when_nothing_is_recorded():
    # The engine skips the check only for trusted agents (the built-in ones), whatever it records.
    edition = unodsl.load_edition("classic")
    for record in (False, True):
        with pytest.raises(unodsl.IllegalMove, match="agent cheat answered 'not an option'"):
            unodsl.Match(edition, players=2, agents=[Cheat(), "greedy"], seed=4, record=record)


# ---- table cards: built-in agents are offered them without a Decision (Agent.pick_or_use)

def table_editions() -> dict:
    """Editions with table cards: VETO, VETO with the Mercy rule (players leave the round: fewer
    players to use a card on), and test_out_of_turn's test editions with one and two table cards."""
    from engine.test_out_of_turn import EDITION, TWO_TABLE_CARDS

    return {"veto": unodsl.load_edition("veto"), "veto+mercy": unodsl.load_edition("veto", rules=["@mercy"]),
            "one-table-card": EDITION, "two-table-cards": TWO_TABLE_CARDS}


TABLE_EDITIONS = table_editions()


@pytest.mark.parametrize("name", TABLE_EDITIONS)
@pytest.mark.parametrize("agents", ["random", "greedy", "greedy,random,random,greedy"])
def test_unrecorded_match_with_table_cards_is_the_recorded_match(name, agents):
    # Recorded, every decision goes through a Decision with the uses listed; unrecorded, the
    # built-in agents are offered them directly: the same answers, the same random numbers.
    edition = TABLE_EDITIONS[name]
    for seed in range(4):
        quick = unodsl.Match(edition, players=4, agents=agents, seed=seed, record=False)
        general = unodsl.Match(edition, players=4, agents=agents, seed=seed, record=True)
        assert summary(quick) == summary(general), f"seed {seed}"


class Watcher(unodsl.Agent):
    """A trusted agent written by a user: it answers only `choose`, and notes what it is shown."""

    name = "watcher"
    trusted = True

    def __init__(self, rng):
        super().__init__(rng)
        self.seen = []

    def choose(self, decision, view):
        self.seen.append((decision.kind, decision.player, list(decision.options), decision.about))
        return decision.options[int(self.rng.random() * len(decision.options))]


@pytest.mark.parametrize("name", TABLE_EDITIONS)
def test_an_agent_without_pick_or_use_sees_every_use_as_in_a_recorded_match(name):
    # Agent.pick_or_use puts the Decision a recorded match puts: the uses after the options,
    # forced moves included while a card lies in the middle, no use once none does.
    import random

    edition = TABLE_EDITIONS[name]
    for seed in range(3):
        seen = {}
        for record in (False, True):
            watcher = Watcher(random.Random(seed))
            match = unodsl.Match(edition, players=3, agents=[watcher, "random", "random"], seed=seed,
                                 record=record, max_rounds=2)
            summary(match)
            seen[record] = watcher.seen
        assert seen[False] == seen[True], f"seed {seed}"
        assert any(isinstance(o, TableUse) for _, _, options, _ in seen[True] for o in options)


class OnlyDirect(RandomAgent):
    """The random agent, refusing to be asked through a Decision."""

    def choose(self, decision, view):
        raise AssertionError(f"asked {decision!r} through a Decision")


@pytest.mark.parametrize("name", TABLE_EDITIONS)
def test_a_table_card_keeps_built_in_agents_on_the_quick_path(name):
    # An unrecorded match asks built-in agents directly while a table card lies in the middle:
    # no Decision is made for them (before, a table card sent every decision the general way).
    edition = TABLE_EDITIONS[name]
    for seed in range(3):
        unodsl.Match(edition, players=4, agents=[OnlyDirect] * 4, seed=seed, record=False, max_rounds=2).play()


@given(seed=st.integers(0, 2**32), kind=st.sampled_from([TURN, UNO_CALL, "colour", "call_uno", "player"]),
       size=st.integers(1, 5), hands=st.lists(st.integers(0, 9), min_size=4, max_size=4),
       cards=st.integers(1, 2), agent=st.sampled_from([RandomAgent, GreedyAgent]))
@settings(max_examples=300, deadline=None)
def test_built_in_agents_pick_or_use_as_they_choose(seed, kind, size, hands, cards, agent):
    # The invariant the quick path rests on: offered the uses without a Decision, a built-in
    # agent answers as it does with the uses listed after the options (the same random numbers).
    import random
    from types import SimpleNamespace

    deck = TABLE_EDITIONS["veto"].deck
    table = [c for c in deck if c.kind == "veto"] + deck[:cards - 1]
    seats = list(range(min(size, 4)))
    options = {TURN: [*deck[10:10 + size], DRAW], UNO_CALL: [*seats, PASS]}.get(kind, seats)
    about = {q for q in range(4) if hands[q] == 1} if kind is UNO_CALL else None
    uses = [TableUse(c, q) for c in table for q in (1, 2, 3)]
    view = SimpleNamespace(me=0, hand_sizes=list(hands), hand=deck[:hands[0]], table_uses=lambda: list(uses),
                           is_bluff=lambda card: False, out={}, turn=0, turns=1)
    direct, general = agent(random.Random(seed)), agent(random.Random(seed))
    for _ in range(3):
        assert direct.pick_or_use(kind, options, about, view) == \
            general.choose(Decision(kind, 0, [*options, *uses], about), view)


# What the full run of session 14 found unchecked in the rounds every game plays: the quick
# paths an unrecorded match takes must leave room for the house rules that replace a draw.
#
# Written for mutants that survived the suite (docs/mutation.md).


def test_an_unrecorded_match_draws_by_an_instead_of_turn_draw_rule():
    """docs/effects.md: `instead of turn_draw:` says what a player does instead of the card drawn
    on their turn; a match played unrecorded is the recorded one (tests/engine/test_engine_paths.py).
    So with `me draws 2` instead, an unrecorded match draws two cards too."""
    edition = unodsl.load_edition("classic", rules=["instead of turn_draw: me draws 2"])
    plain = unodsl.load_edition("classic")
    for seed in range(3):
        quick = summary(unodsl.Match(edition, players=3, agents="random", seed=seed, record=False))
        general = summary(unodsl.Match(edition, players=3, agents="random", seed=seed, record=True))
        assert quick == general, f"seed {seed}"
        # (and the rule changes the game: it is not the match without it)
        assert quick != summary(unodsl.Match(plain, players=3, agents="random", seed=seed, record=False))


def test_a_script_reads_the_score_the_match_gave_in_an_earlier_round():
    """docs/effects.md: `P.score` is a player's score, the one the match keeps from round to round.
    With `on turn_start where me.score > 0: me draws 1`, the winner of the first round (the only
    one who scored) draws a card as each of their turns begins in the second round."""
    edition = unodsl.load_edition("classic", rules=["on turn_start where me.score > 0: me draws 1"])
    match = unodsl.Match(edition, players=2, agents="random", seed=1, max_rounds=2, record=True)
    result = match.play()
    scorer = result.rounds[0].winner
    deals = [i for i, e in enumerate(match.log) if e["event"] == "deal"]
    first, second = match.log[:deals[1]], match.log[deals[1]:]
    turns = [i for i, e in enumerate(second) if e["event"] == "turn" and e["player"] == scorer]
    assert turns and all(second[i - 1]["event"] == "draw" and second[i - 1]["player"] == scorer
                         and len(second[i - 1]["cards"]) == 1 for i in turns)
    assert not all(first[i - 1]["event"] == "draw" for i, e in enumerate(first)  # (no score yet)
                   if e["event"] == "turn" and e["player"] == scorer)


def test_a_round_counts_the_turns_it_played_and_is_abandoned_after_max_turns():
    """`max_turns`: a round still going after this many turns is abandoned; the round's result
    counts its turns, one `turn` event each in the record."""
    classic = unodsl.load_edition("classic")
    for seed in range(3):
        match = unodsl.Match(classic, players=3, agents="random", seed=seed, max_rounds=1, max_turns=6)
        result = match.play().rounds[0]
        events = [e["event"] for e in match.log]
        assert (result.winner, result.turns, events.count("turn")) == (None, 6, 6)
        assert [e["turns"] for e in match.log if e["event"] == "round_abandoned"] == [6]
    match = unodsl.Match(classic, players=3, agents="random", seed=1, max_rounds=1)
    result = match.play().rounds[0]
    assert result.winner is not None and result.turns == [e["event"] for e in match.log].count("turn")


def test_a_hand_played_face_up_is_hidden_again_at_my_next_turn_in_an_unrecorded_match():
    """docs/effects.md: `TARGET plays face up`: the hand is shown to all until `me`'s next turn;
    in a match played unrecorded, with no hook, the turns begin the quick way (round.py)."""
    text = "name: Face up\nbase: classic\nkinds:\n  skip:\n    effect: |\n      next plays face up\n"
    edition = unodsl.load_edition_text(text, "face-up.yaml")
    m = unodsl.Match(edition, players=3, agents=[None, "greedy", "greedy"], seed=1, record=False,
                     setup=Setup(hands=[["red skip", "red 5", "red 6"], ["red 1", "red 2", "blue 3"],
                                        ["red 4", "red 7", "blue 4"]],
                                 draw=["blue 7", "blue 8", "blue 9"], discard=["red 9"]))
    shown = {c.uid for c in m.round.hands[1]}
    m.answer(next(c for c in m.round.hands[0] if c.label().lower() == "red skip"))
    assert shown <= m.round.known[0] | {c.uid for c in m.round.discard}  # (seat 1's hand was shown)
    assert m.decision is not None and m.decision.player == 0  # seat 0's next turn has begun
    assert m.round.face_up_until == {}


def test_a_bluff_if_condition_reads_the_card_played():
    """docs/effects.md: `bluff_if`, a condition asked when the card is played: if true, the play is
    a bluff (`bluffed`). Here the condition reads the card itself: a red Skip is a bluff."""
    text = ("name: Red bluffs\nbase: classic\nkinds:\n  skip:\n    bluff_if: colour == red\n"
            "    effect: |\n      skip next\n      if bluffed:\n        me draws 2\n")
    red_skips_draw_two(unodsl.load_edition_text(text, "red-bluffs.yaml"))


def red_skips_draw_two(edition) -> None:
    """Seat 0 plays a red Skip, then (another match) a blue one: only the red one makes them draw 2."""
    for skip, drawn in (("red skip", 2), ("blue skip", 0)):
        m = unodsl.Match(edition, players=2, seed=1, setup=Setup(
            hands=[["red skip", "blue skip", "red 5"], ["red 1", "red 2"]],
            draw=["blue 7", "blue 8", "blue 9"], discard=["red 9" if skip == "red skip" else "blue 9"]))
        m.answer(next(c for c in m.round.hands[0] if c.label().lower() == skip))
        assert len(m.round.hands[0]) == 2 + drawn, skip


def test_a_turn_start_hook_that_puts_the_player_out_ends_the_round_before_the_turn():
    # docs/effects.md: a player whose hand a script empties is out; the round is over, and the
    # turn that was beginning is not played (no card drawn into the winner's empty hand)
    edition = unodsl.load_edition("classic", rules=["on turn_start where me.hand == 1:\n  me discards all"])
    for record in (True, False):
        m = unodsl.Match(edition, players=2, agents=[None, "greedy"], seed=1, max_rounds=1, record=record,
                         setup=Setup(hands=[["red 5", "red 6"], ["green 1", "green 2", "green 3"]],
                                     draw=["blue 7", "blue 8", "blue 9"], discard=["red 9"]))
        m.answer(next(c for c in m.round.hands[0] if c.label() == "red 5"))
        while not m.finished:
            m.answer(m.decision.options[0])
        assert m.results[0].winner == 0 and m.round.hands[0] == []


def test_a_cards_effect_reads_the_card_played():
    # docs/effects.md: in a card's script, `colour` (and the other attributes) are the card's
    text = ("name: Red skips draw\nbase: classic\nkinds:\n  skip:\n"
            "    effect: |\n      skip next\n      if colour == red:\n        me draws 2\n")
    red_skips_draw_two(unodsl.load_edition_text(text, "red-skips.yaml"))


def test_a_hook_draw_between_cards_is_drawn_at_once_under_stacking():
    """docs/effects.md, stacking: a draw *a card gives another player* waits for their answer; a
    draw a `turn_start` hook gives, after a Skip or a Reverse was played, is no card's: drawn at once."""
    edition = unodsl.load_edition("no-mercy", rules=["on turn_start: me draws 1"])
    for seed in (1, 2):
        match = unodsl.Match(edition, players=3, agents="random", seed=seed, max_rounds=1)
        match.play()
        turns = [i for i, e in enumerate(match.log) if e["event"] == "turn"]
        assert len(turns) > 10
        assert all(match.log[i - 1]["event"] == "draw" and match.log[i - 1]["player"] == match.log[i]["player"]
                   and len(match.log[i - 1]["cards"]) == 1 for i in turns)


def test_with_an_on_draw_hook_the_card_drawn_on_ones_turn_may_still_be_played():
    # docs/effects.md: `on draw` runs about the card drawn on one's turn; a card the hook leaves in
    # the hand is then offered to be played as without the hook (`play_drawn: choice`)
    edition = unodsl.load_edition("classic", rules=["on draw where number == 1:\n  me draws 1"])
    m = unodsl.Match(edition, players=2, seed=1, max_rounds=1, setup=Setup(
        hands=[["green 2", "green 3"], ["blue 1", "blue 2"]], draw=["red 5", "blue 7", "blue 8"], discard=["red 9"]))
    # (seat 0 holds nothing that goes: the turn's draw is taken without asking)
    assert m.decision.kind == "play_drawn" and m.decision.player == 0
    assert m.decision.options[0].label() == "red 5"
