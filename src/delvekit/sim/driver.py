"""The simulation driver: plays game specs on any :class:`concurrent.futures.Executor` and hands
each finished row to a callback, in the order games finish.

At most ``window`` games are in flight at once (so an interrupt loses little and memory stays
flat). A ``KeyboardInterrupt`` cancels the games not started and propagates; every row handed
to ``on_row`` before it is the caller's to keep. The local backend is a process pool whose
workers ignore Ctrl-C (the driver decides what happens).

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
from collections.abc import Callable, Iterable
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor, wait

from delvekit.sim.game import Row, play_spec
from delvekit.sim.plan import GameSpec


def run(
    specs: Iterable[GameSpec],
    executor: Executor,
    on_row: Callable[[Row], None],
    *,
    window: int = 64,
) -> int:
    """Play every spec on ``executor``; ``on_row`` gets each row as its game ends. Returns the
    number of rows handed over."""
    pending: set[Future[Row]] = set()
    todo = iter(specs)
    done = 0
    try:
        for spec in todo:
            pending.add(executor.submit(play_spec, spec))
            if len(pending) >= window:
                done += _drain(pending, on_row, FIRST_COMPLETED)
        while pending:
            done += _drain(pending, on_row, FIRST_COMPLETED)
    except BaseException:
        for f in pending:
            f.cancel()
        raise
    return done


def _drain(pending: set[Future[Row]], on_row: Callable[[Row], None], when: str) -> int:
    finished, _ = wait(pending, return_when=when)
    for f in finished:
        pending.discard(f)
        on_row(f.result())
    return len(finished)


def _ignore_interrupt() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


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
