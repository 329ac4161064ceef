"""A pytest plugin: do the collected tests kill these mutants? For the tests written after a
mutation run, checked against the mutants it left alive, without a new `mutmut run`; and for
a whole run on one core, faster than `mutmut run` (see docs/mutation.md).

    cd mutants && MUTANTS=list.txt KILLS=out.txt PYTHONPATH=.:tests \\
        python -m pytest -p mutation_tools.check_kills -q -p no:randomly TEST_FILES...

`list.txt` names one mutant a line (as `score.py --survivors` prints them, the name last);
each gets a line `VERDICT NAME SECONDS [TEST]` in `out.txt`: `killed` (with the first test
that failed), `survived`, `no-tests` (no collected test reaches it) or `stopped` (CPU_CAP
reached); SECONDS is the CPU time the mutant took. Run it in `mutants/`, where mutmut left
the mutated copy, with a python that has mutmut. As `mutmut run` does, the tests are
collected once (what they build at import is built with no mutant on) and each mutant runs
in a forked child, stopped at its first failing test: nothing a mutant changes is seen by the
next. Optional: REACHING=mutmut-stats.json runs, for each mutant, only the tests mutmut saw
reach its function (and every test in a file it does not know, written since), quickest
first; CPU_CAP=SECONDS stops a child after that much CPU (`stopped`); RESUME=1 skips the
mutants `out.txt` already has a verdict for (a run stopped and started again).

The verdict is the one `mutmut run` gives (killed if any of those tests fails, survived if
all pass); only the order differs: the tests that killed a mutant of the same function, then
those that killed the last mutants, then those that killed the most (SEED_KILLS=out.txt:...
counts the kills of earlier runs too), go first, so a killed mutant mostly dies in its first
test.
"""
from __future__ import annotations

import gc
import json
import os
import re
import resource
from collections import Counter

from _pytest.runner import runtestprotocol

_RECENT = 40  # the tests that killed the last mutants, tried first
_MOST = 300  # then the tests that killed the most mutants so far


def pytest_runtestloop(session):
    names = [line.split()[-1] for line in open(os.environ["MUTANTS"], encoding="utf-8") if line.strip()]
    if os.environ.get("RESUME") and os.path.exists(os.environ["KILLS"]):  # go on after a stop
        done = {line.split()[1] for line in open(os.environ["KILLS"], encoding="utf-8") if len(line.split()) > 1}
        names = [name for name in names if name not in done]
    stats = json.load(open(os.environ["REACHING"], encoding="utf-8")) if os.environ.get("REACHING") else None
    if stats:
        duration = stats.get("duration_by_test", {})
        session.items.sort(key=lambda item: duration.get(item.nodeid, 0.0))
    by_function: dict[str, list[str]] = {}
    recent: list[str] = []
    kills: Counter = Counter()  # test -> mutants it killed (SEED_KILLS: earlier runs' out.txt files)
    for path in filter(None, os.environ.get("SEED_KILLS", "").split(":")):
        kills.update(line.split()[3] for line in open(path, encoding="utf-8") if len(line.split()) > 3)
    gc.freeze()  # (the forked children then copy less)
    with open(os.environ["KILLS"], "a", encoding="utf-8", buffering=1) as out:
        for name in names:
            function = _function(name)
            most = [test for test, _ in kills.most_common(_MOST)]
            items = _ordered(_tests_for(name, session.items, stats), by_function.get(function, []) + recent + most)
            verdict, seconds, killer = _verdict(name, items)
            out.write(f"{verdict} {name} {seconds:.1f}" + (f" {killer}" if killer else "") + "\n")
            if killer:
                kills[killer] += 1
                kept = by_function.setdefault(function, [])
                if killer not in kept:
                    kept.insert(0, killer)
                if killer in recent:
                    recent.remove(killer)
                recent.insert(0, killer)
                del recent[_RECENT:]
    return True  # (the tests have been run: pytest's own loop is skipped)


def _function(name: str) -> str:
    return re.sub(r"__mutmut_\d+$", "", name)


def _tests_for(name: str, items: list, stats: dict | None) -> list:
    if stats is None:
        return items
    reaching = stats["tests_by_mangled_function_name"]
    known_files = {test.split("::")[0] for tests in reaching.values() for test in tests}
    wanted = set(reaching.get(_function(name), ()))
    return [item for item in items if item.nodeid in wanted or item.nodeid.split("::")[0] not in known_files]


def _ordered(items: list, first: list[str]) -> list:
    rank = {nodeid: i for i, nodeid in reversed(list(enumerate(first)))}
    front = sorted((item for item in items if item.nodeid in rank), key=lambda item: rank[item.nodeid])
    return front + [item for item in items if item.nodeid not in rank]


def _verdict(name: str, items: list) -> tuple[str, float, str]:
    if not items:
        return "no-tests", 0.0, ""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read)
        _run_with_mutant(name, items, write)
    os.close(write)
    with os.fdopen(read, encoding="utf-8") as pipe:
        killer = pipe.read().strip()
    _, status, usage = os.wait4(pid, 0)
    code = os.waitstatus_to_exitcode(status)
    verdict = {1: "killed", 0: "survived"}.get(code, "stopped")
    return verdict, usage.ru_utime + usage.ru_stime, killer if verdict == "killed" else ""


def _run_with_mutant(name: str, items: list, pipe: int) -> None:
    """In the forked child: the mutant on, the tests until one fails; never returns."""
    from mutmut.mutation.trampoline import set_mutant_under_test
    set_mutant_under_test(name)
    if os.environ.get("CPU_CAP"):
        cap = int(os.environ["CPU_CAP"])
        resource.setrlimit(resource.RLIMIT_CPU, (cap, cap + 5))
    for item, nextitem in zip(items, [*items[1:], None]):  # (fixtures kept while the next test shares them)
        if any(report.failed for report in runtestprotocol(item, nextitem=nextitem, log=False)):
            os.write(pipe, item.nodeid.encode("utf-8"))
            os._exit(1)
    os._exit(0)
