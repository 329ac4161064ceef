"""RLCard's UNO game, driven through its raw game object with random legal
actions: rounds (RLCard games) per second and turns per round, as JSON.

Runs inside the benchmark's own environment, where rlcard==1.2.0 is
installed (benchmarks/compare.py makes it); unodsl is not imported here.
"""
from __future__ import annotations

import json
import random
import sys
import time

from rlcard.games.uno.game import UnoGame


def main(players: int, rounds: int, seed: int) -> None:
    game = UnoGame(num_players=players)
    game.np_random.seed(seed)
    rng = random.Random(seed)
    turns = 0
    start = time.perf_counter()
    for _ in range(rounds):
        game.init_game()
        while not game.is_over():
            game.step(rng.choice(game.get_legal_actions()))
            turns += 1
    elapsed = time.perf_counter() - start
    print(json.dumps({"rounds_per_second": rounds / elapsed, "turns_per_round": turns / rounds}))


if __name__ == "__main__":
    main(int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]))
