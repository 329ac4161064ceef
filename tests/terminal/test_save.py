"""--save and `unodsl resume`: quitting mid-round and resuming is the same match.

A save holds the edition, rules, seats, seed and the people's answers; resume
rebuilds the match and feeds the answers back. The file is rewritten after
every answer, atomically.
"""
from __future__ import annotations

import io
import json
import os
import shutil

import pytest

import unodsl
from unodsl.terminal import save as saves
from unodsl.terminal.save import PlaySettings
from unodsl.terminal.console import Console
from unodsl.terminal.session import Session, play

from .conftest import flat, run_play, setup_file, typed_script

ARGS = ["classic", "--players", "you,greedy,random", "--seed", "9", "--target", "100"]


def answer_lines(out: str) -> list[int]:
    """Indexes of the lines where an answer was typed."""
    return [i for i, line in enumerate(out.splitlines()) if line.startswith("> ")]


def table_before(out: str, answer: int) -> list[str]:
    """The table and hand shown before the `answer`-th answer (0-based)."""
    lines = out.splitlines()
    end = answer_lines(out)[answer]
    start = max(i for i in range(end) if lines[i].startswith("=== Classic UNO - round"))
    return lines[start:end]


@pytest.fixture(scope="module")
def script():
    return typed_script(*ARGS[:1], "you,greedy,random", 9, target=100)


def test_quit_mid_round_and_resume_is_the_same_match(script, tmp_path):
    whole = tmp_path / "whole.json"
    uninterrupted = run_play("play", *ARGS, "--save", str(whole), lines=script.lines)
    assert uninterrupted.exit_code == 0

    # Quit before an answer in the middle of the first round that is a turn.
    stop = next(i for i, kind in enumerate(script.kinds) if kind == "turn" and i >= 5)
    assert script.match.results[0].turns > stop  # still round 1
    part = tmp_path / "part.json"
    first = run_play("play", *ARGS, "--save", str(part), lines=[*script.lines[:stop], "quit"])
    assert first.exit_code == 0
    assert f"The match is saved in {part}: `unodsl resume {part}` continues it." in flat(first.stdout)
    saved = json.loads(part.read_text())
    assert len(saved["answers"]) == stop and saved["finished"] is False

    resumed = run_play("resume", str(part), lines=script.lines[stop:])
    assert resumed.exit_code == 0
    assert f"Resumed from {part}: {stop} answers replayed, round 1." in flat(resumed.stdout)
    assert json.loads(part.read_text()) == {**json.loads(whole.read_text())}
    # The same table, hand and choices as at that point of the uninterrupted match...
    assert table_before(resumed.stdout, 0) == table_before(uninterrupted.stdout, stop)
    # ... and the same ending.
    tail = uninterrupted.stdout[uninterrupted.stdout.index("=== Round 1 over"):]
    assert tail in resumed.stdout


def test_the_save_is_rewritten_after_every_answer(script, tmp_path, monkeypatch):
    path = tmp_path / "match.json"
    writes = []
    real = saves.write

    def spy(*args, **kwargs):
        real(*args, **kwargs)
        writes.append(len(json.loads(path.read_text())["answers"]))

    monkeypatch.setattr(saves, "write", spy)
    settings = PlaySettings(edition="classic", players="you,greedy,random", seed=9, target=100,
                            save=str(path))
    status = play(settings, io.StringIO("".join(f"{line}\n" for line in script.lines[:6])), io.StringIO())
    assert status == 1  # the input ended
    assert writes[0] == 0  # written before the first answer
    assert sorted(set(writes)) == list(range(0, 7))  # then after each one


def test_a_failed_write_keeps_the_last_save(tmp_path, monkeypatch):
    path = tmp_path / "match.json"
    settings = PlaySettings(edition="classic", players="you,greedy", seed=1, save=str(path))
    head = saves.header(settings, 1)
    saves.write(str(path), head, [], False)
    before = path.read_text()

    def broken(src, dst):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", broken)
    with pytest.raises(OSError):
        saves.write(str(path), head, [unodsl.DRAW], False)
    assert path.read_text() == before
    assert [p.name for p in tmp_path.iterdir()] == ["match.json"]  # no temporary file left


def test_resume_from_another_folder_with_rule_and_edition_files(tmp_path, monkeypatch):
    work = tmp_path / "work"
    work.mkdir()
    shutil.copy(unodsl.resources.edition_path("veto"), work / "my-veto.yaml")
    (work / "joke.yaml").write_text(
        (unodsl.resources.data_dir("editions") / "house-rules" / "08-tell-a-joke.yaml").read_text())
    monkeypatch.chdir(work)
    result = run_play("play", "my-veto.yaml", "--players", "you,greedy", "--seed", "1", "--rule",
                      "@joke.yaml", "--setup", setup_file("veto_written"), "--save", "m.json",
                      lines=["quit"])
    assert result.exit_code == 0
    saved = json.loads((work / "m.json").read_text())
    assert saved["edition"] == "my-veto.yaml"  # relative to the save, so they move together
    assert saved["rules"] == ["@joke.yaml"]
    monkeypatch.chdir(tmp_path)
    resumed = run_play("resume", "work/m.json", lines=["n"])
    assert "Did you laugh at the joke?" in resumed.stdout
    assert "Bot 2 draws 4 cards." in resumed.stdout


def test_resume_a_finished_match_shows_the_end(script, tmp_path):
    path = tmp_path / "match.json"
    run_play("play", *ARGS, "--save", str(path), lines=script.lines)
    before = path.read_text()
    result = run_play("resume", str(path))
    assert result.exit_code == 0
    assert "Match over:" in result.stdout
    assert "> " not in result.stdout
    assert path.read_text() == before  # nothing to add: the file is not touched


# ---- Ctrl-C ------------------------------------------------------------------------------

class Keys(io.StringIO):
    """Standard input where the line "^C" is Ctrl-C."""

    def readline(self, *args):
        line = super().readline(*args)
        if line == "^C\n":
            raise KeyboardInterrupt
        return line


def session(lines: list[str], tmp_path, seed=1) -> tuple[Session, io.StringIO]:
    out = io.StringIO()
    settings = PlaySettings(edition="classic", players="you,greedy", seed=seed,
                            save=str(tmp_path / "match.json"))
    return Session(settings, Console(Keys("".join(f"{line}\n" for line in lines)), out, False)), out


def test_ctrl_c_asks_and_no_goes_on(tmp_path):
    game, out = session(["^C", "n", "quit"], tmp_path)
    assert game.run() == 0
    assert "Quit the match? (y/n) > n" in out.getvalue()
    assert out.getvalue().count("> ") >= 3  # asked again after the no


def test_ctrl_c_and_yes_quits_and_keeps_the_match(tmp_path):
    game, out = session(["d", "^C", "y"], tmp_path)
    assert game.run() == 0
    assert "You quit the match. The match is saved in" in flat(out.getvalue())
    assert json.loads((tmp_path / "match.json").read_text())["answers"] == [{"marker": "DRAW"}]


def test_ctrl_c_twice_stops(tmp_path):
    game, out = session(["^C", "^C"], tmp_path)
    assert game.run() == 130
    assert "Stopped. The match is saved in" in flat(out.getvalue())


def test_ctrl_c_while_the_bots_move_stops_and_keeps_the_match(tmp_path, monkeypatch):
    game, out = session(["d"], tmp_path)

    def interrupted(option):
        game.match.answers.append(option)
        raise KeyboardInterrupt

    monkeypatch.setattr(game.match, "answer", interrupted)
    assert game.run() == 130
    assert "Interrupted. The match is saved in" in flat(out.getvalue())
    assert json.loads((tmp_path / "match.json").read_text())["answers"] == [{"marker": "DRAW"}]


def test_a_save_that_cannot_be_written_is_one_message(tmp_path):
    result = run_play("play", "classic", "--save", str(tmp_path / "no" / "such" / "m.json"),
                      lines=["quit"])
    assert result.exit_code == 1
    assert result.stdout == ""
    assert "error: cannot write the save" in result.stderr


def test_settings_given_with_set_are_kept_in_the_save_and_resumed(tmp_path):
    path = tmp_path / "five.json"
    first = run_play("play", "classic", "--players", "you,greedy", "--seed", "3", "--set", "hand_size=5",
                     "--save", str(path), lines=["quit"])
    assert first.exit_code == 0 and "Your hand (5 cards):" in first.stdout
    assert json.loads(path.read_text())["settings"] == {"hand_size": 5}
    resumed = run_play("resume", str(path), lines=["quit"])
    assert resumed.exit_code == 0 and "Your hand (5 cards):" in resumed.stdout


def test_a_save_of_version_2_replays_its_draws_untyped(tmp_path):
    """Version 2 saves were written when a draw with nothing to play was no question:
    their answers hold none, and they still replay, and go on in version 2."""
    old = typed_script(*ARGS[:1], "you,greedy,random", 9, target=100, limit=12, ask_draws=False)
    new = typed_script(*ARGS[:1], "you,greedy,random", 9, target=100, limit=12)
    assert old.answers != new.answers  # (the person had a turn with nothing to play)
    path = tmp_path / "old.json"
    settings = PlaySettings(edition="classic", players="you,greedy,random", seed="9", target=100,
                            save=str(path), ask_draws=False)
    saves.write(str(path), saves.header(settings, "9"), old.answers, False)
    assert json.loads(path.read_text())["version"] == 2
    result = run_play("resume", str(path), lines=["quit"])
    assert result.exit_code == 0, result.stderr
    assert "Resumed from" in result.stdout and "Traceback" not in result.stdout
    assert json.loads(path.read_text())["version"] == 2
