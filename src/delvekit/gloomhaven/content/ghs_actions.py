"""Reading Gloomhaven Secretariat (GHS) actions: the converter shared by every GHS importer.

GHS keeps abilities as nested ``{type, value, valueType, subActions}`` objects; a
:class:`Converter` turns them into delvekit's card-schema :class:`~.schema.CardAbility` records,
raising :class:`ContentError` that names the GHS file and the JSON path of the offending value.
The id tables (:data:`CLASS_IDS`, :data:`ITEM_SLOTS`) and the name helpers (:func:`kebab`,
:func:`title`) live here too, so the class, monster and campaign converters
(:mod:`.ghs_classes`, :mod:`.ghs_campaign`) and the folder converter (:mod:`.ghs_import`) all
import this module and never each other.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, Final

from delvekit.core.errors import ContentError
from delvekit.gloomhaven.content import expr
from delvekit.gloomhaven.content.schema import (
    AreaHex,
    CardAbility,
    Spawn,
    SummonStats,
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
_AREA_CELL = re.compile(r"\((-?\d+),(-?\d+),(active|target|enhance|conditional|blank|invisible)\)")


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


class Converter:
    """Converts GHS action lists of one file; ``where`` names the file for errors."""

    def __init__(self, where: str) -> None:
        self.where = where

    def fail(self, path: str, message: str) -> ContentError:
        return ContentError(message, where=f"{self.where}: {path}")

    # -- actions ------------------------------------------------------------------------------
    def actions(self, raw: Any, path: str) -> tuple[CardAbility, ...]:
        if raw is None:
            return ()
        if not isinstance(raw, list):
            raise self.fail(path, "expected a list of actions")
        out: list[CardAbility] = []
        for index, item in enumerate(raw):
            out.extend(self.action(item, f"{path}[{index}]"))
        return tuple(out)

    def action(self, raw: Any, path: str) -> list[CardAbility]:
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
                return [CardAbility(type="condition", value=value, sub=sub, enhancements=enhancements)]
            return [
                CardAbility(
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
            return [CardAbility(type="element", value=value, mode=element_mode, sub=sub)]
        if kind == "specialTarget":
            return [self.affects(value, path, sub)]
        if kind == "area":
            return [
                CardAbility(
                    type="area", area=self.area(value, f"{path}.value"), sub=sub, enhancements=enhancements
                )
            ]
        if kind == "card":
            return [self.card_marker(value, path)]
        if kind == "custom":
            return [CardAbility(type="custom", value=self.custom_key(value, path), sub=sub)]
        if kind == "box":
            key = self.custom_key(value, path)
            if key.endswith("augment"):
                return [CardAbility(type="augment", sub=sub)]
            return [CardAbility(type="custom", value=key, sub=sub)]
        if kind == "summon":
            return [self.summon(raw, path, sub)]
        if kind == "fly":
            return [CardAbility(type="flying", sub=sub)]
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

    def affects(self, value: Any, path: str, sub: tuple[CardAbility, ...]) -> CardAbility:
        if not isinstance(value, str) or not value:
            raise self.fail(f"{path}.value", "a special target needs a kind")
        name, _, distance = value.partition(":")
        name = name.removesuffix("Affect")
        kind = {
            "enemyOneAll": "one-enemy-all",
            "selfAllies": "self-allies",
            "adjacentEnemies": "enemies-adjacent",
        }.get(name, kebab(name))
        extra: tuple[CardAbility, ...] = ()
        if distance:
            extra = (CardAbility(type="range", value=self.number(distance, f"{path}.value")),)
        return CardAbility(type="affects", value=kind, sub=extra + sub)

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

    def card_marker(self, value: Any, path: str) -> CardAbility:
        if not isinstance(value, str):
            raise self.fail(f"{path}.value", "a card marker is text")
        name, _, amount = value.partition(":")
        if name == "experience":
            return CardAbility(type="xp", value=self.number(amount, f"{path}.value"))
        if name in ("round", "persistent", "lost", "slot", "slotXp"):
            # Placed on the card half by `half`; kept here as a marker ability meanwhile.
            return CardAbility(type="custom", value=f"card:{value}")
        raise self.fail(f"{path}.value", f"unknown card marker {value!r}")

    def custom_key(self, value: Any, path: str) -> str:
        if not isinstance(value, str) or not value:
            raise self.fail(f"{path}.value", "a custom action needs text")
        match = re.fullmatch(r"%(?:data\.custom\.gh\.|game\.custom\.|data\.custom\.)?([^%]+)%", value)
        if match:
            return match.group(1)
        # Free text in the source (a rule sentence): keep only a reference, never the words.
        return "text:" + kebab(value)[:48]

    def summon(self, raw: Mapping[str, Any], path: str, sub: tuple[CardAbility, ...]) -> CardAbility:
        value = raw.get("value")
        data = raw.get("valueObject")
        if value == "summonData" and isinstance(data, dict):
            return CardAbility(type="summon", summon=self.summon_stats(data, f"{path}.valueObject"), sub=sub)
        if value == "objectiveSpawn":
            names = [entry.get("objective", {}).get("name", "") for entry in data or ()]
            return CardAbility(type="custom", value="objective-spawn:" + ",".join(names), sub=sub)
        if isinstance(data, list):
            return CardAbility(type="spawn", spawns=self.spawns(data, f"{path}.valueObject"), sub=sub)
        if isinstance(value, str) and value:
            # "summon demon": the boss summons a monster chosen by the scenario's rules.
            return CardAbility(type="spawn", value=value, sub=sub)
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

        abilities: tuple[CardAbility, ...] = ()
        attack_text = raw.get("attack")
        if isinstance(attack_text, str) and "%game.element." in attack_text:
            # "2 %game.element.fire%": the summon's attacks carry an element (see docs/content.md).
            elements = re.findall(r"%game\.element\.([a-z]+)%", attack_text)
            raw = {**raw, "attack": re.sub(r"%game\.element\.[a-z]+%", "", attack_text).strip()}
            abilities += tuple(CardAbility(type="element", value=e, mode="infuse") for e in elements)
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


def _formula(text: str, conv: Converter, path: str) -> str:
    """A GHS formula in our expression syntax: ``[2+(LxC/2){$math.floor}]`` → ``2+(LxC//2)``.
    Plain ``/`` in GHS has no rounding; ours rounds up, the game's default."""
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


def player_types(raw: Mapping[str, Any], conv: Converter, path: str) -> tuple[str, str, str]:
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
