"""Character summons (§12): ``summon`` places a summon on an empty adjacent hex the owner
chooses, with its stat line and attacks adding its conditions; it dies when its card leaves
play (:func:`card_left_play`), and its card is lost when it dies (:func:`summon_killed`).
"""

from __future__ import annotations

from delvekit.core.hexes import Hex
from delvekit.gloomhaven.content import monster_traits
from delvekit.gloomhaven.effects.parts import (
    active_halves,
    empty_adjacent,
    flag_number,
    flags,
    named_in,
    parts,
)
from delvekit.gloomhaven.engine import actions
from delvekit.gloomhaven.engine.game import Game, half_of
from delvekit.gloomhaven.engine.registry import effect
from delvekit.gloomhaven.engine.state import ActiveCard, Figure, Task
from delvekit.gloomhaven.engine.strike import strike_once
from delvekit.gloomhaven.model.abilities import Ability
from delvekit.gloomhaven.model.conditions import Condition


@effect("summon")
def _summon(game: Game, fid: str, ability: Ability) -> None:
    """§12: the owner places the summon on an empty adjacent hex (none: nothing happens)."""
    f = game.state.figures.get(fid)
    if f is None:
        return
    free = sorted(empty_adjacent(game, f))
    if not free:
        game.emit("no-hex", fid, "summon")
        return
    spots = ";".join(actions.hex_token(h) for h in free)
    game.push(Task("fx_pick", fid, 0, f"summon|{spots}|{ability}"))


def summon_name(ability: Ability) -> str:
    return next((n.removeprefix("name-") for n in flags(ability) if n.startswith("name-")), "summon")


def place_summon(game: Game, owner: str, h: Hex, ability: Ability) -> None:
    """Put ``owner``'s summon from ``ability`` (its stat flags) on ``h``."""
    moves, attacks = parts(ability, "move"), parts(ability, "attack")
    attack = attacks[0] if attacks else None
    x_attack = "attack-x-half-health" in flags(ability)
    health = flag_number(ability, "health-")
    game.summon(
        owner,
        summon_name(ability),
        health,
        h,
        move=moves[0].value if moves else 0,
        attack=(health + 1) // 2 if x_attack else (attack.value if attack else 0),
        range=attack.range if attack else 0,
    )


def summon_card(game: Game, f: Figure) -> tuple[int, ActiveCard, Ability] | None:
    """The active card (index, card, summon ability) that keeps summon ``f`` in play."""
    if f.kind != "summon" or f.owner is None:
        return None
    for i, active, half in active_halves(game, f.owner):
        for a in named_in(half, "summon"):
            if summon_name(a) == f.name:
                return i, active, a
    return None


def summon_adds(game: Game, f: Figure) -> tuple[Condition, ...]:
    """Conditions a character summon's attacks add (its stat line, e.g. Rat Swarm's poison)."""
    found = summon_card(game, f)
    if found is None:
        return ()
    return tuple(c for a in parts(found[2], "attack") for c in a.adds)


def summon_attack(game: Game, f: Figure, printed: int) -> int:
    """A summon's attack now: the printed value, or for "X = half its current hit points,
    rounded up" (Rat King) that half."""
    found = summon_card(game, f)
    if found is not None and "attack-x-half-health" in flags(found[2]):
        return (f.hp + 1) // 2
    return printed


def summon_killed(game: Game, f: Figure) -> None:
    """A summon died: its card leaves the active area (to the lost pile if it has the icon)."""
    found = summon_card(game, f)
    if found is None or f.owner is None:
        return
    i, active, _ = found
    ch = game.state.characters[f.owner]
    del ch.active[i]
    (ch.lost if active.lost else ch.discard).append(active.card)
    game.emit("card", f.owner, active.card, "lost" if active.lost else "discard")


def card_left_play(game: Game, cid: str, card: str) -> None:
    """A card left the active area (lost to negate damage, discarded...): its summon goes."""
    for f in list(game.state.figures.values()):
        if f.kind != "summon" or f.owner != cid:
            continue
        half_cards = [
            (c, h)
            for c in (card,)
            for h in ("top", "bottom")
            if any(summon_name(a) == f.name for a in named_in(half_of(game, cid, c, h), "summon"))
        ]
        if half_cards and summon_card(game, f) is None:
            del game.state.figures[f.id]
            game.state.summon_stats.pop(f.id, None)
            game.emit("removed", f.id, "card-left-play")
    from delvekit.gloomhaven.engine.flying import grounded

    grounded(game, cid)  # Winged Congregation gone while over an obstacle (§5.3)


def death_strike(game: Game, summon: Figure, owner: str, target: Figure, value: int) -> int:
    """One attack a dying character summon makes on ``target`` (the Burning Avatar, the Living
    Bomb): Attack ``value``, +1 on a poisoned target, its owner's modifier deck (disadvantage
    against a Night Demon), the target's shield; no retaliation (the attacker is gone). Emits
    the attack and returns the damage, which the caller deals."""
    hindered = monster_traits.hinders_attackers(game, target)  # the Night Demon's stat card
    struck = strike_once(
        game, summon.id, target, value, disadvantage=hindered, drawer=owner, tail=("on-death",)
    )
    return struck.result.damage
