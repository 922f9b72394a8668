"""The table companion: "Next" pressed on a phone to the next monster's outcome drawn on its map.

Starts the app in-process, opens a table of scenario 1 for 3 players in Debian's Chromium at
390x844, and in each round steps through the six Bandit Guards: the time from the tap on Next
to the next standee's outcome (its destination ring) drawn on the map, through the real HTTP
round trip, the server's replay cache, the monster AI and the page's redraw. Also times the
same request without the browser. Target: median under 150 ms. Never asserts a time.
Run: .venv/bin/python benchmarks/bench_table.py  (or `make bench`)
"""

from __future__ import annotations

import os
import statistics
import sys
import time

os.environ.setdefault("DELVEKIT_TABLES_DB", ":memory:")

import httpx

from delvekit.web.live import running_server

ROUNDS = 8
CHROMIUM = "/usr/bin/chromium"


def report(name: str, times: list[float]) -> None:
    times = sorted(times)
    p90 = times[int(len(times) * 0.9) - 1]
    print(f"{name:<52} median {statistics.median(times):7.2f} ms   p90 {p90:7.2f} ms   (n={len(times)})")


def start_round(client: httpx.Client, tid: str) -> dict[str, object]:
    for c, v in (("C1", 97), ("C2", 98), ("C3", 99)):  # the guards act first
        client.post(
            f"/api/tables/{tid}/actions", json={"action": {"kind": "initiative", "character": c, "value": v}}
        )
    r = client.post(f"/api/tables/{tid}/actions", json={"action": {"kind": "start_round"}})
    r.raise_for_status()
    return dict(r.json())


def finish_round(client: httpx.Client, tid: str) -> None:
    while True:
        state = client.get(f"/api/tables/{tid}").json()
        if state["phase"] != "turns":
            return
        client.post(f"/api/tables/{tid}/actions", json={"action": {"kind": "next"}}).raise_for_status()


def main() -> int:
    with running_server() as url, httpx.Client(base_url=url, timeout=30) as client:
        tid = client.post("/api/tables", json={"scenario": 1, "players": 3, "level": 1, "seed": 7}).json()[
            "id"
        ]
        api_times: list[float] = []
        for _ in range(3):
            start_round(client, tid)
            while True:
                state = client.get(f"/api/tables/{tid}").json()
                if state["phase"] != "turns" or state["current"]["kind"] != "monster":
                    break
                t0 = time.perf_counter()
                client.post(
                    f"/api/tables/{tid}/actions", json={"action": {"kind": "next"}}
                ).raise_for_status()
                api_times.append((time.perf_counter() - t0) * 1000)
            finish_round(client, tid)
        report("API: POST next -> state with the next outcome", api_times)
        if not os.path.exists(CHROMIUM):
            print("browser: not measured (no Chromium)")
            return 0
        from playwright.sync_api import sync_playwright

        times: list[float] = []
        with sync_playwright() as p:
            browser = p.chromium.launch(
                executable_path=CHROMIUM, args=["--headless", "--no-sandbox", "--disable-gpu"]
            )
            page = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
            page.goto(f"{url}/table/{tid}")
            page.wait_for_selector("#t-order")
            for _ in range(ROUNDS):
                start_round(client, tid)
                page.wait_for_selector(".monster-turn", timeout=10_000)
                while True:
                    name = page.inner_text(".monster-turn .who")
                    if "(6 of 6)" in name:
                        break
                    t0 = time.perf_counter()
                    page.click("#t-next")
                    page.wait_for_function(
                        "old => { const w = document.querySelector('.monster-turn .who');"
                        " return w && w.innerText !== old"
                        " && document.querySelector('#t-map .outcome .dest'); }",
                        arg=name,
                        polling="raf",
                    )
                    times.append((time.perf_counter() - t0) * 1000)
                finish_round(client, tid)
                page.wait_for_selector("#init-C1", timeout=10_000)
            browser.close()
        report("phone: tap Next -> next monster's outcome drawn", times)
    return 0


if __name__ == "__main__":
    sys.exit(main())
