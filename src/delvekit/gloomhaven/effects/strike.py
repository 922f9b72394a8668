"""What class cards add to each attack, asked by the engine's attack pipeline.

:func:`strike_bonus` gathers one attack's bonuses on one target (round bonuses, augments,
per-condition bonuses and those of other classes' modules); :func:`after_strike` applies what
follows the attack; :func:`killed_instead`, :func:`shield_against_attack` and
:func:`round_attack_bonus` answer the engine's other questions. ``bonus-this-round`` (+N to all
your attacks this round, maybe only against targets with listed conditions — Wall of Doom,
Quietus, Frenzied Onslaught; with an ``affects`` part, allies too) and
``allies-bonus-per-nearby-ally`` (Many as One) are performed here; the active-area wordings
``redirect-attacks``, ``shield-on-attacked``, ``xp-per-retaliate``, ``two-augments-active``,
``ranged-attacks-gain-augments`` and ``moves-count-as-attacks`` only say so when performed.
"""

from __future__ import annotations

import msgspec

from delvekit.core.paths import proximity
from delvekit.gloomhaven.effects.classes.mindthief import (
    augment_bonus,
    augment_owner,
    consumed_parts,
)
from delvekit.gloomhaven.effects.parts import (
    NEGATIVE,
    StrikeBonus,
    active_halves,
    figures_in_reach,
    flags,
    named_in,
    named_in_play,
    parts,
    reach_of,
    round_events,
)
from delvekit.gloomhaven.effects.picks import kill
from delvekit.gloomhaven.engine import actions
from delvekit.gloomhaven.engine.game import Game
from delvekit.gloomhaven.engine.registry import STRIKE_HOOKS, effect
from delvekit.gloomhaven.engine.state import Figure, Task
from delvekit.gloomhaven.model.abilities import Ability

# -------------------------------------------------------- active-area bonuses


@effect(
    "redirect-attacks",
    "shield-on-attacked",
    "xp-per-retaliate",
    "two-augments-active",
    "ranged-attacks-gain-augments",
    "moves-count-as-attacks",
)
def _passive(game: Game, fid: str, ability: Ability) -> None:
    """Bonuses that act from the active area (see the module docstring)."""
    game.emit("bonus", fid, ability.note)


@effect("bonus-this-round")
def _bonus_this_round(game: Game, fid: str, ability: Ability) -> None:
    """+N to all your attacks this round (from the active area); with an ``affects`` part
    (Enhancement Field: "you and all adjacent allies"), the allies it names when performed get
    the same bonus this round."""
    game.emit("bonus", fid, ability.note)
    f = game.state.figures.get(fid)
    who = [n for n in flags(ability) if n.startswith("affects-") and n != "affects-self"]
    if f is None or not who:
        return
    friends = [
        g
        for g in game.state.figures.values()
        if g is not f and not actions.hostile(f, g) and g.kind != "objective"
    ]
    if who[0] not in ("affects-allies", "affects-self-allies"):  # else every ally (Supportive Chant)
        friends = figures_in_reach(game, f, reach_of(ability) if "-range-" in who[0] else 1, friends)
    n = sum(p.value for p in parts(ability, "attack"))
    for g in sorted(friends, key=lambda g: g.id):
        game.emit("round-attack-bonus", g.id, f"+{n}", f"by={fid}")


def strike_bonus(game: Game, f: Figure, target: Figure, ability: Ability, extras: str) -> StrikeBonus:
    """Bonuses on one attack of ``f`` on ``target``: round bonuses, augments (melee attacks, or
    ranged ones under Psychic Projection), per-negative-condition bonuses."""
    out = StrikeBonus()
    tokens = [t for t in extras.split(",") if t]
    negatives = sum(1 for c in target.conditions if c in NEGATIVE)
    for t in tokens:
        if t.startswith("neg="):
            out.attack += int(t[4:]) * negatives
            if negatives and int(t[4:]):
                out.why.append(f"negative-conditions={negatives}")
        elif t.startswith("negxp="):
            out.xp += int(t[6:]) * negatives
        elif t == "adv":  # a consumption bought advantage (Hammer Blow)
            out.advantage = True
    if f.kind != "monster":
        n = round_attack_bonus(game, f.id)
        if n:
            out.attack += n
            out.why.append(f"allies-bonus+{n}")
    owner = augment_owner(game, f, ability, tokens)
    if owner is not None:
        augment_bonus(game, owner, out, extras)
    from delvekit.gloomhaven.effects.classes import (
        doomstalker as effects_doomstalker,  # dooms: characters' and summons' attacks
    )

    effects_doomstalker.strike_extra(game, f, target, ability, out, extras)
    from delvekit.gloomhaven.effects.classes import (
        soothsinger as effects_soothsinger,  # songs: allies' attacks, summons too
    )

    effects_soothsinger.strike_extra(game, f, out)
    for hook in STRIKE_HOOKS:  # the Berserker's bonuses
        hook(game, f, target, out)
    if f.kind != "character":
        return out
    from delvekit.gloomhaven.effects import active_area as effects_active_area

    effects_active_area.strike_extra(game, f, target, out, extras)  # Proficiency, Scales of Justice...
    for _, _, half in active_halves(game, f.id):
        for a in named_in(half, "bonus-this-round"):
            who = [n for n in flags(a) if n.startswith("affects-")]
            if who and not any(n == "affects-self" or n.startswith("affects-self-") for n in who):
                continue  # "all adjacent allies add +2" (Harsh Stimulants): not the performer
            only = {p.condition for p in parts(a, "condition")}
            if not only or any(c in target.conditions for c in only):
                n = sum(p.value for p in parts(a, "attack"))
                out.attack += n
                out.why.append(f"round-bonus+{n}")
    from delvekit.gloomhaven.effects.classes import (
        cragheart as effects_cragheart,  # ranged/melee round bonuses
    )

    effects_cragheart.strike_extra(game, f, target, ability, out)
    from delvekit.gloomhaven.effects.classes import plagueherald as effects_plagueherald  # Spread the Plague

    effects_plagueherald.strike_extra(game, f, ability, out)
    from delvekit.gloomhaven.effects.classes import (
        scoundrel as effects_scoundrel,  # last: its "double" sees every bonus
    )

    effects_scoundrel.strike_extra(game, f, target, ability, out, extras)
    return out


def killed_instead(game: Game, f: Figure, target: Figure, extras: str) -> bool:
    """Phantasmal Killer: with dark consumed, a normal target is killed instead of attacked;
    Inspiring Sanctity (``killne``): a normal or elite one."""
    from delvekit.gloomhaven.effects.classes import spellweaver as effects_spellweaver  # Black Hole

    if effects_spellweaver.kills_instead(game, f, target):
        return True
    if "killne" in extras.split(",") and target.kind == "monster" and target.rank in ("normal", "elite"):
        kill(game, f.id, target.id)
        return True
    if "killn" in extras.split(",") and target.kind == "monster" and target.rank == "normal":
        kill(game, f.id, target.id)  # Spirit of the Night, Angel of Death (``killn``): a normal one
        return True
    owner = augment_owner(game, f, Ability(kind="attack"), [t for t in extras.split(",") if t])
    if owner is None:
        return False
    bought = [p.note for p in consumed_parts(game, owner, extras) if p.kind == "custom"]
    if "kill" in bought and target.kind == "monster" and target.rank == "normal":
        kill(game, f.id, target.id)
        return True
    return False


def after_strike(game: Game, f: Figure, bonus: StrikeBonus) -> None:
    """The after-effects of one attack's bonuses: augments' heal, shield or retaliate (until the
    end of the round), XP per negative condition."""
    owner = f.id if f.kind == "character" else None
    if f.id not in game.state.figures:
        return
    if bonus.heal_self:
        game.heal(f.id, bonus.heal_self)
    if bonus.shield:
        f.shield_bonus += bonus.shield
        game.emit("bonus", f.id, "shield", bonus.shield)
    if bonus.retaliate:
        f.retaliate_bonus += bonus.retaliate
        game.emit("bonus", f.id, "retaliate", bonus.retaliate)
    for amount, reach in bonus.heal_ally:
        game.push(Task("heal_ally", f.id, amount, str(reach)))
    if bonus.xp and owner is not None:
        game.state.characters[owner].xp += bonus.xp
        game.emit("xp", owner, bonus.xp)


def shield_against_attack(game: Game, target: Figure) -> int:
    """Shield from "on each attack on you" persistent bonuses (Warding Strength): each attack
    spends one use slot (with its XP); the last slot sends the card to the lost pile. Divine
    Intervention's shield for you and all allies counts for summons too."""
    from delvekit.gloomhaven.effects import protection as effects_protection
    from delvekit.gloomhaven.effects.classes import soothsinger as effects_soothsinger  # Defensive Ditty

    allies = effects_protection.ally_shield(game, target) + effects_soothsinger.ally_shield(game, target)
    if target.kind != "character":
        return allies
    ch = game.state.characters[target.id]
    total = allies
    for i, active, half in reversed(active_halves(game, target.id)):
        found = named_in(half, "shield-on-attacked")
        if not found:
            continue
        amount = sum(p.value for a in found for p in parts(a, "shield"))
        total += amount
        used = active.used + 1
        game.emit("bonus", target.id, "shield", amount, f"by={active.card}")
        if used <= len(half.use_xp) and half.use_xp[used - 1]:
            ch.xp += half.use_xp[used - 1]
            game.emit("xp", target.id, half.use_xp[used - 1])
        if half.uses and used >= half.uses:
            del ch.active[i]
            (ch.lost if active.lost else ch.discard).append(active.card)
            game.emit("card", target.id, active.card, "lost" if active.lost else "discard")
        else:
            ch.active[i] = msgspec.structs.replace(active, used=used)
    return total


@effect("allies-bonus-per-nearby-ally")
def _many_as_one(game: Game, fid: str, ability: Ability) -> None:
    """Many as One: each ally within range adds +X to its attacks this round, X = the number of
    your allies within that range (counted when performed)."""
    f = game.state.figures.get(fid)
    board = game.board()
    if f is None or board is None:
        return
    reach = reach_of(ability)
    near = proximity(board, f.hex, reach)
    allies = sorted(
        g.id
        for g in game.state.figures.values()
        if g is not f and not actions.hostile(f, g) and near.get(g.hex, reach + 1) <= reach
    )
    for aid in allies:
        game.emit("round-attack-bonus", aid, f"+{len(allies)}", f"by={fid}")


def round_attack_bonus(game: Game, fid: str) -> int:
    """Attack bonuses given to ``fid`` by others this round (Many as One, Enhancement Field)."""
    if not (named_in_play(game, "allies-bonus-per-nearby-ally") or named_in_play(game, "bonus-this-round")):
        return 0
    return sum(
        int(args[1].removeprefix("+"))
        for kind, args in round_events(game)
        if kind == "round-attack-bonus" and args[0] == fid
    )
