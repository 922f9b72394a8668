"""Campaign speed: one action in memory (copy + validate + apply), the state copy against
``copy.deepcopy``, one durable action through the SQLite store (its own transaction, WAL,
synchronous=FULL), reading the head state, and export + import of a long log. Medians; nothing is
asserted."""

from __future__ import annotations

import copy
import sqlite3
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from delvekit.gloomhaven.campaign import Campaign, Catalog, action_from_object
from delvekit.gloomhaven.campaign.pack import from_pack
from delvekit.gloomhaven.campaign.state import copy_state
from delvekit.gloomhaven.content import load_pack
from delvekit.store import CampaignStore


def median_us(run: Callable[[], object], repeat: int = 200) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1e6


SETUP = [
    {"action": "new_party", "name": "Bench"},
    {"action": "create_character", "name": "Ana", "class": "brute"},
    {"action": "create_character", "name": "Bo", "class": "tinkerer"},
    {"action": "create_character", "name": "Cy", "class": "spellweaver"},
    {
        "action": "complete_scenario",
        "scenario": 1,
        "success": True,
        "characters": {"Ana": {"xp": 20, "gold": 10**9}, "Bo": {"xp": 20}, "Cy": {"xp": 20}},
    },
]
CYCLE = [
    {"action": "buy", "character": "Ana", "item": 12},
    {"action": "sell", "character": "Ana", "item": 12},
    {"action": "change_reputation", "amount": 1},
    {"action": "change_reputation", "amount": -1},
]


def main() -> None:
    start = time.perf_counter()
    catalog = Catalog(from_pack(load_pack()))
    print(f"campaign view of the bundled pack: {(time.perf_counter() - start) * 1000:.1f} ms (first load)")

    campaign = Campaign.new(catalog, seed=1)
    for obj in SETUP:
        campaign.apply(action_from_object(obj))
    actions = [action_from_object(obj) for obj in CYCLE]
    i = 0

    def one() -> None:
        nonlocal i
        campaign.apply(actions[i % len(actions)])
        i += 1

    apply_us = median_us(one, 2000)
    fast = median_us(lambda: copy_state(campaign.state), 2000)
    slow = median_us(lambda: copy.deepcopy(campaign.state), 300)
    print(f"one action in memory (copy + validate + apply): median {apply_us:.0f} µs")
    print(f"state copy: msgpack round trip {fast:.0f} µs, copy.deepcopy {slow:.0f} µs (× {slow / fast:.1f})")

    with tempfile.TemporaryDirectory() as tmp:
        store = CampaignStore(Path(tmp) / "bench.sqlite3", lambda ref: catalog)
        store.create("B", content="bundled", seed=1)
        for obj in SETUP:
            store.do("B", action_from_object(obj))
        j = 0

        def durable() -> None:
            nonlocal j
            store.do("B", actions[j % len(actions)])
            j += 1

        do_us = median_us(durable, 300)
        print(f"one durable action through the store (one transaction, fsync): median {do_us / 1000:.2f} ms")
        for _ in range(1000):
            durable()
        read_us = median_us(lambda: store.state("B"), 300)
        entries = store.head("B")
        print(f"read the head state of a {store.head('B')}-entry campaign: median {read_us:.0f} µs")
        start = time.perf_counter()
        doc = store.export("B")
        exported = time.perf_counter() - start
        other = CampaignStore(Path(tmp) / "other.sqlite3", lambda ref: catalog)
        start = time.perf_counter()
        other.import_(doc)
        imported = time.perf_counter() - start
        print(
            f"export {len(doc['log'])} entries: {exported * 1000:.0f} ms; "
            f"import (full replay): {imported * 1000:.0f} ms"
        )
        store.close()
        with sqlite3.connect(Path(tmp) / "bench.sqlite3") as db:
            db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        size = (Path(tmp) / "bench.sqlite3").stat().st_size
        print(
            f"database size after {entries} entries: {size / 1024:.0f} KiB "
            f"({size / entries:.0f} B/entry, snapshot included)"
        )
        other.close()


if __name__ == "__main__":
    main()
