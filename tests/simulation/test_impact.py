"""`unodsl impact` (issue 29, part 1): variants built as data, paired with the edition on
the same seeds; a rigged card that helps its holder, an A/A run, Holm's adjustment
against a hand-computed case, and every shipped edition run without an exception."""
from __future__ import annotations

import json
import time

import pytest

import unodsl
from unodsl.edition.loader import edition_file
from unodsl.errors import UnoError
from unodsl.resources import edition_names
from unodsl.sim.impact import format_text, impact, impact_rows
from unodsl.sim.multiple import holm
from unodsl.sim.variants import Variant, ablation, source_data, special_kinds, swap
from cli_helpers import no_traceback, run

# A card that obviously helps whoever is dealt it: every other player draws four.
RIGGED = """\
name: Rigged
id: rigged
base: classic
kinds:
  gift:
    name: Gift
    symbol: gift
    deck: {per_colour: 1}
    points: 20
    effect: others draw 4
"""


def test_holm_against_a_hand_computed_case():
    # sorted: 0.005*4 = 0.02; 0.01*3 = 0.03; 0.03*2 = 0.06; 0.04*1 = 0.04, raised to 0.06 (step-down)
    assert holm([0.01, 0.04, 0.03, 0.005]) == pytest.approx([0.03, 0.06, 0.06, 0.02])
    assert holm([0.5, 0.9]) == pytest.approx([1.0, 1.0])  # (never above 1)
    assert holm([]) == []


def test_ablation_removes_behaviour_and_keeps_the_card():
    data = source_data("harry-potter")
    spec = ablation(data, "voldemort", wild=True)["kinds"]["voldemort"]
    assert (spec["effect"], spec["playable"], spec["on_start"]) == ("choose colour", "always", "next chooses colour")
    assert (spec["deck"], spec["points"], spec["name"]) == ({"count": 4}, 50, "Voldemort")
    coloured = ablation(data, "draw_two", wild=False)["kinds"]["draw_two"]
    assert "effect" not in coloured and "on_start" not in coloured and coloured["deck"] == {"per_colour": 2}
    assert "effect" in data["kinds"]["draw_two"]  # (the edition's data is not changed)


def test_a_swap_keeps_the_deck_size_and_the_deal():
    loaded = unodsl.load_edition("classic")
    data, new = swap(source_data("classic"), loaded, "skip")
    assert data["kinds"][new]["deck"] == {"numbers": {"4": 1, "5": 1}, "colours": ["blue", "green", "red", "yellow"]}
    assert list(data["kinds"]).index(new) == list(data["kinds"]).index("skip") + 1  # in the old cards' place
    swapped = unodsl.load_edition_text(json.dumps(data))
    assert len(swapped.deck) == len(loaded.deck)
    assert not any(card.kind == "skip" for card in swapped.deck)


def test_a_card_that_helps_its_holder_shows_in_its_ablation(tmp_path):
    path = tmp_path / "rigged.yaml"
    path.write_text(RIGGED)
    result = impact(str(path), players=3, games=100, seed="rig", agents="greedy", cards=["gift"])
    rows = {(r["variant"], r["figure"]): r for r in impact_rows(result)}
    holder = rows[("Gift: effect removed", "holder_round_win_rate")]
    assert holder["estimate"] < 0 and holder["high"] < 0 and holder["p_adjusted"] < 0.05, holder
    assert holder["p_adjusted"] >= holder["p"]
    swapped = rows[("Gift: swapped for plain number cards", "holder_round_win_rate")]
    assert swapped["high"] < 0, swapped


def test_a_variant_identical_to_the_edition_changes_nothing():
    same = Variant("the edition again", "ablation", file=str(edition_file("classic")), holder=("skip", "skip"))
    result = impact("classic", games=20, seed="aa", variants=[same])
    rows = impact_rows(result)
    assert {r["figure"] for r in rows} == {"turns_per_round", "points_per_round", "holder_round_win_rate",
                                           "first_seat_edge"}
    for row in rows:  # the same games on both sides: no change at all
        assert row["estimate"] == 0 and row["low"] <= 0 <= row["high"] and row["p"] == 1, row


def test_variants_that_cannot_be_built_are_reported():
    result = impact("veto", games=2, cards=["veto"])
    assert [v.problem is not None for v in result.variants] == [True, True]
    assert "not played (the variant cannot be built):" in format_text(result)
    with pytest.raises(UnoError, match="not a special card kind"):
        impact("classic", games=2, cards=["number"])


def test_rules_of_the_edition_are_taken_out_and_popular_ones_added():
    result = impact("no-mercy", games=2, rules=["Stacking", "@seven-zero"])
    assert [(v.label, v.problem) for v in result.variants] == [("without rule 'Stacking'", None),
                                                                 ("with @seven-zero", None)]
    assert not any(r["figure"] == "holder_round_win_rate" for r in impact_rows(result))


@pytest.mark.parametrize("edition", edition_names())
def test_every_shipped_edition_runs(edition):
    start = time.perf_counter()
    loaded = unodsl.load_edition(edition)
    # (the fewest players the edition allows: the shortest games, every variant still played)
    # (every card variant; of the rules one, for time: rule variants are built the same way for any rule)
    result = impact(edition, players=loaded.settings["players"]["min"], games=2, seed="all",
                    cards=special_kinds(loaded), rules=["@jump-in"])
    assert result.variants and any(v.problem is None for v in result.variants)
    assert all(r["p_adjusted"] is not None for r in impact_rows(result))
    assert time.perf_counter() - start < 20


def test_the_command_prints_a_table_and_json():
    text = run("impact", "classic", "--card", "skip", "--games", "4", "--no-timing")
    no_traceback(text)
    assert text.exit_code == 0 and "Skip: effect removed" in text.stdout and "p adj." in text.stdout
    data = run("impact", "classic", "--card", "Skip", "--rule", "@jump-in", "--games", "4", "--json")
    no_traceback(data)
    found = json.loads(data.stdout)
    assert found["correction"].startswith("Holm")
    assert {r["variant"] for r in found["rows"]} == {"Skip: effect removed", "Skip: swapped for plain number cards",
                                                    "with @jump-in"}
    assert set(found["rows"][0]) == {"variant", "what", "figure", "label", "relative", "a", "b", "estimate", "low",
                                     "high", "p", "p_adjusted"}
    bad = run("impact", "classic", "--card", "nothing", "--games", "4")
    assert bad.exit_code != 0 and "not a special card kind" in bad.stderr + bad.stdout
