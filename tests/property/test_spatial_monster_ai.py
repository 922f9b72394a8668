"""Random monster turns: the solver never crashes and every outcome it offers is legal."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from delvekit.core.board import Board, Terrain
from delvekit.core.hexes import DIRECTIONS, disk
from delvekit.core.los import Sight
from delvekit.core.paths import INF, Mover, movement, proximity
from delvekit.gloomhaven.model.rulesets import PRESETS
from delvekit.gloomhaven.monster_ai.solver import solve
from delvekit.gloomhaven.monster_ai.turn import AreaOfEffect, Attack, MonsterTurn, MoveAttack, Piece

HEXES = disk((0, 0), 3)


@st.composite
def turns(draw: st.DrawFn) -> MonsterTurn:
    spots = draw(st.lists(st.sampled_from(HEXES), min_size=2, max_size=7, unique=True))
    occupied = set(spots)
    terrain = {
        h: t
        for h, t in draw(
            st.dictionaries(
                st.sampled_from(HEXES),
                st.sampled_from(list(Terrain)),
                max_size=8,
            )
        ).items()
        if h not in occupied or t not in (Terrain.WALL, Terrain.OBSTACLE)
    }
    walls = []
    for h in draw(st.lists(st.sampled_from(HEXES), max_size=4)):
        d = DIRECTIONS[draw(st.integers(0, 5))]
        walls.append((h, (h[0] + d[0], h[1] + d[1])))
    board = Board.build(HEXES, terrain=terrain, walls=walls)
    n_chars = draw(st.integers(1, len(spots) - 1))
    figures = [Piece("A", "monster", spots[0], active=True)]
    for i, h in enumerate(spots[1 : 1 + n_chars]):
        figures.append(
            Piece(
                f"C{i + 1}",
                "character",
                h,
                initiative=draw(st.sampled_from([0, 10, 20])),
                invisible=draw(st.booleans()) and i > 0,
            )
        )
    for i, h in enumerate(spots[1 + n_chars :]):
        figures.append(Piece(f"M{i + 1}", "monster", h))
    attack = None
    if draw(st.booleans()):
        rng = draw(st.integers(0, 3))
        aoe = None
        if draw(st.integers(0, 3)) == 0:
            aoe = (
                AreaOfEffect("attacker", ((0, -1), (1, -1)))
                if rng == 0
                else AreaOfEffect("free", ((0, 0), (0, -1), (1, -1)))
            )
        attack = Attack(range=rng, targets=draw(st.sampled_from([1, 2, 3, "all"])), aoe=aoe)
    mode = draw(st.sampled_from(["walk", "jump", "fly", "teleport"]))
    ability = MoveAttack(
        move=draw(st.integers(0, 4)),
        jump=mode == "jump",
        flying=mode == "fly",
        teleport=mode == "teleport",
        muddled=draw(st.booleans()),
        attack=attack,
    )
    return MonsterTurn(board, tuple(figures), ability, PRESETS[draw(st.sampled_from(sorted(PRESETS)))])


@given(turns())
def test_every_outcome_is_legal(turn: MonsterTurn) -> None:
    outcomes = solve(turn)
    assert outcomes
    keys = [(o.destination, o.targets) for o in outcomes]
    assert len(keys) == len(set(keys))
    me = next(f for f in turn.figures if f.active)
    others = {f.hex for f in turn.figures if not f.active}
    by_id = {f.id: f for f in turn.figures}
    ab = turn.ability
    mode = "teleport" if ab.teleport else "fly" if ab.flying else "jump" if ab.jump else "walk"
    mover = Mover(
        mode=mode,  # type: ignore[arg-type]
        enemies=frozenset(f.hex for f in turn.figures if f.side == "character"),
        allies=frozenset(f.hex for f in turn.figures if f.side == "monster" and not f.active),
        ends_on_obstacles=ab.flying,
        landing_negative=not ab.flying,
        jump_pays_difficult_on_landing=turn.ruleset.jump_pays_difficult_on_landing,
    )
    field = movement(turn.board, me.hex, mover)
    sight = Sight(turn.board, turn.ruleset.los)
    atk = ab.attack
    rng = 1 if atk is None or atk.range == 0 else atk.range
    for o in outcomes:
        assert o.explanation
        cost = field.cost(o.destination)
        assert cost is not None and cost[1] <= ab.move
        assert o.destination == me.hex or o.destination not in others
        assert turn.board.terrain_at(o.destination) is not Terrain.WALL
        if not o.targets:
            continue
        assert atk is not None
        assert set(o.focus) <= set(o.targets)
        if atk.targets != "all":
            limit = atk.targets + (len(o.aoe_hexes) if atk.aoe else 0)
            assert len(o.targets) <= limit
        reach = proximity(turn.board, o.destination, rng)
        for t in o.targets:
            fig = by_id[t]
            assert fig.side == "character" and not fig.invisible
            assert sight.visible(o.destination, fig.hex)
            assert reach.get(fig.hex, INF) <= rng or fig.hex in o.aoe_hexes


@given(turns())
def test_solving_is_deterministic(turn: MonsterTurn) -> None:
    assert solve(turn) == solve(turn)
