"""Loading the content pack: median time to decode the whole bundled pack (every category,
scenarios included) in a fresh pack object, per category, and the content check. The issue's
target for the whole load is under 150 ms; nothing is asserted."""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from collections.abc import Callable

from delvekit.gloomhaven.content import ContentPack
from delvekit.gloomhaven.content.check import check_pack
from delvekit.gloomhaven.content.pack import BUNDLED, CATEGORIES


def median_ms(run: Callable[[], object], repeat: int = 15) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def main() -> None:
    whole = median_ms(lambda: ContentPack([BUNDLED]).load_all())
    print(f"whole pack (fresh, all categories and scenarios): median {whole:.1f} ms (target < 150 ms)")
    for name in (*CATEGORIES, "tables", "scenarios"):
        ms = median_ms(lambda name=name: getattr(ContentPack([BUNDLED]), name))  # type: ignore[misc]
        print(f"  {name:16} {ms:7.2f} ms")
    cold = []
    script = (
        "import time; t = time.perf_counter(); "
        "from delvekit.gloomhaven.content import load_pack; load_pack().load_all(); "
        "print(time.perf_counter() - t)"
    )
    for _ in range(5):
        out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
        cold.append(float(out.stdout) * 1000)
    print(f"cold start (new process, import + decode all): median {statistics.median(cold):.1f} ms")
    pack = ContentPack([BUNDLED]).load_all()
    check = median_ms(lambda: check_pack(pack), repeat=5)
    print(f"content check (every invariant, decoded pack): median {check:.1f} ms")


if __name__ == "__main__":
    main()
