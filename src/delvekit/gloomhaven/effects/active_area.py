"""Class bonuses that act from the active area, and what the engine asks of them.

Performing one of these wordings only says so (``bonus``); the card then acts while it stays
active: ``retaliate-on-melee-attacked`` (Purifying Aura), ``move-modifier`` (Defensive Stance),
``next-heals-bonus`` (Potent Potables), ``item-use-attack-bonus`` (Proficiency),
``attack-modifier`` (Scales of Justice), ``next-attacks-bonus`` (Angelic Ascension),
``consume-on-attack`` (Weapon of Purity), ``ignore-shields-this-round`` (Portable Ballista),
``adjacent-allies-ranged-attacks-add-target`` (Quiver of Arrows), and those read by
:mod:`~delvekit.gloomhaven.effects.turn_end` and :mod:`~delvekit.gloomhaven.effects.protection`.
``move-bonus-this-round`` (Supportive Chant) and ``attackers-disadvantaged-this-round``
(Engulfing Radiance) act for this round.

The engine asks :func:`move_bonus` and :func:`heal_bonus` (a character's move and heal
abilities), :func:`extra_targets` (ranged attacks), :func:`strike_extra` and
:func:`attack_consumption` (each attack), :func:`melee_attacked` and
:func:`attackers_disadvantaged` (every monster attack). :func:`active_holders` and :func:`spend_use` find
the active cards with a named effect and advance their use slots.
"""

from __future__ import annotations

import msgspec

from delvekit.core.records import Decision
from delvekit.gloomhaven.effects import parts as effects_parts
from delvekit.gloomhaven.effects.allies import allies_named
from delvekit.gloomhaven.effects.consume import split_consumption
from delvekit.gloomhaven.engine.game import Game, half_of, task_handler
from delvekit.gloomhaven.engine.registry import effect
from delvekit.gloomhaven.engine.state import Figure, Task
from delvekit.gloomhaven.model.abilities import Ability
from delvekit.gloomhaven.model.elements import Element


def item_attack_bonus(game: Game, f: Figure) -> int:
    """Proficiency: +N to every attack of an attack action during which the character used
    an item."""
    holders = active_holders(game, f.id, "item-use-attack-bonus")
    if not holders:
        return 0
    since = effects_parts.events_since(game, "action", f.id)
    if not any(kind == "item-used" and args and args[0] == f.id for kind, args in since):
        return 0
    return sum(p.value for _, a in holders for p in effects_parts.parts(a, "attack"))


# ------------------------------------------------------- active-area bonuses


@effect(
    "retaliate-on-melee-attacked",
    "move-modifier",
    "next-heals-bonus",
    "infuse-at-turn-end-unless-strong",
    "item-use-attack-bonus",
    "at-turn-end",
    "attack-modifier",
    "next-attacks-bonus",
    "refresh-at-round-end",
    "refresh-on-long-rest",
    "adjacent-allies-ranged-attacks-add-target",
    "consume-on-attack",
    "ignore-shields-this-round",
    "take-ally-damage",
    "shield-allies",
)
def _passive(game: Game, fid: str, ability: Ability) -> None:
    """Bonuses that act from the active area (see the module docstring)."""
    game.emit("bonus", fid, ability.note)


def spend_use(game: Game, cid: str, index: int) -> None:
    """Advance the use token of active card ``index`` (its slot's XP; the last slot sends the
    card to its pile)."""
    ch = game.state.characters[cid]
    active = ch.active[index]
    half = half_of(game, cid, active.card, active.half)
    used = active.used + 1
    if used <= len(half.use_xp) and half.use_xp[used - 1]:
        ch.xp += half.use_xp[used - 1]
        game.emit("xp", cid, half.use_xp[used - 1])
    if half.uses and used >= half.uses:
        del ch.active[index]
        (ch.lost if active.lost else ch.discard).append(active.card)
        game.emit("card", cid, active.card, "lost" if active.lost else "discard")
    else:
        ch.active[index] = msgspec.structs.replace(active, used=used)


def active_holders(game: Game, cid: str, note: str) -> list[tuple[int, Ability]]:
    """(active card index, ability) of ``cid``'s active cards with the named effect."""
    if cid not in game.state.characters:
        return []
    return [
        (i, a)
        for i, _, half in effects_parts.active_halves(game, cid)
        for a in effects_parts.named_in(half, note)
    ]


def move_bonus(game: Game, fid: str) -> int:
    """What the active area adds to (or takes from) a move ability of ``fid`` (Defensive
    Stance: −1), and what allies gave it this round (Supportive Chant: +2)."""
    total = 0
    for _, a in active_holders(game, fid, "move-modifier"):
        total += effects_parts.flag_number(a, "move-plus-") - effects_parts.flag_number(a, "move-minus-")
    if effects_parts.named_in_play(game, "move-bonus-this-round"):
        total += sum(
            int(args[1].removeprefix("+"))
            for kind, args in effects_parts.round_events(game)
            if kind == "round-move-bonus" and args[0] == fid
        )
    return total


@effect("move-bonus-this-round")
def _move_bonus_this_round(game: Game, fid: str, ability: Ability) -> None:
    """Supportive Chant: the allies named add the bonus to their move abilities this round."""
    f = game.state.figures.get(fid)
    if f is None:
        return
    who = next((n for n in effects_parts.flags(ability) if n.startswith("affects-")), "affects-allies")
    ids, _ = allies_named(game, f, who)
    n = effects_parts.flag_number(ability, "move-plus-")
    for aid in ids:
        game.emit("round-move-bonus", aid, f"+{n}", f"by={fid}")


def strike_extra(
    game: Game, f: Figure, target: Figure, out: effects_parts.StrikeBonus, extras: str = ""
) -> None:
    """What the character's active area adds to one attack: Proficiency (an item used in the
    action), Scales of Justice (−1), Angelic Ascension (+3, wound and advantage on the next
    attack actions, one use slot per action)."""
    if f.kind != "character":
        return
    from delvekit.gloomhaven.effects.classes import spellweaver as effects_spellweaver  # Crackling Air

    effects_spellweaver.strike_extra(game, f, out)
    used_item = item_attack_bonus(game, f)
    if used_item:
        out.attack += used_item
        out.why.append(f"item-used+{used_item}")
    for _, a in active_holders(game, f.id, "attack-modifier"):
        n = sum(p.value for p in effects_parts.parts(a, "attack"))
        out.attack += n
        out.why.append(f"modifier{n:+d}")
    _next_attacks(game, f, out)
    if active_holders(game, f.id, "ignore-shields-this-round"):  # Portable Ballista
        out.pierce += 99
        out.why.append("ignore-shields")
    paid = next((t[5:] for t in extras.split(",") if t.startswith("augc=")), "-")
    for i, a in active_holders(game, f.id, "consume-on-attack"):
        _, element, bought = split_consumption(a)
        if element == paid or (element == "wild" and paid != "-"):  # Weapon of Purity, Formless Power
            _apply_bonus(Ability(kind="custom", note="bought", then=tuple(bought)), out)
            out.xp += sum(p.value for p in bought if p.kind == "xp")
            game.emit("attack-action-bonus", f.id, f"consumed={element}")
            active = game.state.characters[f.id].active[i]
            if half_of(game, f.id, active.card, active.half).uses:  # Foul Wind: one use slot
                spend_use(game, f.id, i)
                break
        elif _action_bonus_paid(game, f):  # a later target of the same attack action
            _apply_bonus(Ability(kind="custom", note="bought", then=tuple(bought)), out)


def _action_bonus_paid(game: Game, f: Figure) -> bool:
    since = effects_parts.events_since(game, "action", f.id)
    return any(kind == "attack-action-bonus" and args and args[0] == f.id for kind, args in since)


def attack_consumption(game: Game, f: Figure) -> Element | None:
    """Weapon of Purity: the element a character may consume during its attack, if it can."""
    if f.kind != "character" or _action_bonus_paid(game, f):
        return None
    for _, a in active_holders(game, f.id, "consume-on-attack"):
        element = split_consumption(a)[1]
        if element == "wild" and game.state.elements.consumable():  # Formless Power
            return game.state.elements.consumable()[0]
        if (
            element is not None
            and element != "wild"
            and game.state.elements.can_consume(Element.parse(element))
        ):
            return Element.parse(element)
    return None


def attack_consumption_offers(game: Game, f: Figure, offer: Element) -> list[Element]:
    """The elements the player may consume for this attack: every Strong or Waning one when an
    active card takes any element (Formless Power), else ``offer``."""
    if f.kind == "character" and not _action_bonus_paid(game, f):
        for _, a in active_holders(game, f.id, "consume-on-attack"):
            if split_consumption(a)[1] == "wild" and offer in game.state.elements.consumable():
                return game.state.elements.consumable()
    return [offer]


@effect("attackers-disadvantaged-this-round")
def _radiance(game: Game, fid: str, ability: Ability) -> None:
    """Engulfing Radiance: attacks on the figures named (you and your allies within range, when
    performed) have disadvantage this round."""
    f = game.state.figures.get(fid)
    if f is None:
        return
    who = next((n for n in effects_parts.flags(ability) if n.startswith("affects-")), "affects-self")
    ids, _ = allies_named(game, f, who)
    game.emit("radiance", fid, *ids)


def attackers_disadvantaged(game: Game, target: Figure) -> bool:
    """Whether attacks on ``target`` have disadvantage this round (Engulfing Radiance)."""
    if not effects_parts.named_in_play(game, "attackers-disadvantaged-this-round"):
        return False
    return any(
        kind == "radiance" and target.id in args[1:] for kind, args in effects_parts.round_events(game)
    )


def _next_attacks(game: Game, f: Figure, out: effects_parts.StrikeBonus) -> None:
    holders = active_holders(game, f.id, "next-attacks-bonus")
    if not holders:
        return
    since = effects_parts.events_since(game, "action", f.id)
    marked = {args[1] for kind, args in since if kind == "next-attack-bonus" and args[0] == f.id}
    ch = game.state.characters[f.id]
    for i, a in reversed(holders):
        card = ch.active[i].card
        if card not in marked:  # the first attack of this action: one use slot
            game.emit("next-attack-bonus", f.id, card)
            spend_use(game, f.id, i)
        _apply_bonus(a, out)
    for card in marked - {ch.active[i].card for i, _ in holders if i < len(ch.active)}:
        for half in (game.card(f.id, card).top, game.card(f.id, card).bottom):
            for a in effects_parts.named_in(half, "next-attacks-bonus"):
                _apply_bonus(a, out)  # its last slot was spent earlier in this action


def _apply_bonus(a: Ability, out: effects_parts.StrikeBonus) -> None:
    for p in a.then:
        if p.kind == "attack":
            out.attack += p.value
            out.why.append(f"next-attacks+{p.value}")
        elif p.kind == "condition" and p.condition is not None:
            out.adds.append(p.condition)
        elif p.kind == "custom" and p.note == "advantage":
            out.advantage = True


def heal_bonus(game: Game, fid: str) -> int:
    """What the active area adds to a heal ability of ``fid`` (Potent Potables: +2, spending a
    use slot for each heal ability)."""
    total = 0
    for i, a in reversed(active_holders(game, fid, "next-heals-bonus")):
        n = effects_parts.flag_number(a, "heal-plus-")
        total += n
        game.emit("bonus", fid, "heal", n, f"by={game.state.characters[fid].active[i].card}")
        spend_use(game, fid, i)
    return total


def melee_attacked(game: Game, attacker: Figure, target: Figure) -> None:
    """A monster starts a melee attack on ``target``: its "on the next melee attacks targeting
    you, gain Retaliate N" card spends a use slot and gives that retaliate for this attack
    (removed again once the attack and its after-effects are done)."""
    if target.kind != "character" or attacker.kind != "monster" or attacker.rank is None:
        return
    if game.tables.types[attacker.name].stats(attacker.rank).range > 0:
        return
    holders = active_holders(game, target.id, "retaliate-on-melee-attacked")
    if not holders:
        return
    amount = 0
    for i, a in reversed(holders):
        amount += sum(p.value for p in effects_parts.parts(a, "retaliate"))
        spend_use(game, target.id, i)
    if amount:
        game.push(Task("cls_unretaliate", target.id, amount))  # runs after this attack's steps
        target.retaliate_bonus += amount
        game.emit("bonus", target.id, "retaliate", amount, "melee-attacked")


def _run_unretaliate(game: Game, task: Task) -> Decision | None:
    game.pop_task()
    f = game.state.figures.get(task.who)
    if f is not None:
        f.retaliate_bonus = max(0, f.retaliate_bonus - task.n)
    return None


def extra_targets(game: Game, fid: str) -> int:
    """Quiver of Arrows: a ranged attack of a character next to an ally with the card active
    gains its extra targets."""
    f = game.state.figures.get(fid)
    board = game.board()
    if f is None or board is None:
        return 0
    total = 0
    for cid in game.state.characters:
        g = game.state.figures.get(cid)
        if cid == fid or g is None or not board.adjacent(f.hex, g.hex):
            continue
        for _, a in active_holders(game, cid, "adjacent-allies-ranged-attacks-add-target"):
            total += effects_parts.flag_number(a, "target-")
    return total


task_handler("cls_unretaliate", _run_unretaliate)
