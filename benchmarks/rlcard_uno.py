"""RLCard's UNO game, played with unodsl's random policy as far as RLCard's rules allow.

    python rlcard_uno.py serve PLAYERS SEED   # for benchmarks/compare.py: chunks on request
    python rlcard_uno.py play ROUNDS          # plays ROUNDS rounds; prints "rounds turns"

`serve` reads a number of rounds per line on standard input, plays that many
RLCard games (rounds) and answers one JSON line: {"seconds" (CPU time of this
process), "rounds", "turns"}. `play` is what benchmarks/instructions.py counts
instructions of. Runs inside the benchmark's own environment, where
rlcard==1.2.0 is installed (benchmarks/compare.py makes it); unodsl is not
imported here.

The game object is driven through its own interface (init_game, step, whose
answer carries the next player's legal actions), as RLCard's environment does.
The policy is unodsl's RandomAgent's where RLCard has the same choice: a
playable card picked uniformly among the cards of the hand (RLCard lists a
Wild as four actions, one per colour, and two alike cards as two), a Wild's
colour uniformly, a draw only when no card goes. RLCard has no UNO call, no
catch, no challenge and no choice about a drawn card (one of the colour in
play, or a Wild, is played at once; one that matches by number only is
kept), and a Wild Draw Four is legal only when no other card goes: those
choices cannot be matched.
"""
from __future__ import annotations

import json
import random
import sys
import time

from rlcard.games.uno.game import UnoGame

COLOURS = ("r", "g", "b", "y")
WILD_TRAITS = ("wild", "wild_draw_4")


def pick(game: UnoGame, legal: list[str], rng: random.Random) -> str:
    """A uniformly chosen playable card of the hand (a Wild's colour uniformly); "draw" when none goes."""
    if legal[0] == "draw":
        return "draw"
    allowed = set(legal)
    hand = game.players[game.round.current_player].hand
    playable = [card for card in hand
                if (f"r-{card.trait}" in allowed if card.trait in WILD_TRAITS else card.str in allowed)]
    card = playable[int(rng.random() * len(playable))]
    if card.trait in WILD_TRAITS:
        return f"{COLOURS[int(rng.random() * 4)]}-{card.trait}"
    return card.str


def play_round(game: UnoGame, rng: random.Random) -> int:
    """One RLCard game (a round of UNO); its turns."""
    state, _player = game.init_game()
    turns = 0
    while not game.is_over():
        state, _player = game.step(pick(game, state["legal_actions"], rng))
        turns += 1
    return turns


def new_game(players: int, seed: int) -> tuple[UnoGame, random.Random]:
    game = UnoGame(num_players=players)
    game.np_random.seed(seed)
    return game, random.Random(seed)


def serve(players: int, seed: int) -> None:
    game, rng = new_game(players, seed)
    for line in sys.stdin:
        rounds, turns = int(line), 0
        start = time.process_time()
        for _ in range(rounds):
            turns += play_round(game, rng)
        seconds = time.process_time() - start
        print(json.dumps({"seconds": seconds, "rounds": rounds, "turns": turns}), flush=True)


def play(rounds: int) -> None:
    game, rng = new_game(4, 1)
    print(rounds, sum(play_round(game, rng) for _ in range(rounds)))


if __name__ == "__main__":
    if sys.argv[1] == "serve":
        serve(int(sys.argv[2]), int(sys.argv[3]))
    else:
        play(int(sys.argv[2]))
