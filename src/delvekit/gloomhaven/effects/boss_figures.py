"""Bosses whose figures come and go (their scenario's rules define them; registered in
:mod:`delvekit.gloomhaven.engine.registry`, with hooks): the Winged Horror's eggs, the Elder
Drake's zephyrs and the Dark Rider; and moving a boss to a marked hex (:func:`markers`,
:func:`jump_to`), which :mod:`~delvekit.gloomhaven.effects.bosses` shares.

* ``custom-summon-eggs`` / ``custom-hatch-eggs`` (Winged Horror, scenario 46): after its
  attacks, special 2 summons C eggs (numbered tokens with 2 + L/2 hit points rounded up, on the
  monsters' side, initiative 99 for summon focus: objective figures), each placed like a monster
  summon; after its attacks, special 1 destroys every egg and a normal Night Demon appears on
  each egg's hex.
* ``objective-spawn-zephyr`` / ``custom-fly-to-next-perch`` (Elder Drake, special 2, scenario
  34): two zephyrs (objective figures on the monsters' side that cannot be damaged in any way,
  placed like monster summons) that each round, right before the drake's turn (a group hook),
  perform "Move 2, Attack C" (not the round they appear; they leave with the drake); then the
  drake flies to its next perch a, b, c (its three boulders; it starts on c).
* The Dark Rider (scenario 48, its stat card's rule): not on the map at the start; off the map
  as its turn comes (an away hook keeps its type in play), it appears on the next of its marked
  hexes a-f (taken: the closest empty hex) with the hit points it left with, then acts; right
  after any melee attack it leaves the map.
"""

from __future__ import annotations

from delvekit.core.records import Choice, Decision
from delvekit.gloomhaven.effects.boss_specials import ACTING_OBJECTIVES
from delvekit.gloomhaven.effects.placement import landing_hex, near_enemy_hexes, summon_monster
from delvekit.gloomhaven.engine import monster_turn as engine_monsters
from delvekit.gloomhaven.engine.actions import hex_token, parse_hex
from delvekit.gloomhaven.engine.game import Game, task_handler
from delvekit.gloomhaven.engine.registry import (
    effect,
)
from delvekit.gloomhaven.engine.start import place_monster
from delvekit.gloomhaven.engine.state import Figure, Task
from delvekit.gloomhaven.model.abilities import Ability
from delvekit.gloomhaven.model.conditions import Condition
from delvekit.gloomhaven.model.scenario_rules import Marker


def boss_enemies(game: Game, f: Figure) -> list[Figure]:
    """The figures on the other side from ``f`` (objectives aside)."""
    return [g for g in game.state.figures.values() if g.side != f.side and g.kind != "objective"]


def markers(game: Game) -> dict[str, tuple[int, int]]:
    """The scenario's lettered map marks (``marker`` rule records), when a source places
    them: the Prime Demon's altar places, the Gloom's jump hexes, the Elder Drake's perches."""
    return {m.key: m.hex for m in game.tables.rules_of(Marker) if len(m.key) == 1}


def jump_to(game: Game, f: Figure, h: tuple[int, int]) -> None:
    """Put ``f`` on ``h`` (a jump: no hex between counts), revealing the room it lands in."""
    land = landing_hex(game, h, f)
    if land is None or land == f.hex:
        return
    f.hex = land
    game.emit("moved", f.id, hex_token(land))
    game.emit("move-ended", f.id, hex_token(land))
    for room, placements in enumerate(game.setup.rooms):
        if room and room not in game.state.revealed_rooms and any(p.hex == land for p in placements):
            game.reveal_room(room)


# ---------------------------------------------------------------- Winged Horror

HATCHLING = "night-demon"


EGG = "Egg"


def eggs(game: Game) -> list[Figure]:
    """The Winged Horror's eggs on the map (objective figures on the monsters' side)."""
    found = (g for g in game.state.figures.values() if g.kind == "objective" and g.name == EGG)
    return sorted(found, key=lambda g: g.id)


def egg_health(level: int) -> int:
    """An egg's hit points: 2 + L/2, rounded up (scenario 46).

    >>> [egg_health(level) for level in (0, 1, 2, 7)]
    [2, 3, 3, 6]
    """
    return 2 + (level + 1) // 2


@effect("custom-summon-eggs")
def _lay(game: Game, fid: str, ability: Ability) -> None:
    """Special 2 (after its attacks): C eggs, each summoned like a monster summon (next to the
    Winged Horror, as close to an enemy as possible; ties: the players)."""
    f = game.state.figures.get(fid)
    if f is None or game.tables.board is None:
        return
    game.push(*(Task("boss_egg", fid) for _ in range(len(game.setup.party))))


def _run_egg(game: Game, task: Task) -> Decision | None:
    f = game.state.figures.get(task.who)
    hexes = near_enemy_hexes(game, f) if f is not None else []
    if not hexes:
        game.pop_task()
        if f is not None:
            game.emit("no-egg", f.id, "no-hex")
        return None
    return Decision("party", "monster-egg", [Choice("place", (hex_token(h),)) for h in hexes])


def _apply_egg(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    st = game.state
    h = parse_hex(choice.args[0])
    n = 1 + sum(1 for e in game.events if e.kind == "egg-laid")
    fid = f"egg.{n}"
    hp = egg_health(game.setup.level)
    st.figures[fid] = Figure(fid, "objective", EGG, hp, h, immune=frozenset(Condition), side="monsters")
    game.emit("egg-laid", fid, choice.args[0], f"hp={hp}", f"by={task.who}")


@effect("custom-hatch-eggs")
def _hatch(game: Game, fid: str, ability: Ability) -> None:
    """Special 1 (after its attacks): every egg on the map is destroyed and a normal Night Demon
    appears on its hex (a monster summon: it does not act this round, drops no money)."""
    st = game.state
    if fid not in st.figures or game.tables.board is None:
        return
    for egg in eggs(game):
        del st.figures[egg.id]
        game.emit("egg-hatched", egg.id, hex_token(egg.hex))
        if HATCHLING not in game.tables.types or not st.standees.get(HATCHLING):
            game.emit("no-summon", fid, HATCHLING, "no-standee")
            continue
        summon_monster(game, HATCHLING, "normal", egg.hex, fid)


# ------------------------------------------------------------------- Elder Drake


ZEPHYR = "Zephyr"


ZEPHYRS_PER_SUMMON = 2


def zephyrs(game: Game, owner: str | None = None) -> list[Figure]:
    """The Elder Drake's zephyrs on the map (of ``owner`` only, when given), by id."""
    found = (
        g
        for g in game.state.figures.values()
        if g.kind == "objective" and g.name == ZEPHYR and (owner is None or g.owner == owner)
    )
    return sorted(found, key=lambda g: g.id)


def _zephyr_actions(game: Game, f: Figure) -> tuple[Ability, ...]:
    """A zephyr's turn: "Move 2, Attack C" (scenario 34)."""
    return (Ability(kind="move", value=2), Ability(kind="attack", value=len(game.setup.party)))


ACTING_OBJECTIVES[ZEPHYR] = _zephyr_actions


@effect("objective-spawn-zephyr")
def _summon_zephyrs(game: Game, fid: str, ability: Ability) -> None:
    """Special 2: the Elder Drake summons two zephyrs, each placed like a monster summon (next
    to it, as close to an enemy as possible; ties: the players), before it flies to its perch."""
    if fid not in game.state.figures or game.tables.board is None:
        return
    game.push(*(Task("boss_zephyr", fid) for _ in range(ZEPHYRS_PER_SUMMON)))


def _run_zephyr(game: Game, task: Task) -> Decision | None:
    f = game.state.figures.get(task.who)
    hexes = near_enemy_hexes(game, f) if f is not None else []
    if not hexes:
        game.pop_task()
        if f is not None:
            game.emit("no-zephyr", f.id, "no-hex")
        return None
    return Decision("party", "monster-zephyr", [Choice("place", (hex_token(h),)) for h in hexes])


def _apply_zephyr(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    st = game.state
    n = 1 + sum(1 for e in game.events if e.kind == "zephyr")
    zid = f"zephyr.{n}"
    st.figures[zid] = Figure(
        zid, "objective", ZEPHYR, 1, parse_hex(choice.args[0]), owner=task.who, summoned_round=st.round,
        side="monsters",
    )  # fmt: skip
    game.emit("zephyr", zid, choice.args[0], f"by={task.who}")


def zephyrs_first(game: Game, type_name: str) -> list[Task]:
    """A group hook: as the Elder Drake's type activates, each of its zephyrs takes its turn
    first (not one summoned this round)."""
    st = game.state
    out: list[Task] = []
    for z in zephyrs(game):
        owner = st.figures.get(z.owner or "")
        if owner is not None and owner.name == type_name and z.summoned_round != st.round:
            out.append(Task("zephyr_turn", z.id))
    return out


def _run_zephyr_turn(game: Game, task: Task) -> Decision | None:
    game.pop_task()
    st = game.state
    z = st.figures.get(task.who)
    if z is None:
        return None
    z.turns += 1
    z.acted_round = st.round
    game.emit("turn", z.id)
    if Condition.STUN in z.conditions:
        game.emit("stunned", z.id)
        game.push(Task("end_turn", z.id))
        return None
    steps = [Task("objective_act", z.id, i) for i in range(len(_zephyr_actions(game, z)))]
    game.push(*steps, Task("end_turn", z.id), Task("forget_plan", z.id))
    return None


def _run_objective_act(game: Game, task: Task) -> Decision | None:
    game.pop_task()
    z = game.state.figures.get(task.who)
    if z is not None and game.tables.board is not None and game.resolver is None:
        engine_monsters.act(game, z, task.n)
    return None


def undamageable(game: Game, f: Figure, amount: int, source: str) -> bool:
    """A damage hook: zephyrs cannot be damaged in any way (their conditions still apply)."""
    if f.kind == "objective" and f.name == ZEPHYR:
        game.emit("negated", f.id, amount, source, "undamageable")
        return True
    return False


def drake_gone(game: Game, f: Figure) -> None:
    """A death hook: the zephyrs of a dead Elder Drake leave the map with it."""
    for z in zephyrs(game, f.id):
        del game.state.figures[z.id]
        game.emit("removed", z.id, "summoner-dead")


@effect("custom-fly-to-next-perch")
def _perch(game: Game, fid: str, ability: Ability) -> None:
    """The Elder Drake flies to its next perch (a, b, c, then a: it starts on c) when the map
    marks them."""
    f = game.state.figures.get(fid)
    if f is None:
        return
    flights = sum(1 for e in game.events if e.kind == "perch" and e.args[0] == fid)
    perch = "abc"[flights % 3]
    spot = markers(game).get(perch)
    game.emit("perch", fid, perch if spot is not None else "not-placed")
    if spot is not None:
        jump_to(game, f, spot)


task_handler("zephyr_turn", _run_zephyr_turn, None)


task_handler("objective_act", _run_objective_act, None)


task_handler("boss_egg", _run_egg, _apply_egg)


task_handler("boss_zephyr", _run_zephyr, _apply_zephyr)


# -------------------------------------------------------------------- Dark Rider

DARK_RIDER = "dark-rider"


_RIDER_HP = "dark-rider:hp"


_RIDER_DEAD = "dark-rider:dead"


def rider_away(game: Game) -> set[str]:
    """An away hook: the Dark Rider is in play while off the map (not placed at the start of
    scenario 48; removed after each melee attack) until it dies."""
    st = game.state
    if DARK_RIDER not in game.tables.types or _RIDER_DEAD in st.scenario_marks:
        return set()
    if any(f.kind == "monster" and f.name == DARK_RIDER for f in st.figures.values()):
        return set()
    return {DARK_RIDER}


def rider_appears(game: Game, type_name: str) -> list[Task]:
    """A group hook: off the map at the start of its turn, the Dark Rider appears on the next of
    its marked hexes a-f (then a again; taken: the closest empty hex), with the hit points it
    left with; without the marks, where it left the map."""
    st = game.state
    if type_name != DARK_RIDER or DARK_RIDER not in rider_away(game) or game.tables.board is None:
        return []
    marks = markers(game)
    appearances = sum(1 for e in game.events if e.kind == "rider-appeared")
    letter = "abcdef"[appearances % 6]
    left = next((e.args[1] for e in reversed(game.events) if e.kind == "rider-left"), None)
    spot = marks.get(letter) or (parse_hex(left) if left else None)
    if spot is None:
        game.emit("no-spawn", DARK_RIDER, "no-hex")
        return []
    land = landing_hex(game, spot)
    pool = st.standees.get(DARK_RIDER)
    if land is None or not pool:
        game.emit("no-spawn", DARK_RIDER, "no-hex" if land is None else "no-standee")
        return []
    rider = place_monster(game, DARK_RIDER, "boss", land, standee=pool[0], spawned=True)
    rider.hp = hp = st.scenario_marks.pop(_RIDER_HP, rider.max_hp)
    where = letter if letter in marks else "left"
    game.emit("rider-appeared", rider.id, hex_token(land), f"at={where}", f"hp={hp}")
    return []


def rider_leaves(game: Game, f: Figure, index: int) -> list[Task]:
    """An after-attack hook: the Dark Rider is removed from the map right after any melee
    attack (its hit points wait for its return)."""
    if f.kind != "monster" or f.name != DARK_RIDER:
        return []
    ability = engine_monsters.monster_actions(game, f)[index]
    if game.tables.types[f.name].stats(f.rank or "boss").range + ability.range > 0:
        return []
    return [Task("rider_leaves", f.id)]


def _run_rider_leaves(game: Game, task: Task) -> Decision | None:
    game.pop_task()
    st = game.state
    f = st.figures.pop(task.who, None)
    if f is None:
        return None
    st.scenario_marks[_RIDER_HP] = f.hp
    st.standees[f.name].append(f.standee)
    st.standees[f.name].sort()
    st.plans.pop(f.id, None)
    game.emit("rider-left", f.id, hex_token(f.hex), f"hp={f.hp}")
    return None


def rider_died(game: Game, f: Figure) -> None:
    if f.kind == "monster" and f.name == DARK_RIDER:
        game.state.scenario_marks[_RIDER_DEAD] = game.state.round


task_handler("rider_leaves", _run_rider_leaves, None)
