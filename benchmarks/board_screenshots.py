"""Screenshots of the full-screen table for docs/play.md: `unodsl play` in tmux, typed up to
a question, the screen captured as text (tmux capture-pane).

    PYTHONPATH=$PWD python benchmarks/board_screenshots.py [classic|flip ...]

Each game is a one-round match of a fixed seed against two greedy bots, typed with the
keys the person's greedy policy picks (tests/terminal/conftest.py: typed_script), so the
screenshots come out the same on every run; paste them into docs/play.md's "The full-screen
table". Needs tmux and prompt_toolkit.
"""
from __future__ import annotations

import subprocess
import sys
import tempfile
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.terminal.conftest import typed_script  # noqa: E402
from tests.terminal.test_board_tmux import BOARD, PLAYERS, _bare, _settled, next_screen  # noqa: E402
from tests.terminal.test_tmux import TMUX, Pane  # noqa: E402

# edition -> (seed, answers typed before the screenshot)
SHOTS = {"classic": (4, 5), "flip": (2, 5)}


def screenshot(edition: str, seed: int, answers: int) -> str:
    """The screen at the question after `answers` answers."""
    script = typed_script(edition, PLAYERS, seed, target=1)
    with tempfile.TemporaryDirectory() as folder:
        conf = Path(folder) / "tmux.conf"
        conf.write_text("set -g status off\n")
        pane = Pane(f"unodsl-shots-{uuid.uuid4().hex[:8]}", conf, Path(folder))
        try:
            pane.start([edition, "--players", PLAYERS, "--seed", str(seed), "--target", "1"], BOARD)
            text = _bare(pane.wait(lambda text: _settled(pane, text) and "Your hand" in text, "the board"))
            for line in script.lines[:answers]:
                pane.type(line)
                text = _bare(next_screen(pane, text, f"the question after {line!r}"))
            return text
        finally:
            subprocess.run([TMUX, "-L", pane.socket, "kill-server"], capture_output=True)


def main(editions: list[str]) -> None:
    for edition in editions or list(SHOTS):
        seed, answers = SHOTS[edition]
        print(f"$ unodsl play {edition} --players {PLAYERS} --seed {seed} --target 1")
        print(screenshot(edition, seed, answers))
        print()


if __name__ == "__main__":
    main(sys.argv[1:])
