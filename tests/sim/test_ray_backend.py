"""Issue 17: the Ray backend, started locally, gives the process backend's rows for the same
seeds (slow tier; skipped cleanly when Ray is not installed)."""

from __future__ import annotations

import pytest

from delvekit.sim.driver import process_pool, run
from delvekit.sim.game import Row
from delvekit.sim.plan import plan

pytestmark = pytest.mark.slow


def _rows(executor: object, specs: list) -> list[Row]:  # type: ignore[type-arg]
    rows: list[Row] = []
    with executor:  # type: ignore[attr-defined]
        run(specs, executor, rows.append)  # type: ignore[arg-type]
    rows.sort(key=lambda r: (r["scenario"], r["seed"]))
    for r in rows:
        r.pop("seconds")
    return rows


def test_ray_rows_equal_process_rows_for_the_same_seeds() -> None:
    pytest.importorskip("ray")
    from delvekit.sim.ray_backend import RayExecutor

    specs = plan([1, 2, 3], ["brute,mindthief"], [1], ["normal"], "random", games=6, seed=40)
    specs += plan([1], ["brute,mindthief"], [1], ["normal"], "greedy", games=1, seed=3)
    by_process = _rows(process_pool(2), specs)
    by_ray = _rows(RayExecutor(2), specs)
    assert len(by_ray) == len(specs)
    assert by_ray == by_process
