"""Golden rule tests for the Brute's and Mindthief's level 2–9 wordings as named effects, one
per card and rule (the arena and helpers of :mod:`test_character_effects`)."""

from __future__ import annotations

from delvekit.gloomhaven.engine.game import Game
from delvekit.gloomhaven.model.conditions import Condition
from delvekit.gloomhaven.model.elements import Element
from delvekit.gloomhaven.model.setup import MonsterStats

from .test_character_effects import _with, arena, at, go, hero

TOUGH = MonsterStats(health=30, move=2, attack=3)


def _strong(game: Game, *elements: Element) -> None:
    for e in elements:
        game.state.elements.infuse(e)
    game.state.elements.end_turn()


def test_fatal_advance_kills_an_adjacent_normal_enemy_not_an_elite() -> None:
    game = arena(
        [hero("brute", ["fatal-advance", "spare-dagger"], (0, 0))], [("normal", (1, 0)), ("elite", (-1, 0))]
    )
    n, e = at(game, (1, 0)), at(game, (-1, 0))
    go(game, "select fatal-advance spare-dagger", "top fatal-advance")
    d = game.decision
    assert d is not None and d.kind == "kill" and f"kill {n}" in d.choices and f"kill {e}" not in d.choices
    events = go(game, f"kill {n}")
    assert f"killed {n}" in events and n not in game.state.figures


def test_face_your_end_may_kill_an_elite() -> None:
    game = arena([hero("brute", ["face-your-end", "spare-dagger"], (0, 0))], [("elite", (1, 0))])
    e = at(game, (1, 0))
    go(game, "select spare-dagger face-your-end", "top spare-dagger", "skip?", "bottom face-your-end")
    assert f"killed {e}" in go(game, f"kill {e}")


def test_quietus_kills_only_a_stunned_normal_enemy() -> None:
    game = arena(
        [hero("brute", ["quietus", "spare-dagger"], (0, 0))], [("normal", (1, 0)), ("normal", (-1, 0))]
    )
    calm = at(game, (1, 0))
    stunned = _with(game, (-1, 0), Condition.STUN)
    go(game, "select quietus spare-dagger", "top quietus")
    d = game.decision
    assert d is not None and f"kill {stunned}" in d.choices and f"kill {calm}" not in d.choices


def test_quietus_bottom_attack_bonus_this_round() -> None:
    game = arena([hero("brute", ["quietus", "spare-dagger"], (0, 0))], [("normal", (1, 0))])
    m = at(game, (1, 0))
    go(game, "select quietus spare-dagger", "bottom quietus", "stop")
    assert f"attack brute {m} value=4 damage=4" in go(game, "top spare-dagger", f"target {m}")


def test_juggernaut_negates_the_next_sources_of_damage() -> None:
    game = arena(
        [hero("brute", ["juggernaut", "spare-dagger"], (0, 0))], [("normal", (1, 0))], ("attack +0",)
    )
    events = go(game, "select juggernaut spare-dagger", "bottom juggernaut", "top spare-dagger", "skip")
    assert any(e.startswith("negated brute") and "by=juggernaut" in e for e in events)
    assert game.state.figures["brute"].hp == 12


def test_hook_and_chain_attacks_x_after_a_straight_line_move() -> None:
    game = arena(
        [hero("brute", ["hook-and-chain", "spare-dagger"], (0, 0))], [("normal", (4, 0))], stats=TOUGH
    )
    m = at(game, (4, 0))
    go(game, "select spare-dagger hook-and-chain", "top spare-dagger", "skip?", "bottom hook-and-chain")
    events = go(game, "step 1,0", "step 2,0", "step 3,0", "stop")
    assert "condition-met brute if-moved-in-straight-line x=3" in events
    assert f"attack brute {m} value=3 damage=3" in go(game, f"target {m}")


def test_hook_and_chain_no_attack_after_a_bent_move() -> None:
    game = arena(
        [hero("brute", ["hook-and-chain", "spare-dagger"], (0, 0))], [("normal", (3, -1))], stats=TOUGH
    )
    go(game, "select spare-dagger hook-and-chain", "top spare-dagger", "skip?", "bottom hook-and-chain")
    events = go(game, "step 1,0", "step 2,-1", "stop")
    assert not any(e.startswith("condition-met") for e in events)


def test_unstoppable_charge_stuns_every_adjacent_enemy() -> None:
    game = arena(
        [hero("brute", ["unstoppable-charge", "spare-dagger"], (0, 0))],
        [("normal", (2, 0)), ("normal", (2, -1))],
    )
    a, b = sorted([at(game, (2, 0)), at(game, (2, -1))])
    go(
        game,
        "select spare-dagger unstoppable-charge",
        "top spare-dagger",
        "skip",
        "bottom unstoppable-charge",
        "step 1,0",
    )
    events = go(game, "stop", f"all {a} {b}")
    assert f"condition {a} stun" in events and f"condition {b} stun" in events


def test_crippling_offensive_immobilizes_and_pushes_one_adjacent_enemy() -> None:
    game = arena([hero("brute", ["crippling-offensive", "spare-dagger"], (0, 0))], [("normal", (1, 0))])
    m = at(game, (1, 0))
    go(
        game,
        "select spare-dagger crippling-offensive",
        "top spare-dagger",
        "skip?",
        "bottom crippling-offensive",
    )
    events = go(game, "stop", f"target {m}", "push-to 2,0")
    assert f"condition {m} immobilize" in events and f"forced {m} push 2,0" in events
    assert Condition.IMMOBILIZE not in game.state.figures["brute"].conditions


def test_whirlwind_xp_per_enemy_targeted() -> None:
    game = arena(
        [hero("brute", ["whirlwind", "spare-dagger"], (0, 0))],
        [("normal", (1, 0)), ("normal", (-1, 0))],
        stats=TOUGH,
    )
    a, b = sorted([at(game, (1, 0)), at(game, (-1, 0))])
    events = go(game, "select whirlwind spare-dagger", "top whirlwind", f"all {a} {b}")
    assert "xp brute 2" in events


def test_king_of_the_hill_xp_per_target_and_push() -> None:
    game = arena(
        [hero("brute", ["king-of-the-hill", "spare-dagger"], (0, 0))], [("normal", (1, 0))], stats=TOUGH
    )
    m = at(game, (1, 0))
    events = go(
        game, "select king-of-the-hill spare-dagger", "top king-of-the-hill", f"all {m}", "push-to 2,0"
    )
    assert "xp brute 1" in events and f"forced {m} push 2,0" in events


def test_frenzied_onslaught_bonus_only_against_disarmed_immobilized_or_stunned() -> None:
    game = arena(
        [hero("brute", ["frenzied-onslaught", "skirmishing-maneuver"], (0, 0))],
        [("normal", (1, 0)), ("normal", (-1, 0))],
        stats=TOUGH,
    )
    held = _with(game, (1, 0), Condition.IMMOBILIZE)
    free = at(game, (-1, 0))
    go(
        game,
        "select frenzied-onslaught skirmishing-maneuver",
        "bottom frenzied-onslaught",
        "top skirmishing-maneuver",
    )
    assert f"attack brute {held} value=5 damage=5" in go(game, f"target {held}")
    go(game, "stop")
    assert f"attack brute {free} value=2 damage=2" in go(game, f"target {free}")


def test_immovable_phalanx_a_move_may_be_an_attack_of_equal_value() -> None:
    game = arena(
        [hero("brute", ["immovable-phalanx", "grab-and-go", "spare-dagger", "shield-bash"], (0, 0))],
        [("normal", (1, 0))],
        stats=TOUGH,
    )
    m = at(game, (1, 0))
    go(game, "select spare-dagger immovable-phalanx", "top spare-dagger", "skip?", "bottom immovable-phalanx")
    go(game, "select shield-bash grab-and-go", "top shield-bash", "skip?", "bottom grab-and-go")
    d = game.decision
    assert d is not None and "as-attack 4" in d.choices
    assert f"attack brute {m} value=4 damage=4" in go(game, "as-attack 4", f"target {m}")


def test_wretched_creature_summons_a_monstrous_rat_and_curses_with_dark() -> None:
    game = arena([hero("mindthief", ["wretched-creature", "scurry"], (0, 0))], [("normal", (2, 0))])
    m = at(game, (2, 0))
    go(game, "select wretched-creature scurry", "top wretched-creature")
    assert "summoned mindthief.monstrous-rat1 owner=mindthief" in go(game, "summon-at -1,0")
    assert game.state.summon_stats["mindthief.monstrous-rat1"] == (3, 3, 0)
    game2 = arena([hero("mindthief", ["wretched-creature", "scurry"], (0, 0))], [("normal", (1, 0))])
    m = at(game2, (1, 0))
    _strong(game2, Element.DARK)
    go(
        game2,
        "select scurry wretched-creature",
        "top scurry",
        "stop?",
        "skip?",
        "bottom wretched-creature",
        "stop",
    )
    events = go(game2, "consume dark", f"target {m}")
    assert f"condition {m} curse" in events


def test_hostile_takeover_enemy_attacks_its_allies_this_round() -> None:
    game = arena(
        [hero("mindthief", ["hostile-takeover", "scurry"], (0, 0))],
        [("normal", (3, 0)), ("normal", (4, 0))],
        ("attack +0",),
        stats=TOUGH,
    )
    a, b = at(game, (3, 0)), at(game, (4, 0))
    go(game, "select scurry hostile-takeover", "top scurry", "stop?", "skip?", "bottom hostile-takeover")
    events = go(game, f"turn {a}")
    assert f"turned {a} by=mindthief" in events
    while game.decision is not None and game.decision.kind != "select":
        events += go(game, str(game.decision.choices[0]))
    assert any(e.startswith(f"attack {a} {b} ") for e in events)
    assert not any(e.startswith(f"attack {b} {a} ") for e in events)


def test_domination_the_player_chooses_the_turned_enemys_attack() -> None:
    game = arena(
        [hero("mindthief", ["domination", "scurry"], (0, 0))],
        [("normal", (3, 0)), ("normal", (4, 0))],
        ("move +0", "attack +0"),
        stats=TOUGH,
    )
    a, b = at(game, (3, 0)), at(game, (4, 0))
    go(game, "select scurry domination", "top scurry", "stop?", "skip?", "bottom domination", f"turn {a}")
    d = game.decision
    assert d is not None and d.actor == "mindthief" and d.kind == "move"
    go(game, "stop")
    d = game.decision
    assert d is not None and d.actor == "mindthief" and f"target {b}" in d.choices
    assert any(e.startswith(f"attack {a} {b} ") for e in go(game, f"target {b}"))


def test_silent_scream_push_consuming_ice_pushes_farther() -> None:
    game = arena([hero("mindthief", ["silent-scream", "scurry"], (0, 0))], [("normal", (1, 0))])
    m = at(game, (1, 0))
    _strong(game, Element.ICE)
    go(game, "select scurry silent-scream", "top scurry", "stop?", "skip?", "bottom silent-scream", "stop")
    events = go(game, "consume ice", f"all {m}", "push-to 2,0", "push-to 3,0", "push-to 4,0")
    assert "xp mindthief 1" in events and game.state.figures[m].hex == (4, 0)


def test_silent_scream_augment_heals_an_ally_in_range_on_each_melee_attack() -> None:
    brute = hero("brute", ["grab-and-go", "shield-bash"], (-2, 0), health=12)
    game = arena(
        [brute, hero("mindthief", ["silent-scream", "scurry"], (0, 0))], [("normal", (1, 0))], stats=TOUGH
    )
    m = at(game, (1, 0))
    game.state.figures["brute"].hp = 8
    go(game, "select shield-bash grab-and-go", "select silent-scream scurry")
    while game.decision is not None and game.decision.actor == "brute":
        go(game, next(str(c) for c in game.decision.choices if c.kind in ("top", "bottom", "stop", "skip")))
    go(game, "top silent-scream", f"target {m}")
    assert "healed brute 2" in go(game, "heal brute")


def test_pilfer_one_more_coin_per_adjacent_enemy() -> None:
    game = arena([hero("mindthief", ["pilfer", "scurry"], (0, 0))], [("normal", (1, 0)), ("normal", (-1, 0))])
    events = go(game, "select pilfer scurry", "top pilfer")
    assert "looted mindthief coins=2 adjacent-enemies" in events
    assert game.state.characters["mindthief"].coins == 2


def test_cranium_overload_kills_then_attacks_the_enemies_around_it() -> None:
    game = arena(
        [hero("mindthief", ["cranium-overload", "scurry"], (0, 0))],
        [("normal", (3, 0)), ("normal", (4, 0)), ("normal", (4, -1))],
        stats=TOUGH,
    )
    victim, a, b = at(game, (3, 0)), at(game, (4, 0)), at(game, (4, -1))
    a, b = sorted([a, b])
    go(game, "select cranium-overload scurry", "top cranium-overload")
    events = go(game, f"kill {victim}", f"all {a} {b}")
    assert f"killed {victim}" in events and "xp mindthief 2" in events
    assert any(e.startswith(f"attack mindthief {a} ") for e in events)


def test_mass_hysteria_keeps_two_augments_active() -> None:
    cards = [
        "mass-hysteria",
        "scurry",
        "the-mind-s-weakness",
        "into-the-night",
        "withering-claw",
        "fearsome-blade",
    ]
    game = arena([hero("mindthief", cards, (0, 0))], [("normal", (1, 0))], stats=TOUGH)
    m = at(game, (1, 0))
    go(game, "select scurry mass-hysteria", "top scurry", "stop?", "skip?", "bottom mass-hysteria")
    go(game, "select the-mind-s-weakness into-the-night", "top the-mind-s-weakness", f"target {m}")
    go(game, "bottom into-the-night")
    events = go(game, "select withering-claw fearsome-blade", "top withering-claw")
    assert not any(e.startswith("card mindthief the-mind-s-weakness") for e in events)
    active = {a.card for a in game.state.characters["mindthief"].active}
    assert active == {"mass-hysteria", "the-mind-s-weakness"}
    assert f"attack mindthief {m} value=3 damage=3" in go(game, f"target {m}")


def test_frozen_mind_augment_consumes_ice_to_stun_and_controls_a_move() -> None:
    game = arena([hero("mindthief", ["frozen-mind", "scurry"], (0, 0))], [("normal", (1, 0))], stats=TOUGH)
    m = at(game, (1, 0))
    _strong(game, Element.ICE)
    go(game, "select frozen-mind scurry", "top frozen-mind", f"target {m}")
    events = go(game, "consume ice")
    assert "consumed mindthief ice" in events and f"condition {m} stun" in events
    game2 = arena([hero("mindthief", ["frozen-mind", "scurry"], (0, 0))], [("normal", (3, 0))])
    m2 = at(game2, (3, 0))
    go(
        game2,
        "select scurry frozen-mind",
        "top scurry",
        "stop?",
        "skip?",
        "bottom frozen-mind",
        f"control {m2}",
    )
    go(game2, "step 4,0", "step 5,0")
    assert game2.state.figures[m2].hex == (5, 0)


def test_corrupting_embrace_poisons_enemies_jumped_over() -> None:
    game = arena([hero("mindthief", ["corrupting-embrace", "scurry"], (0, 0))], [("normal", (1, 0))])
    m = at(game, (1, 0))
    go(game, "select scurry corrupting-embrace", "top scurry", "stop?", "skip?", "bottom corrupting-embrace")
    events = go(game, "step 1,0", "step 2,0", "stop", f"all {m}")
    assert f"condition {m} poison" in events


def test_dark_frenzy_two_optional_consumptions() -> None:
    game = arena([hero("mindthief", ["dark-frenzy", "scurry"], (0, 0))], [("normal", (1, 0))], stats=TOUGH)
    m = at(game, (1, 0))
    _strong(game, Element.ICE, Element.DARK)
    go(game, "select dark-frenzy scurry", "top dark-frenzy")
    events = go(game, "consume ice", "consume dark", f"target {m}")
    assert "xp mindthief 2" in events and f"attack mindthief {m} value=6 damage=6" in events


def test_vicious_blood_augment_retaliate_until_end_of_round() -> None:
    game = arena([hero("mindthief", ["vicious-blood", "scurry"], (0, 0))], [("normal", (1, 0))], stats=TOUGH)
    m = at(game, (1, 0))
    events = go(game, "select vicious-blood scurry", "top vicious-blood", f"target {m}")
    assert "bonus mindthief retaliate 2" in events and game.retaliate("mindthief") == 2


def test_psychic_projection_ranged_attacks_gain_augments_this_round() -> None:
    cards = ["psychic-projection", "the-mind-s-weakness", "empathetic-assault", "scurry"]
    game = arena([hero("mindthief", cards, (0, 0))], [("normal", (3, 0))], stats=TOUGH)
    m = at(game, (3, 0))
    go(game, "select the-mind-s-weakness scurry", "top the-mind-s-weakness", "bottom scurry")
    go(
        game,
        "select empathetic-assault psychic-projection",
        "bottom psychic-projection",
        "top empathetic-assault",
    )
    assert f"attack mindthief {m} value=6 damage=6" in go(game, f"target {m}")  # Attack 4, +2


def test_shared_nightmare_dark_adds_poison_and_curse_and_ice_shields() -> None:
    game = arena(
        [hero("mindthief", ["shared-nightmare", "scurry"], (0, 0))], [("normal", (3, 0))], stats=TOUGH
    )
    m = at(game, (3, 0))
    _strong(game, Element.DARK, Element.ICE)
    go(game, "select shared-nightmare scurry", "top shared-nightmare", "consume dark")
    events = go(game, f"target {m}")
    assert f"condition {m} poison" in events and f"condition {m} curse" in events
    go(game, "bottom scurry")
    game2 = arena([hero("mindthief", ["shared-nightmare", "scurry"], (0, 0))], [("normal", (3, 0))])
    _strong(game2, Element.ICE)
    go(
        game2,
        "select scurry shared-nightmare",
        "top scurry",
        "stop?",
        "skip?",
        "bottom shared-nightmare",
        "stop",
    )
    events = go(game2, "consume ice")
    assert "bonus mindthief shield 1" in events and "xp mindthief 1" in events


def test_domination_ally_attack_gains_your_augments() -> None:
    brute = hero("brute", ["grab-and-go", "shield-bash"], (1, 0))
    mind = hero("mindthief", ["domination", "the-mind-s-weakness", "scurry", "into-the-night"], (0, 0))
    game = arena([brute, mind], [("normal", (2, 0))], stats=TOUGH)
    m = at(game, (2, 0))
    go(game, "select sweeping-blow grab-and-go", "select the-mind-s-weakness scurry")
    for _ in range(30):
        d = game.decision
        assert d is not None
        if d.kind == "select":
            break
        go(game, next(str(c) for c in d.choices if c.kind in ("top", "bottom", "stop", "skip", "no-rest")))
    go(game, "select shield-bash leaping-cleave", "select domination into-the-night")
    while game.decision is not None and game.decision.actor == "brute":
        go(game, next(str(c) for c in game.decision.choices if c.kind in ("top", "bottom", "stop", "skip")))
    go(game, "top domination", "ally brute")
    assert f"attack brute {m} value=6 damage=6" in go(game, f"target {m}")  # Attack 4 +2


def test_many_as_one_rat_king_attack_is_half_its_health_and_allies_gain() -> None:
    game = arena([hero("mindthief", ["many-as-one", "scurry"], (0, 0))], [("normal", (3, 0))], stats=TOUGH)
    go(game, "select many-as-one scurry", "top many-as-one", "summon-at 1,0")
    king = game.state.figures["mindthief.rat-king1"]
    from delvekit.gloomhaven.engine.monster_turn import stat_line

    assert stat_line(game, king)[1] == 5  # 9 hit points: X = 5
    king.hp = 4
    assert stat_line(game, king)[1] == 2
    game2 = arena(
        [
            hero("brute", ["grab-and-go", "spare-dagger"], (1, 0)),
            hero("mindthief", ["many-as-one", "scurry"], (0, 0)),
        ],
        [("normal", (2, 0))],
        stats=TOUGH,
    )
    m = at(game2, (2, 0))
    go(game2, "select spare-dagger grab-and-go", "select scurry many-as-one")
    d = game2.decision
    assert d is not None
    order = [t.id for t in game2.state.order]
    assert order.index("mindthief") < order.index("brute")
    go(game2, "top scurry", "stop?", "skip?")
    assert "round-attack-bonus brute +1 by=mindthief" in go(game2, "bottom many-as-one")
    assert f"attack brute {m} value=3 damage=3" in go(game2, "bottom spare-dagger", f"target {m}")


def test_phantasmal_killer_consuming_dark_kills_a_normal_enemy_instead() -> None:
    game = arena(
        [hero("mindthief", ["phantasmal-killer", "scurry"], (0, 0))], [("normal", (1, 0))], stats=TOUGH
    )
    m = at(game, (1, 0))
    _strong(game, Element.DARK)
    go(game, "select phantasmal-killer scurry", "top phantasmal-killer", f"target {m}")
    events = go(game, "consume dark")
    assert f"killed {m}" in events and not any(e.startswith(f"attack mindthief {m}") for e in events)
