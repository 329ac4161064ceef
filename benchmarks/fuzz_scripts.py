"""Validates => runs, at scale: scripts generated from the grammar, each validated and played.

    python benchmarks/fuzz_scripts.py [--scripts 10000] [--start 0] [--workers 2] [--slow 10]

The scripts are the suite's own (tests/language/test_generated_scripts.py: its generator, its families and
its edition FUZZ with every place a script can be), taken in turn from each family: the grammar
whole, state and chance, actions and repeats, places and moves, out-of-turn windows, flips, and
statements in combination with hooks. Each is validated; each one accepted plays five matches,
every card counted at every event (CountingRound):

1-2. the suite's two recorded matches (2 players; 3 to 10) and its pair of unrecorded ones (the
     written turn loop against the interpreter: the same game), short (2 rounds of 150 turns);
5.   one whole match at the engine's own limits (a target of 500, 5,000 turns a round, up to
     1,000 rounds), unrecorded as `simulate` plays it (every card counted at the end of each
     round): where a rule whose rounds never end costs the most.

A script raising anything, a card created or lost, or a case over --slow seconds is a finding;
the run prints each one with its seed and script (run it again alone with --start SEED --scripts 1)
and exits 1 if there is any. A case still running after 10 × --slow seconds is stopped and
counted as a hang. The figures (cases refused and played, rounds abandoned and stopped by the work
budget, the slowest cases) go to the standard output; --json writes them too.
"""
from __future__ import annotations

import argparse
import json
import multiprocessing
import signal
import sys
import tempfile
import time
import traceback
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

import test_generated_scripts as gen  # noqa: E402 (the suite's generator)
import unodsl  # noqa: E402

FAMILIES = {
    "grammar": lambda seed, base: ("grammar", gen.generated_case(seed, base)),
    "state": gen.statement_case,
    "actions": gen.action_case,
    "moves": gen.move_case,
    "windows": gen.window_case,
    "flip": lambda seed, base: gen.flip_case(seed, "flip"),
    "combined": gen.combination_case,
}


class Hang(Exception):
    pass


def _alarm(_signum, _frame):
    raise Hang()


def whole_match(edition, seed: int) -> dict:
    """A match at the engine's own limits: every round counted."""
    players = max(edition.settings["players"]["min"], min(4, edition.settings["players"]["max"]))
    match = unodsl.Match(edition, players=players, agents="random", seed=seed, record=False)
    results = match.results
    return {"rounds": len(results), "abandoned": sum(r.winner is None for r in results),
            "stopped": sum(r.stopped is not None for r in results)}


def run_case(job: tuple) -> dict:
    family, seed, base, hang_after = job
    gen.unodsl.Match.round_class = gen.CountingRound
    signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(hang_after)
    start = time.perf_counter()
    out = {"family": family, "seed": seed}
    try:
        _rule, case = FAMILIES[family](seed, base)
        out["label"], out["script"] = case.label, case.script
        tally: Counter = Counter()
        case.run(seed, tally)
        out["outcome"] = "played" if tally["played"] else "refused"
        if tally["played"]:
            out.update(whole_match(case.load(), seed))
    except Hang:
        out["outcome"] = "hang"
    except BaseException as error:  # (every failure is a finding: the assertion or the exception under it)
        cause = error.__cause__ or error
        out["outcome"] = "error"
        out["error"] = "".join(traceback.format_exception(type(cause), cause, cause.__traceback__)[-6:])
    finally:
        signal.alarm(0)
    out["seconds"] = round(time.perf_counter() - start, 3)
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--scripts", type=int, default=10_000)
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--slow", type=float, default=10.0, help="seconds a case may take")
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="unodsl-fuzz-"))
    base = folder / "fuzz.yaml"
    base.write_text(gen.FUZZ, encoding="utf-8")
    names = list(FAMILIES)
    jobs = [(names[i % len(names)], args.start + i // len(names) if args.scripts > 1 else args.start, str(base),
             int(args.slow * 10)) for i in range(args.scripts)]
    if args.scripts == 1:
        jobs = [(name, args.start, str(base), int(args.slow * 10)) for name in names]
    began = time.perf_counter()
    results = []
    with multiprocessing.Pool(args.workers, maxtasksperchild=200) as pool:
        for done, result in enumerate(pool.imap_unordered(run_case, jobs, chunksize=4), 1):
            results.append(result)
            if result["outcome"] in ("error", "hang") or result["seconds"] > args.slow:
                print(f"FINDING {result['family']} {result['seed']} {result['outcome']} {result['seconds']} s: "
                      f"{result.get('label')}\n{result.get('script')}\n{result.get('error', '')}", flush=True)
            if done % 500 == 0:
                print(f"{done} cases, {time.perf_counter() - began:.0f} s", file=sys.stderr, flush=True)
    return report(results, args, time.perf_counter() - began)


def report(results: list, args, seconds: float) -> int:
    outcomes = Counter(r["outcome"] for r in results)
    by_family = {name: dict(Counter(r["outcome"] for r in results if r["family"] == name)) for name in FAMILIES}
    played = [r for r in results if r["outcome"] == "played"]
    rounds = sum(r["rounds"] for r in played)
    abandoned, stopped = sum(r["abandoned"] for r in played), sum(r["stopped"] for r in played)
    slow = sorted(results, key=lambda r: -r["seconds"])[:5]
    findings = [r for r in results if r["outcome"] in ("error", "hang") or r["seconds"] > args.slow]
    print(f"\n{len(results)} generated scripts in {seconds:.0f} s on {args.workers} workers: {dict(outcomes)}")
    for name, counts in by_family.items():
        print(f"  {name}: {counts}")
    print(f"whole matches of the scripts played: {rounds} rounds, {abandoned} abandoned, of which {stopped} "
          f"stopped by the work budget; scripts with most rounds abandoned: "
          f"{sum(r['abandoned'] * 2 > r['rounds'] for r in played)}")
    print("slowest cases: " + ", ".join(f"{r['family']} {r['seed']} {r['seconds']} s" for r in slow))
    print(f"findings (an exception, a card made or lost, a hang, over {args.slow:g} s): {len(findings)}")
    if args.json:
        args.json.write_text(json.dumps({"results": results, "seconds": seconds}, indent=1), encoding="utf-8")
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
