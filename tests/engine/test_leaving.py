"""Players leaving a round (docs/effects.md, "Leaving a round"), against every statement
that goes over players: who is in the round is one fact (unodsl/engine/seats.py), read by
rotate, swap, give all, deal, shuffle hands, the groups `everyone` and `others`, choices,
ranks and loops alike, so that no card is made or lost and no one who left holds one.

Also: `choose player` that finds no one, and the scripts recompiled when a rule written at
the table first makes a player leave (unodsl/edition/leaving.py): every one of them.

The files of tests/hostile/ named in HOSTILE_EDITIONS are the issue's reproducers, each
played by `unodsl simulate`.
"""
from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import unodsl
from cli_helpers import no_traceback, run
from invariants import ConservingRound, every_card_once
from unodsl.edition.leaving import edition_scripts
from unodsl.engine.round import Round
from unodsl.engine.seats import PASSIVE
from unodsl.lang.compile import compile_script
from unodsl.lang.parse import parse_script
from unodsl.sim.tally import CountingMatch

HOSTILE = Path(__file__).parents[1] / "hostile"
CLASSIC = unodsl.load_edition("classic", rules=["@mercy"])  # (an edition in which players may leave)


def round_of(edition=CLASSIC, players: int = 4, seed: int = 1, log: list | None = None) -> Round:
    rnd = Round(edition, players, 0, random.Random(seed), log, ask=lambda decision: decision.options[0])
    rnd._deal()
    rnd._start_card()
    return rnd


def run_script(rnd: Round, text: str, me: int = 0) -> None:
    """Compile `text` for the round's edition (one in which players may leave) and run it as `me`'s."""
    compile_script(parse_script(text), rnd.edition.vocabulary).function(rnd, me, rnd.discard[-1])


def nobody_who_left_holds_cards(rnd: Round) -> bool:
    return not any(rnd.hands[q] for q in rnd.out)


# ---- in the turn a player leaves, every statement passes over them --------------------------

def test_rotate_in_the_turn_a_player_left_passes_each_hand_to_the_next_player_still_in():
    rnd = round_of(players=4)
    rnd.eliminate(1, shuffled=False)
    before = [list(hand) for hand in rnd.hands]
    rnd.rotate_hands()
    assert every_card_once(rnd) and not rnd.hands[1]
    assert (rnd.hands[2], rnd.hands[3], rnd.hands[0]) == (before[0], before[2], before[3])


def test_groups_leave_out_a_player_who_left_in_this_turn_while_seats_still_count_them():
    rnd = round_of(players=5)
    rnd.eliminate(2, shuffled=False)
    assert rnd.others(1) == [3, 4, 0] and rnd.everyone(1) == [1, 3, 4, 0]
    assert rnd.seat(1, 1) == 2  # `next`, in the turn they left: aimed at them, it does nothing
    rnd.direction = -1
    assert rnd.others(3) == [1, 0, 4]


@pytest.mark.parametrize("statement", [
    "rotate hands",
    "me swaps hands with next",
    "next swaps hands with after next",
    "give all to others",
    "give all to everyone",
    "shuffle hands",
    "move all cards from every hand to aside pile\ndeal all cards from aside pile to everyone starting with next",
    "deal all cards from aside pile to others",
    "for each player in everyone:\n  player draws 2",
    "everyone draws 1\nothers draws 1",
    "highest hand among others draws 2\nlowest hand draws 1",
    "choose player\nchosen draws 3\nme swaps hands with chosen",
    "choose random player\nchosen draws 3",
    "2 seats on draws 1\n1 seat back draws 1",
])
def test_a_statement_over_players_in_the_turn_one_left_keeps_every_card_and_gives_them_none(statement):
    for players in (3, 4, 5):
        for leaving in ("next", "me"):
            rnd = round_of(players=players)
            run_script(rnd, f"eliminate {leaving}, cards under discard pile\n"
                            f"move 5 cards from draw pile to aside pile\n{statement}")
            assert every_card_once(rnd), (statement, players, leaving)
            assert nobody_who_left_holds_cards(rnd), (statement, players, leaving)


def test_a_player_who_left_is_never_asked_to_take_a_turn():
    # (they hold no card, so none is playable; were they asked, their passive stand-in draws)
    from unodsl.engine.decisions import DRAW
    assert PASSIVE.choose_turn(["a card"], None) is DRAW


# ---- `give all` while a hook moves or turns the cards ----------------------------------------

def test_give_all_while_a_hook_rotates_hands_gives_only_what_the_giver_still_holds():
    edition = unodsl.load_edition("classic", rules=["on hand_grows:\n  rotate hands"])
    rnd = round_of(edition, players=3)
    rnd.give_all(0, None, [1, 2])
    assert every_card_once(rnd)


def test_give_all_while_a_hook_flips_every_card_gives_them_as_they_now_show():
    edition = unodsl.load_edition("flip", rules=["on hand_grows:\n  flip"])
    rnd = round_of(edition, players=3)
    held = {c.uid for c in rnd.hands[0]}
    rnd.give_all(0, None, [1, 2])
    assert every_card_once(rnd) and not rnd.hands[0]
    assert held <= {c.uid for c in rnd.hands[1] + rnd.hands[2]}
    assert all(card.side == rnd.side for hand in rnd.hands for card in hand)


def test_give_all_never_gives_to_a_player_a_hook_put_out_meanwhile():
    edition = unodsl.load_edition("classic", rules=["on hand_grows where me.hand >= 8:\n"
                                                    "  eliminate me, cards under discard pile"])
    rnd = round_of(edition, players=3)
    rnd.give_all(0, None, [1, 2])
    assert every_card_once(rnd) and nobody_who_left_holds_cards(rnd) and rnd.out


# ---- no one to choose ----------------------------------------------------------------------

@pytest.mark.parametrize("choose", ["choose player", "choose random player"])
def test_choosing_when_everyone_else_left_chooses_no_one_and_what_follows_does_nothing(choose):
    rnd = round_of(players=3)
    run_script(rnd, f"eliminate others, cards under discard pile\n{choose}\nchosen draws 2\n"
                    "me swaps hands with chosen\nskip chosen\nmove 1 card from chosen's hand to discard pile")
    assert rnd.winner == 0 and every_card_once(rnd) and nobody_who_left_holds_cards(rnd)


STATEFUL = unodsl.load_edition_text(
    "name: Stateful\nbase: classic\nstate:\n  player:\n    marked: {type: flag}\n    tally: {type: counter}\n"
    "  game:\n    rounds: {type: counter}\ntotal: 108\n", rules=["@mercy"])


def test_a_state_statement_about_chosen_when_no_one_was_chosen_does_nothing():
    rnd = round_of(STATEFUL, players=3)
    run_script(rnd, "choose player where chosen.hand > 99\nset chosen.marked to true\n"
                    "add 1 to chosen.tally\nflip chosen.marked")
    assert rnd.game_state == {"rounds": 0}
    assert all(values == {"marked": False, "tally": 0} for values in rnd.player_state)


# ---- a rule written at the table puts players out: every script is compiled again ---------------

# One script of each kind an edition holds, each reading `next` (whose code changes once a
# player may leave). A kind of script left out of what is recompiled fails its case.
def _veto(rules: list[str]) -> unodsl.Edition:
    return unodsl.load_edition("veto", rules=rules)


PLACES = {
    "kind effect": (lambda e: e.kinds["skip"].effect, []),
    "hook body": (lambda e: e.hooks[-1][2], ["on play where number == 9:\n  next draws 1"]),
    "hook guard": (lambda e: e.hooks[-1][1], ["on play where next.hand > 3:\n  pass"]),
    "stacking rule": (lambda e: e.stack_rules[-1], ["stack where next.hand > 1"]),
    "jump-in rule": (lambda e: e.jump_rules[-1], ["jump in where card is identical to top and next.hand > 1"]),
    "instead of": (lambda e: e.replacements["turn_draw"], ["instead of turn_draw:\n  next draws 1"]),
    "written rule": (lambda e: next(r for r in e.written.values() if r is not None), ["next draws 1"]),
}


def _action_edition() -> unodsl.Edition:
    return unodsl.load_edition_text(
        "name: Acts\nbase: veto\nactions:\n  nudge: |\n    next draws 1\nrules:\n"
        "  - name: nudge\n    script: |\n      on play where number == 3:\n        me nudges\n", "acts.yaml")


@pytest.mark.parametrize("place", [*PLACES, "action"])
def test_a_rule_that_puts_players_out_recompiles_every_kind_of_script(place):
    if place == "action":
        edition, script_of = _action_edition(), (lambda e: e.actions["nudge"])
    else:
        script_of, rules = PLACES[place]
        edition = _veto(rules)
    script = script_of(edition)
    assert not edition.vocabulary.eliminates and "g.seat(me, 1)" not in script.source
    edition.compile_rule("eliminate next, cards under discard pile")
    assert edition.vocabulary.eliminates and script_of(edition) is script
    assert "g.seat(me, 1)" in script.source, f"the {place} was not compiled again"


def test_edition_scripts_finds_every_script_compiled_for_the_edition():
    edition = _veto(["stack where next.hand > 1", "jump in where card is identical to top",
                           "instead of turn_draw:\n  next draws 1", "on play where next.hand > 3:\n  next draws 1"])
    found = {id(s) for s in edition_scripts(edition)}
    held = [edition.stack_rules[-1], edition.jump_rules[-1], edition.replacements["turn_draw"],
            edition.hooks[-1][1], edition.hooks[-1][2], edition.kinds["skip"].effect,
            edition.kinds["skip"].playable]
    assert all(id(s) in found for s in held)


def test_after_a_rule_puts_a_player_out_jumping_in_reads_next_past_them():
    edition = _veto(["jump in where card is identical to top and next.hand > 1"])
    edition.compile_rule("eliminate next, cards under discard pile")
    rnd = round_of(edition, players=4)
    rnd.eliminate(1, shuffled=False)
    rnd.turns += 1  # (in a later turn: counting passes over seat 1)
    rule = edition.jump_rules[-1]
    top = rnd.discard[-1]
    assert len(rnd.hands[2]) > 1 and rule.function(top, rnd, 0)  # next of seat 0 is seat 2


# ---- property: leaving, with every statement over players, keeps every card -------------------

STATEMENTS = [
    "rotate hands", "me swaps hands with next", "choose player\nme swaps hands with chosen",
    "give all where colour == red to others", "give all where number == 3 to everyone", "shuffle hands",
    "move all cards from every hand to aside pile\ndeal all cards from aside pile to everyone",
    "for each player in others:\n  player draws 1", "everyone draws 1", "others draws 1",
    "highest hand among others draws 2", "choose random player\nchosen draws 2", "after next draws 2",
]
LEAVING = [
    "on hand_grows where me.hand >= 9:\n  eliminate me, cards shuffled into draw pile",
    "on play where number == 1:\n  eliminate next, cards under discard pile\n  {statement}",
    "on play where number == 2:\n  eliminate me, cards under discard pile\n  {statement}",
    "on play where number in [4, 6, 8]:\n  {statement}",
    "on draw where me.hand >= 7:\n  {statement}",
]
_EDITIONS: dict = {}


def leaving_with(statement: str) -> unodsl.Edition:
    if statement not in _EDITIONS:
        body = statement.replace("\n", "\n  ")
        _EDITIONS[statement] = unodsl.load_edition("classic", rules=[r.format(statement=body) for r in LEAVING])
    return _EDITIONS[statement]


class EveryDecisionRound(ConservingRound):
    """At every decision (and every recorded event, ConservingRound), every card is in one
    place and no one who left holds any."""

    def decide(self, kind, p, options, about=None):
        assert every_card_once(self), f"a card made or lost before {kind}"
        assert nobody_who_left_holds_cards(self), f"a player who left holds cards at {kind}"
        return super().decide(kind, p, options, about)


@settings(max_examples=300, deadline=None)
@given(statement=st.sampled_from(STATEMENTS), seed=st.integers(0, 2**32), players=st.integers(2, 6),
       record=st.booleans())
def test_leaving_with_any_statement_over_players_keeps_every_card(statement, seed, players, record):
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(unodsl.Match, "round_class", EveryDecisionRound)
        match = unodsl.Match(leaving_with(statement), players=players, agents="random", seed=seed,
                             max_rounds=2, record=record, max_turns=300)
    assert every_card_once(match.round) and nobody_who_left_holds_cards(match.round)


# ---- the reproducers, played by the command line --------------------------------------------

HOSTILE_EDITIONS = ["rotate_after_leaving.yaml", "give_all_hands_rotate.yaml", "give_all_cards_flip.yaml",
                    "choose_after_everyone_left.yaml", "chosen_state_nobody.yaml"]


@pytest.mark.parametrize("name", HOSTILE_EDITIONS)
def test_each_reproducer_is_played_by_simulate_keeping_every_card(name, monkeypatch):
    broken = []
    played = CountingMatch._play_round

    def checked(self, rnd, setup):
        played(self, rnd, setup)
        if not every_card_once(rnd) or not nobody_who_left_holds_cards(rnd):
            broken.append((self.seed, len(self.results)))

    monkeypatch.setattr(CountingMatch, "_play_round", checked)
    result = run("simulate", str(HOSTILE / name), "--games", "5", "--players", "4", "--workers", "1", "--no-timing")
    no_traceback(result)
    assert result.exit_code == 0, result.stdout + result.stderr
    assert not broken, f"cards made or lost, or held by a player who left, in {broken}"
