"""Named effects of the Cragheart's cards (damage to everyone around; area attacks that touch
allies too; bonuses to ranged and melee attacks), registered in
:mod:`delvekit.gloomhaven.engine.registry`. :mod:`~delvekit.gloomhaven.content.character_cards`
writes the ``custom`` abilities (the words of
:data:`~delvekit.gloomhaven.content.character_cards.CRAGHEART_WORDS`); each handler here performs
one wording, asking the deciding player through agenda tasks (``cg_*``). An optional element
consumption is asked first (``consume`` / ``no-consume``). The obstacle wordings are in
:mod:`~delvekit.gloomhaven.effects.classes.cragheart_obstacles`.

==============================  ===============================================================
``suffer-adjacent``             every ally and enemy next to you (``around-target``: next to
                                each target of this action's attacks) suffers the damage; a
                                consumption may raise it — Rumbling Advance, Crater, Massive
                                Boulder
``xp-if-consumed``              the XP when the element was consumed during this action (an
                                attack's own consumption) — Avalanche, Unstable Upheaval
``area-attack``                 an area attack the player places; the conditions (or heal) go
                                to every ally and enemy in the area — Dirt Tornado, Sentient
                                Growth, Cataclysm
``move-straight``               a move in a straight line — Rock Slide
``move-end-by-obstacle``        a move ending next to an obstacle — Rocky End
==============================  ===============================================================

Effects that act from the active area or while their half is played (performing them only
says so): ``ranged-bonus-this-round`` / ``melee-bonus-this-round`` (Heaving Swing, Forceful
Storm: +N to your ranged / melee attacks this round), ``next-ranged-attacks-add-target`` (Backup
Ammunition: one use slot per ranged attack ability, +1 target),
``ranged-attacks-consume-for-range`` (Nature's Lift: with the element Strong, a ranged attack
may consume it for +R range, one use slot when consumed),
``next-melee-attacks-destroy-obstacle`` (Stone Pummel: a melee attack destroys an adjacent
obstacle for +N, one use slot), ``at-turn-start`` (Lumbering Bash: the heal at the start of
each of your turns, one use slot; a turn hook of :mod:`~delvekit.gloomhaven.engine.registry`).
The engine asks this module through :func:`ranged_attack` (each ranged attack a character
performs), :func:`strike_extra` (each attack, via :mod:`~delvekit.gloomhaven.effects.strike`),
and the obstacle module's :func:`smash_steps`, :func:`pushed_into` and :func:`push_blocked`
(re-exported here).
"""

from __future__ import annotations

import msgspec

from delvekit.core.board import Terrain
from delvekit.core.hexes import Hex, neighbours, orientations
from delvekit.core.los import sight_for
from delvekit.core.paths import proximity
from delvekit.core.records import Choice, Decision
from delvekit.gloomhaven.effects import consume as effects_consume
from delvekit.gloomhaven.effects import parts as effects_parts
from delvekit.gloomhaven.effects.active_area import spend_use
from delvekit.gloomhaven.effects.classes.cragheart_obstacles import (
    attack_around_obstacle,
    create_obstacles,
    destroy_in_range,
    destroy_obstacle,
    flag_number,
    others_of,
    playing_abilities,
)
from delvekit.gloomhaven.effects.classes.cragheart_obstacles import push_blocked as push_blocked
from delvekit.gloomhaven.effects.classes.cragheart_obstacles import pushed_into as pushed_into
from delvekit.gloomhaven.effects.classes.cragheart_obstacles import smash_steps as smash_steps
from delvekit.gloomhaven.effects.consume import (
    consume_choices,
    effective_parts,
    gain_parts_xp,
    part_flags,
    split_consumption,
)
from delvekit.gloomhaven.engine import actions
from delvekit.gloomhaven.engine.game import Game, task_handler
from delvekit.gloomhaven.engine.payloads import Strike
from delvekit.gloomhaven.engine.registry import effect
from delvekit.gloomhaven.engine.state import Figure, Task
from delvekit.gloomhaven.model.abilities import Ability
from delvekit.gloomhaven.model.conditions import Condition
from delvekit.gloomhaven.model.elements import Element, Strength

# ------------------------------------------------------- optional consumption


@effect(
    "suffer-adjacent",
    "create-obstacle",
    "area-attack",
    "attack-around-obstacle",
    "destroy-in-range",
    "ranged-bonus-this-round",
)
def _with_consumption(game: Game, fid: str, ability: Ability) -> None:
    """Ask whether to consume the element (when it can be), then perform."""
    if consume_choices(game, split_consumption(ability)[1]):
        game.push(Task("cg_consume", fid, 0, str(ability)))
        return
    _finish(game, fid, ability, paid=False)


def _run_consume(game: Game, task: Task) -> Decision | None:
    return effects_consume.consume_offer(game, task, _finish)


def _apply_consume(game: Game, task: Task, choice: Choice) -> None:
    effects_consume.consume_answer(game, task, choice, _finish)


def _finish(game: Game, fid: str, ability: Ability, *, paid: bool) -> None:
    items = effective_parts(ability, paid)
    if paid:
        gain_parts_xp(game, fid, split_consumption(ability)[2])
    if ability.note == "suffer-adjacent":
        _suffer_adjacent(game, fid, items)
    elif ability.note == "create-obstacle":
        create_obstacles(game, fid, items)
    elif ability.note == "attack-around-obstacle":
        attack_around_obstacle(game, fid, items)
    elif ability.note == "destroy-in-range":
        destroy_in_range(game, fid, items)
    elif ability.note == "ranged-bonus-this-round":  # Brutal Momentum: earth raises it
        game.emit("bonus", fid, ability.note)
        if paid:
            game.emit("round-bonus-paid", fid, ability.note)
    else:
        _area_attack(game, fid, items, paid)


# --------------------------------------------------------- damage all around


def _suffer_adjacent(game: Game, fid: str, items: list[Ability]) -> None:
    """Every ally and enemy next to the centre(s) suffers the damage (once each)."""
    f = game.state.figures.get(fid)
    board = game.board()
    if f is None or board is None:
        return
    amount = flag_number(items, "suffer-damage-")
    since = effects_parts.events_since(game, "action", fid)
    if "around-target" in part_flags(items):
        centres = {
            actions.parse_hex(args[2]): args[1] for kind, args in since if kind == "struck" and args[0] == fid
        }
    elif "along-path" in part_flags(items):  # Blind Destruction: every hex entered in this action
        centres = {h: fid for h in effects_parts.moved_hexes(since, fid)}
    else:
        centres = {f.hex: fid}
    if "as-target" in part_flags(items):  # Blind Destruction: the damage the target suffered
        dealt = {
            args[1]: int(args[3].removeprefix("damage="))
            for kind, args in since
            if kind == "attack" and args[0] == fid and len(args) > 3
        }
        amount = max((dealt.get(who, 0) for who in centres.values()), default=0)
        if not amount:
            return
    hit = sorted(
        {
            g.id
            for g in others_of(game, f)
            for h, who in centres.items()
            if g.id != who and board.adjacent(h, g.hex)
        }
    )
    if not hit:
        game.emit("no-target", fid)
    for gid in reversed(hit):  # suffered in id order
        game.suffer_damage(gid, amount, "suffer")


@effect("xp-if-consumed")
def _xp_if_consumed(game: Game, fid: str, ability: Ability) -> None:
    """The XP of an attack's consumption: gained when the element was consumed this action."""
    element = next(
        (n.removeprefix("consume-") for n in effects_parts.flags(ability) if n.startswith("consume-")), ""
    )
    since = effects_parts.events_since(game, "action", fid)
    if any(kind == "consumed" and args[:2] == (fid, element) for kind, args in since):
        gain_parts_xp(game, fid, list(ability.then))


# ------------------------------------------------------------ area attacks


def _shape(items: list[Ability]) -> tuple[Hex, ...]:
    """The area of a ``shape-Q,R/Q,R...`` flag (offsets from its first hex)."""
    note = next((n for n in part_flags(items) if n.startswith("shape-")), "shape-0,0")
    cells = [tuple(int(x) for x in c.split(",")) for c in note.removeprefix("shape-").split("/")]
    return tuple((c[0], c[1]) for c in cells)


def _placements(game: Game, f: Figure, attack: Ability, shape: tuple[Hex, ...]) -> list[tuple[str, ...]]:
    """Each distinct (enemies hit, allies and enemies in the area) of one placement of the area:
    as choice arguments ``e=ID`` (attacked: in sight) and ``a=ID`` (in the area). Ranged areas
    go anywhere with a hex within range; melee ones around the attacker."""
    board = game.board()
    if board is None:
        return []
    sight = sight_for(board, game.tables.ruleset.los)
    on = {g.hex: g for g in others_of(game, f)}
    bases: list[Hex] = [f.hex]
    if attack.range > 0:
        near = proximity(board, f.hex, attack.range)
        bases = [h for h, d in near.items() if d <= attack.range]
    seen: dict[tuple[str, ...], None] = {}
    for pattern in orientations(shape):
        for b in bases:
            for o in pattern if attack.range > 0 else [(0, 0)]:
                origin = (b[0] - o[0], b[1] - o[1])
                cells = [(origin[0] + q, origin[1] + r) for q, r in pattern]
                inside = [on[c] for c in cells if c in on and c in board.hexes]
                hit = sorted(
                    g.id
                    for g in inside
                    if actions.hostile(f, g)
                    and Condition.INVISIBLE not in g.conditions
                    and sight.visible(f.hex, g.hex)
                )
                if hit:
                    key = (*(f"e={i}" for i in hit), *sorted(f"a={g.id}" for g in inside))
                    seen.setdefault(key, None)
    return list(seen)


def _area_attack(game: Game, fid: str, items: list[Ability], paid: bool) -> None:
    f = game.state.figures.get(fid)
    attacks = [p for p in items if p.kind == "attack"]
    if f is None or not attacks:
        return
    if Condition.DISARM in f.conditions:
        game.emit("prevented", fid, "attack", "disarm")
        return
    attack = msgspec.structs.replace(attacks[0], value=sum(p.value for p in attacks))
    options = _placements(game, f, attack, _shape(items))
    if not options:
        game.emit("no-target", fid)
        return
    rest = (p for p in items if p.kind != "attack")
    text = str(Ability(kind="custom", note="area-attack", then=(attack, *rest)))
    game.push(Task("cg_area", fid, 0, f"{'/'.join(';'.join(o) for o in options)}|{text}"))


def _run_area(game: Game, task: Task) -> Decision | None:
    options = [tuple(o.split(";")) for o in task.text.split("|", 1)[0].split("/")]
    return Decision(task.who, "area-attack", [*(Choice("area", o) for o in options), Choice("skip")])


def _apply_area(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    if choice.kind == "skip":
        game.emit("attack-skipped", task.who)
        return
    ability = Ability.parse(task.text.split("|", 1)[1])
    attack = next(p for p in ability.then if p.kind == "attack")
    game.mark_used(task.who)
    hit = [a.removeprefix("e=") for a in choice.args if a.startswith("e=")]
    inside = ";".join(a.removeprefix("a=") for a in choice.args if a.startswith("a="))
    game.push(
        *(Task("strike", task.who, attack.value, Strike(attack, tid).text) for tid in hit),
        Task("cg_in_area", task.who, 0, f"{inside}|{ability}"),
    )


def _run_in_area(game: Game, task: Task) -> Decision | None:
    """After the attacks: the conditions (or heal) for every ally and enemy in the area."""
    game.pop_task()
    inside, text = task.text.split("|", 1)
    ability = Ability.parse(text)
    f = game.state.figures.get(task.who)
    for gid in [i for i in inside.split(";") if i]:
        g = game.state.figures.get(gid)
        if g is None or f is None:
            continue
        for p in ability.then:
            if p.kind == "condition" and p.condition is not None:
                game.add_condition(gid, p.condition)
            elif p.kind == "heal" and not actions.hostile(f, g):
                game.heal(gid, p.value)
    return None


# ------------------------------------------------ passive: while played, active area


@effect(
    "push-smash",
    "melee-bonus-this-round",
    "next-ranged-attacks-add-target",
    "ranged-attacks-consume-for-range",
)
def _passive(game: Game, fid: str, ability: Ability) -> None:
    """Bonuses that act while their half is played or from the active area (module docs)."""
    game.emit("bonus", fid, ability.note)


def _holders(game: Game, cid: str, note: str) -> list[tuple[int, Ability]]:
    return [
        (i, a)
        for i, _, half in effects_parts.active_halves(game, cid)
        for a in effects_parts.named_in(half, note)
    ]


def ranged_attack(game: Game, fid: str, ability: Ability) -> Ability:
    """A character performs a ranged attack: Backup Ammunition adds a target (single-target
    attacks without an area; one use slot per attack ability, even when only one enemy is in
    range), Nature's Lift offers its element for more range while the element is Strong."""
    if fid not in game.state.characters or ability.kind != "attack" or ability.range <= 0:
        return ability
    if ability.targets >= 1 and not ability.area:
        for i, a in reversed(_holders(game, fid, "next-ranged-attacks-add-target")):
            more = effects_parts.flag_number(a, "target-", 1)
            ability = msgspec.structs.replace(ability, targets=ability.targets + more)
            game.emit("bonus", fid, "target", more, f"by={game.state.characters[fid].active[i].card}")
            spend_use(game, fid, i)
    if not ability.consume:
        for _, a in _holders(game, fid, "ranged-attacks-consume-for-range"):
            _, element, bought = split_consumption(a)
            if element is None or element == "wild":
                continue
            e = Element.parse(element)
            if game.state.elements[e] is Strength.STRONG:
                extra = flag_number(bought, "range-", 0)
                return msgspec.structs.replace(ability, consume=(e,), boost=(f"range+{extra}",))
    return ability


def _round_bonus(game: Game, cid: str, note: str) -> int:
    """The +N of the character's round bonus ``note`` (an earth consumption may have raised it:
    the last attack part counts)."""
    total = 0
    for _, a in _holders(game, cid, note):
        consumed = any(
            kind == "round-bonus-paid" and args[:2] == (cid, note)
            for kind, args in effects_parts.round_events(game)
        )
        base, _, bought = split_consumption(a)
        chosen = bought if consumed and bought else base
        total += sum(p.value for p in chosen if p.kind == "attack")
    return total


def strike_extra(
    game: Game, f: Figure, target: Figure, ability: Ability, out: effects_parts.StrikeBonus
) -> None:
    """What the Cragheart's cards add to one attack of ``f`` on ``target``: ranged or melee
    round bonuses, Nature's Lift's use slot when its element was consumed for this action; and
    the target's hex noted for wordings about the figures next to it (Massive Boulder)."""
    if f.kind != "character":
        return
    note = "ranged-bonus-this-round" if ability.range > 0 else "melee-bonus-this-round"
    n = _round_bonus(game, f.id, note)
    if n:
        out.attack += n
        out.why.append(f"{note.split('-', 1)[0]}-bonus+{n}")
    _lift_slot(game, f)
    if ability.range == 0:
        _pummel(game, f, out)
    if any(
        a.kind == "custom" and a.note == "suffer-adjacent" and "around-target" in effects_parts.flags(a)
        for a in playing_abilities(game, f.id)
    ):
        game.emit("struck", f.id, target.id, actions.hex_token(target.hex))


def _lift_slot(game: Game, f: Figure) -> None:
    holders = _holders(game, f.id, "ranged-attacks-consume-for-range")
    if not holders:
        return
    since = effects_parts.events_since(game, "action", f.id)
    if any(kind == "lift-used" and args[:1] == (f.id,) for kind, args in since):
        return
    for i, a in reversed(holders):
        element = split_consumption(a)[1]
        if any(kind == "consumed" and args[:2] == (f.id, element) for kind, args in since):
            game.emit("lift-used", f.id)
            spend_use(game, f.id, i)
            return


task_handler("cg_consume", _run_consume, _apply_consume)


task_handler("cg_area", _run_area, _apply_area)


task_handler("cg_in_area", _run_in_area)


# ------------------------------------------------------- turn starts, pushes


def turn_start(game: Game, cid: str) -> list[Task]:
    """Lumbering Bash: at the start of each of your turns (one use slot each) perform the parts
    (a "Heal N, Range R"), then the turn as usual (a turn the Betrayer plays too: still yours)."""
    return [Task("cg_turn_start", cid)] if _holders(game, cid, "at-turn-start") else []


def _run_turn_start(game: Game, task: Task) -> Decision | None:
    game.pop_task()
    for i, a in reversed(_holders(game, task.who, "at-turn-start")):
        spend_use(game, task.who, i)
        for p in effects_parts.parts(a, "heal"):
            game.push(Task("heal_ally", task.who, p.value, str(max(p.range, 0))))
    return None


@effect("at-turn-start")
def _at_turn_start(game: Game, fid: str, ability: Ability) -> None:
    game.emit("bonus", fid, ability.note)


@effect("push-blocked-damage", "next-melee-attacks-destroy-obstacle")
def _passive_more(game: Game, fid: str, ability: Ability) -> None:
    game.emit("bonus", fid, ability.note)


def _pummel(game: Game, f: Figure, out: effects_parts.StrikeBonus) -> None:
    """Stone Pummel: each melee attack (one use slot) destroys an adjacent obstacle, if there
    is one, for +N attack (the lowest hex when several: our reading)."""
    board = game.board()
    holders = _holders(game, f.id, "next-melee-attacks-destroy-obstacle")
    if not holders or board is None:
        return
    found = sorted(
        h for h in neighbours(f.hex) if board.adjacent(f.hex, h) and board.terrain_at(h) is Terrain.OBSTACLE
    )
    if not found:
        return
    i, a = holders[-1]
    destroy_obstacle(game, f.id, found[0])
    n = sum(p.value for p in effects_parts.parts(a, "attack"))
    out.attack += n
    out.why.append(f"obstacle+{n}")
    spend_use(game, f.id, i)


# ------------------------------------------------------------------ moves


def _walk_along(game: Game, f: Figure, trail: list[Hex]) -> None:
    """Step ``f`` along ``trail`` (its start excluded), each hex entered by walking."""
    for h in trail:
        if f.id not in game.state.figures:
            return
        f.hex = h
        game.emit("moved", f.id, actions.hex_token(h))
        actions.enter_hex(game, f, h)


def _movable(game: Game, f: Figure) -> bool:
    if Condition.IMMOBILIZE in f.conditions or Condition.STUN in f.conditions:
        game.emit("prevented", f.id, "move", "immobilize")
        return False
    return True


@effect("move-straight")
def _move_straight(game: Game, fid: str, ability: Ability) -> None:
    """Rock Slide: a move in a straight line (walking: around nothing, through allies but not
    ending on them; difficult terrain costs 2)."""
    f = game.state.figures.get(fid)
    board = game.board()
    if f is None or board is None or not _movable(game, f):
        return
    budget = sum(p.value for p in effects_parts.parts(ability, "move"))
    from delvekit.gloomhaven.effects import active_area as effects_active_area

    budget = max(0, budget + effects_active_area.move_bonus(game, fid))
    hostile = {g.hex for g in game.state.figures.values() if actions.hostile(f, g)}
    taken = {g.hex for g in game.state.figures.values()}
    options: list[str] = []
    for dq, dr in ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)):
        here, spent, line = f.hex, 0, []
        while True:
            nxt = (here[0] + dq, here[1] + dr)
            terrain = board.terrain_at(nxt) if nxt in board.hexes else Terrain.WALL
            cost = 2 if terrain is Terrain.DIFFICULT else 1
            if (
                nxt not in board.hexes
                or not board.adjacent(here, nxt)
                or terrain in (Terrain.WALL, Terrain.OBSTACLE)
                or nxt in hostile
                or spent + cost > budget
            ):
                break
            spent += cost
            line.append(actions.hex_token(nxt))
            if nxt not in taken:
                options.append("/".join(line))
            here = nxt
    if not options:
        game.emit("no-target", fid)
        return
    game.push(Task("cg_walk", fid, 0, ";".join(options)))


@effect("move-end-by-obstacle")
def _move_end_by_obstacle(game: Game, fid: str, ability: Ability) -> None:
    """Rocky End: a move that must end next to an obstacle (no such end: no move)."""
    from delvekit.core.paths import Mover, movement
    from delvekit.gloomhaven.effects import active_area as effects_active_area

    f = game.state.figures.get(fid)
    board = game.board()
    if f is None or board is None or not _movable(game, f):
        return
    budget = max(
        0,
        sum(p.value for p in effects_parts.parts(ability, "move"))
        + effects_active_area.move_bonus(game, fid),
    )
    others = [g for g in game.state.figures.values() if g is not f]
    mover = Mover(
        enemies=frozenset(g.hex for g in others if actions.hostile(f, g)),
        allies=frozenset(g.hex for g in others if not actions.hostile(f, g)),
    )
    reach = movement(board, f.hex, mover)
    options = [
        "/".join(actions.hex_token(h) for h in reach.trail(end)[1:])
        for end in sorted(reach.ends(budget))
        if end != f.hex
        and any(board.adjacent(end, n) and board.terrain_at(n) is Terrain.OBSTACLE for n in neighbours(end))
    ]
    if not options:
        game.emit("no-target", fid)
        return
    game.push(Task("cg_walk", fid, 0, ";".join(options)))


def _run_walk(game: Game, task: Task) -> Decision | None:
    trails = task.text.split(";")
    choices = [Choice("move-to", (t.rsplit("/", 1)[-1], *t.split("/")[:-1])) for t in trails]
    return Decision(task.who, "move", [*choices, Choice("stop")])


def _apply_walk(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    f = game.state.figures.get(task.who)
    if choice.kind == "stop" or f is None:
        return
    game.mark_used(task.who)
    _walk_along(game, f, [actions.parse_hex(h) for h in (*choice.args[1:], choice.args[0])])


task_handler("cg_turn_start", _run_turn_start)
task_handler("cg_walk", _run_walk, _apply_walk)
