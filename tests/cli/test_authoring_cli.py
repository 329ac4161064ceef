"""The authoring commands through the CLI: schema, new, cards, explain.

Errors a user can make exit with status 1 and one message, never a
traceback; usage errors exit with status 2.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

import unodsl
from unodsl.authoring import edition_title, new_edition_text, one_line, shorten
from unodsl.edition.schema import schema
from cli_helpers import run, no_traceback

ROOT = Path(__file__).resolve().parents[2]


# ---- schema ----------------------------------------------------------------------------

def test_schema_prints_the_schema_file():
    result = run("schema")
    assert result.exit_code == 0
    assert json.loads(result.stdout) == schema()
    assert result.stdout == (ROOT / "schemas" / "edition.schema.json").read_text(encoding="utf-8")


def test_schema_takes_no_argument():
    result = run("schema", "classic")
    assert result.exit_code == 2


def test_readme_shows_the_schema_comment():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "# yaml-language-server: $schema=" in readme
    assert "unodsl schema > edition.schema.json" in readme


# ---- new -----------------------------------------------------------------------------------

def test_new_writes_an_edition_that_validates(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = run("new", "party-uno")
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("Wrote party-uno.yaml: a new edition built on classic")
    assert "unodsl schema > edition.schema.json" in result.stdout
    text = (tmp_path / "party-uno.yaml").read_text(encoding="utf-8")
    assert text.startswith("# yaml-language-server: $schema=edition.schema.json\n")
    assert "base: classic" in text
    assert run("validate", "party-uno.yaml").stdout == "party-uno.yaml: ok\n"
    assert run("validate", "--strict", "party-uno.yaml").exit_code == 0  # not even a warning
    edition = unodsl.load_edition("party-uno.yaml")
    assert (edition.name, edition.id) == ("Party UNO", "party-uno")
    assert edition.source
    classic = unodsl.load_edition("classic")
    own = [k for k in edition.kinds if k not in classic.kinds]
    assert len(own) == 1, "one card of the author's own"
    assert len(edition.deck) == edition.total


def test_new_card_plays(tmp_path):
    # The template's card: "When played: every other player draws a card."
    run("new", "mine", "--dir", str(tmp_path))
    edition = unodsl.load_edition(str(tmp_path / "mine.yaml"))
    match = unodsl.Match(edition, players=3, agents="greedy", seed=1)
    assert match.play().winner is not None
    log = match.log
    plays = [i for i, e in enumerate(log)
             if e["event"] == "play" and edition.deck[e["card"]].kind == "everyone_draws"]
    assert plays, "the new card was never played"
    for i in plays:
        player = log[i]["player"]
        others = [(player + k) % 3 for k in (1, 2)]  # in turn order (the card reverses nothing)
        draws = [e for e in log[i + 1:i + 3] if e["event"] == "draw"]
        assert sorted(e["player"] for e in draws) == sorted(others) and all(len(e["cards"]) == 1 for e in draws)


def test_new_in_another_folder(tmp_path):
    folder = tmp_path / "rules" / "mine"
    result = run("new", "my_uno", "--dir", str(folder))
    assert result.exit_code == 0
    assert (folder / "my_uno.yaml").exists()
    assert f"unodsl validate {folder / 'my_uno.yaml'}" in result.stdout
    assert run("validate", str(folder / "my_uno.yaml")).exit_code == 0


def test_new_with_the_schema_elsewhere(tmp_path):
    result = run("new", "mine", "--dir", str(tmp_path), "--schema", "../schemas/edition.schema.json")
    assert result.exit_code == 0
    assert "unodsl schema" not in result.stdout  # nothing to write beside it
    text = (tmp_path / "mine.yaml").read_text(encoding="utf-8")
    assert text.startswith("# yaml-language-server: $schema=../schemas/edition.schema.json\n")


def test_new_says_nothing_of_the_schema_once_it_is_there(tmp_path):
    (tmp_path / "edition.schema.json").write_text(run("schema").stdout)
    result = run("new", "mine", "--dir", str(tmp_path))
    assert "unodsl schema" not in result.stdout


def test_new_takes_a_file_name(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert run("new", "mine.yaml").exit_code == 0
    assert (tmp_path / "mine.yaml").exists()


def test_new_never_overwrites(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "mine.yaml").write_text("name: precious\n")
    result = run("new", "mine")
    no_traceback(result)
    assert result.exit_code == 1
    assert result.stderr == ("error: mine.yaml already exists; unodsl new does not overwrite a file "
                             "(choose another name, or --dir for another folder)\n")
    assert (tmp_path / "mine.yaml").read_text() == "name: precious\n"


@pytest.mark.parametrize("name", ["Party", "my uno", "-x", "../up", "a/b", ""])
def test_new_refuses_a_bad_name(name, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = run("new", name)
    no_traceback(result)
    assert result.exit_code == 2
    assert list(tmp_path.iterdir()) == []


def test_new_needs_a_name():
    assert run("new").exit_code == 2


def test_new_where_a_file_is_in_the_way(tmp_path):
    (tmp_path / "file").write_text("")
    result = run("new", "mine", "--dir", str(tmp_path / "file"))
    no_traceback(result)
    assert result.exit_code == 2


@pytest.mark.parametrize("name,title", [("party-uno", "Party UNO"), ("my_first-edition", "My First Edition"),
                                         ("uno2", "Uno2")])
def test_edition_title(name, title):
    assert edition_title(name) == title


def test_template_fills_every_placeholder():
    text = new_edition_text("x")
    assert "{{" not in text and "}}" not in text


# ---- cards ---------------------------------------------------------------------------------

def test_cards_table_of_classic():
    result = run("cards", "classic")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[0] == "Classic UNO (classic): 108 cards"
    assert lines[2].split() == ["kind", "colour", "count", "points", "effect"]
    assert lines[3].split() == ["number", "red", "19", "0-9"]
    assert lines[7].split()[:6] == ["draw_two", "red", "2", "20", "if", "settings.stacking:"]
    assert lines[-1].split() == ["total", "108"]
    wild_draw_four = next(line for line in lines if line.startswith("wild_draw_four"))
    assert wild_draw_four.endswith("…") and "choose colour; if next challenges:" in wild_draw_four
    # aligned: every column starts at the same place
    starts = {line.index("count") if "count" in line else None for line in lines[2:3]}
    header = lines[2]
    for line in lines[3:-1]:
        assert line[header.index("colour") - 1] == " " and line[header.index("colour")] != " "
    assert len(starts) == 1


def test_cards_counts_add_up_for_every_edition():
    for name in ("classic", "veto", "harry-potter-fr"):
        data = json.loads(run("cards", name, "--json").stdout)
        edition = unodsl.load_edition(name)
        assert sum(row["count"] for row in data["cards"]) == data["total"] == len(edition.deck)


def test_cards_json():
    data = json.loads(run("cards", "veto", "--json").stdout)
    assert data["edition"] == "veto" and data["total"] == 112
    rows = {(r["kind"], r["colour"]): r for r in data["cards"]}
    assert rows[("number", "purple")]["numbers"] == list(range(10))
    assert rows[("number", "purple")]["points"] == "face"
    assert rows[("wild_draw_four", None)]["effect"].startswith("choose colour; if next challenges: show my")
    assert rows[("veto", None)] == {"kind": "veto", "name": "VETO", "colour": None, "count": 1, "points": 0,
                                    "numbers": [], "use": "skip chosen", "table": True}


def test_cards_shows_a_table_card_use():
    line = next(l for l in run("cards", "veto").stdout.splitlines() if l.startswith("veto "))
    assert line.split() == ["veto", "-", "1", "0", "(use)", "skip", "chosen"]


def test_cards_of_a_broken_edition(tmp_path):
    path = tmp_path / "broken.yaml"
    path.write_text("name: Broken\nbase: classic\nkinds:\n  x:\n    name: X\n    deck: {count: 1}\n"
                    "    points: 1\n    effect: next drws 2\n")
    result = run("cards", str(path))
    no_traceback(result)
    assert result.exit_code == 1
    assert f"{path}:8:" in result.stderr and "error:" in result.stderr


def test_cards_of_no_edition():
    result = run("cards", "no-such-edition")
    no_traceback(result)
    assert result.exit_code == 1
    assert "no edition named 'no-such-edition'" in result.stderr


def test_one_line_and_shorten():
    script = "choose colour  # the Wild part\nif next challenges:\n  skip next\nelse:\n  pass\n"
    assert one_line(script) == "choose colour; if next challenges: skip next; else: pass"
    assert one_line('ask next "# not a comment":\n  "ok": pass') == 'ask next "# not a comment": "ok": pass'
    assert shorten("abcdef", 4) == "abc…" and shorten("abc", 4) == "abc"


# ---- explain --------------------------------------------------------------------------------

def test_explain_wild_draw_four():
    result = run("explain", "classic", "Wild Draw Four")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[0] == "Wild Draw Four (wild_draw_four), Classic UNO"
    assert "When played:" in lines and "When it may be played:" in lines
    assert "As the start card:" in lines and "Points:" in lines
    assert all(len(line) <= 78 for line in lines)
    text = " ".join(line.strip() for line in lines)
    assert "Choose the colour. Then ask the next player whether they challenge: if they do," in text
    assert "Playing it while you hold a card of the colour in play (colour == top.colour) is a bluff." in text


@pytest.mark.parametrize("card", ["wild_draw_four", "wild draw four", "WILD DRAW FOUR"])
def test_explain_by_id_or_name(card):
    assert run("explain", "classic", card).stdout.startswith("Wild Draw Four (wild_draw_four)")


def test_explain_a_card_as_players_say_it():
    assert run("explain", "classic", "red 7").stdout.startswith("Number (number), Classic UNO")
    assert run("explain", "veto", "purple skip").stdout.startswith("Skip (skip), UNO VETO")


def test_explain_json():
    data = json.loads(run("explain", "green-lantern", "power_ring", "--json").stdout)
    assert data["kind"] == "power_ring" and data["edition"] == "green-lantern"
    assert data["sections"]["When played"].startswith("Choose the colour. Give all your yellow cards")


def test_explain_an_edition_file(tmp_path):
    run("new", "mine", "--dir", str(tmp_path))
    result = run("explain", str(tmp_path / "mine.yaml"), "Everyone Draws")
    assert result.exit_code == 0
    assert "Every other player draws 1 card." in result.stdout


def test_explain_unknown_card():
    result = run("explain", "classic", "wild draw 5")
    no_traceback(result)
    assert result.exit_code == 1
    assert result.stderr == "error: Classic UNO has no card 'wild draw 5' (did you mean 'Wild Draw Four'?)\n"


def test_explain_unknown_edition():
    result = run("explain", "no-such-edition", "wild")
    no_traceback(result)
    assert result.exit_code == 1


@pytest.mark.parametrize("args", [["explain", "classic"], ["explain"], ["cards"], ["explain", "classic", "wild", "--nope"]])
def test_usage_errors(args):
    result = run(*args)
    no_traceback(result)
    assert result.exit_code == 2


def test_help_lists_the_commands():
    result = run("--help")
    for command in ("schema", "new", "cards", "explain"):
        assert f"  {command} " in result.stdout
