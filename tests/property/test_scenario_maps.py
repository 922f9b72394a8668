"""Placing a map is consistent with the grid's symmetry: turning every tile of a scenario (and
everything on it) about the origin turns the whole board, walls and terrain included."""

from __future__ import annotations

import msgspec
from hypothesis import given
from hypothesis import strategies as st

from delvekit.core.hexes import Hex, rotate
from delvekit.gloomhaven.content.maps import build_map, load_tiles
from delvekit.gloomhaven.content.scenario import Scenario, default_folder, load_scenarios

SCENARIOS = load_scenarios(default_folder())
MAPPED = sorted(n for n, s in SCENARIOS.items() if any(r.tiles for r in s.rooms))


def turned(s: Scenario, k: int) -> Scenario:
    def t(h: Hex) -> Hex:
        return rotate(h, k)

    rooms = tuple(
        msgspec.structs.replace(
            r,
            tiles=tuple(
                msgspec.structs.replace(x, turns=(x.turns + k) % 6, origin=t(x.origin)) for x in r.tiles
            ),
            monsters=tuple(
                msgspec.structs.replace(p, hex=None if p.hex is None else t(p.hex)) for p in r.monsters
            ),
        )
        for r in s.rooms
    )
    return msgspec.structs.replace(
        s,
        rooms=rooms,
        doors=tuple(msgspec.structs.replace(d, hex=t(d.hex)) for d in s.doors),
        overlays=tuple(msgspec.structs.replace(o, hexes=tuple(t(h) for h in o.hexes)) for o in s.overlays),
        starting_hexes=tuple(t(h) for h in s.starting_hexes),
    )


@given(st.sampled_from(MAPPED), st.integers(1, 5))
def test_turning_a_scenario_turns_its_board(number: int, k: int) -> None:
    s = SCENARIOS[number]
    masks = load_tiles()
    before = build_map(s, masks).board
    after = build_map(turned(s, k), masks).board
    assert after.hexes == {rotate(h, k) for h in before.hexes}
    assert after.doors == {rotate(h, k) for h in before.doors}
    assert dict(after.terrain) == {rotate(h, k): v for h, v in before.terrain.items()}
    assert after.walls == {tuple(sorted((rotate(a, k), rotate(b, k)))) for a, b in before.walls}
