"""What one rule of an edition costs: its CPU time per turn with the rule and without it.

    python benchmarks/ablate.py [--chunks 15] [--turns 15000]

Settings as in editions.py: 4 players, random agents, one process, recording off, whole
matches from seed 0 on. Each edition below is played as shipped and with one of its
rules taken out of its file (a text replacement, then `unodsl.load_edition_text`), beside
classic: chunks of about --turns turns each, taken in turn, --chunks times; a figure is
the median over the chunks of the ratio to classic's chunk played beside it. A rule taken
out changes the games (a VETO never used makes no one skip a turn), so the difference
says what the rule costs with what it brings about, which is what a player of the
edition pays for it.
"""
from __future__ import annotations

import argparse
import re
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

import unodsl  # noqa: E402
from unodsl.resources import data_dir  # noqa: E402


def _text(name: str) -> str:
    return (data_dir("editions") / f"{name}.yaml").read_text(encoding="utf-8")


def _between(text: str, start: str, end: str) -> str:
    return text[text.index(start):text.index(end)]


def without(name: str, replacements: list[tuple[str, str]], total: int | None = None):
    """Edition `name` with each (old, new) replacement made once in its file (and its `total:`)."""
    text = _text(name)
    for old, new in replacements:
        if old not in text:
            raise SystemExit(f"{name}.yaml no longer holds {old!r}: update benchmarks/ablate.py")
        text = text.replace(old, new, 1)
    if total is not None:
        text = re.sub(r"\ntotal: \d+", f"\ntotal: {total}", text)
    return unodsl.load_edition_text(text, f"{name}-without.yaml")


def variants() -> dict:
    """Label -> edition: each edition over the target as shipped, then without one of its rules."""
    attack_rules = _between(_text("attack"), "\nrules:\n", "\nkinds:\n")
    stacking = _between(_text("no-mercy"), "  - name: Stacking\n", "  - name: Mercy\n")
    return {
        "classic": unodsl.load_edition("classic"),
        "veto": unodsl.load_edition("veto"),
        "veto, rules never written on its blank cards": without("veto", [("    blank: true\n", "")]),
        "veto, the VETO card (no table card)": without("veto", [
            ("\ntable: [veto]\n", "\n"),
            ("    deck: {count: 1}\n    points: 0", "    deck: {count: 0}\n    points: 0")],
            total=111),
        "classic-2018": unodsl.load_edition("classic-2018"),
        "classic-2018, rules never written on its blank cards": without(
            "classic-2018", [("    blank: true\n", ""), ("      apply written rule\n", "")]),
        "classic-2018, Wild Shuffle Hands": without("classic-2018", [("    deck: {count: 1}", "    deck: {count: 0}")],
                                                    total=111),
        "attack": unodsl.load_edition("attack"),
        "attack, the launcher (plain draws)": without("attack", [(attack_rules, "\n")]),
        "no-mercy": unodsl.load_edition("no-mercy"),
        "no-mercy, stacking": without("no-mercy", [(stacking, "")]),
    }


class Player:
    """Plays whole matches of one edition, chunk by chunk, from seed 0 on."""

    def __init__(self, edition):
        self.edition, self.seed = edition, 0

    def per_turn(self, turns: int) -> float:
        played, start = 0, time.process_time()
        while played < turns:
            result = unodsl.Match(self.edition, players=4, agents="random", seed=self.seed, record=False).play()
            played += sum(r.turns for r in result.rounds)
            self.seed += 1
        return (time.process_time() - start) / played


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--chunks", type=int, default=15)
    parser.add_argument("--turns", type=int, default=15_000)
    args = parser.parse_args()
    players = {label: Player(edition) for label, edition in variants().items()}
    times: dict[str, list[float]] = {label: [] for label in players}
    for _ in range(args.chunks):
        for label, player in players.items():
            times[label].append(player.per_turn(args.turns))
    print("| edition, without | CPU µs/turn | × classic per turn |")
    print("|---|---:|---:|")
    for label, mine in times.items():
        ratio = statistics.median(a / b for a, b in zip(mine, times["classic"]))
        print(f"| {label} | {statistics.median(mine) * 1e6:.2f} | {ratio:.2f} |")


if __name__ == "__main__":
    main()
