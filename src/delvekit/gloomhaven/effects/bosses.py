"""Named effects of boss specials that their scenario's rules define (registered in
:mod:`delvekit.gloomhaven.engine.registry`; the content adapter writes them from the boss stat cards, see
:func:`delvekit.gloomhaven.content.adapter._monster_actions`), and the bosses' own standing rules
(hooks of :mod:`delvekit.gloomhaven.engine.registry`).

* ``custom-throne-moves`` and ``spawn-demon`` (Prime Demon, scenario 21, specials 1 and 2): the
  altar jumps to the next of its six places a-f (then a again) and summons one demon whose type
  the place gives (a Frost, b Wind, c Night, d Earth, e Flame, f Sun Demon), ranked by the
  special and the party size (``then`` holds the rank); the Prime Demon then performs its Move
  and Attack. The altar stands on f (the map's altar overlay, ``marker|f``) once the Prime
  Demon is on the map: an objective sharing its hit points and immunities; the Prime Demon
  cannot be damaged while it stands, damage to the altar is the Prime Demon's, and both go when
  it runs out. No source places a-e, so the altar stays on f (its places are only counted) and
  the demon appears next to it.
* ``teleport`` (The Gloom, special 2): the Gloom jumps to its marked hexes a, b, c in turn
  (scenario 51: letters on the tiles the book prints them on); without them (our reading) to the
  empty hex that keeps its focus within Range 5 and in sight while being as far as possible from
  every enemy (ties: the players), then attacks.
* ``custom-scatter`` (The Betrayer, special 1, after its summon; scenario 79): every character
  and character summon, in initiative order, is forced to perform "Move 4" ending as far from
  the Betrayer as possible (walking around walls, obstacles and enemies, avoiding traps and
  hazardous hexes; ties: the players).
* ``custom-mind-control`` (The Betrayer, special 2, scenario 79): every character and
  character summon, in initiative order, is forced to the closest empty hex next to the
  Betrayer (walking around walls and obstacles; none free: it stays); the character playing two
  cards latest this round is mind controlled: on its turn (a turn hook) it performs "Move 2"
  and its leading card's top action by the monsters' rules with its allies as its enemies
  (moves and attacks planned by the monster AI; abilities on itself performed; heals of others,
  summons, loot, named effects and XP not performed), then discards both cards; its summons,
  mind controlled too, fight their allies on their turns. The mark clears after its turn.
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

from delvekit.core.los import sight_for
from delvekit.core.paths import proximity
from delvekit.core.records import Choice, Decision
from delvekit.gloomhaven.content.adapter import THRONE_DEMONS
from delvekit.gloomhaven.effects.monsters import (
    ACTING_OBJECTIVES,
    AFTER_ATTACK,
    MIND_CONTROL,
    _empty,
    _field,
    controlled_actions,
    mind_controlled,
    near_enemy_hexes,
)
from delvekit.gloomhaven.engine import monster_turn as engine_monsters
from delvekit.gloomhaven.engine.actions import hex_token, parse_hex
from delvekit.gloomhaven.engine.game import Game, task_handler
from delvekit.gloomhaven.engine.registry import (
    AWAY_HOOKS,
    DAMAGE_HOOKS,
    DEATH_HOOKS,
    GROUP_HOOKS,
    REVEAL_HOOKS,
    ROUND_HOOKS,
    TURN_HOOKS,
    effect,
)
from delvekit.gloomhaven.engine.state import Figure, Task
from delvekit.gloomhaven.model.abilities import SELF_RESOLVED, Ability
from delvekit.gloomhaven.model.conditions import Condition


def _enemies(game: Game, f: Figure) -> list[Figure]:
    return [g for g in game.state.figures.values() if g.side != f.side and g.kind != "objective"]


def markers(game: Game) -> dict[str, tuple[int, int]]:
    """The scenario's lettered map marks (``marker|KEY|Q,R`` rule lines), when a source places
    them: the Prime Demon's altar places, the Gloom's jump hexes, the Elder Drake's perches."""
    out: dict[str, tuple[int, int]] = {}
    for line in game.setup.rules:
        parts = line.split("|")
        if len(parts) == 3 and parts[0] == "marker" and len(parts[1]) == 1:
            out[parts[1]] = parse_hex(parts[2])
    return out


def _land(game: Game, f: Figure, h: tuple[int, int]) -> tuple[int, int] | None:
    """``h`` if empty (or ``f``'s own hex), else the nearest empty hex (§ spawning)."""
    from delvekit.gloomhaven.scenario.rules import spawn_hex

    if h == f.hex or not any(g.hex == h for g in game.state.figures.values()):
        return h
    return spawn_hex(game, h)


def _place(game: Game, f: Figure, h: tuple[int, int]) -> None:
    """Put ``f`` on ``h`` (a jump: no hex between counts), revealing the room it lands in."""
    land = _land(game, f, h)
    if land is None or land == f.hex:
        return
    f.hex = land
    game.emit("moved", f.id, hex_token(land))
    game.emit("move-ended", f.id, hex_token(land))
    for room, placements in enumerate(game.setup.rooms):
        if room and room not in game.state.revealed_rooms and any(p.hex == land for p in placements):
            game.reveal_room(room)


# --------------------------------------------------------------------- Prime Demon


def _altar(game: Game) -> Figure | None:
    return next((g for g in game.state.figures.values() if g.kind == "objective" and g.name == "Altar"), None)


@effect("custom-throne-moves")
def _throne(game: Game, fid: str, ability: Ability) -> None:
    """The altar moves to its next place (a-f, then a again); with the scenario's marks and its
    altar figure, the altar jumps there (a figure in the way moves to the nearest empty hex)."""
    if fid not in game.state.figures:
        return
    moves = sum(1 for e in game.events if e.kind == "throne-moved" and e.args[0] == fid)
    place = "abcdef"[moves % 6]
    game.emit("throne-moved", fid, place)
    altar, spot = _altar(game), markers(game).get(place)
    if altar is not None and spot is not None:
        blocker = next((g for g in game.state.figures.values() if g.hex == spot and g is not altar), None)
        if blocker is not None:
            _place(game, blocker, spot)  # to the nearest empty hex
        _place(game, altar, spot)


@effect("spawn-demon")
def _demon(game: Game, fid: str, ability: Ability) -> None:
    """The altar summons the demon of its place, at the rank in ``then`` (none: normal)."""
    if fid not in game.state.figures or game.tables.board is None:
        return
    places = [e.args[1] for e in game.events if e.kind == "throne-moved" and e.args[0] == fid]
    demon = THRONE_DEMONS["abcdef".index(places[-1]) if places else 0]
    rank = next((p.note for p in ability.then if p.note in ("normal", "elite")), "normal")
    altar = _altar(game)
    if altar is not None:  # the altar summons: next to it
        game.push(Task("monster_summon_at", fid, 0, f"{demon}.{rank}|{hex_token(altar.hex)}"))
    else:
        game.push(Task("monster_summon", fid, 0, f"{demon}.{rank}"))


# -------------------------------------------------------------------------- Gloom

TELEPORT_RANGE = 5


def _focus(game: Game, f: Figure) -> Figure | None:
    """The nearest enemy (movement around walls, ignoring figures; ties: earlier initiative)."""
    board = game.board()
    assert board is not None
    near = proximity(board, f.hex)
    initiative = {t.id: t.initiative for t in game.state.order}
    pool = [g for g in _enemies(game, f) if Condition.INVISIBLE not in g.conditions]
    if not pool:
        return None
    return min(pool, key=lambda g: (near.get(g.hex, 10**6), initiative.get(g.owner or g.id, 99), g.id))


def teleport_hexes(game: Game, f: Figure) -> list[tuple[int, int]]:
    """Where the Gloom may teleport: empty hexes with its focus within Range 5 and in sight,
    farthest from the nearest enemy."""
    board = game.board()
    assert board is not None
    focus = _focus(game, f)
    if focus is None:
        return []
    sight = sight_for(board, game.tables.ruleset.los)
    reach = proximity(board, focus.hex, TELEPORT_RANGE)
    spots = [
        h
        for h, d in reach.items()
        if d <= TELEPORT_RANGE and (h == f.hex or _empty(game, h)) and sight.visible(h, focus.hex)
    ]
    if not spots:
        return []
    fields = [proximity(board, g.hex) for g in _enemies(game, f)]

    def safety(h: tuple[int, int]) -> int:
        return min((fd.get(h, 10**6) for fd in fields), default=0)

    best = max(safety(h) for h in spots)
    return sorted(h for h in spots if safety(h) == best)


@effect("teleport")
def _teleport(game: Game, fid: str, ability: Ability) -> None:
    """The Gloom's jump: to its marked hexes a, b, c in turn when the map places them, else
    (no source places them) away from the enemies with its focus in range."""
    f = game.state.figures.get(fid)
    if f is None or game.tables.board is None:
        return
    marks = markers(game)
    if all(k in marks for k in "abc"):
        jumps = sum(1 for e in game.events if e.kind == "teleported" and e.args[0] == fid)
        land = _land(game, f, marks["abc"[jumps % 3]])
        if land is not None:
            f.hex = land
        game.emit("teleported", fid, hex_token(f.hex))
        return
    game.push(Task("boss_teleport", fid))


def _run_teleport(game: Game, task: Task) -> Decision | None:
    f = game.state.figures.get(task.who)
    hexes = teleport_hexes(game, f) if f is not None else []
    if f is None or not hexes or hexes == [f.hex]:
        game.pop_task()
        return None
    return Decision("party", "monster-teleport", [Choice("teleport", (hex_token(h),)) for h in hexes])


def _apply_teleport(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    f = game.state.figures[task.who]
    f.hex = parse_hex(choice.args[0])
    game.emit("teleported", f.id, choice.args[0])


# ---------------------------------------------------------------------- Betrayer


@effect("custom-mind-control")
def _mind_control(game: Game, fid: str, ability: Ability) -> None:
    """Every character and character summon is forced next to the Betrayer (initiative
    order); the character acting latest this round is mind controlled."""
    st = game.state
    f = st.figures.get(fid)
    board = game.board()
    if f is None or board is None:
        return
    initiative = {t.id: (i, t.initiative) for i, t in enumerate(st.order)}
    movers = sorted(
        (g for g in st.figures.values() if g.kind in ("character", "summon")),
        key=lambda g: (initiative.get(g.owner or g.id, (99, 99)), g.kind != "summon", g.id),
    )
    for g in movers:
        free = [h for h in board.links.get(f.hex, ()) if _empty(game, h) or h == g.hex]
        if not free or g.hex in free:
            continue
        blocked = {x.hex for x in st.figures.values() if (x.kind == "monster") and x is not f}
        steps = _field(board, g.hex, blocked)
        reachable = [h for h in free if h in steps]
        if not reachable:
            continue
        dest = min(reachable, key=lambda h: (steps[h], h))
        g.hex = dest
        game.emit("moved", g.id, hex_token(dest))
        game.emit("move-ended", g.id, hex_token(dest))
    playing = [  # the characters playing two cards this round (not resting, not exhausted)
        t.id
        for t in st.order
        if t.kind == "character"
        and t.id in st.figures
        and not st.characters[t.id].long_rest
        and not st.characters[t.id].exhausted
    ]
    if playing:
        st.scenario_marks[MIND_CONTROL + playing[-1]] = st.round
        game.emit("mind-controlled", playing[-1], f"by={fid}")


def _controlled_turn(game: Game, cid: str) -> bool:
    """A turn hook: the mind-controlled character's turn is played by the monsters' rules."""
    f = game.state.figures.get(cid)
    if f is None or not mind_controlled(game, f):
        return False
    actions = controlled_actions(game, f)
    game.emit("controlled-turn", cid, f"card={game.state.characters[cid].lead}")
    game.push(*(Task("mind_act", cid, i) for i in range(len(actions))), Task("mind_done", cid))
    return True


TURN_HOOKS.append(_controlled_turn)


def _run_mind_act(game: Game, task: Task) -> Decision | None:
    """One ability of the controlled turn: moves and attacks planned by the monster AI with the
    character's allies as its enemies; abilities on itself performed; the others (a ranged heal,
    a summon, a loot, a named effect, XP) not performed."""
    game.pop_task()
    f = game.state.figures.get(task.who)
    if f is None or not mind_controlled(game, f):
        return None
    ability = controlled_actions(game, f)[task.n]
    on_board = game.tables.board is not None and game.resolver is None
    if ability.kind in ("move", "attack") and on_board:
        engine_monsters.act(game, f, task.n)
    elif ability.kind in SELF_RESOLVED - {"xp"} and not (ability.kind == "heal" and ability.range):
        game.perform(f.id, ability)
    else:
        game.emit("not-performed", f.id, ability.kind, "mind-controlled")
    return None


def _run_mind_done(game: Game, task: Task) -> Decision | None:
    """The controlled turn is over: both played cards are discarded (even a lost one), the
    mark clears."""
    game.pop_task()
    st = game.state
    ch = st.characters.get(task.who)
    if ch is not None and not ch.exhausted:
        for card in ch.selected:
            ch.discard.append(card)
            game.emit("card", ch.id, card, "discard")
        ch.selected = []
    st.scenario_marks.pop(MIND_CONTROL + task.who, None)
    game.emit("mind-control-ended", task.who)
    return None


def _reach(game: Game, g: Figure, budget: int) -> dict[tuple[int, int], int]:
    """Hexes ``g`` can walk to with ``budget`` movement points: around walls, obstacles and its
    enemies (through its allies), never into a trap or hazardous hex, difficult terrain costing
    2; each with its cost."""
    board = game.board()
    assert board is not None
    enemies = {x.hex for x in game.state.figures.values() if x.side != g.side}
    cost = {g.hex: 0}
    frontier = [g.hex]
    while frontier:
        nxt: list[tuple[int, int]] = []
        for h in frontier:
            for n in board.links.get(h, ()):
                terrain = board.terrain_at(n)
                name = terrain.name if terrain is not None else ""
                blocked = n in enemies or n in board.doors or board.is_wall(n)
                if blocked or name in ("OBSTACLE", "TRAP", "HAZARDOUS"):
                    continue
                c = cost[h] + (2 if name == "DIFFICULT" else 1)
                if c <= budget and c < cost.get(n, budget + 1):
                    cost[n] = c
                    nxt.append(n)
        frontier = nxt
    return cost


@effect("custom-scatter")
def _scatter(game: Game, fid: str, ability: Ability) -> None:
    """The Betrayer's special 1, after its summon: every character and character summon, in
    initiative order, is forced to perform "Move 4", ending as far from the Betrayer as possible
    (movement around walls; ties: the players)."""
    st = game.state
    if fid not in st.figures or game.tables.board is None:
        return
    initiative = {t.id: i for i, t in enumerate(st.order)}
    movers = sorted(
        (g for g in st.figures.values() if g.kind in ("character", "summon")),
        key=lambda g: (initiative.get(g.owner or g.id, 99), g.kind != "summon", g.id),
    )
    game.push(*(Task("boss_scatter", g.id, ability.value or 4, fid) for g in movers))


def _scatter_hexes(game: Game, task: Task) -> list[tuple[int, int]]:
    st = game.state
    g, boss = st.figures.get(task.who), st.figures.get(task.text)
    board = game.board()
    if g is None or boss is None or board is None:
        return []
    spots = [h for h in _reach(game, g, task.n) if h == g.hex or _empty(game, h)]
    far = proximity(board, boss.hex)
    best = max(far.get(h, 0) for h in spots)
    return sorted(h for h in spots if far.get(h, 0) == best)


def _run_scatter(game: Game, task: Task) -> Decision | None:
    hexes = _scatter_hexes(game, task)
    g = game.state.figures.get(task.who)
    if g is None or not hexes or hexes == [g.hex]:
        game.pop_task()
        return None
    return Decision("party", "forced-move", [Choice("move-to", (hex_token(h),)) for h in hexes])


def _apply_scatter(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    g = game.state.figures[task.who]
    g.hex = parse_hex(choice.args[0])
    game.emit("moved", g.id, choice.args[0])
    game.emit("move-ended", g.id, choice.args[0])


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
        pool = st.standees[HATCHLING]
        number = pool.pop(st.rng.randint(0, len(pool) - 1))
        stats = game.tables.types[HATCHLING].stats("normal")
        nid = f"{HATCHLING}#{number}"
        st.figures[nid] = Figure(
            nid, "monster", HATCHLING, stats.health, egg.hex, rank="normal", standee=number,
            immune=frozenset(stats.immunities), summoned_round=st.round,
        )  # fmt: skip
        game.emit("summoned", nid, "normal", f"hex={egg.hex[0]},{egg.hex[1]}", f"by={fid}")


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


def _zephyrs_first(game: Game, type_name: str) -> list[Task]:
    """A group hook: as the Elder Drake's type activates, each of its zephyrs takes its turn
    first (not one summoned this round)."""
    st = game.state
    out: list[Task] = []
    for z in zephyrs(game):
        owner = st.figures.get(z.owner or "")
        if owner is not None and owner.name == type_name and z.summoned_round != st.round:
            out.append(Task("zephyr_turn", z.id))
    return out


GROUP_HOOKS.append(_zephyrs_first)


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


def _undamageable(game: Game, f: Figure, amount: int, source: str) -> bool:
    """A damage hook: zephyrs cannot be damaged in any way (their conditions still apply)."""
    if f.kind == "objective" and f.name == ZEPHYR:
        game.emit("negated", f.id, amount, source, "undamageable")
        return True
    return False


DAMAGE_HOOKS.append(_undamageable)


def _drake_gone(game: Game, f: Figure) -> None:
    """A death hook: the zephyrs of a dead Elder Drake leave the map with it."""
    for z in zephyrs(game, f.id):
        del game.state.figures[z.id]
        game.emit("removed", z.id, "summoner-dead")


DEATH_HOOKS.append(_drake_gone)


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
        _place(game, f, spot)


task_handler("mind_act", _run_mind_act, None)
task_handler("mind_done", _run_mind_done, None)
task_handler("zephyr_turn", _run_zephyr_turn, None)
task_handler("objective_act", _run_objective_act, None)

for _kind, _run, _apply in (
    ("boss_scatter", _run_scatter, _apply_scatter),
    ("boss_teleport", _run_teleport, _apply_teleport),
    ("boss_egg", _run_egg, _apply_egg),
    ("boss_zephyr", _run_zephyr, _apply_zephyr),
):
    task_handler(_kind, _run, _apply)


# -------------------------------------------------------------------- Dark Rider

DARK_RIDER = "dark-rider"
_RIDER_HP = "dark-rider:hp"
_RIDER_DEAD = "dark-rider:dead"


def _rider_away(game: Game) -> set[str]:
    """An away hook: the Dark Rider is in play while off the map (not placed at the start of
    scenario 48; removed after each melee attack) until it dies."""
    st = game.state
    if DARK_RIDER not in game.tables.types or _RIDER_DEAD in st.scenario_marks:
        return set()
    if any(f.kind == "monster" and f.name == DARK_RIDER for f in st.figures.values()):
        return set()
    return {DARK_RIDER}


def _rider_appears(game: Game, type_name: str) -> list[Task]:
    """A group hook: off the map at the start of its turn, the Dark Rider appears on the next of
    its marked hexes a-f (then a again; taken: the closest empty hex), with the hit points it
    left with; without the marks, where it left the map."""
    st = game.state
    if type_name != DARK_RIDER or DARK_RIDER not in _rider_away(game) or game.tables.board is None:
        return []
    marks = markers(game)
    appearances = sum(1 for e in game.events if e.kind == "rider-appeared")
    letter = "abcdef"[appearances % 6]
    left = next((e.args[1] for e in reversed(game.events) if e.kind == "rider-left"), None)
    spot = marks.get(letter) or (parse_hex(left) if left else None)
    if spot is None:
        game.emit("no-spawn", DARK_RIDER, "no-hex")
        return []
    from delvekit.gloomhaven.scenario.rules import spawn_hex

    taken = any(g.hex == spot for g in st.figures.values())
    land = spawn_hex(game, spot) if taken else spot
    pool = st.standees.get(DARK_RIDER)
    if land is None or not pool:
        game.emit("no-spawn", DARK_RIDER, "no-hex" if land is None else "no-standee")
        return []
    stats = game.tables.types[DARK_RIDER].stats("boss")
    number = pool.pop(0)
    fid = f"{DARK_RIDER}#{number}"
    hp = st.scenario_marks.pop(_RIDER_HP, stats.health)
    rider = Figure(fid, "monster", DARK_RIDER, stats.health, land, rank="boss", standee=number,
                   immune=frozenset(stats.immunities), spawned=True)  # fmt: skip
    rider.hp = hp
    st.figures[fid] = rider
    where = letter if letter in marks else "left"
    game.emit("rider-appeared", fid, hex_token(land), f"at={where}", f"hp={hp}")
    return []


def _rider_leaves(game: Game, f: Figure, index: int) -> list[Task]:
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


def _rider_died(game: Game, f: Figure) -> None:
    if f.kind == "monster" and f.name == DARK_RIDER:
        game.state.scenario_marks[_RIDER_DEAD] = game.state.round


AWAY_HOOKS.append(_rider_away)
GROUP_HOOKS.append(_rider_appears)
AFTER_ATTACK.append(_rider_leaves)
DEATH_HOOKS.append(_rider_died)
task_handler("rider_leaves", _run_rider_leaves, None)


# ------------------------------------------------------- Prime Demon's altar (21)

PRIME_DEMON = "prime-demon"
ALTAR_PLACE = "f"
"""The altar's hex on the map (the book draws it on f, the last of its six places)."""


def prime_altar(game: Game) -> Figure | None:
    """The altar that shares the Prime Demon's hit points (scenario 21), when on the map."""
    st = game.state
    for g in st.figures.values():
        owner = st.figures.get(g.owner or "") if g.kind == "objective" and g.name == "Altar" else None
        if owner is not None and owner.name == PRIME_DEMON:
            return g
    return None


def _place_altar(game: Game, *_: object) -> None:
    """As the Prime Demon is on the map and the scenario marks the altar's hex (f), the altar
    appears there: an objective sharing its hit points and immunities (scenario 21)."""
    st = game.state
    demon = next((g for g in st.figures.values() if g.kind == "monster" and g.name == PRIME_DEMON), None)
    spot = markers(game).get(ALTAR_PLACE)
    if demon is None or spot is None or f"altar:{demon.id}" in st.scenario_marks:
        return  # no altar in this scenario, or it is (or was) on the map
    st.scenario_marks[f"altar:{demon.id}"] = st.round
    altar = Figure("altar.prime", "objective", "Altar", demon.max_hp, spot, immune=demon.immune,
                   owner=demon.id, side="monsters")  # fmt: skip
    altar.hp = demon.hp
    st.figures[altar.id] = altar
    game.emit("altar-placed", altar.id, hex_token(spot), f"hp={altar.hp}", f"for={demon.id}")


def _shared_damage(game: Game, f: Figure, amount: int, source: str) -> bool:
    """A damage hook: the Prime Demon cannot be damaged while its altar stands; damage to the
    altar is the Prime Demon's (they share hit points; the demon dies as they run out)."""
    altar = prime_altar(game)
    if altar is None:
        return False
    demon = game.state.figures[altar.owner or ""]
    if f is demon:
        game.emit("negated", f.id, amount, source, "altar")
        return True
    if f is not altar:
        return False
    demon.hp -= amount
    altar.hp = demon.hp
    game.emit("damage", altar.id, amount, source, f"shared={demon.id}")
    if demon.hp < 1:
        del game.state.figures[altar.id]
        game.emit("removed", altar.id, "destroyed")
        game.kill(demon)
    return True


ROUND_HOOKS.append(lambda game, timing: _place_altar(game) if timing == "start" else None)
REVEAL_HOOKS.append(_place_altar)
DAMAGE_HOOKS.append(_shared_damage)
