"""Parallel load on a real server (`delve serve` on a free loopback port): many concurrent
solves and odds requests, bounded in count and time; every answer equals the CLI's and none is
a 5xx (issue 18: under load, shared caches once made about 1 answer in 10 a 500)."""

from __future__ import annotations

import json
import random
import subprocess
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import pytest
from click.testing import CliRunner

from delvekit.cli.main import _register, cli
from delvekit.web.live import free_port

DELVE = Path(sys.executable).parent / "delve"
CASES_FILE = Path(__file__).resolve().parent.parent / "data" / "monster-ai" / "cases.json"

# (API setup, `delve odds` arguments): the same attack both ways.
ODDS = [
    ({"attack": 3}, ["--attack", "3"]),
    ({"attack": 2, "advantage": True}, ["--attack", "2", "--advantage"]),
    ({"attack": 4, "disadvantage": True, "curse": 2}, ["--attack", "4", "--disadvantage", "--curse", "2"]),
    (
        {"attack": 1, "bless": 1, "shield": 2, "pierce": 1},
        ["--attack", "1", "--bless", "1", "--shield", "2", "--pierce", "1"],
    ),
    (
        {"attack": 2, "deck": "brute", "perks": [1, 3], "add": ["-1"], "curse": 1},
        ["--attack", "2", "--class", "brute", "--perks", "1,3", "--add", "-1", "--curse", "1"],
    ),
    ({"attack": 0, "advantage": True, "bless": 2}, ["--attack", "0", "--advantage", "--bless", "2"]),
]  # fmt: skip


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    port = free_port()
    proc = subprocess.Popen(
        [str(DELVE), "serve", "--port", str(port)],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                httpx.get(f"{url}/api/examples", timeout=2)
                break
            except httpx.TransportError:
                assert proc.poll() is None, proc.stdout.read() if proc.stdout else "exited"
                assert time.monotonic() < deadline, "delve serve did not answer in 30 s"
                time.sleep(0.1)
        yield url
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def cli_answers(tmp: Path, case_ids: set[str]) -> dict[str, Any]:
    """What the CLI answers: the cases used (`monster-ai solve --explain`) and every odds setup."""
    _register()
    document = json.loads(CASES_FILE.read_text())
    document["cases"] = [c for c in document["cases"] if c["id"] in case_ids]
    path = tmp / "cases.json"
    path.write_text(json.dumps(document))
    result = CliRunner().invoke(cli, ["monster-ai", "solve", str(path), "--explain"])
    assert result.exit_code == 0, result.output[:300]
    solved = {a["id"]: a for a in (json.loads(line) for line in result.output.splitlines() if line.strip())}
    odds = []
    for _, args in ODDS:
        out = CliRunner().invoke(cli, ["odds", *args, "--json"])
        assert out.exit_code == 0, out.output
        odds.append(json.loads(out.output))
    return {"solve": solved, "odds": odds}


def _load(url: str, tmp: Path, requests: int, workers: int, seconds: float) -> dict[str, int]:
    document = json.loads(CASES_FILE.read_text())
    cases = document["cases"]
    rng = random.Random(18)
    jobs: list[tuple[str, Any]] = []
    for i in range(requests):
        if i % 3 == 2:
            jobs.append(("odds", rng.randrange(len(ODDS))))
        else:
            jobs.append(("solve", rng.randrange(len(cases))))
    answers = cli_answers(tmp, {cases[i]["id"] for kind, i in jobs if kind == "solve"})
    deadline = time.monotonic() + seconds
    tally = {"solve": 0, "odds": 0}

    def one(job: tuple[str, Any], client: httpx.Client) -> tuple[str, Any, int, Any]:
        kind, index = job
        if kind == "solve":
            body = {**{k: v for k, v in document.items() if k != "cases"}, "cases": [cases[index]]}
            r = client.post(f"{url}/api/monster-ai/solve", json=body)
        else:
            r = client.post(f"{url}/api/odds", json={"setup": ODDS[index][0]})
        return kind, index, r.status_code, r.json() if r.status_code < 500 else r.text

    with httpx.Client(timeout=120, limits=httpx.Limits(max_connections=workers)) as client:  # noqa: SIM117
        with ThreadPoolExecutor(max_workers=workers) as pool:
            futures = [pool.submit(one, job, client) for job in jobs]
            for future in futures:
                remaining = deadline - time.monotonic()
                assert remaining > 0, "the load did not finish in time"
                kind, index, status, body = future.result(timeout=remaining)
                assert status == 200, (kind, index, status, str(body)[:300])
                if kind == "solve":
                    assert body == [answers["solve"][cases[index]["id"]]], cases[index]["id"]
                else:
                    assert body["setup"]["engine"] == answers["odds"][index], ODDS[index][0]
                tally[kind] += 1
    return tally


def test_parallel_solves_and_odds_equal_the_cli(server: str, tmp_path: Path) -> None:
    tally = _load(server, tmp_path, requests=60, workers=16, seconds=120)
    assert tally == {"solve": 40, "odds": 20}


@pytest.mark.slow
def test_hundreds_of_parallel_solves_and_odds_equal_the_cli(server: str, tmp_path: Path) -> None:
    tally = _load(server, tmp_path, requests=600, workers=64, seconds=600)
    assert tally == {"solve": 400, "odds": 200}


@pytest.mark.slow
def test_ten_parallel_solves_of_every_shared_case_equal_the_cli(server: str, tmp_path: Path) -> None:
    """The sweep's reproduction: ten parallel solves of the whole shared case file."""
    document = json.loads(CASES_FILE.read_text())
    expected = [
        cli_answers(tmp_path, {c["id"] for c in document["cases"]})["solve"][c["id"]]
        for c in document["cases"]
    ]

    def one(_: int) -> tuple[int, Any]:
        r = httpx.post(f"{server}/api/monster-ai/solve", json=document, timeout=300)
        return r.status_code, r.json() if r.status_code < 500 else r.text

    with ThreadPoolExecutor(max_workers=10) as pool:
        results = list(pool.map(one, range(10), timeout=600))
    assert [status for status, _ in results] == [200] * 10, [str(body)[:200] for _, body in results]
    assert all(body == expected for _, body in results)
