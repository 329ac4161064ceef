"""The mutation score per file, from the results `mutmut run` left in mutants/.

    python tests/mutation_tools/score.py              # the table docs/mutation.md records
    python tests/mutation_tools/score.py --survivors  # every surviving mutant, for classifying
    python tests/mutation_tools/score.py --checked    # survivors a later test was checked to kill count as killed
    python tests/mutation_tools/score.py --kills K1 [--kills K2 ...] [--checked] [--survivors]
        # the verdicts tests/mutation_tools/check_kills.py wrote instead of mutmut's records
    python tests/mutation_tools/score.py --all-mutants
        # every mutant's name, those whose tests take longest first (for check_kills.py)

A mutant that survives because it changes nothing a player could see is
*equivalent*; docs/mutation.md lists each one with the reason, and the score
counts only the others: killed / (mutants - equivalent - not run).
"""
from __future__ import annotations

import json
import re
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MUTANTS = ROOT / "mutants"
DOC = ROOT / "docs" / "mutation.md"

# mutmut's exit codes (mutmut.stats.status_by_exit_code), folded into the columns we report.
STATUS = {1: "killed", 3: "killed", 37: "killed", 0: "survived", 36: "timeout", 24: "timeout",
          -24: "timeout", 152: "timeout", 255: "timeout", 5: "no tests", 33: "no tests",
          None: "not run", 2: "not run", 34: "not run"}
COLUMNS = ("mutants", "killed", "timeout", "survived", "equivalent", "no tests", "suspicious", "not run")


def equivalent_mutants() -> set[str]:
    """The mutants docs/mutation.md classifies as equivalent (table rows `| `name` | equivalent | ...`)."""
    if not DOC.exists():
        return set()
    return set(re.findall(r"^\| `([^`]+)` \| equivalent \|", DOC.read_text(encoding="utf-8"), re.M))


def timeouts_read() -> set[str]:
    """Mutants docs/mutation.md classifies as `timeout`: stopped by a CPU cap below mutmut's, and
    read to loop forever (mutmut would have stopped them at its limit: a timeout, noticed)."""
    if not DOC.exists():
        return set()
    return set(re.findall(r"^\| `([^`]+)` \| timeout \|", DOC.read_text(encoding="utf-8"), re.M))


def checked_kills() -> set[str]:
    """Survivors docs/mutation.md says a test written after the run kills (`| gap | killed by ...`):
    each was checked by running the tests against the mutant, as mutmut does."""
    if not DOC.exists():
        return set()
    return set(re.findall(r"^\| `([^`]+)` \| gap \| killed by ", DOC.read_text(encoding="utf-8"), re.M))


def results() -> dict[str, dict[str, str]]:
    """file -> mutant name -> status."""
    found = {}
    for meta in sorted(MUTANTS.rglob("*.py.meta")):
        codes = json.loads(meta.read_text(encoding="utf-8")).get("exit_code_by_key", {})
        if codes:
            name = str(meta.relative_to(MUTANTS))[: -len(".meta")]
            found[name] = {key: STATUS.get(code, "suspicious") for key, code in codes.items()}
    return found


def kills_results(paths: list[str]) -> dict[str, dict[str, str]]:
    """file -> mutant name -> status, from check_kills.py's lines `VERDICT NAME SECONDS [TEST]`
    (the mutant names from mutants/*.meta; the last line about a mutant wins, so a re-run with a
    longer CPU cap or new tests overrides). A `stopped` mutant counts as a timeout when it ran as
    long as `mutmut run` would have let it (its limit: (t + timeout_constant) x timeout_multiplier
    x 2 s of CPU, t its tests' time in mutants/mutmut-stats.json); before that, it is alive."""
    verdicts = {}
    for path in paths:
        for line in open(path, encoding="utf-8"):
            fields = line.split()
            if len(fields) >= 2:
                verdicts[fields[1]] = fields
    stats = json.loads((MUTANTS / "mutmut-stats.json").read_text(encoding="utf-8"))
    duration, reaching = stats["duration_by_test"], stats["tests_by_mangled_function_name"]
    found = {}
    for meta in sorted(MUTANTS.rglob("*.py.meta")):
        keys = json.loads(meta.read_text(encoding="utf-8")).get("exit_code_by_key", {})
        if not keys:
            continue
        statuses = found[str(meta.relative_to(MUTANTS))[: -len(".meta")]] = {}
        for key in keys:
            fields = verdicts.get(key)
            if fields is None:
                statuses[key] = "not run"
            elif fields[0] == "stopped":
                tests = reaching.get(re.sub(r"__mutmut_\d+$", "", key), ())
                limit = (sum(duration.get(t, 0.0) for t in tests) + 10.0) * 2.0 * 2
                seconds = float(fields[2]) if len(fields) > 2 else 0.0
                statuses[key] = "timeout" if seconds >= limit else "survived"
            else:
                statuses[key] = {"killed": "killed", "survived": "survived", "no-tests": "no tests"}[fields[0]]
    return found


def tally(statuses: dict[str, str], equivalent: set[str], killed_later: set[str] = frozenset()) -> Counter:
    counts = Counter(mutants=len(statuses))
    looping = timeouts_read()
    for name, status in statuses.items():
        if status == "survived" and name in looping:
            status = "timeout"
        elif status in ("survived", "no tests") and name in equivalent:
            status = "equivalent"
        elif status in ("survived", "no tests") and name in killed_later:
            status = "killed"
        counts[status] += 1
    return counts


def score(counts: Counter) -> str:
    """Killed (timeouts count as killed: the tests noticed) over the mutants that matter."""
    relevant = sum(counts[c] for c in ("killed", "timeout", "survived", "no tests", "suspicious"))
    return f"{100 * (counts['killed'] + counts['timeout']) / relevant:.1f}%" if relevant else "-"


def table(found: dict, equivalent: set[str], killed_later: set[str] = frozenset()) -> str:
    lines = ["| file | " + " | ".join(COLUMNS) + " | score |", "|---" * (len(COLUMNS) + 2) + "|"]
    total = Counter()
    for path, statuses in found.items():
        counts = tally(statuses, equivalent, killed_later)
        total += counts
        lines.append(f"| {path} | " + " | ".join(str(counts[c]) for c in COLUMNS) + f" | {score(counts)} |")
    lines.append("| **all** | " + " | ".join(str(total[c]) for c in COLUMNS) + f" | **{score(total)}** |")
    return "\n".join(lines)


def all_mutants() -> list[str]:
    """Every mutant in mutants/, those whose reaching tests take longest first: the ones a
    partial `mutmut run` (cheapest first) leaves without a result."""
    stats = json.loads((MUTANTS / "mutmut-stats.json").read_text(encoding="utf-8"))
    duration, reaching = stats["duration_by_test"], stats["tests_by_mangled_function_name"]
    names = [key for meta in sorted(MUTANTS.rglob("*.py.meta"))
             for key in sorted(json.loads(meta.read_text(encoding="utf-8")).get("exit_code_by_key", {}))]
    return sorted(names, key=lambda name: -sum(duration.get(t, 0.0)
                                               for t in reaching.get(re.sub(r"__mutmut_\d+$", "", name), ())))


def main(argv: list[str]) -> int:
    if "--all-mutants" in argv:
        print("\n".join(all_mutants()))
        return 0
    kills = [argv[i + 1] for i, arg in enumerate(argv) if arg == "--kills"]
    found = kills_results(kills) if kills else results()
    if not found:
        print("no results in mutants/: run `mutmut run` first", file=sys.stderr)
        return 1
    equivalent = equivalent_mutants()
    if "--checked" in argv:  # (with --survivors: only those no test is known to kill)
        equivalent |= checked_kills()
    if "--survivors" in argv:
        for statuses in found.values():
            for name, status in sorted(statuses.items()):
                if status in ("survived", "no tests") and name not in equivalent and name not in timeouts_read():
                    print(status, name)
        return 0
    print(table(found, equivalent_mutants(), checked_kills() if "--checked" in argv else frozenset()))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
