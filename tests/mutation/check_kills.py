"""A pytest plugin: do the collected tests kill these mutants? For the tests written after a
mutation run, checked against the mutants it left alive, without a new `mutmut run`.

    cd mutants && MUTANTS=list.txt KILLS=out.txt PYTHONPATH=.:tests \\
        python -m pytest -p mutation.check_kills -q -p no:randomly tests/mutation

`list.txt` names one mutant a line (as `score.py --survivors` prints them); each gets a line
`killed NAME`, `survived NAME` or `stopped NAME` in `out.txt`. Run it in `mutants/`, where
mutmut left the mutated copy, with a python that has mutmut. As `mutmut run` does, the tests
are collected once (what they build at import is built with no mutant on) and each mutant
runs in a forked child, stopped at its first failing test: nothing a mutant changes is
seen by the next. Optional: REACHING=mutmut-stats.json runs, for each mutant, only the
tests mutmut saw reach its function (and every test in a file it does not know, written
since), quickest first; CPU_CAP=SECONDS stops a child after that much CPU (`stopped`).
"""
from __future__ import annotations

import json
import os
import re

from _pytest.runner import runtestprotocol


def pytest_runtestloop(session):
    names = [line.split()[-1] for line in open(os.environ["MUTANTS"], encoding="utf-8") if line.strip()]
    stats = json.load(open(os.environ["REACHING"], encoding="utf-8")) if os.environ.get("REACHING") else None
    if stats:
        duration = stats.get("duration_by_test", {})
        session.items.sort(key=lambda item: duration.get(item.nodeid, 0.0))
    with open(os.environ["KILLS"], "a", encoding="utf-8", buffering=1) as out:
        for name in names:
            items = _tests_for(name, session.items, stats)
            out.write(f"{_verdict(name, items)} {name}\n")
    return True  # (the tests have been run: pytest's own loop is skipped)


def _tests_for(name: str, items: list, stats: dict | None) -> list:
    if stats is None:
        return items
    reaching = stats["tests_by_mangled_function_name"]
    known_files = {test.split("::")[0] for tests in reaching.values() for test in tests}
    wanted = set(reaching.get(re.sub(r"__mutmut_\d+$", "", name), ()))
    return [item for item in items if item.nodeid in wanted or item.nodeid.split("::")[0] not in known_files]


def _verdict(name: str, items: list) -> str:
    if not items:
        return "survived"  # (no test reaches it: mutmut's "no tests")
    pid = os.fork()
    if pid == 0:
        _run_with_mutant(name, items)
    _, status = os.waitpid(pid, 0)
    code = os.waitstatus_to_exitcode(status)
    return {1: "killed", 0: "survived"}.get(code, "stopped")


def _run_with_mutant(name: str, items: list) -> None:
    """In the forked child: the mutant on, the tests until one fails; never returns."""
    from mutmut.mutation.trampoline import set_mutant_under_test
    set_mutant_under_test(name)
    if os.environ.get("CPU_CAP"):
        import resource
        cap = int(os.environ["CPU_CAP"])
        resource.setrlimit(resource.RLIMIT_CPU, (cap, cap + 5))
    for item in items:
        if any(report.failed for report in runtestprotocol(item, nextitem=None, log=False)):
            os._exit(1)
    os._exit(0)
