"""A hand that grows by a swap or a rotation fires `hand_grows` hooks (docs/effects.md):
with `@seven-zero` and `@mercy`, a player who receives 25 cards that way is out.

Written for mutants of swap_hands and rotate_hands that survived the suite
(docs/mutation.md): the hook's name, and which of the two players' hands grew.
"""
from __future__ import annotations

import unodsl
from unodsl.engine.setup import Setup

MANY = ["green 1", "green 2", "green 3", "green 4", "green 5", "green 6", "green 7",
        "green 8", "green 9", "yellow 1", "yellow 2", "yellow 3", "yellow 4", "yellow 5",
        "yellow 6", "yellow 7", "yellow 8", "yellow 9", "blue 1", "blue 2", "blue 3",
        "blue 4", "blue 5", "blue 6", "blue 8"]  # 25 cards


def seven_zero_mercy(hands):
    edition = unodsl.load_edition("classic", rules=["@seven-zero", "@mercy"])
    return unodsl.Match(edition, players=len(hands), seed=1, max_rounds=1, setup=Setup(
        hands=[list(h) for h in hands], draw=["red 1", "red 2", "red 3"], discard=["red 9"]))


def play(m, name):
    m.answer(next(c for c in m.round.hands[m.decision.player] if c.label().lower() == name))


def left(m) -> list[int]:
    return [e["player"] for e in m.log if e["event"] == "left_round"]


def test_the_chosen_player_who_receives_25_cards_by_a_swap_is_out():
    m = seven_zero_mercy([["red 7"] + MANY, ["yellow 0", "blue 7"], ["green 0", "blue 9"]])
    play(m, "red 7")
    assert m.decision.kind == "player"
    m.answer(2)
    assert left(m) == [2]


def test_the_player_who_swaps_and_receives_25_cards_is_out():
    m = seven_zero_mercy([["red 7", "yellow 0", "blue 7"], ["green 0", "blue 9"], MANY])
    play(m, "red 7")
    m.answer(2)
    assert left(m) == [0]


def test_the_player_who_receives_25_cards_by_a_rotation_is_out():
    m = seven_zero_mercy([["red 0"] + MANY, ["yellow 0", "blue 7"], ["green 0", "blue 9"]])
    play(m, "red 0")
    assert left(m) == [1]
