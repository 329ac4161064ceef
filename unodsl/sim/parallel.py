"""Games played in this process, in worker processes, or on Ray, with the same results.

Game i of a run is played with seed "SEED:i" and depends on nothing else, so
the games can be played anywhere, in any order: `run_games()` cuts the run
into chunks of consecutive games, plays them on the chosen backend and yields
the results in game order. Whatever adds them up then gets the same numbers
for 1, 2 or 64 workers.

A worker receives `Side`s, which name an edition (a name or a path, house
rules, settings) rather than carry it, and loads each edition once. Where it
may, a worker is forked from this process (see `start_method`): it starts
with the modules imported and the editions loaded here, and plays at once.
"""
from __future__ import annotations

import gc
import math
import os
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..errors import UnoError
from ..limits import MAX_WORKERS

if TYPE_CHECKING:
    from .tally import GameTally

BACKENDS = ("processes", "ray")
THREAD_END_CHECKS = 25  # (2 ms apart: a thread just joined ends well within them)
GAMES_PER_WORKER = 200  # with fewer games per worker, starting the processes (about a second) costs more than it saves


@dataclass(frozen=True)
class Side:
    """One side of a run: which edition (and house rules, settings), seats and seeds.

    `edition` is a name or path; `loaded` may carry an Edition already loaded,
    for runs in this process (it is not sent to workers).
    """

    edition: str
    rules: tuple[str, ...] = ()
    settings: tuple[tuple[str, object], ...] = ()
    players: int = 4
    agents: tuple[str, ...] = ("random",) * 4
    seed: str = "1"
    loaded: object = None
    drama: bool = False  # follow each round's trajectory (drama.py): costs time, so asked for
    max_rounds: int | None = None  # 1: each game is one round (the skill ladder, skill.py)

    def for_workers(self) -> Side:
        if self.loaded is not None and not self.edition:
            raise UnoError("to play in worker processes, give the edition by name or path, not loaded")
        return Side(self.edition, self.rules, self.settings, self.players, self.agents, self.seed, drama=self.drama,
                    max_rounds=self.max_rounds)


_editions: dict = {}  # Side's edition key -> Edition, loaded once per process


def load_side(side: Side):
    if side.loaded is not None:
        return side.loaded
    key = (side.edition, side.rules, side.settings)
    if key not in _editions:
        from ..edition.loader import load_edition

        _editions[key] = load_edition(side.edition, rules=list(side.rules), settings=dict(side.settings) or None)
    return _editions[key]


def play_games(sides: tuple[Side, ...], start: int, stop: int) -> list[tuple[GameTally, ...]]:
    """Games start..stop-1 of each side (game i of every side with the same game number)."""
    from .tally import play_game

    editions = [load_side(side) for side in sides]
    return [tuple(play_game(edition, side.players, list(side.agents), f"{side.seed}:{i}", drama=side.drama,
                            max_rounds=side.max_rounds)
                  for side, edition in zip(sides, editions))
            for i in range(start, stop)]


def available_cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not on Linux
        return os.cpu_count() or 1


def default_workers(games: int) -> int:
    """All cores, but no more workers than the run has GAMES_PER_WORKER games for."""
    return max(1, min(available_cores(), games // GAMES_PER_WORKER))


CHUNK_GAMES = 100  # games per chunk at most: what a worker plays (and holds) at a time


def chunk_size(games: int, workers: int) -> int:
    """About 8 chunks per worker (so that they share the work out evenly and the
    progress bar moves), of at most CHUNK_GAMES games."""
    return max(1, min(CHUNK_GAMES, math.ceil(games / (workers * 8))))


def chunks(games: int, workers: int) -> Iterator[tuple[int, int]]:
    """Consecutive game ranges, made as they are asked for: a run of 10**12 games
    holds one range at a time, not a list of them."""
    size = chunk_size(games, workers)
    return ((start, min(start + size, games)) for start in range(0, games, size))


def worker_limit(workers: int, games: int, backend: str = "processes") -> tuple[int, str | None]:
    """The workers a run may use, and why fewer than asked for (else None): no more
    processes than cores, no more than the run has chunks, never more than MAX_WORKERS."""
    limits = [(MAX_WORKERS, f"at most {MAX_WORKERS}")]
    if backend == "processes":
        limits.append((available_cores(), "the cores of this machine"))
    limits.append((math.ceil(games / chunk_size(games, workers)), f"the chunks of {games} games"))
    limit, reason = min(limits, key=lambda pair: pair[0])
    return (workers, None) if workers <= limit else (max(1, limit), reason)


def run_games(sides: tuple[Side, ...], games: int, workers: int = 1, backend: str = "processes",
              progress: Callable[[int], None] | None = None) -> Iterator[tuple[GameTally, ...]]:
    """Play games 0..games-1 of every side; yield each game's tallies, in game order.

    Only a few chunks per worker are under way at a time, so that memory does not
    grow with the number of games. `progress(n)` is called as every n more games are done.
    """
    if backend not in BACKENDS:
        raise UnoError(f"unknown backend {backend!r}; known: {', '.join(BACKENDS)}")
    if workers < 1:
        raise UnoError(f"workers must be at least 1, not {workers}")
    workers, _ = worker_limit(workers, games, backend)
    if backend == "ray":
        results = _on_ray(tuple(s.for_workers() for s in sides), chunks(games, workers), workers)
    elif workers == 1:
        results = (play_games(sides, start, stop) for start, stop in chunks(games, 1))
    else:
        results = _on_processes(tuple(s.for_workers() for s in sides), chunks(games, workers), workers)
    for chunk in results:
        yield from chunk
        if progress is not None:
            progress(len(chunk))


def _in_order(submit: Callable, ranges: Iterator[tuple[int, int]], window: int) -> Iterator:
    """Each range's result, in order, with at most `window` ranges submitted and not
    yet collected (Pool.imap and a list of Ray refs would take every range at once)."""
    pending: deque = deque()
    for start, stop in ranges:
        pending.append(submit(start, stop))
        if len(pending) >= window:
            yield pending.popleft()()
    while pending:
        yield pending.popleft()()


def _play_chunk(args) -> list[tuple[GameTally, ...]]:
    return play_games(*args)


def _worker_start() -> None:
    """Ctrl-C is for the parent, which stops the pool: no traceback from every worker."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


def start_method() -> str:
    """How worker processes start: forked from this one where that is safe (Linux, from
    a process that runs a single thread), which costs a few milliseconds; else spawned,
    a fresh interpreter that imports unodsl and loads the edition again (about half a
    second of CPU per worker). Fork is unsafe with threads (one may hold a lock the
    child then waits on forever), and not the default on macOS or Windows."""
    if sys.platform == "linux" and _single_threaded():
        return "fork"
    return "spawn"


def _single_threaded() -> bool:
    """Whether this process runs one thread, native ones counted (/proc). A thread Python
    has joined takes a moment more to end (the handler threads of the last run's pool):
    while no Python thread is left but the main one, a few milliseconds are waited for it."""
    for _ in range(THREAD_END_CHECKS):
        if len(os.listdir("/proc/self/task")) == 1:
            return True
        if threading.active_count() > 1:  # a thread of this program, which may run on
            return False
        time.sleep(0.002)
    return False


def _on_processes(sides, ranges, workers: int):
    import multiprocessing

    context = multiprocessing.get_context(start_method())
    # The objects made so far (the edition, its compiled scripts) are left out of the
    # collector's passes while the workers are forked: in a worker, a pass would write to
    # every one of them and copy the memory pages it shares with this process.
    gc.freeze()
    try:
        with context.Pool(workers, initializer=_worker_start) as pool:
            def submit(start, stop):
                return pool.apply_async(_play_chunk, ((sides, start, stop),)).get

            yield from _in_order(submit, ranges, 2 * workers)
    finally:
        gc.unfreeze()  # (here, they may be collected again)


def _ray():
    """The ray module, Ray started or joined: with RAY_ADDRESS set (or `ray start` run on
    this machine) this joins that cluster; otherwise it starts Ray on this machine alone.
    Without Ray installed, a UnoError (Ray is an extra, not a dependency)."""
    try:
        import ray
    except ImportError:
        raise UnoError("the ray backend needs Ray: pip install 'unodsl[ray]'") from None
    if not ray.is_initialized():
        ray.init(log_to_driver=False, configure_logging=False)
    return ray


def _on_ray(sides, ranges, workers: int):
    ray = _ray()
    remote = ray.remote(play_games)

    def submit(start, stop):
        ref = remote.remote(sides, start, stop)
        return lambda: ray.get(ref)

    yield from _in_order(submit, ranges, 2 * workers)


def ray_workers() -> int:
    """The CPUs of the Ray cluster (Ray started or joined if need be)."""
    return max(1, int(_ray().cluster_resources().get("CPU", 1)))
