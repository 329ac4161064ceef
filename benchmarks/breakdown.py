"""Where a round's CPU time goes, unodsl's and the floor's: the turn loop, and the rest.

    python benchmarks/breakdown.py [--rounds 3000] [--repeat 5] [--edition classic]

Settings as in compare.py: 4 players, random agents, one process, recording off. For
unodsl, the rest is what a round costs around its turns: the Round made, the deal (its
shuffle), the start card, the scores, the end of the match, and a share of each match's
own start (the dealer's draw, the agents' generators). For the floor, the rest is its
deck copied, shuffled and dealt (the same lines as benchmarks/floor.py's first ones).
Each figure is the median of --repeat runs taken in turn; the wrapper that times the
turn loop adds two clock reads a round.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

import floor  # noqa: E402

import unodsl  # noqa: E402


def unodsl_round(edition, rounds: int) -> tuple[float, float, float]:
    """(µs per round, of which in the turn loop, turns per round)."""
    loop_class = unodsl.engine.specialise.specialised(edition)
    turns_of = loop_class._turns
    spent = [0.0]

    def timed(rnd):
        start = time.process_time()
        turns_of(rnd)
        spent[0] += time.process_time() - start

    loop_class._turns = timed
    try:
        played = turns = seed = 0
        start = time.process_time()
        while played < rounds:
            result = unodsl.Match(edition, players=4, agents="random", seed=seed, record=False).play()
            played += len(result.rounds)
            turns += sum(r.turns for r in result.rounds)
            seed += 1
        total = time.process_time() - start
    finally:
        loop_class._turns = turns_of
    return total / played * 1e6, spent[0] / played * 1e6, turns / played


def floor_round(rounds: int) -> tuple[float, float]:
    """(µs per round, of which in its set-up: the deck copied, shuffled and dealt)."""
    rng = random.Random(1)
    start = time.process_time()
    for _ in range(rounds):
        floor.play_round(rng, 4)
    total = time.process_time() - start
    start = time.process_time()
    for _ in range(rounds):
        pile = floor.DECK[:]
        rng.shuffle(pile)
        [[pile.pop() for _ in range(7)] for _ in range(4)]
    return total / rounds * 1e6, (time.process_time() - start) / rounds * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--edition", default="classic")
    args = parser.parse_args()
    edition = unodsl.load_edition(args.edition)
    ours, theirs = [], []
    for _ in range(args.repeat):
        ours.append(unodsl_round(edition, args.rounds))
        theirs.append(floor_round(args.rounds))
    total, loop, turns = (statistics.median(run[i] for run in ours) for i in range(3))
    floor_total, floor_setup = (statistics.median(run[i] for run in theirs) for i in range(2))
    print(f"CPU µs per round, median of {args.repeat} runs of {args.rounds:,} rounds ({args.edition}, 4 players):")
    print(f"  unodsl: {total:6.1f}  turn loop {loop:6.1f} ({turns:.1f} turns)  the rest {total - loop:6.1f}")
    print(f"  floor:  {floor_total:6.1f}  turn loop {floor_total - floor_setup:6.1f}"
          f"                the rest {floor_setup:6.1f}")
    print(f"  unodsl / floor: {total / floor_total:.2f}x a round, {loop / (floor_total - floor_setup):.2f}x the "
          f"turn loop, {(total - loop) / floor_setup:.2f}x the rest")


if __name__ == "__main__":
    main()
