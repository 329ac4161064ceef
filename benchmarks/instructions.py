"""Instructions per round (callgrind), for each edition, against the floor and an older checkout.

    python benchmarks/instructions.py [--editions classic,veto] [--rounds 300] [--against GITREF] [--jobs 2]

Settings: 4 players, random agents, one process, recording off, PYTHONHASHSEED=0.
A machine shared with others makes times noisy; the number of instructions a
run executes is not (it moves by 0.1-0.4% between runs of the same code, from
memory addresses and hashing). Each figure is the count of a run of --rounds
rounds less that of a run of none (start-up: imports, loading the edition),
over the rounds played (start-up includes writing the edition's turn loop,
unodsl.engine.specialise: made once, it is no part of a round's cost). Matches are played with seeds 0, 1, 2, ... until
--rounds rounds have been played, so two checkouts that play the same games
for a seed play the same rounds.

- the floor: benchmarks/floor.py (a copy of the project's tuned hand-written
  loop for classic with the random agents' policy), per round and per turn;
- --against GITREF: the same editions at an older commit (checked out in a
  temporary git worktree), with the change per round: what "no slower per
  round than before" is measured by.

Needs valgrind (`apt-get install valgrind`).
"""
from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
# Every shipped edition, classic first (the others are compared with it per turn).
EDITIONS = sorted((path.stem for path in (ROOT / "editions").glob("*.yaml")), key=lambda name: (name != "classic", name))

# Plays matches until ROUNDS rounds are played; prints "rounds turns".
# (A third argument, "interpreter", plays them with the interpreter's turn loop, not the
# one written for the edition: unodsl.engine.specialise.)
ROUNDS_RUNNER = """
import sys
import unodsl
edition = unodsl.load_edition(sys.argv[1])
target = int(sys.argv[2])
loop = {"specialise": False} if sys.argv[3:] == ["interpreter"] else {}  # (an older checkout has no such option)
if not loop:  # the loop written for the edition, made once, with the start-up (older checkouts made it at load)
    from unodsl.engine.specialise import specialised
    specialised(edition)
played = turns = seed = 0
while played < target:
    result = unodsl.Match(edition, players=4, agents="random", seed=seed, record=False, **loop).play()
    played += len(result.rounds)
    turns += sum(r.turns for r in result.rounds)
    seed += 1
print(played, turns)
"""

# The floor's own loop, for ROUNDS rounds (floor.py's command line cannot play none); prints "rounds turns".
FLOOR_RUNNER = """
import random
import sys
import floor
rounds = int(sys.argv[1])
rng = random.Random(1)
print(rounds, sum(floor.play_round(rng, 4) for _ in range(rounds)))
"""


def instructions(command: list[str], cwd: Path) -> tuple[int, str]:
    """The instructions `command` executes under callgrind, and what it printed."""
    with tempfile.TemporaryDirectory() as scratch:
        env = {**os.environ, "PYTHONHASHSEED": "0", "PYTHONPATH": str(cwd), "PYTHONDONTWRITEBYTECODE": "1"}
        run = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={scratch}/out", *command],
                             cwd=cwd, env=env, capture_output=True, text=True, check=True)
    collected = re.search(r"Collected : (\d+)", run.stderr)
    return int(collected.group(1)), run.stdout


def per_round(checkout: Path, edition: str, rounds: int, interpreter: bool = False) -> tuple[float, int, int]:
    """(instructions per round, rounds, turns) of `edition` at `checkout` (with the
    interpreter's turn loop: `interpreter`)."""
    command = [sys.executable, "-c", ROUNDS_RUNNER, edition]
    loop = ["interpreter"] if interpreter else []
    start, _ = instructions([*command, "0", *loop], checkout)
    total, printed = instructions([*command, str(rounds), *loop], checkout)
    played, turns = map(int, printed.split())
    print(f"  {edition} at {checkout}: {(total - start) / played:,.0f} instructions/round", file=sys.stderr)
    return (total - start) / played, played, turns


def floor_per_round(rounds: int) -> tuple[float, float]:
    """(instructions per round, turns per round) of the hand-written loop."""
    start, _ = instructions([sys.executable, "-c", FLOOR_RUNNER, "0"], HERE)
    total, printed = instructions([sys.executable, "-c", FLOOR_RUNNER, str(rounds)], HERE)
    played, turns = map(int, printed.split())
    return (total - start) / played, turns / played


def rlcard_per_round(python: Path, rounds: int) -> tuple[float, float]:
    """(instructions per round, turns per round) of RLCard's UNO with the same policy
    (benchmarks/rlcard_uno.py, run by `python`, the environment where RLCard is installed)."""
    command = [str(python), str(HERE / "rlcard_uno.py"), "play"]
    start, _ = instructions([*command, "0"], HERE)
    total, printed = instructions([*command, str(rounds)], HERE)
    played, turns = map(int, printed.split())
    return (total - start) / played, turns / played


def older_checkout(ref: str, into: Path) -> Path:
    subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(into), ref],
                   check=True, capture_output=True)
    return into


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--editions", default=",".join(EDITIONS))
    parser.add_argument("--rounds", type=int, default=300)
    parser.add_argument("--against", metavar="GITREF", help="an older commit to compare with")
    parser.add_argument("--jobs", type=int, default=2, help="callgrind runs at once")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        sys.exit("valgrind is needed: apt-get install valgrind")
    editions = args.editions.split(",")
    scratch = Path(tempfile.mkdtemp(prefix="unodsl-instructions-"))
    checkouts = {"this tree": ROOT}
    try:
        if args.against:
            checkouts[args.against] = older_checkout(args.against, scratch / "older")
        with ThreadPoolExecutor(args.jobs) as pool:
            floor = pool.submit(floor_per_round, args.rounds)
            # (an edition the older checkout does not have is measured in this tree only)
            runs = {(name, edition): pool.submit(per_round, path, edition, args.rounds)
                    for name, path in checkouts.items() for edition in editions
                    if (path / "editions" / f"{edition}.yaml").exists()}
            report(editions, args.against, floor.result(), {key: run.result() for key, run in runs.items()})
    finally:
        if args.against:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(scratch / "older")],
                           capture_output=True)
        shutil.rmtree(scratch, ignore_errors=True)


def report(editions: list[str], against: str | None, floor: tuple[float, float], runs: dict) -> None:
    floor_round, floor_turns = floor
    print(f"floor (benchmarks/floor.py, classic): {floor_round:,.0f} instructions/round, "
          f"{floor_turns:.1f} turns/round, {floor_round / floor_turns:,.0f} per turn\n")
    classic = runs.get(("this tree", "classic"))
    classic_turn = classic[0] * classic[1] / classic[2] if classic else None
    header = "| edition | rounds | turns/round | instructions/round | per turn | × floor per round | × floor per turn |"
    if classic_turn:
        header += " × classic per turn |"
    if against:
        header += f" {against}: instructions/round | change |"
    print(header)
    print("|" + "---|" * (header.count("|") - 1))
    for edition in editions:
        cost, played, turns = runs[("this tree", edition)]
        per_turn = cost * played / turns
        row = (f"| {edition} | {played} | {turns / played:.1f} | {cost:,.0f} | {per_turn:,.0f} | "
               f"{cost / floor_round:.2f} | {per_turn / (floor_round / floor_turns):.2f} |")
        if classic_turn:
            row += f" {per_turn / classic_turn:.2f} |"
        if against and (against, edition) not in runs:
            row += " new since then | |"
        elif against:
            old, old_played, old_turns = runs[(against, edition)]
            same = "" if (old_played, old_turns) == (played, turns) else " (other games)"
            row += f" {old:,.0f} | {100 * (cost - old) / old:+.2f}%{same} |"
        print(row)


if __name__ == "__main__":
    main()
