"""What counting for `unodsl simulate` costs, and what workers give.

    python benchmarks/bench_stats.py [--edition classic] [--players 4] [--games 300] [--repeat 5]
    python benchmarks/bench_stats.py --workers 1,2 --games 2000

The first form plays the same matches with a plain Match (recording off: the
engine's own speed) and with the CountingMatch that simulate uses, one after
the other, --repeat times, in this process, and reports the best CPU time of
each: the cost of the statistics. The second form times whole `simulate()`
runs for each number of workers: the throughput by wall clock (workers' start
included), and the CPU time spent here and in the workers, which says what the
workers cost beyond playing even on a busy one. Beside them, the machine's own
ceiling: the same games split between that many independent processes that
play and send nothing back (forked, started together). On a machine whose cores
slow each other down (shared caches, a hypervisor's neighbours), that ceiling
is below N times one process, and no pool of workers can pass it. The runs
are made --repeat times, in an order that changes from one to the next; the
figures are the medians of each run's ratio to the one-process run made beside it.
"""
from __future__ import annotations

import argparse
import resource
import statistics
import time

import unodsl
from unodsl.sim.parallel import Side, play_games
from unodsl.sim.simulate import make_side, simulate
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


def _play_share(side: Side, start: int, stop: int) -> None:
    play_games((side,), start, stop)  # (what a worker plays, kept here: nothing is sent back)


def independent(args, processes: int) -> tuple[float, float]:
    """Wall seconds and CPU seconds of `processes` forked processes that share the games
    out and play them, sending nothing back: what the machine allows, beside what the
    workers reach."""
    import multiprocessing

    context = multiprocessing.get_context("fork")
    side = make_side(args.edition, args.players, "bench", "random")  # (as simulate makes it)
    cuts = [args.games * k // processes for k in range(processes + 1)]
    start, cpu = time.perf_counter(), children_cpu()
    started = [context.Process(target=_play_share, args=(side, cuts[k], cuts[k + 1])) for k in range(processes)]
    for process in started:
        process.start()
    for process in started:
        process.join()
    return time.perf_counter() - start, children_cpu() - cpu


def scaling(args) -> None:
    unodsl.load_edition(args.edition)  # (imports done before the first run, as before the others)
    counts = [int(w) for w in args.workers.split(",")]
    runs: list[dict] = []
    for repeat in range(args.repeat):
        figures = {}
        for workers in counts[repeat % len(counts):] + counts[:repeat % len(counts)]:  # (each goes first in turn)
            start, here, there = time.perf_counter(), time.process_time(), children_cpu()
            sim = simulate(args.edition, players=args.players, games=args.games, seed="bench", workers=workers)
            wall = time.perf_counter() - start
            figures[workers] = (sim.rounds / wall, time.process_time() - here, children_cpu() - there)
            if workers > 1:
                wall, cpu = independent(args, workers)
                figures[-workers] = (sim.rounds / wall, 0.0, cpu)
        runs.append(figures)
    print(f"{args.edition}, {args.players} players, random agents, {args.games} matches, {args.repeat} runs "
          "(medians of each run's ratios to its one-process run):")
    one = counts[0]
    for workers in counts:
        def median_of(figure) -> float:
            return statistics.median(figure(run) for run in runs)

        rate = median_of(lambda run: run[workers][0] / run[one][0])
        cpu = median_of(lambda run: sum(run[workers][1:]) / sum(run[one][1:]))
        here = median_of(lambda run: run[workers][1])
        line = (f"  {workers} worker{'s' if workers > 1 else ' '}: {rate:.2f} x the rounds per second of "
                f"{workers if workers == one else one} (by wall clock); CPU {cpu:.2f} x, {here:.2f} s of it here")
        if workers > 1:
            ceiling = median_of(lambda run: run[-workers][0] / run[one][0])
            ceiling_cpu = median_of(lambda run: run[-workers][2] / sum(run[one][1:]))
            line += (f"; {workers} independent processes: {ceiling:.2f} x, CPU {ceiling_cpu:.2f} x "
                     "(the machine's ceiling)")
        print(line)
    print("  runs (rounds/s by wall clock): " + "; ".join(
        ", ".join(f"{w}: {run[w][0]:,.0f}" + (f" (independent {run[-w][0]:,.0f})" if w > 1 else "") for w in counts)
        for run in runs))


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
