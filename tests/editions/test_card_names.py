"""How cards are named (Card.label): a numbered card of a kind beside the number cards (UNO
Flex's Flex cards, UNO Spin's: shared/EDITIONS.md) is named with its kind's name, `red Flex 4`,
so that it is never taken for the number card `red 4` (issue 28); the number cards (the first
numbered kind written) keep `red 4`, and both names are read back in a scenario's setup."""
from __future__ import annotations

import pytest

import unodsl
from unodsl.engine.setup import resolve_cards
from unodsl.resources import edition_names

FLEX = """\
name: Flex
base: classic
kinds:
  flex:
    name: Flex
    deck: {numbers: {"1-4": 2}}
    points: face
    effect: next draws 1
    on_start: pass
"""


def labels(edition, number: int) -> set[str]:
    return {card.label() for card in edition.deck if card.number == number and card.colour == "red"}


def test_a_numbered_kind_beside_the_number_cards_is_named_with_its_kind():
    edition = unodsl.load_edition_text(FLEX, "flex.yaml")
    assert labels(edition, 4) == {"red 4", "red Flex 4"}
    assert labels(edition, 7) == {"red 7"}  # (the number cards as before)


def test_both_names_are_read_back_each_as_its_own_card():
    edition = unodsl.load_edition_text(FLEX, "flex.yaml")
    pool = list(edition.deck)
    flex, number, also_flex = resolve_cards(edition, ["red flex 4", "red 4", "Red Flex 4"], pool)
    assert (flex.kind, number.kind, also_flex.kind) == ("flex", "number", "flex")
    assert flex.uid != also_flex.uid


def test_the_first_numbered_kind_written_is_the_number_cards():
    # (an edition of Flex cards alone: nothing to tell them from, they are its number cards)
    alone = "colours: [red, blue]\nsettings: {hand_size: 1, players: {min: 2, max: 2}}\n"
    text = FLEX.replace("base: classic\n", alone)
    edition = unodsl.load_edition_text(text, "flex.yaml")
    [card] = resolve_cards(edition, ["red 4"], list(edition.deck))
    assert (card.kind, card.label()) == ("flex", "red 4")


@pytest.mark.parametrize("name", edition_names())
def test_no_two_kinds_of_a_shipped_edition_share_a_card_name(name):
    edition = unodsl.load_edition(name)
    kinds_by_label: dict[str, set] = {}
    for card in edition.every_face:
        kinds_by_label.setdefault(card.label(), set()).add(card.name)
    assert {label: kinds for label, kinds in kinds_by_label.items() if len(kinds) > 1} == {}
