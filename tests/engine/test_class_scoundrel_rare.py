"""Rare situations of the Scoundrel's wordings (:mod:`delvekit.gloomhaven.effects.classes.scoundrel`)
that random play meets only now and then: a trap sprung with no enemy on it, an enemy steered
beside a closed door, a looting move cut short by death."""

from __future__ import annotations

from delvekit.gloomhaven.model.setup import MonsterStats

from .class_arena import arena, at, go
from .test_class_cragheart import field
from .test_class_scoundrel import rogue


def test_spring_the_trap_without_an_enemy_just_removes_the_trap() -> None:
    """Spring the Trap may spring a trap with no enemy in range of it: the trap is gone and
    nobody is hurt."""
    game = arena([rogue(["spring-the-trap"])], [("normal", (3, 0))])
    m = at(game, (3, 0))
    game.state.created_traps = {(0, 1): 4}
    go(game, "select spring-the-trap venom-shiv", "top spring-the-trap")
    d = game.decision
    assert d is not None and "spring 0,1 -" in {str(c) for c in d.choices}
    events = go(game, "spring 0,1 -")
    assert "trap-disarmed scoundrel 0,1" in events
    assert not any(e.startswith(("trap-sprung-on", "damage")) for e in events)
    assert game.state.created_traps == {}
    assert game.state.figures[m].hp == 10


def test_sinister_opportunity_never_steers_an_enemy_into_a_closed_door() -> None:
    """§1.2: a closed door is a wall to a monster: the enemy the Scoundrel steers beside her may
    step to any empty hex next to both, but not into a closed door."""
    game = arena([rogue(["sinister-opportunity"])], [("normal", (3, 0))], doors=((2, 1),))
    m = at(game, (3, 0))
    go(game, "select sinister-opportunity venom-shiv", "bottom sinister-opportunity", "step 1,0", "step 2,0")
    go(game, "stop?")
    go(game, f"steer {m}")
    d = game.decision
    assert d is not None and d.kind == "enemy-step"
    assert {c.args[1] for c in d.choices if c.kind == "hex"} == {"3,-1"}  # 2,1 is the door
    go(game, f"hex {m} 3,-1")
    assert game.state.figures[m].hex == (3, -1)


def test_sinister_opportunity_may_steer_a_flying_enemy_onto_an_obstacle() -> None:
    """§5.3 Flying: a flying figure ignores overlays and may end its move on an obstacle: a
    flying enemy steered beside the Scoundrel may step onto an obstacle hex (a walking one may
    not)."""
    flyer = MonsterStats(health=10, move=2, attack=3, flying=True)
    for stats, expected in ((None, {"3,-1"}), (flyer, {"2,1", "3,-1"})):
        game = field(
            [rogue(["sinister-opportunity"])], [("normal", (3, 0))], obstacles=((2, 1),), stats=stats
        )
        m = at(game, (3, 0))
        go(
            game,
            "select sinister-opportunity venom-shiv",
            "bottom sinister-opportunity",
            "step 1,0",
            "step 2,0",
        )
        go(game, "stop?")
        go(game, f"steer {m}")
        d = game.decision
        assert d is not None and d.kind == "enemy-step"
        assert {c.args[1] for c in d.choices if c.kind == "hex"} == expected
    go(game, f"hex {m} 2,1")
    assert game.state.figures[m].hex == (2, 1)


def test_swift_bow_loots_nothing_when_the_scoundrel_dies_on_the_way() -> None:
    """Swift Bow loots every hex entered once the move is over: a Scoundrel killed by a trap on
    the way loots nothing."""
    game = arena([rogue(["swift-bow"])], [("normal", (5, -5))])
    game.state.coins = {(1, 0): 1, (2, 0): 2}
    game.state.created_traps = {(2, 0): 4}
    game.state.figures["scoundrel"].hp = 3
    go(game, "select swift-bow venom-shiv", "bottom swift-bow", "step 1,0", "step 2,0", "stop?")
    assert game.state.characters["scoundrel"].exhausted
    assert game.state.characters["scoundrel"].coins == 0
    assert game.state.coins == {(1, 0): 1, (2, 0): 2}
