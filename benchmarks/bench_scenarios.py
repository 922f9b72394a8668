"""Scenario maps: median time to load all 95 scenario files, to place every map on a board, to
run the scenario check, and to draw a map as SVG and as terminal text (nothing is asserted)."""

from __future__ import annotations

import json
import statistics
import time
from collections.abc import Callable

from rich.console import Console

from delvekit.gloomhaven.content.maps import build_map, load_tiles
from delvekit.gloomhaven.content.scenario import check_scenarios, default_folder, load_scenarios
from delvekit.render.svg import scenario_svg
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


if __name__ == "__main__":
    main()
