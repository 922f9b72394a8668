"""Named effects of the Mindthief's ability cards, registered in
:mod:`delvekit.gloomhaven.engine.registry`.

=============================  ===============================================================
``attack-per-condition``       +N attack (and XP) per negative condition on each target —
                               Submissive Affliction, Perverse Edge
``attack-consumes``            an attack with one or more optional element consumptions, each
                               adding attack, conditions, a curse or XP — Frigid Apparition,
                               Dark Frenzy, Shared Nightmare
``consume-for``                a consumption of its own (shield self, curse an adjacent enemy)
``push-consume``               Push N to adjacent enemies, more when consuming — Silent Scream
``augment``                    an older augment in the active area is discarded (two may stay
                               with ``two-augments-active``); augments add to melee attacks
                               (ranged ones too with ``ranged-attacks-gain-augments``)
``control-enemy``              one enemy in range performs the parts, the player choosing its
                               path and targets; its attack uses the monster's range and deck,
                               and may target only its own allies, never itself
``ally-performs``              an ally (adjacent or in range) performs the parts
``enemy-turns-on-its-allies``  a normal or elite enemy treats its allies as enemies this round
                               (controlled by the player with ``you-control``) — Hostile
                               Takeover, Domination
``extra-coin-per-adjacent-enemy``  Loot, then one more coin per adjacent enemy from the supply
=============================  ===============================================================
"""

from __future__ import annotations

import msgspec

from delvekit.core.records import Choice, Decision
from delvekit.gloomhaven.effects.parts import (
    StrikeBonus,
    active_halves,
    adjacent_enemies,
    attack_task_text,
    flag_number,
    flags,
    is_adjacent,
    named_in,
    named_in_play,
    offer_pick,
    parts,
    perform_attack,
    perform_move,
    round_events,
)
from delvekit.gloomhaven.engine import actions
from delvekit.gloomhaven.engine.game import Game, half_of, task_handler
from delvekit.gloomhaven.engine.payloads import MoveStep, Shove
from delvekit.gloomhaven.engine.registry import effect
from delvekit.gloomhaven.engine.state import Figure, Task
from delvekit.gloomhaven.model.abilities import Ability
from delvekit.gloomhaven.model.conditions import Condition
from delvekit.gloomhaven.model.elements import Element


def augments(game: Game, cid: str) -> list[Ability]:
    """The character's active augments (the one being played counts at once)."""
    ch = game.state.characters.get(cid)
    if ch is None:
        return []
    out = [a for _, _, half in active_halves(game, cid) for a in named_in(half, "augment")]
    if ch.playing is not None and ch.used_half in ("top", "bottom"):
        out += named_in(half_of(game, cid, ch.playing, ch.used_half), "augment")
    return out


def augment_owner(game: Game, f: Figure, ability: Ability, tokens: list[str]) -> str | None:
    """Whose augments apply to this attack of ``f``, if any (``aug=CID``: an ally's attack
    that gains CID's augments, Domination)."""
    lent = next((t[4:] for t in tokens if t.startswith("aug=")), None)
    if lent is not None or f.kind != "character":
        return lent
    ranged_gain = any(
        named_in(half, "ranged-attacks-gain-augments") for _, _, half in active_halves(game, f.id)
    )
    if "noaug" not in tokens and (ability.range == 0 or ranged_gain):
        return f.id
    return None


def augment_consumption(game: Game, f: Figure, ability: Ability, extras: str) -> Element | None:
    """The element an active augment may consume for this attack (Frozen Mind, Phantasmal
    Killer), when it can and the player has not answered yet."""
    tokens = [t for t in extras.split(",") if t]
    if any(t.startswith("augc=") for t in tokens):
        return None
    from delvekit.gloomhaven.effects import active_area as effects_active_area

    own = effects_active_area.attack_consumption(game, f)  # Weapon of Purity
    if own is not None:
        return own
    owner = augment_owner(game, f, ability, tokens)
    if owner is None:
        return None
    for aug in augments(game, owner):
        for note in flags(aug):
            if note.startswith("consume-"):
                element = Element.parse(note.removeprefix("consume-"))
                if game.state.elements.can_consume(element):
                    return element
    return None


def consumed_parts(game: Game, owner: str, extras: str) -> list[Ability]:
    """What the augment consumption of this attack bought (after ``augc=E``)."""
    paid = next((t[5:] for t in extras.split(",") if t.startswith("augc=")), "-")
    if paid == "-":
        return []
    out: list[Ability] = []
    for aug in augments(game, owner):
        bought = False
        for p in aug.then:
            if p.kind == "custom" and p.note.startswith("consume-"):
                bought = p.note == f"consume-{paid}"
            elif bought:
                out.append(p)
    return out


def augment_bonus(game: Game, cid: str, out: StrikeBonus, extras: str = "") -> None:
    """Add what ``cid``'s augments (and their paid consumptions) give this attack to ``out``."""
    for p in consumed_parts(game, cid, extras):
        if p.kind == "condition" and p.condition is not None:
            out.adds.append(p.condition)
    for aug in augments(game, cid):
        if any(n.startswith("consume-") for n in flags(aug)):
            continue  # what it buys comes only with the consumption (above)
        for p in aug.then:
            if p.kind == "attack":
                out.attack += p.value
                out.why.append(f"augment+{p.value}")
            elif p.kind == "condition" and p.condition is not None:
                out.adds.append(p.condition)
            elif p.kind == "heal" and p.range > 0:
                out.heal_ally.append((p.value, p.range))
            elif p.kind == "heal":
                out.heal_self += p.value
            elif p.kind == "shield":
                out.shield += p.value
            elif p.kind == "retaliate":
                out.retaliate += p.value


# ------------------------------------------------------------- per condition


@effect("attack-per-condition")
def _attack_per_condition(game: Game, fid: str, ability: Ability) -> None:
    attacks = parts(ability, "attack")
    if not attacks:
        return
    per = flag_number(ability, "per-negative-condition-")
    xp = sum(p.value for p in parts(ability, "xp"))
    perform_attack(game, fid, attacks[0], f"neg={per},negxp={xp}")


# ------------------------------------------------------------- consumptions


def _consume_groups(ability: Ability) -> tuple[list[Ability], list[tuple[Element | None, list[Ability]]]]:
    """(base parts, [(element, bonus parts)...]) of a consuming effect; element ``None`` is a
    wild consumption (any one Strong or Waning element, the player's choice, §9)."""
    base: list[Ability] = []
    groups: list[tuple[Element | None, list[Ability]]] = []
    for p in ability.then:
        if p.kind == "custom" and p.note.startswith("consume-"):
            name = p.note.removeprefix("consume-")
            groups.append((None if name == "wild" else Element.parse(name), []))
        elif groups:
            groups[-1][1].append(p)
        else:
            base.append(p)
    return base, groups


@effect("attack-consumes", "consume-for", "push-consume")
def _consumes(game: Game, fid: str, ability: Ability) -> None:
    """Ask for each optional consumption in turn, then perform (``fx_consume``)."""
    game.push(Task("fx_consume", fid, 0, f"|{ability}"))


def _run_consume(game: Game, task: Task) -> Decision | None:
    chosen, text = task.text.split("|", 1)
    ability = Ability.parse(text)
    _, groups = _consume_groups(ability)
    if task.n >= len(groups):
        game.pop_task()
        _finish_consumes(game, task.who, ability, [int(i) for i in chosen.split(";") if i])
        return None
    element = groups[task.n][0]
    elements = game.state.elements
    offer = elements.consumable() if element is None else [element] if elements.can_consume(element) else []
    if not offer:
        game.pop_task()
        game.push(Task("fx_consume", task.who, task.n + 1, task.text))
        return None
    choices = [*(Choice("consume", (e.value,)) for e in offer), Choice("no-consume")]
    return Decision(task.who, "consume", choices)


def _apply_consume(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    chosen, text = task.text.split("|", 1)
    picked = [i for i in chosen.split(";") if i]
    if choice.kind == "consume":
        element = Element.parse(choice.args[0])
        game.state.elements.consume(element)
        game.emit("consumed", task.who, element.value)
        picked.append(str(task.n))
    game.push(Task("fx_consume", task.who, task.n + 1, f"{';'.join(picked)}|{text}"))


def _finish_consumes(game: Game, fid: str, ability: Ability, chosen: list[int]) -> None:
    base, groups = _consume_groups(ability)
    gained = [p for i in chosen for p in groups[i][1]]
    xp = sum(p.value for p in gained if p.kind == "xp")
    ch = game.state.characters.get(fid)
    if xp and ch is not None:
        ch.xp += xp
        game.emit("xp", fid, xp)
    f = game.state.figures.get(fid)
    if f is None:
        return
    if ability.note == "attack-consumes":
        attack = next(p for p in base if p.kind == "attack")
        adds = [p.condition for p in gained if p.kind == "condition" and p.condition is not None]
        curse = any(p.kind == "custom" and p.note == "curse" for p in gained)
        attack = msgspec.structs.replace(
            attack,
            value=attack.value + sum(p.value for p in gained if p.kind == "attack"),
            adds=tuple(dict.fromkeys((*attack.adds, *adds))),
            card_adds=("curse",) if curse else attack.card_adds,
        )
        bought = [p.note for p in gained if p.kind == "custom"]
        for note in bought:
            if note.startswith("infuse-"):  # Daybreak: consume dark, infuse light
                game.infuse(Element.parse(note.removeprefix("infuse-")))
        perform_attack(game, fid, attack, "adv" if "advantage" in bought else "")
    elif ability.note == "push-consume":
        push = next(p for p in base if p.kind == "push")
        extra = sum(
            int(p.note.rsplit("-", 1)[1])
            for p in gained
            if p.kind == "custom" and p.note.startswith("push-plus-")
        )
        game.push(Task("shove", fid, push.value + extra, Shove("push", 0).text))
    else:  # consume-for: what the consumption buys
        for p in gained:
            if p.kind == "shield":
                f.shield_bonus += p.value
                game.emit("bonus", fid, "shield", p.value)
        afflict = [p for p in gained if p.kind == "condition" or (p.kind == "custom" and p.note == "curse")]
        if afflict:
            near = sorted(g.id for g in adjacent_enemies(game, f))
            if near:
                spec = Ability(kind="custom", note="afflict", then=tuple(afflict))
                game.push(Task("fx_pick", fid, 0, f"afflict|{';'.join(near)}|{spec}"))


# ----------------------------------------------------------------- augments


@effect("augment")
def _augment(game: Game, fid: str, ability: Ability) -> None:
    """A new augment: older ones in the active area are discarded (one may stay under
    "two augments active")."""
    ch = game.state.characters.get(fid)
    if ch is None:
        return
    keep = 1 if any(named_in(h, "two-augments-active") for _, _, h in active_halves(game, fid)) else 0
    held = [(i, a) for i, a, h in active_halves(game, fid) if named_in(h, "augment")]
    drop = held[: max(0, len(held) - keep)]
    for i, active in reversed(drop):
        del ch.active[i]
        (ch.lost if active.lost else ch.discard).append(active.card)
        game.emit("card", fid, active.card, "lost" if active.lost else "discard")
    game.emit("augment", fid, ch.playing or "-")


# --------------------------------------------------------- control and allies


@effect("control-enemy")
def _control_enemy(game: Game, fid: str, ability: Ability) -> None:
    """Choose one enemy in range; it then performs the parts with the player deciding."""
    f = game.state.figures.get(fid)
    if f is None:
        return
    enemies = [
        g
        for g in game.state.figures.values()
        if actions.hostile(f, g) and Condition.INVISIBLE not in g.conditions
    ]
    offer_pick(game, fid, "control", ability, enemies)


def control_monster(game: Game, cid: str, mid: str, ability: Ability) -> None:
    """Mindthief's control wordings: the enemy ``mid`` performs the move and attack parts for ``cid``."""
    monster = game.state.figures.get(mid)
    if monster is None:
        return
    game.emit("controlled", mid, f"by={cid}")
    rng_plus = flag_number(ability, "range-plus-", -1)
    allies = "targets-other-enemies" in flags(ability)
    steps: list[Task] = []
    for p in ability.then:
        if p.kind == "move":
            if Condition.IMMOBILIZE in monster.conditions:
                continue
            steps.append(Task("move", mid, p.value, MoveStep().text))
        elif p.kind == "attack":
            if Condition.DISARM in monster.conditions:
                continue
            reach = p.range
            if rng_plus >= 0 and monster.kind == "monster" and monster.rank is not None:
                reach = game.tables.types[monster.name].stats(monster.rank).range + rng_plus
            attack = msgspec.structs.replace(p, range=reach)
            steps.append(
                Task("attack", mid, attack.value, attack_task_text(attack, "allies" if allies else ""))
            )
    game.push(*steps)


@effect("ally-performs")
def _ally_performs(game: Game, fid: str, ability: Ability) -> None:
    """Possession, Domination: an ally (another character or a summon) performs the parts."""
    f = game.state.figures.get(fid)
    if f is None:
        return
    allies = [g for g in game.state.figures.values() if g is not f and not actions.hostile(f, g)]
    offer_pick(game, fid, "ally", ability, allies)


def command_ally(game: Game, cid: str, aid: str, ability: Ability) -> None:
    """Mindthief's ally wordings: the ally ``aid`` performs the move and attack parts for ``cid``."""
    ally = game.state.figures.get(aid)
    if ally is None:
        return
    game.emit("ally-performs", aid, f"for={cid}")
    extras = f"aug={cid}" if "gains-your-augments" in flags(ability) else ""
    steps: list[Task] = []
    for p in ability.then:
        if p.kind == "move" and Condition.IMMOBILIZE not in ally.conditions:
            steps.append(Task("move", aid, p.value, MoveStep(0, "jump" if p.jump else "walk").text))
        elif p.kind == "attack" and Condition.DISARM not in ally.conditions:
            steps.append(Task("attack", aid, p.value, attack_task_text(p, extras)))
    game.push(*steps)


# ------------------------------------------------------------------- loot


@effect("extra-coin-per-adjacent-enemy")
def _pilfer(game: Game, fid: str, ability: Ability) -> None:
    """Pilfer: Loot, then one more money token per adjacent enemy."""
    f = game.state.figures.get(fid)
    ch = game.state.characters.get(fid)
    if f is None or ch is None:
        return
    for p in parts(ability, "loot"):
        game.perform(fid, p)
    extra = sum(1 for g in game.state.figures.values() if actions.hostile(f, g) and is_adjacent(game, f, g))
    if extra:
        ch.coins += extra
        game.emit("looted", fid, f"coins={extra}", "adjacent-enemies")


task_handler("fx_consume", _run_consume, _apply_consume)


@effect("enemy-turns-on-its-allies")
def _turn_enemy(game: Game, fid: str, ability: Ability) -> None:
    """Hostile Takeover, Domination: a normal or elite enemy in range treats its allies as
    enemies and its enemies as allies this round (with ``you-control``, the player also decides
    its move and attack)."""
    f = game.state.figures.get(fid)
    if f is None:
        return
    enemies = [
        g
        for g in game.state.figures.values()
        if g.kind == "monster" and g.rank in ("normal", "elite") and Condition.INVISIBLE not in g.conditions
    ]
    offer_pick(game, fid, "turn", ability, enemies)


def turned(game: Game, mid: str) -> tuple[str, bool] | None:
    """(character, controlled) when monster ``mid`` was turned on its allies this round."""
    if not named_in_play(game, "enemy-turns-on-its-allies"):
        return None
    for kind, args in reversed(round_events(game)):
        if kind == "turned" and args[0] == mid:
            return args[1].removeprefix("by="), "control" in args
    return None


def controlled_action(game: Game, f: Figure, ability: Ability) -> bool:
    """A monster turned and controlled by a character (Domination) performs its card's move or
    attack with the player choosing: path, and targets among its own allies. ``False`` when
    the monster AI should act as usual."""
    found = turned(game, f.id) if f.kind == "monster" else None
    if found is None or not found[1] or f.rank is None:
        return False
    stats = game.tables.types[f.name].stats(f.rank)
    if ability.kind == "move":
        move = Ability(kind="move", value=max(0, stats.move + ability.value), jump=ability.jump)
        perform_move(game, f.id, move)
    elif ability.kind == "attack":
        attack = msgspec.structs.replace(
            ability,
            value=max(0, stats.attack + ability.value),
            range=max(0, stats.range + ability.range),
            adds=tuple(dict.fromkeys((*ability.adds, *stats.adds))),
            pierce=ability.pierce + stats.pierce,
            targets=0 if ability.targets == 0 else max(ability.targets, stats.targets),
            area=(),
        )
        perform_attack(game, f.id, attack, "allies")
    return True
