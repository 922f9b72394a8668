"""Monsters' Move and Attack driven by :mod:`delvekit.gloomhaven.monster_ai.solver` (rules digest §10–§11),
when the setup has a board and no other :class:`~delvekit.gloomhaven.engine.game.AbilityResolver`.

A card's ``move`` is planned together with the ``attack`` that follows it (the AI moves to
attack): :func:`monster_ai.solve` returns every outcome the rules allow; one outcome runs by
itself, several become a ``party monster`` decision (``outcome Q,R TARGETS``, §10.6 ambiguity).
The monster walks the outcome's path (a trap it enters springs on it, hazardous terrain hurts;
a jump only counts its landing hex) and its attack then hits the planned targets. An attack
without a move is planned with Move 0. Monster card values are relative to the stat line (move
and attack ``±X``; an attack's ``range N`` adds to the stat range). Immobilized monsters plan
with Move 0, disarmed ones plan as if they had no attack; muddle is passed to the AI.

Each attack (one per target): +1 against a poisoned target, the shared monster modifier deck
(disadvantage for a ranged attack on an adjacent target; strengthen/muddle), the target's
shield (active cards included); a character target then chooses how to take the damage (§4.3)
and the card's added effects apply after it, to a target still standing; then the target's
retaliate if the monster is adjacent.

Target N, "all" targets, areas (placed by the AI), pierce and added conditions come from the
card's attack and the stat card. Element consumption is automatic: the type consumes at the
start of its first activating monster's turn and every monster of the type gains the boost.
Heal X Range Y heals the ally in range and sight that lost the most health (ties: the party);
Loot X removes money tokens in reach. Character summons use the same path with Move +0,
Attack +0 on their stat line and their owner's modifier deck. Named effects on monster cards
(element consumptions beyond boosts, wild, conditions on other figures, summons, traps, on
death, boss specials) are in :mod:`~delvekit.gloomhaven.effects.monsters`; an
``instead-consume-E`` effect and wrapped attacks are swapped in here before planning, and a
stat card's ``attack_counts`` (the Overseer's ``V``, the Dark Rider's ``X``) is counted here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from delvekit.core.hexes import Hex
from delvekit.core.los import sight_for
from delvekit.core.paths import proximity
from delvekit.core.records import Choice, Decision
from delvekit.gloomhaven.engine import hooks, registry
from delvekit.gloomhaven.engine.actions import after_attack, hex_token
from delvekit.gloomhaven.engine.flying import flies, summon_flies
from delvekit.gloomhaven.engine.payloads import MonsterAttackAfter, MonsterHeal
from delvekit.gloomhaven.engine.state import Figure, GameState, Task
from delvekit.gloomhaven.engine.strike import strike_once
from delvekit.gloomhaven.engine.tasks import task_handler
from delvekit.gloomhaven.model.abilities import Ability
from delvekit.gloomhaven.model.conditions import Condition
from delvekit.gloomhaven.model.elements import Element
from delvekit.gloomhaven.model.level import level_info
from delvekit.gloomhaven.model.modifier_deck import effects_of
from delvekit.gloomhaven.model.modifiers import cards_of
from delvekit.gloomhaven.monster_ai import solver as monster_ai
from delvekit.gloomhaven.monster_ai import turn as ai_turn

if TYPE_CHECKING:
    from delvekit.gloomhaven.engine.game import Game

HEXES_MOVED = "@hexes-moved"
"""A stat card's ``attack_counts`` that counts the hexes moved this turn (the Dark Rider's X; the
content adapter writes it, ``engine_content.HEXES_MOVED``)."""

SUMMON_ACTIONS = (Ability(kind="move", value=0), Ability(kind="attack", value=0))
"""A character summon's turn: Move +0, Attack +0 on its own stat line (§12)."""


def _actions(game: Game, f: Figure) -> tuple[Ability, ...]:
    """The figure's actions, with element consumptions its type paid for applied; an
    ``instead-consume-E`` effect becomes its boosted or plain ability and ``one-target`` its
    attack (so that a move plans with the attack after it)."""
    if f.kind == "summon":
        # a stat line without attack, the Wind Totem's
        return hooks.summon_actions.first(game, f) or SUMMON_ACTIONS
    if f.kind == "character":  # mind controlled (the Betrayer): Move 2, its leading card's top
        return hooks.controlled_actions.only(game, f)
    if f.kind == "objective":  # an objective that acts (the Elder Drake's zephyrs)
        return hooks.objective_actions.only(game, f)
    paid = game.state.group_consumed
    out: list[Ability] = []
    for a in game.monster_card(f.name).actions:
        if a.consume and all(e.value in paid for e in a.consume):
            a = a.boosted()
        elif a.kind == "custom" and a.note.startswith("instead-consume-") and len(a.then) == 2:
            if a.then[0].kind in ("move", "attack"):  # planned with the move/attack around it
                a = a.then[0] if a.element is not None and a.element.value in paid else a.then[1]
        elif a.kind == "custom" and a.note.startswith("consume-") and len(a.then) == 1:
            if a.then[0].kind in ("move", "attack"):  # "consume E: Attack +0" (Savvas Icestorm 713)
                was_paid = (a.element.value if a.element is not None else "wild") in paid
                a = a.then[0] if was_paid else Ability(kind="custom", note="not-consumed")
        elif a.kind == "custom" and a.note in _WRAPPED_ATTACKS and a.then:
            a = a.then[0]
        out.append(a)
    return tuple(out)


_WRAPPED_ATTACKS = ("one-target", "attack-bonus-if-target-adjacent-to-its-allies")


def _pack_bonus(game: Game, f: Figure, index: int, target: Figure) -> int:
    """Hound: the card's bonus when the target stands next to one of its own allies."""
    if f.kind != "monster":
        return 0
    raw = game.monster_card(f.name).actions[index]
    if raw.kind != "custom" or raw.note != _WRAPPED_ATTACKS[1] or len(raw.then) < 2:
        return 0
    board = game.board()
    assert board is not None
    beside = any(
        g is not target and g.side == target.side and board.adjacent(g.hex, target.hex)
        for g in game.state.figures.values()
    )
    return raw.then[1].value if beside else 0


def _single_target(game: Game, f: Figure, index: int) -> bool:
    """Whether the card's action ``index`` is a ``one-target`` attack (stat Target ignored)."""
    if f.kind != "monster":
        return False
    actions = game.monster_card(f.name).actions
    return index < len(actions) and actions[index].kind == "custom" and actions[index].note == "one-target"


def consume_for_group(game: Game, f: Figure) -> None:
    """Monsters always consume when they can (§9); by convention the type consumes at the start
    of its first activating monster's turn and every monster of the type gains."""
    st = game.state
    for a in game.monster_card(f.name).actions:
        consume = a.consume
        if a.kind == "custom" and a.note.startswith(("consume-", "instead-consume-")) and a.element:
            consume = (a.element,)  # named effects (wild: when performed, the players choose)
        names = [e.value for e in consume]
        if not consume or all(n in st.group_consumed for n in names):
            continue
        if all(st.elements.can_consume(e) for e in consume):
            for e in consume:
                st.elements.consume(e)
                st.group_consumed.append(e.value)
                game.emit("consumed", f.name, e.value)


def _summon_attack(game: Game, f: Figure, printed: int) -> int:
    """A summon's attack value now (Rat King: half its hit points)."""
    for fn in hooks.summon_attack.fns:
        printed = fn(game, f, printed)
    return printed


def stat_line(game: Game, f: Figure) -> tuple[int, int, int, bool]:
    """(move, attack, range, flying) of the figure's stat line."""
    if f.kind == "summon":
        move, attack, rng = game.state.summon_stats.get(f.id, (0, 0, 0))
        move += hooks.stat_total(game, f)[0] if game.state.scenario_marks else 0  # Earthen Steed
        return move, _summon_attack(game, f, attack), rng, summon_flies(game, f)  # §12
    if f.kind in ("character", "objective"):  # mind controlled, or an acting objective
        return 0, 0, 0, False  # its card's values are absolute
    stats = game.tables.types[f.name].stats(f.rank or "normal")
    attack = stats.attack
    if stats.attack_counts == HEXES_MOVED:  # Dark Rider: 3+X, X = hexes moved this turn
        steps = hooks.turn_events.only(game, f.id)
        attack += sum(1 for kind, args in steps if kind == "moved" and args[0] == f.id)
    elif stats.attack_counts:
        attack += sum(1 for g in game.state.figures.values() if g.name == stats.attack_counts)
    more_move, more_attack, more_range = hooks.stat_total(game, f)  # scenario rules (22's altars)
    return stats.move + more_move, attack + more_attack, stats.range + more_range, flies(game, f)


def attack_traits(
    game: Game, f: Figure, ability: Ability, index: int = -1
) -> tuple[int, int, tuple[Condition, ...]]:
    """(targets, pierce, added conditions) of an attack: the card's and the stat card's."""
    if f.kind != "monster":  # a character summon: its stat line's conditions (Rat Swarm)
        pierce = ability.pierce + sum(hooks.summon_pierce.each(game, f))  # the Shadow Wolf's pierce
        return ability.targets, pierce, (*ability.adds, *hooks.flat(hooks.summon_adds.each(game, f)))
    stats = game.tables.types[f.name].stats(f.rank or "normal")
    adds = tuple(dict.fromkeys((*ability.adds, *stats.adds)))
    targets = 0 if ability.targets == 0 else max(ability.targets, stats.targets)
    if _single_target(game, f, index):
        targets = 1
    return targets, ability.pierce + stats.pierce, adds


def act(game: Game, f: Figure, index: int) -> None:
    """Resolve action ``index`` of the figure's card (a move or an attack): a monster's ability
    card, or a character summon's Move +0 / Attack +0."""
    ability = _actions(game, f)[index]
    if ability.kind == "attack" and f.id in game.state.plans:
        _attack_all(game, f, index, game.state.plans.pop(f.id))
        return
    if ability.kind == "attack" and Condition.DISARM in f.conditions:
        game.emit("prevented", f.id, "attack", "disarm")
        return
    game.push(Task("monster_plan", f.id, index, ability.kind))


def _initiatives(game: Game) -> dict[str, int]:
    """Initiative of every figure this round (monsters: their type's card), for focus ties."""
    out: dict[str, int] = {}
    types: dict[str, int] = {}
    for turn in game.state.order:
        if turn.kind == "monster":
            types[turn.id] = turn.initiative
        else:
            initiative = turn.initiative
            for fn in hooks.focus_initiative.fns:  # Flea-Bitten Shawl
                initiative = fn(game, turn.id, initiative)
            out[turn.id] = initiative
    for g in game.state.figures.values():
        if g.kind == "monster" and g.name in types:
            out[g.id] = types[g.name]
        elif g.kind == "objective":
            out[g.id] = 99  # objectives count as initiative 99 for focus (rules digest §1)
    return out


def _solve(game: Game, f: Figure, index: int) -> list[ai_turn.Outcome]:
    st, static = game.state, game.tables
    board = game.board()
    assert board is not None
    stat_move, _, stat_range, flying = stat_line(game, f)
    actions = _actions(game, f)
    ability = actions[index]
    move_ab = ability if ability.kind == "move" else None
    attack_ab = ability if ability.kind == "attack" else None
    paired = _paired_attack(actions, index) if move_ab is not None else None
    if paired is not None:
        attack_ab = actions[paired]
    move = 0
    if move_ab is not None and Condition.IMMOBILIZE not in f.conditions:
        move = max(0, stat_move + move_ab.value)
    attack = None
    if attack_ab is not None and Condition.DISARM not in f.conditions:
        rng = stat_range + attack_ab.range
        aoe = None
        if attack_ab.area:
            anchor: Literal["attacker", "free"] = "free" if rng else "attacker"
            cells = attack_ab.area if rng else ((0, 0), *attack_ab.area)
            aoe = ai_turn.AreaOfEffect(anchor=anchor, hexes=cells)
        at = index if ability.kind == "attack" else (paired if paired is not None else index + 1)
        count = attack_traits(game, f, attack_ab, at)[0]
        attack = ai_turn.Attack(range=max(0, rng), targets="all" if count == 0 else count, aoe=aoe)
    initiative = _initiatives(game)
    turned = hooks.controller.first(game, f.id) is not None  # Hostile Takeover
    mind = hooks.mind_controlled.any(game, f)  # the Betrayer: its allies are its enemies
    team = hooks.controlled_team.only(game, f) if mind else frozenset()

    def ally(g: Figure) -> bool:
        if g is f:
            return not turned
        return g.id in team or g.side != f.side if mind else g.side == f.side

    figures = tuple(
        ai_turn.Piece(
            id=g.id,
            side="monster" if ally(g) else "character",
            hex=g.hex,
            active=g is f,
            initiative=initiative.get(g.id, 0),
            invisible=Condition.INVISIBLE in g.conditions,
            summon_of=g.owner if g.kind == "summon" else None,
        )
        for g in st.figures.values()
        if not board.is_wall(g.hex)  # a breakable wall's objective (76): no AI focuses it
    )
    turn = ai_turn.MonsterTurn(
        board=board,
        figures=figures,
        ability=ai_turn.MoveAttack(
            move=move,
            jump=move_ab.jump if move_ab is not None else False,
            flying=flying,
            muddled=Condition.MUDDLE in f.conditions,
            attack=attack,
        ),
        ruleset=static.ruleset,
    )
    return monster_ai.solve(turn)


_last_plan: list[tuple[GameState, Task, list[ai_turn.Outcome]]] = []
"""``(state, task, outcomes)`` of the last plan computed by :func:`_run_plan`: its apply step
(right after, or when the party picks among tied outcomes) reuses the outcomes instead of solving
the same turn again. Keyed by identity: a clone has its own state object, and nothing changes a
state between a task's run and its apply (an effect method called from outside a choice runs the
task again), so a hit is always this very position; a miss (another game planned in between, e.g.
a bot's play-outs) solves again."""


def _planned(game: Game, f: Figure, task: Task) -> list[ai_turn.Outcome]:
    try:
        state, planned, outcomes = _last_plan[0]  # one read: threads playing other games may replace it
    except IndexError:
        return _solve(game, f, task.n)
    if state is game.state and planned is task:
        _last_plan.clear()  # used once (clearing another game's entry only costs it a solve)
        return outcomes
    return _solve(game, f, task.n)


def _choice(o: ai_turn.Outcome) -> Choice:
    return Choice("outcome", (hex_token(o.destination), ",".join(o.targets) or "-"))


def _run_plan(game: Game, task: Task) -> Decision | None:
    f = game.state.figures.get(task.who)
    if f is None:
        game.pop_task()
        return None
    outcomes = _solve(game, f, task.n)
    if not outcomes:
        game.pop_task()
        game.emit("no-focus", f.id)
        return None
    _last_plan[:] = [(game.state, task, outcomes)]
    choices = list(dict.fromkeys(_choice(o) for o in outcomes))
    return Decision("party", "monster", choices)


def _apply_plan(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    st = game.state
    f = st.figures[task.who]
    outcome = next(o for o in _planned(game, f, task) if _choice(o) == choice)
    if outcome.explanation:
        game.emit("focus", f.id, *(outcome.focus or ("-",)))
    if task.text == "attack":
        _attack_all(game, f, task.n, outcome.targets)
        return
    actions = _actions(game, f)
    if outcome.targets and _paired_attack(actions, task.n) is not None:
        st.plans[f.id] = outcome.targets
    _walk(game, f, outcome.path, jump=actions[task.n].jump)


def _paired_attack(actions: tuple[Ability, ...], index: int) -> int | None:
    """The attack a move at ``index`` is planned with: the next action, or the first attack
    after named effects printed between them (Dark Rider, special 2: it summons between moving
    and attacking)."""
    for i in range(index + 1, len(actions)):
        if actions[i].kind == "attack":
            return i
        if actions[i].kind != "custom" or actions[i].note != "spawn":
            return None
    return None


def _walk(game: Game, f: Figure, path: tuple[Hex, ...], *, jump: bool) -> None:
    """Move along ``path`` (start first); entering a trap or hazardous hex hurts (§5.1)."""
    board = game.board()
    assert board is not None
    info = level_info(game.setup.level)
    st = game.state
    steps = [h for h in path if h != f.hex] if path else []
    fly = flies(game, f)  # §5.3: a flier springs no trap and feels no hazard, last hex included
    for i, h in enumerate(steps):
        f.hex = h
        game.emit("moved", f.id, hex_token(h))
        if fly or (jump and i < len(steps) - 1):
            continue
        terrain = board.terrain_at(h)
        if terrain is not None and terrain.name == "TRAP" and h not in st.sprung:
            st.sprung = st.sprung | {h}
            game.emit("trap-sprung", f.id, hex_token(h))
            hooks.trap_sprung.run(game, f, h)  # a created trap's conditions and XP
            game.lose_hp(f, st.created_traps.pop(h, info.trap_damage), "trap")
        elif terrain is not None and terrain.name == "HAZARDOUS":
            game.lose_hp(f, info.hazardous_damage, "hazardous")
        if f.id not in st.figures:
            st.plans.pop(f.id, None)
            return
    game.emit("move-ended", f.id, hex_token(f.hex))


def _attack_all(game: Game, f: Figure, index: int, target_ids: tuple[str, ...]) -> None:
    steps = [Task("monster_attack", f.id, index, tid) for tid in target_ids]
    # the Dark Rider leaves after its attack
    after = hooks.flat(hooks.after_monster_attack.each(game, f, index)) if target_ids else []
    game.push(*steps, *after)


def _run_attack(game: Game, task: Task) -> Decision | None:
    """One monster attack on one target (§6.4), the damage itself going through the damage task
    so that a character can negate it (§4.3); added effects follow in ``monster_attack_after``."""
    game.pop_task()
    st = game.state
    f, target = st.figures.get(task.who), st.figures.get(task.text)
    board = game.board()
    if f is None or target is None or board is None:
        return None
    for fn in hooks.redirect.fns:  # Provoking Roar
        target = fn(game, f, target)
    if hooks.attacked.any(game, f, target, task):  # the target's items before the draw (§13)
        return None
    guarded, item_shield = hooks.defence.only(game, target)  # Leather Armor, Studded Leather
    _, stat_attack, stat_range, _ = stat_line(game, f)
    ability = _actions(game, f)[task.n]
    rally = sum(hooks.allies_bonus.each(game, f))
    aura = sum(hooks.attack_bonus.each(game, f, target))  # the Spirit Banner's
    value = stat_attack + ability.value + _pack_bonus(game, f, task.n, target) + rally + aura
    if rally:
        game.emit("attack-bonus", f.id, target.id, f"+{rally}", "allies-bonus")
    if aura:
        game.emit("attack-bonus", f.id, target.id, f"+{aura}", "aura")
    ranged = stat_range + ability.range > 0  # a card's range may be negative (relative)
    value += sum(hooks.attacked_bonus.each(game, f, target, not ranged))  # Reckless Offensive
    adjacent = board.adjacent(f.hex, target.hex)
    # Giant Viper, Engulfing Radiance, Disorienting Dirge, Night Demon; the target's items
    hindered = guarded or hooks.monster_attack_disadvantage.any(game, f, target)
    _, pierce, _ = attack_traits(game, f, ability)
    result, _, applied = strike_once(
        game,
        f.id,
        target,
        value,
        pierce=pierce,
        advantage=hooks.attack_advantage.any(game, f),  # Sun Demon; cancels disadvantage (§6.3)
        disadvantage=(ranged and adjacent) or hindered,
        shield=item_shield,  # Iron Helmet, shield bonuses: the target's defences in strike_once
    )
    cards = tuple(str(c) for c in applied)
    hooks.monster_attacked.run(game, f, [str(c) for c in applied])  # Baneful Hex
    riders = [
        t
        for rider in _riders(game, f, task.n)
        for t in hooks.rider_tasks.only(game, f, rider, target.hex)
    ]
    game.push(
        Task("damage", target.id, result.damage, "attack"),
        Task("monster_attack_after", f.id, task.n, MonsterAttackAfter(target.id, cards).text),
        *riders,
    )
    return None


def _riders(game: Game, f: Figure, index: int) -> list[Ability]:
    """Effects printed under the attack at ``index`` that act per target (see
    :data:`~delvekit.gloomhaven.engine.registry.RIDERS`): the named effects right after it on the card."""
    if f.kind != "monster":
        return []
    actions = game.monster_card(f.name).actions
    out: list[Ability] = []
    for a in actions[index + 1 :]:
        if a.kind != "custom" or a.note not in registry.RIDERS:
            break
        out.append(a)
    return out


def _run_attack_after(game: Game, task: Task) -> Decision | None:
    game.pop_task()
    st = game.state
    after = MonsterAttackAfter.of(task)
    f, target = st.figures.get(task.who), st.figures.get(after.target)
    effects = effects_of(cards_of(list(after.cards)))
    if target is not None and f is not None:
        stat_card = hooks.flat(hooks.monster_card_adds.each(game, f))  # the stat card's curse (Forest Imp)
        added = dict.fromkeys((*_actions(game, f)[task.n].card_adds, *stat_card))
        for card_name in added:  # a card's curse and the stat card's are one curse
            game.add_modifier_card(target.id if card_name == "curse" else f.id, card_name)
        for condition in attack_traits(game, f, _actions(game, f)[task.n])[2]:
            game.add_condition(target.id, condition)
        for name in effects.conditions:
            if name in ("bless", "curse"):
                game.add_modifier_card(f.id if name == "bless" else target.id, name)
            else:
                condition = Condition(name)
                game.add_condition(target.id if condition.negative else f.id, condition)

    if f is not None:
        if f.kind == "monster":
            st.group_infusions += list(effects.elements)
        else:
            for element in effects.elements:
                game.infuse(Element(element))
        for amount in effects.heals_self:
            game.heal(f.id, amount)
        for amount in effects.shields_self:
            f.shield_bonus += amount
    if f is not None and target is not None:
        ability = _actions(game, f)[task.n]
        forced = [("push", ability.push), ("pull", ability.pull)]
        forced += [("push", n) for n in effects.pushes] + [("pull", n) for n in effects.pulls]
        after_attack(game, f, target, forced)
    if f is not None and target is not None and f.kind == "summon":
        hooks.summon_event.run(game, f, "attacked", target.id)  # its stat line's wordings (the Void Eater)
    return None


def _heal_candidates(game: Game, task: Task) -> list[Figure]:
    """Monsters in range and sight (itself included) that lost the most health (§10.4)."""
    st = game.state
    f = st.figures.get(task.who)
    board = game.board()
    if f is None or board is None:
        return []
    heal = MonsterHeal.of(task)
    reach, excluded = heal.reach, set(heal.healed)
    near = proximity(board, f.hex, reach)
    sight = sight_for(board, game.tables.ruleset.los)
    allies = [
        g
        for g in st.figures.values()
        if g.kind == "monster"
        and g.side == f.side
        and g.id not in excluded
        and near.get(g.hex, reach + 1) <= reach
        and (g is f or sight.visible(f.hex, g.hex))
    ]
    if not allies:
        return []
    most = max(g.max_hp - g.hp for g in allies)
    return [g for g in allies if g.max_hp - g.hp == most]


def _run_heal(game: Game, task: Task) -> Decision | None:
    candidates = _heal_candidates(game, task)
    if not candidates:
        game.pop_task()
        return None
    return Decision(
        "party", "monster-heal", [Choice("heal", (g.id,)) for g in sorted(candidates, key=lambda g: g.id)]
    )


def _apply_heal(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    game.heal(choice.args[0], task.n)
    heal = MonsterHeal.of(task)  # "Heal X, Range Y, Target N": N different allies, each the most hurt
    if heal.count > 1:
        rest = MonsterHeal(heal.reach, heal.count - 1, tuple(sorted({*heal.healed, choice.args[0]})))
        game.push(Task("monster_heal", task.who, task.n, rest.text))


def loot(game: Game, f: Figure, reach: int) -> None:
    """A monster's Loot X: every money token within X (around walls, in sight) is taken off the
    map for good (§10.4)."""
    board = game.board()
    assert board is not None
    st = game.state
    near = proximity(board, f.hex, reach)
    sight = sight_for(board, game.tables.ruleset.los)
    gone = [
        h for h in st.coins if near.get(h, reach + 1) <= reach and (h == f.hex or sight.visible(f.hex, h))
    ]
    for h in gone:
        del st.coins[h]
    game.emit("looted", f.id, f"coins={len(gone)}")


for _kind, _run, _apply in (
    ("monster_heal", _run_heal, _apply_heal),
    ("monster_plan", _run_plan, _apply_plan),
    ("monster_attack", _run_attack, None),
    ("monster_attack_after", _run_attack_after, None),
):
    task_handler(_kind, _run, _apply)


def monster_actions(game: Game, f: Figure) -> tuple[Ability, ...]:
    """The card actions of a monster (or summon) as it performs them now."""
    return _actions(game, f)
