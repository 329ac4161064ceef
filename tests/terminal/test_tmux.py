"""End to end: `unodsl play` in a real terminal (tmux), a whole round against bots.

The test types into a tmux pane with send-keys, as a person would, waiting for
each prompt, and reads the screen with capture-pane. It installs nothing: it
is skipped when tmux is missing, except under CI (CI=true), where it fails
(.ci/run installs tmux when a test mentions it).
"""
from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

import unodsl

from .conftest import typed_script

TMUX = shutil.which("tmux")
PROMPT = re.compile(r"^> ?", re.MULTILINE)


@pytest.fixture
def tmux(tmp_path):
    if TMUX is None:
        if os.environ.get("CI", "").lower() in ("true", "1", "yes"):
            pytest.fail("tmux is needed for the end-to-end test of `unodsl play` under CI")
        pytest.skip("tmux is not installed")
    socket = f"unodsl-test-{os.getpid()}-{uuid.uuid4().hex[:8]}"
    conf = tmp_path / "tmux.conf"
    conf.write_text("set -g history-limit 100000\nset -g status off\n")
    pane = Pane(socket, conf, tmp_path)
    yield pane
    subprocess.run([TMUX, "-L", socket, "kill-server"], capture_output=True)
    if pane.socket_path:  # tmux leaves the socket file behind
        Path(pane.socket_path).unlink(missing_ok=True)


class Pane:
    def __init__(self, socket: str, conf: Path, folder: Path):
        self.socket, self.conf, self.folder = socket, conf, folder
        self.socket_path = ""

    def tmux(self, *args: str) -> str:
        done = subprocess.run([TMUX, "-L", self.socket, "-f", str(self.conf), *args],
                              capture_output=True, text=True, timeout=10)
        assert done.returncode == 0, done.stderr
        return done.stdout

    def start(self, args: list[str], env: dict) -> None:
        root = Path(unodsl.__file__).resolve().parent.parent
        assignments = {"PYTHONPATH": str(root), "TERM": "xterm-256color", "COLUMNS": "80",
                       "LINES": "24", "UNODSL_PLAIN": "1", **env}  # (the line mode: test_board_tmux.py drives the full screen)
        command = (f"cd {shlex.quote(str(self.folder))} && env -u NO_COLOR "
                   + " ".join(f"{k}={shlex.quote(v)}" for k, v in assignments.items())
                   + f" {shlex.quote(sys.executable)} -m unodsl play "
                   + " ".join(shlex.quote(a) for a in args)
                   + '; echo "[exit $?]"; sleep 600')
        self.tmux("new-session", "-d", "-s", "play", "-x", "80", "-y", "24", command)
        self.socket_path = self.tmux("display-message", "-p", "#{socket_path}").strip()

    def screen(self, history: bool = True, escapes: bool = False) -> str:
        args = ["capture-pane", "-p", "-t", "play", "-J"]
        args += ["-S", "-"] if history else []
        args += ["-e"] if escapes else []
        return self.tmux(*args)

    def wait(self, predicate, what: str, timeout: float = 15.0) -> str:
        end = time.monotonic() + timeout
        while True:
            text = self.screen()
            if predicate(text):
                return text
            if time.monotonic() > end:
                raise AssertionError(f"waited for {what}; the screen:\n{text[-3000:]}")
            time.sleep(0.02)

    def type(self, line: str) -> None:
        if line:
            self.tmux("send-keys", "-t", "play", "-l", line)
        self.tmux("send-keys", "-t", "play", "Enter")


def test_a_whole_round_in_a_real_terminal(tmux):
    script = typed_script("classic", "you,greedy,greedy", 7, target=1)  # one round ends it
    assert script.match.finished and len(script.match.results) == 1
    tmux.start(["classic", "--players", "you,greedy,greedy", "--seed", "7", "--target", "1"], {})
    for number, line in enumerate(script.lines, 1):
        tmux.wait(lambda text: len(PROMPT.findall(text)) >= number, f"prompt {number}")
        tmux.type(line)
    text = tmux.wait(lambda text: "[exit " in text, "the end of the match")
    assert "[exit 0]" in text
    assert "=== Round 1 over:" in text and "Match over:" in text
    assert "Your turn: play" in text and "Your hand (7 cards):" in text
    assert "Not allowed" not in text and "not one of the choices" not in text
    assert all(len(line) <= 80 for line in text.splitlines())  # -J: wrapped lines joined
    last = tmux.screen(history=False)
    winner = ["You", "Bot 2", "Bot 3"][script.match.winner]
    assert f"Match over: {winner} wins" in last
    assert "\x1b[" in tmux.screen(escapes=True)  # a terminal: colours are on


def test_ctrl_c_and_no_color_in_a_real_terminal(tmux):
    tmux.start(["classic", "--seed", "1", "--save", "match.json"], {"NO_COLOR": "1"})
    tmux.wait(lambda text: PROMPT.search(text), "the first prompt")
    tmux.tmux("send-keys", "-t", "play", "C-c")
    tmux.wait(lambda text: "Quit the match? (y/n) >" in text, "the question after Ctrl-C")
    tmux.type("n")
    tmux.wait(lambda text: len(PROMPT.findall(text.split("Quit the match?")[-1])) >= 1, "the prompt again")
    tmux.tmux("send-keys", "-t", "play", "C-c")
    tmux.wait(lambda text: text.count("Quit the match? (y/n) >") == 2, "the question again")
    tmux.type("y")
    text = tmux.wait(lambda text: "[exit " in text, "the end")
    assert "[exit 0]" in text and "You quit the match. The match is saved in match.json" in text
    assert (tmux.folder / "match.json").exists()
    assert "\x1b[" not in tmux.screen(escapes=True)  # NO_COLOR: not even at a terminal


def test_a_turn_with_nothing_to_play_waits_for_the_key(tmux):
    setup = Path(__file__).parent / "setups" / "classic_nothing.yaml"
    tmux.start(["classic", "--setup", str(setup), "--players", "you,greedy", "--seed", "1", "--pace", "0.05"], {})
    tmux.wait(lambda text: "nothing in your hand can be played now: d to draw" in text, "the question")
    time.sleep(0.5)  # (no turn of the person's passes without a key)
    assert "Bot 2 plays" not in tmux.screen()
    tmux.type("log")
    tmux.wait(lambda text: "d to draw" in text.split("> log")[-1], "the question asked again after log")
    assert "d to draw" in tmux.screen(history=False).split("> log")[-1]  # on the screen, not scrolled away
    tmux.type("d")
    text = tmux.wait(lambda text: "Bot 2 plays green 5." in text, "the bot's move after the draw")
    assert text.index("You draw yellow 9.") < text.index("Bot 2 plays green 5.")
