"""Named effects of monster ability cards and boss specials (registered in
:mod:`delvekit.gloomhaven.engine.registry`; the content adapter writes them, see
:func:`delvekit.gloomhaven.content.adapter._monster_named`).

Each effect's parts are in the custom ability's ``then``:

* ``consume-ELEMENT`` — the type consumed ELEMENT at its first activation (§9: monsters always
  consume when they can, the whole type gains), so its parts are performed;
  ``consume-wild`` — any one Strong or Waning element, which the players choose (§9 "any-element
  icon on monster cards"), once per type activation.
* ``instead-consume-ELEMENT`` — ``then`` is (boosted, plain): the monster performs the boosted
  ability when its type consumed ELEMENT (an attack is swapped in before it is planned, see
  :func:`delvekit.gloomhaven.engine.monster_turn.monster_actions`).
* ``affects-WHO`` — the parts (conditions, bless/curse, heal, suffer damage, push/pull) go to
  every figure WHO names: ``enemies-range``/``allies-range`` (within ``range`` counted around
  walls and in sight; range 0 = the monster's attack range), ``enemies-adjacent``,
  ``allies-adjacent``, ``all-adjacent`` (every other figure), ``self-allies``, or
  ``enemy-adjacent`` (one adjacent enemy; several: the players choose, §10.6). Allies never
  include the monster itself.
* ``bless`` / ``curse`` — the card goes into the performer's modifier deck.
* ``spawn`` — monster summons (§10.4): each part ``TYPE.RANK`` is placed on an empty hex next to
  the summoner, as close to an enemy as possible (ties: the players); it never acts in the round
  it appears and drops no money; no free standee or hex: nothing.
* ``ondeath`` — passive: a monster that dies while its type's card shows it performs the parts
  (an attack on every enemy in the area around its hex) as it dies.
* ``one-target`` — the wrapped attack targets one enemy whatever the stat card's Target says.
* ``create-trap-near-enemy`` — a trap dealing the part's damage on an empty hex next to the
  monster, the one closest to an enemy (ties: the players).
* ``custom-move-to-next-door-and-reveal`` (Bandit Commander, special 1) — with the scenario's
  ``lock`` line (scenario 2) the boss jumps to the next locked door in order a-d (then a again),
  opens it and reveals the room behind; without one it moves toward the nearest closed door and,
  reaching it, opens it and reveals the room behind.
* ``custom-scouts-act-again`` (Merciless Overseer, special 1) — every Vermling Scout performs
  its ability card again right away (not those summoned this round).
* ``attack-bonus-if-target-adjacent-to-its-allies`` (Hound) — ``then`` is (attack, bonus): the
  bonus is added against a target next to one of its own allies.
"""

from __future__ import annotations

from collections.abc import Callable

from delvekit.core.board import Board, Terrain
from delvekit.core.hexes import Hex
from delvekit.core.los import sight_for
from delvekit.core.paths import proximity
from delvekit.core.records import Choice, Decision
from delvekit.gloomhaven.engine.actions import hex_token, parse_hex
from delvekit.gloomhaven.engine.game import MONSTER_DECK, Game, task_handler
from delvekit.gloomhaven.engine.registry import DEATH_HOOKS, effect
from delvekit.gloomhaven.engine.state import Figure, Task
from delvekit.gloomhaven.model.abilities import Ability
from delvekit.gloomhaven.model.conditions import Condition
from delvekit.gloomhaven.model.damage import resolve_attack
from delvekit.gloomhaven.model.elements import Element

_WHO = (
    "enemies-range",
    "allies-range",
    "enemies-adjacent",
    "allies-adjacent",
    "enemy-adjacent",
    "all-adjacent",
    "self-allies",
    "self-allies-range",
    "enemies",
)


def _hostile(a: Figure, b: Figure) -> bool:
    return (a.kind == "monster") != (b.kind == "monster")


def _stat_range(game: Game, f: Figure) -> int:
    if f.kind == "monster":
        return game.tables.types[f.name].stats(f.rank or "normal").range
    if f.kind == "summon":
        return game.state.summon_stats.get(f.id, (0, 0, 0))[2]
    return 0


def affected(game: Game, f: Figure, who: str, reach: int) -> list[Figure]:
    """The figures an ``affects-WHO`` effect of ``f`` reaches, in id order (invisible enemies
    cannot be targeted, §8)."""
    board = game.board()
    others = [g for g in game.state.figures.values() if g is not f]
    if who.startswith("enemies") or who == "enemy-adjacent":
        pool = [g for g in others if _hostile(f, g) and Condition.INVISIBLE not in g.conditions]
    elif who.startswith(("allies", "self-allies")):
        pool = [g for g in others if not _hostile(f, g)]
    else:
        pool = others
    if who.endswith("range"):
        reach = reach or max(1, _stat_range(game, f))
        if board is None:
            return []
        near = proximity(board, f.hex, reach)
        sight = sight_for(board, game.tables.ruleset.los)
        pool = [g for g in pool if near.get(g.hex, reach + 1) <= reach and sight.visible(f.hex, g.hex)]
    elif who.endswith("adjacent"):
        if board is None:
            return []
        pool = [g for g in pool if board.adjacent(f.hex, g.hex)]
    if who.startswith("self-allies"):
        pool.append(f)
    return sorted(pool, key=lambda g: g.id)


def give(game: Game, f: Figure, target: Figure, part: Ability) -> Task | None:
    """Give one part of an ``affects`` effect of ``f`` to ``target``; a push or pull is
    returned as its task (the caller queues them in order)."""
    if part.kind == "condition" and part.condition is not None:
        game.add_condition(target.id, part.condition)
    elif part.kind == "custom" and part.note in ("bless", "curse"):
        game.add_modifier_card(target.id, part.note)
    elif part.kind == "heal":
        game.heal(target.id, part.value)
    elif part.kind == "suffer":
        game.suffer_damage(target.id, part.value, "suffer")
    elif part.kind in ("push", "pull"):
        return Task("force", target.id, part.value, f"{f.id}/{part.kind}/s")
    elif part.kind == "shield":
        target.shield_bonus += part.value  # a card bonus: until the end of the round (§6.7)
        game.emit("bonus", target.id, "shield", part.value)
    elif part.kind == "retaliate":
        target.retaliate_bonus += part.value
        game.emit("bonus", target.id, "retaliate", part.value)
    else:
        game.emit("unresolved", f.id, *str(part).split())
    return None


@effect(*(f"affects-{who}" for who in _WHO))
def _affects(game: Game, fid: str, ability: Ability) -> None:
    f = game.state.figures.get(fid)
    if f is None:
        return
    who = ability.note.removeprefix("affects-")
    reached = affected(game, f, who, ability.range)
    if who == "enemy-adjacent" and len(reached) > 1:
        game.push(Task("monster_affect_one", fid, 0, str(ability)))
        return
    forced = [t for g in reached for part in ability.then if (t := give(game, f, g, part)) is not None]
    game.push(*forced)  # one target at a time, in order


def _run_affect_one(game: Game, task: Task) -> Decision | None:
    f = game.state.figures.get(task.who)
    if f is None:
        game.pop_task()
        return None
    choices = [Choice("affect", (g.id,)) for g in affected(game, f, "enemy-adjacent", 0)]
    if not choices:
        game.pop_task()
        return None
    return Decision("party", "monster-affect", choices)


def _apply_affect_one(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    f, g = game.state.figures.get(task.who), game.state.figures.get(choice.args[0])
    if f is not None and g is not None:
        parts = Ability.parse(task.text).then
        game.push(*(t for part in parts if (t := give(game, f, g, part)) is not None))


@effect("bless", "curse")
def _card(game: Game, fid: str, ability: Ability) -> None:
    game.add_modifier_card(fid, ability.note)


def paid(game: Game, f: Figure, element: Element) -> bool:
    """Whether ``f`` has ``element`` consumed for its current card: monsters through their
    type's consumption at its first activation; other figures consume it now if they can."""
    st = game.state
    if f.kind == "monster":
        return element.value in st.group_consumed
    if st.elements.can_consume(element):
        st.elements.consume(element)
        game.emit("consumed", f.id, element.value)
        return True
    return False


def perform_parts(game: Game, f: Figure, parts: tuple[Ability, ...]) -> None:
    """Perform what a consumption gives, in printed order, as the figure's own abilities."""
    for part in parts:
        if part.kind == "heal" and part.range and f.kind == "monster" and game.tables.board is not None:
            game.push(Task("monster_heal", f.id, part.value, str(part.range)))
        else:
            game.perform(f.id, part)


@effect(*(f"consume-{e.value}" for e in Element))
def _consume(game: Game, fid: str, ability: Ability) -> None:
    f = game.state.figures.get(fid)
    if f is not None and ability.element is not None and paid(game, f, ability.element):
        perform_parts(game, f, ability.then)


@effect(*(f"instead-consume-{e.value}" for e in Element))
def _instead(game: Game, fid: str, ability: Ability) -> None:
    """Reached only when the ability was not swapped before planning (a heal, or no board)."""
    f = game.state.figures.get(fid)
    if f is None or ability.element is None:
        return
    boosted, plain = ability.then
    chosen = boosted if paid(game, f, ability.element) else plain
    perform_parts(game, f, (chosen,))


@effect("consume-wild")
def _consume_wild(game: Game, fid: str, ability: Ability) -> None:
    st = game.state
    f = st.figures.get(fid)
    if f is None:
        return
    if f.kind == "monster" and "wild" in st.group_consumed:
        perform_parts(game, f, ability.then)
    elif any(st.elements.can_consume(e) for e in Element):
        game.push(Task("monster_wild", fid, 0, str(ability)))


def _run_wild(game: Game, task: Task) -> Decision | None:
    st = game.state
    if task.who not in st.figures:
        game.pop_task()
        return None
    choices = [Choice("consume", (e.value,)) for e in Element if st.elements.can_consume(e)]
    if not choices:
        game.pop_task()
        return None
    return Decision("party", "wild", choices)


def _apply_wild(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    st = game.state
    f = st.figures[task.who]
    element = Element(choice.args[0])
    st.elements.consume(element)
    game.emit("consumed", f.id, element.value)
    if f.kind == "monster":
        st.group_consumed += [element.value, "wild"]
    perform_parts(game, f, Ability.parse(task.text).then)


@effect("heal-targets")
def _heal_targets(game: Game, fid: str, ability: Ability) -> None:
    """"Heal X, Range Y, Target N" (Savvas Lavaflow 722 with earth): N different allies in range,
    each time the one that lost the most health (ties: the players)."""
    f = game.state.figures.get(fid)
    heals = [p for p in ability.then if p.kind == "heal"]
    if f is None or not heals:
        return
    if f.kind != "monster" or game.tables.board is None:
        perform_parts(game, f, tuple(heals))
        return
    heal = heals[0]
    game.push(Task("monster_heal", fid, heal.value, f"{heal.range}/{max(1, ability.value)}/"))


@effect("not-consumed")
def _not_consumed(game: Game, fid: str, ability: Ability) -> None:
    """The place of a "consume E: Attack/Move" line whose element was not there: nothing."""


@effect("one-target", "attack-bonus-if-target-adjacent-to-its-allies", "ondeath")
def _wrapped(game: Game, fid: str, ability: Ability) -> None:
    """A wrapped attack (when not swapped in before planning, e.g. without a board: the attack
    inside); ``ondeath``: passive, it acts in :func:`on_death`."""
    if ability.note != "ondeath":
        perform_parts(game, game.state.figures[fid], ability.then)


def on_death(game: Game, f: Figure) -> None:
    """A monster killed while its type's card has an ``ondeath`` effect attacks from its hex:
    every enemy in the area (offsets from the dead monster), the monster modifier deck, shields."""
    st = game.state
    if f.kind != "monster" or game.tables.board is None:
        return
    deck = game.tables.types[f.name].deck
    card = st.revealed.get(deck)
    if card is None:
        return
    actions = game.tables.deck_cards[deck][card].actions
    stats = game.tables.types[f.name].stats(f.rank or "normal")
    board = game.board()
    assert board is not None
    for a in actions:
        if a.kind != "custom" or a.note != "ondeath":
            continue
        game.emit("on-death", f.id)
        for part in a.then:
            if part.kind != "attack":
                continue
            cells = {(f.hex[0] + q, f.hex[1] + r) for q, r in part.area} if part.area else set()
            for g in sorted(st.figures.values(), key=lambda g: g.id):
                in_area = g.hex in cells if cells else board.adjacent(f.hex, g.hex)
                if g.kind == "monster" or not in_area:
                    continue
                value = stats.attack + part.value
                poisoned = Condition.POISON in g.conditions
                draw, st.modifier_decks[MONSTER_DECK] = st.modifier_decks[MONSTER_DECK].draw(
                    st.rng, attack=value + poisoned, advantage=stats.advantage, disadvantage=False
                )  # its stat card's advantage (docs/monster-traits.md)
                shown = ",".join(str(c).replace(" ", "_") for c in draw.applied) or "-"
                game.emit("modifiers", f.id, f"drew={shown}", f"applies={shown}")
                result = resolve_attack(
                    value, poisoned=poisoned, cards=draw.applied, shield=game.shield(g.id), pierce=part.pierce
                )
                game.emit("attack", f.id, g.id, f"value={result.value}", f"damage={result.damage}")
                game.push(Task("damage", g.id, result.damage, "attack"))


# ------------------------------------------------------------------ placing figures


def _empty(game: Game, h: tuple[int, int]) -> bool:
    """An empty hex (§1.2): on the map, no figure, no token, no overlay but corridor/door."""
    board = game.board()
    assert board is not None
    st = game.state
    if h not in board.hexes or h in board.doors or board.is_wall(h) or h in st.coins or h in st.created_traps:
        return False  # closed doors are walls (§1.2)
    if any(g.hex == h for g in st.figures.values()):
        return False
    terrain = board.terrain_at(h)
    return terrain is None or terrain.name in ("CORRIDOR", "PRESSURE_PLATE")


def near_enemy_hexes(game: Game, f: Figure) -> list[tuple[int, int]]:
    """Empty hexes adjacent to ``f`` closest to an enemy (movement around walls, then
    hex distance); all of them when no enemy can be reached."""
    board = game.board()
    assert board is not None
    free = [h for h in board.links.get(f.hex, ()) if _empty(game, h)]
    if not free:
        return []
    enemies = [g.hex for g in game.state.figures.values() if _hostile(f, g)]
    best: dict[tuple[int, int], int] = {}
    for h in free:
        near = proximity(board, h, 64)
        best[h] = min((near.get(e, 10**6) for e in enemies), default=0)
    least = min(best.values())
    return sorted(h for h in free if best[h] == least)


@effect("spawn")
def _spawn(game: Game, fid: str, ability: Ability) -> None:
    f = game.state.figures.get(fid)
    if f is None or game.tables.board is None:
        return
    for part in ability.then:
        game.push(Task("monster_summon", fid, 0, part.note))


def _run_summon(game: Game, task: Task) -> Decision | None:
    st = game.state
    f = st.figures.get(task.who)
    name = task.text.rsplit(".", 1)[0]
    if f is None:
        game.pop_task()
        return None
    hexes = near_enemy_hexes(game, f)
    if not hexes or name not in game.tables.types or not st.standees.get(name):
        game.pop_task()
        game.emit("no-summon", f.id, name, "no-hex" if not hexes else "no-standee")
        return None
    return Decision("party", "monster-summon", [Choice("place", (hex_token(h),)) for h in hexes])


def _apply_summon(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    st = game.state
    name, rank = task.text.rsplit(".", 1)
    h = parse_hex(choice.args[0])
    pool = st.standees[name]
    number = pool.pop(st.rng.randint(0, len(pool) - 1))
    stats = game.tables.types[name].stats(rank)  # type: ignore[arg-type]
    fid = f"{name}#{number}"
    st.figures[fid] = Figure(
        fid, "monster", name, stats.health, h, rank=rank, standee=number,  # type: ignore[arg-type]
        immune=frozenset(stats.immunities), summoned_round=st.round,
    )  # fmt: skip
    # no ability card is drawn for it: it does not act this round (§10.4; drawing one only for
    # focus ties is Frosthaven's rule)
    game.emit("summoned", fid, rank, f"hex={h[0]},{h[1]}", f"by={task.who}")


@effect("create-trap-near-enemy")
def _create_trap(game: Game, fid: str, ability: Ability) -> None:
    f = game.state.figures.get(fid)
    if f is None or game.tables.board is None:
        return
    damage = next((p.value for p in ability.then if p.kind == "suffer"), 0)
    game.push(Task("monster_trap", fid, damage, ""))


def _run_trap(game: Game, task: Task) -> Decision | None:
    f = game.state.figures.get(task.who)
    hexes = near_enemy_hexes(game, f) if f is not None else []
    if not hexes:
        game.pop_task()
        return None
    return Decision("party", "monster-trap", [Choice("place", (hex_token(h),)) for h in hexes])


def _apply_trap(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    st = game.state
    h = parse_hex(choice.args[0])
    st.created_traps = {**st.created_traps, h: task.n}
    st.sprung = st.sprung - {h}  # a trap sprung here before is gone; this one is new
    game.emit("trap-created", task.who, choice.args[0], f"damage={task.n}")


# ---------------------------------------------------------------------- boss specials


@effect("custom-move-to-next-door-and-reveal")
def _to_door(game: Game, fid: str, ability: Ability) -> None:
    """Bandit Commander's special 1. With a scenario ``lock`` line naming its type (scenario 2:
    doors a-d), it jumps however far to the next door in the listed order (after the last, back
    to the first), opens it and reveals the room behind; an occupied (open) door hex: the
    nearest empty hex. Without one: it moves (its stat move) toward the nearest closed door,
    around walls and through figures' gaps as a walking monster; reaching it opens the door."""
    st = game.state
    f = st.figures.get(fid)
    board = game.board()
    if f is None or board is None:
        return
    if game.setup.rules:
        from delvekit.gloomhaven.scenario import rules as scenario_rules

        order = scenario_rules.lock_of(game.setup.rules, f.name)
        if order:
            done = sum(1 for e in game.events if e.kind == "door-jump" and e.args[0] == fid)
            door = order[done % len(order)]
            game.emit("door-jump", fid, hex_token(door))
            if door not in st.opened:
                st.opened = st.opened | {door}
                game.emit("door-opened", hex_token(door))
            taken = any(g.hex == door for g in st.figures.values() if g is not f)
            land = scenario_rules.spawn_hex(game, door) if taken else door
            if land is not None and land != f.hex:
                f.hex = land
                game.emit("moved", fid, hex_token(land))
            for room in game.tables.door_room.get(door, ()):
                if room not in st.revealed_rooms:
                    game.reveal_room(room)
            game.emit("move-ended", fid, hex_token(f.hex))
            return
    closed = [
        h
        for h, rooms in game.tables.door_room.items()
        if h not in st.opened and any(r not in st.revealed_rooms for r in rooms)
    ]
    if not closed:
        game.emit("no-door", fid)
        return
    move = game.tables.types[f.name].stats(f.rank or "normal").move
    blocked = {g.hex for g in st.figures.values() if g is not f and _hostile(f, g)}
    # distances to the door from every hex (doors are walls until opened, so measure from it)
    door = min(closed, key=lambda d: (_distance(board, f.hex, d, blocked), d))
    far = _field(board, door, blocked)
    here = far.get(f.hex)
    if here is None:
        game.emit("no-path", fid)
        return
    occupied = {g.hex for g in st.figures.values() if g is not f}
    for _ in range(move):
        steps = [
            h for h in board.links.get(f.hex, ())
            if h in far and far[h] < far[f.hex] and board.adjacent(f.hex, h)
            and (h == door or h not in occupied)
            and board.terrain_at(h) not in (Terrain.OBSTACLE,)
        ]  # fmt: skip
        if not steps:
            break
        f.hex = min(steps, key=lambda h: (far[h], h))
        game.emit("moved", fid, hex_token(f.hex))
        if f.hex == door:
            st.opened = st.opened | {door}
            game.emit("door-opened", hex_token(door))
            for room in game.tables.door_room[door]:
                if room not in st.revealed_rooms:
                    game.reveal_room(room)
            break
    game.emit("move-ended", fid, hex_token(f.hex))


def _field(board: Board, start: Hex, blocked: set[Hex]) -> dict[Hex, int]:
    """Steps from ``start`` to every hex, around walls and enemies (breadth first)."""
    out = {start: 0}
    frontier = [start]
    while frontier:
        nxt: list[tuple[int, int]] = []
        for h in frontier:
            for n in board.links.get(h, ()):
                if n in out or n in blocked or n not in board.hexes:
                    continue
                if board.terrain_at(n) is Terrain.OBSTACLE:
                    continue
                out[n] = out[h] + 1
                nxt.append(n)
        frontier = nxt
    return out


def _distance(board: Board, a: tuple[int, int], door: tuple[int, int], blocked: set[tuple[int, int]]) -> int:
    return _field(board, door, blocked).get(a, 10**6)


@effect("custom-scouts-act-again")
def _scouts_again(game: Game, fid: str, ability: Ability) -> None:
    """Merciless Overseer's special 1: every Vermling Scout on the map performs its card again
    (elites first, then by standee), right after the Overseer's turn."""
    st = game.state
    scouts = sorted(
        (
            g
            for g in st.figures.values()
            if g.kind == "monster" and g.name == "vermling-scout" and g.summoned_round != st.round
        ),
        key=lambda g: (g.rank != "elite", g.standee),
    )
    steps: list[Task] = []
    for g in scouts:
        steps += [Task("monster_act", g.id), Task("forget_plan", g.id)]
    game.emit("act-again", fid, f"scouts={len(scouts)}")
    game.push(*steps)


# ------------------------------------------------------- round effects and riders


def this_round(game: Game) -> list[tuple[str, tuple[str, ...]]]:
    """The events of the current round, latest first (up to its ``round`` event)."""
    out: list[tuple[str, tuple[str, ...]]] = []
    for e in reversed(game.events):
        if e.kind == "round":
            break
        out.append((e.kind, e.args))
    return out


def this_turn(game: Game, fid: str) -> list[tuple[str, tuple[str, ...]]]:
    """The events since ``fid``'s turn started, latest first."""
    out: list[tuple[str, tuple[str, ...]]] = []
    for e in reversed(game.events):
        if e.kind == "turn" and e.args and e.args[0] == fid:
            break
        if e.kind == "round":
            break
        out.append((e.kind, e.args))
    return out


_ROUND_EFFECTS = ("attackers-have-disadvantage-this-round", "allies-bonus-this-round")
_uses: dict[int, tuple[object, frozenset[str]]] = {}


def _used_notes(game: Game) -> frozenset[str]:
    """Notes of the round effects some monster card of this game holds (a cheap test before
    reading the round's events; one entry per setup)."""
    key = id(game.setup)
    hit = _uses.get(key)
    if hit is not None and hit[0] is game.setup:
        return hit[1]
    actions = (a for cards in game.setup.decks.values() for c in cards for a in c.actions)
    notes = frozenset(a.note for a in actions if a.note in _ROUND_EFFECTS)
    if len(_uses) > 256:
        _uses.clear()
    _uses[key] = (game.setup, notes)
    return notes


@effect("attackers-have-disadvantage-this-round")
def _shrouded(game: Game, fid: str, ability: Ability) -> None:
    """Giant Viper 689: every attack targeting it gains disadvantage for the rest of the round."""
    if fid in game.state.figures:
        game.emit("attackers-disadvantaged", fid)


def attackers_disadvantaged(game: Game, target: Figure) -> bool:
    """Whether attacks on ``target`` have disadvantage this round (Giant Viper 689)."""
    if "attackers-have-disadvantage-this-round" not in _used_notes(game):
        return False
    return any(k == "attackers-disadvantaged" and a[0] == target.id for k, a in this_round(game))


@effect("allies-bonus-this-round")
def _rally(game: Game, fid: str, ability: Ability) -> None:
    """Captain of the Guard, special 2: all its allies add the part's +N to every attack they
    make for the rest of this round (its own attacks are not its allies')."""
    bonus = sum(p.value for p in ability.then if p.kind == "attack")
    if fid in game.state.figures and bonus:
        game.emit("allies-bonus", fid, f"+{bonus}")


def allies_round_bonus(game: Game, f: Figure) -> int:
    """The attack bonus ``f`` gets this round from allies' ``allies-bonus-this-round``."""
    if "allies-bonus-this-round" not in _used_notes(game):
        return 0
    total = 0
    for kind, args in this_round(game):
        if kind != "allies-bonus" or args[0] == f.id:
            continue
        giver_monster = "#" in args[0]  # monster ids are TYPE#STANDEE
        if giver_monster == (f.kind == "monster"):
            total += int(args[1].removeprefix("+"))
    return total


RIDERS = ("affects-all-adjacent-to-target", "spawn-adjacent-to-target")
"""Effects printed under an attack that happen as it hits each target (they need the target's
hex): performed by the attack itself (``engine_monsters``); the card line is then done."""


@effect(*RIDERS)
def _rider(game: Game, fid: str, ability: Ability) -> None:
    """Already performed with the attack before it, target by target."""


def rider_tasks(game: Game, f: Figure, rider: Ability, target_hex: Hex) -> list[Task]:
    """The steps of one rider for one target standing on ``target_hex`` (Savvas Lavaflow 719:
    every other figure next to the target suffers the damage; Deep Terror 738: a summon in an
    empty hex next to the target)."""
    board = game.board()
    if board is None:
        return []
    if rider.note == "affects-all-adjacent-to-target":
        damage = sum(p.value for p in rider.then if p.kind == "suffer")
        near = sorted(
            (g for g in game.state.figures.values() if g is not f and board.adjacent(g.hex, target_hex)),
            key=lambda g: g.id,
        )
        return [Task("damage", g.id, damage, "suffer") for g in near if damage]
    if rider.note == "spawn-adjacent-to-target":
        return [Task("monster_summon_at", f.id, 0, f"{p.note}|{hex_token(target_hex)}") for p in rider.then]
    return []


def _run_summon_at(game: Game, task: Task) -> Decision | None:
    st = game.state
    note, anchor = task.text.split("|")
    name = note.rsplit(".", 1)[0]
    board = game.board()
    f = st.figures.get(task.who)
    if board is None or f is None:
        game.pop_task()
        return None
    h = parse_hex(anchor)
    hexes = sorted(n for n in board.links.get(h, ()) if _empty(game, n))
    if not hexes or name not in game.tables.types or not st.standees.get(name):
        game.pop_task()
        game.emit("no-summon", f.id, name, "no-hex" if not hexes else "no-standee")
        return None
    return Decision("party", "monster-summon", [Choice("place", (hex_token(x),)) for x in hexes])


def _apply_summon_at(game: Game, task: Task, choice: Choice) -> None:
    note = task.text.split("|")[0]
    _apply_summon(game, Task("monster_summon", task.who, 0, note), choice)


@effect("per-target-damaged")
def _per_target(game: Game, fid: str, ability: Ability) -> None:
    """Harrower Infester 729 (after consuming dark): heal 2 self for each target its attack
    damaged this turn (one heal of the total)."""
    f = game.state.figures.get(fid)
    if f is None:
        return
    damaged = {a[1] for k, a in this_turn(game, fid) if k == "attack" and a[0] == fid and a[3] != "damage=0"}
    for part in ability.then:
        if part.kind == "heal" and damaged:
            game.heal(fid, part.value * len(damaged))


DEATH_HOOKS.append(on_death)

for _kind, _run, _apply in (
    ("monster_affect_one", _run_affect_one, _apply_affect_one),
    ("monster_wild", _run_wild, _apply_wild),
    ("monster_summon", _run_summon, _apply_summon),
    ("monster_trap", _run_trap, _apply_trap),
    ("monster_summon_at", _run_summon_at, _apply_summon_at),
):
    task_handler(_kind, _run, _apply)


# ------------------------------------------------------------- mind control (the Betrayer)

MIND_CONTROL = "mind-controlled:"
"""``GameState.scenario_marks`` key prefix (then the character's id) of a character the
Betrayer mind controls, valued with the round it was marked in."""

CONTROLLED_MOVE = Ability(kind="move", value=2)
"""The "Move 2" a mind-controlled character performs before its leading card's top action."""


def mind_controlled(game: Game, f: Figure) -> bool:
    """Whether ``f`` (a character, or a summon of one) is mind controlled this round: it acts as
    if its enemies were its allies and its allies its enemies (the Betrayer, scenario 79)."""
    if f.kind == "monster" or f.kind == "objective":
        return False
    cid = f.owner if f.kind == "summon" and f.owner else f.id
    st = game.state
    return st.scenario_marks.get(MIND_CONTROL + cid) == st.round


def controlled_team(game: Game, f: Figure) -> frozenset[str]:
    """The mind-controlled character and its summons: the figures on ``f``'s side while it is
    mind controlled (every other figure of its side is its enemy, every monster its ally)."""
    cid = f.owner if f.kind == "summon" and f.owner else f.id
    summons = {g.id for g in game.state.figures.values() if g.kind == "summon" and g.owner == cid}
    return frozenset({cid} | summons)


def controlled_actions(game: Game, f: Figure) -> tuple[Ability, ...]:
    """A mind-controlled character's turn: "Move 2", then the abilities of its leading card's top
    half (absolute values: its stat line counts as Move 0, Attack 0, melee)."""
    ch = game.state.characters.get(f.id)
    if ch is None or ch.lead is None:
        return (CONTROLLED_MOVE,)
    return (CONTROLLED_MOVE, *game.card(f.id, ch.lead).top.abilities)


# ------------------------------------------------------------------ acting objectives

ACTING_OBJECTIVES: dict[str, Callable[[Game, Figure], tuple[Ability, ...]]] = {}
"""Objective figures that take turns (by name → their actions, absolute values: their stat line
counts as Move 0, Attack 0, melee): the Elder Drake's zephyrs. Filled by the modules that place
them (:mod:`~delvekit.gloomhaven.effects.bosses`)."""


def objective_actions(game: Game, f: Figure) -> tuple[Ability, ...]:
    """The actions of an acting objective figure (none for the others)."""
    found = ACTING_OBJECTIVES.get(f.name)
    return found(game, f) if found is not None else ()


AFTER_ATTACK: list[Callable[[Game, Figure, int], list[Task]]] = []
"""Called as a monster's attack (card action ``index``) is planned on its targets: tasks to run
once every target was attacked (the Dark Rider leaves the map after a melee attack)."""


def after_attack(game: Game, f: Figure, index: int) -> list[Task]:
    """The tasks the after-attack hooks add for ``f``'s attack at card action ``index``."""
    return [t for hook in AFTER_ATTACK for t in hook(game, f, index)]
