"""Fingerprints of the games every shipped edition plays: did a change alter any game?

    python benchmarks/fingerprints.py [--seeds 20] [--against GITREF]

For each shipped edition, alone and with each popular house rule that loads on it, matches of
seeds 0 .. --seeds-1 (2 to 5 players, random and greedy agents in turn): the whole record of a
recorded match, and the rounds of an unrecorded one (the turn loop written for the edition),
hashed together. Two checkouts that print the same fingerprint for an edition play the same
games there. --against GITREF computes them at an older commit too (in a temporary git
worktree) and lists the editions whose games changed; it exits 1 if any did.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

EDITIONS = ["classic", "classic-2018", "all-wild", "attack", "flip", "green-lantern", "harry-potter",
            "harry-potter-fr", "harry-potter-sorting-hat", "no-mercy", "veto", "triple-play", "teams",
            "classic-2018-swap-hands", "classic-rule-deck"]
# (a rule missing at the older commit, or not fitting an edition, is left out: see fingerprints)
RULES = [[], ["@progressive"], ["@jump-in"], ["@seven-zero"], ["@mercy"], ["@uno-any-time"],
         ["@progressive-mixed"], ["@uno-any-time-strict"], ["@must-play"], ["@no-bluffing"], ["@close-calls"],
         ["@crowded-table"], ["@name-a-number"], ["@doubles"]]


def fingerprints(seeds: int) -> dict[str, str]:
    import unodsl
    found = {}
    for name in EDITIONS:
        for rules in RULES:
            try:
                edition = unodsl.load_edition(name, rules=rules)
            except unodsl.EditionError:  # (a rule that does not fit the edition)
                continue
            digest = hashlib.sha256()
            low, high = edition.settings["players"]["min"], edition.settings["players"]["max"]
            for seed in range(seeds):
                players = max(low, min(2 + seed % 4, high))
                agents = ",".join(("random", "greedy")[(seat + seed) % 2] for seat in range(players))
                recorded = unodsl.Match(edition, players=players, agents=agents, seed=seed)
                digest.update(json.dumps(recorded.log, default=str, sort_keys=True).encode())
                quick = unodsl.Match(edition, players=players, agents="random", seed=seed, record=False)
                digest.update(json.dumps([quick.winner, quick.scores, [(r.winner, r.turns, r.points)
                                                                     for r in quick.results]]).encode())
            found[" ".join([name, *rules])] = digest.hexdigest()[:16]
    return found


def at_commit(ref: str, seeds: int) -> dict[str, str]:
    """The fingerprints of the checkout at `ref` (this script run there, on its own code)."""
    root = Path(__file__).resolve().parent.parent
    with tempfile.TemporaryDirectory() as folder:
        tree = Path(folder) / "older"
        subprocess.run(["git", "-C", str(root), "worktree", "add", "--detach", str(tree), ref], check=True,
                       capture_output=True)
        try:
            script = Path(__file__).resolve()
            out = subprocess.run([sys.executable, str(script), "--seeds", str(seeds), "--json"], check=True,
                                 capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(tree)},
                                 cwd=tree)
            return json.loads(out.stdout)
        finally:
            subprocess.run(["git", "-C", str(root), "worktree", "remove", "--force", str(tree)], check=False)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seeds", type=int, default=20)
    parser.add_argument("--against", help="an older commit to compare with")
    parser.add_argument("--json", action="store_true", help="print the fingerprints as JSON only")
    args = parser.parse_args()
    mine = fingerprints(args.seeds)
    if args.json:
        print(json.dumps(mine))
        return 0
    for key, value in mine.items():
        print(f"{value}  {key}")
    if not args.against:
        return 0
    older = at_commit(args.against, args.seeds)
    # (an edition or a rule the older commit does not have is new there, not changed)
    new = [key for key in mine if key not in older]
    changed = [key for key in mine if key in older and older[key] != mine[key]]
    print(f"\nagainst {args.against}: {len(mine)} editions and rule sets, {args.seeds} seeds each; "
          f"games changed: {', '.join(changed) if changed else 'none'}"
          + (f"; new since then (nothing to compare): {', '.join(new)}" if new else ""))
    return 1 if changed else 0


if __name__ == "__main__":
    sys.exit(main())
