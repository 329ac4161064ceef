"""Quiet cards (unodsl.engine.quiet): which kinds' plays skip the checks after an
effect, and that skipping them plays the same games as making them."""
from __future__ import annotations

import pytest

from engine import test_out_of_turn
import unodsl
from unodsl.engine.quiet import QUIET_PRIMITIVES
from unodsl.engine.facts import turn_facts
from unodsl.engine.round import Round
from unodsl.engine.setup import Setup
from unodsl.engine.specialise import respecialise


def loud_kinds(edition) -> list[str]:
    turn_facts(edition, Round)  # (what notes which kinds are quiet, as a round is first made)
    return sorted(kid for kid, kind in edition.kinds.items() if not kind.quiet)


def with_an_effect(edition) -> list[str]:
    return sorted(kid for kid, kind in edition.kinds.items() if kind.effect is not None)


def test_classic_cards_are_all_quiet():
    assert loud_kinds(unodsl.load_edition("classic")) == []


def test_with_stacking_a_draw_two_is_loud():
    # Draw Two's `if settings.stacking:` branch is kept only when the setting is on.
    assert loud_kinds(unodsl.load_edition("classic", settings={"stacking": True})) == ["draw_two"]


def test_a_card_that_takes_cards_from_a_hand_is_loud():
    assert loud_kinds(unodsl.load_edition("harry-potter")) == ["voldemort"]  # discards
    assert loud_kinds(unodsl.load_edition("green-lantern")) == ["power_ring"]  # gives


def test_reactions_and_table_cards_that_take_no_card_leave_the_cards_quiet():
    # Shield's reaction chooses a colour, Table Veto's use skips: only the blank card,
    # whose written rule may do anything, is loud.
    assert loud_kinds(test_out_of_turn.EDITION) == ["blank"]
    assert loud_kinds(unodsl.load_edition("harry-potter-fr")) == []


@pytest.mark.parametrize("event", ["turn_start", "round_start", "draw", "hand_grows"])
def test_a_hook_that_no_play_fires_leaves_the_cards_without_an_effect_quiet(event):
    # It may run inside any effect (a `hand_grows` hook in its draws), never after a plain card.
    edition = unodsl.load_edition("classic", rules=[f"on {event} where players > 5:\n  me draws 1"])
    assert loud_kinds(edition) == with_an_effect(edition)


def test_a_reaction_that_takes_cards_makes_every_card_with_an_effect_loud():
    # It may answer any of them, in the middle of its effect.
    edition = test_out_of_turn.GIVING_SHIELD
    assert loud_kinds(edition) == with_an_effect(edition)


def test_a_play_hook_makes_every_card_loud():
    edition = unodsl.load_edition("classic", rules=["on play where number == 7:\n  me draws 1"])
    assert loud_kinds(edition) == sorted(edition.kinds)


def test_the_quiet_primitives_are_the_rounds():
    assert all(callable(getattr(Round, name, None)) for name in QUIET_PRIMITIVES)


@pytest.mark.parametrize("name, rules", [
    ("classic", []), ("harry-potter", []), ("harry-potter-fr", []), ("green-lantern", []), ("veto", []),
    ("classic", ["on turn_start where me holds number == 3:\n  me draws 1"]),
    ("classic", ["on hand_grows where me holds number == 3:\n  me discards all where number == 3"])])
def test_quiet_plays_are_the_loud_plays(name, rules):
    """The checks skipped after a quiet card would have found nothing: the games are the same."""
    quiet, loud = unodsl.load_edition(name, rules=rules), unodsl.load_edition(name, rules=rules)
    turn_facts(quiet, Round), turn_facts(loud, Round)  # (which kinds are quiet, noted once: then made loud here)
    for kind in loud.kinds.values():
        kind.quiet = False
    respecialise(loud)  # (the turn loop written for it plays the kinds it knew quiet in the loop)
    assert any(kind.quiet for kind in quiet.kinds.values())
    for seed in range(4):
        for record in (False, True):
            games = [unodsl.Match(edition, players=4, agents="random", seed=seed, record=record)
                     for edition in (quiet, loud)]
            results = [game.play() for game in games]
            assert results[0] == results[1], f"seed {seed}"
            assert games[0].log == games[1].log


def test_turns_look_for_hands_to_turn_back_only_where_a_script_may_put_one_face_up():
    def faces_up(edition):
        return turn_facts(edition, Round).faces_up

    assert not faces_up(unodsl.load_edition("classic"))
    assert faces_up(unodsl.load_edition("classic", rules=["on play where number == 7:\n  everyone plays face up"]))
    assert faces_up(unodsl.load_edition("veto"))  # a rule written on its blank card may


def test_hands_put_face_up_turn_back_as_the_players_next_turn_begins():
    # A card's effect, unrecorded (with hooks or a record every turn begins the long way).
    edition = unodsl.load_edition_text(test_out_of_turn.CLASSIC.replace(
        "    effect: skip next\n", "    effect: everyone plays face up\n"), "face-up.yaml")
    assert turn_facts(edition, Round).faces_up and not edition.hooks
    m = unodsl.Match(edition, players=3, seed=1, record=False, setup=Setup(
        hands=[["red skip", "red 1", "blue 2"], ["red 3", "blue 4", "blue 5"], ["red 4", "green 5", "green 6"]],
        draw=["yellow 1", "yellow 2", "yellow 3"], discard=["red 9"]))
    m.answer(test_out_of_turn.card(m, 0, "red skip"))
    assert m.round.face_up_until == {0: 0, 1: 0, 2: 0}
    m.answer(test_out_of_turn.card(m, 1, "red 3"))
    m.answer(test_out_of_turn.card(m, 2, "red 4"))
    assert (m.decision.kind, m.decision.player) == ("turn", 0)
    assert m.round.face_up_until == {}
