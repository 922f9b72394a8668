"""Placing monster figures and tokens next to a monster, as close to an enemy as possible.

* ``spawn`` — monster summons (§10.4): each part ``TYPE.RANK`` is placed on an empty hex next to
  the summoner, as close to an enemy as possible (ties: the players); it never acts in the round
  it appears and drops no money; no free standee or hex: nothing.
* ``create-trap-near-enemy`` — a trap dealing the part's damage on an empty hex next to the
  monster, the one closest to an enemy (ties: the players).

:func:`near_enemy_hexes` is the one rule for it: the empty hexes next to a figure closest
to an enemy (ties: the players); :func:`empty_hex` says what an empty hex is (§1.2).
:func:`summon_monster` puts a summoned monster on the map (monster summons, the Winged Horror's
hatchlings) and :func:`landing_hex` says where a figure jumping or appearing on a taken hex
lands (bosses moving to their marked hexes, the Dark Rider appearing).
"""

from __future__ import annotations

from delvekit.core.hexes import Hex
from delvekit.core.paths import proximity
from delvekit.core.records import Choice, Decision
from delvekit.gloomhaven.engine.actions import hex_token, parse_hex
from delvekit.gloomhaven.engine.game import Game, task_handler
from delvekit.gloomhaven.engine.registry import effect
from delvekit.gloomhaven.engine.start import place_monster
from delvekit.gloomhaven.engine.state import Figure, Task
from delvekit.gloomhaven.model.abilities import Ability


def one_is_monster(a: Figure, b: Figure) -> bool:
    """Whether exactly one of ``a`` and ``b`` is a monster (a character and a monster are foes)."""
    return (a.kind == "monster") != (b.kind == "monster")


# ------------------------------------------------------------------ placing figures


def empty_hex(game: Game, h: tuple[int, int]) -> bool:
    """An empty hex (§1.2): on the map, no figure, no token, no overlay but corridor/door."""
    board = game.board()
    assert board is not None
    st = game.state
    if h not in board.hexes or h in board.doors or board.is_wall(h) or h in st.coins or h in st.created_traps:
        return False  # closed doors are walls (§1.2)
    if any(g.hex == h for g in st.figures.values()):
        return False
    terrain = board.terrain_at(h)
    return terrain is None or terrain.name in ("CORRIDOR", "PRESSURE_PLATE")


def near_enemy_hexes(game: Game, f: Figure) -> list[tuple[int, int]]:
    """Empty hexes adjacent to ``f`` closest to an enemy (movement around walls, then
    hex distance); all of them when no enemy can be reached."""
    board = game.board()
    assert board is not None
    free = [h for h in board.links.get(f.hex, ()) if empty_hex(game, h)]
    if not free:
        return []
    enemies = [g.hex for g in game.state.figures.values() if one_is_monster(f, g)]
    best: dict[tuple[int, int], int] = {}
    for h in free:
        near = proximity(board, h, 64)
        best[h] = min((near.get(e, 10**6) for e in enemies), default=0)
    least = min(best.values())
    return sorted(h for h in free if best[h] == least)


@effect("spawn")
def _spawn(game: Game, fid: str, ability: Ability) -> None:
    f = game.state.figures.get(fid)
    if f is None or game.tables.board is None:
        return
    for part in ability.then:
        game.push(Task("monster_summon", fid, 0, part.note))


def _run_summon(game: Game, task: Task) -> Decision | None:
    st = game.state
    f = st.figures.get(task.who)
    name = task.text.rsplit(".", 1)[0]
    if f is None:
        game.pop_task()
        return None
    hexes = near_enemy_hexes(game, f)
    if not hexes or name not in game.tables.types or not st.standees.get(name):
        game.pop_task()
        game.emit("no-summon", f.id, name, "no-hex" if not hexes else "no-standee")
        return None
    return Decision("party", "monster-summon", [Choice("place", (hex_token(h),)) for h in hexes])


def _apply_summon(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    name, rank = task.text.rsplit(".", 1)
    summon_monster(game, name, rank, parse_hex(choice.args[0]), task.who)


def summon_monster(game: Game, name: str, rank: str, h: Hex, by: str) -> Figure:
    """A monster summoned by ``by`` appears on ``h`` with a standee drawn at random from those
    left (the caller made sure one is): it drops no money, and no ability card is drawn for it,
    so it does not act this round (§10.4; drawing one only for focus ties is Frosthaven's
    rule)."""
    fig = place_monster(game, name, rank, h, summoned_round=game.state.round)  # type: ignore[arg-type]
    game.emit("summoned", fig.id, rank, f"hex={h[0]},{h[1]}", f"by={by}")
    return fig


def landing_hex(game: Game, h: Hex, mover: Figure | None = None) -> Hex | None:
    """Where a figure jumping (``mover``) or appearing on ``h`` lands: ``h`` when no other
    figure stands there, else the nearest empty hex
    (:func:`~delvekit.gloomhaven.scenario.rules.spawn_hex`); ``None`` when there is none."""
    if not any(g.hex == h for g in game.state.figures.values() if g is not mover):
        return h
    from delvekit.gloomhaven.scenario.rules import spawn_hex

    return spawn_hex(game, h)


@effect("create-trap-near-enemy")
def _create_trap(game: Game, fid: str, ability: Ability) -> None:
    f = game.state.figures.get(fid)
    if f is None or game.tables.board is None:
        return
    damage = next((p.value for p in ability.then if p.kind == "suffer"), 0)
    game.push(Task("monster_trap", fid, damage, ""))


def _run_trap(game: Game, task: Task) -> Decision | None:
    f = game.state.figures.get(task.who)
    hexes = near_enemy_hexes(game, f) if f is not None else []
    if not hexes:
        game.pop_task()
        return None
    return Decision("party", "monster-trap", [Choice("place", (hex_token(h),)) for h in hexes])


def _apply_trap(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    st = game.state
    h = parse_hex(choice.args[0])
    st.created_traps = {**st.created_traps, h: task.n}
    st.sprung = st.sprung - {h}  # a trap sprung here before is gone; this one is new
    game.emit("trap-created", task.who, choice.args[0], f"damage={task.n}")


task_handler("monster_summon", _run_summon, _apply_summon)


task_handler("monster_trap", _run_trap, _apply_trap)
