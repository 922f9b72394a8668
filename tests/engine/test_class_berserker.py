"""Golden tests for the Berserker's wordings (:mod:`delvekit.gloomhaven.effects.classes.berserker`
and ``berserker_hooks``), one per named effect and reading, with the real cards of the content
pack on an open arena and +0-only modifier decks. "Hurt": fewer hit points than half the maximum,
rounded up (14 → below 7)."""

from __future__ import annotations

import random

from delvekit.gloomhaven.content import load_pack
from delvekit.gloomhaven.content.adapter import Member, setup_from_pack
from delvekit.gloomhaven.engine.flying import flies
from delvekit.gloomhaven.engine.game import Game
from delvekit.gloomhaven.engine.state import Figure
from delvekit.gloomhaven.model.conditions import Condition
from delvekit.gloomhaven.model.elements import Element, Strength
from delvekit.gloomhaven.model.setup import CharacterSetup, MonsterStats
from delvekit.gloomhaven.testing.invariants import violations

from .class_arena import PACK, arena, at, finish_round, go, hero


def berserker(cards: list[str], hex: tuple[int, int] = (0, 0), health: int = 14) -> CharacterSetup:
    return hero("berserker", cards, hex, health)


def _game(cards: list[str], monsters: list[tuple[str, tuple[int, int]]], hp: int = 14, **kw: object) -> Game:
    game = arena([berserker(cards)], monsters, **kw)  # type: ignore[arg-type]
    _me(game).hp = hp
    return game


def _me(game: Game) -> Figure:
    return game.state.figures["berserker"]


def _xp(game: Game) -> int:
    return game.state.characters["berserker"].xp


def _attack(events: list[str], target: str) -> str:
    return next(e for e in events if e.startswith(f"attack berserker {target} "))


def test_every_level_1_and_x_card_is_encoded() -> None:
    low = [c for c in PACK.classes["berserker"].cards if c.level in (1, "X")]
    assert len(low) == 13 and all(c.encoded for c in low)
    assert PACK.classes["berserker"].playable_at(1)


def test_resolute_stand_attacks_for_the_missing_hit_points_with_xp_per_five_damage() -> None:
    game = _game(["resolute-stand"], [("normal", (1, 0))], hp=4)
    m = at(game, (1, 0))
    events = go(game, "select resolute-stand dazing-wound", "top resolute-stand", f"target {m}")
    assert _attack(events, m) == f"attack berserker {m} value=10 damage=10"
    assert _xp(game) == 2  # 10 damage: two times five
    assert "resolute-stand" in game.state.characters["berserker"].lost


def test_glass_hammer_attacks_for_the_current_hit_points_then_sets_them_to_one_without_damage() -> None:
    game = _game(["glass-hammer"], [("normal", (1, 0))], hp=9)
    m = at(game, (1, 0))
    events = go(game, "select glass-hammer dazing-wound", "top glass-hammer", f"target {m}")
    assert _attack(events, m) == f"attack berserker {m} value=9 damage=9"
    assert _me(game).hp == 1 and _xp(game) == 1
    assert not any(e.startswith("damage berserker") for e in events)


def test_growing_rage_attacks_for_the_lost_cards() -> None:
    game = _game(["growing-rage"], [("normal", (1, 0))])
    ch = game.state.characters["berserker"]
    for card in ("bounce-back", "furious-aid", "devil-horns"):
        ch.hand.remove(card)
        ch.lost.append(card)
    m = at(game, (1, 0))
    events = go(game, "select growing-rage dazing-wound", "top growing-rage", f"target {m}")
    assert _attack(events, m) == f"attack berserker {m} value=3 damage=3"


def test_growing_rage_bottom_attacks_only_while_hurt() -> None:
    game = _game(["growing-rage"], [("normal", (1, 0))], hp=7)  # 7 is not below half of 14
    events = go(game, "select growing-rage furious-aid", "bottom growing-rage", "stop")
    assert not any(e.startswith("attack berserker") for e in events)
    game = _game(["growing-rage"], [("normal", (1, 0))], hp=6)
    m = at(game, (1, 0))
    events = go(game, "select growing-rage furious-aid", "bottom growing-rage", "stop", f"target {m}")
    assert _attack(events, m) == f"attack berserker {m} value=2 damage=2"
    assert _xp(game) == 1


def test_strength_in_agony_pays_two_damage_for_two_attack_and_xp() -> None:
    game = _game(["strength-in-agony"], [("normal", (1, 0))])
    m = at(game, (1, 0))
    events = go(game, "select strength-in-agony dazing-wound", "top strength-in-agony", "pay", "take 2")
    events += go(game, f"target {m}")
    assert "damage berserker 2 self" in events
    assert _attack(events, m) == f"attack berserker {m} value=5 damage=5"
    assert _xp(game) == 1


def test_strength_in_agony_declined_is_a_plain_attack() -> None:
    game = _game(["strength-in-agony"], [("normal", (1, 0))])
    m = at(game, (1, 0))
    events = go(
        game, "select strength-in-agony dazing-wound", "top strength-in-agony", "no-pay?", f"target {m}"
    )
    assert _attack(events, m) == f"attack berserker {m} value=3 damage=3"
    assert _me(game).hp == 14 and _xp(game) == 0


def test_strength_in_agony_bottom_moves_four_plus_the_damage_suffered() -> None:
    game = _game(["strength-in-agony"], [("normal", (5, -5))])
    events = go(
        game, "select strength-in-agony dazing-wound", "bottom strength-in-agony", "suffer 3", "take 3"
    )
    assert "x berserker 3" in events
    d = game.decision
    assert d is not None and d.kind == "move"
    path = ["step 1,0", "step 2,0", "step 3,0", "step 4,0", "step 5,0", "step 5,-1", "step 5,-2"]
    go(game, *path)
    assert _me(game).hex == (5, -2) and _me(game).hp == 11


def test_suffered_damage_may_be_negated_by_a_lost_card_and_still_buys_the_bonus() -> None:
    """§4.3: "suffer X damage" is a source of damage like any other."""
    game = _game(["dazing-wound"], [("normal", (1, 0))])
    m = at(game, (1, 0))
    go(game, "select dazing-wound furious-aid", "top dazing-wound", "pay", "lose-hand bounce-back")
    events = go(game, f"target {m}")
    assert _me(game).hp == 14 and "stun" in " ".join(events)
    assert Condition.STUN in game.state.figures[m].conditions and _xp(game) == 1


def test_defiance_of_death_adds_two_while_hurt() -> None:
    game = _game(["defiance-of-death"], [("normal", (1, 0))], hp=6)
    m = at(game, (1, 0))
    events = go(game, "select defiance-of-death dazing-wound", "top defiance-of-death", f"target {m}")
    assert _attack(events, m) == f"attack berserker {m} value=5 damage=5"
    assert _xp(game) == 1


def test_defiance_of_death_negates_only_damage_that_would_exhaust() -> None:
    game = _game(["defiance-of-death"], [("normal", (1, 0))], hp=4, actions=("attack +0",))
    go(
        game,
        "select defiance-of-death dazing-wound",
        "bottom defiance-of-death",
        "top dazing-wound",
        "no-pay?",
    )
    events = go(game, f"target {at(game, (1, 0))}")
    events += finish_round(game)  # the dummy attacks for 3: not lethal at 4
    assert _me(game).hp == 1
    events = go(game, "select furious-aid devil-horns", "top furious-aid", "skip?")
    events += finish_round(game)  # any more damage would exhaust: negated, a use slot spent
    assert any(e.startswith("negated berserker") and e.endswith("attack defiance") for e in events)
    negated = sum(e.startswith("negated berserker") and e.endswith("attack defiance") for e in events)
    ch = game.state.characters["berserker"]
    assert not ch.exhausted and not any(e.startswith("damage berserker") for e in events)
    assert [(a.card, a.used) for a in ch.active] == [("defiance-of-death", negated)]
    assert _xp(game) >= negated  # one XP per slot


def test_from_the_brink_heals_an_ally_for_the_berserker_s_missing_hit_points() -> None:
    game = arena([berserker(["from-the-brink"]), hero("brute", ["grab-and-go", "shield-bash"], (2, 0))], [])
    _me(game).hp = 9
    game.state.figures["brute"].hp = 3
    events = go(
        game, "select from-the-brink dazing-wound", "select grab-and-go shield-bash", "top from-the-brink"
    )
    go(game, "heal brute")
    assert "x berserker 5" in events and game.state.figures["brute"].hp == 8
    assert _xp(game) == 2


def test_blood_pact_suffers_half_the_current_hit_points_rounded_up_after_the_attack() -> None:
    game = _game(["blood-pact"], [("normal", (1, 0))], hp=9)
    m = at(game, (1, 0))
    events = go(game, "select blood-pact dazing-wound", "top blood-pact", f"target {m}", "take 5")
    assert _attack(events, m) == f"attack berserker {m} value=6 damage=6"
    assert events.index("damage berserker 5 self") > events.index(f"damage {m} 6 attack")
    assert _me(game).hp == 4 and _xp(game) == 2


def test_blood_pact_bottom_adds_one_to_every_attack_and_costs_one_at_each_turn_start() -> None:
    game = _game(["blood-pact"], [("normal", (1, 0))])
    m = at(game, (1, 0))
    go(game, "select blood-pact dazing-wound", "bottom blood-pact", "top dazing-wound", "no-pay?")
    events = go(game, f"target {m}")
    assert _attack(events, m) == f"attack berserker {m} value=4 damage=4"
    finish_round(game)
    events = go(game, "select devil-horns furious-aid", "take 1")  # her next turn: 1 damage first
    assert "damage berserker 1 blood-pact" in events and _me(game).hp == 13
    assert game.decision is not None and game.decision.kind == "action"


def test_unbridled_power_heals_above_the_maximum_up_to_26_but_hurt_still_counts_from_14() -> None:
    game = _game(["unbridled-power", "resolute-stand"], [("normal", (1, 0))], hp=13)
    go(game, "select unbridled-power dazing-wound", "bottom unbridled-power")
    assert _me(game).hp == 16 and _xp(game) == 2
    assert "unbridled-power" in [a.card for a in game.state.characters["berserker"].active]


def test_numb_the_pain_pays_two_for_shield_one() -> None:
    game = _game(["numb-the-pain"], [("normal", (1, 0))], actions=("attack +0",))
    m = at(game, (1, 0))
    go(game, "select numb-the-pain furious-aid", "top numb-the-pain", f"target {m}", "pay", "take 2")
    assert game.shield("berserker") == 1 and _xp(game) == 1 and _me(game).hp == 12


def test_numb_the_pain_bottom_stuns_an_adjacent_enemy_for_two_damage() -> None:
    game = _game(["numb-the-pain"], [("normal", (2, 0))])
    m = at(game, (2, 0))
    go(game, "select numb-the-pain furious-aid", "bottom numb-the-pain", "step 1,0", "stop", "pay", "take 2")
    go(game, f"target {m}")
    assert Condition.STUN in game.state.figures[m].conditions and _me(game).hp == 12


def test_numb_the_pain_bottom_asks_nothing_without_an_adjacent_enemy() -> None:
    game = _game(["numb-the-pain"], [("normal", (4, 0))])
    events = go(game, "select numb-the-pain furious-aid", "bottom numb-the-pain", "stop")
    assert "no-target berserker" in events and game.decision is not None and game.decision.kind != "pay"


def test_break_the_chains_moves_two_more_while_hurt_and_two_more_with_fire() -> None:
    game = _game(["break-the-chains"], [("normal", (5, -5))], hp=6)
    game.state.elements.set(Element.FIRE, Strength.STRONG)
    go(game, "select break-the-chains dazing-wound", "bottom break-the-chains", "consume fire")
    steps = [f"step {q},0" for q in range(1, 6)] + [f"step 5,{r}" for r in range(-1, -4, -1)]
    go(game, *steps)
    assert _me(game).hex == (5, -3) and _xp(game) == 1  # 4 + 2 + 2 = 8 hexes


def test_fatal_fury_kills_an_adjacent_normal_enemy_weaker_than_half_the_missing_hit_points() -> None:
    game = _game(["fatal-fury"], [("normal", (1, 0)), ("normal", (-1, 0))], hp=4)  # 10 missing
    strong, weak = at(game, (1, 0)), at(game, (-1, 0))
    game.state.figures[strong].hp = 5  # not less than 5
    game.state.figures[weak].hp = 4
    events = go(game, "select fatal-fury dazing-wound", "top fatal-fury")  # the only one: no question
    assert f"kill berserker {weak} hex=-1,0" in events and strong in game.state.figures
    assert _xp(game) == 1


def test_fatal_fury_lets_the_player_pick_among_weak_enemies() -> None:
    game = _game(["fatal-fury"], [("normal", (1, 0)), ("normal", (-1, 0))], hp=2)  # 12 missing
    a, b = at(game, (1, 0)), at(game, (-1, 0))
    game.state.figures[a].hp = game.state.figures[b].hp = 5
    go(game, "select fatal-fury dazing-wound", "top fatal-fury")
    d = game.decision
    assert (
        d is not None and d.kind == "kill" and {str(c) for c in d.choices} == {f"target {a}", f"target {b}"}
    )


def test_flurry_of_axes_attacks_every_enemy_within_range_three_for_the_damage_paid() -> None:
    game = _game(["flurry-of-axes"], [("normal", (1, 0)), ("normal", (3, 0)), ("normal", (4, 0))])
    near, mid, far = at(game, (1, 0)), at(game, (3, 0)), at(game, (4, 0))
    events = go(game, "select flurry-of-axes dazing-wound", "top flurry-of-axes", "suffer 4", "take 4")
    events += go(game, "all " + " ".join(sorted((near, mid))))
    assert _attack(events, mid) == f"attack berserker {mid} value=4 damage=4"
    assert _attack(events, near).startswith(f"attack berserker {near} value=4")
    assert not any(e.startswith(f"attack berserker {far} ") for e in events)


def test_seeing_red_adds_one_to_every_attack_while_hurt() -> None:
    game = _game(["seeing-red"], [("normal", (1, 0))], hp=8)
    m = at(game, (1, 0))
    go(game, "select seeing-red dazing-wound", "bottom seeing-red", "top dazing-wound", "no-pay?")
    events = go(game, f"target {m}")
    assert _attack(events, m) == f"attack berserker {m} value=3 damage=3"  # 8: not hurt
    finish_round(game)
    _me(game).hp = 6
    go(game, "select devil-horns furious-aid", "bottom devil-horns")
    events = go(game, f"target {m}")
    assert _attack(events, m) == f"attack berserker {m} value=6 damage=6"


def test_seeing_red_top_gives_shield_only_while_hurt() -> None:
    game = _game(["seeing-red"], [("normal", (1, 0))], hp=6)
    m = at(game, (1, 0))
    go(game, "select seeing-red dazing-wound", "top seeing-red", f"target {m}")
    assert game.shield("berserker") == 1 and _xp(game) == 1


def test_final_fight_kills_an_elite_then_the_berserker_is_exhausted_keeping_the_xp() -> None:
    game = _game(["final-fight"], [("elite", (1, 0))])
    m = at(game, (1, 0))
    events = go(game, "select final-fight dazing-wound", "top final-fight")
    assert f"killed {m}" in events and "exhausted berserker final-fight" in events
    assert game.state.characters["berserker"].exhausted and _xp(game) == 3


def test_careless_charge_wounds_you_and_adjacent_allies_to_push_and_immobilize() -> None:
    game = arena(
        [berserker(["careless-charge"]), hero("brute", ["grab-and-go", "shield-bash"], (0, 1))],
        [("normal", (1, 0))],
    )
    m = at(game, (1, 0))
    go(game, "select careless-charge dazing-wound", "select grab-and-go shield-bash", "top careless-charge")
    go(game, "stop", "pay", f"target {m}", "push-to 2,0", "push-to 3,0")
    assert Condition.WOUND in _me(game).conditions
    assert Condition.WOUND in game.state.figures["brute"].conditions
    assert Condition.IMMOBILIZE in game.state.figures[m].conditions
    assert game.state.figures[m].hex == (3, 0) and game.state.figures["brute"].hp == 12


def test_careless_charge_bottom_makes_the_berserker_immune_to_negative_conditions() -> None:
    game = _game(["careless-charge"], [("normal", (1, 0))])
    go(game, "select careless-charge dazing-wound", "bottom careless-charge")
    assert not game.add_condition("berserker", Condition.POISON)
    assert game.add_condition("berserker", Condition.STRENGTHEN)


def test_vengeful_barrage_attacks_after_each_source_of_damage() -> None:
    game = _game(["vengeful-barrage"], [("normal", (1, 0))], actions=("attack +0",))
    m = at(game, (1, 0))
    events = go(game, "select vengeful-barrage dazing-wound", "top vengeful-barrage", "bottom dazing-wound")
    events += go(game, "stop", "take 3")  # the dummy attacks: the damage, then Attack 3
    assert events[-1] == "damage berserker 3 attack"
    d = game.decision
    assert d is not None and d.kind == "attack"
    events = go(game, f"target {m}")
    assert _attack(events, m) == f"attack berserker {m} value=3 damage=3"
    ch = game.state.characters["berserker"]
    assert [(a.card, a.used) for a in ch.active] == [("vengeful-barrage", 1)] and ch.xp == 1  # the slot's XP


def test_immortality_negates_the_next_sources_and_fire_buys_retaliate() -> None:
    game = _game(["immortality"], [("normal", (1, 0))], actions=("attack +0",))
    game.state.elements.set(Element.FIRE, Strength.STRONG)
    events = go(game, "select immortality dazing-wound", "top immortality", "bottom dazing-wound", "stop")
    assert any(e.startswith("negated berserker") for e in events) and _me(game).hp == 14
    game = _game(["immortality"], [("normal", (1, 0))])
    game.state.elements.set(Element.FIRE, Strength.STRONG)
    go(game, "select immortality dazing-wound", "bottom immortality", "stop", "consume fire")
    assert game.retaliate("berserker") == 2 and game.shield("berserker") == 2


def test_the_maw_of_madness_heals_two_for_each_enemy_damaged() -> None:
    game = _game(["the-maw-of-madness"], [("normal", (1, 0)), ("normal", (-1, 0))], hp=5)
    m, n = at(game, (1, 0)), at(game, (-1, 0))
    events = go(
        game,
        "select the-maw-of-madness dazing-wound",
        "top the-maw-of-madness",
        "all " + " ".join(sorted((m, n))),
    )
    assert sum(e.startswith("attack berserker") for e in events) == 2
    assert _me(game).hp == 9
    assert all(Condition.MUDDLE in f.conditions for f in game.state.figures.values() if f.kind == "monster")


def test_the_maw_of_madness_bottom_attacks_three_plus_the_damage_paid_at_range() -> None:
    game = _game(["the-maw-of-madness"], [("normal", (3, 0))])
    m = at(game, (3, 0))
    events = go(
        game, "select the-maw-of-madness dazing-wound", "bottom the-maw-of-madness", "suffer 2", "take 2"
    )
    events += go(game, f"target {m}")
    assert _attack(events, m) == f"attack berserker {m} value=5 damage=5"
    assert Condition.IMMOBILIZE in game.state.figures[m].conditions


def test_cauterize_adds_two_to_the_next_heals() -> None:
    game = _game(["cauterize", "bounce-back"], [("normal", (4, 0))], hp=5)
    go(game, "select cauterize bounce-back", "bottom cauterize", "top bounce-back")
    finish_round(game)
    go(game, "select furious-aid devil-horns", "bottom furious-aid", "heal berserker")
    assert _me(game).hp == 10  # Heal 3, +2
    assert [(a.card, a.used) for a in game.state.characters["berserker"].active] == [("cauterize", 1)]


def test_reckless_offensive_takes_as_many_targets_as_damage_paid() -> None:
    game = _game(["reckless-offensive"], [("normal", (1, 0)), ("normal", (-1, 0)), ("normal", (0, 1))])
    events = go(
        game, "select reckless-offensive dazing-wound", "top reckless-offensive", "suffer 2", "take 2"
    )
    d = game.decision
    assert d is not None and d.kind == "attack" and all(len(c.args) <= 2 for c in d.choices)
    assert "damage berserker 2 self" in events


def test_reckless_offensive_with_nothing_paid_attacks_no_one() -> None:
    game = _game(["reckless-offensive"], [("normal", (1, 0))])
    events = go(game, "select reckless-offensive dazing-wound", "top reckless-offensive", "suffer 0")
    assert "no-target berserker" in events and not any(e.startswith("attack berserker") for e in events)


def test_reckless_offensive_bottom_strengthens_melee_attacks_on_her_and_retaliates() -> None:
    game = _game(["reckless-offensive"], [("normal", (1, 0))], actions=("attack +0",))
    m = at(game, (1, 0))
    go(
        game,
        "select reckless-offensive dazing-wound",
        "bottom reckless-offensive",
        "top dazing-wound",
        "no-pay?",
    )
    events = go(game, f"target {m}")
    events += finish_round(game)
    assert f"attack-bonus {m} berserker +1 reckless" in events
    assert any(e.startswith(f"attack {m} berserker value=4") for e in events)
    assert f"damage {m} 2 retaliate" in events


def test_spiked_armor_adds_two_to_each_retaliate_ability_this_round() -> None:
    game = _game(["spiked-armor", "resolute-stand"], [("normal", (1, 0))], actions=("attack +0",))
    m = at(game, (1, 0))
    events = go(game, "select spiked-armor resolute-stand", "top spiked-armor")
    assert game.retaliate("berserker") == 0 and _xp(game) == 1  # no retaliate ability yet
    events += go(game, "bottom resolute-stand", "stop")
    events += finish_round(game)  # the dummy attacks: Retaliate 1 + 2
    assert f"damage {m} 3 retaliate" in events
    assert game.retaliate("berserker") == 0  # the round is over


def test_spiked_armor_counts_a_persistent_retaliate_played_before() -> None:
    game = _game(["spiked-armor", "reckless-offensive"], [("normal", (3, 0))])
    go(
        game,
        "select reckless-offensive dazing-wound",
        "bottom reckless-offensive",
        "top dazing-wound",
        "no-pay?",
    )
    finish_round(game)
    assert game.retaliate("berserker") == 2
    go(game, "select spiked-armor furious-aid", "top spiked-armor")
    assert game.retaliate("berserker") == 4


def test_unstoppable_destruction_turns_the_short_rest_into_a_long_rest() -> None:
    game = _game(["unstoppable-destruction"], [("normal", (4, 0))], hp=10)
    go(game, "select dazing-wound bounce-back", "bottom dazing-wound", "stop", "top bounce-back")
    finish_round(game)
    go(
        game,
        "select unstoppable-destruction furious-aid",
        "bottom unstoppable-destruction",
        "top furious-aid",
    )
    go(game, "short-rest", "accept")
    d = game.decision
    assert d is not None and d.kind == "long-rest"
    ch = game.state.characters["berserker"]
    (random_loss,) = [c for c in ch.lost if c != "furious-aid"]
    assert {c.args[0] for c in d.choices} == {"dazing-wound", "bounce-back", "unstoppable-destruction"}
    keep = next(c for c in ("dazing-wound", "bounce-back") if c != random_loss)
    events = go(game, f"lose {keep}")
    assert f"be-long-rest berserker lost={keep}" in events
    assert sorted(ch.lost) == sorted(["furious-aid", keep]) and random_loss in ch.hand
    assert _me(game).hp == 12


def test_a_short_rest_without_unstoppable_destruction_stays_short() -> None:
    game = _game([], [("normal", (4, 0))], hp=10)
    go(game, "select dazing-wound bounce-back", "bottom dazing-wound", "stop", "top bounce-back")
    events = finish_round(game)
    go(game, "select furious-aid devil-horns", "top furious-aid", "bottom devil-horns?", "skip?")
    events = go(game, "short-rest?", "accept?")
    assert not any(e.startswith("be-long-rest") for e in events) and _me(game).hp == 10


def test_bone_breaker_bottom_takes_the_target_s_flying_away_until_it_dies() -> None:
    flier = MonsterStats(health=10, move=2, attack=3, flying=True)
    game = _game(["bone-breaker"], [("normal", (3, 0)), ("normal", (0, 3))], stats=flier)
    m, other = at(game, (3, 0)), at(game, (0, 3))
    assert flies(game, game.state.figures[m])
    events = go(game, "select bone-breaker dazing-wound", "bottom bone-breaker", f"target {m}")
    assert f"be-grounded {m}" in events
    assert not flies(game, game.state.figures[m]) and flies(game, game.state.figures[other])
    game.kill(game.state.figures[m])
    assert f"grounded|{m}" not in game.state.scenario_marks


def test_random_games_with_the_berserker_at_levels_1_and_9_keep_every_invariant() -> None:
    """A party with the Berserker plays random games at level 1 and level 9: every choice legal,
    no ability unresolved, every invariant kept (the pairwise parties play more)."""
    pack = load_pack()
    for level, scenario, partner, seed in (
        (1, 1, "brute", 3),
        (1, 4, "spellweaver", 5),
        (9, 2, "scoundrel", 7),
    ):
        game = Game(
            setup_from_pack(pack, scenario, [Member("berserker", level), Member(partner, level)]), seed=seed
        )
        rnd = random.Random(seed)
        for _ in range(4000):
            d = game.decision
            if d is None:
                break
            useful = [
                c for c in d.choices if not c.kind.startswith("basic") and c.kind not in ("skip", "no-pay?")
            ]
            game.choose(rnd.choice(useful or list(d.choices)))
            assert not violations(game)
        assert game.decision is None
        assert not [e for e in game.events if e.kind == "unresolved"]
        assert any(e.kind == "action" and e.args[0] == "berserker" for e in game.events)


def test_shiny_distraction_gives_her_advantage_and_her_attackers_disadvantage_this_round() -> None:
    game = _game(["shiny-distraction"], [("normal", (1, 0))], actions=("attack +0",))
    m = at(game, (1, 0))
    go(
        game,
        "select shiny-distraction dazing-wound",
        "bottom shiny-distraction",
        "top dazing-wound",
        "no-pay?",
    )
    events = go(game, f"target {m}")
    assert any(e.startswith("modifiers berserker drew=+0,+0") for e in events)  # two cards: advantage
    assert "infused fire" in events
    assert any(e.startswith(f"modifiers {m} drew=+0,+0") for e in events)  # the dummy: disadvantage


def test_vengeful_barrage_bottom_fire_adds_one_to_every_attack_this_round() -> None:
    game = _game(["vengeful-barrage"], [("normal", (1, 0))])
    game.state.elements.set(Element.FIRE, Strength.STRONG)
    m = at(game, (1, 0))
    go(game, "select vengeful-barrage dazing-wound", "bottom vengeful-barrage", "stop", "consume fire")
    events = go(game, "top dazing-wound", "no-pay?", f"target {m}")
    assert _attack(events, m) == f"attack berserker {m} value=4 damage=4" and _xp(game) == 1
    assert "vengeful-barrage" in game.state.characters["berserker"].discard


def test_blood_pact_costs_one_at_the_start_of_a_long_rest_turn_too() -> None:
    game = _game(["blood-pact"], [("normal", (4, 0))])
    ch = game.state.characters["berserker"]
    ch.hand.remove("bounce-back")
    ch.discard.append("bounce-back")  # two discards after this round: she may long rest
    go(game, "select blood-pact dazing-wound", "bottom blood-pact", "top dazing-wound")
    events = go(game, "long-rest", "take 1", "lose bounce-back")
    assert "damage berserker 1 blood-pact" in events and any(
        e.startswith("long-rest berserker") for e in events
    )


def test_no_payment_is_asked_for_an_attack_that_reaches_no_enemy() -> None:
    game = _game(["dazing-wound"], [("normal", (3, 0))])
    events = go(game, "select dazing-wound furious-aid", "top dazing-wound")
    assert "no-target berserker" in events and _me(game).hp == 14
    d = game.decision
    assert d is not None and d.kind != "pay"


# ------------------------------------------------ rare situations (issue 12)


def _with_a_friend(cards: list[str], monsters: list[tuple[str, tuple[int, int]]], hp: int) -> Game:
    game = arena([berserker(cards), hero("brute", [], (-3, 3))], monsters)
    _me(game).hp = hp
    return game


def test_a_berserker_exhausted_by_the_damage_she_pays_makes_no_attack() -> None:
    """§4.4: a character whose hit points drop below 1 is exhausted and removed from the map;
    the attack her payment bought is never made."""
    game = _with_a_friend(["strength-in-agony"], [("normal", (1, 0))], hp=2)
    m = at(game, (1, 0))
    go(game, "select strength-in-agony dazing-wound", "select grab-and-go shield-bash")
    events = go(game, "top strength-in-agony", "pay", "take 2")
    assert "damage berserker 2 self" in events and any(e.startswith("exhausted berserker") for e in events)
    assert "berserker" not in game.state.figures
    assert not any(e.startswith("attack berserker") for e in events) and game.state.figures[m].hp == 10


def test_a_berserker_exhausted_by_the_damage_she_pays_makes_no_move() -> None:
    game = _with_a_friend(["strength-in-agony"], [("normal", (5, -5))], hp=3)
    go(game, "select strength-in-agony dazing-wound", "select grab-and-go shield-bash")
    events = go(game, "bottom strength-in-agony", "suffer 3", "take 3")
    assert any(e.startswith("exhausted berserker") for e in events) and "berserker" not in game.state.figures
    assert not any(e.startswith(("x berserker", "moved berserker")) for e in events)
