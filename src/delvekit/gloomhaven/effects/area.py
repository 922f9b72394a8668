"""Class wordings on enemies within range or in a line.

``shove-range`` (push or pull up to T enemies within range — Scroll of Recall),
``afflict-range`` (conditions on up to T enemies within range), ``damage-enemies`` (every enemy
within range suffers damage), ``kill-in-area`` (kill enemies of few hit points in a line —
Disintegration Beam).
"""

from __future__ import annotations

from delvekit.core.los import sight_for
from delvekit.core.records import Choice, Decision
from delvekit.gloomhaven.effects import parts as effects_parts
from delvekit.gloomhaven.effects import picks as effects_picks
from delvekit.gloomhaven.engine import actions
from delvekit.gloomhaven.engine.game import Game, task_handler
from delvekit.gloomhaven.engine.registry import effect
from delvekit.gloomhaven.engine.state import Figure, Task
from delvekit.gloomhaven.model.abilities import Ability
from delvekit.gloomhaven.model.conditions import Condition

# ---------------------------------------------------------- push and pull


@effect("shove-range")
def _shove_range(game: Game, fid: str, ability: Ability) -> None:
    """Scroll of Recall: Pull (or Push) N on up to T enemies within range, in sight."""
    f = game.state.figures.get(fid)
    if f is None:
        return
    reach = effects_parts.flag_number(ability, "range-", 1)
    enemies = [
        g
        for g in game.state.figures.values()
        if actions.hostile(f, g) and Condition.INVISIBLE not in g.conditions
    ]
    ids = sorted(g.id for g in effects_parts.figures_in_reach(game, f, reach, enemies))
    if not ids:
        game.emit("no-target", fid)
        return
    count = effects_parts.flag_number(ability, "target-", 1)
    game.push(Task("cls_pick", fid, count, f"shove|{';'.join(ids)}|{ability}"))


# ------------------------------------------------------------- enemies in range


def _enemies_in_reach(game: Game, f: Figure, reach: int) -> list[str]:
    enemies = [
        g
        for g in game.state.figures.values()
        if actions.hostile(f, g) and Condition.INVISIBLE not in g.conditions
    ]
    return sorted(g.id for g in effects_parts.figures_in_reach(game, f, reach, enemies))


@effect("afflict-range")
def _afflict_range(game: Game, fid: str, ability: Ability) -> None:
    """Disorienting Flash: conditions on up to ``target`` enemies within range, in sight."""
    f = game.state.figures.get(fid)
    if f is None:
        return
    ids = _enemies_in_reach(game, f, effects_parts.flag_number(ability, "range-", 1))
    if not ids:
        game.emit("no-target", fid)
        return
    count = effects_parts.flag_number(ability, "target-", 1)
    game.push(Task("cls_pick", fid, count, f"afflict|{';'.join(ids)}|{ability}"))


@effect("damage-enemies")
def _damage_enemies(game: Game, fid: str, ability: Ability) -> None:
    """Scroll of Judgment: every enemy within range (in sight) suffers the damage."""
    f = game.state.figures.get(fid)
    if f is None:
        return
    who = next(
        (n for n in effects_parts.flags(ability) if n.startswith("affects-")), "affects-enemies-range-1"
    )
    reach = int(who.rsplit("-", 1)[1]) if who.rsplit("-", 1)[-1].isdigit() else 1
    amount = sum(p.value for p in effects_parts.parts(ability, "suffer"))
    ids = _enemies_in_reach(game, f, reach)
    if not ids:
        game.emit("no-target", fid)
    for tid in reversed(ids):
        game.suffer_damage(tid, amount, "suffer")


# ------------------------------------------------------------- kill in an area

_DIRECTIONS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


@effect("kill-in-area")
def _kill_in_area(game: Game, fid: str, ability: Ability) -> None:
    """Disintegration Beam: the player turns the line of hexes from the performer; every enemy
    in it (in sight) with at most the hit points named is killed, XP for each. Bosses are not
    killed by such wordings (our reading)."""
    f = game.state.figures.get(fid)
    board = game.board()
    if f is None or board is None:
        return
    length = effects_parts.flag_number(ability, "line-", 1)
    sight = sight_for(board, game.tables.ruleset.los)
    on = {g.hex: g for g in game.state.figures.values() if actions.hostile(f, g)}
    options: list[tuple[str, ...]] = []
    for dq, dr in _DIRECTIONS:
        line = [(f.hex[0] + k * dq, f.hex[1] + k * dr) for k in range(1, length + 1)]
        hit = tuple(
            sorted(on[h].id for h in line if h in board.hexes and h in on and sight.visible(f.hex, h))
        )
        if hit and hit not in options:
            options.append(hit)
    if not options:
        game.emit("no-target", fid)
        return
    game.push(Task("cls_kill_area", fid, 0, f"{'/'.join(';'.join(o) for o in options)}|{ability}"))


def _run_kill_area(game: Game, task: Task) -> Decision | None:
    options = [o.split(";") for o in task.text.split("|", 1)[0].split("/")]
    return Decision(task.who, "area", [*(Choice("area", tuple(o)) for o in options), Choice("skip")])


def _apply_kill_area(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    if choice.kind == "skip":
        game.emit("declined", task.who, "area")
        return
    ability = Ability.parse(task.text.split("|", 1)[1])
    most = effects_parts.flag_number(ability, "max-hit-points-")
    xp = sum(p.value for p in effects_parts.parts(ability, "xp"))
    for tid in choice.args:
        target = game.state.figures.get(tid)
        if target is None or target.rank == "boss" or target.hp > most:
            continue
        effects_picks.kill(game, task.who, tid)
        if xp and task.who in game.state.characters:
            game.state.characters[task.who].xp += xp
            game.emit("xp", task.who, xp)


task_handler("cls_kill_area", _run_kill_area, _apply_kill_area)
