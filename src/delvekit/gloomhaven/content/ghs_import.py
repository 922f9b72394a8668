"""Convert a Gloomhaven Secretariat (GHS) ``data/gh`` folder into a delvekit content pack.

GHS is an open companion app whose data folder holds the base game's numbers in its own JSON
layout (actions as nested ``{type, value, valueType, subActions}`` objects). A user who has
downloaded it can run ``delve content import-ghs PATH --out DIR`` and then play every class it
encodes with ``--content DIR``. The same functions build delvekit's bundled pack (see
``tools/importers``). Only facts come over: names, numbers and structured actions; narrative
text and card art never do.

Anything this converter does not understand raises :class:`ContentError` naming the GHS file
and the JSON path of the offending value.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Final

import msgspec

from delvekit.core.errors import ContentError
from delvekit.gloomhaven.content.schema import (
    Ability,
    AbilityCard,
    AreaHex,
    CardHalf,
    CardLevel,
    CharacterClass,
    MonsterCard,
    MonsterDeck,
    MonsterLevel,
    MonsterType,
    PackInfo,
    Perk,
    Spawn,
    StatLine,
    SummonStats,
    UseSlot,
)

#: GHS names the locked classes after their icons; delvekit uses the English class names.
CLASS_IDS: Final[Mapping[str, str]] = {
    "sun": "sunkeeper",
    "three-spears": "quartermaster",
    "circles": "summoner",
    "eclipse": "nightshroud",
    "squidface": "plagueherald",
    "lightning": "berserker",
    "music-note": "soothsinger",
    "angry-face": "doomstalker",
    "saw": "sawbones",
    "triangles": "elementalist",
    "two-mini": "beast-tyrant",
}
ITEM_SLOTS: Final[Mapping[str, str]] = {
    "head": "head",
    "body": "body",
    "legs": "legs",
    "onehand": "one-hand",
    "twohand": "two-hands",
    "small": "small",
}
_TYPE_NAMES: Final[Mapping[str, str]] = {
    "sufferDamage": "suffer-damage",
    "specialTarget": "affects",
}
_PLAIN_TYPES: Final = frozenset(
    {"attack", "move", "heal", "shield", "retaliate", "loot", "jump", "teleport", "condition",
     "push", "pull", "range", "target", "pierce", "special", "sufferDamage"}
)  # fmt: skip
_LAYOUT: Final = frozenset({"concatenation", "grid", "concatenationSpacer"})
_WIP: Final = "%character.abilities.wip%"
_AREA_CELL = re.compile(r"\((-?\d+),(-?\d+),(active|target|enhance|conditional|blank|invisible)\)")
_MODIFIER_BASE: Final[Mapping[str, str]] = {
    "plus0": "+0",
    "plus1": "+1",
    "plus2": "+2",
    "plus3": "+3",
    "plus4": "+4",
    "minus1": "-1",
    "minus2": "-2",
    "double": "x2",
    "null": "null",
    "bless": "bless",
    "curse": "curse",
}


def kebab(name: str) -> str:
    """``"enemiesAdjacent"`` → ``"enemies-adjacent"``; ``"Jekserah's Plans"`` → ``"jekserahs-plans"``.

    >>> kebab("enemiesMovedThrough"), kebab("The Drake's Command")
    ('enemies-moved-through', 'the-drakes-command')
    """
    text = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "-", name).replace("'", "").replace("’", "")
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def title(ident: str) -> str:
    """``"bandit-guard"`` → ``"Bandit Guard"``."""
    return " ".join(word.capitalize() for word in ident.split("-"))


class _Converter:
    """Converts GHS action lists of one file; ``where`` names the file for errors."""

    def __init__(self, where: str) -> None:
        self.where = where

    def fail(self, path: str, message: str) -> ContentError:
        return ContentError(message, where=f"{self.where}: {path}")

    # -- actions ------------------------------------------------------------------------------
    def actions(self, raw: Any, path: str) -> tuple[Ability, ...]:
        if raw is None:
            return ()
        if not isinstance(raw, list):
            raise self.fail(path, "expected a list of actions")
        out: list[Ability] = []
        for index, item in enumerate(raw):
            out.extend(self.action(item, f"{path}[{index}]"))
        return tuple(out)

    def action(self, raw: Any, path: str) -> list[Ability]:
        """One GHS action → zero or more abilities (layout groups are flattened)."""
        if not isinstance(raw, dict) or not isinstance(raw.get("type"), str):
            raise self.fail(path, "expected an action object with a type")
        kind: str = raw["type"]
        value = raw.get("value")
        sub = self.actions(raw.get("subActions"), f"{path}.subActions")
        if kind in _LAYOUT:
            return list(sub)
        enhancements = tuple(str(e) for e in raw.get("enhancementTypes", ()))
        mode = self.mode(kind, raw.get("valueType"), path)
        if kind in _PLAIN_TYPES:
            number = (
                self.number(value, f"{path}.value") if kind not in ("jump", "teleport", "condition") else None
            )
            if kind == "condition":
                if not isinstance(value, str):
                    raise self.fail(f"{path}.value", "a condition needs a name")
                return [Ability(type="condition", value=value, sub=sub, enhancements=enhancements)]
            return [
                Ability(
                    type=_TYPE_NAMES.get(kind, kind),
                    value=number,
                    mode=mode,
                    sub=sub,
                    enhancements=enhancements,
                )
            ]
        if kind == "element":
            if not isinstance(value, str):
                raise self.fail(f"{path}.value", "an element needs a name")
            element_mode = "consume" if raw.get("valueType") == "minus" else "infuse"
            return [Ability(type="element", value=value, mode=element_mode, sub=sub)]
        if kind == "specialTarget":
            return [self.affects(value, path, sub)]
        if kind == "area":
            return [
                Ability(
                    type="area", area=self.area(value, f"{path}.value"), sub=sub, enhancements=enhancements
                )
            ]
        if kind == "card":
            return [self.card_marker(value, path)]
        if kind == "custom":
            return [Ability(type="custom", value=self.custom_key(value, path), sub=sub)]
        if kind == "box":
            key = self.custom_key(value, path)
            if key.endswith("augment"):
                return [Ability(type="augment", sub=sub)]
            return [Ability(type="custom", value=key, sub=sub)]
        if kind == "summon":
            return [self.summon(raw, path, sub)]
        if kind == "fly":
            return [Ability(type="flying", sub=sub)]
        raise self.fail(f"{path}.type", f"unknown GHS action type {kind!r}")

    def mode(self, kind: str, value_type: Any, path: str) -> str:
        if value_type is None:
            return "absolute"
        if value_type in ("plus", "minus", "add", "subtract"):
            return str(value_type)
        raise self.fail(f"{path}.valueType", f"unknown valueType {value_type!r} on {kind}")

    def number(self, value: Any, path: str) -> int | str | None:
        if value is None or value == "":
            return None
        if isinstance(value, bool):
            raise self.fail(path, "expected a number")
        if isinstance(value, int):
            return value
        if isinstance(value, str):
            text = value.strip()
            if re.fullmatch(r"-?\d+", text):
                return int(text)
            return _formula(text, self, path)
        raise self.fail(path, f"expected a number, got {type(value).__name__}")

    def affects(self, value: Any, path: str, sub: tuple[Ability, ...]) -> Ability:
        if not isinstance(value, str) or not value:
            raise self.fail(f"{path}.value", "a special target needs a kind")
        name, _, distance = value.partition(":")
        name = name.removesuffix("Affect")
        kind = {
            "enemyOneAll": "one-enemy-all",
            "selfAllies": "self-allies",
            "adjacentEnemies": "enemies-adjacent",
        }.get(name, kebab(name))
        extra: tuple[Ability, ...] = ()
        if distance:
            extra = (Ability(type="range", value=self.number(distance, f"{path}.value")),)
        return Ability(type="affects", value=kind, sub=extra + sub)

    def area(self, value: Any, path: str) -> tuple[AreaHex, ...]:
        if not isinstance(value, str):
            raise self.fail(path, "an area is a text of (x,y,kind) cells")
        cells = _AREA_CELL.findall(value.replace(" ", ""))
        if not cells or "".join(f"({x},{y},{k})" for x, y, k in cells) != value.replace(" ", "").replace(
            "|", ""
        ):
            raise self.fail(path, f"cannot read area {value!r}")
        # GHS draws areas on rows of pointy-top hexes, odd rows shifted right ("odd-r").
        axial = []
        for x, y, k in cells:
            col, row = int(x), int(y)
            axial.append((col - (row - (row & 1)) // 2, row, k))
        anchor = next(((q, r) for q, r, k in axial if k == "active"), None)
        if anchor is None:
            anchor = next((q, r) for q, r, k in axial if k == "target")
        kinds = {"active": "active", "target": "target"}
        return tuple(
            AreaHex(q=q - anchor[0], r=r - anchor[1], kind=kinds.get(k, "empty"))  # type: ignore[arg-type]
            for q, r, k in axial
        )

    def card_marker(self, value: Any, path: str) -> Ability:
        if not isinstance(value, str):
            raise self.fail(f"{path}.value", "a card marker is text")
        name, _, amount = value.partition(":")
        if name == "experience":
            return Ability(type="xp", value=self.number(amount, f"{path}.value"))
        if name in ("round", "persistent", "lost", "slot", "slotXp"):
            # Placed on the card half by `half`; kept here as a marker ability meanwhile.
            return Ability(type="custom", value=f"card:{value}")
        raise self.fail(f"{path}.value", f"unknown card marker {value!r}")

    def custom_key(self, value: Any, path: str) -> str:
        if not isinstance(value, str) or not value:
            raise self.fail(f"{path}.value", "a custom action needs text")
        match = re.fullmatch(r"%(?:data\.custom\.gh\.|game\.custom\.|data\.custom\.)?([^%]+)%", value)
        if match:
            return match.group(1)
        # Free text in the source (a rule sentence): keep only a reference, never the words.
        return "text:" + kebab(value)[:48]

    def summon(self, raw: Mapping[str, Any], path: str, sub: tuple[Ability, ...]) -> Ability:
        value = raw.get("value")
        data = raw.get("valueObject")
        if value == "summonData" and isinstance(data, dict):
            return Ability(type="summon", summon=self.summon_stats(data, f"{path}.valueObject"), sub=sub)
        if value == "objectiveSpawn":
            names = [entry.get("objective", {}).get("name", "") for entry in data or ()]
            return Ability(type="custom", value="objective-spawn:" + ",".join(names), sub=sub)
        if isinstance(data, list):
            return Ability(type="spawn", spawns=self.spawns(data, f"{path}.valueObject"), sub=sub)
        if isinstance(value, str) and value:
            # "summon demon": the boss summons a monster chosen by the scenario's rules.
            return Ability(type="spawn", value=value, sub=sub)
        raise self.fail(path, "cannot read summon")

    def spawns(self, raw: list[Any], path: str) -> tuple[Spawn, ...]:
        out = []
        for index, entry in enumerate(raw):
            monster = entry.get("monster") if isinstance(entry, dict) else None
            if not isinstance(monster, dict) or not isinstance(monster.get("name"), str):
                raise self.fail(f"{path}[{index}]", "expected {monster: {name, type | playerN}}")
            out.append(
                Spawn(
                    monster=monster["name"],
                    kind=player_types(monster, self, f"{path}[{index}].monster"),
                    count=int(entry.get("count", 1)),
                )
            )
        return tuple(out)

    def summon_stats(self, raw: Mapping[str, Any], path: str) -> SummonStats:
        def stat(key: str, default: Any = None) -> Any:
            value = raw.get(key, default)
            if value is None:
                raise self.fail(f"{path}.{key}", "missing")
            return self.number(value, f"{path}.{key}")

        abilities: tuple[Ability, ...] = ()
        attack_text = raw.get("attack")
        if isinstance(attack_text, str) and "%game.element." in attack_text:
            # "2 %game.element.fire%": the summon's attacks carry an element (see docs/content.md).
            elements = re.findall(r"%game\.element\.([a-z]+)%", attack_text)
            raw = {**raw, "attack": re.sub(r"%game\.element\.[a-z]+%", "", attack_text).strip()}
            abilities += tuple(Ability(type="element", value=e, mode="infuse") for e in elements)
        if "action" in raw:
            abilities = tuple(self.action(raw["action"], f"{path}.action"))
        abilities += self.actions(raw.get("actions"), f"{path}.actions")
        move = stat("movement", 0)
        rng = stat("range", 0)
        if not isinstance(move, int) or not isinstance(rng, int):
            raise self.fail(path, "a summon's move and range are numbers")
        flying = bool(raw.get("flying", False)) or any(a.type == "flying" for a in abilities)
        return SummonStats(
            name=title(str(raw.get("name", "summon"))),
            health=stat("health"),
            move=move,
            attack=stat("attack", 0),
            range=rng,
            flying=flying,
            can_attack="attack" in raw and raw.get("attack") not in ("", "-", None),
            abilities=tuple(a for a in abilities if a.type != "flying"),
        )


_FORMULA = re.compile(r"^\[(.+)\{\$math\.(floor|ceil)\}\]$")


def _formula(text: str, conv: _Converter, path: str) -> str:
    """A GHS formula in our expression syntax: ``[2+(LxC/2){$math.floor}]`` → ``2+(LxC//2)``.
    Plain ``/`` in GHS has no rounding; ours rounds up, the game's default."""
    from delvekit.gloomhaven.content import expr

    match = _FORMULA.match(text)
    if match:
        inner, rounding = match.groups()
        text = inner.replace("/", "//") if rounding == "floor" else inner
    text = text.replace("{$math.ceil}", "").replace("{$math.floor}", "")
    try:
        parsed = expr.parse(text)
    except ContentError as exc:
        raise conv.fail(path, f"cannot read formula {text!r}: {exc}") from None
    return str(parsed)


def player_types(raw: Mapping[str, Any], conv: _Converter, path: str) -> tuple[str, str, str]:
    """GHS ``type`` (every player count) or ``player2``/``player3``/``player4`` → a triple."""
    known = {"normal", "elite", "boss", "none"}
    fixes = {"mormal": "normal", "nromal": "normal"}
    if "type" in raw:
        kind = fixes.get(raw["type"], raw["type"])
        if kind not in known:
            raise conv.fail(f"{path}.type", f"unknown monster type {raw['type']!r}")
        return (kind, kind, kind)
    out = []
    for players in (2, 3, 4):
        kind = fixes.get(raw.get(f"player{players}", "none"), raw.get(f"player{players}", "none"))
        if kind not in known:
            raise conv.fail(f"{path}.player{players}", f"unknown monster type {kind!r}")
        out.append(kind)
    return (out[0], out[1], out[2])


# -- card halves ------------------------------------------------------------------------------


def _half(conv: _Converter, raw: Any, path: str, *, lost: bool) -> CardHalf:
    """A GHS top or bottom action list → :class:`CardHalf`, lifting card markers (round,
    persistent, lost, use slots, the half's XP) out of the ability tree."""
    abilities = conv.actions(raw, path)
    flags = {"lost": lost, "round": False, "persistent": False}
    xp = 0
    slots: list[UseSlot] = []

    def lift(items: Sequence[Ability], top_level: bool) -> tuple[Ability, ...]:
        nonlocal xp
        kept: list[Ability] = []
        for a in items:
            if a.type == "augment":
                # An augment's own markers describe the augment, not the card half: keep them.
                kept.append(a)
                continue
            if a.type == "custom" and isinstance(a.value, str) and a.value.startswith("card:"):
                marker = a.value.removeprefix("card:")
                if marker in flags:
                    flags[marker] = True
                    continue
                if marker == "slot" or marker.startswith("slotXp"):
                    slots.append(UseSlot(xp=int(marker.partition(":")[2] or 0)))
                    continue
            if a.type == "xp" and top_level and isinstance(a.value, int):
                xp += a.value
                continue
            if a.sub:
                a = msgspec.structs.replace(a, sub=lift(a.sub, False))
            kept.append(a)
        return tuple(kept)

    # Layout groups are flattened already, so markers at the top of the list are the half's.
    abilities = lift(abilities, True)
    return CardHalf(
        abilities=abilities,
        lost=flags["lost"],
        round=flags["round"],
        persistent=flags["persistent"],
        xp=xp,
        slots=tuple(slots),
    )


def _is_placeholder(raw: Mapping[str, Any]) -> bool:
    texts = [a.get("value") for a in raw.get("actions", []) + raw.get("bottomActions", [])]
    return not texts or all(value == _WIP for value in texts)


def card_from_ghs(conv: _Converter, raw: Mapping[str, Any], path: str, source: str) -> AbilityCard:
    """One GHS class ability card (``encoded=False`` for GHS's work-in-progress placeholders)."""
    try:
        number = int(raw["cardId"])
        name = str(raw["name"])
        initiative = int(raw["initiative"])
        level_raw = raw["level"]
    except (KeyError, TypeError, ValueError) as exc:
        raise conv.fail(path, f"a card needs cardId, name, level and initiative ({exc})") from None
    level: CardLevel
    if str(level_raw).isdigit():
        level = int(level_raw)
    elif level_raw == "X":
        level = "X"
    elif level_raw == "M":
        level = "M"
    else:
        raise conv.fail(f"{path}.level", f"unknown card level {level_raw!r}")
    if _is_placeholder(raw):
        return AbilityCard(
            number=number,
            name=name,
            level=level,
            initiative=initiative,
            encoded=False,
            source=source,
        )
    return AbilityCard(
        number=number,
        name=name,
        level=level,
        initiative=initiative,
        top=_half(conv, raw.get("actions"), f"{path}.actions", lost=bool(raw.get("lost"))),
        bottom=_half(
            conv, raw.get("bottomActions"), f"{path}.bottomActions", lost=bool(raw.get("bottomLost"))
        ),
        encoded=True,
        source=source,
    )


# -- modifier cards and perks ------------------------------------------------------------------


def modifier_text(raw: Mapping[str, Any], conv: _Converter, path: str) -> str:
    """A GHS ``attackModifier`` object → canonical modifier card text (``rolling +0 push 1``)."""
    base = _MODIFIER_BASE.get(str(raw.get("type")))
    if base is None:
        raise conv.fail(f"{path}.type", f"unknown attack modifier {raw.get('type')!r}")
    words = ["rolling"] if raw.get("rolling") else []
    words.append(base)
    for index, effect in enumerate(raw.get("effects", ())):
        kind, value = effect.get("type"), effect.get("value")
        if kind in ("push", "pull", "pierce"):
            words.append(f"{kind} {value}")
        elif kind in ("condition", "element"):
            words.append(str(value))
        elif kind in ("heal", "shield"):
            words.append(f"{kind} {value} self")
        elif kind == "target":
            words.append("add target" if str(value) == "1" else f"add target {value}")
        elif kind == "refreshItem":
            words.append("refresh item")
        else:
            raise conv.fail(f"{path}.effects[{index}]", f"unknown modifier effect {kind!r}")
    text = " ".join(words)
    try:
        from delvekit.gloomhaven.model.modifiers import parse_card
    except ImportError:  # pragma: no cover
        return text
    try:
        return str(parse_card(text))
    except ContentError:
        raise
    except Exception as exc:  # the modifiers module raises InputError
        raise conv.fail(path, str(exc)) from None


def perk_from_ghs(conv: _Converter, raw: Mapping[str, Any], path: str) -> Perk:
    kind = raw.get("type")
    count = int(raw.get("count", 1))
    cards: list[list[str]] = []
    for index, entry in enumerate(raw.get("cards", ())):
        text = modifier_text(entry.get("attackModifier", {}), conv, f"{path}.cards[{index}].attackModifier")
        cards.append([text] * int(entry.get("count", 1)))
    if kind == "add":
        return Perk(add=tuple(c for group in cards for c in group), count=count)
    if kind == "remove":
        return Perk(remove=tuple(c for group in cards for c in group), count=count)
    if kind == "replace":
        if len(cards) < 2:
            raise conv.fail(f"{path}.cards", "a replace perk names the removed and the added cards")
        return Perk(remove=tuple(cards[0]), add=tuple(c for group in cards[1:] for c in group), count=count)
    if kind == "custom":
        custom = str(raw.get("custom", ""))
        ignore = {
            "%game.custom.perks.ignoreNegativeScenario%": "negative_scenario_effects",
            "%game.custom.perks.ignoreNegativeItem%": "negative_item_effects",
            "%game.custom.perks.ignoreNegativeItemEffects%": "negative_item_effects",
        }.get(custom)
        if ignore is None:
            raise conv.fail(f"{path}.custom", f"unknown custom perk {custom!r}")
        return Perk(
            ignore=ignore,  # type: ignore[arg-type]
            add=tuple(c for group in cards for c in group),
            count=count,
        )
    raise conv.fail(f"{path}.type", f"unknown perk type {kind!r}")


# -- whole records -----------------------------------------------------------------------------


def class_from_ghs(
    raw: Mapping[str, Any],
    deck: Mapping[str, Any] | None,
    *,
    where: str,
    deck_where: str,
    skipped: list[str] | None = None,
) -> CharacterClass:
    """A GHS ``character/<name>.json`` (and its ``character/deck/<name>.json``) → a class.

    With ``skipped`` (a list), a card whose actions cannot be converted is kept unencoded (its
    class then reports it missing) and the reason is appended to ``skipped``; without it the
    first such card raises :class:`ContentError`."""
    conv = _Converter(where)
    try:
        ghs_name = str(raw["name"])
        stats = sorted(raw["stats"], key=lambda s: int(s["level"]))
        health = tuple(int(s["health"]) for s in stats)
        hand_size = int(raw["handSize"])
    except (KeyError, TypeError, ValueError) as exc:
        raise conv.fail("$", f"a class needs name, stats (level, health) and handSize ({exc})") from None
    if len(health) != 9:
        raise conv.fail("stats", f"needs health for levels 1-9, has {len(health)}")
    class_id = CLASS_IDS.get(ghs_name, ghs_name)
    perks = tuple(perk_from_ghs(conv, p, f"perks[{i}]") for i, p in enumerate(raw.get("perks", ())))
    summons = tuple(
        conv.summon_stats(s, f"availableSummons[{i}]") for i, s in enumerate(raw.get("availableSummons", ()))
    )
    cards: tuple[AbilityCard, ...] = ()
    if deck is not None:
        dconv = _Converter(deck_where)
        converted = []
        for i, c in enumerate(deck.get("abilities", ())):
            try:
                converted.append(card_from_ghs(dconv, c, f"abilities[{i}]", f"ghs:{deck_where}"))
            except ContentError as exc:
                if skipped is None or not isinstance(c, Mapping):
                    raise
                skipped.append(str(exc))
                converted.append(
                    card_from_ghs(
                        dconv,
                        {**c, "actions": [], "bottomActions": []},
                        f"abilities[{i}]",
                        f"ghs:{deck_where}",
                    )
                )
        cards = tuple(converted)
    return CharacterClass(
        id=class_id,
        name=title(class_id),
        race=str(raw.get("characterClass", "")),
        health=health,  # type: ignore[arg-type]
        hand_size=hand_size,
        perks=perks,
        cards=cards,
        summons=summons,
        source_id=ghs_name,
        source=f"ghs:{where}",
    )


def _stat_line(conv: _Converter, raw: Mapping[str, Any], path: str, base_range: int) -> StatLine:
    health = conv.number(raw.get("health"), f"{path}.health")
    move = conv.number(raw.get("movement", 0), f"{path}.movement")
    attack = conv.number(raw.get("attack", 0), f"{path}.attack")
    rng = conv.number(raw.get("range", base_range), f"{path}.range")
    if health is None or not isinstance(move, int) or not isinstance(rng, int) or attack is None:
        raise conv.fail(path, "a stat line needs health, and numeric movement and range")
    return StatLine(
        health=health,
        move=move,
        attack=attack,
        range=rng,
        abilities=conv.actions(raw.get("actions"), f"{path}.actions"),
    )


def monster_from_ghs(raw: Mapping[str, Any], *, where: str) -> MonsterType:
    """A GHS ``monster/<name>.json`` → a monster type (stat lines for levels 0–7)."""
    conv = _Converter(where)
    try:
        name = str(raw["name"])
        stats = list(raw["stats"])
    except (KeyError, TypeError) as exc:
        raise conv.fail("$", f"a monster needs name and stats ({exc})") from None
    base = raw.get("baseStat", {})
    boss = bool(raw.get("boss", False))
    by_level: dict[int, dict[str, StatLine]] = {}
    for index, entry in enumerate(stats):
        kind = entry.get("type", base.get("type", "normal"))
        if kind not in ("normal", "elite", "boss"):
            raise conv.fail(f"stats[{index}].type", f"unknown stat type {kind!r}")
        merged = {**{k: v for k, v in base.items() if k not in ("type", "immunities", "special")}, **entry}
        # Innate actions on the base stat apply at every level, before the level's own.
        merged["actions"] = list(base.get("actions", ())) + list(entry.get("actions", ()))
        by_level.setdefault(int(entry.get("level", 0)), {})[kind] = _stat_line(
            conv, merged, f"stats[{index}]", int(base.get("range", 0))
        )
    levels = tuple(
        MonsterLevel(
            level=level, normal=lines.get("normal"), elite=lines.get("elite"), boss=lines.get("boss")
        )
        for level, lines in sorted(by_level.items())
    )
    specials = tuple(
        conv.actions(special, f"baseStat.special[{i}]") for i, special in enumerate(base.get("special", ()))
    )
    share = raw.get("standeeShare")
    return MonsterType(
        id=name,
        name=title(name),
        deck=str(raw.get("deck", name)),
        count=int(raw.get("count", 0)),
        levels=levels,
        boss=boss,
        flying=bool(raw.get("flying", False)),
        immunities=tuple(str(i) for i in base.get("immunities", ())),
        specials=specials,
        shares_standees_with=str(share) if share else None,
        source=f"ghs:{where}",
    )


def deck_from_ghs(raw: Mapping[str, Any], *, where: str) -> MonsterDeck:
    """A GHS monster ability deck → a :class:`MonsterDeck` (values relative to the stat card)."""
    conv = _Converter(where)
    cards = []
    for index, card in enumerate(raw.get("abilities", ())):
        try:
            cards.append(
                MonsterCard(
                    number=int(card["cardId"]),
                    initiative=int(card["initiative"]),
                    shuffle=bool(card.get("shuffle", False)),
                    abilities=conv.actions(card.get("actions"), f"abilities[{index}].actions"),
                )
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise conv.fail(f"abilities[{index}]", f"a card needs cardId and initiative ({exc})") from None
    return MonsterDeck(id=str(raw.get("name", "")), cards=tuple(cards), source=f"ghs:{where}")


# -- the folder converter ------------------------------------------------------------------------


def _read(path: Path, root: Path) -> Any:
    where = str(path.relative_to(root)) if path.is_relative_to(root) else str(path)
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise ContentError(f"cannot read: {exc.strerror}", where=where) from None
    except json.JSONDecodeError as exc:
        raise ContentError(f"not valid JSON: {exc.msg} at line {exc.lineno}", where=where) from None


def _rel(path: Path, root: Path) -> str:
    return str(path.relative_to(root))


def convert_folder(src: Path, *, skipped: list[str] | None = None) -> dict[str, list[Any]]:
    """Read a GHS ``data/gh`` folder: ``{category: [records]}`` for every category it holds.

    Decks are looked up in ``monster/deck/`` and then the older ``deck/`` folder; class decks in
    ``character/deck/``. Solo-scenario content (``*-solo``) is skipped. ``skipped``: see
    :func:`class_from_ghs`."""
    from delvekit.gloomhaven.content.ghs_campaign import (
        achievements_from_ghs,
        battle_goals_from_ghs,
        events_from_ghs,
        items_from_ghs,
        personal_quests_from_ghs,
        treasures_from_ghs,
    )

    if not src.is_dir():
        raise ContentError("is not a folder", where=str(src))
    if not (src / "character").is_dir() and not (src / "monster").is_dir():
        raise ContentError("holds neither character/ nor monster/: not a GHS data folder", where=str(src))
    out: dict[str, list[Any]] = {}
    classes = []
    for path in sorted((src / "character").glob("*.json")):
        if path.stem.endswith("-solo"):
            continue
        deck_path = src / "character" / "deck" / path.name
        deck = _read(deck_path, src) if deck_path.exists() else None
        classes.append(
            class_from_ghs(
                _read(path, src),
                deck,
                where=_rel(path, src),
                deck_where=_rel(deck_path, src),
                skipped=skipped,
            )
        )
    from delvekit.gloomhaven.content.ghs_rules import resolve_class, resolve_deck, resolve_monster

    out["classes"] = [resolve_class(c) for c in classes]
    monsters = [
        monster_from_ghs(_read(p, src), where=_rel(p, src))
        for p in sorted((src / "monster").glob("*.json"))
        if not p.stem.endswith("-solo")
    ]
    monsters = [resolve_monster(m) for m in monsters]
    out["monsters"] = monsters
    decks: dict[str, MonsterDeck] = {}
    for folder in (src / "monster" / "deck", src / "deck"):
        for path in sorted(folder.glob("*.json")):
            if path.stem.endswith("-solo") or path.stem in decks:
                continue
            deck = deck_from_ghs(_read(path, src), where=_rel(path, src))
            decks.setdefault(deck.id or path.stem, deck)
    used = {m.deck for m in monsters}
    out["monster_decks"] = [resolve_deck(d) for key, d in sorted(decks.items()) if key in used]
    if (src / "items.json").exists():
        out["items"] = items_from_ghs(_read(src / "items.json", src), where="items.json")
    if (src / "battle-goals.json").exists():
        out["battle_goals"] = battle_goals_from_ghs(_read(src / "battle-goals.json", src))
    if (src / "personal-quests.json").exists():
        out["personal_quests"] = personal_quests_from_ghs(_read(src / "personal-quests.json", src))
    if (src / "events.json").exists():
        out["events"] = events_from_ghs(_read(src / "events.json", src))
    if (src / "treasures.json").exists():
        out["treasures"] = treasures_from_ghs(_read(src / "treasures.json", src))
    scenario_files = [_read(p, src) for p in sorted((src / "scenarios").glob("*.json"))]
    if scenario_files or out.get("events"):
        out["achievements"] = achievements_from_ghs(scenario_files, out.get("events", []))
    return out


_ENCODER = msgspec.json.Encoder(order="deterministic")


def encode(records: Any) -> bytes:
    """Deterministic, indented JSON for committed pack files (sorted keys, defaults omitted)."""
    return msgspec.json.format(_ENCODER.encode(records), indent=1) + b"\n"


def write_pack(categories: Mapping[str, Sequence[Any]], dest: Path, *, info: PackInfo) -> list[Path]:
    """Write ``categories`` as pack files into ``dest`` (classes one file each); returns the
    files written."""
    from delvekit.gloomhaven.content.pack import CATEGORIES

    dest.mkdir(parents=True, exist_ok=True)
    written = [dest / "pack.json"]
    (dest / "pack.json").write_bytes(encode(info))
    for name, records in categories.items():
        stem = CATEGORIES[name].stem
        if name == "classes":
            folder = dest / stem
            folder.mkdir(exist_ok=True)
            for record in records:
                path = folder / f"{record.id}.json"
                path.write_bytes(encode(record))
                written.append(path)
        else:
            key = CATEGORIES[name].key
            path = dest / f"{stem}.json"
            path.write_bytes(encode(sorted(records, key=key)))
            written.append(path)
    return written


def import_ghs(src: Path, dest: Path) -> list[Path]:
    """``delve content import-ghs``: convert the GHS folder ``src`` into a pack at ``dest``."""
    categories = convert_folder(src)
    return write_pack(
        categories,
        dest,
        info=PackInfo(name=f"ghs-import-{src.name}", sources=(f"Gloomhaven Secretariat data ({src.name})",)),
    )
