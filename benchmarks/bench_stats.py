"""What counting for `unodsl simulate` costs, and what workers give.

    python benchmarks/bench_stats.py [--edition classic] [--players 4] [--games 300] [--repeat 5]
    python benchmarks/bench_stats.py --workers 1,2 --games 2000

The first form plays the same matches with a plain Match (recording off: the
engine's own speed) and with the CountingMatch that simulate uses, one after
the other, --repeat times, in this process, and reports the best CPU time of
each: the cost of the statistics. The second form times whole `simulate()`
runs for each number of workers: the throughput by wall clock (workers' start
included; a figure for a quiet machine only), and the CPU time spent here and
in the workers, which says what the workers cost beyond playing even on a busy one.
"""
from __future__ import annotations

import argparse
import resource
import time

import unodsl
from unodsl.sim.simulate import simulate
from unodsl.sim.tally import CountingMatch


def rounds_per_cpu_second(match_class, edition, players: int, games: int) -> float:
    start, rounds = time.process_time(), 0
    for seed in range(games):
        rounds += len(match_class(edition, players=players, agents="random", seed=seed, record=False).play().rounds)
    return rounds / (time.process_time() - start)


def counting_cost(args) -> None:
    edition = unodsl.load_edition(args.edition)
    best = {unodsl.Match: 0.0, CountingMatch: 0.0}
    for _ in range(args.repeat):  # alternately, so that a noisy neighbour hurts both alike
        for match_class in best:
            best[match_class] = max(best[match_class], rounds_per_cpu_second(match_class, edition, args.players,
                                                                             args.games))
    plain, counting = best[unodsl.Match], best[CountingMatch]
    print(f"{args.edition}, {args.players} players, random agents, {args.games} matches, best of {args.repeat} "
          f"(CPU time):")
    print(f"  plain Match:    {plain:,.0f} rounds/s")
    print(f"  CountingMatch:  {counting:,.0f} rounds/s  (statistics cost {100 * (plain / counting - 1):.0f}% "
          f"more time per round)")


def children_cpu() -> float:
    """CPU seconds of the worker processes ended so far."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def scaling(args) -> None:
    base = base_cpu = None
    unodsl.load_edition(args.edition)  # (imports done before the first run, as before the others)
    print(f"{args.edition}, {args.players} players, random agents, {args.games} matches:")
    for workers in [int(w) for w in args.workers.split(",")]:
        start, here, there = time.perf_counter(), time.process_time(), children_cpu()
        sim = simulate(args.edition, players=args.players, games=args.games, seed="bench", workers=workers)
        rate = sim.rounds / (time.perf_counter() - start)
        cpu = time.process_time() - here, children_cpu() - there
        base, base_cpu = base or rate, base_cpu or sum(cpu)
        print(f"  {workers} worker{'s' if workers > 1 else ' '}: {rate:,.0f} rounds/s by wall clock "
              f"({rate / base:.2f} x); CPU {cpu[0]:.2f} s here + {cpu[1]:.2f} s in workers "
              f"({sum(cpu) / base_cpu:.2f} x one worker's)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--edition", default="classic")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--workers", help="compare simulate() with these numbers of workers, e.g. 1,2")
    args = parser.parse_args()
    if args.workers:
        scaling(args)
    else:
        counting_cost(args)


if __name__ == "__main__":
    main()
