"""Who an ``affects-`` flag of a class wording names, and giving parts to one of them.

``affects-self``, ``affects-ally``, ``affects-allies-adjacent``, ``affects-self-allies-range-3``,
``affects-summons`` ... name the performer, its allies next to it or within range, or one ally
the player picks (:func:`allies_named`); :func:`give_parts` hands one of them a heal, shield,
retaliate, condition, bless, curse or damage.
"""

from __future__ import annotations

from delvekit.gloomhaven.effects import parts as effects_parts
from delvekit.gloomhaven.effects.consume import flag_total
from delvekit.gloomhaven.engine import actions
from delvekit.gloomhaven.engine.game import Game
from delvekit.gloomhaven.engine.state import Figure
from delvekit.gloomhaven.model.abilities import Ability

# ----------------------------------------------------------------- allies


def allies_named(game: Game, f: Figure, who: str) -> tuple[list[str], bool]:
    """(candidates, pick one) for an ``affects-`` flag: every figure named, or the figures
    the player picks one of."""
    st = game.state
    friends = [
        g for g in st.figures.values() if g is not f and not actions.hostile(f, g) and g.kind != "objective"
    ]
    kind = who.removeprefix("affects-")
    reach = int(kind.rsplit("-", 1)[1]) if kind.rsplit("-", 1)[-1].isdigit() else 0
    kind = kind.removesuffix(f"-range-{reach}") if reach else kind
    if kind == "self":
        return [f.id], False
    with_self = kind.startswith("self-")
    kind = kind.removeprefix("self-or-").removeprefix("self-")
    if kind.endswith("adjacent"):
        found = effects_parts.figures_in_reach(game, f, 1, friends)
    elif reach:
        found = effects_parts.figures_in_reach(game, f, reach, friends)
    else:
        found = friends
    if kind.startswith("summons"):  # the Summoner's "your summoned allies"
        found = [g for g in found if g.kind == "summon" and g.owner == f.id]
    ids = sorted(g.id for g in found)
    if with_self or who.startswith("affects-self-or-"):
        ids = [f.id, *ids]
    return ids, kind in ("ally", "ally-adjacent") or who.startswith("affects-self-or-")


def give_parts(game: Game, fid: str, rid: str, items: list[Ability]) -> None:
    """One ally (or the performer) receives the parts."""
    target = game.state.figures.get(rid)
    if target is None:
        return
    for p in items:
        if p.kind == "heal":
            game.heal(rid, p.value + flag_total(items, "heal-plus-"))
        elif p.kind == "shield":
            target.shield_bonus += p.value
            game.emit("bonus", rid, "shield", p.value, f"by={fid}")
        elif p.kind == "retaliate":
            target.retaliate_bonus += p.value
            game.emit("bonus", rid, "retaliate", p.value, f"by={fid}")
        elif p.kind == "condition" and p.condition is not None:
            game.add_condition(rid, p.condition)
        elif p.kind == "custom" and p.note in ("bless", "curse"):
            game.add_modifier_card(rid, p.note)
        elif p.kind == "suffer":  # Harsh Stimulants: adjacent allies suffer damage
            game.suffer_damage(rid, p.value, "suffer")
