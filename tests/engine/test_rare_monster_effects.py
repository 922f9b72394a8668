"""Rare situations of the named monster effects (:mod:`delvekit.gloomhaven.effects.monsters`)
that only the slow random sweeps used to reach (issue 12): a summon next to the target with no
empty hex or no standee left (§10.4), a heal per damaged target when no target was damaged. The
cards are written the way the content adapter writes them (``test_monster_effects``)."""

from __future__ import annotations

from delvekit.gloomhaven.model.setup import MonsterStats, MonsterType

from .test_monster_effects import brute, demon_id, kind, play, select_all, take_damage

SPAWN = ("attack 0", "custom spawn-adjacent-to-target then custom:imp.normal")


def _few(name: str, standees: int) -> MonsterType:
    stats = MonsterStats(health=5, move=2, attack=2)
    return MonsterType(name=name, deck=name, standees=standees, normal=stats, elite=stats, boss=stats)


def test_deep_terror_738_no_empty_hex_next_to_its_target_no_summon() -> None:
    """§10.4: a monster summon needs an empty hex; with every hex next to the target taken the
    summon fails."""
    walls = (((2, 0), "obstacle"), ((2, -1), "obstacle"), ((1, -1), "obstacle"), ((1, 1), "obstacle"))
    game = play(
        [brute((1, 0))],
        [("demon", "normal", (0, 0)), ("imp", "normal", (0, 1))],
        SPAWN,
        types=[kind("demon"), kind("imp")],
        terrain=walls,
    )
    events = select_all(game)
    events += take_damage(game)
    assert f"no-summon {demon_id(game)} imp no-hex" in events
    assert len([f for f in game.state.monsters() if f.name == "imp"]) == 1
    assert game.decision is None or game.decision.kind != "monster-summon"


def test_deep_terror_738_no_standee_left_no_summon() -> None:
    """§10.4: a monster summon needs a free standee; with the only imp standee on the map the
    summon fails."""
    game = play(
        [brute((1, 0))],
        [("demon", "normal", (0, 0)), ("imp", "normal", (-3, 0))],
        SPAWN,
        types=[kind("demon"), _few("imp", 1)],
    )
    events = select_all(game)
    events += take_damage(game)
    assert f"no-summon {demon_id(game)} imp no-standee" in events
    assert [f.hex for f in game.state.monsters() if f.name == "imp"] == [(-3, 0)]


def test_harrower_infester_729_heals_for_each_target_damaged_none_damaged_no_heal() -> None:
    """Harrower Infester 729: heal 2 for each target its attack damaged this turn; an attack
    that did no damage heals nothing."""
    for attack, healed in (("attack 0", 2), ("attack 2", 4)):
        game = play(
            [brute((1, 0))],
            [("demon", "normal", (0, 0))],
            (attack, "custom per-target-damaged then heal:2"),
            types=[kind("demon", attack=0)],
        )
        demon = game.state.figures[demon_id(game)]
        demon.hp = 2
        events = select_all(game)
        events += take_damage(game)
        assert any(e.startswith(f"attack {demon.id} brute ") for e in events)
        assert demon.hp == healed, (attack, events)
