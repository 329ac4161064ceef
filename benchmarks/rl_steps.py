"""Environment steps per second of a random legal policy: unodsl's RL environments against RLCard's UNO, in one run.

    python benchmarks/rl_steps.py [--steps 200000] [--block 5000] [--edition classic] [--players 2] [--no-rlcard]
                                  [--json] [--readme]

Settings: one process, a uniformly random legal policy on every seat, read as an
agent reads it each step, episodes (rounds) one after the other (unodsl's from seeds
0, 1, 2, ...; RLCard's from one generator, seeded 0).
- RLCard: rlcard==1.2.0's `rlcard.make("uno")` at --players players (its default
  is 2); an action drawn uniformly from `state["legal_actions"]`; one `env.step` is
  one step (its state, observation planes included, comes back from every step);
- unodsl AEC: `unodsl.rl.env(edition, players)`, the PettingZoo environment; each
  step reads `env.last()` (observation and action mask) and draws an action
  uniformly among the mask's ones; one `env.step` with an action is one step (the
  `None` steps PettingZoo asks of finished agents are played but not counted);
- unodsl single-agent: `unodsl.rl.SingleAgentEnv(edition, players)`, one learning seat
  against random opponents; one `step` is one step (its opponents' moves inside it are not
  counted: a step costs what one agent's move costs, and waits on the others').

Each environment plays about --steps steps in blocks of about --block steps taken in
turn (which goes first changes from cycle to cycle), each block timed by the CPU time of
the process: the ups and downs of a shared machine fall on all alike. A figure is an
environment's steps over its CPU seconds; beside each ratio, the ratio of the blocks played
one after the other gives its spread (median and middle half). unodsl's steps are finer
than RLCard's (an UNO call, a catch, a challenge and the choice about a drawn card are
steps of their own; RLCard has none of them), so steps per episode are printed too.

The target (issue 30): unodsl's AEC environment at least 3x RLCard's steps per second.
`--readme` writes the figures as a table into README.md between its markers.
"""
from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

TARGET = 3.0  # unodsl's AEC steps per second at least 3x RLCard's
NAMES = {"aec": "unodsl AEC (unodsl.rl.env)",
         "aec_play": "unodsl AEC, drawing only when no card goes (RLCard's rule)", "single": "unodsl single-agent (unodsl.rl.SingleAgentEnv)",
         "rlcard": "RLCard 1.2.0 (rlcard.make(\"uno\"))"}


class Stepper:
    """Steps one environment block by block and keeps, block by block, the CPU seconds, steps and episodes."""

    name = ""

    def __init__(self):
        self.blocks: list[tuple[float, int, int]] = []
        self.rng = random.Random(1)
        self.seed = 0

    def block(self, steps: int) -> None:
        start = time.process_time()
        episodes = self.play(steps)
        self.blocks.append((time.process_time() - start, steps, episodes))

    def play(self, steps: int) -> int:
        """Takes `steps` steps (an episode cut by the block's end goes on in the next block); episodes ended."""
        raise NotImplementedError

    def next_seed(self) -> int:
        self.seed += 1
        return self.seed - 1

    def figures(self) -> dict:
        seconds = sum(b[0] for b in self.blocks)
        steps = sum(b[1] for b in self.blocks)
        episodes = sum(b[2] for b in self.blocks)
        return {"steps": steps, "episodes": episodes, "steps_per_second": steps / seconds,
                "steps_per_episode": steps / episodes if episodes else None}

    def per_block(self) -> list[float]:
        """Steps per CPU second of each block."""
        return [steps / seconds for seconds, steps, _ in self.blocks]


def pick(mask: np.ndarray, rng: random.Random) -> int:
    """An action drawn uniformly among the mask's ones."""
    legal = np.flatnonzero(mask)
    return int(legal[int(rng.random() * len(legal))])


class RLCard(Stepper):
    name = "rlcard"

    def __init__(self, players: int):
        super().__init__()
        import rlcard
        self.env = rlcard.make("uno", config={"game_num_players": players, "seed": 0})
        self.state = None

    def play(self, steps: int) -> int:
        env, rng, episodes = self.env, self.rng, 0
        state = self.state
        for _ in range(steps):
            if state is None:  # (seeded once, at make: a new generator each episode would cost it 3%)
                state, _ = env.reset()
            legal = list(state["legal_actions"])
            state, _ = env.step(legal[int(rng.random() * len(legal))])
            if env.is_over():
                state, episodes = None, episodes + 1
        self.state = state
        return episodes


class AEC(Stepper):
    name = "aec"

    def __init__(self, edition: str, players: int):
        super().__init__()
        import unodsl.rl
        self.env = unodsl.rl.env(edition, players=players)
        self.env.reset(seed=self.next_seed())

    def play(self, steps: int) -> int:
        env, rng, episodes, taken = self.env, self.rng, 0, 0
        while taken < steps:
            if not env.agents:
                env.reset(seed=self.next_seed())
                episodes += 1
            observation, _reward, terminated, truncated, _info = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            env.step(self.choose(observation["action_mask"], rng))
            taken += 1
        return episodes

    def choose(self, mask: np.ndarray, rng: random.Random) -> int:
        """The policy: uniform over the mask."""
        return pick(mask, rng)


class AECPlayFirst(AEC):
    """The AEC environment with RLCard's legal actions for a turn: a card when one goes,
    a draw only when none does (uniform among the rest otherwise). unodsl lets a player
    draw at any turn, so a policy uniform over the mask draws half the time and its hands
    grow; this one plays rounds as RLCard's do."""

    name = "aec_play"

    def __init__(self, edition: str, players: int):
        super().__init__(edition, players)
        self.draw = self.env.encoding.actions.index("turn: draw")

    def choose(self, mask: np.ndarray, rng: random.Random) -> int:
        """Uniform over the mask, the draw left out when anything else is allowed."""
        legal = np.flatnonzero(mask)
        if len(legal) > 1 and mask[self.draw]:
            legal = legal[legal != self.draw]
        return int(legal[int(rng.random() * len(legal))])


class SingleAgent(Stepper):
    name = "single"

    def __init__(self, edition: str, players: int):
        super().__init__()
        import unodsl.rl
        self.env = unodsl.rl.SingleAgentEnv(edition, players=players, opponents="random")
        self.observation, _ = self.env.reset(seed=self.next_seed())

    def play(self, steps: int) -> int:
        env, rng, episodes = self.env, self.rng, 0
        observation = self.observation
        for _ in range(steps):
            observation, _reward, terminated, truncated, _info = env.step(pick(observation["action_mask"], rng))
            if terminated or truncated:
                observation, _ = env.reset(seed=self.next_seed())
                episodes += 1
        self.observation = observation
        return episodes


def play_in_turn(steppers: list[Stepper], steps: int, block: int) -> None:
    """Each environment takes about `steps` steps, in blocks of `block` taken in turn
    (the first to play in a cycle changes from cycle to cycle)."""
    for stepper in steppers:  # warm up: imports, caches, the first episodes
        stepper.play(block)
    cycle = 0
    while min(sum(b[1] for b in s.blocks) for s in steppers) < steps:
        first = cycle % len(steppers)
        for stepper in steppers[first:] + steppers[:first]:
            stepper.block(block)
        cycle += 1


def paired(ours: Stepper, theirs: Stepper) -> tuple[float, float, float]:
    """Quartiles (first, median, third) of the block-by-block ratio of steps per second,
    ours over theirs: block i of each was played one after the other."""
    ratios = [a / b for a, b in zip(ours.per_block(), theirs.per_block())]
    if len(ratios) < 2:
        return ratios[0], ratios[0], ratios[0]
    first, median, third = statistics.quantiles(ratios, n=4)
    return first, median, third


def measure(edition: str, players: int, steps: int, block: int, with_rlcard: bool) -> dict:
    steppers: list[Stepper] = [AEC(edition, players), AECPlayFirst(edition, players), SingleAgent(edition, players)]
    if with_rlcard:
        steppers.append(RLCard(players))
    play_in_turn(steppers, steps, block)
    by_name = {s.name: s for s in steppers}
    results = {"edition": edition, "players": players, "steps": steps, "block": block,
               "figures": {s.name: s.figures() for s in steppers}, "ratios": {}}
    if with_rlcard:
        for name in ("aec", "aec_play", "single"):
            figures = results["figures"]
            results["ratios"][name] = {
                "ratio": figures[name]["steps_per_second"] / figures["rlcard"]["steps_per_second"],
                "quartiles": paired(by_name[name], by_name["rlcard"])}
    return results


def report(results: dict) -> str:
    figures = results["figures"]
    lines = [f"{results['edition']} at {results['players']} players, a random legal policy, one process: "
             f"about {results['steps']:,} steps each by CPU time, in blocks of {results['block']:,} taken in turn"]
    for name, fig in figures.items():
        per_episode = f"{fig['steps_per_episode']:.1f}" if fig["steps_per_episode"] else "–"
        lines.append(f"  {NAMES[name]:<48} {fig['steps_per_second']:>10,.0f} steps/s  "
                     f"({per_episode} steps per episode)")
    for name, ratio in results["ratios"].items():
        low, median, high = ratio["quartiles"]
        line = (f"  {NAMES[name]} / RLCard: {ratio['ratio']:.2f}x the steps per second "
                f"(block by block: median {median:.2f}x, middle half {low:.2f}-{high:.2f}x)")
        if name == "aec":
            line += f"; target >= {TARGET:.0f}x: {'met' if ratio['ratio'] >= TARGET else 'not met'}"
        lines.append(line)
    return "\n".join(lines)


def table(results: dict) -> str:
    """The figures as README's table, with the ratios below it."""
    rows = [f"| {results['edition']}, {results['players']} players, random legal policy | steps/s | steps/episode |",
            "|---|---:|---:|"]
    for name, fig in results["figures"].items():
        per_episode = f"{fig['steps_per_episode']:.1f}" if fig["steps_per_episode"] else "–"
        rows.append(f"| {NAMES[name]} | {fig['steps_per_second']:,.0f} | {per_episode} |")
    rows += ["", f"One process, about {results['steps']:,} steps each by CPU time in blocks of {results['block']:,} "
                 "taken in turn (`python benchmarks/rl_steps.py --readme`)."]
    for name, ratio in results["ratios"].items():
        low, median, high = ratio["quartiles"]
        rows.append(f"- {NAMES[name]}: {ratio['ratio']:.2f}× RLCard's steps per second (block by block: median "
                    f"{median:.2f}×, middle half {low:.2f}–{high:.2f}×)"
                    + (f" (target ≥ {TARGET:.0f}×)." if name == "aec" else "."))
    return "\n".join(rows)


def rlcard_installed() -> bool:
    try:
        import rlcard  # noqa: F401
    except ImportError:
        return False
    return True


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=200000, help="steps each environment takes (about)")
    parser.add_argument("--block", type=int, default=5000, help="steps per turn of each environment")
    parser.add_argument("--edition", default="classic", help="unodsl's edition (RLCard has only its own UNO)")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--no-rlcard", action="store_true", help="leave RLCard out")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--readme", action="store_true", help="write the table into README.md")
    args = parser.parse_args()
    with_rlcard = not args.no_rlcard
    if with_rlcard and not rlcard_installed():
        raise SystemExit("rlcard is not installed (pip install 'unodsl[bench]'), or run with --no-rlcard")
    results = measure(args.edition, args.players, args.steps, args.block, with_rlcard)
    print(json.dumps(results, indent=2) if args.json else report(results))
    if args.readme:
        from compare import write_readme  # (benchmarks/compare.py: the README's tables)

        write_readme(table(results), "rl-bench")


if __name__ == "__main__":
    main()
