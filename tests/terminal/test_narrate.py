"""The story of a match: every event the engine records is told, or known to be silent."""
from __future__ import annotations

import pytest

import unodsl
from unodsl.edition.rules import house_rule_names, popular_rule_names
from unodsl.terminal.narrate import SILENT, Narrator

EDITIONS = ["classic", "veto", "harry-potter", "harry-potter-fr", "harry-potter-sorting-hat",
            "green-lantern", "no-mercy", "classic-2018"]


def events_of(edition: str, rules=(), seeds=range(3), players=4) -> set[str]:
    loaded = unodsl.load_edition(edition, rules=list(rules))
    kinds = set()
    for seed in seeds:
        match = unodsl.Match(loaded, players=players, agents="random", seed=seed, target=200)
        kinds |= {event["event"] for event in match.log}
    return kinds


@pytest.mark.parametrize("edition", EDITIONS)
def test_every_event_of_an_edition_is_told_or_silent(edition):
    for kind in events_of(edition):
        assert kind in SILENT or hasattr(Narrator, "_" + kind), f"the narrator does not know {kind!r}"


def test_every_event_of_the_house_rules_is_told_or_silent():
    kinds = set()
    for name in house_rule_names():
        kinds |= events_of("veto", rules=[f"@{name}"], seeds=range(2), players=3)
    for kind in kinds:
        assert kind in SILENT or hasattr(Narrator, "_" + kind), f"the narrator does not know {kind!r}"


def test_every_event_of_the_popular_house_rules_is_told():
    kinds = set()
    for name in popular_rule_names():
        kinds |= events_of("classic", rules=[f"@{name}"], seeds=range(3), players=3)
    assert {"swap_hands", "rotate_hands"} <= kinds  # the 7-0 rule ran
    for kind in kinds:
        assert kind in SILENT or hasattr(Narrator, "_" + kind), f"the narrator does not know {kind!r}"


def test_a_swap_and_a_rotation_are_told():
    edition = unodsl.load_edition("classic")
    narrator = Narrator(edition, ["You", "Bot 2", "Bot 3"])
    narrator.feed([{"event": "swap_hands", "player": 1, "other": 0},
                   {"event": "rotate_hands", "direction": -1}])
    assert narrator.story(0, None, viewer=0) == ["Bot 2 swaps hands with you, every hand passes to the "
                                                 "player on the right."]


def test_one_line_per_turn_and_the_viewer_sees_their_own_cards():
    edition = unodsl.load_edition("classic")
    match = unodsl.Match(edition, players=3, agents="greedy", seed=3, target=1)
    narrator = Narrator(edition, ["You", "Bot 2", "Bot 3"])
    narrator.feed(match.log)
    story = narrator.story(0, None, viewer=0)
    turns = sum(1 for event in match.log if event["event"] == "turn")
    assert len(story) == turns + 2  # the deal, each turn, the end of the round
    assert story[0].startswith("Round 1: you deal 7 cards each, the first card is ")
    assert story[-1] == "Round 1 is over."
    mine = [line for line in story if line.startswith("You draw ")]
    theirs = [line for line in narrator.story(0, None, viewer=1) if line.startswith("You draw ")]
    assert all("card" not in line for line in mine)  # named: "You draw red 5."
    assert mine != theirs


def test_eliminated_players_are_named_by_their_match_seat():
    """In Challenge UNO a round may be played by fewer seats than the match has."""
    edition = unodsl.load_edition("classic", settings={"mode": "challenge"})
    match = unodsl.Match(edition, players=3, agents="greedy", seed=1, target=60)
    narrator = Narrator(edition, ["A", "B", "C"])
    narrator.feed(match.log)
    text = "\n".join(narrator.story(0))
    out = [e["player"] for e in match.log if e["event"] == "eliminated"]
    assert out, "someone is eliminated"
    for seat in out:
        assert f"{'ABC'[seat]} reaches" in text
    assert "out of the match" in text


def test_every_event_the_package_records_is_told_or_silent():
    """Read from the source, not from games played (Attack's `instead` was told as nothing: no
    edition above plays it): every `record("KIND", ...)` in unodsl/ has its telling."""
    import re
    from pathlib import Path
    package = Path(unodsl.__file__).parent
    kinds = {m[1] for path in package.rglob("*.py")
             for m in re.finditer(r'record\(\s*"([a-z_]+)"', path.read_text(encoding="utf-8"))}
    assert len(kinds) > 40  # (the pattern still finds them)
    assert sorted(kind for kind in kinds if kind not in SILENT and not hasattr(Narrator, "_" + kind)) == []


def test_a_draw_replaced_by_a_house_rule_is_told():
    match = unodsl.Match(unodsl.load_edition("attack"), players=3, agents="random", seed=1, max_rounds=1)
    narrator = Narrator(match.edition, ["Ann", "Bob", "Cy"])
    narrator.feed(match.log)
    told = " ".join(narrator.story(0))
    assert "does what the house rule says instead of drawing" in told
