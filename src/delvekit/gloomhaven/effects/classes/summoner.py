"""Named effects of the Summoner's ability cards, registered in :mod:`delvekit.gloomhaven.engine.registry`.

The cards are in ``content/data/classes/summoner.json`` (tools/importers/transcriptions_summoner.py).
Most of them are plain abilities or wordings other classes share: their summons (§12) are the
generic ``summon`` effect, "you and all your summoned allies" is an ``affects`` kind
(``self-summons``, ``summons-adjacent``: :func:`delvekit.gloomhaven.effects.wordings._allies_in`
keeps the performer's own summons), Living Night is ``attackers-disadvantaged-this-round``,
Unending Dominance's recovery is ``ally-recovers-lost`` and Unwavering Hand's forced move is
``control-enemy``. This module adds:

=========================  ====================================================================
``su-summon-performs``     Mighty Bond, Bonded Might: one of your summons in reach (adjacent)
                           performs its own Move and Attack plus the bonuses, you controlling
                           it (a stunned summon performs nothing and is not offered)
=========================  ====================================================================

and the summons' stat lines the generic summon code does not act on:

* Pierce on a summon's stat line (Shadow Wolf) counts for each of its attacks
  (:func:`summon_pierce`, asked by the monster-turn code's attack traits);
* Retaliate on a summon's stat line (Iron Beast; Lava Golem's with its range) holds every
  round, from the round it is summoned (:func:`_arm`, at each round's start and at the end of
  its owner's turn); melee retaliates share the Doomstalker's round mark, so a party with both
  classes never counts one twice;
* the Living Bomb's death burst: as it dies it attacks every enemy within range 2 in its line of
  sight (its owner's modifier deck, no retaliation: the attacker is gone), then fire is infused
  (:func:`summon_died`).
"""

from __future__ import annotations

import delvekit.gloomhaven.engine.game  # noqa: F401  (first: the engine's modules import each other)
from delvekit.core.los import sight_for
from delvekit.core.paths import proximity
from delvekit.core.records import Choice, Decision
from delvekit.gloomhaven.content import monster_traits
from delvekit.gloomhaven.effects.classes import brute_mindthief as fx
from delvekit.gloomhaven.engine import actions
from delvekit.gloomhaven.engine.game import Game, task_handler
from delvekit.gloomhaven.engine.registry import ROUND_HOOKS, TURN_END_HOOKS, effect
from delvekit.gloomhaven.engine.state import Figure, Task
from delvekit.gloomhaven.model.abilities import Ability
from delvekit.gloomhaven.model.conditions import Condition
from delvekit.gloomhaven.model.damage import resolve_attack
from delvekit.gloomhaven.model.elements import Element

_MELEE_MARK = "dsret|"  # the Doomstalker's mark: one melee arming per summon and round
_FAR_MARK = "sufar|"
_SHIELD_MARK = "sushield|"  # one stat-line Shield per summon and round

# ------------------------------------------------------- a summon performs


@effect("su-summon-performs")
def _summon_performs(game: Game, fid: str, ability: Ability) -> None:
    """One of your summons in reach performs its Move + N and Attack + N, you controlling it."""
    f = game.state.figures.get(fid)
    if f is None:
        return
    own = [
        g
        for g in game.state.figures.values()
        if g.kind == "summon" and g.owner == fid and Condition.STUN not in g.conditions
    ]
    found = sorted(g.id for g in fx._in_reach(game, f, fx._reach(ability), own))
    if not found:
        game.emit("no-target", fid)
        return
    game.push(Task("su_pick", fid, 0, f"{';'.join(found)}|{ability}"))


def _run_pick(game: Game, task: Task) -> Decision | None:
    ids, _ = task.text.split("|", 1)
    alive = [i for i in ids.split(";") if i in game.state.figures]
    if not alive:
        game.pop_task()
        return None
    return Decision(task.who, "summon-performs", [*(Choice("summon", (i,)) for i in alive), Choice("skip")])


def _apply_pick(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    if choice.kind == "skip":
        game.emit("declined", task.who, "summon-performs")
        return
    sid = choice.args[0]
    ability = Ability.parse(task.text.split("|", 1)[1])
    move, attack, reach = game.state.summon_stats.get(sid, (0, 0, 0))
    summon = game.state.figures[sid]
    attack = fx.summon_attack(game, summon, attack)
    game.emit("ally-performs", sid, f"for={task.who}")
    # the attack waits beneath the move: the summon moves first, then attacks
    fx._perform_attack(
        game, sid, Ability(kind="attack", value=attack + fx.flag_number(ability, "attack-plus-"), range=reach)
    )
    fx._perform_move(game, sid, Ability(kind="move", value=move + fx.flag_number(ability, "move-plus-")))


# ------------------------------------------------------ summons' stat lines


def summon_pierce(game: Game, f: Figure) -> int:
    """The Pierce printed on summon ``f``'s stat line (the Shadow Wolf's), 0 if none."""
    found = fx.summon_card(game, f)
    if found is None:
        return 0
    return sum(a.pierce for a in fx.parts(found[2], "attack"))


def _retaliates(game: Game, f: Figure) -> tuple[int, list[tuple[int, int]]]:
    """(melee retaliate, [(retaliate, range) with range]) of summon ``f``'s stat line."""
    found = fx.summon_card(game, f)
    if found is None:
        return 0, []
    far: list[tuple[int, int]] = []
    for note in fx.flags(found[2]):
        if note.startswith("far-retaliate-"):
            value, reach = note.removeprefix("far-retaliate-").split("-")
            far.append((int(value), int(reach)))
    near = sum(int(n.removeprefix("retaliate-")) for n in fx.flags(found[2]) if n.startswith("retaliate-"))
    return near, far


def _arm(game: Game, owner: str | None) -> None:
    """Give summons (all, or ``owner``'s) their stat-line Retaliate and Shield for this round,
    once (the engine clears these bonuses as each round ends)."""
    st = game.state
    for f in st.figures.values():
        if f.kind != "summon" or (owner is not None and f.owner != owner):
            continue
        near, far = _retaliates(game, f)
        if near and st.scenario_marks.get(_MELEE_MARK + f.id) != st.round:
            f.retaliate_bonus += near
            st.scenario_marks[_MELEE_MARK + f.id] = st.round
        if far and st.scenario_marks.get(_FAR_MARK + f.id) != st.round:
            f.retaliate_far = (*f.retaliate_far, *far)
            st.scenario_marks[_FAR_MARK + f.id] = st.round
        shield = _shield(game, f)
        if shield and st.scenario_marks.get(_SHIELD_MARK + f.id) != st.round:
            f.shield_bonus += shield
            st.scenario_marks[_SHIELD_MARK + f.id] = st.round


def _shield(game: Game, f: Figure) -> int:
    """The Shield printed on summon ``f``'s stat line (the Beast Tyrant's Monolith), 0 if none."""
    found = fx.summon_card(game, f)
    if found is None:
        return 0
    notes = fx.flags(found[2])
    return sum(int(n.removeprefix("summon-shield-")) for n in notes if n.startswith("summon-shield-"))


def _round_start(game: Game, timing: str) -> None:
    if timing == "start" and any(f.kind == "summon" for f in game.state.figures.values()):
        _arm(game, None)


def _turn_end(game: Game, f: Figure) -> None:
    """A summon placed this turn has its Retaliate at once."""
    if f.kind == "character" and any(
        g.kind == "summon" and g.owner == f.id for g in game.state.figures.values()
    ):
        _arm(game, f.id)


# ------------------------------------------------------------ Living Bomb


def summon_died(game: Game, f: Figure) -> None:
    """A summon with a death burst (the Living Bomb) attacks every enemy within its range in
    sight as it dies, then infuses its element. Called before its card leaves the active area."""
    found = fx.summon_card(game, f)
    board = game.board()
    owner = game.state.figures.get(f.owner) if f.owner is not None else None
    if found is None or board is None or owner is None or f.owner is None:
        return
    if "su-death-burst" not in fx.flags(found[2]):
        return
    value = fx.flag_number(found[2], "su-burst-attack-")
    reach = fx.flag_number(found[2], "su-burst-range-", 1)
    near = proximity(board, f.hex, reach)
    sight = sight_for(board, game.tables.ruleset.los)
    for g in sorted(game.state.figures.values(), key=lambda g: g.id):
        if not actions._hostile(owner, g) or g.kind == "objective":
            continue
        if near.get(g.hex, reach + 1) > reach or not sight.visible(f.hex, g.hex):
            continue
        poisoned = Condition.POISON in g.conditions
        hindered = monster_traits.hinders_attackers(game, g)  # the Night Demon's stat card
        draw = game.draw_modifiers(f.owner, attack=value + poisoned, disadvantage=hindered)
        result = resolve_attack(
            value, poisoned=poisoned, cards=draw.applied, shield=game.shield(g.id), pierce=0
        )
        game.emit("attack", f.id, g.id, f"value={result.value}", f"damage={result.damage}", "on-death")
        if result.damage and g.id in game.state.figures:
            game.lose_hp(g, result.damage, "attack")
    for note in fx.flags(found[2]):
        if note.startswith("su-burst-infuse-"):
            element = Element(note.removeprefix("su-burst-infuse-"))
            game.state.elements.infuse(element)
            game.emit("infusing", element.value)


task_handler("su_pick", _run_pick, _apply_pick)
ROUND_HOOKS.append(_round_start)
TURN_END_HOOKS.append(_turn_end)
