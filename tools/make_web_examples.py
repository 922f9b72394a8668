"""Write src/delvekit/web/examples.json: a few monster-AI reference cases per category, bundled
so the monster mover can load worked examples without the shared test data.

Source: /work/shared/tests/monster-ai/cases.json (gh-monster-ai-cases v1, re-encoded from
github.com/AluminumAngel/gloom, MIT; credited in NOTICE). Only the boards and abilities are kept
(the expected answers stay in the tests; the reference's descriptions are its authors' prose and
stay out of the package). Run: .venv/bin/python tools/make_web_examples.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCE = Path("/work/shared/tests/monster-ai/cases.json")
TARGET = ROOT / "src" / "delvekit" / "web" / "examples.json"
PER_CATEGORY = 3
KEEP = (
    "id",
    "scenario",
    "ruleset",
    "category",
    "board",
    "walls",
    "terrain",
    "figures",
    "ability",
)


def main() -> int:
    doc = json.loads(SOURCE.read_text())
    picked: dict[str, list[dict[str, object]]] = {}
    for case in doc["cases"]:
        ruleset = "frosthaven" if case["category"] == "icy_terrain_frosthaven" else "gloomhaven"
        if case["ruleset"] != ruleset or case.get("disputed"):
            continue
        bucket = picked.setdefault(case["category"], [])
        if len(bucket) < PER_CATEGORY:
            kept = {k: case[k] for k in KEEP if k in case}
            kept["figures"] = [{k: v for k, v in f.items() if k != "source_index"} for f in case["figures"]]
            bucket.append(kept)
    cases = [c for category in sorted(picked) for c in picked[category]]
    boards = {c["board"] for c in cases}
    out = {
        "format": doc["format"],
        "source": doc["source"],
        "boards": {name: hexes for name, hexes in doc["boards"].items() if name in boards},
        "cases": cases,
    }
    TARGET.write_text(json.dumps(out, separators=(",", ":")) + "\n")
    print(f"wrote {len(cases)} cases to {TARGET.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
