"""The Plagueherald's performed wordings (poison spread and cashed in, afflicting all, the
consumptions), registered in
:mod:`delvekit.gloomhaven.engine.registry`. :mod:`~delvekit.gloomhaven.content.character_cards` writes the
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
``ph-damage-poisoned``             Accelerated End, Mass Extinction: every poisoned enemy on
                                   the map suffers the damage, +N for each element consumed
``ph-afflict-all``                 Airborne Toxin, Baneful Hex, Mass Extinction: the conditions
                                   (and curses) on every enemy within range (in sight; a
                                   consumption may lengthen it), every adjacent enemy, every
                                   enemy, or (``everyone``) every ally and enemy but you
``ph-recover-poisoned-allies``     Willing Sacrifice: every poisoned ally character recovers up
                                   to N discarded cards (more with the consumption)
``ph-storm``                       Storm of Wings: the attack; with air consumed, every enemy on
                                   the straight line to its target too (Impaling Eruption's
                                   ``attack-along-path``)
``ph-attack-poison-allies-around`` Rot Maggots: the attack, then every ally next to its target
                                   is poisoned
``ph-bless-poisoned-allies``       Succumb to the Gift: every poisoned ally is blessed
``ph-hurt-poisoned-allies``        Convert the Flock: every poisoned ally suffers the damage;
                                   +1 on your attacks this round and 1 XP per two of them
``ph-double-next-attack``          Grim Bargain: you are muddled; the first attack action after
                                   it this round is doubled (its value and the bonuses before
                                   the modifier card)
=================================  ============================================================

Succumb to the Gift's kill is the Mindthief's ``kill`` (normal or elite, poisoned, range 3).
The optional consumptions are asked in turn (``ph_consume``: ``consume`` / ``no-consume``).

The wordings that act from the active area are in
:mod:`~delvekit.gloomhaven.effects.classes.plagueherald`.
"""

from __future__ import annotations

import msgspec

import delvekit.gloomhaven.engine.game  # noqa: F401  (first: the engine's modules import each other)
from delvekit.core.hexes import neighbours
from delvekit.core.records import Choice, Decision
from delvekit.gloomhaven.effects import parts as effects_parts
from delvekit.gloomhaven.engine import actions
from delvekit.gloomhaven.engine import registry as effects
from delvekit.gloomhaven.engine.game import Game, task_handler
from delvekit.gloomhaven.engine.payloads import AttackStep
from delvekit.gloomhaven.engine.registry import effect
from delvekit.gloomhaven.engine.state import Figure, Task
from delvekit.gloomhaven.model.abilities import Ability
from delvekit.gloomhaven.model.conditions import Condition
from delvekit.gloomhaven.model.elements import Element


def suffer_amount(ability: Ability) -> int:
    """The damage a ``suffer-damage`` part says (a flag ``suffer-damage-N`` or a ``suffer``)."""
    return sum(p.value for p in ability.then if p.kind == "suffer") + effects_parts.flag_number(
        ability, "suffer-damage-"
    )


def poisoned_enemies(game: Game, f: Figure) -> list[Figure]:
    """The poisoned enemies of ``f``, in id order."""
    return sorted(
        (
            g
            for g in game.state.figures.values()
            if actions.hostile(f, g) and Condition.POISON in g.conditions
        ),
        key=lambda g: g.id,
    )


@effect("ph-remove-poison-damage")
def _remove_poison(game: Game, fid: str, ability: Ability) -> None:
    f = game.state.figures.get(fid)
    if f is None:
        return
    ids = [g.id for g in poisoned_enemies(game, f)]
    if not ids:
        game.emit("no-target", fid)
        return
    game.push(Task("ph_cash", fid, suffer_amount(ability), ";".join(ids)))


def _run_cash(game: Game, task: Task) -> Decision | None:
    alive = [i for i in task.text.split(";") if i in game.state.figures]
    if not alive:
        game.pop_task()
        return None
    return Decision(task.who, "target", [*(Choice("target", (i,)) for i in alive), Choice("skip")])


def _apply_cash(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    if choice.kind == "skip":
        game.emit("declined", task.who, "remove-poison")
        return
    tid = choice.args[0]
    target = game.state.figures.get(tid)
    if target is None:
        return
    game.mark_used(task.who)
    if target.conditions.remove(Condition.POISON):
        game.emit("condition-ended", tid, Condition.POISON.value, "removed")
    game.suffer_damage(tid, task.n, "virulent-strain")


task_handler("ph_cash", _run_cash, _apply_cash)


@effect("ph-poison-around-poisoned")
def _poison_around(game: Game, fid: str, ability: Ability) -> None:
    f = game.state.figures.get(fid)
    board = game.board()
    if f is None or board is None:
        return
    sources = poisoned_enemies(game, f)
    hit: set[str] = set()
    for src in sources:
        for h in neighbours(src.hex):
            g = game.state.figure_at(h)
            if g is not None and actions.hostile(f, g) and board.adjacent(src.hex, h):
                hit.add(g.id)
    if not hit:
        game.emit("no-target", fid)
        return
    game.mark_used(fid)
    for gid in sorted(hit):
        game.add_condition(gid, Condition.POISON)


# ------------------------------------------------ optional consumptions, asked in turn


def _segments(ability: Ability) -> tuple[list[Ability], list[tuple[str, list[Ability]]]]:
    """(the parts before any consumption, [(element, what consuming it buys)...])."""
    base: list[Ability] = []
    groups: list[tuple[str, list[Ability]]] = []
    for p in ability.then:
        if p.kind == "custom" and p.note.startswith("consume-"):
            groups.append((p.note.removeprefix("consume-"), []))
        elif groups:
            groups[-1][1].append(p)
        else:
            base.append(p)
    return base, groups


def _with_consumptions(game: Game, fid: str, ability: Ability) -> None:
    """Ask for each optional consumption of ``ability`` in turn, then perform it
    (:func:`_finish`)."""
    game.push(Task("ph_consume", fid, 0, f"|{ability}"))


def _run_consume(game: Game, task: Task) -> Decision | None:
    chosen, text = task.text.split("|", 1)
    ability = Ability.parse(text)
    _, groups = _segments(ability)
    if task.n >= len(groups):
        game.pop_task()
        _finish(game, task.who, ability, [groups[int(i)][1] for i in chosen.split(";") if i])
        return None
    element = Element.parse(groups[task.n][0])
    if not game.state.elements.can_consume(element):
        game.pop_task()
        game.push(Task("ph_consume", task.who, task.n + 1, task.text))
        return None
    return Decision(task.who, "consume", [Choice("consume", (element.value,)), Choice("no-consume")])


def _apply_consume(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    chosen, text = task.text.split("|", 1)
    picked = [i for i in chosen.split(";") if i]
    if choice.kind == "consume":
        element = Element.parse(choice.args[0])
        game.state.elements.consume(element)
        game.emit("consumed", task.who, element.value)
        picked.append(str(task.n))
    game.push(Task("ph_consume", task.who, task.n + 1, f"{';'.join(picked)}|{text}"))


task_handler("ph_consume", _run_consume, _apply_consume)


def _gain_xp(game: Game, fid: str, items: list[Ability]) -> None:
    xp = sum(p.value for p in items if p.kind == "xp")
    if xp and fid in game.state.characters:
        game.state.characters[fid].xp += xp
        game.emit("xp", fid, xp)


def _flagged(items: list[Ability], prefix: str) -> int:
    """The sum of the numbers ending the ``prefix``N flags among ``items``."""
    total = 0
    for p in items:
        if p.kind == "custom" and p.note.startswith(prefix) and p.note[len(prefix) :].isdigit():
            total += int(p.note[len(prefix) :])
    return total


@effect("ph-damage-poisoned", "ph-recover-poisoned-allies", "ph-storm", "ph-afflict-all")
def _consuming(game: Game, fid: str, ability: Ability) -> None:
    """Wordings with optional consumptions: asked first, then performed."""
    f = game.state.figures.get(fid)
    if f is not None and ability.note == "ph-storm" and Condition.DISARM in f.conditions:
        game.emit("prevented", fid, "attack", "disarm")
        return
    _with_consumptions(game, fid, ability)


def _allies(game: Game, f: Figure) -> list[Figure]:
    """``f``'s allies on the map (never ``f`` itself; objectives aside)."""
    return sorted(
        (
            g
            for g in game.state.figures.values()
            if g.id != f.id and g.kind != "objective" and not actions.hostile(f, g)
        ),
        key=lambda g: g.id,
    )


def _finish(game: Game, fid: str, ability: Ability, bought: list[list[Ability]]) -> None:
    f = game.state.figures.get(fid)
    if f is None:
        return
    base, _ = _segments(ability)
    gained = [p for group in bought for p in group]
    _gain_xp(game, fid, gained)
    note = ability.note
    if note == "ph-damage-poisoned":  # Accelerated End, Mass Extinction
        damage = _flagged(base + gained, "suffer-damage-")
        victims = poisoned_enemies(game, f)
        if not victims:
            game.emit("no-target", fid)
            return
        game.mark_used(fid)
        for g in victims:
            game.suffer_damage(g.id, damage, note)
    elif note == "ph-recover-poisoned-allies":  # Willing Sacrifice
        count = _flagged(gained, "target-") or _flagged(base, "target-")
        allies = [
            g.id
            for g in _allies(game, f)
            if g.id in game.state.characters and Condition.POISON in g.conditions
        ]
        if not allies:
            game.emit("no-target", fid)
            return
        game.mark_used(fid)
        game.push(*(Task("cls_recover", cid, count, "discard") for cid in allies))
    elif note == "ph-storm":  # Storm of Wings
        attack = next(p for p in base if p.kind == "attack")
        if gained:
            path = effects.handler("attack-along-path")  # Impaling Eruption's (effects_spellweaver)
            assert path is not None
            path(game, fid, Ability(kind="custom", note="attack-along-path", then=(attack,)))
        else:
            game.push(Task("attack", fid, attack.value, AttackStep(attack).text))
    elif note == "ph-afflict-all":
        _afflict_all(game, f, base, gained)


def _afflict_all(game: Game, f: Figure, base: list[Ability], gained: list[Ability]) -> None:
    """Airborne Toxin, Baneful Hex, Mass Extinction: the conditions (and curses) on every enemy
    (within range, in sight; or adjacent), or on every ally and enemy."""
    items = base + gained
    flags = {p.note for p in items if p.kind == "custom"}
    board = game.board()
    if board is None:
        return
    if "everyone" in flags:
        who = [g for g in game.state.figures.values() if g.id != f.id and g.kind != "objective"]
    elif "adjacent" in flags:
        who = [g for g in actions.targets(game, f, 0) if board.adjacent(f.hex, g.hex)]
    elif any(n.startswith("range-") and n[6:].isdigit() for n in flags):
        reach = _flagged(base, "range-") + _flagged(gained, "range-plus-")
        who = actions.targets(game, f, reach)
    else:  # every enemy
        who = [g for g in game.state.figures.values() if actions.hostile(f, g) and g.kind != "objective"]
    if not who:
        game.emit("no-target", f.id)
        return
    game.mark_used(f.id)
    conditions = [p.condition for p in items if p.kind == "condition" and p.condition is not None]
    for g in sorted(who, key=lambda g: g.id):
        for c in conditions:
            game.add_condition(g.id, c)
        if "curse" in flags:
            game.add_modifier_card(g.id, "curse")


# ------------------------------------------------ Rot Maggots, Succumb to the Gift's bottom


@effect("ph-attack-poison-allies-around")
def _attack_then_poison(game: Game, fid: str, ability: Ability) -> None:
    """Rot Maggots: the attack, then every ally adjacent to its target (where the target stood)
    is poisoned."""
    f = game.state.figures.get(fid)
    if f is None:
        return
    if Condition.DISARM in f.conditions:
        game.emit("prevented", fid, "attack", "disarm")
        return
    attack = next(p for p in ability.then if p.kind == "attack")
    adds = tuple(p.condition for p in ability.then if p.kind == "condition" and p.condition is not None)
    attack = msgspec.structs.replace(attack, adds=tuple(dict.fromkeys((*attack.adds, *adds))))
    game.emit("ph-attack-start", fid)
    game.push(Task("attack", fid, attack.value, AttackStep(attack).text), Task("ph_around_target", fid))


def _run_around_target(game: Game, task: Task) -> Decision | None:
    game.pop_task()
    f = game.state.figures.get(task.who)
    board = game.board()
    if f is None or board is None:
        return None
    since = effects_parts.events_since(game, "ph-attack-start", task.who)
    hit = [args[1] for kind, args in since if kind == "attack" and args[0] == task.who]
    if not hit:
        return None
    tid = hit[0]
    target = game.state.figures.get(tid)
    died = [a for k, a in since if k == "killed" and a and a[0] == tid]
    if target is None and not died:
        return None
    centre = target.hex if target is not None else _died_hex(game, tid)
    if centre is None:
        return None
    around = sorted(g.id for g in _allies(game, f) if board.adjacent(centre, g.hex))
    for gid in around:
        game.add_condition(gid, Condition.POISON)
    return None


def _died_hex(game: Game, tid: str) -> tuple[int, int] | None:
    """Where ``tid`` stood when it last appeared in a ``moved`` or ``kill`` event (or its
    placement), for a target killed by the attack."""
    for e in reversed(game.events):
        if e.kind == "kill" and len(e.args) > 2 and e.args[1] == tid:
            return actions.parse_hex(e.args[2].removeprefix("hex="))
    return None


task_handler("ph_around_target", _run_around_target)


@effect("ph-bless-poisoned-allies")
def _bless_poisoned(game: Game, fid: str, ability: Ability) -> None:
    """Succumb to the Gift: every poisoned ally (character or summon; not you) is blessed."""
    f = game.state.figures.get(fid)
    if f is None:
        return
    allies = [g.id for g in _allies(game, f) if Condition.POISON in g.conditions]
    if not allies:
        game.emit("no-target", fid)
        return
    game.mark_used(fid)
    for gid in allies:
        game.add_modifier_card(gid, "bless")


# ------------------------------------------------ Convert the Flock


@effect("ph-hurt-poisoned-allies")
def _hurt_poisoned_allies(game: Game, fid: str, ability: Ability) -> None:
    """Convert the Flock: every poisoned ally suffers the damage; for each two of them, +1 on
    all your attacks this round and 1 XP."""
    f = game.state.figures.get(fid)
    if f is None:
        return
    allies = [g.id for g in _allies(game, f) if Condition.POISON in g.conditions]
    if not allies:
        game.emit("no-target", fid)
        return
    game.mark_used(fid)
    bonus = len(allies) // 2
    game.emit("ph-flock", fid, str(bonus))
    _gain_xp(game, fid, [Ability(kind="xp", value=bonus)])
    for gid in reversed(allies):
        game.suffer_damage(gid, suffer_amount(ability), "convert-the-flock")
