"""Web app round trips over real HTTP on loopback: solve requests, editor clicks, odds.

Starts the app in-process (uvicorn in a thread on 127.0.0.1), warms up, then times each request
kind with one keep-alive client and prints the median and 90th percentile in milliseconds. The
target for a typical solve request is a median under 50 ms. Never asserts a time.
Run: .venv/bin/python benchmarks/bench_web.py  (or `make bench`)
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

import httpx

from delvekit.web import editor, services
from delvekit.web.live import running_server

ROUNDS = 60


def timed(call: Callable[[], httpx.Response], rounds: int = ROUNDS) -> list[float]:
    for _ in range(5):
        call().raise_for_status()
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        response = call()
        times.append((time.perf_counter() - start) * 1000)
        response.raise_for_status()
    return times


def report(name: str, times: list[float]) -> None:
    times = sorted(times)
    p90 = times[int(len(times) * 0.9) - 1]
    print(f"{name:<44} median {statistics.median(times):7.2f} ms   p90 {p90:7.2f} ms   (n={len(times)})")


def main() -> int:
    examples = services.examples_document()
    typical = editor.single_case(examples, [c["id"] for c in examples["cases"]].index("gloom-079-gloomhaven"))
    focus = editor.single_case(examples, [c["id"] for c in examples["cases"]].index("gloom-009-gloomhaven"))
    blank = editor.blank()
    with running_server() as url, httpx.Client(base_url=url, timeout=30) as client:

        def solve(doc: dict[str, Any]) -> Callable[[], httpx.Response]:
            return lambda: client.post("/api/monster-ai/solve", json=doc)

        try:
            report("solve: area attack, 16x7 board (gloom-079)", timed(solve(typical)))
            report("solve: focus tie, 2 characters (gloom-009)", timed(solve(focus)))
            report("solve: editor's fresh 9x7 board", timed(solve(blank)))
            all_examples = {
                "format": examples["format"],
                "boards": examples["boards"],
                "cases": examples["cases"],
            }
            report(
                f"solve: all {len(examples['cases'])} bundled examples at once",
                timed(solve(all_examples), 10),
            )
        except httpx.HTTPStatusError as exc:
            print(f"solve: not measured ({exc.response.status_code}: {exc.response.text[:120]})")
        form = {
            "doc": editor.dumps(typical),
            "history": "[]",
            "tool": "obstacle",
            "action": "click",
            "hex": "5,0",
        }
        report("editor click (paint a hex, re-render)", timed(lambda: client.post("/mover/act", data=form)))
        solve_form = {**form, "action": "", "do": "solve"}
        report(
            "editor Solve button (solve + re-render)",
            timed(lambda: client.post("/mover/act", data=solve_form)),
        )
        odds = {"setup": {"attack": 3}, "compare": {"attack": 3, "advantage": True, "bless": 1}}
        report("odds: two setups", timed(lambda: client.post("/api/odds", json=odds)))
        report("page: GET /mover", timed(lambda: client.get("/mover")))
        size = len(json.dumps(typical))
        print(f"(typical solve request body: {size} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
