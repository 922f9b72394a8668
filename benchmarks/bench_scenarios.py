"""Scenarios 1-95.

Maps: median time to load all 95 scenario files, to place every map on a board, to run the
scenario check, and to draw a map as SVG and as terminal text.

Random play (issue 5): whole games of every scenario with random bots (bot time included, no
invariant checks), a party of the first four playable classes at level 1; for each scenario the
median games per second of CPU time (process time, steadier than the wall clock on a shared
machine) over its games (default 5 seeds; ``--games N``; ``--quick``: 2), then
the median over scenarios, the minimum and maximum, and the five slowest scenarios. A scenario
that cannot be set up (no map) is listed and left out. ``--play``: the random play only.
Nothing is asserted."""

from __future__ import annotations

import json
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable

from rich.console import Console

from delvekit.core.errors import DelvekitError
from delvekit.gloomhaven.bots.players import RandomBot, play
from delvekit.gloomhaven.content import load_pack
from delvekit.gloomhaven.content.maps import build_map, load_tiles
from delvekit.gloomhaven.content.scenario import check_scenarios, default_folder, load_scenarios
from delvekit.render.scenario import scenario_svg
from delvekit.render.terminal import scenario_text


def median_ms(run: Callable[[], object], repeat: int = 11) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def main() -> None:
    folder = default_folder()
    scenarios = load_scenarios(folder)
    mapped = [s for s in scenarios.values() if any(r.tiles for r in s.rooms)]
    counts = {m["id"]: m["count"] for m in json.loads((folder.parent / "monsters.json").read_text())}
    load_tiles()
    hexes = sum(len(s.board()) for s in mapped)
    print(f"load 95 scenario files          {median_ms(lambda: load_scenarios(folder)):8.2f} ms")
    print(
        f"place {len(mapped)} maps ({hexes} hexes)     "
        f"{median_ms(lambda: [build_map(s, load_tiles()) for s in mapped]):8.2f} ms  (uncached)"
    )
    print(f"Scenario.map() again (cached)   {median_ms(lambda: [s.map() for s in mapped]):8.2f} ms")
    print(
        f"check all scenarios             "
        f"{median_ms(lambda: check_scenarios(scenarios, monster_counts=counts), repeat=5):8.2f} ms"
    )
    big = max(mapped, key=lambda s: len(s.board()))
    print(f"SVG of scenario 3               {median_ms(lambda: scenario_svg(scenarios[3], 4)):8.2f} ms")
    print(f"SVG of scenario {big.number} (largest)     {median_ms(lambda: scenario_svg(big, 4)):8.2f} ms")
    console = Console(file=open("/dev/null", "w"), width=200)  # noqa: SIM115
    draw = median_ms(lambda: console.print(scenario_text(scenarios[3], 4)))
    print(f"terminal drawing of scenario 3  {draw:8.2f} ms")
    random_play()


def _games_option() -> int:
    if "--games" in sys.argv:
        return max(1, int(sys.argv[sys.argv.index("--games") + 1]))
    return 2 if "--quick" in sys.argv else 5


def random_play() -> None:
    """Random-play games per second, per scenario (median over its seeds), over 1-95."""
    from delvekit.gloomhaven.content.adapter import Member, setup_from_pack
    from delvekit.gloomhaven.engine.game import Game

    pack = load_pack()
    party = [c for c, k in sorted(pack.classes.items()) if k.playable_at(1)][:4]
    games = _games_option()
    rates: dict[int, float] = {}
    skipped: dict[int, str] = {}
    results: Counter[str] = Counter()
    choices = 0
    start, cpu = time.perf_counter(), time.process_time()
    for number in range(1, 96):
        times = []
        for seed in range(games):
            try:  # 55's stand-in map is drawn from the seed
                setup = setup_from_pack(pack, number, [Member(c) for c in party], seed=seed)
            except DelvekitError as exc:
                skipped[number] = str(exc)
                break
            t0 = time.process_time()
            game = play(Game(setup, seed=seed), RandomBot(seed))
            times.append(time.process_time() - t0)
            results[str(game.result)] += 1
            choices += len(game.log)
        if times:
            rates[number] = 1.0 / statistics.median(times)
    elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
    played = sum(results.values())
    ordered = sorted(rates.items(), key=lambda kv: kv[1])
    print(
        f"random play, scenarios 1-95, {', '.join(party)} (level 1), {games} games each: "
        f"{played} games in {cpu:.1f} s of CPU ({played / cpu:.1f} games/s, {choices / cpu:.0f} "
        f"choices/s; wall clock {elapsed:.1f} s); {results['victory']} victories, "
        f"{results['defeat']} defeats"
    )
    print(
        "games per second per scenario (median of its games): "
        f"median {statistics.median(rates.values()):.1f}, "
        f"min {ordered[0][1]:.1f} (#{ordered[0][0]}), max {ordered[-1][1]:.1f} (#{ordered[-1][0]})"
    )
    slowest = ", ".join(f"#{n} {r:.1f}" for n, r in ordered[:5])
    print(f"slowest five (games/s): {slowest}")
    for number, why in skipped.items():
        print(f"not played: scenario {number}: {why}")


if __name__ == "__main__":
    if "--play" in sys.argv:
        random_play()
    else:
        main()
