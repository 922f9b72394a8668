"""Build delvekit's Descent content (src/delvekit/descent/data/*.json) from the public sources in
/work/shared/data/sources/descent/ (see its MANIFEST.md).

Shipped facts come only from licensed sources:
  TAG (GAIGResearch/TabletopGames, MIT): tile grids, hero and monster numbers, the four TAG classes'
  starting equipment numbers, search deck composition;
  Valkyrie (NPBruce/valkyrie, Apache-2.0): names, archetypes, class item and skill lists, XP;
  Valkyrie quest data (CC0): First Blood's tile placements, tokens and monster places;
  the Descent-Community wiki's "Basic" page (the 15 basic overlord cards: names and counts).
No card text is copied: effects are written as delvekit's own short codes.
Sources under no licence (any2cards, TedoBoiyo) are read only by crosscheck.py.

    python tools/importers/descent/import_content.py [SOURCES] [OUT]
"""

from __future__ import annotations

import configparser
import json
import sys
from pathlib import Path
from typing import Any

SOURCES = Path("/work/shared/data/sources/descent")
OUT = Path(__file__).resolve().parents[3] / "src/delvekit/descent/data"
TAG = "GAIGResearch+TabletopGames/data/descent2e"
VALK = "NPBruce+valkyrie/unity/Assets/StreamingAssets/content/D2E/base"
QUEST_OLD = "NPBruce+valkyrie-questdata/source/D2E/ShadowRune/FirstBlood/quest.ini@0e7480d9"
QUEST_NEW = "NPBruce+valkyrie-questdata/source/D2E/01_FirstBlood"

KINDS = {"plain": "plain", "water": "water", "block": "obstacle", "pit": "pit", "lava": "lava"}


def ini(path: Path) -> configparser.ConfigParser:
    cp = configparser.ConfigParser(interpolation=None, strict=False)
    cp.optionxform = str  # type: ignore[assignment,method-assign]
    text = path.read_text(encoding="utf-8-sig")
    cp.read_string("\n".join(line for line in text.splitlines() if not line.startswith(";")))
    return cp


def slug(name: str) -> str:
    return "-".join(name.lower().replace("'", "").split())


def v(field: Any) -> Any:
    """TAG's typed values: ["Integer", 5] -> 5."""
    if isinstance(field, list) and len(field) == 2 and isinstance(field[0], str):
        return field[1]
    return field


# --- tiles -----------------------------------------------------------------------------------


def tiles(src: Path) -> dict[str, Any]:
    """Each TAG grid as squares in local coordinates: x to the right, y up, (0, 0) the top-left
    square of the playable area (Valkyrie's convention; checked by check_placements)."""
    out: dict[str, Any] = {}
    for t in json.loads((src / TAG / "tiles.json").read_text()):
        grid = t["grid"]
        play = [(r, c, KINDS[k]) for r, row in enumerate(grid) for c, k in enumerate(row) if k in KINDS]
        opens = [(r, c) for r, row in enumerate(grid) for c, k in enumerate(row) if k == "open"]
        r0, c0 = min(r for r, _, _ in play), min(c for _, c, _ in play)
        out[t["id"]] = {
            "squares": [[c - c0, r0 - r, kind] for r, c, kind in play],
            "connectors": [[c - c0, r0 - r] for r, c in opens],
        }
    return out


def place(x: int, y: int, rotation: int) -> tuple[int, int]:
    for _ in range((rotation // 90) % 4):
        x, y = -y, x  # counter-clockwise
    return x, y


# Valkyrie tile side -> TAG tile id (the entrance, exit and end cap have one shape each in TAG)
SIDE_TO_TAG = {"CapA": "endcap1A", "EntranceA": "entrance1A", "EntranceStairA": "exit1A"}


def tag_id(side: str) -> str:
    name = side.removeprefix("TileSide")
    return SIDE_TO_TAG.get(name, name)


# --- heroes, classes, monsters -----------------------------------------------------------------

HERO_ABILITY = {  # TAG's ability keys -> ours (the engine implements each by code)
    "Grisban the Thirsty": ("rest-discards-condition", "extra-attack"),
    "Jain Fairwood": ("damage-to-fatigue", "run-and-attack"),
    "Syndrael": ("still-recovers-2-fatigue", "move-with-a-friend"),
    "Avric Albright": ("aura-surge-recover-heart", "heal-all-2-red"),
    "Ashrian": ("stun-adjacent-minions", "stun-a-group"),
    "Leoric of the Book": ("aura-minus-1-heart", "magic-attack-all-adjacent"),
    "Tomble Burrowell": ("borrow-defense", "vanish"),
    "Widow Tarha": ("reroll-one-die", "attack-two-targets"),
}


def heroes(src: Path) -> list[dict[str, Any]]:
    valk = ini(src / VALK / "heros.ini")
    names = {s.removeprefix("Hero").lower(): s for s in valk.sections()}
    out = []
    for h in json.loads((src / TAG / "heroes.json").read_text()):
        name = h["id"]
        key = name.replace(" ", "").lower()
        section = names.get(key)
        if section is None:
            raise SystemExit(f"hero {name!r} not in Valkyrie heros.ini")
        ability, feat = HERO_ABILITY[name]
        out.append(
            {
                "id": name.split()[0].lower(),
                "name": name,
                "archetype": str(v(h["archetype"])).lower(),
                "speed": v(h["MovePoints"]),
                "health": v(h["Health"]),
                "stamina": v(h["Fatigue"]),
                "defense": ["gray" if d == "grey" else d for d in v(h["defence"])],
                "might": v(h["Might"]),
                "knowledge": v(h["Knowledge"]),
                "willpower": v(h["Willpower"]),
                "awareness": v(h["Awareness"]),
                "ability": ability,
                "feat": feat,
                "valkyrie": section,
            }
        )
    return sorted(out, key=lambda r: str(r["id"]))


SURGES = {  # TAG weapon surge keys -> our surge codes
    "DAMAGE_PLUS_1": ["+1heart"],
    "DAMAGE_PLUS_1_TWICE": ["+1heart"],
    "STUN": ["stun"],
    "RANGE_PLUS_1": ["+1range"],
    "PIERCE_2": ["pierce2"],
    "RUNIC_KNOWLEDGE": ["fatigue+2heart"],
}
SKILL_EFFECT = {  # starting skills the engine implements, by our code
    "Rage": "rage",
    "Prayer of Healing": "prayer-of-healing",
    "Runic Knowledge": "runic-knowledge",
    "Greedy": "greedy",
}
ITEM_EFFECT = {
    "Wooden Shield": "shield+1",
    "Lucky Charm": "reroll-test",
    "Throwing Knives": "adjacent+1heart",
}


def classes(src: Path) -> list[dict[str, Any]]:
    valk = ini(src / VALK / "classes.ini")
    tag = {}
    for path in sorted((src / TAG / "classes").glob("*.json")):
        data = json.loads(path.read_text())[0]
        tag[str(v(data["name"]))] = data["cards"]
    out = []
    for section in valk.sections():
        if not section.startswith("Class"):
            continue
        cid = section.removeprefix("Class")
        name = {"SpiritSpeaker": "Spiritspeaker"}.get(cid, cid)
        skills = [
            {"id": slug(s.removeprefix(f"Skill{cid}")), "xp": int(valk[s].get("xp", "0"))}
            for s in valk.sections()
            if s.startswith(f"Skill{cid}")
        ]
        items = valk[section].get("items", "").split()
        record: dict[str, Any] = {
            "id": name.lower(),
            "name": name,
            "archetype": valk[section]["archetype"],
            "valkyrie_items": items,
            "valkyrie_skills": skills,
            "playable": name in tag,
            "weapons": [],
            "items": [],
            "skills": [],
        }
        for card in tag.get(name, []):
            card = {k: v(x) for k, x in card.items()}
            if card.get("attackType"):
                surges = [c for key in card.get("weaponSurges", []) for c in SURGES[key]]
                record["weapons"].append(
                    {
                        "id": slug(card["name"]),
                        "name": card["name"],
                        "attack": card["attackType"],
                        "dice": card["attackPower"],
                        "surges": surges,
                        "hands": len([s for s in card["equipSlots"] if s == "hand"]),
                        "traits": [t.lower() for t in card.get("equipmentType", [])],
                        "effect": ITEM_EFFECT.get(card["name"], ""),
                    }
                )
            elif card.get("equipSlots"):
                record["items"].append(
                    {
                        "id": slug(card["name"]),
                        "name": card["name"],
                        "effect": ITEM_EFFECT.get(card["name"], ""),
                    }
                )
            else:
                record["skills"].append(
                    {
                        "id": slug(card["name"]),
                        "name": card["name"],
                        "xp": card["XP"],
                        "fatigue": card.get("fatigue", 0),
                        "exhaust": bool(card.get("exhaust", False)),
                        "effect": SKILL_EFFECT.get(card["name"], "") if card["XP"] == 0 else "",
                    }
                )
        out.append(record)
    return sorted(out, key=lambda r: str(r["id"]))


def _ability(text: str) -> str:
    text = text.strip()
    if text.lower().startswith("surge:"):
        body = text.split(":", 1)[1].strip().lower()
        parts = body.split()
        if len(parts) == 2 and parts[0].startswith("+") and parts[1] in ("heart", "range"):
            return f"surge:{parts[0]}{parts[1]}"
        if parts[0] == "mend":
            return f"surge:mend{parts[1]}"
        return "surge:" + "-".join(parts)
    return slug(text)


def monsters(src: Path) -> list[dict[str, Any]]:
    out = []
    for m in json.loads((src / TAG / "monsters.json").read_text()):
        w, h = (int(n) for n in str(v(m["size"])).split("x"))
        minions = list(v(m["setup"]))
        # TAG's "setup" counts minions for 2, 3, 4 heroes; the groups of one big figure (1, 0, 1)
        # field a minion, then a master, then both (First Blood's Mauler follows the same pattern)
        masters = [0, 1, 1] if minions == [1, 0, 1] else [1, 1, 1]
        acts: dict[str, Any] = {}
        for act in ("act1", "act2"):
            for inst in m[act]:
                rank = str(v(inst["instance"])).lower()
                abilities = [_ability(a) for a in v(inst.get("passive", ["", []]))]
                abilities += [slug(a) for a in _actions(inst)]
                acts[f"{act}-{rank}"] = {
                    "speed": v(inst["MovePoints"]),
                    "health": v(inst["Health"]),
                    "defense": ["gray" if d == "grey" else d for d in v(inst["defence"])],
                    "attack": v(inst["attack"]),
                    "abilities": abilities,
                }
        for (key, field), value in CORRECTIONS.get(slug(m["id"]), {}).items():
            acts[key][field] = value
        out.append(
            {
                "id": slug(m["id"]),
                "name": m["id"],
                "size": [w, h],
                "attack_type": v(m["attackType"]),
                "traits": [t.lower() for t in v(m["traits"])],
                "minions": minions,
                "masters": masters,
                "stats": acts,
            }
        )
    return sorted(out, key=lambda r: str(r["id"]))


# Corrections to TAG's numbers, each with its reason in docs/descent.md.
CORRECTIONS: dict[str, dict[tuple[str, str], object]] = {
    # digest §6 correction 2: TAG gives the Act I master blue+yellow, any2cards blue+red; every other
    # base master rolls at least its minion's dice (the minion rolls blue+red), so blue+red.
    "barghest": {("act1-master", "attack"): ["blue", "red"]},
}


def _actions(inst: dict[str, Any]) -> list[str]:
    action = inst.get("action")
    if not action:
        return []
    value = v(action)
    names = value if isinstance(value, list) else [value]
    out = []
    for n in names:
        text = str(n)
        out.append("action-" + text.split(":", 1)[0])
    return out


def search(src: Path) -> list[dict[str, Any]]:
    counts: dict[str, dict[str, Any]] = {}
    effects = {
        "Health Potion": "recover-all-hearts",
        "Stamina Potion": "recover-all-fatigue",
        "Curse Doll": "discard-condition",
        "Treasure Chest": "",
        "Nothing": "",
    }
    for card in json.loads((src / TAG / "searchCards.json").read_text()):
        name = str(v(card["name"]))
        rec = counts.setdefault(
            name,
            {
                "id": slug(name),
                "name": name,
                "count": 0,
                "gold": v(card["value"]),
                "kind": str(v(card["type"])).lower(),
                "effect": effects.get(name, ""),
            },
        )
        rec["count"] = int(rec["count"]) + 1
    return sorted(counts.values(), key=lambda r: str(r["id"]))


# The 15 basic overlord cards (Descent-Community wiki "Basic", oldid 16660; FFG preview): names,
# counts, when each is played, and our effect code ("" = drawn and held, not yet played by the engine).
OVERLORD = [
    ("Dash", 2, "monster-activation", "extra-move"),
    ("Frenzy", 2, "monster-activation", "extra-attack"),
    ("Critical Blow", 1, "monster-attack-rolled", "surge:+3heart"),
    ("Dark Might", 2, "monster-attack-rolled", ""),
    ("Pit Trap", 1, "hero-enters-empty", "pit-trap"),
    ("Poison Dart", 1, "hero-searches", "poison-dart"),
    ("Word of Misery", 1, "overlord-turn-start", "word-of-misery"),
    ("Tripwire", 2, "hero-enters-empty", ""),
    ("Dark Fortune", 2, "monster-attack-rolled", ""),
    ("Dark Charm", 1, "overlord-turn-start", ""),
]

CONDITIONS = [
    {
        "id": "poisoned",
        "test": "might",
        "on_fail": "1-damage",
        "discard": "on-pass",
        "source": "digest §4.11 [M], mirrors Diseased",
    },
    {
        "id": "diseased",
        "test": "willpower",
        "on_fail": "1-fatigue",
        "discard": "on-pass",
        "source": "digest §4.11 [S] descent2e.fandom Diseased",
    },
    {
        "id": "immobilized",
        "test": "",
        "on_fail": "",
        "discard": "end-of-turn",
        "source": "digest §4.11; no move actions or movement points",
    },
    {
        "id": "stunned",
        "test": "",
        "on_fail": "",
        "discard": "action",
        "source": "digest §4.11 [V]; an action discards it, the only action allowed while stunned",
    },
]


# --- First Blood -----------------------------------------------------------------------------


def first_blood(src: Path, tile_data: dict[str, Any]) -> dict[str, Any]:
    old = ini(src / QUEST_OLD)
    new = ini(src / QUEST_NEW / "tiles.ini")
    placements = []
    for section in old.sections():
        if section.startswith("Tile"):
            s = old[section]
            placements.append(
                {
                    "name": section.removeprefix("Tile"),
                    "tile": tag_id(s["side"]),
                    "x": int(s["xposition"]),
                    "y": int(s["yposition"]),
                    "rotation": int(s.get("rotation", "0")),
                }
            )
    newer = sorted(
        (
            tag_id(new[s]["side"]),
            int(new[s]["xposition"]),
            int(new[s]["yposition"]),
            int(new[s].get("rotation", "0")),
        )
        for s in new.sections()
    )
    older = sorted((p["tile"], p["x"], p["y"], p["rotation"]) for p in placements)
    if newer != older:
        raise SystemExit("First Blood: the two Valkyrie versions place the tiles differently")

    def at(section: str) -> list[int]:
        return [int(old[section]["xposition"]), int(old[section]["yposition"])]

    squares = placed_squares(placements, tile_data)
    exit_tile = next(p for p in placements if p["name"] == "Exit")
    exits = [sq for sq, (name, _) in squares.items() if name == "Exit"]
    # the exit's far row (away from the tile it joins): the squares with no neighbour off the exit tile
    far = [
        sq
        for sq in exits
        if not any(
            (sq[0] + dx, sq[1] + dy) in squares and squares[(sq[0] + dx, sq[1] + dy)][0] != "Exit"
            for dx in (-1, 0, 1)
            for dy in (-1, 0, 1)
        )
    ]
    entrance = sorted(sq for sq, (name, _) in squares.items() if name == "Entrance")
    return {
        "id": "first-blood",
        "name": "First Blood",
        "act": 1,
        "placements": placements,
        "hero_start": [list(sq) for sq in entrance],
        "hero_start_note": at("EventPlaceHero"),
        "search_tokens": {
            "2": [at("TokenSearchFire"), at("TokenSearchCart")],
            "3": [at("TokenSearchFire"), at("TokenSearchGarden"), at("TokenSearchCart")],
            "4": [
                at("TokenSearchWater"),
                at("TokenSearchFire"),
                at("TokenSearchGarden"),
                at("TokenSearchCart"),
            ],
        },
        "exit": [list(sq) for sq in sorted(far)],
        "exit_tile": exit_tile["name"],
        "goblins": {"monster": "goblin-archer", "at": at("MonsterGoblins")},
        "reinforce": {"monster": "goblin-archer", "at": at("MonsterGoblinReinforce"), "count": 1},
        "mauler": {
            "monster": "ettin",
            "2": {"rank": "minion", "at": at("MPlaceMaulerMinion"), "bonus_health": 4, "extra": []},
            "3": {"rank": "master", "at": at("MPlaceMauler"), "bonus_health": 6, "extra": []},
            "4": {
                "rank": "master",
                "at": at("MPlaceMauler"),
                "bonus_health": 8,
                "extra": [at("MPlaceEttinMinion")],
            },
        },
        "escapes_to_lose": 5,
        "sources": {
            "tiles": "NPBruce/valkyrie-questdata ShadowRune/FirstBlood/quest.ini@0e7480d9 (CC0), "
            "equal to 01_FirstBlood",
            "rules": "the same file: Mauler +4/+6/+8 health, goblins escaping add fatigue to the "
            "objective, 5 to lose",
        },
    }


def placed_squares(
    placements: list[dict[str, Any]], tile_data: dict[str, Any]
) -> dict[tuple[int, int], tuple[str, str]]:
    out: dict[tuple[int, int], tuple[str, str]] = {}
    for p in placements:
        tile = tile_data[str(p["tile"])]
        for x, y, kind in tile["squares"]:
            dx, dy = place(x, y, int(p["rotation"]))
            out[(dx + int(p["x"]), dy + int(p["y"]))] = (str(p["name"]), kind)
    return out


def check_placements(
    placements: list[dict[str, Any]], tile_data: dict[str, Any], tokens: list[list[int]]
) -> dict[str, Any]:
    """The orientation check (digest §6): with TAG's grids placed by Valkyrie's rule, no two tiles
    overlap, every connector of every tile lands on another tile's square, every token lands on a
    square. A mirrored or clockwise reading fails, so the check can fail."""
    report = {}
    for label, mirror, ccw in (
        ("as read (counter-clockwise)", False, True),
        ("clockwise", False, False),
        ("mirrored", True, True),
    ):
        occ: dict[tuple[int, int], str] = {}
        overlaps = 0
        conns = []
        for p in placements:
            tile = tile_data[str(p["tile"])]
            width = max(x for x, _, _ in tile["squares"])
            for pts, is_conn in ((tile["squares"], False), (tile["connectors"], True)):
                for item in pts:
                    x, y = item[0], item[1]
                    if mirror:
                        x = width - x
                    rot = int(p["rotation"]) if ccw else (360 - int(p["rotation"])) % 360
                    dx, dy = place(x, y, rot)
                    sq = (dx + int(p["x"]), dy + int(p["y"]))
                    if is_conn:
                        conns.append((sq, p["name"]))
                    else:
                        overlaps += sq in occ
                        occ[sq] = str(p["name"])
        matched = sum(1 for sq, name in conns if sq in occ and occ[sq] != name)
        on_map = sum(1 for t in tokens if tuple(t) in occ)
        report[label] = {
            "overlaps": overlaps,
            "connectors": len(conns),
            "connectors_matched": matched,
            "tokens": len(tokens),
            "tokens_on_map": on_map,
        }
    return report


def main(argv: list[str]) -> int:
    src = Path(argv[1]) if len(argv) > 1 else SOURCES
    out = Path(argv[2]) if len(argv) > 2 else OUT
    out.mkdir(parents=True, exist_ok=True)
    tile_data = tiles(src)
    quest = first_blood(src, tile_data)
    old = ini(src / QUEST_OLD)
    tokens = [
        [int(old[s]["xposition"]), int(old[s]["yposition"])]
        for s in old.sections()
        if s.startswith(("TokenSearch", "MPlace", "MonsterGoblin", "EventPlaceHero"))
    ]
    quest["orientation_check"] = check_placements(quest["placements"], tile_data, tokens)
    good = quest["orientation_check"]["as read (counter-clockwise)"]
    if (
        good["overlaps"]
        or good["connectors_matched"] != good["connectors"]
        or good["tokens_on_map"] != good["tokens"]
    ):
        raise SystemExit(f"First Blood: TAG grids do not fit Valkyrie's placements: {good}")
    files: dict[str, Any] = {
        "tiles.json": tile_data,
        "heroes.json": heroes(src),
        "classes.json": classes(src),
        "monsters.json": monsters(src),
        "search.json": search(src),
        "overlord.json": [
            {"id": slug(n), "name": n, "count": c, "trigger": t, "effect": e} for n, c, t, e in OVERLORD
        ],
        "conditions.json": CONDITIONS,
        "first-blood.json": quest,
    }
    for name, data in files.items():
        if name == "tiles.json":  # one tile a line
            body = (
                "{\n"
                + ",\n".join(
                    f"{json.dumps(k)}: {json.dumps(v, sort_keys=True)}" for k, v in sorted(data.items())
                )
                + "\n}"
            )
        else:
            body = json.dumps(data, indent=1, sort_keys=True)
        (out / name).write_text(body + "\n", encoding="utf-8")
        print(f"wrote {out / name}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
