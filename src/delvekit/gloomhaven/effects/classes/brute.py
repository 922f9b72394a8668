"""Named effects of the Brute's ability cards, registered in
:mod:`delvekit.gloomhaven.engine.registry`.

=============================  ===============================================================
``attack-x`` / ``move-x``      X from its rule part: hexes moved this turn (the figure's own
                               ``moved`` steps since its turn began) or damage dealt this turn
                               (the damage of its attacks since its turn began) — Balanced Measure
``attack-moved-through``       one attack on each enemy whose hex the figure moved through in
                               this action (no range or sight needed) — Trample
``if-moved-in-straight-line``  a move; if in a straight line, Attack X (X hexes moved) — Hook
                               and Chain; ``if-ended-in-starting-hex`` (the Mindthief's
                               Feedback Loop: if it ended where it began, its parts) too
``xp-per-target``              XP per enemy attacked in this action — Whirlwind, King of the Hill
=============================  ===============================================================

From the active area: ``redirect-attacks`` (Provoking Roar: an enemy attacking an ally adjacent
to you attacks you instead, at any range; :func:`redirect`), ``xp-per-retaliate`` (Eye for an
Eye: XP each time your retaliate deals damage this round; :func:`retaliated`),
``moves-count-as-attacks`` (Immovable Phalanx; :func:`moves_as_attacks`). The Brute's
``afflict``, ``kill`` and ``bonus-this-round`` wordings are shared
(:mod:`~delvekit.gloomhaven.effects.picks`, :mod:`~delvekit.gloomhaven.effects.strike`).
"""

from __future__ import annotations

import itertools

from delvekit.core.records import Decision
from delvekit.gloomhaven.effects.parts import (
    active_halves,
    events_since,
    moved_through,
    named_in,
    parts,
    perform_attack,
    perform_move,
    x_value,
)
from delvekit.gloomhaven.engine import actions
from delvekit.gloomhaven.engine.game import Game, task_handler
from delvekit.gloomhaven.engine.registry import effect
from delvekit.gloomhaven.engine.state import Figure, Task
from delvekit.gloomhaven.model.abilities import Ability
from delvekit.gloomhaven.model.conditions import Condition

# ------------------------------------------------------------ X values


@effect("attack-x")
def _attack_x(game: Game, fid: str, ability: Ability) -> None:
    """Balanced Measure: Attack X, X = hexes moved this turn."""
    x = x_value(game, fid, ability)
    game.emit("x", fid, x)
    perform_attack(game, fid, Ability(kind="attack", value=x))


@effect("move-x")
def _move_x(game: Game, fid: str, ability: Ability) -> None:
    """Balanced Measure: Move X, X = damage dealt this turn."""
    x = x_value(game, fid, ability)
    game.emit("x", fid, x)
    if x:
        perform_move(game, fid, Ability(kind="move", value=x))


@effect("attack-moved-through")
def _attack_moved_through(game: Game, fid: str, ability: Ability) -> None:
    """Trample: the attack targets every enemy moved through this action."""
    f = game.state.figures.get(fid)
    if f is None or not ability.then:
        return
    if Condition.DISARM in f.conditions:
        game.emit("prevented", fid, "attack", "disarm")
        return
    ids = [g.id for g in moved_through(game, f) if Condition.INVISIBLE not in g.conditions]
    if not ids:
        game.emit("no-target", fid)
        return
    game.push(Task("fx_all", fid, 0, f"strike|{';'.join(sorted(ids))}|{ability.then[0]}"))


# ----------------------------------------------------------- moves with a test


@effect("if-ended-in-starting-hex", "if-moved-in-straight-line")
def _move_then(game: Game, fid: str, ability: Ability) -> None:
    """A move whose end decides what follows (Feedback Loop, Hook and Chain)."""
    f = game.state.figures.get(fid)
    moves = parts(ability, "move")
    if f is None or not moves:
        return
    game.push(Task("fx_after_move", fid, len(game.events), f"{actions.hex_token(f.hex)}|{ability}"))
    perform_move(game, fid, moves[0])


def _run_after_move(game: Game, task: Task) -> Decision | None:
    game.pop_task()
    f = game.state.figures.get(task.who)
    if f is None:
        return None
    start_text, text = task.text.split("|", 1)
    start = actions.parse_hex(start_text)
    ability = Ability.parse(text)
    path = [
        actions.parse_hex(e.args[1]) for e in game.events[task.n :] if e.kind == "moved" and e.args[0] == f.id
    ]
    if ability.note == "if-ended-in-starting-hex":
        if path and f.hex == start:
            game.emit("condition-met", f.id, ability.note)
            on = {g.hex: g for g in game.state.figures.values() if actions.hostile(f, g)}
            hit = sorted({on[h].id for h in path if h in on})
            if hit:
                game.push(Task("fx_all", f.id, 0, f"afflict|{';'.join(hit)}|{ability}"))
        return None
    hexes = [start, *path]
    steps = {(b[0] - a[0], b[1] - a[1]) for a, b in itertools.pairwise(hexes)}
    if path and len(steps) == 1:
        x = len(path)
        game.emit("condition-met", f.id, ability.note, f"x={x}")
        perform_attack(game, f.id, Ability(kind="attack", value=x))
    return None


# ------------------------------------------------------------------- XP


@effect("xp-per-target")
def _xp_per_target(game: Game, fid: str, ability: Ability) -> None:
    """XP for each enemy attacked by the action's attack (Whirlwind, King of the Hill)."""
    ch = game.state.characters.get(fid)
    if ch is None:
        return
    since = events_since(game, "action", fid)
    hit = {args[1] for kind, args in since if kind == "attack" and args[0] == fid}
    gain = len(hit) * sum(p.value for p in parts(ability, "xp"))
    if gain:
        ch.xp += gain
        game.emit("xp", fid, gain)


def retaliated(game: Game, target: Figure) -> None:
    """``target`` dealt retaliate damage: XP from its active "XP per retaliation" bonuses."""
    if target.kind != "character":
        return
    for _, _, half in active_halves(game, target.id):
        for a in named_in(half, "xp-per-retaliate"):
            gain = sum(p.value for p in parts(a, "xp"))
            if gain:
                game.state.characters[target.id].xp += gain
                game.emit("xp", target.id, gain)


def redirect(game: Game, attacker: Figure, target: Figure) -> Figure:
    """Provoking Roar: an enemy attacking an ally adjacent to a character with the bonus active
    attacks that character instead, at any range. Then the attack on the final target starts
    (Purifying Aura's retaliate against melee attacks)."""
    from delvekit.gloomhaven.effects import active_area as effects_active_area

    final = _redirect(game, attacker, target)
    effects_active_area.melee_attacked(game, attacker, final)
    return final


def _redirect(game: Game, attacker: Figure, target: Figure) -> Figure:
    board = game.board()
    if attacker.kind != "monster" or board is None:
        return target
    for cid in game.state.characters:
        f = game.state.figures.get(cid)
        if f is None or f is target or target.kind == "monster":
            continue
        if not any(named_in(half, "redirect-attacks") for _, _, half in active_halves(game, cid)):
            continue
        if board.adjacent(f.hex, target.hex):
            game.emit("redirected", attacker.id, target.id, f"to={cid}")
            return f
    return target


task_handler("fx_after_move", _run_after_move)


def moves_as_attacks(game: Game, f: Figure) -> bool:
    """Immovable Phalanx: the character may treat its move abilities as attacks."""
    return f.kind == "character" and any(
        named_in(half, "moves-count-as-attacks") for _, _, half in active_halves(game, f.id)
    )
