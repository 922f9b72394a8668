"""The Cragheart's obstacles: made, destroyed, moved and smashed into.

Obstacles created during play are :attr:`GameState.created_obstacles` (:meth:`Game.board` draws
them); a printed obstacle destroyed joins ``GameState.sprung`` (its terrain is gone, as a sprung
trap's). The engine asks :func:`smash_steps` and :func:`pushed_into` (each push step) and
:func:`push_blocked` (a push that cannot go on), through
:mod:`~delvekit.gloomhaven.effects.classes.cragheart`.

==============================  ===============================================================
``create-obstacle``             one (``target-N``: N) single-hex obstacles in empty hexes,
                                adjacent or within ``range-R`` (in sight); ``damage-adjacent-N``:
                                afterwards every ally and enemy next to a created obstacle
                                suffers N once — Avalanche, Rock Slide
``destroy-obstacle``            one adjacent obstacle (``any-size``: the whole group of
                                obstacle hexes it belongs to) — Rock Tunnel, Explosive Punch
``attack-around-obstacle``      attack every enemy next to the obstacle hexes destroyed, moved
                                or created in this action — Explosive Punch, Clear the Way,
                                Meteor (``triangle``: a three-hex obstacle)
``move-obstacle``               an adjacent single-hex obstacle to an empty hex within range
``clear-path``                  destroy the obstacles and disarm the traps moved through
``destroy-in-range``            destroy every obstacle within range; ``attack-x-destroyed``:
                                Attack X, twice the hexes destroyed — Rocky End
``obstacle-where-killed``       an obstacle where the enemy killed this action died — Petrify
==============================  ===============================================================

While their half is played: ``push-smash`` (Heaving Swing: a push of yours may enter an obstacle
hex, destroying it; the target suffers the damage and you gain the XP) and
``push-blocked-damage`` (Brutal Momentum: damage and XP per hex a push of yours is stopped by a
wall or an obstacle).
"""

from __future__ import annotations

from delvekit.core.board import Terrain
from delvekit.core.hexes import Hex, neighbours
from delvekit.core.los import sight_for
from delvekit.core.paths import proximity
from delvekit.core.records import Choice, Decision
from delvekit.gloomhaven.effects import parts as effects_parts
from delvekit.gloomhaven.effects.consume import gain_parts_xp, part_flags
from delvekit.gloomhaven.engine import actions
from delvekit.gloomhaven.engine.game import Game, half_of, task_handler
from delvekit.gloomhaven.engine.payloads import ForceStep
from delvekit.gloomhaven.engine.registry import effect
from delvekit.gloomhaven.engine.state import Figure, Task
from delvekit.gloomhaven.model.abilities import Ability
from delvekit.gloomhaven.model.conditions import Condition

# ------------------------------------------------------------------ helpers


def flag_number(items: list[Ability], prefix: str, default: int = 0) -> int:
    """The number ending the last flag starting with ``prefix`` (a consumption's flag comes
    after the base one, so "2 damage instead" wins)."""
    found = default
    for note in part_flags(items):
        tail = note.removeprefix(prefix)
        if note.startswith(prefix) and tail.isdigit():
            found = int(tail)
    return found


def playing_abilities(game: Game, cid: str) -> list[Ability]:
    """The abilities of the half ``cid`` is performing now (none outside its card actions)."""
    ch = game.state.characters.get(cid)
    if ch is None or ch.playing is None or ch.used_half not in ("top", "bottom"):
        return []
    return list(half_of(game, cid, ch.playing, ch.used_half).abilities)


def others_of(game: Game, f: Figure) -> list[Figure]:
    """Every ally and enemy of ``f`` (not ``f``, not objectives)."""
    return [g for g in game.state.figures.values() if g is not f and g.kind != "objective"]


def _empty(game: Game, h: Hex) -> bool:
    """An empty hex: on the map, no figure, overlay, door or money token."""
    board = game.board()
    st = game.state
    return (
        board is not None
        and h in board.hexes
        and board.terrain_at(h) is None
        and h not in board.doors
        and h not in st.coins
        and all(g.hex != h for g in st.figures.values())
    )


def destroy_obstacle(game: Game, fid: str, h: Hex) -> None:
    """Remove the obstacle on ``h`` (a created one, or a map's: marked sprung) and say so."""
    st = game.state
    if h in st.created_obstacles:
        st.created_obstacles = st.created_obstacles - {h}
    else:
        st.sprung = st.sprung | {h}
    game.emit("obstacle-destroyed", fid, actions.hex_token(h))


def _obstacle_group(game: Game, h: Hex) -> list[Hex]:
    """The obstacle hexes connected to ``h`` (one obstacle of any size: the maps hold no
    grouping of obstacle hexes, so touching obstacle hexes count as one)."""
    board = game.board()
    if board is None:
        return [h]
    seen = {h}
    todo = [h]
    while todo:
        here = todo.pop()
        for n in neighbours(here):
            if n not in seen and board.terrain_at(n) is Terrain.OBSTACLE and board.adjacent(here, n):
                seen.add(n)
                todo.append(n)
    return sorted(seen)


# ------------------------------------------------------------------ obstacles


def create_obstacles(game: Game, fid: str, items: list[Ability]) -> None:
    """Create-obstacle wordings: ask where to put the flag's number of obstacles."""
    f = game.state.figures.get(fid)
    if f is None:
        return
    count = flag_number(items, "target-", 1)
    text = str(Ability(kind="custom", note="create-obstacle", then=tuple(items)))
    game.push(Task("cg_obstacle", fid, count, f"-|{text}"))


def _obstacle_spots(game: Game, f: Figure, items: list[Ability]) -> list[Hex]:
    board = game.board()
    if board is None:
        return []
    reach = flag_number(items, "range-", 1)
    if reach <= 1:
        return sorted(h for h in neighbours(f.hex) if board.adjacent(f.hex, h) and _empty(game, h))
    near = proximity(board, f.hex, reach)
    sight = sight_for(board, game.tables.ruleset.los)
    return sorted(
        h for h, d in near.items() if 0 < d <= reach and _empty(game, h) and sight.visible(f.hex, h)
    )


def _triangles(game: Game, f: Figure, items: list[Ability]) -> list[tuple[Hex, ...]]:
    """Meteor: three mutually adjacent empty hexes, all within range (in sight)."""
    spots = set(_obstacle_spots(game, f, items))
    board = game.board()
    out: set[tuple[Hex, ...]] = set()
    for q, r in spots:
        for other in (((q + 1, r), (q, r + 1)), ((q + 1, r), (q + 1, r - 1))):
            cells = ((q, r), *other)
            inside = board is not None and all(c in spots for c in cells)
            if (
                inside
                and board is not None
                and all(board.adjacent(a, b) for a in cells for b in cells if a != b)
            ):
                out.add(tuple(sorted(cells)))
    return sorted(out)


def _run_obstacle(game: Game, task: Task) -> Decision | None:
    f = game.state.figures.get(task.who)
    placed, text = task.text.split("|", 1)
    items = list(Ability.parse(text).then)
    if "triangle" in part_flags(items) and placed == "-":
        found = _triangles(game, f, items) if f is not None else []
        if not found:
            game.pop_task()
            game.emit("no-hex", task.who, "obstacle")
            return None
        shapes = [Choice("place", tuple(actions.hex_token(h) for h in t)) for t in found]
        return Decision(task.who, "obstacle", [*shapes, Choice("skip")])
    spots = _obstacle_spots(game, f, items) if f is not None and task.n > 0 else []
    if not spots:
        game.pop_task()
        if placed == "-":
            game.emit("no-hex", task.who, "obstacle")
        else:
            _after_created(game, task.who, items, [actions.parse_hex(h) for h in placed.split(";")])
        return None
    choices = [Choice("place", (actions.hex_token(h),)) for h in spots]
    return Decision(task.who, "obstacle", [*choices, Choice("skip" if placed == "-" else "done")])


def _apply_obstacle(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    placed, text = task.text.split("|", 1)
    items = list(Ability.parse(text).then)
    done = [h for h in placed.split(";") if h != "-"]
    if choice.kind in ("skip", "done"):
        if choice.kind == "skip":
            game.emit("declined", task.who, "obstacle")
        _after_created(game, task.who, items, [actions.parse_hex(h) for h in done])
        return
    st = game.state
    game.mark_used(task.who)
    for token in choice.args:  # one hex, or Meteor's three
        st.created_obstacles = st.created_obstacles | {actions.parse_hex(token)}
        game.emit("obstacle-created", task.who, token)
        done.append(token)
    if task.n > 1 and len(choice.args) == 1:
        game.push(Task("cg_obstacle", task.who, task.n - 1, f"{';'.join(done)}|{text}"))
    else:
        _after_created(game, task.who, items, [actions.parse_hex(x) for x in done])


def _after_created(game: Game, fid: str, items: list[Ability], hexes: list[Hex]) -> None:
    """Rock Slide: every ally and enemy next to a created obstacle suffers the damage, once."""
    amount = flag_number(items, "damage-adjacent-")
    f = game.state.figures.get(fid)
    board = game.board()
    if not amount or not hexes or f is None or board is None:
        return
    hit = sorted({g.id for g in others_of(game, f) for h in hexes if board.adjacent(h, g.hex)})
    for gid in reversed(hit):
        game.suffer_damage(gid, amount, "suffer")


@effect("destroy-obstacle")
def _destroy_obstacle(game: Game, fid: str, ability: Ability) -> None:
    """Rock Tunnel: destroy one adjacent obstacle (the player picks; ``any-size``: with every
    obstacle hex touching it)."""
    f = game.state.figures.get(fid)
    board = game.board()
    if f is None or board is None:
        return
    found = sorted(
        h for h in neighbours(f.hex) if board.adjacent(f.hex, h) and board.terrain_at(h) is Terrain.OBSTACLE
    )
    if not found:
        game.emit("no-target", fid)
        return
    game.push(Task("cg_destroy", fid, 0, f"{';'.join(actions.hex_token(h) for h in found)}|{ability}"))


def _run_destroy(game: Game, task: Task) -> Decision | None:
    spots = task.text.split("|", 1)[0].split(";")
    return Decision(task.who, "destroy", [*(Choice("destroy", (s,)) for s in spots), Choice("skip")])


def _apply_destroy(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    if choice.kind == "skip":
        game.emit("declined", task.who, "destroy")
        return
    ability = Ability.parse(task.text.split("|", 1)[1])
    h = actions.parse_hex(choice.args[0])
    group = _obstacle_group(game, h) if "any-size" in effects_parts.flags(ability) else [h]
    game.mark_used(task.who)
    for x in group:
        destroy_obstacle(game, task.who, x)


# ------------------------------------------------------- pushing into obstacles


def _smash(game: Game, attacker: Figure) -> Ability | None:
    if attacker.kind != "character":
        return None
    return next(
        (a for a in playing_abilities(game, attacker.id) if a.kind == "custom" and a.note == "push-smash"),
        None,
    )


def smash_steps(game: Game, target: Figure, attacker: Figure, kind: str, remaining: int) -> list[Hex]:
    """Heaving Swing: the obstacle hexes a push of ``attacker`` may enter (farther from it,
    no figure there); none without the card half being played."""
    board = game.board()
    if kind != "push" or remaining <= 0 or board is None or target.kind == "objective":
        return []
    if _smash(game, attacker) is None:
        return []
    distance = proximity(board, attacker.hex)
    here = distance.get(target.hex)
    taken = {g.hex for g in game.state.figures.values()}
    return sorted(
        n
        for n in neighbours(target.hex)
        if here is not None
        and board.adjacent(target.hex, n)
        and board.terrain_at(n) is Terrain.OBSTACLE
        and n not in taken
        and distance.get(n, -1) > here
    )


def pushed_into(game: Game, attacker_id: str, target: Figure, h: Hex) -> None:
    """A push step into ``h``: an obstacle there is destroyed, the target suffers the card's
    damage (after entering) and the attacker gains its XP."""
    board = game.board()
    attacker = game.state.figures.get(attacker_id)
    if board is None or attacker is None or board.terrain_at(h) is not Terrain.OBSTACLE:
        return
    smash = _smash(game, attacker)
    if smash is None:
        return
    destroy_obstacle(game, attacker_id, h)
    game.emit("smashed", target.id, actions.hex_token(h), f"by={attacker_id}")
    gain_parts_xp(game, attacker_id, list(smash.then))
    game.suffer_damage(target.id, effects_parts.flag_number(smash, "suffer-damage-", 2), "suffer")


task_handler("cg_obstacle", _run_obstacle, _apply_obstacle)


task_handler("cg_destroy", _run_destroy, _apply_destroy)


# ----------------------------------------------------- obstacles, higher levels


def _obstacle_hexes(game: Game, fid: str, what: str) -> list[Hex]:
    """The obstacle hexes destroyed, moved (their new hexes) or created by ``fid`` this action."""
    kind = {"destroyed": "obstacle-destroyed", "moved": "obstacle-moved", "created": "obstacle-created"}[what]
    since = effects_parts.events_since(game, "action", fid)
    return [actions.parse_hex(args[-1]) for k, args in since if k == kind and args[0] == fid]


def attack_around_obstacle(game: Game, fid: str, items: list[Ability]) -> None:
    """Explosive Punch, Clear the Way, Meteor: attack every enemy next to the obstacle hexes
    destroyed, moved or created in this action (no range needed: they are named by the card)."""
    f = game.state.figures.get(fid)
    board = game.board()
    attacks = [p for p in items if p.kind == "attack"]
    if f is None or board is None or not attacks:
        return
    what = next((w for w in ("destroyed", "moved", "created") if w in part_flags(items)), "destroyed")
    hexes = _obstacle_hexes(game, fid, what)
    ids = sorted(
        {
            g.id
            for g in game.state.figures.values()
            for h in hexes
            if actions.hostile(f, g) and Condition.INVISIBLE not in g.conditions and board.adjacent(h, g.hex)
        }
    )
    if not ids:
        game.emit("no-target", fid)
        return
    if Condition.DISARM in f.conditions:
        game.emit("prevented", fid, "attack", "disarm")
        return
    adds = tuple(p.condition for p in items if p.kind == "condition" and p.condition is not None)
    attack = Ability(kind="attack", value=sum(p.value for p in attacks), adds=adds)
    game.push(Task("fx_all", fid, 0, f"strike|{';'.join(ids)}|{attack}"))


def destroy_in_range(game: Game, fid: str, items: list[Ability]) -> None:
    """Rocky End: destroy every obstacle within range (in sight)."""
    f = game.state.figures.get(fid)
    board = game.board()
    if f is None or board is None:
        return
    reach = flag_number(items, "range-", 1)
    near = proximity(board, f.hex, reach)
    sight = sight_for(board, game.tables.ruleset.los)
    found = sorted(
        h
        for h, d in near.items()
        if d <= reach and board.terrain_at(h) is Terrain.OBSTACLE and sight.visible(f.hex, h)
    )
    if not found:
        game.emit("no-target", fid)
    for h in found:
        destroy_obstacle(game, fid, h)


@effect("attack-x-destroyed")
def _attack_x_destroyed(game: Game, fid: str, ability: Ability) -> None:
    """Rocky End: Attack X, X twice the obstacle hexes destroyed in this action."""
    x = 2 * len(_obstacle_hexes(game, fid, "destroyed"))
    game.emit("x", fid, x)
    if x:
        effects_parts.perform_attack(game, fid, Ability(kind="attack", value=x))


@effect("move-obstacle")
def _move_obstacle(game: Game, fid: str, ability: Ability) -> None:
    """Clear the Way: move one adjacent single-hex obstacle to an empty hex within range."""
    f = game.state.figures.get(fid)
    board = game.board()
    if f is None or board is None:
        return
    found = sorted(
        h
        for h in neighbours(f.hex)
        if board.adjacent(f.hex, h)
        and board.terrain_at(h) is Terrain.OBSTACLE
        and _obstacle_group(game, h) == [h]
    )
    reach = effects_parts.flag_number(ability, "range-", 1)
    spots = _obstacle_spots(game, f, [Ability(kind="custom", note=f"range-{reach}")])
    options = [f"{actions.hex_token(a)}>{actions.hex_token(b)}" for a in found for b in spots]
    if not options:
        game.emit("no-target", fid)
        return
    game.push(Task("cg_move_obstacle", fid, 0, ";".join(options)))


def _run_move_obstacle(game: Game, task: Task) -> Decision | None:
    pairs = [tuple(o.split(">")) for o in task.text.split(";")]
    return Decision(task.who, "obstacle", [*(Choice("move-obstacle", p) for p in pairs), Choice("skip")])


def _apply_move_obstacle(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    if choice.kind == "skip":
        game.emit("declined", task.who, "obstacle")
        return
    st = game.state
    source, dest = (actions.parse_hex(x) for x in choice.args)
    if source in st.created_obstacles:
        st.created_obstacles = st.created_obstacles - {source}
    else:
        st.sprung = st.sprung | {source}
    st.created_obstacles = st.created_obstacles | {dest}
    game.mark_used(task.who)
    game.emit("obstacle-moved", task.who, choice.args[0], choice.args[1])


@effect("clear-path")
def _clear_path(game: Game, fid: str, ability: Ability) -> None:
    """Clear the Way: destroy every obstacle and disarm every trap on the hexes moved through in
    this action."""
    board = game.board()
    if board is None:
        return
    st = game.state
    for h in dict.fromkeys(effects_parts.moved_hexes(effects_parts.events_since(game, "action", fid), fid)):
        terrain = board.terrain_at(h)
        if terrain is Terrain.OBSTACLE:
            destroy_obstacle(game, fid, h)
        elif terrain is Terrain.TRAP:
            if h in st.created_traps:
                st.created_traps = {k: v for k, v in st.created_traps.items() if k != h}
            else:
                st.sprung = st.sprung | {h}
            game.emit("trap-disarmed", fid, actions.hex_token(h))


@effect("obstacle-where-killed")
def _obstacle_where_killed(game: Game, fid: str, ability: Ability) -> None:
    """Petrify: an obstacle in the hex where the enemy killed in this action died (its money
    stays there, on the obstacle)."""
    since = effects_parts.events_since(game, "action", fid)
    for kind, args in since:
        if kind == "kill" and args[0] == fid:
            h = actions.parse_hex(args[2].removeprefix("hex="))
            if all(g.hex != h for g in game.state.figures.values()):
                st = game.state
                st.created_obstacles = st.created_obstacles | {h}
                game.emit("obstacle-created", fid, actions.hex_token(h))


def push_blocked(game: Game, task: Task, target: Figure, attacker: Figure) -> None:
    """Brutal Momentum: a push of ``attacker`` that cannot go on because of a wall or an
    obstacle: the target suffers the card's damage (and the attacker gains its XP) for each
    hex it was not pushed."""
    board = game.board()
    if board is None or attacker.kind != "character" or task.n <= 0 or ForceStep.of(task).kind != "push":
        return
    rule = next(
        (
            a
            for a in playing_abilities(game, attacker.id)
            if a.kind == "custom" and a.note == "push-blocked-damage"
        ),
        None,
    )
    if rule is None:
        return
    distance = proximity(board, attacker.hex)
    here = distance.get(target.hex, 0)
    walled = any(
        (
            n not in board.hexes
            or not board.adjacent(target.hex, n)
            or board.terrain_at(n) in (Terrain.WALL, Terrain.OBSTACLE)
        )
        for n in neighbours(target.hex)
        if distance.get(n, here + 1) > here or n not in distance
    )
    if not walled:
        return
    damage = effects_parts.flag_number(rule, "suffer-damage-", 2) * task.n
    game.emit("push-blocked", target.id, task.n, f"by={attacker.id}")
    for _ in range(task.n):
        gain_parts_xp(game, attacker.id, list(rule.then))
    game.suffer_damage(target.id, damage, "suffer")


task_handler("cg_move_obstacle", _run_move_obstacle, _apply_move_obstacle)
