"""Worlds a seat samples (unodsl.seat.worlds): sample plus copy, and playing on, against the floor.

    python benchmarks/worlds.py [--edition classic] [--players 4] [--samples 20000] [--chunk 2000]
                                [--instructions]

A round of the edition is played (greedy agents, seed 3) to seat 0's first turn at or
after turn 20, the middle of a round; from seat 0's view and what its history lets it know
(unodsl.seat.knowledge), in chunks taken in turn, one process:

- sample + copy: the sampler deals the cards seat 0 cannot see into the places it cannot
  see (unodsl.seat.worlds.Sampler), and a world is copied from the template round with
  them (WorldMaker.make); the target (issue 25): under 25 us for 4-player classic;
- playing on: each world played on to the end of its round by the turn loop written for
  the edition (the random agents' policy), CPU per turn beside the same loop's rounds
  played from a deal (Round.play, of the class a Match nobody records plays) and the
  floor's turns (benchmarks/floor.py), paired chunk by chunk.

Figures are medians over the chunks, with the floor's time per turn in the same run (a
shared machine's ups and downs fall on all alike). --instructions adds instruction counts
of sample + copy under callgrind (valgrind), which do not move with the machine.
"""
from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

import floor  # noqa: E402

import unodsl  # noqa: E402
from unodsl.agents import make_agent  # noqa: E402
from unodsl.agents.base import Agent  # noqa: E402
from unodsl.engine.round import AT_TURN  # noqa: E402
from unodsl.engine.specialise import specialised  # noqa: E402
from unodsl.seat.knowledge import Knowledge  # noqa: E402
from unodsl.seat.world_maker import WorldMaker, world_class  # noqa: E402
from unodsl.seat.worlds import Sampler  # noqa: E402

TARGET_US = 25.0  # sample plus copy, 4-player classic, mid-round


class Grab(Agent):
    """Greedy, keeping seat 0's view at its first turn from turn 20 on."""

    keeps_history = True

    def __init__(self, rng):
        super().__init__(rng)
        self.greedy = make_agent("greedy", rng)
        self.view = None

    def choose(self, decision, view):
        if self.view is None and decision.kind == "turn" and view.turns >= 20 \
                and view.history[-1].event and view.history[-1].event["event"] == "turn":
            self.view = view
        return self.greedy.choose(decision, view)


def mid_round(edition, players: int):
    """Seat 0's view at its first turn from turn 20 on, what it knows then, and the turns counted."""
    for seed in range(3, 100):
        grab = Grab(random.Random(0))
        unodsl.Match(edition, players=players, agents=[grab] + ["greedy"] * (players - 1), seed=seed,
                     record=False, max_rounds=1)
        if grab.view is not None:
            knowledge = Knowledge(0, len(edition.deck))
            knowledge.update(grab.view.history)
            return grab.view, knowledge
    raise SystemExit("no round reached turn 20")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--edition", default="classic")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--samples", type=int, default=20_000)
    parser.add_argument("--chunk", type=int, default=2_000)
    parser.add_argument("--instructions", action="store_true")
    parser.add_argument("--count-only", type=int, default=0, help=argparse.SUPPRESS)  # (under callgrind)
    args = parser.parse_args()
    edition = unodsl.load_edition(args.edition)
    view, knowledge = mid_round(edition, args.players)
    rng = random.Random(1)
    sampler = Sampler(view, knowledge.masks, knowledge.places, groups=knowledge.groups, likely=True)
    agents = [make_agent("random", random.Random(seat)) for seat in range(args.players)]
    maker = WorldMaker(view, world_class(edition), agents, rng, max_turns=10_000)
    maker.template.turns = view.turns - 1
    if args.count_only:
        for _ in range(args.count_only):
            maker.make(sampler.holders, sampler.sample(rng))
        return

    def sample_and_copy(count: int) -> float:
        start = time.process_time()
        for _ in range(count):
            maker.make(sampler.holders, sampler.sample(rng))
        return (time.process_time() - start) / count

    def play_on(count: int) -> float:
        turns, spent = 0, 0.0
        for _ in range(count):
            world = maker.make(sampler.holders, sampler.sample(rng))
            begun = world.turns
            start = time.process_time()
            world.resume(AT_TURN)
            spent += time.process_time() - start
            turns += world.turns - begun
        return spent / max(turns, 1)

    deal_rng = random.Random(2)
    round_class = specialised(edition)

    def from_the_deal(turns: int) -> float:
        played, spent = 0, 0.0
        while played < turns:
            rnd = round_class(edition, args.players, 0, deal_rng, None, agents=agents)
            start = time.process_time()
            rnd.play()
            spent += time.process_time() - start
            played += rnd.turns
        return spent / played

    floor_rng = random.Random(1)

    def floor_turn(turns: int) -> float:
        played, start = 0, time.process_time()
        while played < turns:
            played += floor.play_round(floor_rng, 4)
        return (time.process_time() - start) / played

    sample_and_copy(args.chunk // 10), play_on(20), from_the_deal(2000), floor_turn(2000)  # (warm)
    rows = []
    for index in range(max(args.samples // args.chunk, 1)):
        work = [lambda: sample_and_copy(args.chunk), lambda: play_on(max(args.chunk // 50, 10)),
                lambda: from_the_deal(args.chunk * 2), lambda: floor_turn(args.chunk * 2)]
        shift = index % len(work)
        done = {}
        for position in list(range(shift, len(work))) + list(range(shift)):
            done[position] = work[position]()
        rows.append([done[i] for i in range(len(work))])
    copy_us = statistics.median(row[0] for row in rows) * 1e6
    on = statistics.median(row[1] / row[3] for row in rows)
    deal = statistics.median(row[2] / row[3] for row in rows)
    floor_us = statistics.median(row[3] for row in rows) * 1e6
    print(f"{args.edition}, {args.players} players, seat 0 at turn {view.turns}: {len(sampler.hidden)} cards unseen "
          f"in {len(sampler.holders)} places ({'one shuffle' if sampler.quick else 'groups'})")
    print("| figure | value | target |")
    print("|---|---:|---|")
    print(f"| sample + copy, us | {copy_us:.1f} (= {copy_us / floor_us:.1f} floor turns) | "
          f"< {TARGET_US:.0f} us: {'met' if copy_us < TARGET_US else 'not met'} |")
    print(f"| playing a world on, CPU per turn | {on:.2f}x the floor's | |")
    print(f"| the written loop from the deal, CPU per turn | {deal:.2f}x the floor's | |")
    print(f"| playing on / the written loop | {on / deal:.2f}x | at the written loop's speed |")
    print(f"| the floor, us per turn | {floor_us:.2f} | |")
    if args.instructions:
        print(f"| sample + copy, instructions | {instructions(args):,} | |")


def instructions(args) -> int:
    """Instructions of one sample + copy (callgrind: a run of N less a run of none, over N)."""
    counts = []
    for count in (0, 2000):
        out = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable,
                              __file__, "--edition", args.edition, "--players", str(args.players),
                              "--count-only", str(count or 1)], capture_output=True, text=True, check=True)
        line = next(line for line in out.stderr.splitlines() if "Collected" in line)
        counts.append(int(line.split()[-1]))
    return (counts[1] - counts[0]) // (2000 - 1)


if __name__ == "__main__":
    main()
