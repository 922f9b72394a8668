"""Items in combat (rules digest §13, §6): the items used during moves and attacks. Part of
:mod:`~delvekit.gloomhaven.items.play`, which re-exports what the engine calls; the items used
against monster attacks are in :mod:`~delvekit.gloomhaven.items.defence`.

* A move: +N move and jump at its first step (``C move``).
* An attack, at ``C attack`` before the first target (no modifier drawn yet): items with
  ``single`` scope ride on the next target only (token ``it1=OWNER@N`` in the attack's extras,
  dropped after it), ``entire`` ones on every target (``it=OWNER@N``); range, area and reach
  change the ability itself; :func:`strike` adds up each strike's riders (bonus, pierce,
  conditions, curse, push, pull, advantage, ignoring shield) with the passive ones (Mask of
  Terror, Horned Helm, a Black Card's mark).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import msgspec

from delvekit.core.hexes import Hex
from delvekit.core.records import Choice
from delvekit.gloomhaven.engine.payloads import AttackStep, MoveStep, Strike, Tails
from delvekit.gloomhaven.engine.state import Figure, Task
from delvekit.gloomhaven.items.own_turn import (
    consume_element,
    elements_available,
    find_item,
    item_choice,
    one_is_monster,
    pick_task,
)
from delvekit.gloomhaven.items.passive import moved_this_turn
from delvekit.gloomhaven.items.state import (
    UNDEAD,
    held_items,
    is_ready,
    item_marks,
    items_of,
    mark_used,
    sub_effect,
    sub_value,
)
from delvekit.gloomhaven.model.abilities import Ability
from delvekit.gloomhaven.model.conditions import Condition
from delvekit.gloomhaven.model.elements import Element
from delvekit.gloomhaven.model.setup import ItemEffect, ItemSetup

if TYPE_CHECKING:
    from delvekit.gloomhaven.engine.game import Game


# ------------------------------------------------------------------ move


def move_choices(game: Game, f: Figure, task: Task) -> list[Choice]:
    """Move items at the first step of a character's own move."""
    step = MoveStep.of(task)
    if f.kind != "character" or task.n <= 0 or step.moved:
        return []
    from delvekit.gloomhaven.engine.flying import flies  # a flier gains nothing from a jump item

    jumping = step.mode in ("jump", "fly") or flies(game, f)
    out = []
    for item in items_of(game, f.id).values():
        if item.trigger != "move" or not is_ready(game, f.id, item):
            continue
        adds = any(e.kind == "move" for e in item.effects)
        if adds or not jumping:
            out.append(item_choice(item))
    return out


def use_in_move(game: Game, task: Task, choice: Choice) -> None:
    _, item = find_item(game, choice, task.who)
    mark_used(game, task.who, item)
    step = MoveStep.of(task)
    n = task.n + sum(e.value for e in item.effects if e.kind == "move")
    if any(e.kind == "jump" for e in item.effects):
        step = msgspec.structs.replace(step, mode="jump")
    game.pop_task()
    game.push(Task("move", task.who, n, step.text))


# ------------------------------------------------------------------ attack


def _token(owner: str, item: ItemSetup) -> str:
    return f"{'it1' if item.scope == 'single' else 'it'}={owner}@{item.number}"


def _applied(extras: str) -> set[str]:
    return {t.split("=", 1)[1] for t in extras.split(",") if t.startswith(("it=", "it1="))}


def attack_choices(game: Game, f: Figure, ability: Ability, done: list[str], extras: str) -> list[Choice]:
    """Attack items at a character's ``attack`` decision, before its first target: its own
    (matching melee or ranged) and allies' "during an ally's attack" items."""
    if f.kind != "character" or done or "allies" in extras.split(","):
        return []
    ranged = ability.range > 0 and "melee" not in extras.split(",")
    trigger = "ranged-attack" if ranged else "melee-attack"
    applied = _applied(extras)
    out: list[Choice] = []
    for owner, held in held_items(game).items():
        for item in held.values():
            if f"{owner}@{item.number}" in applied or not is_ready(game, owner, item):
                continue
            if owner == f.id and item.trigger in ("attack", trigger) and _rider_ok(game, item, ability):
                if item.use != "passive" or _needs_choice(item):
                    out.append(item_choice(item))
            elif owner != f.id and item.trigger == "ally-attack":
                out.append(item_choice(item, owner))
    return out


def _needs_choice(item: ItemSetup) -> bool:
    """Passive attack items with a cost or a change of targeting are chosen; the others act alone."""
    return any(
        (e.kind == "element" and e.mode == "consume") or e.kind in ("melee-reach", "set-attack-area")
        for e in item.effects
    )


def _rider_ok(game: Game, item: ItemSetup, ability: Ability) -> bool:
    for e in item.effects:
        if not elements_available(game, e):
            return False
        if e.kind in ("set-attack-area", "melee-reach") and (ability.area or ability.targets != 1):
            return False
    return True


def use_in_attack(game: Game, task: Task, choice: Choice) -> None:
    """Apply an attack item to the pending attack (before any modifier is drawn)."""
    owner, item = find_item(game, choice, task.who)
    mark_used(game, owner, item)
    step = AttackStep.of(task)
    extras = [t for t in step.tokens if t]
    ability = step.ability
    extras.append(_token(owner, item))
    picks: list[Task] = []
    paid = 0
    for path, e in enumerate(item.effects):
        if e.kind == "range":
            ability = msgspec.structs.replace(ability, range=ability.range + e.value)
        elif e.kind == "set-attack-area":
            area = sub_effect(e, "area")
            if area is not None:
                ability = msgspec.structs.replace(ability, area=area.area)
        elif e.kind == "melee-reach":
            ability = msgspec.structs.replace(ability, range=max(ability.range, sub_value(e, "range", 1)))
            extras.append("melee")
        elif e.kind == "element" and e.mode == "consume":
            if e.arg == "wild":
                picks.append(
                    pick_task(
                        owner,
                        item,
                        "consume-only",
                        (x.value for x in game.state.elements.consumable()),
                        str(path),
                    )
                )
            else:
                consume_element(game, owner, Element(e.arg))
        elif e.kind == "pay-damage":
            paid += sub_value(e, "suffer-damage")
    game.pop_task()
    game.push(Task("attack", task.who, task.n, AttackStep(ability, step.done, ",".join(extras)).text))
    game.push(*picks)
    if paid:
        game.suffer_damage(owner, paid, "item")


def strike_tails(extras: str | None, hits: int) -> Tails:
    """The follow-up attack's extras and each strike's: a single-scope item rides on the first
    strike only and leaves the attack after it.

    >>> strike_tails("melee,it1=c1@3", 2)
    Tails(rest='melee', strikes=('melee,it1=c1@3', 'melee'))
    """
    if extras is None or "it1=" not in extras:
        return Tails.same(extras, hits)
    kept = [t for t in extras.split(",") if not t.startswith("it1=")]
    rest = ",".join(kept) if kept else None
    return Tails(rest, (extras, *[rest] * (hits - 1)))


class Rider(msgspec.Struct):
    """What items add to one strike."""

    attack: int = 0
    pierce: int = 0
    advantage: bool = False
    ignore_shield: bool = False
    melee: bool = False
    adds: tuple[str, ...] = ()
    push: int = 0
    pull: int = 0
    splash: int = 0
    """Damage the target and the enemies next to it suffer (Fueled Falchion)."""
    allies_suffer: int = 0
    blasted: tuple[str, ...] = ()
    """The attacker's allies inside the attack's area (Unstable Explosives)."""


def strike(game: Game, f: Figure, target: Figure, ability: Ability, extras: str) -> Rider:
    """Item riders on one strike of a character: the items used for this attack (tokens in the
    attack's extras) and passive ones (Mask of Terror, Horned Helm, a Black Card's mark)."""
    out = Rider()
    if f.kind != "character":
        return out
    tokens = extras.split(",")
    out.melee = "melee" in tokens
    melee = ability.range == 0 or out.melee
    used: list[tuple[str, ItemSetup]] = []
    for t in tokens:
        if t.startswith(("it=", "it1=")):
            owner, num = t.split("=", 1)[1].split("@")
            found = items_of(game, owner).get(int(num))
            if found is not None:
                used.append((owner, found))
    for number, item in items_of(game, f.id).items():
        passive = item.use == "passive" and item.trigger == "melee-attack" and not _needs_choice(item)
        if passive and melee and _passive_rider(game, f, item, out):
            game.emit("item-used", f.id, number, "passive")
    for _, item in used:
        for e in item.effects:
            _rider(game, f, target, e, out)
    for mark in item_marks(game, f.id, "mark="):
        who, bonus = mark.removeprefix("mark=").split("+")
        if who == target.id:
            out.attack += int(bonus)
    if out.allies_suffer and ability.area:
        out.blasted = _allies_in_area(game, f, target, ability)
    return out


def _allies_in_area(game: Game, f: Figure, target: Figure, ability: Ability) -> tuple[str, ...]:
    """The attacker's allies inside the area placement that hits exactly the enemies of this
    area attack (this strike's target and the strikes still to come); of several such
    placements, the one that spares the most allies (the player places the area)."""
    from delvekit.core.hexes import orientations
    from delvekit.core.paths import proximity

    board = game.board()
    if board is None:
        return ()
    hit = {target.id}
    for t in game.state.agenda:
        if t.kind == "strike" and t.who == f.id:
            other = Strike.of(t)
            if other.ability.area == ability.area:
                hit.add(other.target)
    figures = {g.hex: g for g in game.state.figures.values() if g is not f}
    figures[target.hex] = target
    anchors: list[Hex] = [f.hex]
    if ability.range > 0:
        anchors = [h for h, d in proximity(board, f.hex, ability.range).items() if d <= ability.range]
    best: tuple[str, ...] | None = None
    for shape in orientations(ability.area):
        for h in anchors:
            for o in [(0, 0)] if ability.range == 0 else shape:
                base = h if ability.range == 0 else (h[0] - o[0], h[1] - o[1])
                inside = [figures[x] for x in ((base[0] + q, base[1] + r) for q, r in shape) if x in figures]
                if {g.id for g in inside if one_is_monster(f, g)} != hit:
                    continue
                allies = tuple(sorted(g.id for g in inside if not one_is_monster(f, g)))
                if best is None or len(allies) < len(best):
                    best = allies
    return best or ()


def _passive_rider(game: Game, f: Figure, item: ItemSetup, out: Rider) -> bool:
    acted = False
    for e in item.effects:
        if e.kind == "push":
            out.push += e.value
            acted = True
        elif e.kind == "moved-at-least" and moved_this_turn(game, f.id) >= sub_value(e, "target"):
            out.attack += sub_value(e, "attack")
            acted = True
    return acted


def _rider(game: Game, f: Figure, target: Figure, e: ItemEffect, out: Rider) -> None:
    k = e.kind
    if k == "attack":
        out.attack += e.value
    elif k == "pierce":
        out.pierce += e.value
    elif k == "condition":
        out.adds = (*out.adds, e.arg)
    elif k == "push":
        out.push += e.value
    elif k == "pull":
        out.pull += e.value
    elif k == "advantage":
        out.advantage = True
    elif k == "ignore-shield":
        out.ignore_shield = True
    elif (
        (k == "element" and e.mode == "consume")
        or k == "pay-damage"
        or (k == "versus-monsters" and target.name in UNDEAD)
    ):
        for s in e.then:
            _rider(game, f, target, s, out)
    elif k == "target-and-adjacent-enemies-suffer":
        out.splash += sub_value(e, "suffer-damage")
    elif k == "allies-in-area-suffer":
        out.allies_suffer = max(out.allies_suffer, sub_value(e, "suffer-damage"))


def ridden(ability: Ability, rider: Rider) -> Ability:
    """The strike's ability with the riders' pierce, conditions, curses, push and pull; ignoring
    shield is unlimited pierce; a melee attack with reach (Halberd) strikes as melee."""
    if not (rider.pierce or rider.adds or rider.push or rider.pull or rider.ignore_shield or rider.melee):
        return ability
    adds = [*ability.adds, *(Condition.parse(a) for a in rider.adds if a not in ("bless", "curse"))]
    cards = [*ability.card_adds, *(a for a in rider.adds if a in ("bless", "curse"))]
    return msgspec.structs.replace(
        ability,
        pierce=ability.pierce + rider.pierce + (IGNORE_SHIELD if rider.ignore_shield else 0),
        adds=tuple(dict.fromkeys(adds)),
        card_adds=tuple(cards),  # bless or curse only
        push=ability.push + rider.push,
        pull=ability.pull + rider.pull,
        range=0 if rider.melee else ability.range,
    )


IGNORE_SHIELD = 1000
"""Pierce that stands for "ignore the target's shield" (Piercing Bow)."""


def after_strike(game: Game, f: Figure, rider: Rider, target_hex: Hex) -> None:
    """Damage riders after the strike: the target and the enemies next to it (Fueled Falchion);
    the attacker's allies inside the area (Unstable Explosives' blast, once: it rides on the
    attack's first strike)."""
    board = game.board()
    if board is None:
        return
    if rider.splash:
        near = [
            g
            for g in game.state.figures.values()
            if one_is_monster(f, g) and (g.hex == target_hex or board.adjacent(g.hex, target_hex))
        ]
        for g in sorted(near, key=lambda g: g.id):
            game.suffer_damage(g.id, rider.splash, "item")
    for ally in rider.blasted:
        if ally in game.state.figures:
            game.suffer_damage(ally, rider.allies_suffer, "item")
