"""Cross-check a content pack against the X-haven Assistant (XHA) data, an independent source.

XHA is another open companion app; its ``editions/Gloomhaven.json`` lists every monster's stats
for levels 0–7 and every class's health, and ``rooms/Gloomhaven.json`` the monsters of each
scenario room per player count. ``delve content check --xha FOLDER`` (a folder holding
``editions/`` and ``rooms/``, such as a user's copy of XHA's ``assets/data``) compares them with
the pack and lists each disagreement. The bundled pack's disagreements, and which value was
kept and why, are listed in docs/content.md.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

import msgspec

from delvekit.core.errors import ContentError, DelvekitError
from delvekit.gloomhaven.content import expr
from delvekit.gloomhaven.content.schema import CardAbility, MonsterType, StatLine

if TYPE_CHECKING:
    from delvekit.gloomhaven.content.pack import ContentPack


class Disagreement(msgspec.Struct, frozen=True):
    """One value on which the pack and XHA differ: ``subject`` (``monster bandit-guard``),
    ``field`` (``levels[4].elite.shield``), the pack's value and XHA's."""

    subject: str
    field: str
    ours: str
    theirs: str

    def __str__(self) -> str:
        return f"{self.subject}: {self.field}: ours {self.ours}, XHA {self.theirs}"


def xha_id(name: str) -> str:
    """XHA display name → delvekit id: ``"Cave Bear (54)"`` → ``"cave-bear-scenario-54"``.

    >>> xha_id("Captain of the Guard"), xha_id("Cultist (78)")
    ('captain-of-the-guard', 'cultist-scenario-78')
    """
    match = re.fullmatch(r"(.*?) \((\d+)\)", name)
    if match:
        name = f"{match.group(1)} scenario {match.group(2)}"
    return re.sub(r"[^a-z0-9]+", "-", name.lower().replace("'", "")).strip("-")


def _read(path: Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise ContentError(f"cannot read: {exc.strerror}", where=str(path)) from None
    except json.JSONDecodeError as exc:
        raise ContentError(f"not valid JSON: {exc.msg}", where=str(path)) from None


def _formula_values(value: int | str) -> tuple[int, ...]:
    """A health value or formula, evaluated for 2, 3 and 4 characters at every level."""
    if isinstance(value, int):
        return (value,)
    text = value.replace("x2", "x2")
    parsed = expr.parse(text)
    return tuple(
        int(parsed.evaluate(**{k: v for k, v in (("C", c), ("L", level)) if k in parsed.variables}))
        for c in (2, 3, 4)
        for level in range(8)
    )


_ATTRIBUTE = re.compile(
    r"^%(shield|retaliate|pierce|target|poison|wound|muddle|immobilize|disarm|stun|curse)%\s*(\d*)"
)


def _innate(line: StatLine) -> dict[str, int]:
    """Innate shield/retaliate/pierce/target values and conditions of a stat line."""
    out: dict[str, int] = {}

    def walk(abilities: tuple[CardAbility, ...]) -> None:
        for a in abilities:
            if a.type in ("shield", "retaliate", "pierce", "target") and isinstance(a.value, int):
                out[a.type] = out.get(a.type, 0) + a.value
            elif a.type == "condition" and isinstance(a.value, str):
                out[a.value] = 1

    walk(line.abilities)
    return out


def _xha_innate(attributes: list[str]) -> dict[str, int]:
    out: dict[str, int] = {}
    for text in attributes:
        for part in text.split(","):
            match = _ATTRIBUTE.match(part.strip().lstrip("^").strip())
            if match:
                name, amount = match.groups()
                out[name] = out.get(name, 0) + (int(amount) if amount else 1)
    return out


def _compare_line(
    out: list[Disagreement], subject: str, field: str, ours: StatLine | None, theirs: Mapping[str, Any] | None
) -> None:
    if ours is None or theirs is None:
        if (ours is None) != (theirs is None):
            out.append(
                Disagreement(
                    subject, field, "present" if ours else "absent", "present" if theirs else "absent"
                )
            )
        return
    for key, mine in (
        ("health", ours.health),
        ("move", ours.move),
        ("attack", ours.attack),
        ("range", ours.range),
    ):
        other = theirs.get(key, 0)
        if key == "health":
            try:
                same = _formula_values(mine) == _formula_values(other)
            except ContentError:
                same = str(mine) == str(other)
        else:
            same = str(mine) == str(other)
        if not same:
            out.append(Disagreement(subject, f"{field}.{key}", str(mine), str(other)))
    mine_innate = _innate(ours)
    their_innate = _xha_innate(list(theirs.get("attributes", ())))
    for key in sorted(set(mine_innate) | set(their_innate)):
        if mine_innate.get(key) != their_innate.get(key):
            out.append(
                Disagreement(
                    subject, f"{field}.{key}", str(mine_innate.get(key, "-")), str(their_innate.get(key, "-"))
                )
            )


def compare_monsters(pack: ContentPack, edition: Mapping[str, Any]) -> list[Disagreement]:
    """Stats of every monster at every level (health, move, attack, range, innate shield,
    retaliate, pierce, target and conditions), standee counts and monster coverage."""
    out: list[Disagreement] = []
    theirs = {xha_id(name): data for name, data in edition.get("monsters", {}).items()}
    for monster_id in sorted(set(theirs) | set(pack.monsters)):
        subject = f"monster {monster_id}"
        mine: MonsterType | None = pack.monsters.get(monster_id)
        other = theirs.get(monster_id)
        if mine is None or other is None:
            out.append(
                Disagreement(subject, "", "present" if mine else "absent", "present" if other else "absent")
            )
            continue
        if mine.count != other.get("count"):
            out.append(Disagreement(subject, "count", str(mine.count), str(other.get("count"))))
        levels = {int(level["level"]): level for level in other.get("levels", ())}
        for index, entry in enumerate(mine.levels):
            level = levels.get(entry.level)
            if level is None:
                out.append(Disagreement(subject, f"levels[{index}]", "present", "absent"))
                continue
            if mine.boss:
                boss = {
                    k: level.get(k) for k in ("health", "move", "attack", "range", "attributes") if k in level
                }
                _compare_line(out, subject, f"levels[{index}].boss", entry.boss, boss)
            else:
                _compare_line(out, subject, f"levels[{index}].normal", entry.normal, level.get("normal"))
                _compare_line(out, subject, f"levels[{index}].elite", entry.elite, level.get("elite"))
    return out


def compare_classes(pack: ContentPack, edition: Mapping[str, Any]) -> list[Disagreement]:
    """Health by level of every class XHA lists (promo classes it adds are ignored)."""
    out: list[Disagreement] = []
    for entry in edition.get("classes", ()):
        class_id = xha_id(str(entry.get("name", "")))
        mine = pack.classes.get(class_id)
        if mine is None:
            if entry.get("edition") == "Gloomhaven" and class_id != "bladeswarm":
                out.append(Disagreement(f"class {class_id}", "", "absent", "present"))
            continue
        if list(mine.health) != list(entry.get("health", ())):
            out.append(
                Disagreement(f"class {class_id}", "health", str(list(mine.health)), str(entry.get("health")))
            )
    return out


_XHA_CARD = re.compile(r"(?:perks/)?(plus|minus)(\d+)(.*?)(flip)?")


def xha_card(name: str) -> str:
    """XHA's modifier card file name → delvekit's canonical card text.

    >>> xha_card("perks/plus0push1flip"), xha_card("perks/plus1shield1"), xha_card("minus1")
    ('rolling +0 push 1', '+1 shield 1 self', '-1')
    """
    from delvekit.gloomhaven.model.modifiers import parse_card

    match = _XHA_CARD.fullmatch(name)
    if match is None:
        raise ContentError(f"unknown XHA modifier card {name!r}", where="xha perks")
    sign, amount, rest, flip = match.groups()
    words = ["rolling"] if flip else []
    words.append(f"{'+' if sign == 'plus' else '-'}{amount}")
    effect = re.fullmatch(r"(push|pull|pierce|heal|shield|target)(\d+)", rest)
    if effect:
        kind, value = effect.groups()
        if kind in ("heal", "shield"):
            words.append(f"{kind} {value} self")
        elif kind == "target":
            words.append("add target" if value == "1" else f"add target {value}")
        else:
            words.append(f"{kind} {value}")
    elif rest == "untap":
        words.append("refresh item")
    elif rest:
        words.append(rest)
    try:
        return str(parse_card(" ".join(words)))
    except DelvekitError as exc:
        raise ContentError(f"XHA modifier card {name!r}: {exc}", where="xha perks") from None


def compare_perks(pack: ContentPack, edition: Mapping[str, Any]) -> list[Disagreement]:
    """Every class's perks as (removed, added) card multisets, one per check box, against XHA's
    perk lists (order ignored; the "ignore negative effects" part is not compared)."""
    out: list[Disagreement] = []
    for entry in edition.get("classes", ()):
        mine = pack.classes.get(xha_id(str(entry.get("name", ""))))
        if mine is None:
            continue
        ours = sorted(
            (tuple(sorted(p.remove)), tuple(sorted(p.add))) for p in mine.perks for _ in range(p.count)
        )
        theirs = sorted(
            (
                tuple(sorted(xha_card(c) for c in perk.get("removes", ()))),
                tuple(sorted(xha_card(c) for c in perk.get("adds", ()))),
            )
            for perk in entry.get("perks", ())
        )
        for extra in sorted(set(ours) - set(theirs)) + sorted(set(theirs) - set(ours)):
            out.append(
                Disagreement(
                    f"class {mine.id}",
                    f"perk remove {list(extra[0])} add {list(extra[1])}",
                    str(ours.count(extra)),
                    str(theirs.count(extra)),
                )
            )
        for perk in sorted(set(ours) & set(theirs)):
            if ours.count(perk) != theirs.count(perk):
                out.append(
                    Disagreement(
                        f"class {mine.id}",
                        f"perk remove {list(perk[0])} add {list(perk[1])}",
                        str(ours.count(perk)),
                        str(theirs.count(perk)),
                    )
                )
    return out


def xha_standees(rooms: list[Mapping[str, Any]]) -> dict[str, dict[str, dict[str, int]]]:
    """XHA room data of one scenario → ``{players: {monster: {"normal": n, "elite": n}}}``,
    counting the rooms of the setup and its reveals only."""
    totals: dict[str, dict[str, dict[str, int]]] = {str(p): {} for p in (2, 3, 4)}
    for room in rooms:
        for name, monsters in room.items():
            # "spawn N" entries are monsters a special rule brings in, and "554 Mangy" is a
            # random-dungeon monster card drawn in play: neither is part of the setup totals.
            if name.startswith("spawn") or re.match(r"\d{3} ", name):
                continue
            for monster, counts in monsters.items():
                for index, count in enumerate(("2", "3", "4")):
                    entry = totals[count].setdefault(xha_id(monster), {"normal": 0, "elite": 0})
                    for kind in ("normal", "elite"):
                        entry[kind] += int(counts.get(kind, (0, 0, 0))[index])
    for per_count in totals.values():
        for monster in [m for m, v in per_count.items() if not v["normal"] and not v["elite"]]:
            del per_count[monster]
    return totals


def compare_standees(facts: Mapping[str, Any], rooms: Mapping[str, Any]) -> list[Disagreement]:
    """Standee totals per scenario and player count (``delve content facts`` form) against
    XHA's room lists."""
    out: list[Disagreement] = []
    for number, scenario in sorted(facts.items(), key=lambda kv: int(kv[0])):
        other = rooms.get(str(number))
        if other is None:
            out.append(Disagreement(f"scenario {number}", "", "present", "absent"))
            continue
        theirs = xha_standees(other)
        for players in ("2", "3", "4"):
            mine = scenario["monsters"].get(players, {})
            for monster in sorted(set(mine) | set(theirs[players])):
                a = mine.get(monster, {"normal": 0, "elite": 0})
                b = theirs[players].get(monster, {"normal": 0, "elite": 0})
                if (a["normal"], a["elite"]) != (b["normal"], b["elite"]):
                    out.append(
                        Disagreement(
                            f"scenario {number}",
                            f"{players} characters: {monster}",
                            f"{a['normal']} normal {a['elite']} elite",
                            f"{b['normal']} normal {b['elite']} elite",
                        )
                    )
    return out


def crosscheck(pack: ContentPack, folder: Path) -> list[Disagreement]:
    """Every disagreement between ``pack`` and the XHA data in ``folder`` (``editions/
    Gloomhaven.json`` and, when present, ``rooms/Gloomhaven.json``)."""
    edition = _read(folder / "editions" / "Gloomhaven.json")
    if not isinstance(edition, dict):
        raise ContentError("expected an object", where=str(folder / "editions" / "Gloomhaven.json"))
    out = compare_monsters(pack, edition) + compare_classes(pack, edition) + compare_perks(pack, edition)
    rooms_path = folder / "rooms" / "Gloomhaven.json"
    if rooms_path.exists() and pack.scenarios:
        from delvekit.gloomhaven.content.facts import scenario_part

        out += compare_standees(scenario_part(pack), _read(rooms_path))
    return out
