"""Cross-check delvekit's Descent content (from TAG and Valkyrie) against second sources that
carry no licence (any2cards/d2e extracts, TedoBoiyo's helper): numbers only, nothing shipped
from them but the verdicts. Writes src/delvekit/descent/data/crosscheck.json and
docs/descent-crosscheck.md.

    python tools/importers/descent/crosscheck.py
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

SOURCES = Path("/work/shared/data/sources/descent")
ROOT = Path(__file__).resolve().parents[3]
DATA = ROOT / "src/delvekit/descent/data"

# How each known disagreement is settled (what the content ships, and why).
SETTLED: dict[tuple[str, ...], str] = {
    (
        "barghest",
        "act1-master",
        "attack",
    ): "TAG has blue+yellow; we ship blue+red: every other base monster's master rolls at least its "
    "minion's dice, TAG's blue+yellow would be the only exception (digest §6 correction 2; "
    "a corrections entry in the importer)",
    (
        "goblin-archer",
        "act1-master",
        "abilities",
    ): "Cowardly is printed for minions only in TAG; any2cards lists "
    "it on the card back for the group; the engine applies it to minions (TAG), which only "
    "matters off First Blood's master",
}


# speed, health, stamina, might, knowledge, willpower, awareness (rules digest §2.6)
DIGEST_HEROES = {
    "Avric Albright": (4, 12, 4, 2, 3, 4, 2),
    "Ashrian": (5, 10, 4, 2, 2, 3, 4),
    "Grisban the Thirsty": (3, 14, 4, 5, 2, 3, 1),
    "Syndrael": (4, 12, 4, 4, 3, 2, 2),
    "Jain Fairwood": (5, 8, 5, 2, 3, 2, 4),
    "Tomble Burrowell": (4, 8, 5, 1, 2, 3, 5),
    "Leoric of the Book": (4, 8, 5, 1, 5, 2, 3),
    "Widow Tarha": (4, 10, 4, 2, 4, 3, 2),
}


def a2c_monsters() -> dict[tuple[str, str], dict[str, Any]]:
    rows = json.loads((SOURCES / "any2cards+d2e/data/monsters.base-game-extract.js").read_text())
    out: dict[tuple[str, str], dict[str, Any]] = {}
    for r in rows:
        mid = "-".join(r["name"].lower().split())
        act = "act1" if r["act"] == "I" else "act2"
        for line in r.get("characteristics", []):
            rank, rest = line.split(":", 1)
            f = dict(re.findall(r"(Speed|Health|Defense|Attack): ([^,]+)", rest))
            out[(mid, f"{act}-{rank.strip().lower()}")] = {
                "speed": int(f["Speed"]),
                "health": int(f["Health"]),
                "defense": [d.lower().replace("grey", "gray") for d in f["Defense"].split()],
                "attack": [d.lower() for d in f["Attack"].split()],
            }
        for line in r.get("group size", []):
            n, counts = line.split(":")
            minions, masters = (int(x) for x in counts.split(","))
            out.setdefault((mid, "group"), {})[n.split()[0]] = [minions, masters]
    return out


def main() -> int:
    ours_m = {m["id"]: m for m in json.loads((DATA / "monsters.json").read_text())}
    ours_h = {h["name"]: h for h in json.loads((DATA / "heroes.json").read_text())}
    ours_c = {c["id"]: c for c in json.loads((DATA / "classes.json").read_text())}
    ours_s = {s["id"]: s for s in json.loads((DATA / "search.json").read_text())}
    agree = 0
    dis: list[dict[str, str]] = []

    def cmp(what: str, ours: object, theirs: object, key: tuple[str, ...] = ()) -> None:
        nonlocal agree
        if ours == theirs:
            agree += 1
            return
        dis.append(
            {
                "what": what,
                "ours": json.dumps(ours),
                "theirs": json.dumps(theirs),
                "settled": SETTLED.get(key, "unsettled: ours (TAG, MIT) kept; listed for review"),
            }
        )

    a2c = a2c_monsters()
    for (mid, key), row in sorted(a2c.items()):
        if mid not in ours_m:
            continue
        if key == "group":
            for n, (minions, masters) in sorted(row.items()):
                i = int(n) - 2
                cmp(
                    f"{mid} group size for {n} heroes",
                    [ours_m[mid]["minions"][i], ours_m[mid]["masters"][i]],
                    [minions, masters],
                    (mid, "group"),
                )
            continue
        stats = ours_m[mid]["stats"][key]
        for field in ("speed", "health", "defense", "attack"):
            mine, theirs = stats[field], row[field]
            if field in ("defense", "attack"):  # a pool is a multiset of dice
                mine, theirs = sorted(mine), sorted(theirs)
            cmp(f"{mid} {key} {field}", mine, theirs, (mid, key, field))
    tedo = json.loads(
        (SOURCES / "TedoBoiyo+Descent-2nd-Edition-Helper/data/Descent_Hero_List.json").read_text(
            encoding="utf-8-sig"
        )
    )
    by_name = {h["Name"]: h for h in tedo}
    by_name["Jain Fairwood"] = by_name.get("Jaine Fairwood", {})
    for name, stats in DIGEST_HEROES.items():  # the rules digest §2.6 table (three sources, [V])
        for i, key in enumerate(
            ("speed", "health", "stamina", "might", "knowledge", "willpower", "awareness")
        ):
            cmp(f"hero {name} {key} (digest §2.6)", ours_h[name][key], stats[i])
    for name, h in sorted(ours_h.items()):
        t = by_name.get(name)
        if not t:
            dis.append(
                {
                    "what": f"hero {name}",
                    "ours": "present",
                    "theirs": "missing",
                    "settled": "not in TedoBoiyo's list; checked against the digest's table only",
                }
            )
            continue
        for ours_key, their_key in (
            ("speed", "Speed"),
            ("health", "Health"),
            ("stamina", "Stamina"),
            ("might", "Strength"),
            ("knowledge", "Knowledge"),
            ("willpower", "Willpower"),
            ("awareness", "Awareness"),
        ):
            cmp(f"hero {name} {ours_key}", h[ours_key], int(t[their_key]), ("hero", name, ours_key))
        cmp(f"hero {name} defense", h["defense"], [t["Defense_Die"].lower().replace("grey", "gray")])
    items = json.loads((SOURCES / "any2cards+d2e/data/class-items.base-game-extract.js").read_text())
    for it in items:
        cid = it["class"].lower()
        weapons = {w["name"]: w for w in ours_c.get(cid, {}).get("weapons", [])}
        if it["name"] in weapons and it["dice"] != "-":
            w = weapons[it["name"]]
            cmp(f"{cid} {it['name']} dice", w["dice"], it["dice"].lower().split())
            theirs = sorted(re.findall(r"Surge: ([^.]+)", it["rules"]))
            mine = sorted(w["surges"])
            norm = sorted(s.lower().replace(" ", "").replace("+1heart", "+1heart") for s in theirs)
            cmp(f"{cid} {it['name']} surges", mine, [n.replace("heart", "heart") for n in norm])
    rows = json.loads((SOURCES / "any2cards+d2e/data/search-deck.js").read_text())
    for r in rows:
        sid = "-".join(r["name"].lower().split())
        if sid in ours_s:
            cmp(f"search {sid} count", ours_s[sid]["count"], r["count"])
            cmp(f"search {sid} gold", ours_s[sid]["gold"], r["gold"])
        elif r.get("expansion") == "base game" and r.get("count"):
            dis.append(
                {
                    "what": f"search {sid}",
                    "ours": "missing",
                    "theirs": str(r["count"]),
                    "settled": "unsettled: not in TAG's deck",
                }
            )
    # disagreements between the sources themselves, settled by a correction or left open
    dis.insert(
        0,
        {
            "what": "barghest act1-master attack (TAG vs any2cards)",
            "ours": '["blue", "red"]',
            "theirs": 'TAG ["blue", "yellow"]',
            "settled": SETTLED[("barghest", "act1-master", "attack")],
        },
    )
    dis.insert(
        1,
        {
            "what": "elemental Air/Earth/Fire/Water",
            "ours": "actions (TAG)",
            "theirs": "surge abilities (any2cards)",
            "settled": "unsettled (digest §6 correction 3); the engine does not use the Elemental yet, "
            "First Blood has none",
        },
    )
    report = {
        "second_source": "any2cards/d2e extracts and TedoBoiyo/Descent-2nd-Edition-Helper (no licence; "
        "numbers compared, nothing shipped)",
        "agree": agree,
        "disagreements": dis,
    }
    (DATA / "crosscheck.json").write_text(json.dumps(report, indent=1) + "\n")
    lines = [
        "# Descent content: cross-check against a second source",
        "",
        "Generated by `tools/importers/descent/crosscheck.py`.",
        "Ours: TAG (MIT) and Valkyrie (Apache-2.0, CC0).",
        "Theirs: any2cards/d2e extracts and TedoBoiyo's helper (no licence: compared, never shipped).",
        "",
        f"**{agree} facts agree; {len(dis)} disagree.**",
        "",
        "| fact | ours | theirs | settled |",
        "|---|---|---|---|",
    ]
    lines += [f"| {d['what']} | `{d['ours']}` | `{d['theirs']}` | {d['settled']} |" for d in dis]
    (ROOT / "docs/descent-crosscheck.md").write_text("\n".join(lines) + "\n")
    print(f"{agree} agree, {len(dis)} disagree")
    for d in dis:
        print(" ", d["what"], d["ours"], d["theirs"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
