"""Golden tests for the Doomstalker's wordings (:mod:`delvekit.gloomhaven.effects.classes.doomstalker`),
one per named effect and doom flag, with the real cards of the content pack on an open arena and
+0-only modifier decks."""

from __future__ import annotations

from delvekit.gloomhaven.content.adapter import Member, character
from delvekit.gloomhaven.effects.classes import doomstalker as effects_doomstalker
from delvekit.gloomhaven.effects.parts import StrikeBonus
from delvekit.gloomhaven.engine import registry as effects
from delvekit.gloomhaven.engine.game import Game
from delvekit.gloomhaven.engine.state import ActiveCard
from delvekit.gloomhaven.model.abilities import Ability
from delvekit.gloomhaven.model.conditions import Condition
from delvekit.gloomhaven.model.setup import CharacterSetup, MonsterStats

from .class_arena import PACK, ZEROS, arena, at, finish_round, go, hero

CARDS = {c.id: c for c in character(PACK, Member("doomstalker", 9), (0, 0), {"C": 2, "L": 1}).hand}
FILLER = ["solid-bow", "a-moment-s-peace", "foot-snare", "swift-trickery"]
FRAIL = MonsterStats(health=3, move=2, attack=3)
BOW = Ability(kind="attack", value=3, range=5)


def stalker(cards: list[str], hex: tuple[int, int] = (0, 0), health: int = 12) -> CharacterSetup:
    names = cards + [c for c in FILLER if c not in cards]
    hand = tuple(CARDS[c] for c in names)
    return CharacterSetup(
        id="doomstalker",
        class_name="doomstalker",
        max_health=health,
        hand_limit=len(hand),
        hand=hand,
        hex=hex,
        modifiers=ZEROS,
        level=9,
    )


def _attack(events: list[str], target: str) -> str:
    return next(e for e in events if e.startswith(f"attack doomstalker {target} "))


def _doom(game: Game, card: str, target: str) -> list[str]:
    return go(game, f"bottom {card}", f"doom {target}?")  # one enemy: no decision


def _active(game: Game) -> list[str]:
    return [a.card for a in game.state.characters["doomstalker"].active]


def test_a_doom_adds_its_bonus_to_your_attacks_on_the_doomed_enemy_only() -> None:
    game = arena([stalker(["rain-of-arrows"])], [("normal", (2, 0)), ("normal", (3, -1))])
    go(game, "select solid-bow rain-of-arrows")
    m, other = at(game, (2, 0)), at(game, (3, -1))
    events = _doom(game, "rain-of-arrows", m)
    assert f"doomed {m} by=doomstalker card=rain-of-arrows" in events
    events = go(game, "top solid-bow", f"target {m}")
    assert _attack(events, m) == f"attack doomstalker {m} value=5 damage=5"
    assert _active(game) == ["rain-of-arrows"]
    assert effects_doomstalker.dooms(game) == [("doomstalker", "rain-of-arrows", m)]
    del other


def test_a_second_doom_discards_the_first() -> None:
    game = arena(
        [stalker(["rain-of-arrows", "race-to-the-grave"])], [("normal", (2, 0)), ("normal", (3, -1))]
    )
    go(game, "select solid-bow rain-of-arrows")
    m, other = at(game, (2, 0)), at(game, (3, -1))
    _doom(game, "rain-of-arrows", m)
    finish_round(game)
    go(game, "select race-to-the-grave a-moment-s-peace")
    events = _doom(game, "race-to-the-grave", other)
    assert "doom-ended doomstalker rain-of-arrows another-doom" in events
    assert "rain-of-arrows" in game.state.characters["doomstalker"].discard
    assert effects_doomstalker.dooms(game) == [("doomstalker", "race-to-the-grave", other)]


def test_swift_trickery_adds_two_on_a_doomed_target() -> None:
    game = arena([stalker(["crippling-noose"])], [("normal", (2, 0)), ("normal", (3, -1))])
    go(game, "select solid-bow crippling-noose")
    m, other = at(game, (2, 0)), at(game, (3, -1))
    _doom(game, "crippling-noose", m)
    finish_round(game)
    go(game, "select swift-trickery a-moment-s-peace")
    events = go(game, "top swift-trickery", f"target {m}")
    assert _attack(events, m) == f"attack doomstalker {m} value=4 damage=4"
    game2 = arena([stalker([])], [("normal", (2, 0))])
    go(game2, "select swift-trickery solid-bow")
    m2 = at(game2, (2, 0))
    events = go(game2, "top swift-trickery", f"target {m2}")
    assert _attack(events, m2) == f"attack doomstalker {m2} value=2 damage=2"
    del other


def test_fresh_kill_adds_two_on_an_undamaged_target_only() -> None:
    for hurt, value in ((0, 5), (1, 3)):
        game = arena([stalker(["fresh-kill"])], [("normal", (2, 0))])
        go(game, "select fresh-kill solid-bow")
        m = at(game, (2, 0))
        game.state.figures[m].hp -= hurt
        events = go(game, "top fresh-kill", f"target {m}?")
        assert _attack(events, m) == f"attack doomstalker {m} value={value} damage={value}"


def test_crippling_noose_lowers_the_doomed_monsters_move_attack_and_range() -> None:
    archer = MonsterStats(health=10, move=2, attack=3, range=3)
    game = arena([stalker(["crippling-noose"])], [("normal", (2, 0))], ("attack +0",), stats=archer)
    go(game, "select crippling-noose solid-bow")
    m = at(game, (2, 0))
    _doom(game, "crippling-noose", m)
    assert effects.stat_bonus(game, game.state.figures[m]) == (-1, -1, -1)
    events = finish_round(game)
    assert any(e.startswith(f"attack {m} doomstalker value=2") for e in events), events
    melee = arena([stalker(["crippling-noose"])], [("normal", (1, 0))], ("attack +0",))
    go(melee, "select crippling-noose solid-bow")
    _doom(melee, "crippling-noose", at(melee, (1, 0)))
    assert effects.stat_bonus(melee, melee.state.figures[at(melee, (1, 0))]) == (-1, -1, 0)


def test_race_to_the_grave_damages_the_doomed_monster_as_its_turn_starts() -> None:
    game = arena([stalker(["race-to-the-grave"])], [("normal", (2, 0))], ("attack +0",))
    go(game, "select race-to-the-grave solid-bow")
    m = at(game, (2, 0))
    _doom(game, "race-to-the-grave", m)
    events = finish_round(game)
    turn = events.index(f"turn {m}")
    assert f"damage {m} 2 doom-race-to-the-grave" in events[turn:]
    assert game.state.figures[m].hp == 8


def test_sap_life_heals_you_each_time_the_doomed_enemy_suffers_damage() -> None:
    game = arena([stalker(["sap-life"])], [("normal", (2, 0))])
    go(game, "select solid-bow sap-life")
    m = at(game, (2, 0))
    game.state.figures["doomstalker"].hp = 6
    _doom(game, "sap-life", m)
    events = go(game, "top solid-bow", f"target {m}")
    assert "doom-heal doomstalker sap-life" in events
    assert game.state.figures["doomstalker"].hp == 8


def test_sap_life_top_is_a_ranged_retaliate_for_the_round() -> None:
    game = arena(
        [stalker(["sap-life"])],
        [("normal", (3, 0))],
        ("attack +0",),
        stats=MonsterStats(health=10, move=2, attack=3, range=4),
    )
    go(game, "select sap-life solid-bow")
    m = at(game, (3, 0))
    go(game, "top sap-life")
    events = finish_round(game)
    assert f"damage {m} 3 retaliate" in events  # range 4 reaches it 3 hexes away


def test_multi_pronged_assault_gives_allies_but_not_you_one_more() -> None:
    brute = hero("brute", ["grab-and-go", "shield-bash"], (2, -1))
    game = arena([stalker(["multi-pronged-assault"]), brute], [("normal", (2, 0))])
    go(game, "select solid-bow multi-pronged-assault", "select grab-and-go shield-bash")
    while game.decision is not None and game.decision.actor == "brute":
        names = [str(c) for c in game.decision.choices]
        go(game, next(n for n in ("skip", "stop", "bottom shield-bash", "top grab-and-go") if n in names))
    m = at(game, (2, 0))
    _doom(game, "multi-pronged-assault", m)
    events = go(game, "top solid-bow", f"target {m}?")
    assert _attack(events, m) == f"attack doomstalker {m} value=3 damage=3"
    out = StrikeBonus()
    effects_doomstalker.strike_extra(game, game.state.figures["brute"], game.state.figures[m], BOW, out, "")
    assert (out.attack, out.why) == (1, ["doom-multi-pronged-assault+1"])


def test_the_hunt_begins_gives_summoned_allies_but_not_you_two_more() -> None:
    game = arena([stalker(["the-hunt-begins", "vital-charge"])], [("normal", (3, 0)), ("normal", (4, -1))])
    go(game, "select vital-charge the-hunt-begins")
    m = at(game, (3, 0))
    go(game, "top vital-charge", "summon-at 1,0")
    _doom(game, "the-hunt-begins", m)
    boar = next(f for f in game.state.figures.values() if f.kind == "summon")
    assert (boar.name, boar.max_hp) == ("battle-boar", 7)
    out = StrikeBonus()
    effects_doomstalker.strike_extra(game, boar, game.state.figures[m], BOW, out, "")
    assert (out.attack, out.why) == (2, ["doom-the-hunt-begins+2"])
    finish_round(game)
    go(game, "select swift-trickery a-moment-s-peace")
    events = go(game, "top swift-trickery", f"target {m}")
    assert _attack(events, m) == f"attack doomstalker {m} value=4 damage=4"  # doomed +2, no summon +2


def _kill_doomed(
    cards: list[str], doom: str, monsters: list[tuple[str, tuple[int, int]]]
) -> tuple[Game, str, list[str]]:
    """Round 1: the Doomstalker plays ``cards[0]``'s top and dooms the monster on (2,0) with
    ``doom``; round 2: Solid Bow kills it (3 hit points). The events of the kill."""
    game = arena([stalker([*cards, doom])], monsters, stats=FRAIL)
    go(game, f"select {cards[0]} {doom}")
    m = at(game, (2, 0))
    go(game, f"top {cards[0]}")
    if game.decision is not None and game.decision.kind != "action":
        go(game, str(next(iter(game.decision.choices))))
    _doom(game, doom, m)
    finish_round(game)
    go(game, "select solid-bow a-moment-s-peace")
    return game, m, go(game, "top solid-bow", f"target {m}?")


def test_vital_charge_heals_you_when_the_doomed_enemy_dies_and_the_doom_is_discarded() -> None:
    _game, m, events = _kill_doomed(["foot-snare"], "vital-charge", [("normal", (2, 0))])
    assert f"killed {m}" in events
    assert "doom-ended doomstalker vital-charge enemy-died" in events


def test_vital_charge_heal_amount() -> None:
    game = arena([stalker(["vital-charge"])], [("normal", (2, 0))], stats=FRAIL)
    go(game, "select solid-bow vital-charge")
    m = at(game, (2, 0))
    _doom(game, "vital-charge", m)
    game.state.figures["doomstalker"].hp = 4
    events = go(game, "top solid-bow", f"target {m}?")
    assert f"killed {m}" in events
    assert "healed doomstalker 5" in events
    assert "vital-charge" in game.state.characters["doomstalker"].discard
    assert effects_doomstalker.dooms(game) == []


def test_felling_swoop_moves_you_to_the_dead_enemys_hex() -> None:
    game = arena([stalker(["felling-swoop"])], [("normal", (3, 0))], stats=FRAIL)
    go(game, "select solid-bow felling-swoop")
    m = at(game, (3, 0))
    _doom(game, "felling-swoop", m)
    go(game, "top solid-bow", f"target {m}?")
    assert game.state.figures["doomstalker"].hex == (3, 0)


def test_detonation_doom_damages_enemies_around_the_dead_one() -> None:
    game = arena(
        [stalker(["detonation"])], [("normal", (3, 0)), ("normal", (4, 0)), ("normal", (-3, 0))], stats=FRAIL
    )
    go(game, "select solid-bow detonation")
    m, near, far = at(game, (3, 0)), at(game, (4, 0)), at(game, (-3, 0))
    _doom(game, "detonation", m)
    events = go(game, "top solid-bow", f"target {m}")
    assert f"damage {near} 3 doom-detonation" in events
    assert f"killed {near}" in events
    assert game.state.figures[far].hp == 3


def test_detonation_trap_damages_the_enemies_next_to_it_when_sprung() -> None:
    game = arena([stalker(["detonation"])], [("normal", (3, 0)), ("normal", (2, -1))])
    go(game, "select detonation solid-bow")
    events = go(game, "top detonation", "place 1,0")
    assert "trap-created doomstalker 1,0 damage=3 xp=2" in events
    springer, beside = game.state.figures[at(game, (3, 0))], at(game, (2, -1))
    springer.hex = (1, 0)
    from delvekit.gloomhaven.effects import traps as effects_traps

    effects_traps.trap_sprung(game, springer, (1, 0))
    assert game.state.figures[beside].hp == 8  # 2 of its 10 (the springer's own trap damage is the engine's)
    assert not any(k.startswith("dstrap|") for k in game.state.scenario_marks)


def test_rain_of_arrows_attacks_when_a_doomed_enemy_dies_and_spends_a_slot() -> None:
    game = arena(
        [stalker(["rain-of-arrows", "vital-charge"])], [("normal", (2, 0)), ("normal", (4, -1))], stats=FRAIL
    )
    go(game, "select rain-of-arrows vital-charge")
    m, other = at(game, (2, 0)), at(game, (4, -1))
    go(game, "top rain-of-arrows")
    _doom(game, "vital-charge", m)
    finish_round(game)
    go(game, "select solid-bow a-moment-s-peace")
    events = go(game, "top solid-bow", f"target {m}")
    assert "doom-attack doomstalker rain-of-arrows" in events
    events += go(game, f"target {other}?")
    assert _attack(events, other) == f"attack doomstalker {other} value=2 damage=2"
    ch = game.state.characters["doomstalker"]
    assert [(a.card, a.used) for a in ch.active] == [("rain-of-arrows", 1)]
    assert ch.xp >= 1


def test_frightening_curse_moves_the_doom_and_shoves_the_neighbours() -> None:
    game = arena(
        [stalker(["frightening-curse", "race-to-the-grave"])],
        [("normal", (2, 0)), ("normal", (3, 0)), ("normal", (-4, 0))],
        stats=FRAIL,
    )
    go(game, "select frightening-curse race-to-the-grave")
    m, near, far = at(game, (2, 0)), at(game, (3, 0)), at(game, (-4, 0))
    go(game, "top frightening-curse")
    _doom(game, "race-to-the-grave", m)
    finish_round(game)
    go(game, "select solid-bow a-moment-s-peace")
    go(game, "top solid-bow", f"target {m}")
    assert game.decision is not None and game.decision.kind == "doom-transfer"
    assert {str(c) for c in game.decision.choices} == {f"transfer {near}", "skip"}  # far is 6 hexes off
    go(game, f"transfer {near}")
    assert effects_doomstalker.dooms(game) == [("doomstalker", "race-to-the-grave", near)]
    assert [(a.card, a.used) for a in game.state.characters["doomstalker"].active] == [
        ("frightening-curse", 1),
        ("race-to-the-grave", 0),
    ]
    del far


def test_frightening_curse_doom_forces_each_neighbour_one_hex() -> None:
    game = arena([stalker(["frightening-curse"])], [("normal", (2, 0)), ("normal", (3, 0))], stats=FRAIL)
    go(game, "select solid-bow frightening-curse")
    m, near = at(game, (2, 0)), at(game, (3, 0))
    _doom(game, "frightening-curse", m)
    go(game, "top solid-bow", f"target {m}")
    assert game.decision is not None and game.decision.kind == "doom-shove"
    events = go(game, f"shove {near} 4,0")
    assert f"moved {near} 4,0 forced" in events
    assert game.state.figures[near].hex == (4, 0)


def test_a_doom_without_a_living_enemy_is_discarded_as_the_round_ends() -> None:
    game = arena([stalker(["race-to-the-grave"])], [("normal", (2, 0)), ("normal", (3, -1))])
    go(game, "select solid-bow race-to-the-grave")
    m = at(game, (2, 0))
    _doom(game, "race-to-the-grave", m)
    del game.state.scenario_marks[f"doom|doomstalker|race-to-the-grave|{m}"]
    events = finish_round(game)
    assert "doom-ended doomstalker race-to-the-grave no-enemy" in events


def test_the_vicious_jackal_retaliates_from_the_turn_it_is_placed() -> None:
    game = arena([stalker(["the-hunt-begins"])], [("normal", (2, 0))], ("attack +0",))
    go(game, "select the-hunt-begins solid-bow")
    go(game, "top the-hunt-begins", "summon-at 1,0")
    jackal = next(f for f in game.state.figures.values() if f.kind == "summon")
    assert (jackal.max_hp, jackal.hex) == (5, (1, 0))
    go(game, "bottom solid-bow")
    events = finish_round(game)
    m = at(game, (2, 0))
    hit = next(i for i, e in enumerate(events) if e.startswith(f"attack {m} "))
    assert events[hit].startswith(f"attack {m} {jackal.id} ")
    assert f"damage {m} 1 retaliate" in events[hit:]
    assert game.state.scenario_marks[f"dsret|{jackal.id}"] == game.state.round  # armed again


# ------------------------------------------------------------------ levels 2-9


def test_relentless_offensive_adds_two_this_round_on_doomed_enemies_only() -> None:
    game = arena(
        [stalker(["relentless-offensive", "vital-charge"])], [("normal", (2, 0)), ("normal", (3, -1))]
    )
    go(game, "select solid-bow vital-charge")
    m, other = at(game, (2, 0)), at(game, (3, -1))
    _doom(game, "vital-charge", m)
    finish_round(game)
    go(game, "select relentless-offensive a-moment-s-peace", "bottom relentless-offensive")
    doomed, plain = StrikeBonus(), StrikeBonus()
    me = game.state.figures["doomstalker"]
    effects_doomstalker.strike_extra(game, me, game.state.figures[m], BOW, doomed, "")
    effects_doomstalker.strike_extra(game, me, game.state.figures[other], BOW, plain, "")
    assert (doomed.attack, plain.attack) == (2, 0)


def test_press_the_attack_adds_three_on_a_doomed_target() -> None:
    game = arena(
        [stalker(["press-the-attack", "race-to-the-grave"])], [("normal", (2, 0)), ("normal", (3, -1))]
    )
    go(game, "select press-the-attack race-to-the-grave")
    m = at(game, (2, 0))
    _doom(game, "race-to-the-grave", m)
    events = go(game, "top press-the-attack", f"target {m}")
    assert _attack(events, m) == f"attack doomstalker {m} value=5 damage=5"


def test_expose_pierce_and_singular_focus_advantage() -> None:
    game = arena([stalker(["expose", "singular-focus"])], [("normal", (2, 0)), ("normal", (3, -1))])
    go(game, "select expose singular-focus")
    m = at(game, (2, 0))
    _doom(game, "expose", m)
    out = StrikeBonus()
    effects_doomstalker.strike_extra(
        game, game.state.figures["doomstalker"], game.state.figures[m], BOW, out, ""
    )
    assert (out.pierce, out.advantage) == (2, False)
    game.state.scenario_marks[f"doom|doomstalker|singular-focus|{m}"] = 1
    game.state.characters["doomstalker"].active.append(
        ActiveCard("singular-focus", "persistent", False, "bottom")
    )
    out = StrikeBonus()
    effects_doomstalker.strike_extra(
        game, game.state.figures["doomstalker"], game.state.figures[m], BOW, out, ""
    )
    assert (out.pierce, out.advantage) == (2, True)


def test_expose_strips_invisibility_from_every_enemy_while_active() -> None:
    game = arena([stalker(["expose"])], [("normal", (2, 0)), ("normal", (3, -1))], ("attack +0",))
    go(game, "select expose solid-bow")
    m, other = at(game, (2, 0)), at(game, (3, -1))
    game.state.figures[m].conditions.add(Condition.INVISIBLE, turns_started=0, immune=frozenset())
    events = go(game, "top expose")
    assert f"condition-ended {m} invisible exposed" in events
    game.state.figures[other].conditions.add(Condition.INVISIBLE, turns_started=0, immune=frozenset())
    events = finish_round(game)  # the monsters' turns start: stripped again
    assert f"condition-ended {other} invisible exposed" in events
    assert "expose" in _active(game)


def test_darkened_skies_attacks_every_enemy_in_range_with_xp_per_two() -> None:
    game = arena(
        [stalker(["darkened-skies"])],
        [("normal", (2, 0)), ("normal", (3, -1)), ("normal", (0, 3)), ("normal", (5, 0))],
    )
    go(game, "select darkened-skies solid-bow")
    events = go(game, "top darkened-skies")
    if game.decision is not None and game.decision.kind == "attack":
        events += go(game, str(next(c for c in game.decision.choices if c.kind == "all")))
    hit = [e.split()[2] for e in events if e.startswith("attack doomstalker ")]
    assert sorted(hit) == sorted([at(game, (2, 0)), at(game, (3, -1)), at(game, (0, 3))])  # (5,0) is 5 away
    assert "xp doomstalker 1 targets" in events


def test_darkened_skies_doom_attacks_three_when_its_enemy_dies() -> None:
    game = arena(
        [stalker(["darkened-skies"])],
        [("normal", (2, 0)), ("normal", (3, -1)), ("normal", (0, 2))],
        stats=FRAIL,
    )
    go(game, "select solid-bow darkened-skies")
    m = at(game, (2, 0))
    _doom(game, "darkened-skies", m)
    events = go(game, "top solid-bow", f"target {m}")
    assert f"killed {m}" in events
    assert game.decision is not None and game.decision.kind == "attack"
    assert {str(c) for c in game.decision.choices} >= {
        f"target {at(game, (3, -1))}",
        f"target {at(game, (0, 2))}",
    }


def test_flight_of_flame_trap_wounds_the_enemies_next_to_it() -> None:
    game = arena([stalker(["flight-of-flame"])], [("normal", (3, 0)), ("normal", (2, -1))])
    go(game, "select flight-of-flame solid-bow")
    events = go(game, "top flight-of-flame", "place 1,0")
    assert "trap-created doomstalker 1,0 damage=2 with=wound" in events
    springer, beside = game.state.figures[at(game, (3, 0))], at(game, (2, -1))
    springer.hex = (1, 0)
    from delvekit.gloomhaven.effects import traps as effects_traps

    effects_traps.trap_sprung(game, springer, (1, 0))
    assert Condition.WOUND in game.state.figures[beside].conditions
    assert game.state.figures[beside].hp == 10


def test_inescapable_fate_kills_its_enemy_as_your_third_turn_after_starts() -> None:
    game = arena(
        [stalker(["inescapable-fate", "fresh-kill", "detonation", "crippling-noose"])],
        [("normal", (4, 0)), ("normal", (4, -1))],
    )
    go(game, "select solid-bow inescapable-fate")
    m = at(game, (4, 0))
    _doom(game, "inescapable-fate", m)
    picks = (
        "select a-moment-s-peace foot-snare",
        "select swift-trickery fresh-kill",
        "select detonation crippling-noose",
    )
    for turn, pick in enumerate(picks):
        finish_round(game)
        assert m in game.state.figures
        events = go(game, pick)  # its turn starts: the marker advances
        assert f"doom-countdown doomstalker inescapable-fate {m}" in events
        assert (m in game.state.figures) is (turn < 2)
    assert "inescapable-fate" in game.state.characters["doomstalker"].discard
    assert effects_doomstalker.dooms(game) == []


def test_inescapable_fate_top_keeps_two_dooms_on_one_enemy() -> None:
    game = arena(
        [stalker(["inescapable-fate", "race-to-the-grave", "vital-charge"])],
        [("normal", (4, 0)), ("normal", (4, -1))],
    )
    go(game, "select inescapable-fate race-to-the-grave")
    m, other = at(game, (4, 0)), at(game, (4, -1))
    go(game, "top inescapable-fate")
    _doom(game, "race-to-the-grave", m)
    finish_round(game)
    go(game, "select solid-bow vital-charge")
    _doom(game, "vital-charge", m)
    assert [c for _, c, _ in effects_doomstalker.dooms(game)] == ["race-to-the-grave", "vital-charge"]
    del other


def test_wild_command_attacks_a_doomed_enemy_at_any_range_and_commands_a_summon() -> None:
    game = arena([stalker(["wild-command", "race-to-the-grave"])], [("normal", (5, -5)), ("normal", (2, 0))])
    go(game, "select solid-bow race-to-the-grave")
    far, near = at(game, (5, -5)), at(game, (2, 0))
    _doom(game, "race-to-the-grave", far)
    finish_round(game)
    go(game, "select wild-command a-moment-s-peace")
    events = go(game, "bottom wild-command", "stop?", f"target {far}")
    assert game.decision is not None
    assert {str(c) for c in game.decision.choices} >= {f"target {far}"}
    assert f"target {near}" not in {str(c) for c in game.decision.choices}
    events = go(game, f"target {far}")
    assert _attack(events, far).startswith(f"attack doomstalker {far} value=2")


def test_natures_hunger_heals_you_and_every_ally_on_death() -> None:
    brute = hero("brute", ["grab-and-go", "shield-bash"], (-3, 0))
    game = arena([stalker(["nature-s-hunger"]), brute], [("normal", (2, 0))], stats=FRAIL)
    go(game, "select solid-bow nature-s-hunger", "select grab-and-go shield-bash")
    while game.decision is not None and game.decision.actor == "brute":
        names = [str(c) for c in game.decision.choices]
        go(game, next(n for n in ("skip", "stop", "bottom shield-bash", "top grab-and-go") if n in names))
    m = at(game, (2, 0))
    _doom(game, "nature-s-hunger", m)
    game.state.figures["doomstalker"].hp = 5
    game.state.figures["brute"].hp = 5
    events = go(game, "top solid-bow", f"target {m}?")
    assert "healed doomstalker 2" in events and "healed brute 2" in events


def test_impending_end_kills_a_target_left_with_two_or_fewer() -> None:
    for health, dies in ((6, True), (7, False)):
        game = arena(
            [stalker(["impending-end"])],
            [("normal", (2, 0))],
            stats=MonsterStats(health=health, move=2, attack=3),
        )
        go(game, "select impending-end solid-bow")
        m = at(game, (2, 0))
        events = go(game, "top impending-end", f"target {m}?")
        assert (m not in game.state.figures) is dies, events


def test_crashing_wave_doom_curses_the_doomed_enemy_when_attacked() -> None:
    game = arena([stalker(["crashing-wave"])], [("normal", (2, 0)), ("normal", (3, -1))])
    go(game, "select solid-bow crashing-wave")
    m = at(game, (2, 0))
    _doom(game, "crashing-wave", m)
    events = go(game, "top solid-bow", f"target {m}")
    assert f"doom-curse {m} card=crashing-wave" in events
    assert "curse" in [str(c) for c in game.state.modifier_decks["@monsters"].cards]


def test_rising_momentum_moves_every_doom_to_an_enemy_within_two() -> None:
    game = arena(
        [stalker(["rising-momentum", "inescapable-fate", "race-to-the-grave"])],
        [("normal", (2, 0)), ("normal", (3, 0)), ("normal", (-4, 0))],
        stats=FRAIL,
    )
    go(game, "select inescapable-fate rising-momentum")
    m, near = at(game, (2, 0)), at(game, (3, 0))
    go(game, "top inescapable-fate")
    _doom(game, "rising-momentum", m)
    finish_round(game)
    go(game, "select solid-bow race-to-the-grave")
    _doom(game, "race-to-the-grave", m)
    go(game, "top solid-bow", f"target {m}")
    assert game.decision is not None and game.decision.kind == "doom-transfer"
    go(game, f"transfer {near}")
    assert effects_doomstalker.dooms(game) == [
        ("doomstalker", "race-to-the-grave", near),
        ("doomstalker", "rising-momentum", near),
    ]


def test_predator_and_prey_adds_the_unused_range() -> None:
    game = arena([stalker(["predator-and-prey"])], [("normal", (2, 0)), ("normal", (3, -1))])
    go(game, "select solid-bow predator-and-prey")
    m = at(game, (2, 0))
    _doom(game, "predator-and-prey", m)
    events = go(game, "top solid-bow", f"target {m}")
    assert _attack(events, m) == f"attack doomstalker {m} value=6 damage=6"  # range 5, 2 hexes: +3


def test_lead_to_slaughter_drags_the_target_toward_an_ally() -> None:
    brute = hero("brute", ["grab-and-go", "shield-bash"], (-3, 0))
    game = arena([stalker(["lead-to-slaughter"], hex=(0, -3)), brute], [("normal", (3, 0))])
    go(game, "select lead-to-slaughter solid-bow", "select grab-and-go shield-bash")
    while game.decision is not None and game.decision.actor == "brute":
        names = [str(c) for c in game.decision.choices]
        go(game, next(n for n in ("skip", "stop", "bottom shield-bash", "top grab-and-go") if n in names))
    m = at(game, (3, 0))
    events = go(game, "top lead-to-slaughter", f"target {m}?")
    moved = [e for e in events if e.startswith(f"moved {m} ")]
    assert len(moved) == 3 and all(e.endswith("forced") for e in moved)
    assert game.state.figures[m].hex == (0, 0)


def test_lead_to_slaughter_bottom_moves_the_dooms_to_an_enemy_within_four() -> None:
    game = arena(
        [stalker(["lead-to-slaughter", "race-to-the-grave"])], [("normal", (2, 0)), ("normal", (5, -5))]
    )
    go(game, "select solid-bow race-to-the-grave")
    m, far = at(game, (2, 0)), at(game, (5, -5))
    _doom(game, "race-to-the-grave", far)
    finish_round(game)
    go(game, "select lead-to-slaughter a-moment-s-peace")
    go(game, "bottom lead-to-slaughter", "stop?", f"transfer {m}?")
    assert effects_doomstalker.dooms(game) == [("doomstalker", "race-to-the-grave", m)]


def test_frightening_curse_doom_does_not_move_an_immobilized_neighbour() -> None:
    game = arena([stalker(["frightening-curse"])], [("normal", (2, 0)), ("normal", (3, 0))], stats=FRAIL)
    go(game, "select solid-bow frightening-curse")
    m, near = at(game, (2, 0)), at(game, (3, 0))
    _doom(game, "frightening-curse", m)
    game.state.figures[near].conditions.add(Condition.IMMOBILIZE, turns_started=0, immune=frozenset())
    go(game, "top solid-bow", f"target {m}")
    assert game.decision is None or game.decision.kind != "doom-shove"
    assert game.state.figures[near].hex == (3, 0)


def test_wild_command_top_has_an_adjacent_summon_move_and_attack_with_you_choosing() -> None:
    game = arena([stalker(["wild-command", "vital-charge"])], [("normal", (4, 0))])
    go(game, "select vital-charge solid-bow")
    go(game, "top vital-charge", "summon-at 1,0", "bottom solid-bow")
    boar = next(f for f in game.state.figures.values() if f.kind == "summon")
    finish_round(game)
    go(game, "select wild-command a-moment-s-peace")
    boar.hex = (0, 1)  # it acted first this round (summons act before their owner): bring it back
    events = go(game, "top wild-command", f"summon {boar.id}?")
    assert f"ally-performs {boar.id} for=doomstalker" in events
    assert game.decision is not None and game.decision.actor == "doomstalker"
    finish = finish_round(game)
    assert any(e.startswith(f"move-ended {boar.id}") for e in events + finish)


def test_lead_to_slaughter_never_drags_a_monster_through_a_closed_door() -> None:
    """§2 and §7: closed doors are walls to monsters, and no figure is forced through one (the
    slow sweep's game 627: a dragged Black Imp opened a door and ended on a monster revealed
    behind it)."""
    brute = hero("brute", ["grab-and-go", "shield-bash"], (-3, 0))
    game = arena(
        [stalker(["lead-to-slaughter"], hex=(0, -3)), brute],
        [("normal", (3, 0))],
        doors=((2, 0),),
        behind=[("normal", (1, 0))],
    )
    go(game, "select lead-to-slaughter solid-bow", "select grab-and-go shield-bash")
    while game.decision is not None and game.decision.actor == "brute":
        names = [str(c) for c in game.decision.choices]
        go(game, next(n for n in ("skip", "stop", "bottom shield-bash", "top grab-and-go") if n in names))
    m = at(game, (3, 0))
    events = go(game, "top lead-to-slaughter", f"target {m}?")
    moved = [e for e in events if e.startswith(f"moved {m} ")]
    assert len(moved) == 3 and f"moved {m} 2,0 forced" not in moved
    assert not any(e.startswith("door-opened") for e in events)
    assert game.state.figure_at((1, 0)) is None  # the room behind the door stays hidden


def test_frightening_curse_never_shoves_a_monster_into_a_closed_door() -> None:
    game = arena(
        [stalker(["frightening-curse"])],
        [("normal", (2, 0)), ("normal", (3, 0))],
        stats=FRAIL,
        doors=((4, 0),),
    )
    go(game, "select solid-bow frightening-curse")
    m, near = at(game, (2, 0)), at(game, (3, 0))
    _doom(game, "frightening-curse", m)
    go(game, "top solid-bow", f"target {m}")
    assert game.decision is not None and game.decision.kind == "doom-shove"
    hexes = {c.args[1] for c in game.decision.choices if c.args[0] == near}
    assert "4,0" not in hexes and hexes
