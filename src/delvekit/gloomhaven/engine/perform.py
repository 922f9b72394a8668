"""Performing one ability of a figure (:meth:`Game.perform <delvekit.gloomhaven.engine.game.Game.perform>`):
the bonuses the hook points add to it (``move_bonus``, ``ranged_attack`` ...), what prevents it,
and where it goes: an agenda task on the map (move, attack, push, pull, heal with range, loot), a
named effect's handler, the game's resolver, or an effect applied at once (§3.4)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import msgspec

from delvekit.gloomhaven.engine import actions as engine_actions
from delvekit.gloomhaven.engine import hooks
from delvekit.gloomhaven.engine import registry as effects
from delvekit.gloomhaven.engine import used as engine_used
from delvekit.gloomhaven.engine.payloads import AttackStep, MoveStep, Shove, forced_kind
from delvekit.gloomhaven.engine.state import FigureId, Task
from delvekit.gloomhaven.model.abilities import Ability
from delvekit.gloomhaven.model.conditions import Condition

if TYPE_CHECKING:
    from delvekit.gloomhaven.engine.game import Game


def perform(game: Game, fid: FigureId, ability: Ability, *, from_bonus: bool = False) -> None:
    """Resolve one ability of ``fid``. ``from_bonus``: the ability is on a round-bonus or
    persistent half, so its shield/retaliate acts from the active area (and ends with the
    card), not as a stored bonus."""
    st = game.state
    f = st.figures.get(fid)
    if f is None:
        return
    kind = ability.kind
    if f.kind == "character" and hooks.before_ability.any(game, fid, ability):
        return  # done another way: a move first (Wings of the Night), other steps (the Sawbones)
    if kind in ("move", "heal") and f.kind == "character":  # Defensive Stance, Potent Potables
        bonus = hooks.move_bonus if kind == "move" else hooks.heal_bonus
        extra = sum(bonus.each(game, fid))
        if extra:
            ability = msgspec.structs.replace(ability, value=max(0, ability.value + extra))
        if kind == "move":
            for fn in hooks.move_ability.fns:  # Empowering Void
                ability = fn(game, fid, ability)
    elif kind == "attack" and ability.range > 0 and ability.targets >= 1 and not ability.area:
        more = sum(hooks.extra_targets.each(game, fid)) if f.kind == "character" else 0  # Quiver
        if more:
            ability = msgspec.structs.replace(ability, targets=ability.targets + more)
    if kind == "attack" and ability.range > 0 and f.kind == "character":
        for fn in hooks.ranged_attack.fns:  # Backup Ammunition, Grasping Vermin, Song of Speed
            ability = fn(game, fid, ability)
    on_board = f.kind == "character" and game.tables.board is not None
    later = kind in ("move", "attack", "push", "pull") or (kind == "heal" and ability.range > 0)
    prevented = (kind == "move" and Condition.IMMOBILIZE in f.conditions) or (
        kind == "attack" and (Condition.DISARM in f.conditions or hooks.cannot_attack.any(game, f))
    )
    named = effects.handler(ability.note) if kind == "custom" else None
    if kind not in ("xp", "infuse") and not prevented and not (on_board and later) and named is None:
        game.mark_used(fid)  # used as it resolves; the others say so once they act (§3.4)
    if kind == "move" and Condition.IMMOBILIZE in f.conditions:
        game.emit("prevented", fid, "move", "immobilize")
    elif kind == "attack" and Condition.DISARM in f.conditions:
        game.emit("prevented", fid, "attack", "disarm")
    elif kind == "attack" and prevented:
        game.emit("prevented", fid, "attack", "on-obstacle")  # Cloak of Phasing
    elif kind == "loot" and f.kind == "character" and game.tables.board is not None:
        if not hooks.loot_offer.any(game, f, ability.value):  # Thief's Hood asks first
            engine_actions.loot(game, f, ability.value)
    elif kind in ("push", "pull") and f.kind == "character" and game.tables.board is not None:
        game.push(Task("shove", fid, ability.value, Shove(forced_kind(kind), ability.targets).text))
    elif kind == "heal" and ability.range and f.kind == "character" and game.tables.board is not None:
        game.push(Task("heal_ally", fid, ability.value, str(ability.range)))
    elif kind in ("move", "attack") and f.kind == "character" and game.tables.board is not None:
        if kind == "move":
            mode = "jump" if ability.jump else "walk"  # a flier flies whatever it is given (§5.3)
            game.push(Task("move", fid, ability.value, MoveStep(0, mode).text))
        elif ability.consume:
            game.push(Task("augment", fid, ability.value, str(ability)))
        else:
            game.push(Task("attack", fid, ability.value, AttackStep(ability).text))
    elif named is not None:  # it reports what it did (engine_used, §3.4)
        if f.kind == "character":
            engine_used.watch(game, fid)
        if named(game, fid, ability):
            game.mark_used(fid)
    elif not ability.self_resolved:
        if game.resolver is not None:
            game.resolver.resolve(game, fid, ability)
        else:
            game.emit("unresolved", fid, *str(ability).replace(":", "_").split())
    elif kind == "heal":
        game.heal(fid, ability.value)
    elif kind in ("shield", "retaliate", "negate"):
        if kind == "shield" and not from_bonus:
            f.shield_bonus += ability.value
        elif kind == "retaliate" and not from_bonus and ability.range > 1:
            f.retaliate_far = (*f.retaliate_far, (ability.value, ability.range))
        elif kind == "retaliate" and not from_bonus:
            f.retaliate_bonus += ability.value
        game.emit("bonus", fid, kind, ability.value)
    elif kind == "condition" and ability.condition is not None:
        game.add_condition(fid, ability.condition)
    elif kind == "infuse" and ability.element is not None:
        if f.kind == "monster":
            st.group_infusions.append(ability.element.value)
        else:
            game.infuse(ability.element)
    elif kind == "suffer":
        game.suffer_damage(fid, ability.value, "suffer")
    elif kind == "xp" and f.kind == "character":
        st.characters[fid].xp += ability.value
        game.emit("xp", fid, ability.value)
