"""--games is streamed and --workers capped (issue 10): a run holds a few chunks of
games at a time whatever its length, and never starts more workers than it can use."""
from __future__ import annotations

import itertools
import time

from unodsl.sim import parallel
from unodsl.sim.parallel import MAX_WORKERS, available_cores, chunks, worker_limit

from cli_helpers import no_traceback, run


def test_game_ranges_are_made_as_they_are_asked_for():
    assert not isinstance(chunks(10**6, 1), list)
    start = time.perf_counter()
    first = list(itertools.islice(chunks(10**12, 2), 3))
    assert first == [(0, 100), (100, 200), (200, 300)]
    assert time.perf_counter() - start < 0.5


def test_only_a_window_of_chunks_is_under_way():
    submitted = []

    def submit(start, stop):
        submitted.append(start)
        return lambda: (start, stop)

    results = parallel._in_order(submit, chunks(10**12, 2), window=4)
    assert list(itertools.islice(results, 3)) == [(0, 100), (100, 200), (200, 300)]
    assert len(submitted) <= 4 + 3  # not the 10**10 ranges of the run


def test_workers_are_capped_by_cores_chunks_and_an_absolute_maximum():
    assert worker_limit(1, 5) == (1, None)
    allowed, reason = worker_limit(1000, 5)
    assert allowed == min(available_cores(), 5) and reason
    assert worker_limit(10**6, 10**9, "ray") == (MAX_WORKERS, f"at most {MAX_WORKERS}")
    assert worker_limit(100, 3, "ray") == (3, "the chunks of 3 games")


def test_a_thousand_workers_for_five_games_finish_promptly():
    start = time.perf_counter()
    result = run("simulate", "classic", "--games", "5", "--workers", "1000", "--no-timing")
    no_traceback(result)
    assert result.exit_code == 0
    assert f"--workers 1000: playing with {min(available_cores(), 5)}" in result.stderr
    assert "5 games" in result.stdout
    assert time.perf_counter() - start < 60
