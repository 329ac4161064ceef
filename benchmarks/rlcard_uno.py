"""RLCard's UNO game, driven through its raw game object with random legal
actions, served to benchmarks/compare.py in chunks.

    python rlcard_uno.py PLAYERS SEED

Reads a number of rounds per line on standard input, plays that many RLCard
games (rounds) and answers one JSON line: {"seconds", "rounds", "turns"}.
Runs inside the benchmark's own environment, where rlcard==1.2.0 is
installed (benchmarks/compare.py makes it); unodsl is not imported here.
"""
from __future__ import annotations

import json
import random
import sys
import time

from rlcard.games.uno.game import UnoGame


def serve(players: int, seed: int) -> None:
    game = UnoGame(num_players=players)
    game.np_random.seed(seed)
    rng = random.Random(seed)
    for line in sys.stdin:
        rounds, turns = int(line), 0
        start = time.perf_counter()
        for _ in range(rounds):
            game.init_game()
            while not game.is_over():
                game.step(rng.choice(game.get_legal_actions()))
                turns += 1
        seconds = time.perf_counter() - start
        print(json.dumps({"seconds": seconds, "rounds": rounds, "turns": turns}), flush=True)


if __name__ == "__main__":
    serve(int(sys.argv[1]), int(sys.argv[2]))
