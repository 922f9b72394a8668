"""Module-level caches shared by the web app's threads stay consistent under concurrent use
(issue 18 item 1: two threads evicting the same oldest key gave a KeyError, a 500)."""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable, Iterator

import pytest

from delvekit.core import los, paths
from delvekit.core.board import Board


@pytest.fixture
def tiny_switch_interval() -> Iterator[None]:
    old = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # switch threads as often as possible: races show up at once
    try:
        yield
    finally:
        sys.setswitchinterval(old)


def _boards(n: int) -> list[Board]:
    return [Board.build({(q, r) for q in range(3 + i % 5) for r in range(2 + i // 5)}) for i in range(n)]


def _hammer(work: Callable[[int], object], threads: int = 8, rounds: int = 300) -> list[BaseException]:
    errors: list[BaseException] = []

    def run(k: int) -> None:
        try:
            for i in range(rounds):
                work(k * rounds + i)
        except BaseException as exc:  # collected and reported by the test
            errors.append(exc)

    pool = [threading.Thread(target=run, args=(k,)) for k in range(threads)]
    for t in pool:
        t.start()
    for t in pool:
        t.join()
    return errors


def test_sight_cache_survives_concurrent_eviction(tiny_switch_interval: None) -> None:
    boards = _boards(40)
    # More distinct keys than the cache holds, so every call evicts.
    keys = [(b, rule) for b in boards for rule in ("corner_to_corner", "hex_area")]
    size = los._SIGHT_CACHE_SIZE
    los._SIGHT_CACHE_SIZE = 2  # type: ignore[misc]
    try:
        errors = _hammer(lambda i: los.sight_for(*keys[i % len(keys)]), threads=12, rounds=3000)  # type: ignore[arg-type]
    finally:
        los._SIGHT_CACHE_SIZE = size  # type: ignore[misc]
    assert errors == []
    assert len(los._SIGHT_CACHE) <= size


def test_move_search_cache_survives_concurrent_eviction(tiny_switch_interval: None) -> None:
    boards = _boards(4)
    # Distinct movers on a few small boards: many keys, cheap searches, constant eviction.
    movers = [paths.Mover(enemies=frozenset({(9, k)})) for k in range(100)]

    def work(i: int) -> object:
        return paths.move_search(boards[i % len(boards)], (0, 0), movers[i % len(movers)])

    errors = _hammer(work, rounds=1500)
    assert errors == []
    assert len(paths._SEARCHES) <= 64 and len(paths._GRIDS) <= 256 and len(paths._LAYOUTS) <= 32
