"""Movement on the map (rules digest §5.1–§5.5, §7): a figure's Move walked, jumped or flown hex
by hex (doors, traps and hazards as each hex is entered), push and pull step by step, a push or
pull that is not part of an attack, and retaliate after an attack. Who makes a figure's choices
(:func:`decider`) is here too. The attack and loot abilities are in
:mod:`~delvekit.gloomhaven.engine.actions`, which re-exports these names."""

from __future__ import annotations

import heapq
from typing import TYPE_CHECKING

from delvekit.core.board import Board, Terrain
from delvekit.core.hexes import Hex, neighbours
from delvekit.core.paths import proximity
from delvekit.core.records import Choice, Decision
from delvekit.gloomhaven.engine import hooks
from delvekit.gloomhaven.engine.flying import flies
from delvekit.gloomhaven.engine.payloads import AttackStep, ForceStep, MoveStep, forced_kind
from delvekit.gloomhaven.engine.state import Figure, Task
from delvekit.gloomhaven.engine.tasks import hex_token as hex_token
from delvekit.gloomhaven.engine.tasks import parse_hex as parse_hex
from delvekit.gloomhaven.engine.tasks import task_handler
from delvekit.gloomhaven.model.abilities import Ability
from delvekit.gloomhaven.model.damage import retaliate_damage
from delvekit.gloomhaven.model.level import level_info

if TYPE_CHECKING:
    from delvekit.gloomhaven.engine.game import Game

BLOCKS_WALK = (Terrain.WALL, Terrain.OBSTACLE)


def hostile(a: Figure, b: Figure) -> bool:
    """Whether ``a`` and ``b`` are enemies (on different sides)."""
    return a.side != b.side  # allied monsters, escorts and objectives have their own side


def decider(game: Game, f: Figure) -> str:
    """Who makes ``f``'s choices when it moves or attacks through these tasks: a character
    itself, a summon its owner, a monster the character whose turn it is (a controlled enemy,
    the controlling player chooses everything) or else the party."""
    if f.kind == "character":
        return f.id
    if f.kind == "summon" and f.owner is not None:
        return f.owner
    controller = hooks.controller.first(game, f.id)
    if controller is not None and controller[1]:
        return controller[0]
    st = game.state
    turn = st.order[st.turn_index - 1] if 0 < st.turn_index <= len(st.order) else None
    return turn.id if turn is not None and turn.kind == "character" else "party"


# ------------------------------------------------------------------------ move


def walk_cost(board: Board, h: Hex) -> int:
    """Movement points to walk into ``h`` (difficult terrain costs 2)."""
    return 2 if board.terrain_at(h) is Terrain.DIFFICULT else 1


def walkable(board: Board, mover: Figure, a: Hex, b: Hex, occupied: dict[Hex, Figure]) -> bool:
    """One walking step ``a`` → ``b``: no wall or obstacle, no enemy on ``b``, and no closed door
    unless a character walks into it (closed doors are walls to monsters and summons, and no
    figure is forced through one: §2, §5.5, §7)."""
    if not board.adjacent(a, b) or board.terrain_at(b) in BLOCKS_WALK:
        return False
    if b in board.doors and mover.kind != "character":
        return False
    other = occupied.get(b)
    return other is None or not hostile(mover, other)


def can_end_within(
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
                and spent + landing_cost(game, board, h) <= budget
            ):
                return True
        if mode == "jump" and h in board.doors:
            continue  # a jump never continues past a closed door
        if h in board.doors and (mover.kind != "character" or h in locked_doors(game)):
            continue
        for n in neighbours(h):
            if mode == "walk":
                if not walkable(board, mover, h, n, occupied):
                    continue
                cost = spent + walk_cost(board, n)
            else:
                if not board.adjacent(h, n) or board.terrain_at(n) is Terrain.WALL:
                    continue
                cost = spent + 1
            if cost <= budget and cost < best.get(n, budget + 1):
                best[n] = cost
                heapq.heappush(queue, (cost, n))
    return False


def next_steps(game: Game, f: Figure, remaining: int, mode: str, board: Board) -> list[tuple[Hex, int]]:
    """The hexes ``f`` may move into next with ``remaining`` movement, and what each costs."""
    occupied = {g.hex: g for g in game.state.figures.values() if g is not f}
    out: list[tuple[Hex, int]] = []
    if mode == "fly":  # §5.3: over figures and overlays, 1 a hex; a character opens a door it enters
        for n in neighbours(f.hex):
            if (
                remaining >= 1
                and board.adjacent(f.hex, n)
                and board.terrain_at(n) is not Terrain.WALL
                and not (n in board.doors and (f.kind != "character" or n in locked_doors(game)))
                and (n not in occupied or can_end_within(game, board, f, n, remaining - 1, "fly", occupied))
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
                and not (n in board.doors and n in locked_doors(game))
                and can_end_within(game, board, f, n, remaining - 1, "jump", occupied)
            ):
                out.append((n, 1))
        return out
    for n in neighbours(f.hex):
        if not walkable(board, f, f.hex, n, occupied):
            continue
        if n in board.doors and (f.kind != "character" or n in locked_doors(game)):
            continue  # closed doors are walls to monsters and summons (§5.5); locked ones to all
        cost = 1 if hooks.ignores_difficult.any(game, f) else walk_cost(board, n)  # Drakescale Boots
        if cost > remaining:
            continue
        if n in occupied and not can_end_within(game, board, f, n, remaining - cost, "walk", occupied):
            continue
        out.append((n, cost))
    return out


def move_mode(game: Game, f: Figure, mode: str) -> str:
    """The mode ``f`` moves in: ``fly`` whenever it flies (its stat line, an item, a card:
    §5.3; a summon's stat-line trait holds for every move it makes), else the ability's."""
    return "fly" if mode != "fly" and flies(game, f) else mode


def locked_doors(game: Game) -> tuple[Hex, ...]:
    """Doors no character opens (a scenario rule: scenario 2's doors a-d)."""
    if not game.setup.rules:
        return ()
    return tuple(h for doors in hooks.locked_doors.each(game) for h in doors)


def landing_cost(game: Game, board: Board, h: Hex) -> int:
    """The extra movement a jump pays to land on ``h`` (difficult terrain under some rulesets)."""
    pays = game.tables.ruleset.jump_pays_difficult_on_landing
    return 1 if pays and board.terrain_at(h) is Terrain.DIFFICULT else 0


def can_stop(game: Game, f: Figure, remaining: int, mode: str, moved: bool, board: Board) -> bool:
    """Whether ``f`` may end its move where it stands (not on another figure; a jump pays landing)."""
    if any(g.hex == f.hex for g in game.state.figures.values() if g is not f):
        return False
    if mode == "jump" and moved:
        if board.terrain_at(f.hex) is Terrain.OBSTACLE and not hooks.may_end_on_obstacle.any(game, f.id):
            return False
        return remaining >= landing_cost(game, board, f.hex)
    return True


def run_move(game: Game, task: Task) -> Decision | None:
    """A move step: the next hexes ``task.who`` may enter, and stopping where allowed."""
    st = game.state
    f = st.figures.get(task.who)
    board = game.board()
    if f is None or board is None:
        game.pop_task()
        return None
    step = MoveStep.of(task)
    if not step.moved and task.n > 0 and hooks.move_starts.any(game, f, task):
        return None  # Earthen Steed asks first
    mode = move_mode(game, f, step.mode)
    choices = [Choice("step", (hex_token(h),)) for h, _ in next_steps(game, f, task.n, mode, board)]
    if can_stop(game, f, task.n, mode, step.moved, board):
        choices.append(Choice("stop"))
    if not step.moved and task.n > 0 and hooks.moves_as_attacks.any(game, f):  # Immovable Phalanx
        choices.append(Choice("as-attack", (str(task.n),)))
    if not choices:  # cannot happen for a walk (crossing an ally needs a way out); be safe
        game.pop_task()
        return None
    choices += hooks.flat(hooks.move_choices.each(game, f, task))  # Boots of Striding, Winged Shoes...
    return Decision(decider(game, f), "move", choices)


def apply_move(game: Game, task: Task, choice: Choice) -> None:
    """Answer to a move step: one hex, stop, an item, or a move that counts as an attack."""
    if choice.kind == "item":
        hooks.use_in_move.only(game, task, choice)
        return
    game.pop_task()
    st = game.state
    f = st.figures[task.who]
    board = game.board()
    assert board is not None
    step = MoveStep.of(task)
    mode = move_mode(game, f, step.mode)
    if choice.kind == "step":
        game.mark_used(f.id)  # moved at least one hex (§3.4); as-attack counts if it hits
    if choice.kind == "as-attack":
        game.emit("move-as-attack", f.id, task.n)
        game.push(Task("attack", f.id, task.n, AttackStep(Ability(kind="attack", value=task.n)).text))
        return
    if choice.kind == "stop":
        game.emit("move-ended", f.id, hex_token(f.hex))
        if mode == "jump" and step.moved:
            enter_hex(game, f, f.hex)
        if step.moved and f.id in st.figures:
            hooks.move_ended.run(game, f)  # Epidemic
        return
    target = parse_hex(choice.args[0])
    cost = dict(next_steps(game, f, task.n, mode, board))[target]
    game.push(Task("move", f.id, task.n - cost, MoveStep(step.range, mode, moved=True).text))
    f.hex = target
    game.emit("moved", f.id, hex_token(target))
    if mode in ("walk", "fly"):  # flying: only a door opens (§5.3; enter_hex knows it flies)
        enter_hex(game, f, target)


def enter_hex(game: Game, f: Figure, h: Hex) -> None:
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
    felt = hooks.terrain_felt.only(game, f, terrain) if terrain is not None else "normal"
    if felt != "normal":  # flying, Drakescale Boots, Magma Waders
        if felt.startswith("heal"):
            game.heal(f.id, int(felt.split()[1]))
        return
    if terrain is Terrain.TRAP:
        st.sprung = st.sprung | {h}
        game.emit("trap-sprung", f.id, hex_token(h))
        hooks.trap_sprung.run(game, f, h)  # a created trap's conditions and XP
        game.suffer_damage(f.id, st.created_traps.pop(h, info.trap_damage), "trap")
    elif terrain is Terrain.HAZARDOUS:
        game.suffer_damage(f.id, info.hazardous_damage, "hazardous")


# ------------------------------------------------------------------ push and pull


def after_attack(game: Game, attacker: Figure, target: Figure, forced: list[tuple[str, int]]) -> None:
    """Queue the attack's push/pull effects (each separately, §7) and then the target's
    retaliate, which looks at the distance after them (§6.7: pushed out of reach, no retaliate;
    pulled into reach, it triggers)."""
    steps = [ForceStep(attacker.id, forced_kind(k)) for k, n in forced if n > 0]
    counts = [n for _, n in forced if n > 0]
    game.push(
        *(Task("force", target.id, n, step.text) for step, n in zip(steps, counts, strict=True)),
        Task("retaliate_check", target.id, 0, attacker.id),
    )


def force_steps(game: Game, target: Figure, attacker: Figure, kind: str, remaining: int) -> list[Hex]:
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
            if board.terrain_at(n) in BLOCKS_WALK or (d <= here if kind == "push" else d >= here):
                continue
            other = occupied.get(n)
            if other is not None and (
                hostile(target, other) or not any(m not in occupied for m in steps(n, left - 1))
            ):
                continue
            out.append(n)
        return out if left > 0 else []

    smash = hooks.flat(hooks.smash_steps.each(game, target, attacker, kind, remaining))  # Heaving Swing
    return steps(target.hex, remaining) + smash


def run_force(game: Game, task: Task) -> Decision | None:
    """A push or pull step: the hexes the target may be moved to (or nothing: it is immune)."""
    st = game.state
    step = ForceStep.of(task)
    kind = step.kind
    target, attacker = st.figures.get(task.who), st.figures.get(step.attacker)
    immune = target is not None and attacker is not None and not step.moved
    if target is None or attacker is None or (immune and hooks.immune_forced.any(game, target, attacker)):
        game.pop_task()
        return None
    mtype = game.tables.types.get(target.name) if target.kind == "monster" else None
    if mtype is not None and kind in mtype.stats(target.rank or "normal").immune_cards:
        game.pop_task()  # a boss immune to push or pull (Elder Drake, Sightless Eye): not moved
        game.emit("immune", target.id, kind)
        return None
    choices = [
        Choice(f"{kind}-to", (hex_token(h),)) for h in force_steps(game, target, attacker, kind, task.n)
    ]
    if not choices:  # no legal hex for the next step: the effect ends (§7)
        game.pop_task()
        hooks.push_blocked.run(game, task, target, attacker)  # Brutal Momentum: blocked pushes hurt
        return None
    if not step.moved and attacker.kind == "character":  # monsters always perform it (§10.1)
        choices.append(Choice("decline"))
    decider = attacker.id if attacker.kind == "character" else "party"
    return Decision(decider, kind, choices)


def apply_force(game: Game, task: Task, choice: Choice) -> None:
    """Answer to a push or pull step: move the target one hex (or stop when declined)."""
    game.pop_task()
    step = ForceStep.of(task)
    attacker_id, kind = step.attacker, step.kind
    if choice.kind == "decline":
        game.emit(f"{kind}-declined", task.who)
        return
    target = game.state.figures[task.who]
    game.push(Task("force", task.who, task.n - 1, ForceStep(attacker_id, kind, moved=True).text))
    h = parse_hex(choice.args[0])
    hooks.pushed_into.run(game, attacker_id, target, h)  # an obstacle pushed into is destroyed
    target.hex = h
    game.emit("forced", target.id, kind, hex_token(h))
    enter_hex(game, target, h)  # a flying target springs nothing (it knows, §5.3)


def run_retaliate_check(game: Game, task: Task) -> Decision | None:
    """After an attack: the target's retaliate hits the attacker if it is in reach."""
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
        hooks.retaliated.run(game, target)  # "XP per retaliation this round" (Eye for an Eye)
    return None


for _kind, _run, _apply in (
    ("move", run_move, apply_move),
    ("force", run_force, apply_force),
    ("retaliate_check", run_retaliate_check, None),
):
    task_handler(_kind, _run, _apply)
