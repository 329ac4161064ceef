"""Each shipped edition's CPU time per turn (and per round) against classic's, in one run.

    python benchmarks/editions.py [--editions veto,flip] [--turns 100000] [--chunk 10000]

Settings as in compare.py: 4 players, random agents, one process, recording off, whole
matches with seeds 0, 1, 2, ... For each edition, it, classic and the floor
(benchmarks/floor.py, classic's rules written by hand) play chunks of about --chunk turns
taken in turn (which goes first changes from chunk to chunk), until the edition has played
--turns turns; a figure is the median, over the chunks played one after the other, of the
edition's CPU time per turn over classic's (the ups and downs of a shared machine fall on
all alike), beside the middle half of those ratios, and over the floor's. Instructions per
turn (deterministic) are in benchmarks/instructions.py.

The target (issue 13): every shipped edition within 1.3x classic's time per turn.
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
from unodsl.resources import data_dir  # noqa: E402

TARGET = 1.3  # an edition's time per turn at most 1.3x classic's
EDITIONS = sorted(path.stem for path in data_dir("editions").glob("*.yaml") if path.stem != "classic")


class Player:
    """Plays whole matches of one edition, chunk by chunk, from seed 0 on."""

    def __init__(self, edition):
        self.edition, self.seed = edition, 0

    def chunk(self, turns: int) -> tuple[float, int, int]:
        """(CPU seconds, turns, rounds) of whole matches until about `turns` turns are played."""
        played = rounds = 0
        start = time.process_time()
        while played < turns:
            result = unodsl.Match(self.edition, players=4, agents="random", seed=self.seed, record=False).play()
            played += sum(r.turns for r in result.rounds)
            rounds += len(result.rounds)
            self.seed += 1
        return time.process_time() - start, played, rounds


class Floor:
    """benchmarks/floor.py's rounds, from one generator seeded 1 (as compare.py plays them)."""

    def __init__(self):
        self.rng = random.Random(1)

    def chunk(self, turns: int) -> tuple[float, int, int]:
        played = rounds = 0
        start = time.process_time()
        while played < turns:
            played += floor.play_round(self.rng, 4)
            rounds += 1
        return time.process_time() - start, played, rounds


def against_classic(name: str, turns: int, chunk: int) -> dict:
    """Ratios of `name`'s CPU time to classic's, per turn and per round, and per turn to the
    floor's, chunk by chunk."""
    edition, classic, hand_written = Player(unodsl.load_edition(name)), Player(unodsl.load_edition("classic")), Floor()
    for player in (edition, classic, hand_written):  # (warm: caches, the written loops)
        player.chunk(chunk // 5)
    players, triples, played = [edition, classic, hand_written], [], 0
    while played < turns:
        turn = len(triples) % 3
        order = players[turn:] + players[:turn]
        done = {id(player): player.chunk(chunk) for player in order}
        triples.append([done[id(player)] for player in players])
        played += triples[-1][0][1]

    def ratios(per: int, theirs: int) -> list[float]:
        return [(t[0][0] / t[0][per]) / (t[theirs][0] / t[theirs][per]) for t in triples]

    per_turn = ratios(1, 1)
    return {"turns_per_round": sum(t[0][1] for t in triples) / sum(t[0][2] for t in triples),
            "per_turn": statistics.quantiles(per_turn, n=4) if len(triples) > 1 else per_turn * 3,
            "per_round": statistics.median(ratios(2, 1)), "floor_per_turn": statistics.median(ratios(1, 2)),
            "classic_floor_per_turn": statistics.median(
                [(t[1][0] / t[1][1]) / (t[2][0] / t[2][1]) for t in triples])}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--editions", default=",".join(EDITIONS))
    parser.add_argument("--turns", type=int, default=100_000)
    parser.add_argument("--chunk", type=int, default=10_000)
    args = parser.parse_args()
    print("| edition | turns/round | × classic per turn (CPU) | middle half | × classic per round | "
          f"× floor per turn (classic's) | target ≤ {TARGET}× per turn |")
    print("|---|---:|---:|---:|---:|---:|---|")
    for name in args.editions.split(","):
        figures = against_classic(name, args.turns, args.chunk)
        low, median, high = figures["per_turn"]
        print(f"| {name} | {figures['turns_per_round']:.1f} | {median:.2f} | {low:.2f}–{high:.2f} | "
              f"{figures['per_round']:.2f} | {figures['floor_per_turn']:.2f} "
              f"({figures['classic_floor_per_turn']:.2f}) | {'met' if median <= TARGET else 'not met'} |",
              flush=True)


if __name__ == "__main__":
    main()
