"""Named effects of the Plagueherald's cards (poison spread and cashed in, flight), registered in
:mod:`delvekit.gloomhaven.effects`. :mod:`~delvekit.gloomhaven.character_cards` writes the
``custom`` abilities whose words start ``ph-`` (the transcriptions in
``tools/importers/transcriptions_plagueherald.py``); each handler performs one wording, asking
the deciding player through agenda tasks (``ph_*``).

Effects performed when the ability is:

=================================  ============================================================
``ph-remove-poison-damage``        Virulent Strain: the player picks one poisoned enemy anywhere
                                   on the map (our reading of "any one enemy": no range, no line
                                   of sight); its poison is removed and it suffers the damage
``ph-poison-around-poisoned``      Virulent Strain: every enemy adjacent to an enemy poisoned
                                   as the ability starts is poisoned (enemies poisoned by this
                                   very ability do not spread it further)
=================================  ============================================================

Effects that act from the active area (performing them only says so):

* ``ph-flying`` (Winged Congregation): the Plagueherald flies while the card is active; asked
  through :func:`flying` by the items' flight rule, so moves are jumps and traps and hazardous
  terrain are ignored.
* ``ph-range-minus`` (Grasping Vermin): −R range on each of its ranged attacks
  (:func:`ranged_attack`, asked by the engine for every ranged attack of a character); a ranged
  attack keeps Range 1 at least (our reading).
* ``ph-spread-the-plague`` (Spread the Plague): before the first attack of each attack action
  (our reading of an attack action, as Weapon of Purity's: the card half being performed), the
  player may pick one ally within range (in sight); it is poisoned, or suffers the damage when
  poisoned already, and every attack of the action gains +1 (:func:`ask_before_strike`, asked
  by each attack; :func:`strike_extra`).
* ``ph-poison-after-move`` (Epidemic): after each move of the Plagueherald that entered one hex
  at least, every figure adjacent to it (allies and enemies alike, objectives aside) is
  poisoned (:func:`move_ended`, asked by the engine as a move stops).

Other Plagueherald area attacks that touch allies (Vile Pestilence) are the Cragheart's
``area-attack``; Foul Wind is the Sunkeeper's ``consume-on-attack``.
"""

from __future__ import annotations

import msgspec

import delvekit.gloomhaven.engine  # noqa: F401  (first: the engine's modules import each other)
from delvekit.core.hexes import neighbours
from delvekit.core.records import Choice, Decision
from delvekit.gloomhaven import effects_characters as fx
from delvekit.gloomhaven import engine_actions as actions
from delvekit.gloomhaven.abilities import Ability
from delvekit.gloomhaven.conditions import Condition
from delvekit.gloomhaven.effects import effect
from delvekit.gloomhaven.engine import Game, task_handler
from delvekit.gloomhaven.state import Figure, Task


def _suffer(ability: Ability) -> int:
    """The damage a ``suffer-damage`` part says (a flag ``suffer-damage-N`` or a ``suffer``)."""
    return sum(p.value for p in ability.then if p.kind == "suffer") + fx.flag_number(
        ability, "suffer-damage-"
    )


def _poisoned_enemies(game: Game, f: Figure) -> list[Figure]:
    return sorted(
        (
            g
            for g in game.state.figures.values()
            if actions._hostile(f, g) and Condition.POISON in g.conditions
        ),
        key=lambda g: g.id,
    )


@effect("ph-remove-poison-damage")
def _remove_poison(game: Game, fid: str, ability: Ability) -> None:
    f = game.state.figures.get(fid)
    if f is None:
        return
    ids = [g.id for g in _poisoned_enemies(game, f)]
    if not ids:
        game._emit("no-target", fid)
        return
    game._push(Task("ph_cash", fid, _suffer(ability), ";".join(ids)))


def _run_cash(game: Game, task: Task) -> Decision | None:
    alive = [i for i in task.text.split(";") if i in game.state.figures]
    if not alive:
        game._pop()
        return None
    return Decision(task.who, "target", [*(Choice("target", (i,)) for i in alive), Choice("skip")])


def _apply_cash(game: Game, task: Task, choice: Choice) -> None:
    game._pop()
    if choice.kind == "skip":
        game._emit("declined", task.who, "remove-poison")
        return
    tid = choice.args[0]
    target = game.state.figures.get(tid)
    if target is None:
        return
    game.mark_used(task.who)
    if target.conditions.remove(Condition.POISON):
        game._emit("condition-ended", tid, Condition.POISON.value, "removed")
    game.suffer_damage(tid, task.n, "virulent-strain")


task_handler("ph_cash", _run_cash, _apply_cash)


@effect("ph-poison-around-poisoned")
def _poison_around(game: Game, fid: str, ability: Ability) -> None:
    f = game.state.figures.get(fid)
    board = game.board()
    if f is None or board is None:
        return
    sources = _poisoned_enemies(game, f)
    hit: set[str] = set()
    for src in sources:
        for h in neighbours(src.hex):
            g = game.state.figure_at(h)
            if g is not None and actions._hostile(f, g) and board.adjacent(src.hex, h):
                hit.add(g.id)
    if not hit:
        game._emit("no-target", fid)
        return
    game.mark_used(fid)
    for gid in sorted(hit):
        game.add_condition(gid, Condition.POISON)


@effect("ph-flying", "ph-spread-the-plague", "ph-poison-after-move")
def _passive(game: Game, fid: str, ability: Ability) -> None:
    """Bonuses that act from the active area (see the module docstring)."""
    game._emit("bonus", fid, ability.note)


def flying(game: Game, fid: str) -> bool:
    """Winged Congregation: ``fid`` flies while the card is in its active area."""
    return any(fx._named_in(half, "ph-flying") for _, _, half in fx._active_halves(game, fid))


@effect("ph-range-minus")
def _range_minus(game: Game, fid: str, ability: Ability) -> None:
    game._emit("bonus", fid, ability.note)


def ranged_attack(game: Game, fid: str, ability: Ability) -> Ability:
    """Grasping Vermin: −R range on each ranged attack of ``fid`` while the card is active (our
    reading: a ranged attack keeps at least Range 1)."""
    minus = sum(
        fx.flag_number(a, "range-", 0)
        for _, _, half in fx._active_halves(game, fid)
        for a in fx._named_in(half, "ph-range-minus")
    )
    if not minus or ability.range <= 0:
        return ability
    game._emit("bonus", fid, "range", -minus, "by=ph-range-minus")
    return msgspec.structs.replace(ability, range=max(1, ability.range - minus))


# ------------------------------------------------ Spread the Plague: once per attack action


def _spread(game: Game, fid: str) -> Ability | None:
    halves = fx._active_halves(game, fid)
    held = [a for _, _, half in halves for a in fx._named_in(half, "ph-spread-the-plague")]
    return held[0] if held else None


def _spread_answer(game: Game, fid: str) -> str | None:
    """``paid`` / ``declined`` when asked during this attack action (card half) already."""
    for kind, args in fx._events_since(game, "action", fid):
        if kind == "ph-spread" and args and args[0] == fid:
            return args[1]
    return None


def _spread_allies(game: Game, f: Figure, held: Ability) -> list[str]:
    reach = fx.flag_number(held, "range-", 2)
    return sorted(g.id for g in actions.targets(game, f, reach, allies=True) if g.id != f.id)


def ask_before_strike(game: Game, f: Figure) -> bool:
    """Spread the Plague: before the first attack of an attack action, the Plagueherald may
    poison one ally within range (or, if it is poisoned already, make it suffer damage) for +1
    Attack on every attack of the action. ``True`` when the question was put on the agenda."""
    if f.kind != "character":
        return False
    held = _spread(game, f.id)
    if held is None or _spread_answer(game, f.id) is not None:
        return False
    allies = _spread_allies(game, f, held)
    if not allies:
        return False
    game._push(Task("ph_spread", f.id, 0, ";".join(allies)))
    return True


def _run_spread(game: Game, task: Task) -> Decision | None:
    alive = [i for i in task.text.split(";") if i in game.state.figures]
    if not alive:
        game._pop()
        game._emit("ph-spread", task.who, "declined")
        return None
    return Decision(task.who, "ally", [*(Choice("target", (i,)) for i in alive), Choice("skip")])


def _apply_spread(game: Game, task: Task, choice: Choice) -> None:
    game._pop()
    f = game.state.figures.get(task.who)
    held = _spread(game, task.who)
    if choice.kind == "skip" or f is None or held is None:
        game._emit("ph-spread", task.who, "declined")
        return
    tid = choice.args[0]
    ally = game.state.figures.get(tid)
    if ally is None:
        game._emit("ph-spread", task.who, "declined")
        return
    game._emit("ph-spread", task.who, "paid", tid)
    if Condition.POISON in ally.conditions:
        game.suffer_damage(tid, _suffer(held), "spread-the-plague")
    else:
        game.add_condition(tid, Condition.POISON)


task_handler("ph_spread", _run_spread, _apply_spread)


def strike_extra(game: Game, f: Figure, out: fx.StrikeBonus) -> None:
    """Spread the Plague's +1 on every attack of an action it was paid for."""
    if f.kind != "character" or _spread_answer(game, f.id) != "paid":
        return
    held = _spread(game, f.id)
    n = sum(p.value for p in held.then if p.kind == "attack") if held is not None else 1
    out.attack += n
    out.why.append(f"spread-the-plague+{n}")


# ------------------------------------------------ Epidemic: after each of your moves


def move_ended(game: Game, f: Figure) -> None:
    """Epidemic: after each move of the Plagueherald (one hex at least), every ally and enemy
    adjacent to it is poisoned."""
    if f.kind != "character":
        return
    if not any(fx._named_in(half, "ph-poison-after-move") for _, _, half in fx._active_halves(game, f.id)):
        return
    board = game.board()
    if board is None:
        return
    around = sorted(
        g.id
        for g in game.state.figures.values()
        if g.id != f.id and g.kind != "objective" and board.adjacent(f.hex, g.hex)
    )
    game._emit("bonus", f.id, "ph-poison-after-move", *around)
    for gid in around:
        game.add_condition(gid, Condition.POISON)
