"""The game page's speed: a click's round trip until both devices show the new state, and a bot
seat's turn.

* Round trip: the app runs in-process on loopback; device A answers (POST .../choices, getting its
  new view with the board back, as the page does); device B listens on the event stream and,
  told of the change, fetches its own view with the board. Measured from A's request until both
  have their view. Target: median under 100 ms.
* Bot turn: the greedy bot plays both seats of scenario 1 through ``Hall.bot_step`` (no visible
  delay); a turn is the run of choices one character makes in a row. Target: under 1 s.

Never asserts a time. Run: .venv/bin/python benchmarks/bench_play_web.py  (or `make bench`)
"""

from __future__ import annotations

import json
import random
import statistics
import tempfile
import threading
import time
from pathlib import Path

import httpx
import uvicorn

from delvekit.web.app import create_app
from delvekit.web.live import free_port
from delvekit.web.play_service import Hall, NewGame

CLICKS = 60


def round_trip() -> list[float]:
    app = create_app()
    app.state.play_db = Path(tempfile.mkdtemp()) / "games.sqlite3"
    port = free_port()
    server = uvicorn.Server(
        uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", lifespan="off")
    )
    threading.Thread(target=server.run, daemon=True).start()
    while not server.started:
        time.sleep(0.02)
    url = f"http://127.0.0.1:{port}"
    a, b = httpx.Client(base_url=url, timeout=10), httpx.Client(base_url=url, timeout=10)
    gid = a.post("/api/games", json={"scenario": 1, "party": ["brute", "mindthief"], "seed": 3}).json()["id"]
    seen: dict[int, float] = {}
    ready = threading.Event()

    def device_b() -> None:
        try:
            with (
                httpx.Client(base_url=url, timeout=None) as s,
                s.stream("GET", f"/api/games/{gid}/stream") as r,
            ):
                ready.set()
                for line in r.iter_lines():
                    if line.startswith("data:"):
                        v = json.loads(line[5:])["version"]
                        b.get(
                            f"/api/games/{gid}", params={"seat": "mindthief", "board": "true"}
                        ).raise_for_status()
                        seen[v] = time.perf_counter()
        except httpx.HTTPError:
            return  # the server stopped

    threading.Thread(target=device_b, daemon=True).start()
    ready.wait(5)
    rnd = random.Random(1)
    times = []
    for _ in range(CLICKS + 5):
        view = a.get(f"/api/games/{gid}", params={"seat": "brute"}).json()
        d = view["decision"]
        seat = "brute"
        if d is None:
            break
        if not d["choices"]:
            seat = "mindthief"
            view = a.get(f"/api/games/{gid}", params={"seat": seat}).json()
            d = view["decision"]
        start = time.perf_counter()
        body = {"seat": seat, "choice": rnd.choice(d["choices"]), "at": view["version"]}
        r = a.post(f"/api/games/{gid}/choices", params={"board": "true"}, json=body)
        r.raise_for_status()
        version = r.json()["version"]
        done_a = time.perf_counter()
        while version not in seen and time.perf_counter() - start < 5:
            time.sleep(0.0005)
        times.append((max(done_a, seen.get(version, done_a)) - start) * 1000)
    server.should_exit = True
    server.force_exit = True
    return times[5:]


def bot_turns() -> tuple[list[float], list[float]]:
    hall = Hall(Path(tempfile.mkdtemp()) / "games.sqlite3")
    per_choice: list[float] = []
    turns: list[float] = []
    for seed in (1, 2, 3):
        table = hall.create(
            NewGame(
                scenario=1,
                party=["brute", "mindthief"],
                seed=seed,
                bots={"brute": "greedy", "mindthief": "greedy"},
            )
        )
        current: tuple[str, int] | None = None
        spent = 0.0
        while table.game.decision is not None:
            d = table.game.decision
            key = (d.actor, table.game.state.round)
            if key != current and current is not None:
                turns.append(spent)
                spent = 0.0
            current = key
            start = time.perf_counter()
            hall.bot_step(table.id)
            took = time.perf_counter() - start
            per_choice.append(took * 1000)
            spent += took * 1000
        turns.append(spent)
    return per_choice, turns


def report(name: str, times: list[float], target: str) -> None:
    times = sorted(times)
    p90 = times[max(0, int(len(times) * 0.9) - 1)]
    print(
        f"{name:<48} median {statistics.median(times):7.1f} ms  p90 {p90:7.1f} ms  max {times[-1]:7.1f} ms"
        f"  (n={len(times)}; target {target})"
    )


def main() -> None:
    report("click round trip, both devices updated", round_trip(), "median < 100 ms")
    choices, turns = bot_turns()
    report("greedy bot, one choice (stored)", choices, "-")
    report("greedy bot, one seat's turn (stored)", turns, "< 1000 ms")


if __name__ == "__main__":
    main()
