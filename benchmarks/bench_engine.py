"""Rounds per second for an edition: one process, recording off.

    python benchmarks/bench_engine.py [--edition classic] [--players 4] [--agents random] [--rounds 20000]

Matches are played with seeds 0, 1, 2, ... until at least --rounds rounds have
been played; the best of --repeat runs is reported (the least disturbed one).
"""
from __future__ import annotations

import argparse
import time

import unodsl


def rounds_per_second(edition, players: int, agents: str, rounds: int) -> tuple[float, float]:
    played = turns = 0
    seed = 0
    start = time.perf_counter()
    while played < rounds:
        result = unodsl.Match(edition, players=players, agents=agents, seed=seed, record=False).play()
        played += len(result.rounds)
        turns += sum(r.turns for r in result.rounds)
        seed += 1
    elapsed = time.perf_counter() - start
    return played / elapsed, turns / played


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--edition", default="classic")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--agents", default="random")
    parser.add_argument("--rounds", type=int, default=20000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    edition = unodsl.load_edition(args.edition)
    runs = [rounds_per_second(edition, args.players, args.agents, args.rounds) for _ in range(args.repeat)]
    best, turns = max(runs)
    print(f"{args.edition}, {args.players} players, {args.agents} agents, recording off: "
          f"{best:,.0f} rounds/s ({turns:.1f} turns per round, best of {args.repeat})")


if __name__ == "__main__":
    main()
