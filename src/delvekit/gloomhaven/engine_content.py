"""Build a :class:`~delvekit.gloomhaven.engine_setup.GameSetup` from the content pack: a scenario,
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
the map as a :class:`~delvekit.gloomhaven.engine_setup.BoardSpec` (terrain from the overlays,
thin walls, closed doors and the rooms each joins); the starting hexes in the scenario's order;
the monster ability decks with their relative values.

Abilities are mapped to :class:`~delvekit.gloomhaven.abilities.Ability` where the engine has
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
from delvekit.core.hexes import Hex
from delvekit.gloomhaven import character_cards, effects
from delvekit.gloomhaven.abilities import Ability
from delvekit.gloomhaven.conditions import Condition
from delvekit.gloomhaven.content import ContentPack
from delvekit.gloomhaven.content import schema as cs
from delvekit.gloomhaven.content.expr import value as formula
from delvekit.gloomhaven.elements import Element
from delvekit.gloomhaven.engine_level import Difficulty, level_info, scenario_level
from delvekit.gloomhaven.engine_setup import (
    BoardSpec,
    Card,
    CharacterSetup,
    DoorSpec,
    GameSetup,
    Half,
    MonsterCard,
    MonsterStats,
    MonsterType,
    Placement,
)


class Member(msgspec.Struct, frozen=True):
    """One character of the party: its class and level."""

    class_id: str
    level: int = 1


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


def convert(a: cs.Ability, variables: dict[str, int], *, relative: bool = False) -> list[Ability]:
    """The engine abilities for one content ability (``relative``: a monster card, whose move
    and attack are ±X on the stat line). A value the engine cannot compute (``X``) gives a
    ``custom`` ability."""
    try:
        return _convert(a, variables, relative=relative)
    except (ContentError, msgspec.ValidationError, InputError):
        return [_custom(f"{a.type}-{a.value}")]


def _convert(a: cs.Ability, variables: dict[str, int], *, relative: bool) -> list[Ability]:
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
            if not red or (not active and "range" not in subs) or len(active) > 1:
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
    abilities: list[Ability], content: Sequence[cs.Ability], variables: dict[str, int]
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


def _boost(consume: cs.Ability, variables: dict[str, int]) -> tuple[str, ...] | None:
    """The boost tokens of an attack's element consumption, or ``None`` if it does more than
    the engine's boosts can say."""
    out: list[str] = []
    for s in consume.sub:
        n = _number(s.value, "absolute", variables, relative=False) if s.type != "condition" else 0
        if s.type == "attack":
            out.append(f"attack{'-' if s.mode in ('minus', 'subtract') else '+'}{n}")
        elif s.type in ("pierce", "range"):
            out.append(f"{s.type}+{n}")
        elif s.type in ("target", "push", "pull"):
            out.append(f"{s.type}={n}")
        elif s.type == "condition" and str(s.value) in _CONDITIONS:
            out.append(f"with={s.value}")
        else:
            return None
    return tuple(out) or None


def _shove(a: cs.Ability, variables: dict[str, int]) -> list[Ability]:
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
    """A character of ``member.class_id`` at ``member.level``: every card it may hold (§2.5)."""
    try:
        klass = pack.klass(member.class_id)
    except (ContentError, KeyError):
        known = ", ".join(sorted(pack.classes))
        raise InputError(f"unknown class {member.class_id!r} (known: {known})", where="party") from None
    if not 1 <= member.level <= 9:
        raise InputError(f"level {member.level} is not within 1..9", where=f"party.{member.class_id}")
    if not klass.playable_at(member.level):
        missing = ", ".join(c.name for c in klass.missing_cards(member.level))
        raise InputError(
            f"not playable yet: cards without abilities: {missing}", where=f"party.{member.class_id}"
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
    )
    return CharacterSetup(
        id=klass.id,
        class_name=klass.id,
        max_health=klass.health[member.level - 1],
        hand_limit=min(klass.hand_size, len(cards)),
        hand=cards,
        hex=hex,
    )


def _stats(line: cs.StatLine | None, mtype: cs.MonsterType, variables: dict[str, int]) -> MonsterStats | None:
    if line is None:
        return None
    traits = {a.type: a for a in line.abilities}
    adds = tuple(
        Condition(str(a.value))
        for a in line.abilities
        if a.type == "condition" and str(a.value) in _CONDITIONS
    )
    return MonsterStats(
        health=formula(line.health, **variables),
        move=line.move,
        attack=formula(line.attack, **variables),
        range=line.range,
        shield=formula(traits["shield"].value, **variables) if "shield" in traits else 0,  # type: ignore[arg-type]
        retaliate=formula(traits["retaliate"].value, **variables) if "retaliate" in traits else 0,  # type: ignore[arg-type]
        flying=mtype.flying,
        immunities=tuple(Condition(i) for i in mtype.immunities if i in _CONDITIONS),
        targets=formula(traits["target"].value, **variables) if "target" in traits else 1,  # type: ignore[arg-type]
        pierce=formula(traits["pierce"].value, **variables) if "pierce" in traits else 0,  # type: ignore[arg-type]
        adds=adds,
    )


def setup_from_pack(
    pack: ContentPack,
    scenario: int,
    party: Sequence[Member],
    *,
    difficulty: Difficulty = "normal",
    ruleset: str = "gloomhaven",
) -> GameSetup:
    """The setup of ``scenario`` for ``party`` (2–4 characters)."""
    scenarios = pack.scenarios
    if scenario not in scenarios:
        raise InputError(f"unknown scenario {scenario}", where="scenario")
    if not 2 <= len(party) <= 4:
        raise InputError(f"a party has 2 to 4 characters, got {len(party)}", where="party")
    if len({m.class_id for m in party}) != len(party):
        raise InputError("a class appears twice in the party", where="party")
    s = scenarios[scenario]
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
    monster_level = level_info(level).monster_level
    types: list[MonsterType] = []
    decks: dict[str, tuple[MonsterCard, ...]] = {}
    for name in sorted(used):
        mt = pack.monster(name)
        try:
            stats = {
                r: _stats(_line(mt, monster_level, r), mt, variables) for r in ("normal", "elite", "boss")
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
                    actions=tuple(_monster_actions(c.abilities, variables)),
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
        ruleset=ruleset,
        board=BoardSpec(
            hexes=tuple(sorted(board.hexes)),
            terrain=terrain,
            walls=tuple(sorted(board.walls)),
            doors=tuple(d for d in doors if d.rooms),
        ),
        content_version=pack.info.version if hasattr(pack.info, "version") else "",
    )


def _monster_actions(content: Sequence[cs.Ability], variables: dict[str, int]) -> list[Ability]:
    out: list[Ability] = []
    for a in content:
        if a.type in ("push", "pull") and out and out[-1].kind == "attack":
            try:
                amount = _number(a.value, "absolute", variables, relative=False)
                out[-1] = msgspec.structs.replace(out[-1], **{a.type: amount})
                continue
            except ContentError:
                pass
        out += convert(a, variables, relative=True)
    return out


def _line(mt: cs.MonsterType, level: int, rank: str) -> cs.StatLine | None:
    try:
        return mt.stats(level, rank)  # type: ignore[arg-type]
    except ContentError:
        return None


def unsupported(setup: GameSetup) -> dict[str, list[str]]:
    """``card → custom abilities`` for every card the engine cannot fully play yet (custom
    abilities with no handler in :mod:`~delvekit.gloomhaven.effects`)."""
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
