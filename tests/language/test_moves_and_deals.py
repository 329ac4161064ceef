"""Moves and deals as docs/effects.md ("Places and moves") describes them: what a move or a
deal records, which card stays in play when the discard pile is dealt, and the placed
refusals of a position in a hand and of every hand as a destination.

Written for survivors of the mutation run of session 12 (docs/mutation.md). The editions
are loaded inside each test: a mutation run switches the compiler's mutants on per test.
"""
from __future__ import annotations

import pytest

import unodsl
from unodsl.engine.setup import Setup

from rules.conftest import events, play, table


def play_red_7(action: str):
    """Seat 0 plays a red 7 whose play does `action`; the discard pile is blue 1, blue 2,
    red 9 (bottom first) before it."""
    edition = unodsl.load_edition("classic", rules=[f"on play where number == 7:\n    {action}"])
    m = table(edition, [["red 7", "blue 3", "green 4", "green 5"], ["red 1", "green 1", "yellow 1"],
                        ["red 2", "green 2"]],
              draw=["yellow 7", "yellow 8", "yellow 9"], discard=["blue 1", "blue 2", "red 9"])
    play(m, "red 7")
    return m




@pytest.mark.parametrize("position, recorded, discard", [
    ("", {}, ["blue 1", "blue 2", "red 9", "red 7", "blue 3"]),
    (" under the top card", {"position": "under"}, ["blue 1", "blue 2", "red 9", "blue 3", "red 7"]),
])
def test_cards_moved_from_a_hand_to_the_discard_pile_are_discards(position, recorded, discard):
    # "cards moved from hands to the discard pile are discards ... a discard a `discard`
    # event per card"; on top, the card discarded sets the colour in play.
    m = play_red_7(f"move all cards where colour == blue from my hand to discard pile{position}")
    blue_3 = next(c.uid for c in m.round.discard if c.label() == "blue 3")
    assert events(m, "discard") == [{"event": "discard", "player": 0, "card": blue_3, **recorded}]
    assert [c.label() for c in m.round.discard] == discard
    assert m.round.colour == ("blue" if not position else "red")


def test_a_move_records_where_the_cards_came_from_and_went():
    m = play_red_7("move all cards where colour == green from every hand to aside pile")
    (move,) = events(m, "move")
    assert {k: move[k] for k in ("player", "from", "into", "position")} == {
        "player": 0, "from": "every hand", "into": "aside", "position": "top"}
    assert [c.label() for c in m.round.piles["aside"]] == ["green 4", "green 5", "green 1", "green 2"]
    assert [len(h) for h in m.round.hands] == [1, 2, 1]


def test_a_move_from_one_hand_names_the_hand_and_its_player():
    m = play_red_7("move 1 card picked by me from my hand to aside pile")
    m.answer(next(c for c in m.decision.options if c.label() == "green 4"))
    (move,) = events(m, "move")
    assert (move["from"], move["from_player"], move["into"]) == ("hand", 0, "aside")
    assert [c.label() for c in m.round.piles["aside"]] == ["green 4"]


def test_a_deal_from_the_discard_pile_leaves_its_last_card_in_play():
    # "deals the place's cards from the top, one at a time ... in turn order"; "the discard
    # pile always keeps one card, the card in play ... its new top card sets the colour".
    m = play_red_7("deal all cards from discard pile to everyone")
    assert [c.label() for c in m.round.discard] == ["blue 1"]
    assert m.round.colour == "blue"
    assert [h[-1].label() for h in m.round.hands] == ["red 7", "red 9", "blue 2"]
    (dealt,) = events(m, "deal_cards")
    assert dealt["from"] == "discard"
    assert dealt["hands"] == [[seat, [m.round.hands[seat][-1].uid]] for seat in range(3)]


def refusal(action: str):
    with pytest.raises(unodsl.EditionError) as error:
        unodsl.load_edition("classic", rules=[f"on play where number == 7:\n    {action}"])
    (problem,) = error.value.problems
    return problem.message, problem.hint, (problem.span.line, problem.span.column)


def test_a_position_in_a_hand_is_refused_at_the_hand():
    assert refusal("move all cards from aside pile to my hand at the bottom") == (
        "a hand has no top or bottom: cards moved to a hand are simply held", "leave the position out", (2, 39))


def test_every_hand_as_a_destination_is_refused_with_the_deal_to_write():
    assert refusal("move all cards from aside pile to every hand") == (
        "cards cannot go to every hand at once", "deal them: `deal all cards from aside pile to everyone`", (2, 39))


def random_move(source: str, chance: str):
    """Seat 0 plays a red 7 that moves a random card from `source` under the top card; the
    scenario fixes the card drawn by chance as `chance`."""
    edition = unodsl.load_edition("classic", rules=[
        f"on play where number == 7:\n    move 1 random card from {source} to discard pile under the top card"])
    m = unodsl.Match(edition, players=2, seed=1, setup=Setup(
        hands=[["red 7", "red 5", "red 6"], ["green 1", "yellow 2"]], discard=["red 9"],
        piles={"aside": ["blue 2", "blue 3"]}, chance=[chance]))
    play(m, "red 7")
    return m


def test_a_random_card_fixed_by_the_scenario_is_named_as_players_name_it():
    m = random_move("aside pile", "BLUE 2")
    (chance,) = events(m, "chance")
    assert chance["what"] == "random card from the aside pile"
    assert [c.label() for c in m.round.discard] == ["red 9", "blue 2", "red 7"]


@pytest.mark.parametrize("source, chance, what", [
    ("next's hand", "purple 1", "random card from seat 1's hand"),
    ("aside pile", "red 1", "random card from the aside pile"),
])
def test_a_random_card_that_is_not_there_is_refused_naming_the_place(source, chance, what):
    with pytest.raises(unodsl.UnoError) as error:
        random_move(source, chance)
    assert str(error.value) == f"the scenario's chance result {chance!r} cannot come from {what}"


@pytest.mark.parametrize("aside, asked", [(["blue 2"], False), (["blue 2", "blue 3"], True)])
def test_a_pick_asks_the_picker_only_when_there_is_a_choice(aside, asked):
    # "N cards picked by PLAYER": the player picks; one card left is no choice.
    edition = unodsl.load_edition("classic", rules=[
        "on play where number == 7:\n    move 1 card picked by me from aside pile to my hand"])
    m = unodsl.Match(edition, players=2, seed=1, setup=Setup(
        hands=[["red 7", "red 5", "red 6"], ["green 1", "yellow 2"]], discard=["red 9"], piles={"aside": aside}))
    play(m, "red 7")
    assert (m.decision.kind == "pick") == asked
    if asked:
        assert sorted(c.label() for c in m.decision.options) == aside
        m.answer(next(c for c in m.decision.options if c.label() == aside[-1]))
    assert [c.label() for c in m.round.hands[0]][-1] == aside[-1]
