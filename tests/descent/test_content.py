"""The Descent content check (every reference resolves, grids and placements fit) can fail,
and the shipped content passes it; counts match the sources (docs/descent.md)."""

from __future__ import annotations

import msgspec

from delvekit.descent.content import Placement, check, load_content, quest_board


def test_the_shipped_content_passes_and_has_the_base_game() -> None:
    c = load_content()
    assert check(c) == []
    assert len(c.tiles) == 66 and len(c.heroes) == 8 and len(c.classes) == 8 and len(c.monsters) == 9
    assert sum(1 for k in c.classes.values() if k.playable) == 4
    assert sum(s.count for s in c.search) == 12 and sum(o.count for o in c.overlord) == 15
    assert len(quest_board(c, "first-blood").cells) == 87


def test_a_broken_placement_or_tile_or_hero_is_reported() -> None:
    c = load_content()
    q = c.quests["first-blood"]
    bad_tile = msgspec.structs.replace(q, placements=(*q.placements, Placement("X", "99Z", 0, 0, 0)))
    assert any("unknown tile" in p for p in check(msgspec.structs.replace(c, quests={q.id: bad_tile})))
    turned = msgspec.structs.replace(q, placements=(Placement("Exit", "exit1A", 0, 0, 45), *q.placements[1:]))
    assert any("quarter turn" in p for p in check(msgspec.structs.replace(c, quests={q.id: turned})))
    off = msgspec.structs.replace(q, exit=((40, 40),))
    assert any("not on the map" in p for p in check(msgspec.structs.replace(c, quests={q.id: off})))
    tile = c.tiles["9A"]
    lonely = msgspec.structs.replace(tile, connectors=())
    assert any(
        "no connector" in p for p in check(msgspec.structs.replace(c, tiles={**c.tiles, "9A": lonely}))
    )
    hero = msgspec.structs.replace(c.heroes["jain"], archetype="bard")
    assert any("archetype" in p for p in check(msgspec.structs.replace(c, heroes={**c.heroes, "jain": hero})))
    barghest = c.monsters["barghest"]
    stats = dict(barghest.stats)
    stats["act1-master"] = msgspec.structs.replace(stats["act1-master"], attack=("red",))
    broken = msgspec.structs.replace(barghest, stats=stats)
    assert any(
        "attack dice" in p
        for p in check(msgspec.structs.replace(c, monsters={**c.monsters, "barghest": broken}))
    )


def test_the_barghest_correction_is_applied() -> None:
    # digest §6 correction 2, settled in docs/descent-crosscheck.md
    assert load_content().monsters["barghest"].stat(1, "master").attack == ("blue", "red")
