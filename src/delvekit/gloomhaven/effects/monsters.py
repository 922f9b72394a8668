"""Named effects of monster ability cards and boss specials (registered in
:mod:`delvekit.gloomhaven.engine.registry`; the content adapter writes them, see
:func:`delvekit.gloomhaven.content.adapter._monster_named`).

Each effect's parts are in the custom ability's ``then``:

* ``consume-ELEMENT`` — the type consumed ELEMENT at its first activation (§9: monsters always
  consume when they can, the whole type gains), so its parts are performed;
  ``consume-wild`` — any one Strong or Waning element, which the players choose (§9 "any-element
  icon on monster cards"), once per type activation.
* ``instead-consume-ELEMENT`` — ``then`` is (boosted, plain): the monster performs the boosted
  ability when its type consumed ELEMENT (an attack is swapped in before it is planned, see
  :func:`delvekit.gloomhaven.engine.monster_turn.monster_actions`).
* ``affects-WHO`` — the parts (conditions, bless/curse, heal, suffer damage, push/pull) go to
  every figure WHO names: ``enemies-range``/``allies-range`` (within ``range`` counted around
  walls and in sight; range 0 = the monster's attack range), ``enemies-adjacent``,
  ``allies-adjacent``, ``all-adjacent`` (every other figure), ``self-allies``, or
  ``enemy-adjacent`` (one adjacent enemy; several: the players choose, §10.6). Allies never
  include the monster itself.
* ``bless`` / ``curse`` — the card goes into the performer's modifier deck.
* ``ondeath`` — passive: a monster that dies while its type's card shows it performs the parts
  (an attack on every enemy in the area around its hex) as it dies.
* ``one-target`` — the wrapped attack targets one enemy whatever the stat card's Target says.
* ``attack-bonus-if-target-adjacent-to-its-allies`` (Hound) — ``then`` is (attack, bonus): the
  bonus is added against a target next to one of its own allies.

Monster summons and traps (``spawn``, ``create-trap-near-enemy``) are placed by
:mod:`~delvekit.gloomhaven.effects.placement`; the boss specials printed on monster cards are in
:mod:`~delvekit.gloomhaven.effects.boss_specials`.
"""

from __future__ import annotations

from delvekit.core.hexes import Hex
from delvekit.core.los import sight_for
from delvekit.core.paths import proximity
from delvekit.core.records import Choice, Decision
from delvekit.gloomhaven.effects.boss_specials import ACTING_OBJECTIVES as ACTING_OBJECTIVES
from delvekit.gloomhaven.effects.boss_specials import MIND_CONTROL as MIND_CONTROL
from delvekit.gloomhaven.effects.boss_specials import controlled_actions as controlled_actions
from delvekit.gloomhaven.effects.boss_specials import controlled_team as controlled_team
from delvekit.gloomhaven.effects.boss_specials import mind_controlled as mind_controlled
from delvekit.gloomhaven.effects.boss_specials import objective_actions as objective_actions
from delvekit.gloomhaven.effects.boss_specials import step_field as step_field
from delvekit.gloomhaven.effects.placement import empty_hex, one_is_monster, summon_monster
from delvekit.gloomhaven.effects.placement import near_enemy_hexes as near_enemy_hexes
from delvekit.gloomhaven.engine.actions import hex_token, parse_hex
from delvekit.gloomhaven.engine.game import MONSTER_DECK, Game, task_handler
from delvekit.gloomhaven.engine.payloads import ForceStep, MonsterHeal, forced_kind
from delvekit.gloomhaven.engine.registry import effect
from delvekit.gloomhaven.engine.state import Figure, Task
from delvekit.gloomhaven.engine.strike import strike_once
from delvekit.gloomhaven.model.abilities import Ability
from delvekit.gloomhaven.model.conditions import Condition
from delvekit.gloomhaven.model.elements import Element

_empty = empty_hex  # the old name, for callers not yet moved to placement.empty_hex

_WHO = (
    "enemies-range",
    "allies-range",
    "enemies-adjacent",
    "allies-adjacent",
    "enemy-adjacent",
    "all-adjacent",
    "self-allies",
    "self-allies-range",
    "enemies",
)


def _stat_range(game: Game, f: Figure) -> int:
    if f.kind == "monster":
        return game.tables.types[f.name].stats(f.rank or "normal").range
    if f.kind == "summon":
        return game.state.summon_stats.get(f.id, (0, 0, 0))[2]
    return 0


def affected(game: Game, f: Figure, who: str, reach: int) -> list[Figure]:
    """The figures an ``affects-WHO`` effect of ``f`` reaches, in id order (invisible enemies
    cannot be targeted, §8)."""
    board = game.board()
    others = [g for g in game.state.figures.values() if g is not f]
    if who.startswith("enemies") or who == "enemy-adjacent":
        pool = [g for g in others if one_is_monster(f, g) and Condition.INVISIBLE not in g.conditions]
    elif who.startswith(("allies", "self-allies")):
        pool = [g for g in others if not one_is_monster(f, g)]
    else:
        pool = others
    if who.endswith("range"):
        reach = reach or max(1, _stat_range(game, f))
        if board is None:
            return []
        near = proximity(board, f.hex, reach)
        sight = sight_for(board, game.tables.ruleset.los)
        pool = [g for g in pool if near.get(g.hex, reach + 1) <= reach and sight.visible(f.hex, g.hex)]
    elif who.endswith("adjacent"):
        if board is None:
            return []
        pool = [g for g in pool if board.adjacent(f.hex, g.hex)]
    if who.startswith("self-allies"):
        pool.append(f)
    return sorted(pool, key=lambda g: g.id)


def give(game: Game, f: Figure, target: Figure, part: Ability) -> Task | None:
    """Give one part of an ``affects`` effect of ``f`` to ``target``; a push or pull is
    returned as its task (the caller queues them in order)."""
    if part.kind == "condition" and part.condition is not None:
        game.add_condition(target.id, part.condition)
    elif part.kind == "custom" and part.note in ("bless", "curse"):
        game.add_modifier_card(target.id, part.note)
    elif part.kind == "heal":
        game.heal(target.id, part.value)
    elif part.kind == "suffer":
        game.suffer_damage(target.id, part.value, "suffer")
    elif part.kind in ("push", "pull"):
        return Task("force", target.id, part.value, ForceStep(f.id, forced_kind(part.kind)).text)
    elif part.kind == "shield":
        target.shield_bonus += part.value  # a card bonus: until the end of the round (§6.7)
        game.emit("bonus", target.id, "shield", part.value)
    elif part.kind == "retaliate":
        target.retaliate_bonus += part.value
        game.emit("bonus", target.id, "retaliate", part.value)
    else:
        game.emit("unresolved", f.id, *str(part).split())
    return None


@effect(*(f"affects-{who}" for who in _WHO))
def _affects(game: Game, fid: str, ability: Ability) -> None:
    f = game.state.figures.get(fid)
    if f is None:
        return
    who = ability.note.removeprefix("affects-")
    reached = affected(game, f, who, ability.range)
    if who == "enemy-adjacent" and len(reached) > 1:
        game.push(Task("monster_affect_one", fid, 0, str(ability)))
        return
    forced = [t for g in reached for part in ability.then if (t := give(game, f, g, part)) is not None]
    game.push(*forced)  # one target at a time, in order


def _run_affect_one(game: Game, task: Task) -> Decision | None:
    f = game.state.figures.get(task.who)
    if f is None:
        game.pop_task()
        return None
    choices = [Choice("affect", (g.id,)) for g in affected(game, f, "enemy-adjacent", 0)]
    if not choices:
        game.pop_task()
        return None
    return Decision("party", "monster-affect", choices)


def _apply_affect_one(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    f, g = game.state.figures.get(task.who), game.state.figures.get(choice.args[0])
    if f is not None and g is not None:
        parts = Ability.parse(task.text).then
        game.push(*(t for part in parts if (t := give(game, f, g, part)) is not None))


@effect("bless", "curse")
def _card(game: Game, fid: str, ability: Ability) -> None:
    game.add_modifier_card(fid, ability.note)


def paid(game: Game, f: Figure, element: Element) -> bool:
    """Whether ``f`` has ``element`` consumed for its current card: monsters through their
    type's consumption at its first activation; other figures consume it now if they can."""
    st = game.state
    if f.kind == "monster":
        return element.value in st.group_consumed
    if st.elements.can_consume(element):
        st.elements.consume(element)
        game.emit("consumed", f.id, element.value)
        return True
    return False


def perform_parts(game: Game, f: Figure, parts: tuple[Ability, ...]) -> None:
    """Perform what a consumption gives, in printed order, as the figure's own abilities."""
    for part in parts:
        if part.kind == "heal" and part.range and f.kind == "monster" and game.tables.board is not None:
            game.push(Task("monster_heal", f.id, part.value, MonsterHeal(part.range).text))
        else:
            game.perform(f.id, part)


@effect(*(f"consume-{e.value}" for e in Element))
def _consume(game: Game, fid: str, ability: Ability) -> None:
    f = game.state.figures.get(fid)
    if f is not None and ability.element is not None and paid(game, f, ability.element):
        perform_parts(game, f, ability.then)


@effect(*(f"instead-consume-{e.value}" for e in Element))
def _instead(game: Game, fid: str, ability: Ability) -> None:
    """Reached only when the ability was not swapped before planning (a heal, or no board)."""
    f = game.state.figures.get(fid)
    if f is None or ability.element is None:
        return
    boosted, plain = ability.then
    chosen = boosted if paid(game, f, ability.element) else plain
    perform_parts(game, f, (chosen,))


@effect("consume-wild")
def _consume_wild(game: Game, fid: str, ability: Ability) -> None:
    st = game.state
    f = st.figures.get(fid)
    if f is None:
        return
    if f.kind == "monster" and "wild" in st.group_consumed:
        perform_parts(game, f, ability.then)
    elif any(st.elements.can_consume(e) for e in Element):
        game.push(Task("monster_wild", fid, 0, str(ability)))


def _run_wild(game: Game, task: Task) -> Decision | None:
    st = game.state
    if task.who not in st.figures:
        game.pop_task()
        return None
    choices = [Choice("consume", (e.value,)) for e in Element if st.elements.can_consume(e)]
    if not choices:
        game.pop_task()
        return None
    return Decision("party", "wild", choices)


def _apply_wild(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    st = game.state
    f = st.figures[task.who]
    element = Element(choice.args[0])
    st.elements.consume(element)
    game.emit("consumed", f.id, element.value)
    if f.kind == "monster":
        st.group_consumed += [element.value, "wild"]
    perform_parts(game, f, Ability.parse(task.text).then)


@effect("heal-targets")
def _heal_targets(game: Game, fid: str, ability: Ability) -> None:
    """ "Heal X, Range Y, Target N" (Savvas Lavaflow 722 with earth): N different allies in range,
    each time the one that lost the most health (ties: the players)."""
    f = game.state.figures.get(fid)
    heals = [p for p in ability.then if p.kind == "heal"]
    if f is None or not heals:
        return
    if f.kind != "monster" or game.tables.board is None:
        perform_parts(game, f, tuple(heals))
        return
    heal = heals[0]
    game.push(Task("monster_heal", fid, heal.value, MonsterHeal(heal.range, max(1, ability.value)).text))


@effect("not-consumed")
def _not_consumed(game: Game, fid: str, ability: Ability) -> None:
    """The place of a "consume E: Attack/Move" line whose element was not there: nothing."""


@effect("one-target", "attack-bonus-if-target-adjacent-to-its-allies", "ondeath")
def _wrapped(game: Game, fid: str, ability: Ability) -> None:
    """A wrapped attack (when not swapped in before planning, e.g. without a board: the attack
    inside); ``ondeath``: passive, it acts in :func:`on_death`."""
    if ability.note != "ondeath":
        perform_parts(game, game.state.figures[fid], ability.then)


def on_death(game: Game, f: Figure) -> None:
    """A monster killed while its type's card has an ``ondeath`` effect attacks from its hex:
    every enemy in the area (offsets from the dead monster), the monster modifier deck, shields."""
    st = game.state
    if f.kind != "monster" or game.tables.board is None:
        return
    deck = game.tables.types[f.name].deck
    card = st.revealed.get(deck)
    if card is None:
        return
    actions = game.tables.deck_cards[deck][card].actions
    stats = game.tables.types[f.name].stats(f.rank or "normal")
    board = game.board()
    assert board is not None
    for a in actions:
        if a.kind != "custom" or a.note != "ondeath":
            continue
        game.emit("on-death", f.id)
        for part in a.then:
            if part.kind != "attack":
                continue
            cells = {(f.hex[0] + q, f.hex[1] + r) for q, r in part.area} if part.area else set()
            for g in sorted(st.figures.values(), key=lambda g: g.id):
                in_area = g.hex in cells if cells else board.adjacent(f.hex, g.hex)
                if g.kind == "monster" or not in_area:
                    continue
                # the monster deck, with its stat card's advantage (docs/monster-traits.md); an
                # attack like any other, so the target's defences (Iron Helmet, shield bonuses) act
                result, _, _ = strike_once(
                    game,
                    f.id,
                    g,
                    stats.attack + part.value,
                    pierce=part.pierce,
                    advantage=stats.advantage,
                    deck=MONSTER_DECK,
                )
                game.push(Task("damage", g.id, result.damage, "attack"))


# ------------------------------------------------------- round effects and riders


def this_round(game: Game) -> list[tuple[str, tuple[str, ...]]]:
    """The events of the current round, latest first (up to its ``round`` event)."""
    out: list[tuple[str, tuple[str, ...]]] = []
    for e in reversed(game.events):
        if e.kind == "round":
            break
        out.append((e.kind, e.args))
    return out


def this_turn(game: Game, fid: str) -> list[tuple[str, tuple[str, ...]]]:
    """The events since ``fid``'s turn started, latest first."""
    out: list[tuple[str, tuple[str, ...]]] = []
    for e in reversed(game.events):
        if e.kind == "turn" and e.args and e.args[0] == fid:
            break
        if e.kind == "round":
            break
        out.append((e.kind, e.args))
    return out


_ROUND_EFFECTS = ("attackers-have-disadvantage-this-round", "allies-bonus-this-round")


_uses: dict[int, tuple[object, frozenset[str]]] = {}


def _used_notes(game: Game) -> frozenset[str]:
    """Notes of the round effects some monster card of this game holds (a cheap test before
    reading the round's events; one entry per setup)."""
    key = id(game.setup)
    hit = _uses.get(key)
    if hit is not None and hit[0] is game.setup:
        return hit[1]
    actions = (a for cards in game.setup.decks.values() for c in cards for a in c.actions)
    notes = frozenset(a.note for a in actions if a.note in _ROUND_EFFECTS)
    if len(_uses) > 256:
        _uses.clear()
    _uses[key] = (game.setup, notes)
    return notes


@effect("attackers-have-disadvantage-this-round")
def _shrouded(game: Game, fid: str, ability: Ability) -> None:
    """Giant Viper 689: every attack targeting it gains disadvantage for the rest of the round."""
    if fid in game.state.figures:
        game.emit("attackers-disadvantaged", fid)


def attackers_disadvantaged(game: Game, target: Figure) -> bool:
    """Whether attacks on ``target`` have disadvantage this round (Giant Viper 689)."""
    if "attackers-have-disadvantage-this-round" not in _used_notes(game):
        return False
    return any(k == "attackers-disadvantaged" and a[0] == target.id for k, a in this_round(game))


@effect("allies-bonus-this-round")
def _rally(game: Game, fid: str, ability: Ability) -> None:
    """Captain of the Guard, special 2: all its allies add the part's +N to every attack they
    make for the rest of this round (its own attacks are not its allies')."""
    bonus = sum(p.value for p in ability.then if p.kind == "attack")
    if fid in game.state.figures and bonus:
        game.emit("allies-bonus", fid, f"+{bonus}")


def allies_round_bonus(game: Game, f: Figure) -> int:
    """The attack bonus ``f`` gets this round from allies' ``allies-bonus-this-round``."""
    if "allies-bonus-this-round" not in _used_notes(game):
        return 0
    total = 0
    for kind, args in this_round(game):
        if kind != "allies-bonus" or args[0] == f.id:
            continue
        giver_monster = "#" in args[0]  # monster ids are TYPE#STANDEE
        if giver_monster == (f.kind == "monster"):
            total += int(args[1].removeprefix("+"))
    return total


RIDERS = ("affects-all-adjacent-to-target", "spawn-adjacent-to-target")
"""Effects printed under an attack that happen as it hits each target (they need the target's
hex): performed by the attack itself (``engine_monsters``); the card line is then done."""


@effect(*RIDERS)
def _rider(game: Game, fid: str, ability: Ability) -> None:
    """Already performed with the attack before it, target by target."""


def rider_tasks(game: Game, f: Figure, rider: Ability, target_hex: Hex) -> list[Task]:
    """The steps of one rider for one target standing on ``target_hex`` (Savvas Lavaflow 719:
    every other figure next to the target suffers the damage; Deep Terror 738: a summon in an
    empty hex next to the target)."""
    board = game.board()
    if board is None:
        return []
    if rider.note == "affects-all-adjacent-to-target":
        damage = sum(p.value for p in rider.then if p.kind == "suffer")
        near = sorted(
            (g for g in game.state.figures.values() if g is not f and board.adjacent(g.hex, target_hex)),
            key=lambda g: g.id,
        )
        return [Task("damage", g.id, damage, "suffer") for g in near if damage]
    if rider.note == "spawn-adjacent-to-target":
        return [Task("monster_summon_at", f.id, 0, f"{p.note}|{hex_token(target_hex)}") for p in rider.then]
    return []


def _run_summon_at(game: Game, task: Task) -> Decision | None:
    st = game.state
    note, anchor = task.text.split("|")
    name = note.rsplit(".", 1)[0]
    board = game.board()
    f = st.figures.get(task.who)
    if board is None or f is None:
        game.pop_task()
        return None
    h = parse_hex(anchor)
    hexes = sorted(n for n in board.links.get(h, ()) if empty_hex(game, n))
    if not hexes or name not in game.tables.types or not st.standees.get(name):
        game.pop_task()
        game.emit("no-summon", f.id, name, "no-hex" if not hexes else "no-standee")
        return None
    return Decision("party", "monster-summon", [Choice("place", (hex_token(x),)) for x in hexes])


def _apply_summon_at(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    name, rank = task.text.split("|")[0].rsplit(".", 1)
    summon_monster(game, name, rank, parse_hex(choice.args[0]), task.who)


@effect("per-target-damaged")
def _per_target(game: Game, fid: str, ability: Ability) -> None:
    """Harrower Infester 729 (after consuming dark): heal 2 self for each target its attack
    damaged this turn (one heal of the total)."""
    f = game.state.figures.get(fid)
    if f is None:
        return
    damaged = {a[1] for k, a in this_turn(game, fid) if k == "attack" and a[0] == fid and a[3] != "damage=0"}
    for part in ability.then:
        if part.kind == "heal" and damaged:
            game.heal(fid, part.value * len(damaged))


task_handler("monster_affect_one", _run_affect_one, _apply_affect_one)


task_handler("monster_wild", _run_wild, _apply_wild)


task_handler("monster_summon_at", _run_summon_at, _apply_summon_at)
