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

from collections.abc import Sequence

import msgspec

from delvekit.core.errors import ContentError, InputError
from delvekit.core.hexes import Hex
from delvekit.gloomhaven.content import monster_traits, random_dungeon
from delvekit.gloomhaven.content import schema as cs
from delvekit.gloomhaven.content.abilities import convert as convert
from delvekit.gloomhaven.content.abilities import convert_half as convert_half
from delvekit.gloomhaven.content.abilities import merge_forced as merge_forced
from delvekit.gloomhaven.content.abilities import slug as slug
from delvekit.gloomhaven.content.expr import value as formula
from delvekit.gloomhaven.content.monster_abilities import THRONE_DEMONS as THRONE_DEMONS
from delvekit.gloomhaven.content.monster_abilities import monster_actions as monster_actions
from delvekit.gloomhaven.content.monster_abilities import monster_named as monster_named
from delvekit.gloomhaven.content.pack import ContentPack
from delvekit.gloomhaven.content.rule_lines import LATE_BOSSES as LATE_BOSSES
from delvekit.gloomhaven.content.rule_lines import MAP_MARKERS as MAP_MARKERS
from delvekit.gloomhaven.content.rule_lines import scenario_rule_lines as scenario_rule_lines
from delvekit.gloomhaven.engine import registry as effects
from delvekit.gloomhaven.model.level import Difficulty, level_info, scenario_level
from delvekit.gloomhaven.model.setup import (
    BoardSpec,
    Card,
    CharacterSetup,
    DoorSpec,
    GameSetup,
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
from delvekit.gloomhaven.scenario.goal_lines import goal_lines


class Member(msgspec.Struct, frozen=True):
    """One character of the party: its class, level and the numbers of the items it brings
    (``load_pack().items``; within the equipment limits, §2.7)."""

    class_id: str
    level: int = 1
    items: tuple[int, ...] = ()


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
            top=convert_half(c.top, variables),
            bottom=convert_half(c.bottom, variables),
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
                    actions=tuple(monster_actions(c.abilities, variables, mt.specials)),
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
