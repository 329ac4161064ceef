"""unodsl against RLCard's UNO and a tuned hand-written loop, in one run.

    python benchmarks/compare.py [--rounds 20000] [--chunk 100] [--readme]

Settings: classic, 4 players, random agents, one process, recording off.
- unodsl: editions/classic.yaml through the engine, RandomAgent on every seat;
- handwritten: benchmarks/handwritten.py, the same rules and random policy
  written out by hand (the floor of pure-Python cost);
- RLCard: rlcard==1.2.0's UNO game object with random legal actions, run in
  its own virtual environment (benchmarks/.venv-rlcard, made on first use).

Each contestant plays about --rounds rounds, in chunks of about --chunk
rounds taken in turn (RLCard's in a child process that stays up), so that the
ups and downs of a shared machine fall on all three alike; a contestant's
speed is its rounds over its total time. The chunk-by-chunk ratio of unodsl's
time per round to the loop's is given too (median and middle half), to show
how steady the figure is. `--readme` writes the table into README.md between
its markers.
"""
from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
import tracemalloc
import venv
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

import handwritten  # noqa: E402

import unodsl  # noqa: E402

RLCARD = "rlcard==1.2.0"
RLCARD_ENV = HERE / ".venv-rlcard"
PLAYERS = 4
TARGETS = {"rlcard": 4.0, "handwritten": 1.5}  # unodsl >= 4x RLCard's speed; <= 1.5x the loop's time


class Contestant:
    """Plays rounds in chunks and keeps the totals: time, rounds, turns."""

    def __init__(self, name: str):
        self.name = name
        self.seconds = 0.0
        self.rounds = self.turns = 0
        self.per_chunk: list[float] = []  # µs per round, chunk by chunk

    def chunk(self, rounds: int) -> None:
        seconds, played, turns = self.play(rounds)
        self.seconds += seconds
        self.rounds += played
        self.turns += turns
        self.per_chunk.append(seconds / played * 1e6)

    def play(self, rounds: int) -> tuple[float, int, int]:
        raise NotImplementedError

    def figures(self) -> dict:
        return {"rounds_per_second": self.rounds / self.seconds, "turns_per_round": self.turns / self.rounds}


class Unodsl(Contestant):
    """editions/classic.yaml through the engine: whole matches, seeds 0, 1, 2, ..."""

    def __init__(self, edition):
        super().__init__("unodsl")
        self.edition, self.seed = edition, 0

    def play(self, rounds: int) -> tuple[float, int, int]:
        played = turns = 0
        start = time.perf_counter()
        while played < rounds:
            result = unodsl.Match(self.edition, players=PLAYERS, agents="random", seed=self.seed,
                                  record=False).play()
            played += len(result.rounds)
            turns += sum(r.turns for r in result.rounds)
            self.seed += 1
        return time.perf_counter() - start, played, turns


class Handwritten(Contestant):
    """benchmarks/handwritten.py: whole matches, seeds 0, 1, 2, ..."""

    def __init__(self):
        super().__init__("handwritten")
        self.seed = 0

    def play(self, rounds: int) -> tuple[float, int, int]:
        played = turns = 0
        start = time.perf_counter()
        while played < rounds:
            _winner, match_rounds, match_turns = handwritten.play_match(PLAYERS, self.seed)
            played += match_rounds
            turns += match_turns
            self.seed += 1
        return time.perf_counter() - start, played, turns


class RLCard(Contestant):
    """RLCard's game in its own environment, served chunk by chunk by rlcard_uno.py."""

    def __init__(self):
        super().__init__("rlcard")
        self.server = subprocess.Popen([str(_rlcard_python()), str(HERE / "rlcard_uno.py"), str(PLAYERS), "1"],
                                       stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def play(self, rounds: int) -> tuple[float, int, int]:
        self.server.stdin.write(f"{rounds}\n")
        self.server.stdin.flush()
        data = json.loads(self.server.stdout.readline())
        return data["seconds"], data["rounds"], data["turns"]

    def close(self) -> None:
        self.server.stdin.close()
        self.server.wait()


def _rlcard_python() -> Path:
    python = RLCARD_ENV / "bin" / "python"
    if not python.exists():
        print(f"making {RLCARD_ENV} with {RLCARD} (once)...", file=sys.stderr)
        venv.create(RLCARD_ENV, with_pip=True)
        subprocess.run([str(python), "-m", "pip", "install", "--quiet", RLCARD], check=True)
    return python


def round_memory(edition) -> int:
    """Peak bytes allocated while one round is in flight (recording off)."""
    match = unodsl.Match(edition, players=PLAYERS, agents="random", seed="memory", record=False, max_rounds=1)
    del match
    tracemalloc.start()
    unodsl.Match(edition, players=PLAYERS, agents="random", seed="memory", record=False, max_rounds=1)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak


def measure(rounds: int, chunk: int, with_rlcard: bool) -> dict:
    """Each contestant plays about `rounds` rounds, in chunks of `chunk` taken in
    turn: the machine's ups and downs fall on all of them alike."""
    edition = unodsl.load_edition("classic")
    contestants = [Unodsl(edition), Handwritten()] + ([RLCard()] if with_rlcard else [])
    for contestant in contestants:  # warm up: imports, caches, the child process
        contestant.play(chunk)
    cycle = 0
    while min(c.rounds for c in contestants) < rounds:
        order = contestants[cycle % len(contestants):] + contestants[:cycle % len(contestants)]
        for contestant in order:
            contestant.chunk(chunk)
        cycle += 1
    for contestant in contestants:
        if isinstance(contestant, RLCard):
            contestant.close()
    results = {c.name: {**c.figures(), "per_chunk": c.per_chunk} for c in contestants}
    results["unodsl"]["round_memory"] = round_memory(edition)
    return results


def _turn_ratio(best: dict) -> float:
    """unodsl's turns per round over RLCard's."""
    return best["unodsl"]["turns_per_round"] / best["rlcard"]["turns_per_round"]


def _middle_half(ours: list[float], theirs: list[float]) -> tuple[float, float, float]:
    """Quartiles of the chunk-by-chunk ratio of time per round (ours / theirs)."""
    first, median, third = statistics.quantiles([a / b for a, b in zip(ours, theirs)], n=4)
    return first, median, third


def table(best: dict, rounds: int, chunk: int) -> str:
    ours = best["unodsl"]["rounds_per_second"]
    rows = ["| engine | rounds/s | turns/round | µs/round | µs/turn | unodsl's speed relative |",
            "|---|---:|---:|---:|---:|---:|"]
    names = {"unodsl": "unodsl (classic.yaml)", "handwritten": "hand-written loop", "rlcard": "RLCard 1.2.0 UNO"}
    for name, figures in best.items():
        per_round = 1e6 / figures["rounds_per_second"]
        rows.append(f"| {names[name]} | {figures['rounds_per_second']:,.0f} | {figures['turns_per_round']:.1f} | "
                    f"{per_round:,.0f} | {per_round / figures['turns_per_round']:.2f} | "
                    f"{ours / figures['rounds_per_second']:.2f}× |")
    lines = rows + ["", f"Classic UNO, {PLAYERS} players, random agents, one process, recording off; "
                        f"about {rounds:,} rounds each, played in chunks of {chunk} taken in turn "
                        f"(`python benchmarks/compare.py --readme`)."]
    if "rlcard" in best:
        rlcard = best["rlcard"]["rounds_per_second"]
        lines.append(f"- unodsl / RLCard: {ours / rlcard:.2f}× the rounds per second "
                     f"(target ≥ {TARGETS['rlcard']:.0f}×); per turn, {ours / rlcard * _turn_ratio(best):.2f}×. "
                     f"The hand-written loop itself reaches "
                     f"{best['handwritten']['rounds_per_second'] / rlcard:.2f}× RLCard's rounds per second.")
    low, median, high = _middle_half(best["unodsl"]["per_chunk"], best["handwritten"]["per_chunk"])
    lines.append(f"- unodsl / hand-written: {best['handwritten']['rounds_per_second'] / ours:.2f}× the time per "
                 f"round (target ≤ {TARGETS['handwritten']}×); chunk by chunk, median {median:.2f}×, "
                 f"middle half {low:.2f}–{high:.2f}×.")
    lines.append(f"- A round in flight allocates at most {best['unodsl']['round_memory'] / 1024:,.0f} KiB "
                 f"(target ≤ 1,024 KiB).")
    return "\n".join(lines)


def write_readme(text: str) -> None:
    readme = HERE.parent / "README.md"
    content = readme.read_text(encoding="utf-8")
    start, end = "<!-- benchmark:start -->", "<!-- benchmark:end -->"
    if start not in content:
        raise SystemExit(f"README.md has no {start} ... {end} markers")
    head, rest = content.split(start, 1)
    _, tail = rest.split(end, 1)
    readme.write_text(f"{head}{start}\n{text}\n{end}{tail}", encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20000)
    parser.add_argument("--chunk", type=int, default=100, help="rounds per turn of each contestant")
    parser.add_argument("--no-rlcard", action="store_true", help="leave RLCard out (no virtual environment)")
    parser.add_argument("--readme", action="store_true", help="write the table into README.md")
    args = parser.parse_args()
    best = measure(args.rounds, args.chunk, not args.no_rlcard)
    text = table(best, args.rounds, args.chunk)
    print(text)
    if args.readme:
        write_readme(text)


if __name__ == "__main__":
    main()
