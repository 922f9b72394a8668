"""Named effects of boss specials that their scenario's rules define (registered in
:mod:`delvekit.gloomhaven.effects`; the content adapter writes them from the boss stat cards, see
:func:`delvekit.gloomhaven.engine_content._monster_actions`).

* ``custom-throne-moves`` and ``spawn-demon`` (Prime Demon, scenario 21, specials 1 and 2): the
  altar jumps to the next of its six places a-f (then a again) and summons one demon whose type
  the place gives (a Frost, b Wind, c Night, d Earth, e Flame, f Sun Demon), ranked by the
  special and the party size (``then`` holds the rank); the Prime Demon then performs its Move
  and Attack. The map sources place neither the altar nor its six marks, so the demon appears
  as a monster summon next to the Prime Demon (§10.4), the altar's place being only counted.
* ``teleport`` (The Gloom, special 2; our reading): the Gloom teleports to the empty hex that
  keeps its focus (the nearest enemy, ties: initiative) within Range 5 and in sight while
  being as far as possible from every enemy (ties: the players), then attacks.
* ``custom-mind-control`` (The Betrayer, special 2, scenario 79): every character and
  character summon, in initiative order, is forced to the closest empty hex next to the
  Betrayer (walking around walls and obstacles; none free: it stays); the character playing
  latest this round is marked mind controlled for the round (event ``mind-controlled``).
* ``custom-summon-eggs`` / ``custom-hatch-eggs`` (Winged Horror, scenario 46; our reading):
  special 2 lays one egg per character on empty hexes next to it, each the free one closest to
  an enemy (ties: the players; egg tokens, events ``egg-laid``); special 1 hatches every egg
  still on the map into a normal Night Demon (a monster summon on the egg's hex; a figure
  standing on it keeps the egg from hatching).
* ``objective-spawn-zephyr`` / ``custom-fly-to-next-perch`` (Elder Drake, special 2, scenario
  34): the sources give neither the zephyrs' stat line nor the perches' places; the effects
  report what they would do (events ``zephyr`` and ``perch``) and change nothing else.
"""

from __future__ import annotations

from delvekit.core.los import sight_for
from delvekit.core.paths import proximity
from delvekit.core.records import Choice, Decision
from delvekit.gloomhaven.abilities import Ability
from delvekit.gloomhaven.conditions import Condition
from delvekit.gloomhaven.effects import effect
from delvekit.gloomhaven.effects_monsters import _empty, _field
from delvekit.gloomhaven.engine import Game, task_handler
from delvekit.gloomhaven.engine_actions import hex_token, parse_hex
from delvekit.gloomhaven.engine_content import THRONE_DEMONS
from delvekit.gloomhaven.state import Figure, Task


def _enemies(game: Game, f: Figure) -> list[Figure]:
    return [g for g in game.state.figures.values() if (g.kind == "monster") != (f.kind == "monster")]


# --------------------------------------------------------------------- Prime Demon


@effect("custom-throne-moves")
def _throne(game: Game, fid: str, ability: Ability) -> None:
    """The altar moves to its next place (a-f, then a again)."""
    if fid not in game.state.figures:
        return
    moves = sum(1 for e in game.events if e.kind == "throne-moved" and e.args[0] == fid)
    game._emit("throne-moved", fid, "abcdef"[moves % 6])


@effect("spawn-demon")
def _demon(game: Game, fid: str, ability: Ability) -> None:
    """The altar summons the demon of its place, at the rank in ``then`` (none: normal)."""
    if fid not in game.state.figures or game._static.board is None:
        return
    places = [e.args[1] for e in game.events if e.kind == "throne-moved" and e.args[0] == fid]
    demon = THRONE_DEMONS["abcdef".index(places[-1]) if places else 0]
    rank = next((p.note for p in ability.then if p.note in ("normal", "elite")), "normal")
    game._push(Task("monster_summon", fid, 0, f"{demon}.{rank}"))


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
    sight = sight_for(board, game._static.ruleset.los)
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
    f = game.state.figures.get(fid)
    if f is None or game._static.board is None:
        return
    game._push(Task("boss_teleport", fid))


def _run_teleport(game: Game, task: Task) -> Decision | None:
    f = game.state.figures.get(task.who)
    hexes = teleport_hexes(game, f) if f is not None else []
    if f is None or not hexes or hexes == [f.hex]:
        game._pop()
        return None
    return Decision("party", "monster-teleport", [Choice("teleport", (hex_token(h),)) for h in hexes])


def _apply_teleport(game: Game, task: Task, choice: Choice) -> None:
    game._pop()
    f = game.state.figures[task.who]
    f.hex = parse_hex(choice.args[0])
    game._emit("teleported", f.id, choice.args[0])


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
        game._emit("moved", g.id, hex_token(dest))
        game._emit("move-ended", g.id, hex_token(dest))
    characters = [t for t in st.order if t.kind == "character" and t.id in st.figures]
    if characters:
        game._emit("mind-controlled", characters[-1].id, f"by={fid}")


# ---------------------------------------------------------------- Winged Horror

HATCHLING = "night-demon"


def eggs(game: Game) -> list[tuple[int, int]]:
    """Egg tokens on the map: laid and neither hatched nor taken since."""
    out: list[tuple[int, int]] = []
    for e in game.events:
        if e.kind == "egg-laid":
            out.append(parse_hex(e.args[1]))
        elif e.kind == "egg-hatched" and parse_hex(e.args[1]) in out:
            out.remove(parse_hex(e.args[1]))
    return out


@effect("custom-summon-eggs")
def _lay(game: Game, fid: str, ability: Ability) -> None:
    f = game.state.figures.get(fid)
    if f is None or game._static.board is None:
        return
    count = len(game.state.characters)
    game._push(*(Task("boss_egg", fid) for _ in range(count)))


def _egg_hexes(game: Game, f: Figure) -> list[tuple[int, int]]:
    """Empty hexes next to ``f`` with no egg yet, those closest to an enemy (around walls)."""
    board = game.board()
    assert board is not None
    laid = set(eggs(game))
    free = [h for h in board.links.get(f.hex, ()) if _empty(game, h) and h not in laid]
    fields = [proximity(board, g.hex) for g in _enemies(game, f)]
    near = {h: min((fd.get(h, 10**6) for fd in fields), default=0) for h in free}
    return sorted(h for h in free if near[h] == min(near.values()))


def _run_egg(game: Game, task: Task) -> Decision | None:
    f = game.state.figures.get(task.who)
    hexes = _egg_hexes(game, f) if f is not None else []
    if not hexes:
        game._pop()
        if f is not None:
            game._emit("no-egg", f.id)
        return None
    return Decision("party", "monster-egg", [Choice("place", (hex_token(h),)) for h in hexes])


def _apply_egg(game: Game, task: Task, choice: Choice) -> None:
    game._pop()
    game._emit("egg-laid", task.who, choice.args[0])


@effect("custom-hatch-eggs")
def _hatch(game: Game, fid: str, ability: Ability) -> None:
    st = game.state
    if fid not in st.figures or game._static.board is None:
        return
    for h in eggs(game):
        game._emit("egg-hatched", fid, hex_token(h))
        if HATCHLING not in game._static.types or not st.standees.get(HATCHLING):
            game._emit("no-summon", fid, HATCHLING, "no-standee")
            continue
        if any(g.hex == h for g in st.figures.values()):
            game._emit("no-summon", fid, HATCHLING, "no-hex")
            continue
        pool = st.standees[HATCHLING]
        number = pool.pop(st.rng.randint(0, len(pool) - 1))
        stats = game._static.types[HATCHLING].stats("normal")
        nid = f"{HATCHLING}#{number}"
        st.figures[nid] = Figure(
            nid, "monster", HATCHLING, stats.health, h, rank="normal", standee=number,
            immune=frozenset(stats.immunities), summoned_round=st.round,
        )  # fmt: skip
        game._emit("summoned", nid, "normal", f"hex={h[0]},{h[1]}", f"by={fid}")


# ------------------------------------------------------------------- Elder Drake


@effect("objective-spawn-zephyr")
def _zephyrs(game: Game, fid: str, ability: Ability) -> None:
    if fid in game.state.figures:
        game._emit("zephyr", fid, "not-placed")


@effect("custom-fly-to-next-perch")
def _perch(game: Game, fid: str, ability: Ability) -> None:
    if fid in game.state.figures:
        game._emit("perch", fid, "not-placed")


for _kind, _run, _apply in (
    ("boss_teleport", _run_teleport, _apply_teleport),
    ("boss_egg", _run_egg, _apply_egg),
):
    task_handler(_kind, _run, _apply)
