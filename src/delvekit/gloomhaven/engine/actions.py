"""Characters' Move and Attack on a real map (rules digest §5.1–§5.2, §5.5, §6.1–§6.7), when the
:class:`~delvekit.gloomhaven.model.setup.GameSetup` has a board.

**Move X** is walked hex by hex: each step is a decision (``step Q,R`` or ``stop``), so doors,
traps and rooms revealed on the way happen exactly when the hex is entered, and bots and RL get a
small action space. Walking: neighbours not across a thin wall, never into walls, obstacles or
enemies; difficult terrain costs 2; an ally's hex may be crossed only if an empty hex can still
be reached; entering a trap springs it (trap damage 2+L, then the trap is gone), entering
hazardous terrain deals its damage each time, entering a closed door opens it and reveals the
room mid-move. Jumping: each step costs 1 and ignores figures and terrain; only the landing hex
counts (its trap, hazard or door; landing on difficult terrain costs 1 more under the GH 1e
ruleset flag); a jump never continues past a closed door. Immobilized figures cannot move.

**Attack X [range R] [target N] [pierce P] [with CONDITION]** offers ``target ID`` for each
enemy it can reach (melee: adjacent, not across a thin wall; ranged: within R counted around
walls, with line of sight by the ruleset's rule; never an invisible enemy) or ``skip``, up to N
different targets, one after the other. Each target gets the damage pipeline of
:mod:`~delvekit.gloomhaven.model.damage`: +1 against a poisoned target, the attacker's modifier draw
(disadvantage for a ranged attack on an adjacent target; strengthen/muddle), shield and pierce;
then the ability's conditions and the modifier cards' added effects (conditions on the target,
or on the attacker when positive; elements; heal and shield self), then each push and pull
(§7: step by step, ``push-to Q,R`` / ``pull-to Q,R``, chosen by the attacking character or by the
party for a monster; a character may ``decline`` it before the first step; it must go on while
a legal hex exists; traps and hazards on the way count), then the target's retaliate if the
attacker is (still) adjacent. ``target all`` attacks every enemy in reach (one choice: ``all
IDS``); an area attack offers one ``area IDS`` choice per distinct set of enemies some placement
hits (every rotation and mirror image; melee areas around the attacker, ranged ones with a red
hex in range; enemies out of sight are not attacked). An attack with an element consumption asks
first (``consume ELEMENT`` / ``no-consume``) when the element is Strong or Waning. Monsters'
moves and attacks are in :mod:`~delvekit.gloomhaven.engine.monster_turn`.

As an attack starts, before any target, the rules at the hook point ``before_attack`` may each
have a question (Grim Bargain's curse for two more targets, Mobilizing Measure's Move 1). One
alone is asked; several at once are put in the order the attacking player chooses
(``effect-order``: ``first NAME``, as ``party tie`` orders tied figures), the next one asked
once the first is done (each is asked once per attack action, so a later one sees what the
earlier one changed). The rulebook leaves the order of several bonuses of one step to the player
(p.20: "the player chooses the order in which they are applied"); no rule orders them by the
hook table or by the order the cards were played.

**Loot X** takes every money token within X hexes (around walls) in line of sight (§14).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import msgspec

from delvekit.core.hexes import Hex, orientations
from delvekit.core.los import sight_for
from delvekit.core.paths import proximity
from delvekit.core.records import Choice, Decision
from delvekit.gloomhaven.engine import hooks
from delvekit.gloomhaven.engine.payloads import AttackStep, ForceStep, Shove, Strike
from delvekit.gloomhaven.engine.state import Figure, Task
from delvekit.gloomhaven.engine.strike import strike_once
from delvekit.gloomhaven.engine.tasks import hex_token as hex_token
from delvekit.gloomhaven.engine.tasks import parse_hex as parse_hex
from delvekit.gloomhaven.engine.tasks import task_handler
from delvekit.gloomhaven.model.abilities import Ability
from delvekit.gloomhaven.model.conditions import Condition
from delvekit.gloomhaven.model.elements import Element

if TYPE_CHECKING:
    from delvekit.gloomhaven.engine.game import Game

# Movement, push and pull live in engine.movement; their names stay importable from here.
from delvekit.gloomhaven.engine.movement import BLOCKS_WALK as BLOCKS_WALK
from delvekit.gloomhaven.engine.movement import after_attack as after_attack
from delvekit.gloomhaven.engine.movement import apply_force as apply_force
from delvekit.gloomhaven.engine.movement import apply_move as apply_move
from delvekit.gloomhaven.engine.movement import can_end_within as can_end_within
from delvekit.gloomhaven.engine.movement import can_stop as can_stop
from delvekit.gloomhaven.engine.movement import decider as decider
from delvekit.gloomhaven.engine.movement import enter_hex as enter_hex
from delvekit.gloomhaven.engine.movement import force_steps as force_steps
from delvekit.gloomhaven.engine.movement import hostile as hostile
from delvekit.gloomhaven.engine.movement import landing_cost as landing_cost
from delvekit.gloomhaven.engine.movement import locked_doors as locked_doors
from delvekit.gloomhaven.engine.movement import move_mode as move_mode
from delvekit.gloomhaven.engine.movement import next_steps as next_steps
from delvekit.gloomhaven.engine.movement import run_force as run_force
from delvekit.gloomhaven.engine.movement import run_move as run_move
from delvekit.gloomhaven.engine.movement import run_retaliate_check as run_retaliate_check
from delvekit.gloomhaven.engine.movement import walk_cost as walk_cost
from delvekit.gloomhaven.engine.movement import walkable as walkable

# ----------------------------------------------------------------------- shove


def _run_shove(game: Game, task: Task) -> Decision | None:
    """A push or pull that is not part of an attack ("Push 1, targeting adjacent enemies")."""
    f = game.state.figures.get(task.who)
    if f is None:
        game.pop_task()
        return None
    shove = Shove.of(task)
    kind, count = shove.kind, shove.targets
    near = sorted(g.id for g in targets(game, f, 0))
    if not near:
        game.pop_task()
        return None
    if count == 0:
        return Decision(f.id, kind, [Choice("all", tuple(near)), Choice("skip")])
    return Decision(f.id, kind, [*(Choice("target", (t,)) for t in near), Choice("skip")])


def _apply_shove(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    if choice.kind == "skip":
        return
    game.mark_used(task.who)
    force = ForceStep(task.who, Shove.of(task).kind).text
    game.push(*(Task("force", t, task.n, force) for t in choice.args))


# ------------------------------------------------------------------------ heal


def _run_heal_ally(game: Game, task: Task) -> Decision | None:
    """Heal X, Range Y: the character or an ally within range and in sight (§8.2 heal rules); a
    character the Betrayer mind controls heals itself (its allies are its enemies this round)."""
    st = game.state
    f = st.figures.get(task.who)
    board = game.board()
    if f is None or board is None:
        game.pop_task()
        return None
    if hooks.mind_controlled.any(game, f):  # the Betrayer's round: its allies are its enemies, so
        game.pop_task()  # the heal goes to itself, as the controlled turn's own heals (our reading)
        game.mark_used(f.id)
        game.heal(f.id, task.n)
        return None
    reach = int(task.text)
    near = proximity(board, f.hex, reach)
    sight = sight_for(board, game.tables.ruleset.los)
    allies = [
        g.id
        for g in st.figures.values()
        if not hostile(f, g)
        and g.kind != "objective"  # an objective cannot be healed
        and near.get(g.hex, reach + 1) <= reach
        and (g is f or sight.visible(f.hex, g.hex))
    ]
    return Decision(f.id, "heal", [*(Choice("heal", (fid,)) for fid in sorted(allies)), Choice("skip")])


def _apply_heal_ally(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    if choice.kind == "heal":
        game.mark_used(task.who)
        game.heal(choice.args[0], task.n)


# ------------------------------------------------------------------------ loot


def loot(game: Game, f: Figure, reach: int) -> None:
    """Loot X (§14): every money token within X hexes (counted around walls) in line of sight;
    monsters and obstacles do not stop it."""
    board = game.board()
    assert board is not None
    st = game.state
    near = proximity(board, f.hex, reach)
    sight = sight_for(board, game.tables.ruleset.los)
    taken = 0
    for h in sorted(st.coins):
        if near.get(h, reach + 1) <= reach and (h == f.hex or sight.visible(f.hex, h)):
            taken += st.coins.pop(h)
    if taken:
        st.characters[f.id].coins += taken
    game.emit("looted", f.id, f"coins={taken}")
    if st.treasures:  # numbered treasure tiles in reach (§14)
        near_tiles = [h for h in st.treasures if near.get(h, reach + 1) <= reach]
        hooks.treasure_looted.run(game, f, [h for h in near_tiles if h == f.hex or sight.visible(f.hex, h)])
    if game.setup.rules:  # goal treasure tiles in reach (scenario rules)
        reached = {h for h, d in near.items() if d <= reach and (h == f.hex or sight.visible(f.hex, h))}
        hooks.looted.run(game, f, reached)


# ---------------------------------------------------------------------- attack


def _sees_invisible(game: Game, f: Figure) -> bool:
    return hooks.sees_invisible.any(game, f)  # Eyes of the Night


def targets(game: Game, f: Figure, attack_range: int, *, allies: bool = False) -> list[Figure]:
    """Enemies ``f`` can attack now: adjacent (melee) or within range around walls and in sight.
    ``allies``: its own allies instead, never itself (a controlled enemy turned on its allies)."""
    board = game.board()
    if board is None:
        return []
    enemies = [
        g
        for g in game.state.figures.values()
        if (hostile(f, g) if not allies else not hostile(f, g) and g is not f)
        and (Condition.INVISIBLE not in g.conditions or _sees_invisible(game, f))
    ]
    if attack_range == 0:
        return [g for g in enemies if board.adjacent(f.hex, g.hex)]
    near = proximity(board, f.hex, attack_range)
    sight = sight_for(board, game.tables.ruleset.los)
    return [
        g
        for g in enemies
        if (near.get(g.hex, attack_range + 1) <= attack_range and sight.visible(f.hex, g.hex))
        or (board.is_wall(g.hex) and hooks.wall_in_reach.any(game, board, near, f.hex, g.hex, attack_range))
    ]


def _attack_task(task: Task) -> tuple[Ability, list[str]]:
    step = AttackStep.of(task)
    return step.ability, list(step.done)


def _extras(task: Task) -> str:
    """The optional third field of an attack or strike task: comma-separated effect tokens
    (see :attr:`~delvekit.gloomhaven.engine.payloads.AttackStep.tokens`)."""
    return (AttackStep.of(task) if task.kind == "attack" else Strike.of(task)).extras or ""


def _run_augment(game: Game, task: Task) -> Decision | None:
    """An attack that may consume elements (§9): the character decides when it can."""
    ability = Ability.parse(task.text)
    if all(game.state.elements.can_consume(e) for e in ability.consume):
        return Decision(
            task.who,
            "consume",
            [Choice("consume", tuple(e.value for e in ability.consume)), Choice("no-consume")],
        )
    game.pop_task()
    game.push(Task("attack", task.who, ability.value, AttackStep(ability).text))
    return None


def _apply_augment(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    ability = Ability.parse(task.text)
    if choice.kind == "consume":
        for e in ability.consume:
            game.state.elements.consume(e)
            game.emit("consumed", task.who, e.value)
        ability = ability.boosted()
    game.push(Task("attack", task.who, ability.value, AttackStep(ability).text))


def area_targets(game: Game, f: Figure, ability: Ability) -> list[tuple[str, ...]]:
    """Every distinct set of enemies one placement of the attack's area hits (§6.3): all
    rotations and mirror images; melee areas around the attacker, ranged ones anywhere with a
    red hex within range; only enemies in line of sight are attacked. Sets are sorted ids."""
    board = game.board()
    if board is None:
        return []
    sight = sight_for(board, game.tables.ruleset.los)
    enemies = {
        g.hex: g
        for g in game.state.figures.values()
        if hostile(f, g) and (Condition.INVISIBLE not in g.conditions or _sees_invisible(game, f))
    }
    anchors: list[Hex] = [(0, 0)]
    if ability.range > 0:
        near = proximity(board, f.hex, ability.range)
        anchors = [h for h, d in near.items() if d <= ability.range]
    seen: dict[tuple[str, ...], None] = {}
    for shape in orientations(ability.area):
        for h in anchors:
            offsets = [(0, 0)] if ability.range == 0 else shape
            for o in offsets:
                base = f.hex if ability.range == 0 else (h[0] - o[0], h[1] - o[1])
                hit = [(base[0] + q, base[1] + r) for q, r in shape]
                ids = tuple(sorted(enemies[x].id for x in hit if x in enemies and sight.visible(f.hex, x)))
                if ids:
                    seen.setdefault(ids, None)
    return list(seen)


def _run_attack(game: Game, task: Task) -> Decision | None:
    f = game.state.figures.get(task.who)
    if f is None:
        game.pop_task()
        return None
    ability, done = _attack_task(task)
    allies = "allies" in _extras(task).split(",")
    fresh = not done and not ability.area and ability.targets > 0
    asks = [] if done else _questions(game, f, fresh)  # Grim Bargain, Mobilizing Measure
    if asks:  # one question alone, or the player first orders several
        game.push(asks[0][1] if len(asks) == 1 else Task("effect_order", f.id, int(fresh)))
        return None
    if not done and hooks.attack_starts.any(game, f, task):  # the Doppelganger
        return None
    if ability.area:
        choices = [] if done else [Choice("area", ids) for ids in area_targets(game, f, ability)]
    elif ability.targets == 0:  # every enemy it can reach
        reach = tuple(sorted(g.id for g in targets(game, f, max(0, ability.range), allies=allies)))
        choices = [Choice("all", reach)] if reach and not done else []
    elif len(done) >= ability.targets:
        choices = []
    else:
        only = next((t[5:] for t in _extras(task).split(",") if t.startswith("only=")), None)  # Wild Command
        choices = [
            Choice("target", (g.id,))
            for g in targets(game, f, ability.range, allies=allies)
            if g.id not in done and only in (None, g.id)
        ]
    if not choices:
        game.pop_task()
        if not done:
            game.emit("no-target", f.id)
        return None
    # items before any draw (§13)
    choices += hooks.flat(hooks.attack_choices.each(game, f, ability, done, _extras(task)))
    return Decision(decider(game, f), "attack", [*choices, Choice("skip")])


def _questions(game: Game, f: Figure, fresh: bool) -> list[tuple[str, Task]]:
    """The questions the ``before_attack`` rules would ask now: (name, task) each."""
    return [q for q in hooks.before_attack.each(game, f, fresh) if q is not None]


def _run_effect_order(game: Game, task: Task) -> Decision | None:
    """Several rules ask as the attack starts: the attacking player picks the one asked first
    (``first NAME``); fewer than two left (the state changed): the one left is asked."""
    f = game.state.figures.get(task.who)
    asks = _questions(game, f, bool(task.n)) if f is not None else []
    if f is None or len(asks) < 2:
        game.pop_task()
        game.push(*(q for _, q in asks))
        return None
    return Decision(decider(game, f), "effect-order", [Choice("first", (name,)) for name, _ in asks])


def _apply_effect_order(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    f = game.state.figures[task.who]
    question = dict(_questions(game, f, bool(task.n)))[choice.args[0]]
    game.emit("effect-order", task.who, f"first={choice.args[0]}")
    game.push(question)


def _apply_attack(game: Game, task: Task, choice: Choice) -> None:
    """Choose the target (then the next one, with Target N) or the area placement; each enemy
    hit is its own attack (``strike``) with its own modifier draw (§6.3)."""
    if choice.kind == "item":
        hooks.use_in_attack.only(game, task, choice)
        return
    game.pop_task()
    if choice.kind == "skip":
        game.emit("attack-skipped", task.who)
        return
    game.mark_used(task.who)
    ability, done = _attack_task(task)
    extras = _extras(task) or None
    hit = list(choice.args)
    tails = hooks.strike_tails.only(extras, len(hit))  # a single-target item rides once
    if choice.kind == "target":
        game.push(Task("attack", task.who, task.n, AttackStep(ability, (*done, *hit), tails.rest).text))
    strikes = (Strike(ability, tid, tail) for tid, tail in zip(hit, tails.strikes, strict=True))
    game.push(*(Task("strike", task.who, task.n, s.text) for s in strikes))


def _run_strike(game: Game, task: Task) -> Decision | None:
    """One attack on one target (§6.4–§6.7)."""
    st = game.state
    strike = Strike.of(task)
    ability, target_id = strike.ability, strike.target
    f, target = st.figures.get(task.who), st.figures.get(target_id)
    board = game.board()
    if f is None or target is None or board is None:
        game.pop_task()
        return None
    extras = _extras(task)
    if hooks.before_strike.any(game, f):  # Spread the Plague: asked first
        return None
    offer = hooks.augment_consumption.first(game, f, ability, extras)
    if offer is not None:  # Frozen Mind, Phantasmal Killer: consume for this attack?
        offers = hooks.consumption_offers.only(game, f, offer)  # Formless Power: any element
        choices = [*(Choice("consume", (e.value,)) for e in offers), Choice("no-consume")]
        return Decision(decider(game, f), "consume", choices)
    game.pop_task()
    if hooks.killed_instead.any(game, f, target, extras):
        return None
    bonus = hooks.strike_bonus.only(game, f, target, ability, extras)
    aura = sum(hooks.attack_bonus.each(game, f, target))  # auras (the Spirit Banner's)
    value = task.n + bonus.attack + aura
    if aura:
        game.emit("attack-bonus", f.id, target.id, f"+{aura}", "aura")
    if bonus.attack:
        game.emit("attack-bonus", f.id, target.id, f"+{bonus.attack}", *bonus.why)
    ability = msgspec.structs.replace(ability, adds=tuple(dict.fromkeys((*ability.adds, *bonus.adds))))
    rider = hooks.strike_rider.only(game, f, target, ability, extras)  # items used for this attack
    value, ability = value + rider.attack, hooks.ridden.only(ability, rider)
    adjacent = board.adjacent(f.hex, target.hex)
    hindered = (ability.range > 0 and adjacent) or hooks.strike_disadvantage.any(game, target)
    edge = bonus.advantage or rider.advantage or hooks.attack_advantage.any(game, f)  # controlled
    result, draw, _ = strike_once(
        game, f.id, target, value, pierce=ability.pierce + bonus.pierce, advantage=edge, disadvantage=hindered
    )
    if result.damage:
        game.lose_hp(target, result.damage, "attack")
    alive = target.id in st.figures
    effects = draw.effects
    if alive:
        for condition in ability.adds:
            game.add_condition(target.id, condition)
        for card_name in ability.card_adds:
            game.add_modifier_card(target.id if card_name == "curse" else f.id, card_name)
        for name in effects.conditions:
            if name in ("bless", "curse"):
                game.add_modifier_card(f.id if name == "bless" else target.id, name)
            else:
                condition = Condition(name)
                game.add_condition(target.id if condition.negative else f.id, condition)
    for element in effects.elements:
        game.infuse(Element(element))
    for amount in effects.heals_self:
        game.heal(f.id, amount)
    for amount in effects.shields_self:
        f.shield_bonus += amount
    if effects.refresh_items:  # a "refresh an item" modifier card (Quartermaster's perk)
        hooks.refresh_by_card.run(game, f, effects.refresh_items)
    forced = [("push", ability.push), ("pull", ability.pull)]
    forced += [("push", n) for n in effects.pushes] + [("pull", n) for n in effects.pulls]
    after_attack(game, f, target, forced if alive else [])
    hooks.after_strike.run(game, f, bonus)  # augments' heal/shield, XP per condition
    hooks.after_strike_items.run(game, f, rider, target.hex)  # Fueled Falchion, Unstable Explosives
    return None


def _apply_strike(game: Game, task: Task, choice: Choice) -> None:
    """An augment's element for this attack: consumed (``augc=E``) or not (``augc=-``)."""
    game.pop_task()
    extras = _extras(task)
    token = "augc=-"
    if choice.kind == "consume":
        element = Element.parse(choice.args[0])
        game.state.elements.consume(element)
        game.emit("consumed", task.who, element.value)
        token = f"augc={element.value}"
    tail = ",".join(t for t in (extras, token) if t)
    game.push(Task("strike", task.who, task.n, msgspec.structs.replace(Strike.of(task), extras=tail).text))


for _kind, _run, _apply in (
    ("shove", _run_shove, _apply_shove),
    ("attack", _run_attack, _apply_attack),
    ("effect_order", _run_effect_order, _apply_effect_order),
    ("strike", _run_strike, _apply_strike),
    ("augment", _run_augment, _apply_augment),
    ("heal_ally", _run_heal_ally, _apply_heal_ally),
):
    task_handler(_kind, _run, _apply)
