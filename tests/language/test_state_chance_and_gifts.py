"""State variables, chance and gifts as docs/effects.md describes them ("Values and state",
"Chance", the statements table): where a change is kept and how it is recorded, a game
variable kept across the match, an absent amount, chance results a scenario fixes, a random
player none satisfies, `give all`, `show ... hand` and `rotate hands` with `hand_grows`
hooks.

Written for survivors of the mutation run of session 12 (docs/mutation.md). The editions
are loaded inside each test: a mutation run switches the compiler's mutants on per test.
"""
from __future__ import annotations

import pytest

import unodsl
from unodsl.engine.setup import Setup

from rules.conftest import events, labels, play

STATE = """
state:
  player:
    power: {type: flag}
  game:
    lit: {type: flag}
    launches: {type: counter, keep: match}
    plays: {type: counter}
"""
HANDS = [["red 7", "blue 3", "green 4"], ["red 1", "green 1", "yellow 1"], ["red 2", "green 2"]]
DRAW = ["yellow 7", "yellow 8", "yellow 9", "yellow 6", "blue 7", "blue 8"]


def edition(*rules: str):
    text = f"name: State\nid: state\nbase: classic\n{STATE}"
    return unodsl.load_edition_text(text, "state.yaml", rules=list(rules))


def red_7_does(action: str, *hooks: str, hands=HANDS, chance=(), discard=("red 9",), colour=None):
    """Seat 0 plays a red 7 whose play does `action`."""
    m = unodsl.Match(edition(f"on play where number == 7:\n    {action}", *hooks), players=len(hands), seed=1,
                     max_rounds=1, setup=Setup(hands=[list(h) for h in hands], draw=list(DRAW),
                                               discard=list(discard), chance=list(chance), colour=colour))
    play(m, "red 7")
    return m


def changes(m) -> list[dict]:
    return [{k: v for k, v in e.items() if k != "event"} for e in events(m, "state")]


# ---- state


def test_a_player_variable_set_is_that_players_and_recorded():
    m = red_7_does("set me.power to true")
    assert m.round.player_state[0]["power"] is True and m.round.player_state[1]["power"] is False
    assert "power" not in m.round.game_state
    assert changes(m) == [{"name": "power", "value": True, "player": 0}]


def test_a_game_flag_flipped_is_the_games_and_recorded():
    m = red_7_does("flip game.lit")
    assert m.round.game_state["lit"] is True
    assert changes(m) == [{"name": "lit", "value": True}]


def test_an_absent_amount_adds_nothing():
    # "add NUMBER to VARIABLE: ... an absent number adds nothing": a Wild has no number
    m = unodsl.Match(edition("on play where wild:\n    add card.number to game.plays"), players=2, seed=1,
                     max_rounds=1, setup=Setup(hands=[["wild", "blue 3", "blue 4"], ["red 1", "green 1"]],
                                               draw=list(DRAW), discard=["red 9"]))
    play(m, "wild")
    m.answer("blue")
    assert m.round.game_state["plays"] == 0
    assert changes(m) == [{"name": "plays", "value": 0}]


def test_a_game_variable_kept_across_the_match_and_one_that_is_not():
    # "`keep: round` (the default) puts a variable back to its initial value as each round
    # begins; `keep: match` keeps the value the last round left."
    rules = "on play where number == 7:\n    add 3 to game.launches\n    add 3 to game.plays"
    m = unodsl.Match(edition(rules), players=2, seed=1, max_rounds=2, target=10**6,
                     setup=Setup(hands=[["red 7"], ["red 1", "green 1"]], draw=list(DRAW), discard=["red 9"]))
    play(m, "red 7")
    assert len(m.results) == 1 and m.results[0].winner == 0
    assert m.round.game_state["launches"] == 3
    assert m.round.game_state["plays"] == 0


# ---- chance


def test_a_random_card_of_a_hand_is_a_card_of_that_hand():
    m = red_7_does("let c = random card from next's hand\n    move all cards where colour == c.colour from next's hand"
                   " to aside pile")
    (chance,) = events(m, "chance")
    assert chance["value"] in [c.uid for c in m.round.piles["aside"]]


def test_a_random_card_the_scenario_names_wrongly_is_refused_by_name():
    with pytest.raises(unodsl.UnoError) as error:
        red_7_does("let c = random card from next's hand", chance=["purple 1"])
    assert str(error.value) == "the scenario's chance result 'purple 1' cannot come from random card from seat 1's hand"


def test_a_random_number_out_of_its_range_is_refused():
    with pytest.raises(unodsl.UnoError) as error:
        red_7_does("next draws random number in 1..3", chance=[7])
    assert str(error.value) == "the scenario's chance result 7 cannot come from random number in 1..3"


def test_a_random_number_with_an_absent_bound_is_none():
    # "none when there is no such number": no one chosen has no hand size; `draws` none draws nothing
    m = red_7_does("choose player where chosen.hand == 9\n    next draws random number in 1..chosen.hand")
    assert events(m, "chance") == []


def test_a_random_player_when_no_one_satisfies_the_condition_is_no_one():
    m = red_7_does("choose random player where chosen.hand == 9\n    chosen draws 2")
    assert events(m, "chosen") == [] and events(m, "chance") == []
    assert [len(h) for h in m.round.hands] == [2, 3, 2]


def test_a_random_player_chosen_is_recorded():
    m = red_7_does("choose random player\n    chosen draws 2", chance=[2])
    assert [{k: e[k] for k in ("player", "chosen")} for e in events(m, "chosen")] == [{"player": 0, "chosen": 2}]
    assert len(m.round.hands[2]) == 4


# ---- gifts, shown hands, rotations


def test_cards_given_to_everyone_go_to_the_others_only():
    # `give all [where C] to GROUP`: "each card moved to a hand of the group its giver picks"
    m = red_7_does("give all where colour == green to everyone")
    assert (m.decision.kind, m.decision.player, m.decision.options) == ("give", 0, [1, 2])


def test_a_hand_that_grows_by_a_gift_fires_hand_grows():
    m = red_7_does("give all where colour == green to next", "on hand_grows where me.hand == 4:\n    me draws 2")
    assert len(m.round.hands[1]) == 6


def test_a_hand_shown_twice_is_known_all_along():
    m = red_7_does("show my hand to next\n    move all cards where colour == blue from my hand to aside pile\n"
                   "    show my hand to next")
    assert labels(m.round.piles["aside"]) == ["blue 3"]
    assert m.round.known[1] == {c.uid for c in [*m.round.hands[0], *m.round.piles["aside"]]}


def flips_after_rotation(hands) -> list[int]:
    """Who flipped their token by a `hand_grows` hook, in order, after seat 0's red 7 rotated
    the hands (seat 1 then has a choice of two red cards: play stops there)."""
    m = red_7_does("rotate hands", "on hand_grows:\n    flip me.power", hands=hands)
    assert (m.decision.kind, m.decision.player) == ("turn", 1)
    assert len(events(m, "rotate_hands")) == 1
    return [e["player"] for e in events(m, "state")]


def test_a_rotation_fires_hand_grows_for_each_hand_that_grew():
    # after the play seat 0 holds 2, seat 1 3, seat 2 2: seat 1 gets 2 (fewer), seat 2 gets 3
    # (more), seat 0 gets 2 (as many: it did not grow)
    assert flips_after_rotation([["red 7", "red 3", "red 4"], ["red 1", "green 1", "yellow 1"],
                                 ["red 2", "green 2"]]) == [2]


def test_a_rotation_fires_hand_grows_in_turn_order_from_seat_0():
    # seat 1 gets 2 (had 1), seat 2 gets 1 (had 3), seat 0 gets 3 (had 2)
    assert flips_after_rotation([["red 7", "red 3", "red 4"], ["red 1"],
                                 ["red 2", "green 2", "yellow 2"]]) == [0, 1]
