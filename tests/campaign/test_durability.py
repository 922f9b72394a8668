"""Durability of the store under real processes: SIGKILL in the middle of a long run, and two
processes writing the same campaign at once."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from delvekit.gloomhaven.campaign import Campaign, Catalog, action_from_object, summary
from delvekit.store import CampaignStore

from .fixture import content, write_json

CATALOG = Catalog(content())
DELVE = [sys.executable, "-c", "from delvekit.cli.main import main; main()"]

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL")


def delve(*args: str, db: Path, **kw: Any) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*DELVE, "campaign", *args, "--db", str(db)], capture_output=True, text=True, **kw)


def setup_campaign(tmp_path: Path) -> tuple[Path, Path]:
    db, fx = tmp_path / "camp.sqlite3", write_json(tmp_path / "content.json")
    out = delve("new", "K", "--party", "P", "--seed", "11", "--content", str(fx), db=db)
    assert out.returncode == 0, out.stderr
    setup = tmp_path / "setup.jsonl"
    setup.write_text(
        "\n".join(
            json.dumps(a)
            for a in [
                {"action": "create_character", "name": "Ana", "class": "brute"},
                {
                    "action": "complete_scenario",
                    "scenario": 1,
                    "success": False,
                    "characters": {"Ana": {"gold": 100000}},
                },
            ]
        )
    )
    out = delve("run", "K", str(setup), db=db)
    assert out.returncode == 0, out.stderr
    return db, fx


def long_script(n: int) -> list[dict[str, Any]]:
    cycle = [
        {"action": "buy", "character": "Ana", "item": 12},
        {"action": "change_reputation", "amount": 1},
        {"action": "sell", "character": "Ana", "item": 12},
        {"action": "quest_progress", "character": "Ana", "amount": 1},
        {"action": "change_reputation", "amount": -1},
    ]
    return [cycle[i % len(cycle)] for i in range(n)]


def reopen(db: Path) -> CampaignStore:
    return CampaignStore(db, lambda ref: Catalog(content()))


def replayed(actions: list[Any]) -> dict[str, Any]:
    campaign = Campaign.new(CATALOG, seed=11)
    for a in actions:
        campaign.apply(a)
    return summary(CATALOG, campaign.state)


@pytest.mark.parametrize("kill_after", [40, 170, 333])
def test_sigkill_mid_run_keeps_every_acknowledged_action(tmp_path: Path, kill_after: int) -> None:
    db, _ = setup_campaign(tmp_path)
    script = long_script(5000)
    path = tmp_path / "long.jsonl"
    path.write_text("\n".join(json.dumps(a) for a in script) + "\n")
    proc = subprocess.Popen(
        [*DELVE, "campaign", "run", "K", str(path), "--db", str(db)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None
    acked = 0
    while acked < kill_after:
        line = proc.stdout.readline()
        assert line.startswith("ok "), (line, proc.stderr.read() if proc.stderr else "")
        acked += 1
    os.kill(proc.pid, signal.SIGKILL)
    rest, _ = proc.communicate(timeout=30)
    acked += sum(1 for line in rest.splitlines() if line.startswith("ok "))
    assert proc.returncode == -signal.SIGKILL

    store = reopen(db)
    log_actions = [e.action for e in store.log("K") if e.kind == "action"]
    done = log_actions[3:]  # after new_party and the two setup actions
    assert len(done) >= acked, "an acknowledged action was lost"
    assert len(done) < len(script), "the run was not interrupted"
    # The log holds exactly the first actions of the script, in order.
    assert [action_from_object(a) for a in done] == [action_from_object(a) for a in script[: len(done)]]
    # The state on disk is exactly the replay of the logged actions: nothing half-applied.
    assert summary(CATALOG, store.state("K")) == replayed(store.actions("K"))
    assert store.state("K").characters["Ana"].quest_progress == sum(
        1 for a in script[: len(done)] if a["action"] == "quest_progress"
    )
    check = sqlite3.connect(db).execute("PRAGMA integrity_check").fetchone()[0]
    assert check == "ok"
    # The campaign goes on after the crash.
    store.do("K", action_from_object({"action": "change_reputation", "amount": 1}))


def test_two_processes_writing_the_same_campaign_lose_no_update(tmp_path: Path) -> None:
    db, _ = setup_campaign(tmp_path)
    n = 120
    path = tmp_path / "progress.jsonl"
    path.write_text(
        "\n".join(json.dumps({"action": "quest_progress", "character": "Ana", "amount": 1}) for _ in range(n))
        + "\n"
    )
    procs = [
        subprocess.Popen(
            [*DELVE, "campaign", "run", "K", str(path), "--db", str(db)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(2)
    ]
    outs = [p.communicate(timeout=120) for p in procs]
    for p, (out, err) in zip(procs, outs, strict=True):
        assert p.returncode == 0, err
        assert out.count("ok ") == n
    store = reopen(db)
    assert store.state("K").characters["Ana"].quest_progress == 2 * n
    assert sum(1 for e in store.log("K") if e.action and e.action["action"] == "quest_progress") == 2 * n


def test_a_writer_blocked_too_long_gets_a_clear_error_and_changes_nothing(tmp_path: Path) -> None:
    db, _ = setup_campaign(tmp_path)
    before = delve("show", "K", "--json", db=db).stdout
    blocker = sqlite3.connect(db, isolation_level=None)
    blocker.execute("BEGIN IMMEDIATE")
    try:
        start = time.monotonic()
        out = delve(
            "do",
            "K",
            "change_reputation",
            "amount=2",
            db=db,
            env={**os.environ, "DELVEKIT_BUSY_TIMEOUT": "0.5"},
        )
        waited = time.monotonic() - start
    finally:
        blocker.execute("ROLLBACK")
        blocker.close()
    assert out.returncode == 1
    assert out.stderr.count("\n") == 1 and "another process is writing" in out.stderr
    assert waited >= 0.5
    assert delve("show", "K", "--json", db=db).stdout == before
