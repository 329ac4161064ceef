"""Card behaviour comes from the edition file, and classic is the standard deck."""
from __future__ import annotations

from collections import Counter

import unodsl

from .conftest import events, pending, play, table, variant

OTHERS = [["red 1", "green 1", "yellow 1"], ["red 2", "green 2", "yellow 2"]]
MINE = ["red 3", "blue 5", "green 6"]

SKIP_KIND = """\
  skip:
    name: Skip
    symbol: skip
    deck: {per_colour: 2}
    points: 20
    effect: skip next
    on_start: skip next

"""

REVERSE_EFFECT = """\
    effect: |
      reverse
      if players == 2 and settings.two_player_rule:
        skip next
"""


# ---- classic is the standard deck ---------------------------------------------------


def test_classic_deck_has_108_cards(classic):
    # "classic | ... | 108 | none (the standard deck: 76 numbers, 8 Draw Two, 8 Reverse, 8 Skip,
    # 4 Wild, 4 Wild Draw Four)"
    kinds = Counter(card.kind for card in classic.deck)
    assert len(classic.deck) == 108
    assert kinds == {"number": 76, "draw_two": 8, "reverse": 8, "skip": 8, "wild": 4,
                     "wild_draw_four": 4}


def test_classic_numbers_per_colour_one_zero_two_each_of_one_to_nine(classic):
    # "Number cards in every edition: per colour one 0 and two each of 1-9 (19 a colour)."
    numbers = Counter((c.colour, c.number) for c in classic.deck if c.kind == "number")
    expected = {(colour, n): 1 if n == 0 else 2 for colour in ("red", "yellow", "green", "blue")
                for n in range(10)}
    assert numbers == expected


def test_classic_action_cards_two_per_colour_wilds_colourless(classic):
    # "the standard deck: ... 8 Draw Two, 8 Reverse, 8 Skip, 4 Wild, 4 Wild Draw Four"
    per_colour = Counter((c.kind, c.colour) for c in classic.deck if c.kind != "number")
    for kind in ("draw_two", "reverse", "skip"):
        for colour in classic.colours:
            assert per_colour[(kind, colour)] == 2
    assert per_colour[("wild", None)] == 4 and per_colour[("wild_draw_four", None)] == 4


def test_classic_card_points_as_by_the_sheet(classic):
    # "numbers at face value, Draw Two / Draw Three / Reverse / Skip 20, Wild / Wild Draw Four 50"
    for card in classic.deck:
        expected = card.number if card.kind == "number" else (
            50 if card.kind in ("wild", "wild_draw_four") else 20)
        assert card.points == expected, card
    # 4 colours x (0 + 2 x 45) + 24 action cards x 20 + 8 wilds x 50
    assert sum(c.points for c in classic.deck) == 360 + 480 + 400


# ---- behaviour comes from the file --------------------------------------------------


def test_draw_two_script_saying_draw_three_makes_next_draw_three(classic_text):
    # Card behaviour is the edition's script: `next draws 3` in Draw Two's effect.
    edition = variant(classic_text, ("      else:\n        next draws 2\n        skip next\n    on_start",
                                     "      else:\n        next draws 3\n        skip next\n    on_start"))
    m = table(edition, [["red draw two", *MINE], *OTHERS])
    play(m, "red draw two")
    assert len(m.round.hands[1]) == 3 + 3
    assert pending(m) == ("turn", 2)


def test_edition_without_skip_kind_has_no_skip(classic_text):
    # The deck is expanded from the file's kinds: remove Skip, and `total` must say 100.
    edition = variant(classic_text, (SKIP_KIND, ""), ("total: 108", "total: 100"))
    assert len(edition.deck) == 108 - 8
    assert "skip" not in edition.kinds
    assert not [c for c in edition.deck if c.symbol == "skip"]
    result = unodsl.Match(edition, players=3, agents="greedy", seed=2, max_rounds=1).play()
    assert len(result.rounds) == 1


def test_edition_without_reverse_effect_keeps_direction(classic_text):
    # A Reverse whose script is removed does nothing when played.
    edition = variant(classic_text, (REVERSE_EFFECT, ""))
    m = table(edition, [["red reverse", *MINE], *OTHERS])
    play(m, "red reverse")
    assert m.round.direction == 1
    assert not events(m, "reverse")
    assert pending(m) == ("turn", 1)


def test_classic_reverse_changes_direction(classic):
    # "Reverse ... play goes right" -- the same table with the classic script.
    m = table(classic, [["red reverse", *MINE], *OTHERS])
    play(m, "red reverse")
    assert m.round.direction == -1
    assert pending(m) == ("turn", 2)


def test_two_player_rule_setting_off_reverse_does_not_skip(classic_text):
    # "With two players Reverse acts like Skip" is the setting `two_player_rule` read by the script.
    edition = variant(classic_text, ("two_player_rule: true", "two_player_rule: false"))
    m = table(edition, [["red reverse", *MINE], ["red 1", "blue 1", "yellow 1"]])
    play(m, "red reverse")
    assert pending(m) == ("turn", 1)
