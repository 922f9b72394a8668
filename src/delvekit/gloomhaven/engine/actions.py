"""Characters' Move and Attack on a real map (rules digest §5.1–§5.2, §5.5, §6.1–§6.7), when the
:class:`~delvekit.gloomhaven.model.setup.GameSetup` has a board.

**Move X** is walked hex by hex: each step is a decision (``step Q,R`` or ``stop``), so doors,
traps and rooms revealed on the way happen exactly when the hex is entered, and bots and RL get a
small action space. Walking: neighbours not across a thin wall, never into walls, obstacles or
enemies; difficult terrain costs 2; an ally's hex may be crossed only if an empty hex can still
be reached; entering a trap springs it (trap damage 2+L, then the trap is gone), entering
hazardous terrain deals its damage each time, entering a closed door opens it and reveals the
room mid-move. Jumping: each step costs 1 and ignores figures and terrain; only the landing hex
counts (its trap, hazard or door; landing on difficult terrain costs 1 more under the GH 1e
ruleset flag); a jump never continues past a closed door. Immobilized figures cannot move.

**Attack X [range R] [target N] [pierce P] [with CONDITION]** offers ``target ID`` for each
enemy it can reach (melee: adjacent, not across a thin wall; ranged: within R counted around
walls, with line of sight by the ruleset's rule; never an invisible enemy) or ``skip``, up to N
different targets, one after the other. Each target gets the damage pipeline of
:mod:`~delvekit.gloomhaven.model.damage`: +1 against a poisoned target, the attacker's modifier draw
(disadvantage for a ranged attack on an adjacent target; strengthen/muddle), shield and pierce;
then the ability's conditions and the modifier cards' added effects (conditions on the target,
or on the attacker when positive; elements; heal and shield self), then each push and pull
(§7: step by step, ``push-to Q,R`` / ``pull-to Q,R``, chosen by the attacking character or by the
party for a monster; a character may ``decline`` it before the first step; it must go on while
a legal hex exists; traps and hazards on the way count), then the target's retaliate if the
attacker is (still) adjacent. ``target all`` attacks every enemy in reach (one choice: ``all
IDS``); an area attack offers one ``area IDS`` choice per distinct set of enemies some placement
hits (every rotation and mirror image; melee areas around the attacker, ranged ones with a red
hex in range; enemies out of sight are not attacked). An attack with an element consumption asks
first (``consume ELEMENT`` / ``no-consume``) when the element is Strong or Waning. Monsters'
moves and attacks are in :mod:`~delvekit.gloomhaven.engine.monster_turn`.

**Loot X** takes every money token within X hexes (around walls) in line of sight (§14).
"""

from __future__ import annotations

import heapq

import msgspec

import delvekit.gloomhaven.items.play as items_play
from delvekit.core.board import Board, Terrain
from delvekit.core.hexes import Hex, neighbours, orientations
from delvekit.core.los import sight_for
from delvekit.core.paths import proximity
from delvekit.core.records import Choice, Decision
from delvekit.gloomhaven.content import monster_traits  # stat-line advantage, attackers' disadvantage
from delvekit.gloomhaven.engine.flying import flies
from delvekit.gloomhaven.engine.game import Game, task_handler
from delvekit.gloomhaven.engine.registry import ATTACK_HOOKS, MOVE_HOOKS, attack_starts, move_starts
from delvekit.gloomhaven.engine.state import Figure, Task
from delvekit.gloomhaven.model.abilities import Ability
from delvekit.gloomhaven.model.conditions import Condition
from delvekit.gloomhaven.model.damage import resolve_attack, retaliate_damage
from delvekit.gloomhaven.model.elements import Element
from delvekit.gloomhaven.model.level import level_info

_BLOCKS_WALK = (Terrain.WALL, Terrain.OBSTACLE)


def hex_token(h: Hex) -> str:
    return f"{h[0]},{h[1]}"


def parse_hex(text: str) -> Hex:
    q, r = text.split(",")
    return int(q), int(r)


def _hostile(a: Figure, b: Figure) -> bool:
    return a.side != b.side  # allied monsters, escorts and objectives have their own side


def decider(game: Game, f: Figure) -> str:
    """Who makes ``f``'s choices when it moves or attacks through these tasks: a character
    itself, a summon its owner, a monster the character whose turn it is (a controlled enemy,
    the controlling player chooses everything) or else the party."""
    if f.kind == "character":
        return f.id
    if f.kind == "summon" and f.owner is not None:
        return f.owner
    from delvekit.gloomhaven.effects.classes import brute_mindthief as fx

    controller = fx.turned(game, f.id)
    if controller is not None and controller[1]:
        return controller[0]
    st = game.state
    turn = st.order[st.turn_index - 1] if 0 < st.turn_index <= len(st.order) else None
    return turn.id if turn is not None and turn.kind == "character" else "party"


# ------------------------------------------------------------------------ move


def _walk_cost(board: Board, h: Hex) -> int:
    return 2 if board.terrain_at(h) is Terrain.DIFFICULT else 1


def _walkable(board: Board, mover: Figure, a: Hex, b: Hex, occupied: dict[Hex, Figure]) -> bool:
    if not board.adjacent(a, b) or board.terrain_at(b) in _BLOCKS_WALK:
        return False
    other = occupied.get(b)
    return other is None or not _hostile(mover, other)


def _can_end_within(
    game: Game, board: Board, mover: Figure, start: Hex, budget: int, mode: str, occupied: dict[Hex, Figure]
) -> bool:
    """From ``start`` (a hex the mover may pass but not end on), can the move still reach a hex
    it may end on within ``budget``? Without this a mover could be stranded on a figure."""
    best = {start: 0}
    queue = [(0, start)]
    while queue:
        spent, h = heapq.heappop(queue)
        if spent > best.get(h, budget + 1):
            continue
        if h not in occupied:
            if mode in ("walk", "fly"):
                return True  # a flying figure may end on an obstacle (§5.3)
            if (
                board.terrain_at(h) is not Terrain.OBSTACLE
                and spent + _landing_cost(game, board, h) <= budget
            ):
                return True
        if mode == "jump" and h in board.doors:
            continue  # a jump never continues past a closed door
        if h in board.doors and (mover.kind != "character" or h in _locked(game)):
            continue
        for n in neighbours(h):
            if mode == "walk":
                if not _walkable(board, mover, h, n, occupied):
                    continue
                cost = spent + _walk_cost(board, n)
            else:
                if not board.adjacent(h, n) or board.terrain_at(n) is Terrain.WALL:
                    continue
                cost = spent + 1
            if cost <= budget and cost < best.get(n, budget + 1):
                best[n] = cost
                heapq.heappush(queue, (cost, n))
    return False


def _steps(game: Game, f: Figure, remaining: int, mode: str, board: Board) -> list[tuple[Hex, int]]:
    occupied = {g.hex: g for g in game.state.figures.values() if g is not f}
    out: list[tuple[Hex, int]] = []
    if mode == "fly":  # §5.3: over figures and overlays, 1 a hex; a character opens a door it enters
        for n in neighbours(f.hex):
            if (
                remaining >= 1
                and board.adjacent(f.hex, n)
                and board.terrain_at(n) is not Terrain.WALL
                and not (n in board.doors and (f.kind != "character" or n in _locked(game)))
                and (n not in occupied or _can_end_within(game, board, f, n, remaining - 1, "fly", occupied))
            ):
                out.append((n, 1))
        return out
    if mode == "jump":
        if f.hex in board.doors:
            return out  # a jump never continues past a closed door
        for n in neighbours(f.hex):
            if (
                remaining >= 1
                and board.adjacent(f.hex, n)
                and board.terrain_at(n) is not Terrain.WALL
                and not (n in board.doors and n in _locked(game))
                and _can_end_within(game, board, f, n, remaining - 1, "jump", occupied)
            ):
                out.append((n, 1))
        return out
    for n in neighbours(f.hex):
        if not _walkable(board, f, f.hex, n, occupied):
            continue
        if n in board.doors and (f.kind != "character" or n in _locked(game)):
            continue  # closed doors are walls to monsters and summons (§5.5); locked ones to all
        cost = 1 if items_play.ignores_difficult(game, f) else _walk_cost(board, n)  # Drakescale Boots
        if cost > remaining:
            continue
        if n in occupied and not _can_end_within(game, board, f, n, remaining - cost, "walk", occupied):
            continue
        out.append((n, cost))
    return out


def move_mode(game: Game, f: Figure, mode: str) -> str:
    """The mode ``f`` moves in: ``fly`` whenever it flies (its stat line, an item, a card:
    §5.3; a summon's stat-line trait holds for every move it makes), else the ability's."""
    return "fly" if mode != "fly" and flies(game, f) else mode


def _locked(game: Game) -> tuple[Hex, ...]:
    """Doors no character opens (a scenario rule: scenario 2's doors a-d)."""
    if not game.setup.rules:
        return ()
    from delvekit.gloomhaven.scenario.rules import locked_doors

    return locked_doors(game.setup.rules)


def _landing_cost(game: Game, board: Board, h: Hex) -> int:
    pays = game.tables.ruleset.jump_pays_difficult_on_landing
    return 1 if pays and board.terrain_at(h) is Terrain.DIFFICULT else 0


def _can_stop(game: Game, f: Figure, remaining: int, mode: str, moved: bool, board: Board) -> bool:
    if any(g.hex == f.hex for g in game.state.figures.values() if g is not f):
        return False
    if mode == "jump" and moved:
        if board.terrain_at(f.hex) is Terrain.OBSTACLE and not items_play.may_end_on_obstacle(game, f.id):
            return False
        return remaining >= _landing_cost(game, board, f.hex)
    return True


def _run_move(game: Game, task: Task) -> Decision | None:
    st = game.state
    f = st.figures.get(task.who)
    board = game.board()
    if f is None or board is None:
        game.pop_task()
        return None
    _, mode, moved = task.text.split("/")
    if moved == "s" and task.n > 0 and MOVE_HOOKS and move_starts(game, f, task):  # Earthen Steed
        return None
    mode = move_mode(game, f, mode)
    choices = [Choice("step", (hex_token(h),)) for h, _ in _steps(game, f, task.n, mode, board)]
    if _can_stop(game, f, task.n, mode, moved == "m", board):
        choices.append(Choice("stop"))
    from delvekit.gloomhaven.effects.classes import brute_mindthief as fx

    if moved == "s" and task.n > 0 and fx.moves_as_attacks(game, f):  # Immovable Phalanx
        choices.append(Choice("as-attack", (str(task.n),)))
    if not choices:  # cannot happen for a walk (crossing an ally needs a way out); be safe
        game.pop_task()
        return None
    choices += items_play.move_choices(game, f, task)  # Boots of Striding, Winged Shoes...
    return Decision(decider(game, f), "move", choices)


def _apply_move(game: Game, task: Task, choice: Choice) -> None:
    if choice.kind == "item":
        items_play.use_in_move(game, task, choice)
        return
    game.pop_task()
    st = game.state
    f = st.figures[task.who]
    board = game.board()
    assert board is not None
    rng, mode, moved = task.text.split("/")
    mode = move_mode(game, f, mode)
    if choice.kind == "step":
        game.mark_used(f.id)  # moved at least one hex (§3.4); as-attack counts if it hits
    if choice.kind == "as-attack":
        game.emit("move-as-attack", f.id, task.n)
        game.push(Task("attack", f.id, task.n, f"attack {task.n}|"))
        return
    if choice.kind == "stop":
        game.emit("move-ended", f.id, hex_token(f.hex))
        if mode == "jump" and moved == "m":
            _enter(game, f, f.hex)
        if moved == "m" and f.id in st.figures:
            from delvekit.gloomhaven.effects.classes import plagueherald as effects_plagueherald  # Epidemic

            effects_plagueherald.move_ended(game, f)
        return
    target = parse_hex(choice.args[0])
    cost = dict(_steps(game, f, task.n, mode, board))[target]
    game.push(Task("move", f.id, task.n - cost, f"{rng}/{mode}/m"))
    f.hex = target
    game.emit("moved", f.id, hex_token(target))
    if mode in ("walk", "fly"):  # flying: only a door opens (§5.3; _enter knows it flies)
        _enter(game, f, target)


def _enter(game: Game, f: Figure, h: Hex) -> None:
    """Effects of entering ``h`` by movement: a closed door opens (the room is revealed at once),
    a trap springs and is removed, hazardous terrain hurts (§5.1, §5.5)."""
    st, static = game.state, game.tables
    rooms = static.door_room.get(h)
    if rooms is not None and h not in st.opened:
        st.opened = st.opened | {h}
        game.emit("door-opened", hex_token(h))
        for room in rooms:
            if room not in st.revealed_rooms:
                game.reveal_room(room)
    board = game.board()
    assert board is not None
    terrain = board.terrain_at(h)
    info = level_info(game.setup.level)
    if terrain in (Terrain.TRAP, Terrain.HAZARDOUS) and f.kind != "character" and flies(game, f):
        return  # §5.3: a flying monster or summon springs nothing, even pushed (FAQ p.60)
    felt = items_play.terrain(game, f, terrain) if terrain is not None else "normal"
    if felt != "normal":  # flying, Drakescale Boots, Magma Waders
        if felt.startswith("heal"):
            game.heal(f.id, int(felt.split()[1]))
        return
    if terrain is Terrain.TRAP:
        st.sprung = st.sprung | {h}
        game.emit("trap-sprung", f.id, hex_token(h))
        from delvekit.gloomhaven.effects import (
            wordings as effects_classes,  # a created trap's conditions and XP
        )

        effects_classes.trap_sprung(game, f, h)
        game.suffer_damage(f.id, st.created_traps.pop(h, info.trap_damage), "trap")
    elif terrain is Terrain.HAZARDOUS:
        game.suffer_damage(f.id, info.hazardous_damage, "hazardous")


# ------------------------------------------------------------------ push and pull


def after_attack(game: Game, attacker: Figure, target: Figure, forced: list[tuple[str, int]]) -> None:
    """Queue the attack's push/pull effects (each separately, §7) and then the target's
    retaliate, which looks at the distance after them (§6.7: pushed out of reach, no retaliate;
    pulled into reach, it triggers)."""
    game.push(
        *(Task("force", target.id, n, f"{attacker.id}/{kind}/s") for kind, n in forced if n > 0),
        Task("retaliate_check", target.id, 0, attacker.id),
    )


def _force_steps(game: Game, target: Figure, attacker: Figure, kind: str, remaining: int) -> list[Hex]:
    """Next hexes of a push (farther from the attacker, around walls) or pull (closer): not
    walls, obstacles or closed doors, not the target's enemies; an ally's hex only if the
    movement can go on from it to a free hex (§7)."""
    board = game.board()
    if board is None or remaining <= 0 or target.kind == "objective":  # objectives are not moved
        return []
    distance = proximity(board, attacker.hex)
    occupied = {g.hex: g for g in game.state.figures.values() if g is not target}

    def steps(h: Hex, left: int) -> list[Hex]:
        here = distance.get(h)
        out: list[Hex] = []
        for n in neighbours(h):
            d = distance.get(n)
            if here is None or d is None or not board.adjacent(h, n) or n in board.doors:
                continue
            if board.terrain_at(n) in _BLOCKS_WALK or (d <= here if kind == "push" else d >= here):
                continue
            other = occupied.get(n)
            if other is not None and (
                _hostile(target, other) or not any(m not in occupied for m in steps(n, left - 1))
            ):
                continue
            out.append(n)
        return out if left > 0 else []

    from delvekit.gloomhaven.effects.classes import (
        cragheart as effects_cragheart,  # Heaving Swing: into obstacles
    )

    smash = effects_cragheart.smash_steps(game, target, attacker, kind, remaining)
    return steps(target.hex, remaining) + smash


def _run_force(game: Game, task: Task) -> Decision | None:
    st = game.state
    attacker_id, kind, started = task.text.split("/")
    target, attacker = st.figures.get(task.who), st.figures.get(attacker_id)
    immune = target is not None and attacker is not None and started == "s"
    if target is None or attacker is None or (immune and items_play.immune_forced(game, target, attacker)):
        game.pop_task()
        return None
    mtype = game.tables.types.get(target.name) if target.kind == "monster" else None
    if mtype is not None and kind in mtype.stats(target.rank or "normal").immune_cards:
        game.pop_task()  # a boss immune to push or pull (Elder Drake, Sightless Eye): not moved
        game.emit("immune", target.id, kind)
        return None
    choices = [
        Choice(f"{kind}-to", (hex_token(h),)) for h in _force_steps(game, target, attacker, kind, task.n)
    ]
    if not choices:  # no legal hex for the next step: the effect ends (§7)
        game.pop_task()
        from delvekit.gloomhaven.effects.classes import (
            cragheart as effects_cragheart,  # Brutal Momentum: blocked pushes hurt
        )

        effects_cragheart.push_blocked(game, task, target, attacker)
        return None
    if started == "s" and attacker.kind == "character":  # monsters always perform it (§10.1)
        choices.append(Choice("decline"))
    decider = attacker.id if attacker.kind == "character" else "party"
    return Decision(decider, kind, choices)


def _apply_force(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    attacker_id, kind, _ = task.text.split("/")
    if choice.kind == "decline":
        game.emit(f"{kind}-declined", task.who)
        return
    target = game.state.figures[task.who]
    game.push(Task("force", task.who, task.n - 1, f"{attacker_id}/{kind}/m"))
    h = parse_hex(choice.args[0])
    from delvekit.gloomhaven.effects.classes import (
        cragheart as effects_cragheart,  # an obstacle pushed into is destroyed
    )

    effects_cragheart.pushed_into(game, attacker_id, target, h)
    target.hex = h
    game.emit("forced", target.id, kind, hex_token(h))
    _enter(game, target, h)  # a flying target springs nothing (it knows, §5.3)


def _run_retaliate_check(game: Game, task: Task) -> Decision | None:
    game.pop_task()
    st = game.state
    target, attacker = st.figures.get(task.who), st.figures.get(task.text)
    board = game.board()
    if target is None or attacker is None or board is None:
        return None
    retaliates = game.retaliates(target.id)
    if not retaliates:
        return None
    reach = max(r.range for r in retaliates)
    steps = (
        1
        if board.adjacent(attacker.hex, target.hex)
        else proximity(board, target.hex, reach).get(attacker.hex)
    )
    amount = retaliate_damage(retaliates, steps) if steps is not None else 0
    if amount:
        game.suffer_damage(attacker.id, amount, "retaliate")
        from delvekit.gloomhaven.effects.classes import brute_mindthief as fx

        fx.retaliated(game, target)  # "XP per retaliation this round" (Eye for an Eye)
    return None


def _run_shove(game: Game, task: Task) -> Decision | None:
    """A push or pull that is not part of an attack ("Push 1, targeting adjacent enemies")."""
    f = game.state.figures.get(task.who)
    if f is None:
        game.pop_task()
        return None
    kind, count = task.text.split("/")
    near = sorted(g.id for g in targets(game, f, 0))
    if not near:
        game.pop_task()
        return None
    if count == "0":
        return Decision(f.id, kind, [Choice("all", tuple(near)), Choice("skip")])
    return Decision(f.id, kind, [*(Choice("target", (t,)) for t in near), Choice("skip")])


def _apply_shove(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    if choice.kind == "skip":
        return
    game.mark_used(task.who)
    kind = task.text.split("/")[0]
    game.push(*(Task("force", t, task.n, f"{task.who}/{kind}/s") for t in choice.args))


# ------------------------------------------------------------------------ heal


def _run_heal_ally(game: Game, task: Task) -> Decision | None:
    """Heal X, Range Y: the character or an ally within range and in sight (§8.2 heal rules)."""
    st = game.state
    f = st.figures.get(task.who)
    board = game.board()
    if f is None or board is None:
        game.pop_task()
        return None
    reach = int(task.text)
    near = proximity(board, f.hex, reach)
    sight = sight_for(board, game.tables.ruleset.los)
    allies = [
        g.id
        for g in st.figures.values()
        if not _hostile(f, g)
        and g.kind != "objective"  # an objective cannot be healed
        and near.get(g.hex, reach + 1) <= reach
        and (g is f or sight.visible(f.hex, g.hex))
    ]
    return Decision(f.id, "heal", [*(Choice("heal", (fid,)) for fid in sorted(allies)), Choice("skip")])


def _apply_heal_ally(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    if choice.kind == "heal":
        game.mark_used(task.who)
        game.heal(choice.args[0], task.n)


# ------------------------------------------------------------------------ loot


def loot(game: Game, f: Figure, reach: int) -> None:
    """Loot X (§14): every money token within X hexes (counted around walls) in line of sight;
    monsters and obstacles do not stop it."""
    board = game.board()
    assert board is not None
    st = game.state
    near = proximity(board, f.hex, reach)
    sight = sight_for(board, game.tables.ruleset.los)
    taken = 0
    for h in sorted(st.coins):
        if near.get(h, reach + 1) <= reach and (h == f.hex or sight.visible(f.hex, h)):
            taken += st.coins.pop(h)
    if taken:
        st.characters[f.id].coins += taken
    game.emit("looted", f.id, f"coins={taken}")
    if st.treasures:  # numbered treasure tiles in reach (§14)
        from delvekit.gloomhaven.scenario import treasure as engine_treasure

        near_tiles = [h for h in st.treasures if near.get(h, reach + 1) <= reach]
        engine_treasure.loot(game, f, [h for h in near_tiles if h == f.hex or sight.visible(f.hex, h)])
    if game.setup.rules:  # goal treasure tiles in reach (scenario rules)
        from delvekit.gloomhaven.engine import registry as effects

        reached = {h for h, d in near.items() if d <= reach and (h == f.hex or sight.visible(f.hex, h))}
        effects.looted(game, f, reached)


# ---------------------------------------------------------------------- attack


def _sees_invisible(game: Game, f: Figure) -> bool:
    from delvekit.gloomhaven.effects.classes.nightshroud import sees_invisible  # Eyes of the Night

    return sees_invisible(game, f)


def targets(game: Game, f: Figure, attack_range: int, *, allies: bool = False) -> list[Figure]:
    """Enemies ``f`` can attack now: adjacent (melee) or within range around walls and in sight.
    ``allies``: its own allies instead, never itself (a controlled enemy turned on its allies)."""
    board = game.board()
    if board is None:
        return []
    enemies = [
        g
        for g in game.state.figures.values()
        if (_hostile(f, g) if not allies else not _hostile(f, g) and g is not f)
        and (Condition.INVISIBLE not in g.conditions or _sees_invisible(game, f))
    ]
    if attack_range == 0:
        return [g for g in enemies if board.adjacent(f.hex, g.hex)]
    near = proximity(board, f.hex, attack_range)
    sight = sight_for(board, game.tables.ruleset.los)
    from delvekit.gloomhaven.scenario.mechanisms import wall_in_reach  # 76's walls

    return [
        g
        for g in enemies
        if (near.get(g.hex, attack_range + 1) <= attack_range and sight.visible(f.hex, g.hex))
        or (board.is_wall(g.hex) and wall_in_reach(game, board, near, f.hex, g.hex, attack_range))
    ]


def _attack_task(task: Task) -> tuple[Ability, list[str]]:
    text, done = task.text.split("|")[:2]
    return Ability.parse(text), [t for t in done.split(",") if t]


def _extras(task: Task) -> str:
    """The optional third field of an attack or strike task: comma-separated effect tokens
    (``allies``: the attack targets the attacker's allies; ``neg=N``/``negxp=K``: +N attack and
    K XP per negative condition on the target; ``noaug``: the attacker's augments do not apply)."""
    parts = task.text.split("|")
    return parts[2] if len(parts) > 2 else ""


def _run_augment(game: Game, task: Task) -> Decision | None:
    """An attack that may consume elements (§9): the character decides when it can."""
    ability = Ability.parse(task.text)
    if all(game.state.elements.can_consume(e) for e in ability.consume):
        return Decision(
            task.who,
            "consume",
            [Choice("consume", tuple(e.value for e in ability.consume)), Choice("no-consume")],
        )
    game.pop_task()
    game.push(Task("attack", task.who, ability.value, f"{ability}|"))
    return None


def _apply_augment(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    ability = Ability.parse(task.text)
    if choice.kind == "consume":
        for e in ability.consume:
            game.state.elements.consume(e)
            game.emit("consumed", task.who, e.value)
        ability = ability.boosted()
    game.push(Task("attack", task.who, ability.value, f"{ability}|"))


def area_targets(game: Game, f: Figure, ability: Ability) -> list[tuple[str, ...]]:
    """Every distinct set of enemies one placement of the attack's area hits (§6.3): all
    rotations and mirror images; melee areas around the attacker, ranged ones anywhere with a
    red hex within range; only enemies in line of sight are attacked. Sets are sorted ids."""
    board = game.board()
    if board is None:
        return []
    sight = sight_for(board, game.tables.ruleset.los)
    enemies = {
        g.hex: g
        for g in game.state.figures.values()
        if _hostile(f, g) and (Condition.INVISIBLE not in g.conditions or _sees_invisible(game, f))
    }
    anchors: list[Hex] = [(0, 0)]
    if ability.range > 0:
        near = proximity(board, f.hex, ability.range)
        anchors = [h for h, d in near.items() if d <= ability.range]
    seen: dict[tuple[str, ...], None] = {}
    for shape in orientations(ability.area):
        for h in anchors:
            offsets = [(0, 0)] if ability.range == 0 else shape
            for o in offsets:
                base = f.hex if ability.range == 0 else (h[0] - o[0], h[1] - o[1])
                hit = [(base[0] + q, base[1] + r) for q, r in shape]
                ids = tuple(sorted(enemies[x].id for x in hit if x in enemies and sight.visible(f.hex, x)))
                if ids:
                    seen.setdefault(ids, None)
    return list(seen)


def _run_attack(game: Game, task: Task) -> Decision | None:
    f = game.state.figures.get(task.who)
    if f is None:
        game.pop_task()
        return None
    ability, done = _attack_task(task)
    allies = "allies" in _extras(task).split(",")
    from delvekit.gloomhaven.effects.classes import (
        plagueherald as effects_plagueherald,  # Grim Bargain: asked before any target
    )

    fresh = not done and not ability.area and ability.targets > 0
    if fresh and effects_plagueherald.ask_before_attack(game, f):
        return None
    from delvekit.gloomhaven.effects.classes import (
        soothsinger as effects_soothsinger,  # Mobilizing Measure: a move first
    )

    if not done and effects_soothsinger.ask_before_attack(game, f):
        return None
    if not done and ATTACK_HOOKS and attack_starts(game, f, task):  # the Doppelganger: from where?
        return None
    if ability.area:
        choices = [] if done else [Choice("area", ids) for ids in area_targets(game, f, ability)]
    elif ability.targets == 0:  # every enemy it can reach
        reach = tuple(sorted(g.id for g in targets(game, f, max(0, ability.range), allies=allies)))
        choices = [Choice("all", reach)] if reach and not done else []
    elif len(done) >= ability.targets:
        choices = []
    else:
        only = next((t[5:] for t in _extras(task).split(",") if t.startswith("only=")), None)  # Wild Command
        choices = [
            Choice("target", (g.id,))
            for g in targets(game, f, ability.range, allies=allies)
            if g.id not in done and only in (None, g.id)
        ]
    if not choices:
        game.pop_task()
        if not done:
            game.emit("no-target", f.id)
        return None
    choices += items_play.attack_choices(game, f, ability, done, _extras(task))  # before any draw (§13)
    return Decision(decider(game, f), "attack", [*choices, Choice("skip")])


def _apply_attack(game: Game, task: Task, choice: Choice) -> None:
    """Choose the target (then the next one, with Target N) or the area placement; each enemy
    hit is its own attack (``strike``) with its own modifier draw (§6.3)."""
    if choice.kind == "item":
        items_play.use_in_attack(game, task, choice)
        return
    game.pop_task()
    if choice.kind == "skip":
        game.emit("attack-skipped", task.who)
        return
    game.mark_used(task.who)
    ability, done = _attack_task(task)
    extras = _extras(task)
    tail = f"|{extras}" if extras else ""
    hit = list(choice.args)
    rest, tails = items_play.strike_tails(tail, len(hit))  # a single-target item rides once
    if choice.kind == "target":
        game.push(Task("attack", task.who, task.n, f"{ability}|{','.join([*done, *hit])}{rest}"))
    game.push(*(Task("strike", task.who, task.n, f"{ability}|{tid}{tails[i]}") for i, tid in enumerate(hit)))


def _run_strike(game: Game, task: Task) -> Decision | None:
    """One attack on one target (§6.4–§6.7)."""
    st = game.state
    text, target_id = task.text.split("|")[:2]
    ability = Ability.parse(text)
    f, target = st.figures.get(task.who), st.figures.get(target_id)
    board = game.board()
    if f is None or target is None or board is None:
        game.pop_task()
        return None
    from delvekit.gloomhaven.effects.classes import brute_mindthief as fx  # registers on import; no cycle

    extras = _extras(task)
    from delvekit.gloomhaven.effects.classes import (
        plagueherald as effects_plagueherald,  # Spread the Plague: asked first
    )

    if effects_plagueherald.ask_before_strike(game, f):
        return None
    offer = fx.augment_consumption(game, f, ability, extras)
    if offer is not None:  # Frozen Mind, Phantasmal Killer: consume for this attack?
        from delvekit.gloomhaven.effects import wordings as effects_classes  # Formless Power: any element

        offers = effects_classes.attack_consumption_offers(game, f, offer)
        choices = [*(Choice("consume", (e.value,)) for e in offers), Choice("no-consume")]
        return Decision(decider(game, f), "consume", choices)
    game.pop_task()
    if fx.killed_instead(game, f, target, extras):
        return None
    bonus = fx.strike_bonus(game, f, target, ability, extras)
    from delvekit.gloomhaven.engine.registry import attack_bonus  # auras (the Spirit Banner's)

    aura = attack_bonus(game, f, target)
    value = task.n + bonus.attack + aura
    if bonus.attack:
        game.emit("attack-bonus", f.id, target.id, f"+{bonus.attack}", *bonus.why)
    if aura:
        game.emit("attack-bonus", f.id, target.id, f"+{aura}", "aura")
    ability = msgspec.structs.replace(ability, adds=tuple(dict.fromkeys((*ability.adds, *bonus.adds))))
    rider = items_play.strike(game, f, target, ability, extras)  # items used for this attack
    value, ability = value + rider.attack, items_play.ridden(ability, rider)
    adjacent = board.adjacent(f.hex, target.hex)
    poisoned = Condition.POISON in target.conditions
    from delvekit.gloomhaven.effects.monsters import attackers_disadvantaged  # Giant Viper 689

    hindered = (ability.range > 0 and adjacent) or attackers_disadvantaged(game, target)
    hindered = hindered or monster_traits.hinders_attackers(game, target)  # Night Demon's stat card
    edge = bonus.advantage or rider.advantage or monster_traits.has_advantage(game, f)  # controlled
    draw = game.draw_modifiers(f.id, attack=value + poisoned, advantage=edge, disadvantage=hindered)
    shield = game.shield(target.id) + fx.shield_against_attack(game, target)
    result = resolve_attack(
        value, poisoned=poisoned, cards=draw.applied, shield=shield, pierce=ability.pierce + bonus.pierce
    )
    game.emit("attack", f.id, target.id, f"value={result.value}", f"damage={result.damage}")
    if result.damage:
        game.lose_hp(target, result.damage, "attack")
    alive = target.id in st.figures
    effects = draw.effects
    if alive:
        for condition in ability.adds:
            game.add_condition(target.id, condition)
        for card_name in ability.card_adds:
            game.add_modifier_card(target.id if card_name == "curse" else f.id, card_name)
        for name in effects.conditions:
            if name in ("bless", "curse"):
                game.add_modifier_card(f.id if name == "bless" else target.id, name)
            else:
                condition = Condition(name)
                game.add_condition(target.id if condition.negative else f.id, condition)
    for element in effects.elements:
        game.infuse(Element(element))
    for amount in effects.heals_self:
        game.heal(f.id, amount)
    for amount in effects.shields_self:
        f.shield_bonus += amount
    if effects.refresh_items:  # a "refresh an item" modifier card (Quartermaster's perk)
        items_play.refresh_by_card(game, f, effects.refresh_items)
    forced = [("push", ability.push), ("pull", ability.pull)]
    forced += [("push", n) for n in effects.pushes] + [("pull", n) for n in effects.pulls]
    after_attack(game, f, target, forced if alive else [])
    fx.after_strike(game, f, bonus)  # augments' heal/shield, XP per condition
    items_play.after_strike(game, f, rider, target.hex)  # Fueled Falchion, Unstable Explosives
    return None


def _apply_strike(game: Game, task: Task, choice: Choice) -> None:
    """An augment's element for this attack: consumed (``augc=E``) or not (``augc=-``)."""
    game.pop_task()
    extras = _extras(task)
    token = "augc=-"
    if choice.kind == "consume":
        element = Element.parse(choice.args[0])
        game.state.elements.consume(element)
        game.emit("consumed", task.who, element.value)
        token = f"augc={element.value}"
    text, target_id = task.text.split("|")[:2]
    tail = ",".join(t for t in (extras, token) if t)
    game.push(Task("strike", task.who, task.n, f"{text}|{target_id}|{tail}"))


for _kind, _run, _apply in (
    ("move", _run_move, _apply_move),
    ("attack", _run_attack, _apply_attack),
    ("strike", _run_strike, _apply_strike),
    ("augment", _run_augment, _apply_augment),
    ("heal_ally", _run_heal_ally, _apply_heal_ally),
    ("shove", _run_shove, _apply_shove),
    ("force", _run_force, _apply_force),
    ("retaliate_check", _run_retaliate_check, None),
):
    task_handler(_kind, _run, _apply)
