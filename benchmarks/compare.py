"""unodsl against the floor (benchmarks/floor.py) and RLCard's UNO, by CPU time and instructions, in one run.

    python benchmarks/compare.py [--rounds 20000] [--chunk 500] [--no-rlcard] [--no-instructions] [--readme]

Settings: classic, 4 players, random agents, one process, recording off.
- unodsl: editions/classic.yaml through the engine, RandomAgent on every
  seat, whole matches with seeds 0, 1, 2, ...;
- the floor: benchmarks/floor.py, a tuned hand-written loop of classic's
  rules with the random agents' policy (the same turns per round:
  tests/simulation/test_benchmarks.py checks it), rounds from one seeded generator;
- RLCard: rlcard==1.2.0's UNO game object with the same policy where its
  rules allow (benchmarks/rlcard_uno.py says what they do not), run in its own
  virtual environment (benchmarks/.venv-rlcard, made on first use).

Each contestant plays about --rounds rounds, in chunks of about --chunk
rounds taken in turn (RLCard's in a child process that stays up and times
itself), each chunk timed by the CPU time of the process playing it: the
ups and downs of a shared machine fall on all of them alike. (A chunk of 500
rounds lasts about 50 ms. Much shorter ones measure caches more than play: the
chunk after RLCard's starts with what its process left in them, and unodsl,
which reads more objects than the floor, pays more to fill them again; at 100
rounds unodsl / floor read 1.21x with RLCard between them, 1.13x without.) A figure is a
contestant's total CPU time over its rounds (or turns); beside each ratio,
the ratio of chunks played one after the other gives its spread (median and
middle half). Instructions per round and per turn come from callgrind
(benchmarks/instructions.py; deterministic where times are not), unless
--no-instructions or without valgrind. `--readme` writes the table into
README.md between its markers.
"""
from __future__ import annotations

import argparse
import json
import random
import shutil
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

import floor  # noqa: E402
import instructions  # noqa: E402

import unodsl  # noqa: E402

RLCARD = "rlcard==1.2.0"
RLCARD_ENV = HERE / ".venv-rlcard"
PLAYERS = 4
FLOOR_TARGET = 1.2  # unodsl's time per round at most 1.2x the floor's
RLCARD_TARGET = 4.0  # and per turn at least 4x as fast as RLCard
MEMORY_TARGET = 1024  # KiB allocated by a round in flight, at most
NAMES = {"unodsl": "unodsl (editions/classic.yaml)", "floor": "floor (benchmarks/floor.py)",
         "rlcard": "RLCard 1.2.0 UNO", "interpreter": "unodsl, the interpreter's loop (`specialise=False`)"}


class Contestant:
    """Plays rounds in chunks and keeps, chunk by chunk, the CPU seconds, rounds and turns."""

    name = ""

    def __init__(self):
        self.chunks: list[tuple[float, int, int]] = []

    def chunk(self, rounds: int) -> None:
        self.chunks.append(self.play(rounds))

    def play(self, rounds: int) -> tuple[float, int, int]:
        """(CPU seconds, rounds, turns) of about `rounds` rounds."""
        raise NotImplementedError

    def total(self, index: int) -> float:
        return sum(chunk[index] for chunk in self.chunks)

    @property
    def rounds(self) -> int:
        return int(self.total(1))

    def figures(self) -> dict:
        seconds, rounds, turns = self.total(0), self.total(1), self.total(2)
        return {"rounds": rounds, "turns_per_round": turns / rounds,
                "us_per_round": seconds / rounds * 1e6, "us_per_turn": seconds / turns * 1e6}

    def per_chunk(self, per: str) -> list[float]:
        """CPU µs per round (or per turn) of each chunk."""
        index = 1 if per == "round" else 2
        return [chunk[0] / chunk[index] * 1e6 for chunk in self.chunks]


class Unodsl(Contestant):
    """editions/classic.yaml through the engine: whole matches, seeds 0, 1, 2, ..."""

    name = "unodsl"

    def __init__(self, edition, specialise: bool = True):
        super().__init__()
        self.edition, self.seed, self.specialise = edition, 0, specialise
        if not specialise:  # the turn loop every round used before the edition's own (engine/specialise.py)
            self.name = "interpreter"

    def play(self, rounds: int) -> tuple[float, int, int]:
        played = turns = 0
        start = time.process_time()
        while played < rounds:
            result = unodsl.Match(self.edition, players=PLAYERS, agents="random", seed=self.seed,
                                  record=False, specialise=self.specialise).play()
            played += len(result.rounds)
            turns += sum(r.turns for r in result.rounds)
            self.seed += 1
        return time.process_time() - start, played, turns


class Floor(Contestant):
    """benchmarks/floor.py: rounds from one generator seeded 1 (as instructions.py plays them)."""

    name = "floor"

    def __init__(self):
        super().__init__()
        self.rng = random.Random(1)

    def play(self, rounds: int) -> tuple[float, int, int]:
        play_round, rng = floor.play_round, self.rng
        start = time.process_time()
        turns = sum(play_round(rng, PLAYERS) for _ in range(rounds))
        return time.process_time() - start, rounds, turns


class RLCard(Contestant):
    """RLCard's game in its own environment, served chunk by chunk by rlcard_uno.py."""

    name = "rlcard"

    def __init__(self):
        super().__init__()
        self.server = subprocess.Popen([str(rlcard_python()), str(HERE / "rlcard_uno.py"), "serve", str(PLAYERS), "1"],
                                       stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def play(self, rounds: int) -> tuple[float, int, int]:
        self.server.stdin.write(f"{rounds}\n")
        self.server.stdin.flush()
        data = json.loads(self.server.stdout.readline())
        return data["seconds"], data["rounds"], data["turns"]

    def close(self) -> None:
        self.server.stdin.close()
        self.server.wait()


def rlcard_python() -> Path:
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
    unodsl.Match(edition, players=PLAYERS, agents="random", seed="memory", record=False, max_rounds=1).play()
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak


def play_in_turn(contestants: list[Contestant], rounds: int, chunk: int) -> None:
    """Each contestant plays about `rounds` rounds, in chunks of `chunk` taken in
    turn (the first to play in a cycle changes from cycle to cycle)."""
    for contestant in contestants:  # warm up: imports, caches, the child process
        contestant.play(chunk)
    cycle = 0
    while min(c.rounds for c in contestants) < rounds:
        first = cycle % len(contestants)
        for contestant in contestants[first:] + contestants[:first]:
            contestant.chunk(chunk)
        cycle += 1


def paired(ours: Contestant, theirs: Contestant, per: str) -> tuple[float, float, float]:
    """Quartiles (first, median, third) of the chunk-by-chunk ratio of CPU time per round
    (or per turn), ours over theirs: chunk i of each was played one after the other."""
    ratios = [a / b for a, b in zip(ours.per_chunk(per), theirs.per_chunk(per))]
    first, median, third = statistics.quantiles(ratios, n=4)
    return first, median, third


def count_instructions(rounds: int, with_rlcard: bool) -> dict:
    """Instructions per round and per turn of each contestant (callgrind, in turn)."""
    counted = {}
    for name, interpreter in (("unodsl", False), ("interpreter", True)):
        cost, played, turns = instructions.per_round(HERE.parent, "classic", rounds, interpreter)
        counted[name] = (cost, cost * played / turns)
    floor_round, floor_turns = instructions.floor_per_round(rounds)
    counted["floor"] = (floor_round, floor_round / floor_turns)
    if with_rlcard:
        rlcard_round, rlcard_turns = instructions.rlcard_per_round(rlcard_python(), rounds)
        counted["rlcard"] = (rlcard_round, rlcard_round / rlcard_turns)
    return counted


def measure(rounds: int, chunk: int, with_rlcard: bool, instruction_rounds: int) -> dict:
    edition = unodsl.load_edition("classic")
    contestants = [Unodsl(edition), Floor(), Unodsl(edition, specialise=False)] + ([RLCard()] if with_rlcard else [])
    try:
        play_in_turn(contestants, rounds, chunk)
    finally:
        for contestant in contestants:
            if isinstance(contestant, RLCard):
                contestant.close()
    by_name = {c.name: c for c in contestants}
    results = {"figures": {c.name: c.figures() for c in contestants},
               "floor_per_round": paired(by_name["unodsl"], by_name["floor"], "round"),
               "floor_per_turn": paired(by_name["unodsl"], by_name["floor"], "turn"),
               "interpreter_per_round": paired(by_name["interpreter"], by_name["unodsl"], "round"),
               "memory": round_memory(edition), "rounds": rounds, "chunk": chunk}
    if with_rlcard:  # RLCard's time per turn over ours: how many times as fast unodsl is
        results["rlcard_per_turn"] = paired(by_name["rlcard"], by_name["unodsl"], "turn")
    if instruction_rounds:
        results["instructions"] = count_instructions(instruction_rounds, with_rlcard)
        results["instruction_rounds"] = instruction_rounds
    return results


def table(results: dict) -> str:
    figures, counted = results["figures"], results.get("instructions", {})
    rows = ["| classic, 4 players, random agents | rounds | turns/round | CPU µs/round | CPU µs/turn | "
            "instructions/round | instructions/turn |", "|---|---:|---:|---:|---:|---:|---:|"]
    for name, fig in figures.items():
        per_round, per_turn = (f"{x:,.0f}" for x in counted[name]) if name in counted else ("–", "–")
        rows.append(f"| {NAMES[name]} | {fig['rounds']:,} | {fig['turns_per_round']:.1f} | "
                    f"{fig['us_per_round']:,.0f} | {fig['us_per_turn']:.2f} | {per_round} | {per_turn} |")
    ours, base = figures["unodsl"], figures["floor"]
    lines = rows + ["", f"One process, recording off; about {results['rounds']:,} rounds each by CPU time, "
                        f"played in chunks of {results['chunk']} taken in turn; instructions (callgrind) "
                        + (f"over {results['instruction_rounds']} rounds each"
                           if counted else "not counted") + " (`python benchmarks/compare.py --readme`)."]
    lines.append(_versus_floor(ours, base, results, "round", 0)
                 + f" (target ≤ {FLOOR_TARGET}×); " + _versus_floor(ours, base, results, "turn", 1) + ".")
    low, median, high = results["interpreter_per_round"]
    slower = figures["interpreter"]["us_per_round"] / ours["us_per_round"]
    line = (f"- the interpreter's turn loop, which plays the same games, takes {slower:.2f}× the CPU time per round "
            f"of the loop written for the edition (chunk by chunk: median {median:.2f}×, middle half "
            f"{low:.2f}–{high:.2f}×)")
    if "interpreter" in counted:
        line += f", {counted['interpreter'][0] / counted['unodsl'][0]:.2f}× the instructions"
    lines.append(line + ".")
    if "rlcard" in figures:
        low, median, high = results["rlcard_per_turn"]
        line = (f"- per turn, unodsl is {figures['rlcard']['us_per_turn'] / ours['us_per_turn']:.2f}× as fast as "
                f"RLCard by CPU time (chunk by chunk: median {median:.2f}×, middle half {low:.2f}–{high:.2f}×)")
        if "rlcard" in counted:
            line += f", {counted['rlcard'][1] / counted['unodsl'][1]:.2f}× by instructions"
        lines.append(line + f" (target ≥ {RLCARD_TARGET:.0f}×).")
    lines.append(f"- A round in flight allocates at most {results['memory'] / 1024:,.0f} KiB "
                 f"(target ≤ {MEMORY_TARGET:,} KiB).")
    return "\n".join(lines)


def _versus_floor(ours: dict, base: dict, results: dict, per: str, column: int) -> str:
    """unodsl's cost over the floor's per round (or per turn): by CPU time, its spread, by instructions."""
    low, median, high = results[f"floor_per_{per}"]
    text = (f"{'- unodsl / floor, ' if per == 'round' else ''}per {per}: "
            f"{ours[f'us_per_{per}'] / base[f'us_per_{per}']:.2f}× the CPU time "
            f"(chunk by chunk: median {median:.2f}×, middle half {low:.2f}–{high:.2f}×)")
    counted = results.get("instructions")
    if counted:
        text += f", {counted['unodsl'][column] / counted['floor'][column]:.2f}× the instructions"
    return text


def write_readme(text: str, marker: str = "benchmark") -> None:
    """Put `text` into README.md between its `<!-- MARKER:start -->` and `:end` lines."""
    readme = HERE.parent / "README.md"
    content = readme.read_text(encoding="utf-8")
    start, end = f"<!-- {marker}:start -->", f"<!-- {marker}:end -->"
    if start not in content:
        raise SystemExit(f"README.md has no {start} ... {end} markers")
    head, rest = content.split(start, 1)
    _, tail = rest.split(end, 1)
    readme.write_text(f"{head}{start}\n{text}\n{end}{tail}", encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20000)
    parser.add_argument("--chunk", type=int, default=500, help="rounds per turn of each contestant")
    parser.add_argument("--no-rlcard", action="store_true", help="leave RLCard out (no virtual environment)")
    parser.add_argument("--no-instructions", action="store_true", help="count no instructions (no valgrind)")
    parser.add_argument("--instruction-rounds", type=int, default=1000,
                        help="rounds each under callgrind (fewer: the sides' rounds differ more in length)")
    parser.add_argument("--readme", action="store_true", help="write the table into README.md")
    args = parser.parse_args()
    counting = 0 if args.no_instructions or shutil.which("valgrind") is None else args.instruction_rounds
    results = measure(args.rounds, args.chunk, not args.no_rlcard, counting)
    text = table(results)
    print(text)
    if args.readme:
        write_readme(text)


if __name__ == "__main__":
    main()
