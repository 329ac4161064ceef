"""`unodsl play`: whole matches typed at the terminal, the screen, and the options.

A match typed at the terminal is the match the API plays with the same seed
and answers: `typed_script` (conftest.py) plays it through the API with a
greedy policy for the people, and writes down the keys they would type.

Golden transcript: tests/terminal/golden/classic_seed_7.txt is what a whole
match prints. After a deliberate change of wording, rewrite it with
`UNODSL_UPDATE_GOLDEN=1 python -m pytest tests/terminal`.
"""
from __future__ import annotations

import json
import re

import pytest

from unodsl.terminal.save import encode
from unodsl.words import Words, words_for

from .conftest import GOLDEN, flat, run_play, typed_script, update_golden


def fixed(words, key: str, **fields) -> str:
    """The longest part of a phrase that does not change (its placeholders left out)."""
    parts = words.say(key, **{"round": "\0", "winner": "\0", "reason": "\0", "typed": "\0", "keys": "\0",
                              **fields}).split("\0")
    return max(parts, key=len)


def saved_answers(path) -> list:
    return json.loads(path.read_text(encoding="utf-8"))["answers"]


@pytest.mark.parametrize("edition, players, seed, target, rules", [
    ("classic", "you,greedy,greedy", 7, 150, []),
    ("veto", "you,greedy,random", 3, 100, []),
    ("veto", "you,greedy", 11, 60, ["@08-tell-a-joke"]),
    ("harry-potter-fr", "you,greedy,greedy,greedy", 5, 100, []),
    ("harry-potter", "you,random,greedy", 2, 100, []),
    ("harry-potter-sorting-hat", "you,greedy", 4, 100, []),
    ("green-lantern", "you,random,greedy", 5, 100, []),
    ("classic", "you,random,greedy", 3, 100, ["@jump-in"]),
    ("classic", "you,random,random", 4, 100, ["@uno-any-time", "@jump-in"]),
    ("classic", "you,mcts:iterations=10,mcts:iterations=10:depth=4", 5, 60, []),  # (a person against mcts)
])
def test_a_whole_match_typed_is_the_match_the_api_plays(edition, players, seed, target, rules, tmp_path):
    script = typed_script(edition, players, seed, rules=rules, target=target)
    save = tmp_path / "match.json"
    extra = [arg for rule in rules for arg in ("--rule", rule)]
    result = run_play("play", edition, "--players", players, "--seed", str(seed), "--target",
                      str(target), "--save", str(save), *extra, lines=script.lines)
    assert result.exit_code == 0, result.stdout[-2000:]
    assert saved_answers(save) == [encode(a) for a in script.answers]
    assert json.loads(save.read_text())["finished"] is True
    match = script.match
    out = result.stdout
    words = words_for(match.edition)  # (the edition's language: harry-potter-fr's is French)
    winner = [words.say("session.you"), *[f"Bot {i}" for i in range(2, 11)]][match.winner]
    assert words.say("render.match_over", winner=winner, score=match.scores[match.winner]) in out
    for number in range(1, len(match.results) + 1):
        assert "=== " + fixed(words, "render.round_over", round=number) in out
    assert out.count(fixed(words, "session.next_round")) == len(match.results) - 1
    assert out.count("\n> ") >= len(script.answers)
    assert fixed(words, "session.not_allowed") not in out and fixed(words, "prompt.refuse.unknown") not in out
    assert all(len(line) <= 80 for line in out.splitlines())
    assert "\x1b" not in out


def test_the_decision_kinds_of_whole_matches():
    """Whole matches put the common decisions to the person; test_decisions.py does the rest."""
    kinds = set(typed_script("green-lantern", "you,random,greedy", 5, target=100).kinds)
    assert {"turn", "play_drawn", "colour", "call_uno", "catch", "challenge", "give"} <= kinds


def test_out_of_turn_windows_are_put_to_the_person_between_turns():
    """Jump-In and UNO at any time ask the person at the keyboard too (docs/play.md)."""
    kinds = set(typed_script("classic", "you,random,random", 4, rules=["@uno-any-time", "@jump-in"],
                             target=100).kinds)
    assert {"jump_in", "uno_call"} <= kinds


def test_hot_seat_with_out_of_turn_windows():
    """Out-of-turn questions hand the keyboard over like any other: the typed match replays."""
    rules = ["@jump-in", "@uno-any-time"]
    script = typed_script("classic", "alice,bob,random", 4, rules=rules, target=60)
    assert {"jump_in", "uno_call"} & set(script.kinds)
    result = run_play("play", "classic", "--players", "alice,bob,random", "--seed", "4", "--target", "60",
                      *[arg for rule in rules for arg in ("--rule", rule)], lines=script.lines)
    assert result.exit_code == 0, result.stdout[-2000:]
    assert "Match over:" in result.stdout
    assert "Not allowed" not in result.stdout and "not one of the choices" not in result.stdout


def test_golden_transcript(tmp_path):
    """A whole match, every line of it, against a file checked in."""
    script = typed_script("classic", "you,greedy,greedy", 7, target=150)
    lines = list(script.lines)
    lines[0:0] = ["why 1", "?", "zz"]  # some help and a mistake before the first answer
    result = run_play("play", "classic", "--players", "you,greedy,greedy", "--seed", "7",
                      "--target", "150", "--no-color", lines=lines)
    golden = GOLDEN / "classic_seed_7.txt"
    if update_golden():
        golden.write_text(result.stdout, encoding="utf-8")
    assert result.stdout == golden.read_text(encoding="utf-8")


FRENCH_HELP = ["why 1", "why 2", "why 3", "why 4", "why 5", "why 6", "why 7", "why 99", "? 1", "? 7", "? 99",
               "?", "zz", "", "99", "uno", "table", "log"]


def french_transcript():
    """A whole French match (harry-potter-fr, seed 17: every decision its cards bring, four
    rounds), with help and mistakes before the first answer."""
    script = typed_script("harry-potter-fr", "you,greedy,greedy", 17, target=200)
    assert {"turn", "play_drawn", "colour", "call_uno", "challenge", "player", "react"} <= set(script.kinds)
    result = run_play("play", "harry-potter-fr", "--players", "you,greedy,greedy", "--seed", "17",
                      "--target", "200", "--no-color", lines=[*FRENCH_HELP, *script.lines])
    assert result.exit_code == 0
    return result.stdout


def test_golden_transcript_in_french():
    """harry-potter-fr plays in French throughout (issue 27, item 4): every line of it."""
    out = french_transcript()
    golden = GOLDEN / "harry_potter_fr_seed_17.txt"
    if update_golden():
        golden.write_text(out, encoding="utf-8")
    assert out == golden.read_text(encoding="utf-8")


def test_the_french_transcript_has_no_english_phrase_of_the_table():
    out = flat(french_transcript())
    english, french = Words("en"), Words("fr")
    left = [(key, piece) for key in english.phrases if english.phrases[key] != french.phrases[key]
            for piece in english_pieces(english.phrases[key]) if piece in out]
    assert left == []
    for name in ("Howler", "Invisibility", "Draw", "Skip", "Reverse", "Wild", "Number"):  # (the cards' names)
        assert name not in out


def english_pieces(phrase) -> list[str]:
    """The words of a phrase between its placeholders, those long enough to be English only."""
    texts = [phrase] if isinstance(phrase, str) else list(phrase.values())
    pieces = [flat(piece) for text in texts for piece in re.split(r"\{\w+\}", text)]
    return [piece for piece in pieces if len(piece) >= 8 and " " in piece]


def test_hot_seat_hands_over_before_each_person_decides():
    script = typed_script("classic", "alice,bob,greedy", 2, target=60)
    result = run_play("play", "classic", "--players", "alice,bob,greedy", "--seed", "2",
                      "--target", "60", lines=script.lines)
    assert result.exit_code == 0
    out = result.stdout
    handovers = out.count("=== Pass the keyboard to ")
    assert handovers == script.lines.count("") - (out.count("Press Enter to deal round"))
    # Each hand is shown only after its owner took the keyboard.
    for block in out.split("=== Pass the keyboard to ")[1:]:
        name = block.split(" ", 1)[0]
        other = "Bob" if name == "Alice" else "Alice"
        assert f"{name} (you)" in block or "Your hand" not in block
        assert f"{other} (you)" not in block


def test_bots_only_the_match_is_told_to_the_end():
    result = run_play("play", "classic", "--players", "greedy,random", "--seed", "4", "--target", "50")
    assert result.exit_code == 0
    assert "Match over:" in result.stdout
    assert "> " not in result.stdout  # nobody is asked anything


def test_seats_are_named_and_bots_named(tmp_path):
    script = typed_script("classic", "Ann,hal:greedy,random", 1, target=20, limit=1)
    result = run_play("play", "classic", "--players", "Ann,hal:greedy,random", "--seed", "1",
                      "--target", "20", lines=script.lines[:1])
    assert "Seats in playing order: Ann (at the keyboard), Hal (greedy), Bot 3 (random)." in flat(result.stdout)


@pytest.mark.parametrize("args, message", [
    (["--players", "you,gredy"], "'gredy' is not a bot; did you mean 'greedy'?"),
    (["--players", "you,,greedy"], "give one name per seat"),
    (["--players", "you,x:robot"], "'robot' is neither a bot (random, greedy, mcts) nor 'human'"),
    (["--players", "you,You"], "two seats are called You"),
    (["--players", "you"], "is for 2 to 10 players, not 1"),
    (["--players", "averyveryverylongname,greedy"], "too long"),
    (["--birthday", "07-31"], "1 birthdays given for 4 players"),
    (["--players", "you,greedy", "--birthday", "07-31,13-45"], "birthday '13-45' is not MM-DD"),
    (["--rule", "next draws"], "--rule 1:1:11: error:"),
])
def test_mistakes_in_the_options_are_one_message(args, message):
    edition = "harry-potter-fr" if "--birthday" in args else "classic"
    result = run_play("play", edition, *args)
    assert result.exit_code == 1
    assert message in result.stderr
    assert result.stdout == ""


def test_a_bad_setup_file_is_one_message(tmp_path):
    bad = tmp_path / "setup.yaml"
    bad.write_text("hands: [[red 4], [purple 12]]\n")
    result = run_play("play", "classic", "--players", "you,greedy", "--setup", str(bad))
    assert result.exit_code == 1
    assert "no card 'purple 12' left in the Classic UNO deck" in result.stderr
    bad.write_text("hands: [[red 4], [red 5]]\nsize: 3\n")
    result = run_play("play", "classic", "--players", "you,greedy", "--setup", str(bad))
    assert "unknown setup field 'size'" in result.stderr


def test_quit_ends_cleanly():
    result = run_play("play", "classic", "--seed", "1", lines=["quit"])
    assert result.exit_code == 0
    assert "You quit the match. The match was not saved" in flat(result.stdout)


def test_end_of_input_ends_cleanly():
    result = run_play("play", "classic", "--seed", "1", lines=[])
    assert result.exit_code == 1
    assert result.stdout.rstrip().endswith("a match to resume).")
    assert "End of input: the match stops here." in result.stdout


def test_the_help_lists_the_options():
    result = run_play("play", "--help")
    assert result.exit_code == 0
    for option in ("--players", "--rule", "--seed", "--target", "--save", "--no-color", "--pace",
                   "--birthday", "--setup"):
        assert option in result.stdout


def test_docs_and_readme_tell_every_option():
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    doc = (root / "docs" / "play.md").read_text(encoding="utf-8")
    for option in ("--players", "--rule", "--seed", "--target", "--save", "--no-color", "--pace",
                   "--birthday", "--setup", "unodsl resume FILE", "NO_COLOR"):
        assert option in doc
    readme = (root / "README.md").read_text(encoding="utf-8")
    assert "unodsl play classic --players you,greedy,greedy,greedy\n```" in readme
