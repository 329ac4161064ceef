"""unodsl against RLCard's UNO and a tuned hand-written loop, in one run.

    python benchmarks/compare.py [--rounds 20000] [--repeat 3] [--readme]

Settings: classic, 4 players, random agents, one process, recording off.
- unodsl: editions/classic.yaml through the engine, RandomAgent on every seat;
- handwritten: benchmarks/handwritten.py, the same rules and random policy
  written out by hand (the floor of pure-Python cost);
- RLCard: rlcard==1.2.0's UNO game object with random legal actions, run in
  its own virtual environment (benchmarks/.venv-rlcard, made on first use).

Each contestant plays about --rounds rounds per run; runs alternate so that
a disturbance of the machine hits all three alike, and the best run of each
counts. `--readme` writes the table into README.md between its markers.
"""
from __future__ import annotations

import argparse
import json
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


def run_unodsl(edition, rounds: int) -> dict:
    played = turns = seed = 0
    start = time.perf_counter()
    while played < rounds:
        result = unodsl.Match(edition, players=PLAYERS, agents="random", seed=seed, record=False).play()
        played += len(result.rounds)
        turns += sum(r.turns for r in result.rounds)
        seed += 1
    return _figures(played, turns, time.perf_counter() - start)


def run_handwritten(rounds: int) -> dict:
    played = turns = seed = 0
    start = time.perf_counter()
    while played < rounds:
        _winner, match_rounds, match_turns = handwritten.play_match(PLAYERS, seed)
        played += match_rounds
        turns += match_turns
        seed += 1
    return _figures(played, turns, time.perf_counter() - start)


def run_rlcard(rounds: int) -> dict:
    python = _rlcard_python()
    done = subprocess.run([str(python), str(HERE / "rlcard_uno.py"), str(PLAYERS), str(rounds), "1"],
                          check=True, capture_output=True, text=True)
    data = json.loads(done.stdout)
    return {"rounds_per_second": data["rounds_per_second"], "turns_per_round": data["turns_per_round"]}


def _rlcard_python() -> Path:
    python = RLCARD_ENV / "bin" / "python"
    if not python.exists():
        print(f"making {RLCARD_ENV} with {RLCARD} (once)...", file=sys.stderr)
        venv.create(RLCARD_ENV, with_pip=True)
        subprocess.run([str(python), "-m", "pip", "install", "--quiet", RLCARD], check=True)
    return python


def _figures(rounds: int, turns: int, seconds: float) -> dict:
    return {"rounds_per_second": rounds / seconds, "turns_per_round": turns / rounds}


def round_memory(edition) -> int:
    """Peak bytes allocated while one round is in flight (recording off)."""
    match = unodsl.Match(edition, players=PLAYERS, agents="random", seed="memory", record=False, max_rounds=1)
    del match
    tracemalloc.start()
    unodsl.Match(edition, players=PLAYERS, agents="random", seed="memory", record=False, max_rounds=1)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak


def measure(rounds: int, repeat: int, with_rlcard: bool) -> dict:
    edition = unodsl.load_edition("classic")
    runners = {"unodsl": lambda: run_unodsl(edition, rounds), "handwritten": lambda: run_handwritten(rounds)}
    if with_rlcard:
        runners["rlcard"] = lambda: run_rlcard(rounds)
    best: dict = {}
    for _ in range(repeat):
        for name, runner in runners.items():
            figures = runner()
            if name not in best or figures["rounds_per_second"] > best[name]["rounds_per_second"]:
                best[name] = figures
    best["unodsl"]["round_memory"] = round_memory(edition)
    return best


def table(best: dict, rounds: int, repeat: int) -> str:
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
                        f"best of {repeat} runs of about {rounds:,} rounds each "
                        f"(`python benchmarks/compare.py --readme`)."]
    if "rlcard" in best:
        lines.append(f"- unodsl / RLCard: {ours / best['rlcard']['rounds_per_second']:.2f}× the rounds per second "
                     f"(target ≥ {TARGETS['rlcard']:.0f}×).")
    lines.append(f"- unodsl / hand-written: {best['handwritten']['rounds_per_second'] / ours:.2f}× the time per "
                 f"round (target ≤ {TARGETS['handwritten']}×).")
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
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--no-rlcard", action="store_true", help="leave RLCard out (no virtual environment)")
    parser.add_argument("--readme", action="store_true", help="write the table into README.md")
    args = parser.parse_args()
    best = measure(args.rounds, args.repeat, not args.no_rlcard)
    text = table(best, args.rounds, args.repeat)
    print(text)
    if args.readme:
        write_readme(text)


if __name__ == "__main__":
    main()
