"""Monster ability cards of the content pack as engine abilities: the named monster effects,
boss specials, big areas and the monster move/attack lines (used by
:mod:`~delvekit.gloomhaven.content.adapter`)."""

from __future__ import annotations

import re
from collections.abc import Sequence

import msgspec

from delvekit.core.errors import ContentError, InputError
from delvekit.core.hexes import distance
from delvekit.gloomhaven.content import schema as cs
from delvekit.gloomhaven.content.abilities import ELEMENTS, convert, slug, value_of
from delvekit.gloomhaven.model.abilities import Ability
from delvekit.gloomhaven.model.elements import Element


def monster_actions(
    content: Sequence[cs.CardAbility],
    variables: dict[str, int],
    specials: Sequence[Sequence[cs.CardAbility]] = (),
) -> list[Ability]:
    """A monster card's actions (move and attack relative to the stat line). Special wordings
    become named effects of :mod:`~delvekit.gloomhaven.effects.monsters` with their parts in
    ``then``; a boss card's "special N" becomes the actions of the boss's special N."""
    out: list[Ability] = []
    for a in content:
        if a.type in ("push", "pull") and out and out[-1].kind == "attack":
            try:
                amount = value_of(a.value, "absolute", variables, relative=False)
                out[-1] = msgspec.structs.replace(out[-1], **{a.type: amount})
                continue
            except ContentError:
                pass
        if a.type == "special" and isinstance(a.value, int) and 1 <= a.value <= len(specials):
            lines = monster_actions(specials[a.value - 1], variables)
            special = [_special_ranks(x, a.value, variables) for x in lines]
            out += _special_order(special, a.value, specials, min(max(variables["C"], 2), 4))
            continue
        try:
            named = monster_named(a, variables, out)
        except (ContentError, msgspec.ValidationError, InputError):
            named = None
        out += convert(a, variables, relative=True) if named is None else named
    return out


_WHO = frozenset(
    {"enemies-range", "allies-range", "enemies-adjacent", "allies-adjacent", "enemy-adjacent",
     "all-adjacent", "self-allies", "self-allies-range", "enemies", "all-adjacent-to-target"}
)  # fmt: skip

THRONE_DEMONS = ("frost-demon", "wind-demon", "night-demon", "earth-demon", "flame-demon", "sun-demon")
"""The demons of the Prime Demon's altar places a-f (scenario book, scenario 21)."""

_DEMON_RANKS = {1: ("normal", "elite", "elite"), 2: ("normal", "normal", "elite")}
"""Prime Demon (scenario 21): the demon its throne summons, by special and party size 2/3/4."""


def _special_ranks(a: Ability, special: int, variables: dict[str, int]) -> Ability:
    """A boss special's ``spawn-demon`` gets the rank its special number gives (scenario book)."""
    if a.kind != "custom" or a.note != "spawn-demon":
        return a
    rank = _DEMON_RANKS.get(special, _DEMON_RANKS[1])[min(max(variables["C"], 2), 4) - 2]
    return msgspec.structs.replace(a, then=(Ability(kind="custom", note=rank),))


def _special_order(
    special: list[Ability], number: int, specials: Sequence[Sequence[cs.CardAbility]], players: int
) -> list[Ability]:
    """What the scenario book adds to a boss special's stat-card line: the Winged Horror lays
    its eggs after its attacks (scenario 46); the Betrayer's special 1 ends with every character
    forced to "Move 4" away from it (scenario 79; the Betrayer is the boss whose special 2 is
    mind control)."""
    eggs = [x for x in special if x.kind == "custom" and x.note == "custom-summon-eggs"]
    out = [x for x in special if x not in eggs] + eggs
    betrayer = any(x.type == "custom" and x.value == "mind-control" for sp in specials for x in sp)
    if betrayer and number == 1:
        out = [_book_vipers(x, players) if x.kind == "custom" and x.note == "spawn" else x for x in out]
        out.append(Ability(kind="custom", note="custom-scatter", value=4))
    return out


_BETRAYER_VIPERS = {2: ("elite",), 3: ("normal", "elite"), 4: ("elite", "elite")}
"""The Betrayer's special 1 summons, by party size, as the scenario book prints them (scenario
79; the GHS data has a normal viper for two characters)."""


def _book_vipers(spawn: Ability, players: int) -> Ability:
    marks = tuple(Ability(kind="custom", note=f"giant-viper.{rank}") for rank in _BETRAYER_VIPERS[players])
    return msgspec.structs.replace(spawn, then=marks)


_ROUND_NOTES = ("attackers-have-disadvantage-this-round", "allies-bonus-this-round")
"""Custom monster lines that are named effects as written (their sub-abilities are the parts)."""

_AFTER_ATTACK = ("placed-adjacent-to-target",)


def _affects(a: cs.CardAbility, variables: dict[str, int]) -> tuple[str, int] | None:
    """``(who, range)`` of an ability's "affects" sub-ability other than self."""
    for s in a.sub:
        if s.type == "affects" and str(s.value) in _WHO:
            reach = [x for x in s.sub if x.type == "range"] or [x for x in a.sub if x.type == "range"]
            n = value_of(reach[0].value, "absolute", variables, relative=False) if reach else 0
            return str(s.value), n
    return None


def _part(a: cs.CardAbility, variables: dict[str, int]) -> list[Ability]:
    """One part of a named effect (what consuming gives, what every affected figure gets)."""
    if a.type == "condition" and str(a.value) in ("bless", "curse"):
        who = _affects(a, variables)
        mark = Ability(kind="custom", note=str(a.value))
        if who is None:
            return [mark]
        return [Ability(kind="custom", note=f"affects-{who[0]}", range=who[1], then=(mark,))]
    named = monster_named(a, variables, [])
    if named is not None:
        return named
    own = tuple(s for s in a.sub if not (s.type == "affects" and s.value == "self"))
    plain = msgspec.structs.replace(a, sub=own)
    return convert(plain, variables, relative=True)


def _consume_parts(e: cs.CardAbility) -> tuple[str, Element | None]:
    name = str(e.value)
    return f"consume-{name}", (Element(name) if name in ELEMENTS else None)


def monster_named(
    a: cs.CardAbility, variables: dict[str, int], before: list[Ability]
) -> list[Ability] | None:
    """The named effects of one monster-card ability, or ``None`` when plain conversion does."""
    if a.type == "element" and a.mode == "consume" and (str(a.value) in ELEMENTS or a.value == "wild"):
        note, element = _consume_parts(a)
        bigger = [s for s in a.sub if s.type == "attack" and s.mode == "add"]
        if bigger and before and before[-1].kind == "attack":
            # "consume E: +N attack (and this area)" changes the attack just before it
            base = before.pop()
            n = value_of(bigger[0].value, "absolute", variables, relative=False)
            bigger_attack = cs.CardAbility(type="attack", value=0, sub=bigger[0].sub)
            shape = convert(bigger_attack, variables, relative=True)
            alt = msgspec.structs.replace(base, value=base.value + n, area=shape[0].area or base.area)
            return [Ability(kind="custom", note=f"instead-{note}", element=element, then=(alt, base))]
        spread = _affects(a, variables)
        parts = [p for s in a.sub if s.type != "affects" for p in _part(s, variables)]
        if spread is not None:  # consume E: CONDITION, affecting every enemy in range R
            parts = [Ability(kind="custom", note=f"affects-{spread[0]}", range=spread[1], then=tuple(parts))]
        return [Ability(kind="custom", note=note, element=element, then=tuple(parts))]
    if a.type == "spawn" and a.spawns:
        players = variables["C"]
        marks = [
            Ability(kind="custom", note=f"{sp.monster}.{sp.kind[players - 2]}")
            for sp in a.spawns
            for _ in range(sp.count)
            if sp.kind[players - 2] != "none"
        ]
        return [Ability(kind="custom", note="spawn", then=tuple(marks))]
    if a.type == "custom" and a.value == "ondeath":
        parts = [p for s in a.sub for p in convert(s, variables, relative=True)]
        return [Ability(kind="custom", note="ondeath", then=tuple(parts))]
    if a.type == "affects" and str(a.value) in _WHO:
        # "muddle, immobilize, affecting one adjacent enemy": the conditions just before it
        taken: list[Ability] = []
        while before and (before[-1].kind == "condition" or _forced_note(before[-1]) is not None):
            forced = _forced_note(before[-1])
            taken.insert(0, before.pop() if forced is None else forced)
            if forced is not None:
                before.pop()
        return [Ability(kind="custom", note=f"affects-{a.value}", then=tuple(taken))]
    if a.type == "custom" and str(a.value) in _ROUND_NOTES:
        parts = [p for s in a.sub for p in convert(s, variables, relative=False)]
        return [Ability(kind="custom", note=str(a.value), then=tuple(parts))]
    if a.type == "custom" and str(a.value).startswith("objective-spawn:"):
        return [Ability(kind="custom", note=slug(str(a.value)))]
    if a.type == "spawn" and not a.spawns and a.value == "demon":
        return [Ability(kind="custom", note="spawn-demon")]
    if a.type in ("shield", "retaliate") and any(s.type == "element" and s.mode == "consume" for s in a.sub):
        # Shield 1; consume E: Shield 2 instead (Lurker 612)
        e = next(s for s in a.sub if s.type == "element" and s.mode == "consume")
        base_bonus = convert(msgspec.structs.replace(a, sub=tuple(s for s in a.sub if s is not e)), variables)
        boosted = [
            x
            for s in e.sub
            if s.type == a.type
            for x in convert(msgspec.structs.replace(s, sub=()), variables)
        ]
        if len(base_bonus) != 1 or len(boosted) != 1:
            return None
        note, element = _consume_parts(e)
        pair = (boosted[0], base_bonus[0])
        return [Ability(kind="custom", note=f"instead-{note}", element=element, then=pair)]
    consuming = any(s.type == "element" and s.mode == "consume" for s in a.sub)
    if a.type in ("suffer-damage", "condition") and consuming:
        # "All enemies suffer 2 damage; consume E: wound all enemies" (Savvas Lavaflow 721)
        consumes = [s for s in a.sub if s.type == "element" and s.mode == "consume"]
        base_line = msgspec.structs.replace(a, sub=tuple(s for s in a.sub if s not in consumes))
        hits = _part(base_line, variables)
        for paid in consumes:
            paid_note, paid_element = _consume_parts(paid)
            inner = [p for s in paid.sub for p in _part(s, variables)]
            hits.append(Ability(kind="custom", note=paid_note, element=paid_element, then=tuple(inner)))
        return hits
    reached = _affects(a, variables)
    if a.type in ("condition", "heal", "suffer-damage", "push", "pull", "shield", "retaliate") and reached:
        who, reach = reached
        if a.type == "condition" and str(a.value) in ("bless", "curse"):
            return _part(a, variables)
        if a.type in ("heal", "suffer-damage") and any(s.type == "element" for s in a.sub):
            return None
        plain = msgspec.structs.replace(a, sub=tuple(s for s in a.sub if s.type not in ("affects", "range")))
        if a.type in ("push", "pull"):
            n = value_of(a.value, "absolute", variables, relative=False)
            parts = [Ability(kind=a.type, value=n)]  # type: ignore[arg-type]
        else:
            parts = convert(plain, variables, relative=False)
        return [Ability(kind="custom", note=f"affects-{who}", range=reach, then=tuple(parts))]
    if a.type == "condition" and str(a.value) in ("bless", "curse"):
        return _part(a, variables)
    if a.type == "heal" and any(s.type == "element" and s.mode == "consume" for s in a.sub):
        # Heal N Range R; consume E: affects all allies in range instead
        e = next(s for s in a.sub if s.type == "element" and s.mode == "consume")
        base_sub = tuple(s for s in a.sub if s is not e)
        plain_heal = convert(msgspec.structs.replace(a, sub=base_sub), variables)
        more = [s for s in e.sub if s.type in ("heal", "target")]  # "+N heal", "Target N"
        rest_sub = (*base_sub, *(s for s in e.sub if s not in more))
        boosted = _part(msgspec.structs.replace(a, sub=rest_sub), variables)
        if more and len(boosted) == 1 and boosted[0].kind == "heal":
            amounts = {s.type: value_of(s.value, "absolute", variables, relative=False) for s in more}
            value = boosted[0].value + amounts.get("heal", 0)
            boosted = [msgspec.structs.replace(boosted[0], value=value)]
            if amounts.get("target", 1) > 1:  # Savvas Lavaflow 722: heal N different allies
                count = amounts["target"]
                boosted = [Ability(kind="custom", note="heal-targets", value=count, then=tuple(boosted))]
        note, element = _consume_parts(e)
        both = (*boosted, *plain_heal)
        return [Ability(kind="custom", note=f"instead-{note}", element=element, then=both)]
    if a.type in ("move", "attack"):
        return _monster_move_attack(a, variables)
    return None


def _forced_note(a: Ability) -> Ability | None:
    """A push or pull line the adapter kept as ``custom`` (``push-1``: no attack before it)."""
    m = re.fullmatch(r"(push|pull)-(\d+)", a.note) if a.kind == "custom" else None
    return Ability(kind=m.group(1), value=int(m.group(2))) if m else None  # type: ignore[arg-type]


_PACK_BONUS = "bonus-if-target-adjacent-to-its-allies"


def _big_area(a: cs.CardAbility, variables: dict[str, int]) -> list[Ability] | None:
    """An attack whose area pattern shows several grey hexes (the Elder Drake's special 1,
    drawn for a figure filling three hexes): the engine's figures fill one hex, so the pattern
    is anchored on the grey hex nearest the red ones (the others drop out)."""
    cells = a.area or next((s.area for s in a.sub if s.type == "area"), ())
    active = [c for c in cells if c.kind == "active"]
    red = [c for c in cells if c.kind == "target"]
    if len(active) < 2 or not red:
        return None
    def near(c: cs.AreaHex) -> tuple[int, int, int]:
        return (sum(distance((c.q, c.r), (t.q, t.r)) for t in red), c.q, c.r)

    origin = min(active, key=near)
    shape = tuple(c for c in cells if c.kind == "target" or c is origin)
    subs = tuple(msgspec.structs.replace(s, area=shape) if s.type == "area" else s for s in a.sub)
    anchored = msgspec.structs.replace(a, area=shape if a.area else a.area, sub=subs)
    return convert(anchored, variables, relative=True)


def _monster_move_attack(a: cs.CardAbility, variables: dict[str, int]) -> list[Ability] | None:
    big = _big_area(a, variables) if a.type == "attack" else None
    if big is not None:
        return big
    traps = [s for s in a.sub if s.type == "custom" and s.value == "create-trap-near-enemy"]
    adjacent_harm = [s for s in a.sub if s.type == "suffer-damage"]
    single = [s for s in a.sub if s.type == "affects" and s.value == "one-enemy-all"]
    single += [s for s in a.sub if s.type == "custom" and s.value == _PACK_BONUS]
    consumes = [s for s in a.sub if s.type == "element" and s.mode == "consume"]
    riders = [s for s in a.sub if s.type == "custom" and s.value in _ROUND_NOTES]
    spawns = [s for s in a.sub if s.type == "spawn" and s.spawns]
    per_target = [
        s
        for s in consumes
        if any(x.type == "custom" and x.value == "per-target-damaged" for x in s.sub)
    ]
    if not (traps or adjacent_harm or single or consumes or riders or spawns):
        return None
    after: list[Ability] = []
    for r in riders:
        after += monster_named(r, variables, []) or []
    for sp in spawns:  # Deep Terror 738: summon in a hex next to the target
        marks = monster_named(msgspec.structs.replace(sp, sub=()), variables, []) or []
        where = [str(x.value) for x in sp.sub if x.type == "custom"]
        note = "spawn-adjacent-to-target" if "placed-adjacent-to-target" in where else "spawn"
        after += [msgspec.structs.replace(m, note=note) for m in marks]
    for e in per_target:  # Harrower Infester 729: consume dark, heal 2 self per target damaged
        note, element = _consume_parts(e)
        inner = tuple(
            Ability(kind="custom", note="per-target-damaged", then=tuple(p for y in x.sub for p in _part(y, variables)))  # noqa: E501
            for x in e.sub
            if x.type == "custom" and x.value == "per-target-damaged"
        )
        after.append(Ability(kind="custom", note=note, element=element, then=inner))
    consumes = [s for s in consumes if s not in per_target]
    for t in traps:
        damage = [x for x in t.sub if x.type == "suffer-damage"]
        n = value_of(damage[0].value, "absolute", variables, relative=False) if damage else 0
        harm = (Ability(kind="suffer", value=n),)
        after.append(Ability(kind="custom", note="create-trap-near-enemy", then=harm))
    for h in adjacent_harm:
        after += _part(h, variables)
    taken = (*traps, *adjacent_harm, *single, *riders, *spawns, *per_target)
    rest = tuple(s for s in a.sub if s not in taken)
    base_ca = msgspec.structs.replace(a, sub=tuple(s for s in rest if s not in consumes))
    base = convert(base_ca, variables, relative=True)
    if single and single[0].type == "custom":  # Hound: +N against a target next to its allies
        extra = [x for x in single[0].sub if x.type == "attack"]
        n = value_of(extra[0].value, "absolute", variables, relative=False) if extra else 0
        bonus = Ability(kind="attack", value=n)
        base = [Ability(kind="custom", note=f"attack-{_PACK_BONUS}", then=(base[0], bonus)), *base[1:]]
    elif single:
        base = [Ability(kind="custom", note="one-target", then=(base[0],)), *base[1:]]
    if consumes and len(consumes) == 1 and not single:
        plain = convert(msgspec.structs.replace(a, sub=rest), variables, relative=True)
        if plain and plain[0].kind == "attack" and plain[0].consume:
            return plain + after  # the boosts say it
        e = consumes[0]
        value, subs = a.value, [s for s in rest if s is not e]
        for s in e.sub:
            if s.type == "attack" and s.mode == "add":
                value = value_of(a.value, a.mode, variables, relative=True) + value_of(
                    s.value, "absolute", variables, relative=False
                )
                subs = [x for x in subs if x.type != "area"] + list(s.sub)
            else:
                subs = [x for x in subs if not (s.type == "area" and x.type == "area")] + [s]
        mode = a.mode if value == a.value else ("minus" if isinstance(value, int) and value < 0 else "plus")
        alt_value: object = abs(value) if isinstance(value, int) and value != a.value else value
        alt = convert(
            msgspec.structs.replace(a, value=alt_value, mode=mode, sub=tuple(subs)),
            variables,
            relative=True,
        )
        if alt[0].kind != "attack" or base[0].kind != "attack":
            return None
        note, element = _consume_parts(e)
        inst = Ability(kind="custom", note=f"instead-{note}", element=element, then=(alt[0], base[0]))
        return [inst, *base[1:], *alt[1:], *after]
    return base + after
