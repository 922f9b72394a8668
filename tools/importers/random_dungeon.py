"""Import the random dungeon's monster cards (for scenario 55's stand-in map).

    .venv/bin/python tools/importers/random_dungeon.py [--sources ../shared/data/sources]

Reads the twenty random-dungeon monster cards of Gloomhaven Secretariat (GHS sections
``rnd-554`` .. ``rnd-573``) and writes ``src/delvekit/gloomhaven/content/data/random-dungeon.json``
in delvekit's own schema (decoded by :mod:`delvekit.gloomhaven.content.random_dungeon`): each
card's number, name, its standees (monster id, type for 2, 3 and 4 characters, the numbered
position on the card) and its overlays (coins, traps, terrain, treasure, by position). Only
facts come over. No source holds the dungeon (room) cards' layouts, so nothing is imported for
them: the stand-in places each numbered position on a hex of its own (see docs/content-scenarios.md).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "src" / "delvekit" / "gloomhaven" / "content" / "data" / "random-dungeon.json"

SCENARIO_55_MONSTER_CARDS = ("Mangy", "Wild", "Scaled", "Cutthroat", "Tribal", "Infected")
"""Scenario 55 uses only these monster cards (scenario book p. 72)."""
SCENARIO_55_ROOM_CARDS = ("Trail", "Encampment", "Clearing", "Road", "Cabin", "Crossroads")
"""... and only these dungeon cards, whose layouts no source holds (recorded, not used)."""

TRAPS = {"spike-pit-trap": "spike", "bear-trap": "bear", "poison-gas-trap": "poison"}
"""GHS trap names → the trap variants of the scenario maps."""


TYPOS = {"mormal": "normal", "nromal": "normal"}
"""Misspelt standee types in the source (rnd-558 "Wild", rnd-567 "Scaled"), corrected."""


def _types(entry: dict[str, Any]) -> list[str]:
    raw = [entry["type"]] * 3 if "type" in entry else [entry.get(f"player{n}", "none") for n in (2, 3, 4)]
    types = [TYPOS.get(t, t) for t in raw]
    if any(t not in ("none", "normal", "elite") for t in types):
        raise SystemExit(f"unknown standee type in {entry}")
    return types


def _overlay(o: dict[str, Any], where: str) -> dict[str, Any]:
    marker = str(o["marker"])
    kind = o["type"]
    if kind == "loot":
        return {"kind": "coin", "marker": marker}
    if kind == "trap":
        return {"kind": "trap", "variant": TRAPS[o["value"]], "marker": marker}
    if kind == "difficultTerrain":
        return {"kind": "difficult", "variant": o["value"], "marker": marker}
    if kind == "hazardousTerrain":
        return {"kind": "hazardous", "variant": o["value"], "marker": marker}
    if kind == "treasure":
        return {"kind": "treasure", "variant": o["value"], "marker": marker}
    raise SystemExit(f"{where}: unknown overlay {kind!r}")


def card(path: Path) -> dict[str, Any]:
    doc = json.loads(path.read_text())
    (room,) = doc["rooms"]
    standees = [
        {"monster": m["name"], "types": _types(m), "marker": str(m["marker"])} for m in room["monster"]
    ]
    return {
        "number": int(doc["index"]),
        "name": doc["name"],
        "standees": sorted(standees, key=lambda s: (int(s["marker"]), s["monster"])),
        "overlays": [_overlay(o, path.name) for o in doc.get("overlays", [])],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sources", type=Path, default=ROOT.parent / "shared" / "data" / "sources")
    args = parser.parse_args()
    folder = args.sources / "ghs" / "gh" / "sections"
    cards = [card(folder / f"rnd-{n}.json") for n in range(554, 574)]
    names = {c["name"] for c in cards}
    missing = [n for n in SCENARIO_55_MONSTER_CARDS if n not in names]
    if missing:
        raise SystemExit(f"scenario 55's monster cards not in the source: {missing}")
    doc = {
        "about": "Random dungeon monster cards (GHS sections rnd-554..573), for scenario 55's stand-in "
        "map; written by tools/importers/random_dungeon.py.",
        "monster_cards": cards,
        "scenario_55": {
            "monster_cards": list(SCENARIO_55_MONSTER_CARDS),
            "room_cards": list(SCENARIO_55_ROOM_CARDS),
        },
    }
    OUT.write_text(json.dumps(doc, indent=1, sort_keys=True) + "\n")
    print(f"wrote {OUT.relative_to(ROOT)}: {len(cards)} monster cards")


if __name__ == "__main__":
    main()
