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

The Winged Horror, the Elder Drake and the Dark Rider are in
:mod:`~delvekit.gloomhaven.effects.boss_figures`.
"""

from __future__ import annotations

from delvekit.core.los import sight_for
from delvekit.core.paths import proximity
from delvekit.core.records import Choice, Decision
from delvekit.gloomhaven.content.adapter import THRONE_DEMONS
from delvekit.gloomhaven.effects.boss_figures import boss_enemies, jump_to, markers
from delvekit.gloomhaven.effects.boss_specials import (
    MIND_CONTROL,
    controlled_actions,
    mind_controlled,
    step_field,
)
from delvekit.gloomhaven.effects.placement import empty_hex, landing_hex
from delvekit.gloomhaven.engine import monster_turn as engine_monsters
from delvekit.gloomhaven.engine.actions import hex_token, parse_hex
from delvekit.gloomhaven.engine.game import Game, task_handler
from delvekit.gloomhaven.engine.registry import (
    effect,
)
from delvekit.gloomhaven.engine.state import Figure, Task
from delvekit.gloomhaven.model.abilities import SELF_RESOLVED, Ability
from delvekit.gloomhaven.model.conditions import Condition

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
            jump_to(game, blocker, spot)  # to the nearest empty hex
        jump_to(game, altar, spot)


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
    pool = [g for g in boss_enemies(game, f) if Condition.INVISIBLE not in g.conditions]
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
        if d <= TELEPORT_RANGE and (h == f.hex or empty_hex(game, h)) and sight.visible(h, focus.hex)
    ]
    if not spots:
        return []
    fields = [proximity(board, g.hex) for g in boss_enemies(game, f)]

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
        land = landing_hex(game, marks["abc"[jumps % 3]], f)
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
        free = [h for h in board.links.get(f.hex, ()) if empty_hex(game, h) or h == g.hex]
        if not free or g.hex in free:
            continue
        blocked = {x.hex for x in st.figures.values() if (x.kind == "monster") and x is not f}
        steps = step_field(board, g.hex, blocked)
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


def controlled_turn(game: Game, cid: str) -> bool:
    """A turn hook: the mind-controlled character's turn is played by the monsters' rules."""
    f = game.state.figures.get(cid)
    if f is None or not mind_controlled(game, f):
        return False
    actions = controlled_actions(game, f)
    game.emit("controlled-turn", cid, f"card={game.state.characters[cid].lead}")
    game.push(*(Task("mind_act", cid, i) for i in range(len(actions))), Task("mind_done", cid))
    return True


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
    """The controlled actions are over: both played cards are discarded (even a lost one). The
    mark stays to the end of the turn (:func:`control_ends`): what the turn's start left for
    after the actions (Triage's heal) is still done under control."""
    game.pop_task()
    ch = game.state.characters.get(task.who)
    if ch is not None and not ch.exhausted:
        for card in ch.selected:
            ch.discard.append(card)
            game.emit("card", ch.id, card, "discard")
        ch.selected = []
    f = game.state.figures.get(task.who)
    if f is None:  # exhausted: its turn ends here, with no end-of-turn step
        _end_control(game, task.who)
    return None


def control_ends(game: Game, f: Figure) -> None:
    """A turn hook, last as a character's turn ends: its mind control (if any) clears."""
    _end_control(game, f.id)


def _end_control(game: Game, cid: str) -> None:
    if game.state.scenario_marks.pop(MIND_CONTROL + cid, None) is not None:
        game.emit("mind-control-ended", cid)


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
    spots = [h for h in _reach(game, g, task.n) if h == g.hex or empty_hex(game, h)]
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


task_handler("mind_act", _run_mind_act, None)


task_handler("mind_done", _run_mind_done, None)


task_handler("boss_scatter", _run_scatter, _apply_scatter)


task_handler("boss_teleport", _run_teleport, _apply_teleport)


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


def altar_at_round_start(game: Game, timing: str) -> None:
    """The altar appears as a round starts too (its hex may be marked during the round)."""
    if timing == "start":
        place_altar(game)


def place_altar(game: Game, *_: object) -> None:
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


def shared_damage(game: Game, f: Figure, amount: int, source: str) -> bool:
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
