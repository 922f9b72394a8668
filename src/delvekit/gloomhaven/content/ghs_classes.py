"""GHS classes, ability cards, perks, monsters and monster decks → delvekit records.

The building blocks of :func:`.ghs_import.convert_folder`; each function reads one GHS file's
JSON (already parsed) and raises :class:`ContentError` naming that file and the JSON path of a
value it cannot read. Actions are read by :class:`.ghs_actions.Converter`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

import msgspec

from delvekit.core.errors import ContentError
from delvekit.gloomhaven.content.ghs_actions import CLASS_IDS, Converter, title
from delvekit.gloomhaven.content.schema import (
    AbilityCard,
    CardAbility,
    CardHalf,
    CardLevel,
    CharacterClass,
    MonsterCard,
    MonsterDeck,
    MonsterLevel,
    MonsterType,
    Perk,
    StatLine,
    UseSlot,
)
from delvekit.gloomhaven.model.modifiers import parse_card

_WIP: Final = "%character.abilities.wip%"
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


# -- card halves ------------------------------------------------------------------------------


def _half(conv: Converter, raw: Any, path: str, *, lost: bool) -> CardHalf:
    """A GHS top or bottom action list → :class:`CardHalf`, lifting card markers (round,
    persistent, lost, use slots, the half's XP) out of the ability tree."""
    abilities = conv.actions(raw, path)
    flags = {"lost": lost, "round": False, "persistent": False}
    xp = 0
    slots: list[UseSlot] = []

    def lift(items: Sequence[CardAbility], top_level: bool) -> tuple[CardAbility, ...]:
        nonlocal xp
        kept: list[CardAbility] = []
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


def card_from_ghs(conv: Converter, raw: Mapping[str, Any], path: str, source: str) -> AbilityCard:
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


def modifier_text(raw: Mapping[str, Any], conv: Converter, path: str) -> str:
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
        return str(parse_card(text))
    except ContentError:
        raise
    except Exception as exc:  # the modifiers module raises InputError
        raise conv.fail(path, str(exc)) from None


def perk_from_ghs(conv: Converter, raw: Mapping[str, Any], path: str) -> Perk:
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
    conv = Converter(where)
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
        dconv = Converter(deck_where)
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


def _stat_line(conv: Converter, raw: Mapping[str, Any], path: str, base_range: int) -> StatLine:
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
    conv = Converter(where)
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
    conv = Converter(where)
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
