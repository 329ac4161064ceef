"""Trains a small policy on an edition against random opponents, numpy only, and draws its learning curve.

    python benchmarks/train_policy.py [--minutes 4] [--episodes N] [--edition classic] [--players 2]
                                      [--eval-every 4000] [--eval-episodes 1000] [--out docs/rl-learning-curve]

The learner is one seat of `unodsl.rl.SingleAgentEnv(edition, players, opponents="random")`:
a one-hidden-layer softmax policy over the observation (standardised by running means and
deviations), its logits masked by the action mask, trained by REINFORCE with a baseline
(the running mean of the episode's return, reward "win") and Adam, a batch of episodes per
update. Every --eval-every episodes its greedy policy (the likeliest legal action) plays
--eval-episodes episodes on a fixed set of seeds (the same each time, none of them used in
training) and its win rate is written with its Wilson interval (95%). The fair share against
random opponents is 1/players. Writes OUT.csv (one row an evaluation) and OUT.png (the
curve, with its interval and the fair share; matplotlib, the `plots` extra).
"""
from __future__ import annotations

import argparse
import csv
import sys
import time
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from unodsl.sim.stats import wilson  # noqa: E402

EVAL_SEED = 1_000_000  # evaluation seeds start here; training seeds stay below
BACKEND = "numpy"


class Standardiser:
    """Running mean and variance of the observations (Welford's, batch by batch): the
    observation mixes counts of faces with hand sizes, whose scales differ tenfold."""

    def __init__(self, size: int):
        self.count, self.mean, self.square = 1e-4, np.zeros(size), np.ones(size)

    def update(self, batch: np.ndarray) -> None:
        n, mean = len(batch), batch.mean(axis=0)
        delta, total = mean - self.mean, self.count + len(batch)
        self.mean = self.mean + delta * n / total
        self.square = self.square + batch.var(axis=0) * n + delta ** 2 * self.count * n / total
        self.count = total

    def __call__(self, x: np.ndarray) -> np.ndarray:
        return (x - self.mean) / np.sqrt(self.square / self.count + 1e-8)


class Policy:
    """Masked softmax over actions from one tanh hidden layer (none when hidden is 0: linear)."""

    def __init__(self, inputs: int, actions: int, hidden: int, rng: np.random.Generator):
        if hidden:
            self.params = {"w1": rng.normal(0, 1 / np.sqrt(inputs), (inputs, hidden)), "b1": np.zeros(hidden),
                           "w2": rng.normal(0, 0.01, (hidden, actions)), "b2": np.zeros(actions)}
        else:
            self.params = {"w2": rng.normal(0, 0.01, (inputs, actions)), "b2": np.zeros(actions)}

    def forward(self, x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(hidden activations, logits) of a batch of standardised observations."""
        p = self.params
        h = np.tanh(x @ p["w1"] + p["b1"]) if "w1" in p else x
        return h, h @ p["w2"] + p["b2"]

    def probabilities(self, x: np.ndarray, masks: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        h, logits = self.forward(x)
        logits = np.where(masks > 0, logits, -np.inf)
        logits -= logits.max(axis=-1, keepdims=True)
        e = np.exp(logits)
        return h, e / e.sum(axis=-1, keepdims=True)

    def gradients(self, x, masks, actions, advantages) -> dict:
        """The gradient of the mean of advantage × log π(action) (ascent direction)."""
        h, probs = self.probabilities(x, masks)
        d_logits = -probs
        d_logits[np.arange(len(actions)), actions] += 1.0
        d_logits *= advantages[:, None] / len(actions)
        grads = {"w2": h.T @ d_logits, "b2": d_logits.sum(axis=0)}
        if "w1" in self.params:
            d_h = (d_logits @ self.params["w2"].T) * (1 - h ** 2)
            grads.update(w1=x.T @ d_h, b1=d_h.sum(axis=0))
        return grads


class Adam:
    def __init__(self, params: dict, lr: float, betas=(0.9, 0.999)):
        self.lr, self.betas, self.t = lr, betas, 0
        self.m = {k: np.zeros_like(v) for k, v in params.items()}
        self.v = {k: np.zeros_like(v) for k, v in params.items()}

    def ascend(self, params: dict, grads: dict) -> None:
        self.t += 1
        b1, b2 = self.betas
        for k, g in grads.items():
            self.m[k] = b1 * self.m[k] + (1 - b1) * g
            self.v[k] = b2 * self.v[k] + (1 - b2) * g * g
            m_hat, v_hat = self.m[k] / (1 - b1 ** self.t), self.v[k] / (1 - b2 ** self.t)
            params[k] += self.lr * m_hat / (np.sqrt(v_hat) + 1e-8)


class Learner:
    """The policy, its standardiser and optimiser; picks actions and learns from batches of episodes."""

    def __init__(self, inputs: int, actions: int, hidden: int, lr: float, seed: int):
        self.rng = np.random.default_rng(seed)
        self.policy = Policy(inputs, actions, hidden, self.rng)
        self.standardise = Standardiser(inputs)
        self.adam = Adam(self.policy.params, lr)
        self.baseline = 0.0

    def act(self, observation: dict, greedy: bool) -> int:
        x = self.standardise(observation["observation"][None, :])
        _, probs = self.policy.probabilities(x, observation["action_mask"][None, :])
        if greedy:
            return int(np.argmax(probs[0]))
        return int(min(np.searchsorted(np.cumsum(probs[0]), self.rng.random()), len(probs[0]) - 1))

    def learn(self, episodes: list[tuple[list, list, list, float]]) -> None:
        """REINFORCE over a batch of (observations, masks, actions, return) with the running-mean baseline."""
        xs = np.concatenate([np.array(e[0]) for e in episodes])
        masks = np.concatenate([np.array(e[1]) for e in episodes])
        actions = np.concatenate([np.array(e[2]) for e in episodes])
        returns = np.concatenate([np.full(len(e[2]), e[3]) for e in episodes])
        self.standardise.update(xs)
        advantages = returns - self.baseline
        self.baseline += 0.05 * (np.mean([e[3] for e in episodes]) - self.baseline)
        self.adam.ascend(self.policy.params, self.policy.gradients(self.standardise(xs), masks, actions, advantages))


def play_episode(env, learner: Learner, seed: int, greedy: bool):
    """One episode: (observations, masks, actions, final reward)."""
    observation, _ = env.reset(seed=seed)
    xs, masks, actions, total = [], [], [], 0.0
    while True:
        action = learner.act(observation, greedy)
        if not greedy:
            xs.append(observation["observation"])
            masks.append(observation["action_mask"])
            actions.append(action)
        observation, reward, terminated, truncated, _ = env.step(action)
        total += reward
        if terminated or truncated:
            return xs, masks, actions, total


def evaluate(env, learner: Learner, episodes: int):
    """The greedy policy's wins (a positive return) over the fixed evaluation seeds, with Wilson's interval."""
    wins = sum(play_episode(env, learner, EVAL_SEED + i, greedy=True)[3] > 0 for i in range(episodes))
    return wilson(wins, episodes)


def train(args) -> list[dict]:
    import unodsl.rl
    env = unodsl.rl.SingleAgentEnv(args.edition, players=args.players, opponents="random")
    observation, _ = env.reset(seed=0)
    learner = Learner(len(observation["observation"]), len(observation["action_mask"]), args.hidden, args.lr,
                      args.seed)
    rows, batch, episode, start = [], [], 0, time.process_time()

    def record():
        rate = evaluate(env, learner, args.eval_episodes)
        rows.append({"episodes": episode, "cpu_seconds": round(time.process_time() - start, 1),
                     "win_rate": round(rate.value, 4), "low": round(rate.low, 4), "high": round(rate.high, 4)})
        print(f"{episode:>8} episodes  {rows[-1]['cpu_seconds']:>7.1f} s  win rate {rate.value:.3f} "
              f"({rate.low:.3f}-{rate.high:.3f})", flush=True)

    record()
    deadline = start + args.minutes * 60
    while episode < args.episodes and time.process_time() < deadline:
        batch.append(play_episode(env, learner, int(learner.rng.integers(EVAL_SEED)), greedy=False))
        episode += 1
        if len(batch) == args.batch:
            learner.learn(batch)
            batch = []
        if episode % args.eval_every == 0:
            record()
    if not rows or rows[-1]["episodes"] != episode:
        record()
    return rows


def write_csv(rows: list[dict], path: Path) -> None:
    with path.open("w", newline="", encoding="utf-8") as f:
        writer = csv.DictWriter(f, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)


def plot(rows: list[dict], path: Path, args) -> None:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    episodes = [r["episodes"] for r in rows]
    fig, ax = plt.subplots(figsize=(7, 4))
    ax.fill_between(episodes, [r["low"] for r in rows], [r["high"] for r in rows], alpha=0.25,
                    label="95% interval (Wilson)")
    ax.plot(episodes, [r["win_rate"] for r in rows], marker="o", label="win rate, greedy policy")
    ax.axhline(1 / args.players, color="grey", linestyle="--", label=f"fair share ({1 / args.players:.0%})")
    ax.set_xlabel("training episodes")
    ax.set_ylabel(f"win rate over {args.eval_episodes} fixed seeds")
    ax.set_title(f"{args.edition}, {args.players} players: REINFORCE ({BACKEND}) against random opponents")
    ax.legend(loc="lower right")
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--edition", default="classic")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--minutes", type=float, default=4.0, help="CPU minutes of training at most")
    parser.add_argument("--episodes", type=int, default=10 ** 9, help="training episodes at most")
    parser.add_argument("--eval-every", type=int, default=4000, help="episodes between evaluations")
    parser.add_argument("--eval-episodes", type=int, default=1000, help="episodes of each evaluation")
    parser.add_argument("--batch", type=int, default=32, help="episodes per update")
    parser.add_argument("--hidden", type=int, default=64, help="hidden units (0: a linear policy)")
    parser.add_argument("--lr", type=float, default=3e-3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=Path("rl-learning-curve"),
                        help="writes OUT.csv and OUT.png")
    args = parser.parse_args()
    print(f"backend: {BACKEND}; {args.edition}, {args.players} players, against random opponents")
    rows = train(args)
    write_csv(rows, args.out.with_suffix(".csv"))
    plot(rows, args.out.with_suffix(".png"), args)
    last = rows[-1]
    print(f"final: {last['win_rate']:.1%} ({last['low']:.1%}-{last['high']:.1%}) over {args.eval_episodes} "
          f"episodes after {last['episodes']} training episodes; wrote {args.out.with_suffix('.csv')} "
          f"and {args.out.with_suffix('.png')}")


if __name__ == "__main__":
    main()
