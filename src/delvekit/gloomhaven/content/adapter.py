"""Build a :class:`~delvekit.gloomhaven.model.setup.GameSetup` from the content pack: a scenario,
a party and the options (rules digest §2).

>>> from delvekit.gloomhaven.content import load_pack
>>> setup = setup_from_pack(load_pack(), 1, [Member("brute"), Member("mindthief")])
>>> setup.level, [c.id for c in setup.party], len(setup.party[0].hand), setup.party[0].hand_limit
(1, ['brute', 'mindthief'], 13, 10)
>>> sorted({p.monster for room in setup.rooms for p in room})
['bandit-archer', 'bandit-guard', 'living-bones']

What it does: the scenario level from the party's levels and the difficulty (§2.2); each
character's cards available at its level (the hand of ``hand_limit`` is then chosen in the game,
§2.5) with health at its level; monster stats at the monster level (boss health formulas
evaluated for the party size); every room's standees for the party size (§2.4), money tokens;
the map as a :class:`~delvekit.gloomhaven.model.setup.BoardSpec` (terrain from the overlays,
thin walls, closed doors and the rooms each joins); the starting hexes in the scenario's order;
the monster ability decks with their relative values; the items each member brings (by number,
:func:`item_setup`), within the equipment limits (§2.7,
:func:`~delvekit.gloomhaven.model.setup.check_equipment`) and the copies the game has, with
their triggers and effects (:func:`item_effect`), which :mod:`~delvekit.gloomhaven.items.play`
performs in play (the engine adds their "−1" cards and keeps their state).

Abilities are mapped to :class:`~delvekit.gloomhaven.model.abilities.Ability` where the engine has
the rule: move (jump), attack (range, target, pierce, push, pull, conditions), heal (range),
shield, retaliate, conditions, infusions, suffer damage, XP, loot. What it cannot play yet
becomes a ``custom`` ability named after the content's type (``area``, ``consume-fire``,
``summon``, ``affects-...``, the content's own custom texts), which the engine reports as
``unresolved``; :func:`unsupported` lists them per card so coverage can be printed.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import msgspec

from delvekit.core.errors import ContentError, InputError
from delvekit.core.hexes import Hex, distance
from delvekit.gloomhaven.content import ContentPack, character_cards, monster_traits, random_dungeon
from delvekit.gloomhaven.content import scenario as cs_scenario
from delvekit.gloomhaven.content import schema as cs
from delvekit.gloomhaven.content.expr import value as formula
from delvekit.gloomhaven.engine import registry as effects
from delvekit.gloomhaven.model.abilities import Ability
from delvekit.gloomhaven.model.conditions import Condition
from delvekit.gloomhaven.model.elements import Element
from delvekit.gloomhaven.model.level import Difficulty, level_info, scenario_level
from delvekit.gloomhaven.model.setup import (
    BoardSpec,
    Card,
    CharacterSetup,
    DoorSpec,
    GameSetup,
    Half,
    ItemEffect,
    ItemSetup,
    MonsterCard,
    MonsterStats,
    MonsterType,
    Placement,
    check_equipment,
)
from delvekit.gloomhaven.scenario import setup as scenario_setup
from delvekit.gloomhaven.scenario import treasure as engine_treasure
from delvekit.gloomhaven.scenario.goals import goal_lines


class Member(msgspec.Struct, frozen=True):
    """One character of the party: its class, level and the numbers of the items it brings
    (``load_pack().items``; within the equipment limits, §2.7)."""

    class_id: str
    level: int = 1
    items: tuple[int, ...] = ()


def slug(text: str) -> str:
    """A card name as an id token: ``Eye for an Eye`` → ``eye-for-an-eye``."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


_CONDITIONS = {c.value for c in Condition}
_ELEMENTS = {e.value for e in Element}


def _custom(note: object) -> Ability:
    return Ability(kind="custom", note=slug(str(note)) or "custom")


def _number(raw: object, mode: str, variables: dict[str, int], *, relative: bool) -> int:
    n = formula(raw if isinstance(raw, int | str) else 0, **variables)
    if relative and mode in ("minus", "subtract"):
        return -n
    return n


def convert(a: cs.CardAbility, variables: dict[str, int], *, relative: bool = False) -> list[Ability]:
    """The engine abilities for one content ability (``relative``: a monster card, whose move
    and attack are ±X on the stat line). A value the engine cannot compute (``X``) gives a
    ``custom`` ability."""
    try:
        return _convert(a, variables, relative=relative)
    except (ContentError, msgspec.ValidationError, InputError):
        return [_custom(f"{a.type}-{a.value}")]


def _convert(a: cs.CardAbility, variables: dict[str, int], *, relative: bool) -> list[Ability]:
    kind = a.type
    subs = {s.type: s for s in a.sub}
    known = ("range", "target", "pierce", "push", "pull", "condition", "jump", "element", "area")
    unknown = [s for s in a.sub if s.type not in known]
    infusions = [
        Ability(kind="infuse", element=Element(str(s.value)))
        for s in a.sub
        if s.type == "element" and s.mode == "infuse" and str(s.value) in _ELEMENTS
    ]
    consumes = [s for s in a.sub if s.type == "element" and s.mode == "consume" and str(s.value) in _ELEMENTS]
    unknown += [
        s
        for s in a.sub
        if s.type == "element"
        and s not in consumes
        and not (s.mode == "infuse" and str(s.value) in _ELEMENTS)
    ]
    if kind == "move":
        extra = [_custom(f"move-{s.type}") for s in a.sub if s.type != "jump"]
        value = _number(a.value, a.mode, variables, relative=relative)
        return [Ability(kind="move", value=value, jump="jump" in subs), *extra]
    if kind == "attack":
        opts: dict[str, object] = {
            "kind": "attack",
            "value": _number(a.value, a.mode, variables, relative=relative),
        }
        cells = a.area or (subs["area"].area if "area" in subs else ())
        if cells:
            active = [(c.q, c.r) for c in cells if c.kind == "active"]
            red = [(c.q, c.r) for c in cells if c.kind == "target"]
            if not red or (not active and "range" not in subs and not relative) or len(active) > 1:
                return [_custom("area-attack")]
            origin = active[0] if active else red[0]
            opts["area"] = tuple((q - origin[0], r - origin[1]) for q, r in red)
        for word in ("range", "pierce", "push", "pull"):
            if word in subs:
                opts[word] = _number(subs[word].value, subs[word].mode, variables, relative=False)
        if "range" in subs and relative and subs["range"].mode in ("minus", "subtract"):
            opts["range"] = -int(opts["range"])  # type: ignore[call-overload]
        if "target" in subs:
            opts["targets"] = _number(subs["target"].value, "absolute", variables, relative=False)
        affects = [str(s.value) for s in a.sub if s.type == "affects"]
        if affects in (["enemies-adjacent"], ["enemies-range"]):
            opts["targets"] = 0
            unknown = [s for s in unknown if s.type != "affects"]
        adds = [str(s.value) for s in a.sub if s.type == "condition"]
        if any(c not in _CONDITIONS | {"bless", "curse"} for c in adds):
            return [_custom("attack-with-" + "-".join(adds))]
        opts["adds"] = tuple(c for c in adds if c in _CONDITIONS)
        opts["card_adds"] = tuple(c for c in adds if c in ("bless", "curse"))
        if len(consumes) > 1:
            return [_custom("attack-several-consumptions")]
        if consumes:
            boost = _boost(consumes[0], variables)
            if boost is None:
                return [_custom(f"attack-consume-{consumes[0].value}")]
            opts["consume"] = (Element(str(consumes[0].value)),)
            opts["boost"] = boost
        out = [msgspec.convert(opts, Ability), *infusions]
        return out + [_custom(f"attack-{s.type}-{s.value}") for s in unknown]
    # Self abilities: any sub-ability but "affects self" (and a heal's range) changes who is
    # affected or how, which the engine cannot say yet: keep those as custom.
    others = [
        s
        for s in a.sub
        if not (s.type == "affects" and s.value == "self")
        and not (kind in ("heal", "retaliate") and s.type == "range")
    ]
    changes_who = [s for s in others if s.type != "custom"]
    if kind in ("heal", "shield", "retaliate", "xp", "loot", "suffer-damage", "condition") and changes_who:
        return [_custom(f"{kind}-{a.value}-" + "-".join(f"{s.type}-{s.value}" for s in others))]
    extras = [_custom(f"{kind}-{s.value}") for s in others]  # extra custom rules, e.g. XP per use
    if kind in ("heal", "shield", "retaliate", "xp", "loot", "suffer-damage"):
        n = _number(a.value, a.mode, variables, relative=False)
        engine_kind = "suffer" if kind == "suffer-damage" else kind
        rng = 0
        if kind in ("heal", "retaliate") and "range" in subs:
            rng = _number(subs["range"].value, "absolute", variables, relative=False)
        if kind == "loot":
            rng = n
        return [Ability(kind=engine_kind, value=n, range=rng), *extras]  # type: ignore[arg-type]
    if kind == "condition" and str(a.value) in _CONDITIONS:
        return [Ability(kind="condition", condition=Condition(str(a.value))), *extras]
    if kind == "element" and a.mode == "infuse" and str(a.value) in _ELEMENTS:
        return [Ability(kind="infuse", element=Element(str(a.value)))]
    if kind == "element":
        return [_custom(f"{a.mode}-{a.value}")]
    return [_custom(f"{kind}-{a.value}" if a.value is not None else kind)]


def merge_forced(
    abilities: list[Ability], content: Sequence[cs.CardAbility], variables: dict[str, int]
) -> list[Ability]:
    """A push or pull written as its own line after an attack belongs to that attack."""
    out: list[Ability] = []
    for a in content:
        if a.type in ("push", "pull") and out and out[-1].kind == "attack":
            try:
                amount = _number(a.value, "absolute", variables, relative=False)
            except ContentError:
                out.append(_custom(f"{a.type}-{a.value}"))
                continue
            out[-1] = msgspec.structs.replace(out[-1], **{a.type: amount})
        elif a.type in ("push", "pull"):
            try:
                out += _shove(a, variables)
            except ContentError:
                out.append(_custom(f"{a.type}-{a.value}"))
        else:
            out += convert(a, variables)
    return out


def _boost(consume: cs.CardAbility, variables: dict[str, int]) -> tuple[str, ...] | None:
    """The boost tokens of an attack's element consumption, or ``None`` if it does more than
    the engine's boosts can say."""
    out: list[str] = []
    for s in consume.sub:
        n = _number(s.value, "absolute", variables, relative=False) if s.type != "condition" else 0
        if s.type == "attack":
            out.append(f"attack{'-' if s.mode in ('minus', 'subtract') else '+'}{n}")
        elif s.type in ("pierce", "range"):
            out.append(f"{s.type}{'-' if s.mode in ('minus', 'subtract') else '+'}{n}")
        elif s.type == "affects" and s.value == "enemies-range":
            out.append("target=0")  # every enemy within the attack's range
        elif s.type in ("target", "push", "pull"):
            out.append(f"{s.type}={n}")
        elif s.type == "condition" and str(s.value) in _CONDITIONS:
            out.append(f"with={s.value}")
        else:
            return None
    return tuple(out) or None


def _shove(a: cs.CardAbility, variables: dict[str, int]) -> list[Ability]:
    """A push or pull of its own: "targeting adjacent enemies" (all) or "an adjacent enemy"."""
    affects = [str(s.value) for s in a.sub if s.type == "affects"]
    others = [s for s in a.sub if s.type != "affects"]
    if others or affects not in (["enemies-adjacent"], ["enemy-adjacent"]):
        return [_custom(f"{a.type}-{a.value}")]
    n = _number(a.value, "absolute", variables, relative=False)
    return [Ability(kind=a.type, value=n, targets=0 if affects == ["enemies-adjacent"] else 1)]  # type: ignore[arg-type]


def _half(h: cs.CardHalf, variables: dict[str, int]) -> Half:
    abilities = character_cards.translate(  # class wordings as named effects
        h.abilities, variables, fallback=lambda items, v: merge_forced([], items, v)
    )
    if h.xp:
        abilities.append(Ability(kind="xp", value=h.xp))
    return Half(
        abilities=tuple(abilities),
        lost=h.lost,
        round_bonus=h.round,
        persistent=h.persistent,
        uses=len(h.slots),
        use_xp=tuple(s.xp for s in h.slots),
    )


def character(pack: ContentPack, member: Member, hex: Hex, variables: dict[str, int]) -> CharacterSetup:
    """A character of ``member.class_id`` at ``member.level``: every card it may hold (§2.5).

    Health is that of the level. A class needs every level-1 and X card encoded; at a higher
    level its pool is the *encoded* cards of level ≤ ``member.level`` (a card of levels 2-9 whose
    abilities are not in the content yet is left out of the pool, so a partly encoded class
    still plays at any level)."""
    try:
        klass = pack.klass(member.class_id)
    except (ContentError, KeyError):
        known = ", ".join(sorted(pack.classes))
        raise InputError(f"unknown class {member.class_id!r} (known: {known})", where="party") from None
    if not 1 <= member.level <= 9:
        raise InputError(f"level {member.level} is not within 1..9", where=f"party.{member.class_id}")
    if not klass.playable_at(1):
        missing = ", ".join(c.name for c in klass.missing_cards(1))
        raise InputError(
            f"not playable yet: cards without abilities (level 1 or X): {missing}",
            where=f"party.{member.class_id}",
        )
    cards = tuple(
        Card(
            id=slug(c.name),
            initiative=c.initiative,
            top=_half(c.top, variables),
            bottom=_half(c.bottom, variables),
            level=c.level if isinstance(c.level, int) else 1,
        )
        for c in klass.cards_at(member.level)
        if c.encoded
    )
    items = tuple(item_setup(pack, member, n) for n in member.items)
    check_equipment(klass.id, member.level, items, f"party.{member.class_id}.items")
    return CharacterSetup(
        id=klass.id,
        class_name=klass.id,
        max_health=klass.health[member.level - 1],
        hand_limit=min(klass.hand_size, len(cards)),
        hand=cards,
        hex=hex,
        level=member.level,
        items=items,
    )


def item_setup(pack: ContentPack, member: Member, number: int) -> ItemSetup:
    """Item ``number`` of the content pack as ``member`` brings it: what the content encodes
    (slot, use, use slots, the "−1" cards it adds, §2.7), its trigger, scope and effects
    (performed by :mod:`~delvekit.gloomhaven.items.play`, §13). The 18 solo-scenario items are
    refused: their effects are not transcribed."""
    where = f"party.{member.class_id}.items"
    found = pack.items.get(number)
    if found is None:
        raise InputError(
            f"{member.class_id} cannot bring item {number}: no such item in the content", where=where
        )
    other = sorted(set(found.modifiers_added) - {"-1"})
    if other or found.slot not in ("head", "body", "legs", "one-hand", "two-hands", "small"):
        raise InputError(
            f"item {number} {found.name}: slot {found.slot!r} or added modifier cards {other} "
            "the engine does not know",
            where=where,
        )
    if found.solo:
        raise InputError(
            f"item {number} {found.name} is a solo-scenario reward; its effects are not encoded",
            where=where,
        )
    return ItemSetup(
        number=number,
        name=found.name,
        slot=found.slot,  # type: ignore[arg-type]  # checked just above
        use=found.use,
        uses=found.uses,
        minus_ones=len(found.modifiers_added),
        trigger=found.trigger,
        scope=found.scope,
        effects=tuple(item_effect(a) for a in found.effects),
    )


def item_effect(a: cs.CardAbility) -> ItemEffect:
    """One content ability of an item as the engine's :class:`ItemEffect` (a ``custom``
    ability becomes its named effect; a summon's stat line becomes ``health``, ``move``,
    ``attack``, ``range`` and ``flying`` parts; a melee area is anchored on its active hex)."""
    kind, value, arg = a.type, 0, ""
    if a.type == "custom":
        kind = str(a.value)
    elif isinstance(a.value, int):
        value = a.value
    elif isinstance(a.value, str):
        arg = a.value
    mode = "" if a.mode == "absolute" else a.mode
    active = [(c.q, c.r) for c in a.area if c.kind == "active"]
    red = [(c.q, c.r) for c in a.area if c.kind == "target"]
    origin = active[0] if active else (red[0] if red else (0, 0))
    then = [item_effect(s) for s in a.sub]
    if a.summon is not None:
        s = a.summon
        arg = s.name
        then += [
            ItemEffect(kind="health", value=int(s.health) if isinstance(s.health, int) else 0),
            ItemEffect(kind="move", value=s.move),
            ItemEffect(kind="attack", value=int(s.attack) if isinstance(s.attack, int) else 0),
            ItemEffect(kind="range", value=s.range),
        ] + ([ItemEffect(kind="flying")] if s.flying else [])
    return ItemEffect(
        kind=kind,
        value=value,
        arg=arg,
        mode="melee" if active else mode,
        area=tuple((q - origin[0], r - origin[1]) for q, r in red),
        then=tuple(then),
    )


HEXES_MOVED = "@hexes-moved"
"""``MonsterStats.attack_counts`` value meaning: the hexes the monster moved this turn."""

_SPECIAL_VALUES = {"merciless-overseer": ("V", "vermling-scout"), "dark-rider": ("X", HEXES_MOVED)}
"""Monster types whose stat card's attack holds a letter, and what the engine counts for it
(``MonsterStats.attack_counts``): the Merciless Overseer's ``V``, the Vermling Scouts on the map
(scenario book); the Dark Rider's ``3+X``, the hexes it moved this turn (our reading of its stat
card: it charges)."""


def _stats(line: cs.StatLine | None, mtype: cs.MonsterType, variables: dict[str, int]) -> MonsterStats | None:
    if line is None:
        return None
    letter, counts = _SPECIAL_VALUES.get(mtype.id, ("", ""))
    if counts:
        variables = {**variables, letter: 0}
    # every stat-line trait has its field (docs/monster-traits.md); an unknown one is refused
    where = f"monster {mtype.id}"
    traits = monster_traits.stat_fields(line.abilities, variables, where=where)
    return MonsterStats(
        health=formula(line.health, **variables),
        move=line.move,
        attack=formula(line.attack, **variables),
        range=line.range,
        flying=mtype.flying,
        **traits,
        **monster_traits.immunity_fields(mtype.immunities, where=where),
        attack_counts=counts,
    )


def setup_from_pack(
    pack: ContentPack,
    scenario: int,
    party: Sequence[Member],
    *,
    difficulty: Difficulty = "normal",
    ruleset: str = "gloomhaven",
    seed: int = 0,
    battle_goals: bool = False,
) -> GameSetup:
    """The setup of ``scenario`` for ``party`` (2–4 characters). ``seed`` draws scenario 55's
    stand-in map (:mod:`~delvekit.gloomhaven.content.random_dungeon`; the book's random dungeon
    has no fixed map). The numbered treasure tiles come with their rewards (§14);
    ``battle_goals``: the pack's battle-goal deck is dealt, two to each character, one kept
    (§2.1 step 4, §2.6; ``delve play`` deals them)."""
    scenarios = pack.scenarios
    if scenario not in scenarios:
        raise InputError(f"unknown scenario {scenario}", where="scenario")
    if not 2 <= len(party) <= 4:
        raise InputError(f"a party has 2 to 4 characters, got {len(party)}", where="party")
    if len({m.class_id for m in party}) != len(party):
        raise InputError("a class appears twice in the party", where="party")
    s = scenarios[scenario]
    if s.number == 55 and not s.rooms:
        s = random_dungeon.stand_in(s, seed)
    level = scenario_level([m.level for m in party], difficulty)
    players = len(party)
    variables = {"C": players, "L": level}
    smap = s.map()
    board = smap.board
    # rooms: the initial room(s) become index 0, the others follow in their numbers' order
    numbers = sorted(r.number for r in s.rooms)
    initial = {r.number for r in s.rooms if r.initial} or {numbers[0]}
    order = [0 if n in initial else 1 + sorted(set(numbers) - initial).index(n) for n in numbers]
    index = dict(zip(numbers, order, strict=True))
    count = 1 + len(set(numbers) - initial)
    rooms: list[list[Placement]] = [[] for _ in range(count)]
    used: set[str] = set()
    for number, p in s.placements():
        kind = p.type_for(players)
        if kind == "none" or p.hex is None:
            continue
        rooms[index[number]].append(Placement(p.monster, kind, p.hex))
        used.add(p.monster)
    used |= {sp.monster for rule in scenario_setup.rules_of(s) for sp in rule.spawns}  # spawned by rules
    used |= set(LATE_BOSSES.get(s.number, ()))  # appearing by their own rule (48's Dark Rider)
    used |= _summoned_types(pack, used)
    coins = []
    for overlay in s.overlays:
        if overlay.kind == "coin":
            for h in overlay.hexes:
                owners = smap.rooms_at(h) or (numbers[0],)
                coins.append((index[owners[0]], h, overlay.amount or 1))
    starts = list(s.starting_hexes)
    if len(starts) < players:
        raise InputError(
            f"scenario {scenario} has {len(starts)} starting hexes for {players}", where="scenario"
        )
    members = [character(pack, m, starts[i], variables) for i, m in enumerate(party)]
    bringers: dict[int, list[str]] = {}
    for m in party:
        for n in m.items:
            bringers.setdefault(n, []).append(m.class_id)
    for n, who in bringers.items():
        if len(who) > pack.items[n].count:
            raise InputError(
                f"item {n} {pack.items[n].name}: {len(who)} characters bring it ({', '.join(who)}) "
                f"but the game has {pack.items[n].count} cop{'y' if pack.items[n].count == 1 else 'ies'}",
                where="party",
            )
    monster_level = level_info(level).monster_level
    types: list[MonsterType] = []
    decks: dict[str, tuple[MonsterCard, ...]] = {}
    for name in sorted(used):
        mt = pack.monster(name)
        try:
            stats = {
                r: _stats(_line(mt, scenario_setup.monster_level(s, name, monster_level), r), mt, variables)
                for r in ("normal", "elite", "boss")
            }
        except ContentError as exc:
            raise InputError(
                f"its stats depend on a scenario rule the engine does not model yet ({exc})",
                where=f"scenario {scenario}: monster {name}",
            ) from None
        types.append(
            MonsterType(
                name=name,
                deck=mt.deck,
                standees=mt.count,
                normal=stats["normal"],
                elite=stats["elite"],
                boss=stats["boss"],
            )
        )
        if mt.deck not in decks:
            deck = pack.deck_of(name)
            decks[mt.deck] = tuple(
                MonsterCard(
                    id=str(c.number),
                    initiative=c.initiative,
                    shuffle=c.shuffle,
                    actions=tuple(_monster_actions(c.abilities, variables, mt.specials)),
                )
                for c in deck.cards
            )
    terrain = tuple((h, t.value) for h, t in sorted(board.terrain.items()))
    doors = tuple(
        DoorSpec(h, tuple(sorted({index[r] for r in d.rooms if r in index})))
        for h, d in sorted(smap.doors.items())
    )
    return GameSetup(
        scenario=str(scenario),
        level=level,
        party=tuple(members),
        monsters=tuple(types),
        decks=decks,
        rooms=tuple(tuple(r) for r in rooms),
        starts=tuple(starts),
        coins=tuple(coins),
        treasures=engine_treasure.tiles(pack, s.overlays, lambda h: index[(smap.rooms_at(h) or numbers)[0]]),
        battle_goals=tuple(slug(g.name) for g in pack.battle_goals.values()) if battle_goals else (),
        ruleset=ruleset,
        board=BoardSpec(
            hexes=tuple(sorted(board.hexes)),
            terrain=terrain,
            walls=tuple(sorted(board.walls)),
            doors=tuple(d for d in doors if d.rooms),
        ),
        content_version=pack.info.version if hasattr(pack.info, "version") else "",
        rules=scenario_rule_lines(s) + goal_lines(s, players, room_index=index),
    )


def _monster_actions(
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
                amount = _number(a.value, "absolute", variables, relative=False)
                out[-1] = msgspec.structs.replace(out[-1], **{a.type: amount})
                continue
            except ContentError:
                pass
        if a.type == "special" and isinstance(a.value, int) and 1 <= a.value <= len(specials):
            lines = _monster_actions(specials[a.value - 1], variables)
            special = [_special_ranks(x, a.value, variables) for x in lines]
            out += _special_order(special, a.value, specials, min(max(variables["C"], 2), 4))
            continue
        try:
            named = _monster_named(a, variables, out)
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
            n = _number(reach[0].value, "absolute", variables, relative=False) if reach else 0
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
    named = _monster_named(a, variables, [])
    if named is not None:
        return named
    own = tuple(s for s in a.sub if not (s.type == "affects" and s.value == "self"))
    plain = msgspec.structs.replace(a, sub=own)
    return convert(plain, variables, relative=True)


def _consume_parts(e: cs.CardAbility) -> tuple[str, Element | None]:
    name = str(e.value)
    return f"consume-{name}", (Element(name) if name in _ELEMENTS else None)


def _monster_named(
    a: cs.CardAbility, variables: dict[str, int], before: list[Ability]
) -> list[Ability] | None:
    """The named effects of one monster-card ability, or ``None`` when plain conversion does."""
    if a.type == "element" and a.mode == "consume" and (str(a.value) in _ELEMENTS or a.value == "wild"):
        note, element = _consume_parts(a)
        bigger = [s for s in a.sub if s.type == "attack" and s.mode == "add"]
        if bigger and before and before[-1].kind == "attack":
            # "consume E: +N attack (and this area)" changes the attack just before it
            base = before.pop()
            n = _number(bigger[0].value, "absolute", variables, relative=False)
            attack = cs.CardAbility(type="attack", value=0, sub=bigger[0].sub)
            shape = convert(attack, variables, relative=True)
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
            n = _number(a.value, "absolute", variables, relative=False)
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
            amounts = {s.type: _number(s.value, "absolute", variables, relative=False) for s in more}
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
        after += _monster_named(r, variables, []) or []
    for sp in spawns:  # Deep Terror 738: summon in a hex next to the target
        marks = _monster_named(msgspec.structs.replace(sp, sub=()), variables, []) or []
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
        n = _number(damage[0].value, "absolute", variables, relative=False) if damage else 0
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
        n = _number(extra[0].value, "absolute", variables, relative=False) if extra else 0
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
                value = _number(a.value, a.mode, variables, relative=True) + _number(
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


_GOALS: dict[int, tuple[str, ...]] = {
    2: ("goal|kill|bandit-commander", "goal|revealed|"),
    3: ("goal|kills|5xC",),
    6: ("goal|room|M1a", "goal|revealed|"),
    7: ("goal|treasure-loot|",),
    8: ("goal|kill|inox-bodyguard",),
    9: ("goal|kill|merciless-overseer", "goal|treasure|"),
}
"""Scenario goals other than "kill all enemies" (scenario book), as scenario rule lines; an
empty treasure goal means the scenario's goal treasure tiles, a room goal names the room's map
tile (scenario 6: reveal the M tile)."""

_LOCKS: dict[int, tuple[str, str]] = {
    2: ("abcd", "bandit-commander"),
    53: ("abcd", "scenario"),
    74: ("12", "scenario"),
    79: ("1", "scenario"),
}
"""Locked doors (scenario book): the markers of the rooms behind them in their opening order,
and the monster type that alone opens them (``scenario``: none; the scenario's rules open them
as they reveal the room: 53's doors by round, 74's at the end of rounds 3 and 6, 79's when
every Stone Golem is dead)."""

_MARKERS: dict[int, dict[str, tuple[int, int]]] = {
    3: {"a": (8, 2)},
    21: {"f": (2, 4)},
    34: {"a": (2, 7), "b": (2, 0), "c": (6, 2)},
    36: {"e": (7, 1)},
}
"""Map markers that no source places (docs/content-scenarios.md, "Markers"): scenario 3's
(a), where the Inox Guards spawn, on tile L1b's cell (0, 3), next to door 1; scenario 36's (e),
where the Prime Demon appears "just beyond the row of starting hexes in front of door 1": the
outside hex touching both starting hexes that touch the gate (6, 1) and (6, 2). Scenario 21's
(f), the altar's first place, is the map's altar overlay (the book draws the altar on f);
34's perches are its three huge boulders (VGB overlays): c where the Elder Drake stands at
setup (the book's top centre: east here, our map being VGB's picture turned a quarter turn
clockwise, ``content.maps.from_offset``), a and b one hex of each other boulder (the one nearest
c): a the book's right (south here), b its left (north)."""

_TIMING: dict[tuple[int, int], str] = {(3, 1): "start", **{(53, i): "start" for i in (1, 2, 3, 4)}}
"""(scenario, rule index) → round timing where the book differs from the imported rule:
scenario 3's guard for three or four characters spawns as every round begins; 53's doors open
as rounds 2, 4, 6 and 8 begin."""


def _room_index(s: cs_scenario.Scenario) -> dict[int, int]:
    """Room number → index into the setup's rooms (as :func:`setup_from_pack` orders them)."""
    numbers = sorted(r.number for r in s.rooms)
    initial = {r.number for r in s.rooms if r.initial} or {numbers[0]}
    rest = sorted(set(numbers) - initial)
    return {n: 0 if n in initial else 1 + rest.index(n) for n in numbers}


def _lock_lines(s: cs_scenario.Scenario, index: dict[int, int]) -> list[str]:
    if s.number not in _LOCKS:
        return []
    letters, opener = _LOCKS[s.number]
    rooms = {r.marker: r.number for r in s.rooms if r.marker}
    doors = s.map().doors
    hexes = [
        f"{h[0]},{h[1]}"
        for letter in letters
        for h, d in sorted(doors.items())
        if letter in rooms and rooms[letter] in d.rooms
    ]
    return [f"lock|{';'.join(hexes)}|{opener}"] if hexes else []


def scenario_rule_lines(s: cs_scenario.Scenario) -> tuple[str, ...]:
    """The scenario's special rules the engine performs, as
    :mod:`~delvekit.gloomhaven.scenario.rules` lines: round-timed effects on figures (``at``),
    every other rule of the content's rule data (``rule``, with the hexes of its markers),
    objective figures, allies (:mod:`~delvekit.gloomhaven.scenario.setup`), locked doors and
    the goal."""
    lines: list[str] = []
    for rule in s.rules:
        for fe in rule.figures if scenario_setup.is_plain(rule) else ():
            lines.append(f"at|{rule.timing}|{rule.when}|{fe.figures.kind}|{fe.effect}|{fe.value}")
    index = _room_index(s)
    timing = {i: t for (n, i), t in _TIMING.items() if n == s.number}
    lines += scenario_setup.scenario_lines(s, index, _MARKERS.get(s.number, {}), timing)
    lines += _lock_lines(s, index)
    goal_tiles = ";".join(
        f"{q},{r}" for o in s.overlays if o.kind == "treasure" and o.treasure == "goal" for q, r in o.hexes
    )
    tiles = {t.ref: index[r.number] for r in s.rooms for t in r.tiles}
    for g in _GOALS.get(s.number, ()):
        kind, _, value = g.rpartition("|")
        if kind in ("goal|treasure", "goal|treasure-loot") and not value:
            g += goal_tiles
        elif kind == "goal|room":
            g = f"{kind}|{tiles[value]}"
        if not g.endswith("|") or kind == "goal|revealed":
            lines.append(g)
    return tuple(lines)


LATE_BOSSES: dict[int, tuple[str, ...]] = {48: ("dark-rider",)}
"""Bosses that no room places and no rule spawns: they appear by their own special rule (48: the
Dark Rider, on its first turn, :mod:`~delvekit.gloomhaven.effects.bosses`)."""


def _summoned_types(pack: ContentPack, types: set[str]) -> set[str]:
    """Monster types that the cards or boss specials of ``types`` summon (and so on)."""
    found: set[str] = set()
    todo = list(types)
    while todo:
        mt = pack.monster(todo.pop())
        abilities = [a for c in pack.deck_of(mt.id).cards for a in c.abilities]
        abilities += [a for special in mt.specials for a in special]
        for a in abilities:
            named = [sp.monster for sp in a.spawns]
            if a.type == "spawn" and a.value == "demon":  # Prime Demon's altar (scenario 21)
                named += [d for d in THRONE_DEMONS if d in pack.monsters]
            if a.type == "custom" and a.value == "hatch-eggs":  # Winged Horror (scenario 46)
                named += ["night-demon"]
            for sub in a.sub:  # a summon printed under an attack (Deep Terror 738)
                named += [sp.monster for sp in sub.spawns]
            for monster in named:
                if monster not in types and monster not in found:
                    found.add(monster)
                    todo.append(monster)
    return found


def _line(mt: cs.MonsterType, level: int, rank: str) -> cs.StatLine | None:
    try:
        return mt.stats(level, rank)  # type: ignore[arg-type]
    except ContentError:
        return None


def unsupported(setup: GameSetup) -> dict[str, list[str]]:
    """``card → custom abilities`` for every card the engine cannot fully play yet (custom
    abilities with no handler in :mod:`~delvekit.gloomhaven.engine.registry`)."""
    out: dict[str, list[str]] = {}
    for ch in setup.party:
        for card in ch.hand:
            notes = [a.note for h in (card.top, card.bottom) for a in h.abilities if a.kind == "custom"]
            notes = [n for n in notes if effects.handler(n) is None]
            if notes:
                out[f"{ch.id}/{card.id}"] = notes
    for deck, cards in setup.decks.items():
        for mc in cards:
            notes = [a.note for a in mc.actions if a.kind == "custom"]
            notes = [n for n in notes if effects.handler(n) is None]
            if notes:
                out[f"{deck}/{mc.id}"] = notes
    return out
