"""The simulation driver: plays game specs on any :class:`concurrent.futures.Executor` and hands
each finished row to a callback, in the order games finish.

Games go to the executor in chunks of ``chunk`` (:func:`chunk_size`: several cheap random-bot
games per task, one search-bot game per task), so a worker is not left idle waiting for the
main process to hand it the next game of a few milliseconds. At most ``window`` chunks are in
flight at once (so an interrupt loses little and memory stays flat). A ``KeyboardInterrupt``
cancels the games not started and propagates; every row handed to ``on_row`` before it is
the caller's to keep. The local backend is a process pool whose workers ignore Ctrl-C (the
driver decides what happens).

>>> from concurrent.futures import ThreadPoolExecutor
>>> from delvekit.sim.plan import plan
>>> rows = []
>>> with ThreadPoolExecutor(1) as pool:
...     run(plan([1], ["brute,mindthief"], [1], ["normal"], "random", games=2, seed=1), pool, rows.append)
2
>>> sorted(r["seed"] for r in rows)
[1, 2]
"""

from __future__ import annotations

import contextlib
import signal
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor, wait

from delvekit.sim.game import Row, play_spec
from delvekit.sim.plan import GameSpec


def play_specs(specs: Sequence[GameSpec]) -> list[Row]:
    """Play a chunk of specs in turn (the task a worker runs)."""
    return [play_spec(s) for s in specs]


def chunk_size(specs: Sequence[GameSpec], workers: int) -> int:
    """Games per task: up to 16 random-bot games, 2 greedy ones, 1 with a search bot; never so
    many that a worker would wait for work (at least four tasks per worker).

    >>> from delvekit.sim.plan import plan
    >>> chunk_size(plan([1], ["brute,mindthief"], [1], ["normal"], "random", games=2000, seed=1), 2)
    16
    >>> chunk_size(plan([1], ["brute,mindthief"], [1], ["normal"], "search", games=2000, seed=1), 2)
    1
    """
    bots = {b for s in specs for b in s.bots}
    most = 1 if "search" in bots else 2 if "greedy" in bots else 16
    return max(1, min(most, len(specs) // max(1, 4 * workers)))


def run(
    specs: Sequence[GameSpec],
    executor: Executor,
    on_row: Callable[[Row], None],
    *,
    chunk: int = 1,
    window: int = 64,
) -> int:
    """Play every spec on ``executor``; ``on_row`` gets each row as its game ends. Returns the
    number of rows handed over."""
    pending: set[Future[list[Row]]] = set()
    done = 0
    try:
        for start in range(0, len(specs), max(1, chunk)):
            pending.add(executor.submit(play_specs, list(specs[start : start + max(1, chunk)])))
            if len(pending) >= window:
                done += _drain(pending, on_row)
        while pending:
            done += _drain(pending, on_row)
    except BaseException:
        for f in pending:
            f.cancel()
        raise
    return done


def _drain(pending: set[Future[list[Row]]], on_row: Callable[[Row], None]) -> int:
    finished, _ = wait(pending, return_when=FIRST_COMPLETED)
    n = 0
    for f in finished:
        pending.discard(f)
        for row in f.result():
            on_row(row)
            n += 1
    return n


def _ignore_interrupt() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    # a worker forked while the command's own SIGTERM handler was set must still die on SIGTERM
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def process_pool(workers: int) -> ProcessPoolExecutor:
    """A pool of ``workers`` processes that leave Ctrl-C to the driver."""
    return ProcessPoolExecutor(max_workers=workers, initializer=_ignore_interrupt)


def stop_now(executor: Executor) -> None:
    """Stop ``executor`` without waiting for the games in flight (after an interrupt)."""
    processes = list((getattr(executor, "_processes", None) or {}).values())
    executor.shutdown(wait=False, cancel_futures=True)
    # the games in flight are abandoned: their rows were not handed over
    for p in processes:
        with contextlib.suppress(Exception):
            p.terminate()
