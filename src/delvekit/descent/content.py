"""Descent content in delvekit's own schema: msgspec records decoded from the committed JSON in
``descent/data/`` (written by tools/importers/descent/import_content.py), validated on load, and
the quest map assembled from tile grids and placements.

>>> c = load_content()
>>> c.heroes["grisban"].health, c.monsters["ettin"].size
(14, (2, 2))
>>> board = quest_board(c, "first-blood")
>>> len(board.cells) > 60
True
"""

from __future__ import annotations

from functools import lru_cache
from importlib import resources
from typing import TypeVar

import msgspec

from delvekit.core.errors import ContentError
from delvekit.core.squares import Square, SquareBoard
from delvekit.descent.dice import ATTACK_DICE, DEFENSE_DICE

_DATA = "delvekit.descent.data"


class Tile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    squares: tuple[tuple[int, int, str], ...]
    connectors: tuple[tuple[int, int], ...]


class Hero(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    name: str
    archetype: str
    speed: int
    health: int
    stamina: int
    defense: tuple[str, ...]
    might: int
    knowledge: int
    willpower: int
    awareness: int
    ability: str
    feat: str
    valkyrie: str


class Weapon(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    name: str
    attack: str  # melee | ranged
    dice: tuple[str, ...]
    surges: tuple[str, ...]
    hands: int
    traits: tuple[str, ...]
    effect: str = ""


class Item(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    name: str
    effect: str = ""


class Skill(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    name: str
    xp: int
    fatigue: int
    exhaust: bool
    effect: str = ""


class ValkyrieSkill(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    xp: int


class HeroClass(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    name: str
    archetype: str
    playable: bool
    weapons: tuple[Weapon, ...]
    items: tuple[Item, ...]
    skills: tuple[Skill, ...]
    valkyrie_items: tuple[str, ...]
    valkyrie_skills: tuple[ValkyrieSkill, ...]


class Stats(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    speed: int
    health: int
    defense: tuple[str, ...]
    attack: tuple[str, ...]
    abilities: tuple[str, ...]


class Monster(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    name: str
    size: tuple[int, int]
    attack_type: str
    traits: tuple[str, ...]
    minions: tuple[int, int, int]  # for 2, 3 and 4 heroes
    masters: tuple[int, int, int]
    stats: dict[str, Stats]  # "act1-minion", "act1-master", "act2-minion", "act2-master"

    def stat(self, act: int, rank: str) -> Stats:
        return self.stats[f"act{act}-{rank}"]

    @property
    def large(self) -> bool:
        return self.size != (1, 1)


class SearchCard(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    name: str
    count: int
    gold: int
    kind: str
    effect: str


class OverlordCard(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    name: str
    count: int
    trigger: str
    effect: str


class Condition(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    test: str
    on_fail: str
    discard: str
    source: str


class Placement(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    name: str
    tile: str
    x: int
    y: int
    rotation: int


class Spot(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    monster: str
    at: tuple[int, int]
    count: int = 1


class MaulerSetup(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    rank: str
    at: tuple[int, int]
    bonus_health: int
    extra: tuple[tuple[int, int], ...]


class Quest(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    name: str
    act: int
    placements: tuple[Placement, ...]
    hero_start: tuple[tuple[int, int], ...]
    hero_start_note: tuple[int, int]
    search_tokens: dict[str, tuple[tuple[int, int], ...]]
    exit: tuple[tuple[int, int], ...]
    exit_tile: str
    goblins: Spot
    reinforce: Spot
    mauler: dict[str, MaulerSetup | str]
    escapes_to_lose: int
    sources: dict[str, str]
    orientation_check: dict[str, dict[str, int]]

    def mauler_for(self, heroes: int) -> MaulerSetup:
        got = self.mauler.get(str(heroes))
        if not isinstance(got, MaulerSetup):
            raise ContentError(f"no Mauler setup for {heroes} heroes", where=f"{self.id}.json: mauler")
        return got


class Content(msgspec.Struct, frozen=True):
    tiles: dict[str, Tile]
    heroes: dict[str, Hero]
    classes: dict[str, HeroClass]
    monsters: dict[str, Monster]
    search: tuple[SearchCard, ...]
    overlord: tuple[OverlordCard, ...]
    conditions: dict[str, Condition]
    quests: dict[str, Quest]


T = TypeVar("T")


def _read(name: str, kind: type[T]) -> T:
    raw = resources.files(_DATA).joinpath(name).read_bytes()
    try:
        return msgspec.json.decode(raw, type=kind)
    except msgspec.ValidationError as exc:
        raise ContentError(str(exc), where=f"descent/data/{name}") from None


@lru_cache(maxsize=1)
def load_content() -> Content:
    """Every Descent record, decoded and checked (:func:`check`); cached."""
    heroes: list[Hero] = _read("heroes.json", list[Hero])
    classes: list[HeroClass] = _read("classes.json", list[HeroClass])
    monsters: list[Monster] = _read("monsters.json", list[Monster])
    conditions: list[Condition] = _read("conditions.json", list[Condition])
    quest: Quest = _read("first-blood.json", Quest)
    content = Content(
        tiles=_read("tiles.json", dict[str, Tile]),
        heroes={h.id: h for h in heroes},
        classes={c.id: c for c in classes},
        monsters={m.id: m for m in monsters},
        search=_read("search.json", tuple[SearchCard, ...]),
        overlord=_read("overlord.json", tuple[OverlordCard, ...]),
        conditions={c.id: c for c in conditions},
        quests={quest.id: quest},
    )
    problems = check(content)
    if problems:
        raise ContentError("; ".join(problems[:5]), where="descent/data")
    return content


ARCHETYPE_CLASS = {"warrior": "berserker", "healer": "disciple", "mage": "runemaster", "scout": "thief"}


def check(content: Content) -> list[str]:
    """Every invariant of the content: references resolve, dice exist, grids and placements fit.
    Returns the problems found (empty when all is well)."""
    out: list[str] = []
    kinds = {"plain", "water", "obstacle", "pit", "lava", "hazard"}
    for tid, tile in content.tiles.items():
        squares = [(x, y) for x, y, _ in tile.squares]
        if len(set(squares)) != len(squares):
            out.append(f"tile {tid}: a square listed twice")
        out += [f"tile {tid}: unknown terrain {k!r}" for _, _, k in tile.squares if k not in kinds]
        if set(squares) & set(tile.connectors):
            out.append(f"tile {tid}: a connector lies on the tile's own square")
        if not tile.connectors:
            out.append(f"tile {tid}: no connector: it cannot join a map")
    for h in content.heroes.values():
        if h.archetype not in ARCHETYPE_CLASS:
            out.append(f"hero {h.id}: unknown archetype {h.archetype!r}")
        out += [f"hero {h.id}: unknown defence die {d!r}" for d in h.defense if d not in DEFENSE_DICE]
        if min(h.speed, h.health, h.stamina) <= 0:
            out.append(f"hero {h.id}: speed, health and stamina must be positive")
    for c in content.classes.values():
        if c.playable and not c.weapons:
            out.append(f"class {c.id}: playable without a weapon")
        for w in c.weapons:
            out += [f"class {c.id}: {w.id}: unknown die {d!r}" for d in w.dice if d not in ATTACK_DICE]
            if w.dice[:1] != ("blue",):
                out.append(f"class {c.id}: {w.id}: an attack pool starts with the blue die")
    for cid in ARCHETYPE_CLASS.values():
        if cid not in content.classes or not content.classes[cid].playable:
            out.append(f"class {cid}: needed as the default class of its archetype")
    for m in content.monsters.values():
        if set(m.stats) != {"act1-minion", "act1-master", "act2-minion", "act2-master"}:
            out.append(f"monster {m.id}: needs Act I and II minion and master stats")
        for key, s in m.stats.items():
            if s.attack[:1] != ("blue",) or any(d not in ATTACK_DICE for d in s.attack):
                out.append(f"monster {m.id} {key}: bad attack dice {s.attack}")
            out += [
                f"monster {m.id} {key}: bad defence die {d!r}" for d in s.defense if d not in DEFENSE_DICE
            ]
    for q in content.quests.values():
        board = None
        for p in q.placements:
            if p.tile not in content.tiles:
                out.append(f"quest {q.id}: placement {p.name}: unknown tile {p.tile!r}")
            if p.rotation % 90:
                out.append(f"quest {q.id}: placement {p.name}: rotation {p.rotation} is not a quarter turn")
        if not out:
            board = quest_board(content, q.id, checked=False)
        for mid in (q.goblins.monster, q.reinforce.monster, str(q.mauler.get("monster"))):
            if mid not in content.monsters:
                out.append(f"quest {q.id}: unknown monster {mid!r}")
        if board is not None:
            spots: list[tuple[str, tuple[int, int]]] = [("hero start", s) for s in q.hero_start]
            spots += [("exit", s) for s in q.exit] + [
                ("goblins", q.goblins.at),
                ("reinforce", q.reinforce.at),
            ]
            for n, tokens in q.search_tokens.items():
                spots += [(f"search token ({n} heroes)", t) for t in tokens]
            for n in ("2", "3", "4"):
                ms = q.mauler_for(int(n))
                spots += [(f"Mauler ({n} heroes)", ms.at)] + [(f"ettin ({n} heroes)", e) for e in ms.extra]
            out += [
                f"quest {q.id}: {what} {sq} is not on the map" for what, sq in spots if sq not in board.cells
            ]
            good = q.orientation_check.get("as read (counter-clockwise)", {})
            if good.get("overlaps", 1) or good.get("connectors_matched") != good.get("connectors"):
                out.append(f"quest {q.id}: the orientation check failed: {good}")
    return out


def _rotate(x: int, y: int, rotation: int) -> tuple[int, int]:
    for _ in range((rotation // 90) % 4):
        x, y = -y, x
    return x, y


_BOARDS: dict[tuple[int, str], SquareBoard] = {}


def quest_board(content: Content, quest_id: str, *, checked: bool = True) -> SquareBoard:
    """The quest's map: each placed tile's squares (Valkyrie's rule: the tile's top-left square at
    (0, 0), turned counter-clockwise, then moved to (x, y), y up). Sides between squares of two
    tiles are walls except where a tile's connector lies on the other tile (the joints)."""
    key = (id(content), quest_id)
    if key in _BOARDS:
        return _BOARDS[key]
    quest = content.quests[quest_id]
    owner: dict[Square, str] = {}
    terrain: dict[Square, str] = {}
    joints: set[tuple[str, Square]] = set()
    for p in quest.placements:
        tile = content.tiles[p.tile]
        for x, y, kind in tile.squares:
            dx, dy = _rotate(x, y, p.rotation)
            sq = (dx + p.x, dy + p.y)
            if sq in owner and checked:
                raise ContentError(f"tile {p.name} overlaps {owner[sq]} at {sq}", where=f"{quest_id}.json")
            owner[sq] = p.name
            if kind != "plain":
                terrain[sq] = kind
        for x, y in tile.connectors:
            dx, dy = _rotate(x, y, p.rotation)
            joints.add((p.name, (dx + p.x, dy + p.y)))
    walls = []
    for (x, y), name in owner.items():
        for n in ((x + 1, y), (x, y + 1)):
            other = owner.get(n)
            if other is None or other == name:
                continue
            if (name, n) in joints or (other, (x, y)) in joints:
                continue
            walls.append(((x, y), n))
    board = SquareBoard.build(owner, terrain=terrain, walls=walls)
    if checked:
        _BOARDS[key] = board
    return board
