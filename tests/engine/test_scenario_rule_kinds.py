"""One golden test per scenario special rule kind (issue 5): spawn, timer, escort, objective,
ally, locked door, pressure plate — on a real scenario of the content pack where one has the
rule, else on a hand-made setup — plus the other rule data the engine performs (element states,
toggles, stat changes, room reveals by rule, scenario -1 cards, rules that wait for figures)."""

from __future__ import annotations

import random

import msgspec
import pytest

from delvekit.core.errors import InputError
from delvekit.core.hexes import distance, neighbours
from delvekit.gloomhaven.content import load_pack
from delvekit.gloomhaven.content.adapter import Member, setup_from_pack
from delvekit.gloomhaven.engine import hooks
from delvekit.gloomhaven.engine.actions import hostile, targets
from delvekit.gloomhaven.engine.game import Game
from delvekit.gloomhaven.engine.state import Figure
from delvekit.gloomhaven.model.conditions import Condition
from delvekit.gloomhaven.model.elements import Element, Strength
from delvekit.gloomhaven.model.rule_text import parse_rule_line, rule_line
from delvekit.gloomhaven.model.scenario_rules import (
    Marker,
    ObjectiveLine,
    RuleLine,
    ScenarioRule,
    Zone,
    of_kind,
)
from delvekit.gloomhaven.model.setup import GameSetup
from delvekit.gloomhaven.scenario.rules import check
from delvekit.gloomhaven.testing.invariants import violations

TWO = [Member("brute"), Member("mindthief")]
THREE = [*TWO, Member("tinkerer")]


def _setup(n: int, party: list[Member] = TWO) -> GameSetup:
    return setup_from_pack(load_pack(), n, party)


def _r(*lines: str) -> tuple[ScenarioRule, ...]:
    """Rule records written by hand in their text form."""
    return tuple(parse_rule_line(line) for line in lines)


def _started(setup: GameSetup, seed: int = 1) -> Game:
    """A game of ``setup`` whose first round has begun (characters placed, cards not chosen)."""
    game = Game(setup, seed=seed)
    rnd = random.Random(seed)
    while game.decision is not None and game.state.round < 1:
        game.choose(rnd.choice(list(game.decision.choices)))
    return game


def _round(game: Game, n: int, timing: str) -> None:
    game.state.round = n
    hooks.round_event.run(game, timing)


def _events(game: Game, kind: str) -> list[str]:
    return [str(e) for e in game.events if e.kind == kind]


def _room_of(setup: GameSetup, number: int, n: int) -> int:
    """Setup room index of content room ``number`` of scenario ``n``."""
    s = load_pack().scenarios[n]
    numbers = sorted(r.number for r in s.rooms)
    initial = {r.number for r in s.rooms if r.initial}
    rest = sorted(set(numbers) - initial)
    return 0 if number in initial else 1 + rest.index(number)


# ------------------------------------------------------------------------------- spawn


def test_spawn_scenario_27_a_demon_appears_at_its_marker_each_round_with_the_party_rank() -> None:
    for party, rank in ((TWO, "normal"), ([*THREE, Member("brute", 1)][:3], "normal")):
        game = _started(_setup(27, party))
        hex_b = next(x.hex for x in of_kind(game.setup.rules, Marker) if x.key == "b")
        _round(game, 1, "end")
        spawned = _events(game, "spawned")
        assert len(spawned) == 1 and spawned[0].startswith("spawned night-demon#")
        assert spawned[0].endswith(f"{rank} hex={hex_b[0]},{hex_b[1]}")
        _round(game, 2, "end")  # R == 2: the wind demon at c, not another night demon
        assert _events(game, "spawned")[1].startswith("spawned wind-demon#")
        _round(game, 2, "end")  # a rule fires at most once a round
        assert len(_events(game, "spawned")) == 2
    four = _started(_setup(27, [*THREE, Member("scoundrel")])) if _playable("scoundrel") else None
    if four is not None:
        _round(four, 1, "end")
        assert _events(four, "spawned")[0].split()[2] == "elite"  # normal, normal, elite


def _playable(class_id: str) -> bool:
    try:
        _setup(1, [*TWO, Member(class_id)])
    except InputError:
        return False
    return True


def test_spawn_scenario_19_count_and_none_per_party_size_when_a_room_is_revealed() -> None:
    for party, cultists in ((TWO, 1), (THREE, 2)):
        setup = _setup(19, party)
        game = _started(setup)
        room = _room_of(setup, 3, 19)
        for r in range(1, room + 1):
            if r not in game.state.revealed_rooms:
                game.reveal_room(r)  # the always/once rule fires as the room appears
        new = [e for e in _events(game, "spawned") if e.startswith("spawned cultist#")]
        assert len(new) == cultists, (len(party), new)
        for r in range(1, len(setup.rooms)):
            if r not in game.state.revealed_rooms:
                game.reveal_room(r)
        assert len([e for e in _events(game, "spawned") if e.startswith("spawned cultist#")]) == cultists
        assert not violations(game)


def test_spawn_scenario_3_stops_when_the_rule_that_disables_it_fires() -> None:
    game = _started(_setup(3))
    game.reveal_room(5)  # the cave behind door 1: rule 2 disables rules 0 and 1
    for n in range(1, 6):
        _round(game, n, "start")
        _round(game, n, "end")
    assert not _events(game, "spawned")


# ------------------------------------------------------------------------------- timer


def test_timer_scenario_27_is_won_as_round_10_ends() -> None:
    game = _started(_setup(27))
    _round(game, 9, "end")
    assert game.state.ending is None
    _round(game, 10, "end")
    assert game.state.ending == "victory"
    assert "scenario-rule rule-8 end" in [str(e) for e in game.events]  # the rule data's timer


def test_timer_scenario_60_is_lost_as_round_12_ends_and_everyone_burns_after_round_6() -> None:
    game = _started(_setup(60))
    _round(game, 6, "start")
    assert not [t for t in game.state.agenda if t.kind == "damage"]
    _round(game, 7, "start")  # R > 6: every figure suffers 2 damage (characters may negate it)
    hurt = sorted(t.who for t in game.state.agenda if t.kind == "damage" and t.n == 2)
    assert hurt == sorted(game.state.figures)
    _round(game, 12, "end")
    assert game.state.ending == "defeat"


def test_timer_scenario_53_reveals_a_room_every_other_round() -> None:
    game = _started(_setup(53))
    assert game.state.revealed_rooms == [0]
    for n, expected in ((2, [0, 1]), (3, [0, 1]), (4, [0, 1, 3]), (6, [0, 1, 3, 2]), (8, [0, 1, 3, 2, 4])):
        _round(game, n, "start")
        assert game.state.revealed_rooms == expected, n
    assert not violations(game)


# ------------------------------------------------------------------------------ escort


def test_escort_scenario_38_the_orchid_is_an_ally_monsters_attack_and_characters_cannot() -> None:
    game = _started(_setup(38))
    orchid = game.state.figures["orchid.1"]
    assert orchid.kind == "objective" and orchid.side == "party"
    assert orchid.hp == orchid.max_hp == 6 + 3 * game.setup.level
    monster = next(iter(game.state.monsters()))
    brute = game.state.figures["brute"]
    assert hostile(monster, orchid) and not hostile(brute, orchid)
    assert game.add_condition(orchid.id, Condition.POISON) is False  # immune to conditions
    assert game.add_modifier_card(orchid.id, "curse") is False


def test_escort_monsters_focus_the_escort_when_it_is_the_nearest_enemy() -> None:
    from delvekit.gloomhaven.engine.monster_turn import _solve

    setup = _setup(38)
    game = Game(setup, seed=3)
    rnd = random.Random(3)
    while game.decision is not None and not game.state.revealed:  # monster cards revealed
        game.choose(rnd.choice(list(game.decision.choices)))
    orchid = game.state.figures["orchid.1"]
    board = game.board()
    assert board is not None
    for mid in [f.id for f in game.state.monsters()]:
        monster = game.state.figures[mid]
        actions = game.monster_card(monster.name).actions
        index = next((i for i, a in enumerate(actions) if a.kind == "attack"), None)
        if index is None:
            continue
        # the monster stands next to the orchid, every character far away
        spot = next(
            (n for n in neighbours(orchid.hex) if n in board.hexes and board.adjacent(n, orchid.hex)
             and board.terrain_at(n) is None and game.state.figure_at(n) is None and n not in board.doors),
            None,
        )  # fmt: skip
        if spot is None:
            continue
        monster.hex = spot
        for cid in ("brute", "mindthief"):
            game.state.figures[cid].hex = max(board.hexes, key=lambda h: distance(h, orchid.hex))
        game.state.figures["mindthief"].hex = next(
            h for h in sorted(board.hexes, key=lambda h: -distance(h, orchid.hex))
            if game.state.figure_at(h) is None and board.terrain_at(h) is None
        )  # fmt: skip
        outcomes = _solve(game, monster, index)
        assert outcomes and all(orchid.id in o.targets for o in outcomes if o.targets), outcomes
        return
    pytest.skip("no monster with an attack card this round")


def test_escort_scenario_19_hail_is_placed_with_her_health_formula() -> None:
    game = _started(_setup(19, THREE))
    hail = game.state.figures["hail.1"]
    assert hail.side == "party" and hail.max_hp == 4 + 2 * game.setup.level
    assert _events(game, "objective") == [
        f"objective hail.1 escort hp={hail.max_hp} hex={hail.hex[0]},{hail.hex[1]}"
    ]


# --------------------------------------------------------------------------- objective


def test_objective_scenario_22_altars_are_enemies_of_the_characters_only() -> None:
    setup = _setup(22)
    game = _started(setup)
    assert not [f for f in game.state.figures.values() if f.kind == "objective"]  # rooms not yet
    for room in range(1, len(setup.rooms)):
        game.reveal_room(room)  # each altar appears with the room its altar overlay stands in
    altars = sorted(f.id for f in game.state.figures.values() if f.kind == "objective")
    assert altars == ["altar.1", "altar.2", "altar.3", "altar.4"]
    altar = game.state.figures["altar.1"]
    assert altar.side == "monsters" and altar.max_hp == 4 + len(TWO) * setup.level
    assert game.board().terrain_at(altar.hex) is not None  # type: ignore[union-attr]  # on the altar
    brute = game.state.figures["brute"]
    brute.hex = next(n for n in neighbours(altar.hex) if game.state.figure_at(n) is None)  # type: ignore[assignment]
    assert altar in targets(game, brute, 1)
    monster = next(iter(game.state.monsters()))
    assert not hostile(monster, altar)
    game.state.round = 2
    game.kill(altar)
    assert "altar.1" not in game.state.figures
    assert not any(e.kind == "coin-dropped" for e in game.events)


def test_objective_scenario_33_destroying_door_b_reveals_its_room() -> None:
    setup = _setup(33)
    game = _started(setup)
    door = game.state.figures["door.1"]
    assert door.side == "monsters" and door.max_hp == 4 + setup.level
    assert game.state.revealed_rooms == [0]
    game.suffer_damage(door.id, door.hp, "test")
    hooks.goal.first(game)  # the turn ends: rules waiting for figures look again
    assert game.state.revealed_rooms == [0, 1]
    assert "scenario-rule rule-0 turn" in [str(e) for e in game.events]


def test_objective_scenario_75_each_grave_dug_raises_one_corpse_on_its_hex() -> None:
    setup = _setup(75)
    game = _started(setup)
    for room in range(1, len(setup.rooms) - 1):  # not the last room: its grave is the Regent's
        game.reveal_room(room)
    graves = [f for f in game.state.figures.values() if f.name == "Grave"]
    assert len(graves) == 8
    for grave in graves[:3]:
        before = len(_events(game, "spawned"))
        free = game.state.standees["living-corpse"][:]
        game.kill(grave)
        spawned = _events(game, "spawned")[before:]
        if not free:
            assert spawned == [] and _events(game, "no-spawn")
            continue
        assert len(spawned) == 1 and spawned[0].startswith("spawned living-corpse#")
        assert spawned[0].endswith(f"hex={grave.hex[0]},{grave.hex[1]}")  # where the grave was
        hooks.goal.first(game)  # the rule's own check spawns nothing more
        assert len(_events(game, "spawned")) == before + 1


def test_spawn_count_f_scenario_26_every_pump_summons_once_its_room_is_revealed() -> None:
    for party, imps in ((TWO, 2), (THREE, 3)):
        setup = _setup(26, party)
        game = _started(setup)
        _round(game, 1, "end")
        assert _events(game, "spawned") == []  # the pump room is not revealed yet
        for room in range(1, len(setup.rooms)):
            game.reveal_room(room)
        _round(game, 2, "end")
        spawned = _events(game, "spawned")
        assert len(spawned) == imps and all(e.startswith("spawned black-imp#") for e in spawned)


# -------------------------------------------------------------------------------- ally


def test_ally_scenario_11_living_bones_fight_for_the_characters() -> None:
    game = _started(_setup(11))
    allied = [f for f in game.state.monsters() if f.name in ("living-bones", "living-corpse")]
    enemies = [f for f in game.state.monsters() if f.side == "monsters"]
    assert allied and enemies and all(f.side == "party" for f in allied)
    brute = game.state.figures["brute"]
    assert not hostile(brute, allied[0]) and hostile(allied[0], enemies[0])
    for f in enemies:  # the allies need not die for "kill all"
        game.kill(f)
    for room in range(1, len(game.setup.rooms)):
        if room not in game.state.revealed_rooms:
            game.reveal_room(room)
    for f in [f for f in game.state.monsters() if f.side == "monsters"]:
        game.kill(f)
    assert all(f.side == "party" for f in game.state.monsters())


def test_ally_plays_out_with_invariants() -> None:
    for n in (11, 12, 91):
        game = Game(_setup(n), seed=2)
        rnd = random.Random(2)
        while game.decision is not None:
            game.choose(rnd.choice(list(game.decision.choices)))
            assert not violations(game)
        assert Game.from_log(game.log_lines()).digest() == game.digest()


# ------------------------------------------------------------------------- locked door


def test_locked_door_scenario_2_and_a_hand_made_lock_on_scenario_1() -> None:
    from delvekit.gloomhaven.engine.actions import next_steps

    assert rule_line(_setup(2).rules[1]) == "lock|7,7;4,8;4,3;7,1|bandit-commander"
    setup = _setup(1)
    door = setup.board.doors[0].hex  # type: ignore[union-attr]
    locked = msgspec.structs.replace(setup, rules=(*setup.rules, *_r(f"lock|{door[0]},{door[1]}|none")))
    for s, reachable in ((setup, True), (locked, False)):
        game = _started(s)
        brute = game.state.figures["brute"]
        board = game.board()
        assert board is not None
        brute.hex = next(
            n for n in neighbours(door) if n in board.hexes and board.adjacent(n, door)
            and game.state.figure_at(n) is None and board.terrain_at(n) is None and n not in board.doors
        )  # type: ignore[assignment]  # fmt: skip
        assert (door in [h for h, _ in next_steps(game, brute, 2, "walk", board)]) is reachable


# ---------------------------------------------------------------------- pressure plate


def test_pressure_plate_hand_made_a_character_ending_its_turn_on_it_opens_a_locked_door() -> None:
    setup = _setup(1)
    assert setup.board is not None
    door = setup.board.doors[0].hex
    game0 = _started(setup)
    board = game0.board()
    assert board is not None
    plate = next(
        h for h in sorted(board.hexes) if game0.state.figure_at(h) is None and board.terrain_at(h) is None
        and h not in board.doors
    )  # fmt: skip
    rules = (
        *setup.rules,
        *_r(f"lock|{door[0]},{door[1]}|none", f"plate|{plate[0]},{plate[1]}|open|{door[0]},{door[1]}"),
    )
    game = _started(msgspec.structs.replace(setup, rules=rules))
    brute = game.state.figures["brute"]
    hooks.turn_ended.run(game, brute)  # not on the plate: nothing
    assert door not in game.state.opened and game.state.revealed_rooms == [0]
    brute.hex = plate
    hooks.turn_ended.run(game, brute)
    assert door in game.state.opened and 1 in game.state.revealed_rooms
    hooks.turn_ended.run(game, brute)  # pressed once
    assert len(_events(game, "plate-pressed")) == 1
    assert not violations(game)


def test_pressure_plate_reveal_and_finish_lines() -> None:
    setup = _setup(1)
    game = _started(msgspec.structs.replace(setup, rules=_r("plate|0,0|reveal|1", "plate|1,1|finish|lost")))
    brute = game.state.figures["brute"]
    brute.hex = (0, 0)
    hooks.turn_ended.run(game, brute)
    assert 1 in game.state.revealed_rooms
    brute.hex = (1, 1)
    hooks.turn_ended.run(game, brute)
    assert game.state.ending == "defeat"
    assert load_pack().scenarios[15].overlays  # the map source has plates but not their effects
    assert any(o.kind == "pressure-plate" for o in load_pack().scenarios[15].overlays)


# ----------------------------------------------------------------- the other rule data


def test_scenario_14_minus_one_cards_join_every_deck() -> None:
    for n, count in ((14, 3), (25, 2)):
        game = _started(_setup(n))
        plain = _started(_setup(1))
        for cid in ("brute", "mindthief"):
            base = plain.state.modifier_decks[cid].count("-1")
            assert game.state.modifier_decks[cid].count("-1") == base + count, (n, cid)
        assert len(_events(game, "modifier-added")) == 2 * count


def test_scenario_31_dark_is_strong_and_light_inert_as_every_round_starts() -> None:
    game = _started(_setup(31))
    st = game.state
    assert st.elements[Element.DARK] is Strength.STRONG and st.elements[Element.LIGHT] is Strength.INERT
    st.elements.set(Element.LIGHT, Strength.STRONG)
    _round(game, 2, "start")
    assert st.elements[Element.LIGHT] is Strength.INERT and st.elements[Element.DARK] is Strength.STRONG


def test_scenario_61_the_demons_and_the_oozes_take_turns_round_by_round() -> None:
    game = _started(_setup(61))
    for room in range(1, len(game.setup.rooms)):
        game.reveal_room(room)
    _round(game, 3, "start")
    off = {e.split()[1].split("#")[0] for e in _events(game, "inactive")}
    assert off and off <= {"flame-demon", "frost-demon"}
    for f in game.state.monsters():
        assert (f.acted_round == 3) == (f.name in ("flame-demon", "frost-demon"))
    _round(game, 4, "start")
    for f in game.state.monsters():
        assert (f.acted_round == 4) == (f.name in ("ooze", "giant-viper"))


def test_scenario_36_demons_spawn_by_round_and_the_city_archers_are_allies() -> None:
    game = _started(_setup(36))
    assert "door.1" in game.state.figures and game.state.figures["door.1"].side == "party"  # defended
    archers = [f for f in game.state.monsters() if f.name == "city-archer"]
    assert archers and all(f.side == "party" for f in archers)
    kinds = []
    for n in range(1, 5):
        _round(game, n, "end")
        kinds.append(_events(game, "spawned")[-1].split()[1].split("#")[0])
    assert kinds == ["flame-demon", "earth-demon", "frost-demon", "wind-demon"]


def test_stat_change_health_hx2_on_a_hand_made_rule() -> None:
    setup = _setup(1)
    rule = (
        '{"always":true,"stats":[{"figures":{"kind":"monster","name":"bandit-guard"},'
        '"stats":[["health","Hx2"]]}]}'
    )
    game = _started(msgspec.structs.replace(setup, rules=_r(f"rule|0|{rule}")))
    guards = [f for f in game.state.monsters() if f.name == "bandit-guard"]
    stats = next(m for m in setup.monsters if m.name == "bandit-guard")
    for f in guards:
        line = stats.elite if f.rank == "elite" else stats.normal
        assert line is not None and f.max_hp == f.hp == 2 * line.health
    _round(game, 2, "start")  # once per figure
    assert all(f.max_hp == 2 * (stats.elite if f.rank == "elite" else stats.normal).health for f in guards)  # type: ignore[union-attr]


def test_scenario_79_killing_every_stone_golem_reveals_the_temple() -> None:
    game = _started(_setup(79))
    golems = [f for f in game.state.monsters() if f.name == "stone-golem"]
    assert golems and game.state.revealed_rooms == [0]
    for g in golems:
        game.kill(g)
    assert 1 in game.state.revealed_rooms


def test_scenario_56_losing_the_orchids_loses_the_scenario() -> None:
    setup = _setup(56)
    game = _started(setup)
    for room in range(1, len(setup.rooms)):
        if room not in game.state.revealed_rooms:
            game.reveal_room(room)
    orchids = [f for f in game.state.figures.values() if f.name == "Captive Orchid"]
    assert len(orchids) == 3 and all(f.side == "party" for f in orchids)
    for f in orchids[:2]:
        game.suffer_damage(f.id, f.hp, "test")
    hooks.goal.first(game)
    assert game.state.ending is None
    game.suffer_damage(orchids[2].id, orchids[2].hp, "test")
    hooks.goal.first(game)
    assert game.state.ending == "defeat"


@pytest.mark.parametrize(
    "line",
    [
        "rule|x|{}",
        "rule|1|{not json",
        'rule|1|{"when":"R =="}',
        'rule|1|{"spawns":[{"monster":"x","types":["normal"]}]}',
        'objective|{"name":"Altar","health":"4+R","hex":[0,0]}',
        'objective|{"name":"Altar"}',
        "marker|a|1;2",
        "ally|",
        "plate|0,0|explode|1",
        "plate|0,0|finish|maybe",
        "at|start||character|add-modifier|minus2:3",
    ],
)
def test_a_malformed_special_rule_line_names_itself(line: str) -> None:
    with pytest.raises(InputError, match="scenario rule"):
        check(parse_rule_line(line))


def test_every_scenario_setup_builds_rules_that_check() -> None:
    pack = load_pack()
    for n, s in pack.scenarios.items():
        if not s.rooms:
            continue
        setup = setup_from_pack(pack, n, TWO)
        for rule in setup.rules:
            check(rule)


# ------------------------------------------------------------------------- stat changes


def test_level_offsets_scenarios_28_57_67_read_the_stat_card_levels_up() -> None:
    pack = load_pack()
    cases = [(28, "living-corpse", 2, "elite"), (57, "infiltrator", 1, "boss")]
    cases += [(58, "the-harvester", 1, "boss"), (67, "stone-golem", 1, "elite")]
    for n, monster, offset, rank in cases:
        setup = _setup(n)
        mtype = next(m for m in setup.monsters if m.name == monster)
        line = pack.monster(monster).stats(min(7, setup.level + offset), rank)  # type: ignore[arg-type]
        health = mtype.stats(rank).health  # type: ignore[arg-type]
        expected = line.health if isinstance(line.health, int) else health
        assert health == expected and mtype.stats(rank).attack == line.attack, (n, monster)  # type: ignore[arg-type]
    # at level 7 the offset stops at the last stat card
    high = setup_from_pack(pack, 28, [Member("brute", 9), Member("mindthief", 9)])
    corpse = next(m for m in high.monsters if m.name == "living-corpse")
    assert corpse.stats("elite").health == pack.monster("living-corpse").stats(7, "elite").health


def test_scenario_67_the_golem_becomes_the_arcane_golem_with_h_times_c_health() -> None:
    setup = _setup(67, THREE)
    game = _started(setup)
    room = _room_of(setup, 3, 67)
    game.reveal_room(room)
    golem = next(f for f in game.state.monsters() if f.name == "stone-golem")
    elite = next(m for m in setup.monsters if m.name == "stone-golem").stats("elite").health
    assert golem.max_hp == golem.hp == elite * 3
    assert f"renamed {golem.id} arcane-golem" in [str(e) for e in game.events]


def test_stat_changes_carried_by_the_scenarios_own_stat_cards_are_not_repeated() -> None:

    for n in (54, 89):  # the map places cave-bear-scenario-54 / cultist-scenario-89
        assert not [x for x in _setup(n).rules if isinstance(x, RuleLine)]
    lines = [x for x in _setup(36).rules if isinstance(x, RuleLine)]
    assert not any(x.rule.stats for x in lines)  # prime-demon-scenario-36 already has twice the health


def test_every_rule_line_of_every_scenario_is_performed() -> None:
    from delvekit.gloomhaven.scenario.triggers import unperformed

    pack = load_pack()
    for n, s in pack.scenarios.items():
        if s.rooms:
            for x in setup_from_pack(pack, n, TWO).rules:
                assert not isinstance(x, RuleLine) or unperformed(x.rule) == [], (n, x.index)


def test_scenario_22_every_standing_altar_strengthens_the_demons() -> None:
    from delvekit.gloomhaven.engine.monster_turn import stat_line

    setup = _setup(22)
    game = _started(setup)

    def card(f: Figure) -> tuple[int, int, int, int]:
        line = game.tables.types[f.name].stats(f.rank or "normal")
        return line.health, line.move, line.attack, line.range

    def check(x: int) -> None:
        demons = [f for f in game.state.monsters() if "demon" in f.name]
        assert demons
        for f in demons:
            health, move, attack, rng = card(f)
            assert f.max_hp == health + x
            expected = (move + (x + 1) // 2, attack + x, rng + (x + 1) // 2 if rng else 0)
            assert stat_line(game, f)[:3] == expected

    central = _room_of(setup, 2, 22)
    for room in range(1, len(setup.rooms)):
        if room != central:
            game.reveal_room(room)  # demons on the map, the rule's room not revealed yet
    check(0)
    game.reveal_room(central)
    check(4)
    altars = [f for f in game.state.figures.values() if f.name == "Altar"]
    assert len(altars) == 4
    demon = next(f for f in game.state.monsters() if "demon" in f.name)
    demon.hp = demon.max_hp - 2  # hurt by two: its health is cut only where above the new maximum
    game.kill(altars[0])
    hooks.goal.first(game)
    check(3)
    assert demon.hp == demon.max_hp - 1
    for altar in altars[1:]:
        game.kill(altar)
    hooks.goal.first(game)
    check(0)


def test_scenario_36_the_prime_demon_appears_at_e_when_the_gate_falls_with_the_damage_it_took() -> None:
    setup = _setup(36)
    game = _started(setup)
    prime = next(m for m in setup.monsters if m.name == "prime-demon-scenario-36")
    per_round = 2 * 2 + setup.level - 2
    for n in range(1, 4):
        _round(game, n, "end")
    assert not any(f.name == "prime-demon-scenario-36" for f in game.state.monsters())
    assert _events(game, "damage-pending")[-1] == f"damage-pending prime-demon {3 * per_round}"
    door = game.state.figures["door.1"]
    game.kill(door)
    hooks.goal.first(game)  # a turn ends
    demon = next(f for f in game.state.monsters() if f.name == "prime-demon-scenario-36")
    assert demon.hex == (7, 1) and demon.rank == "boss"
    assert demon.max_hp == prime.stats("boss").health and demon.hp == demon.max_hp - 3 * per_round
    _round(game, 4, "end")  # the gate is down: no more damage
    assert demon.hp == demon.max_hp - 3 * per_round


def test_scenario_36_the_gate_falls_by_itself_as_round_8_ends() -> None:
    game = _started(_setup(36))
    _round(game, 8, "end")
    assert "door.1" not in game.state.figures
    assert any(f.name == "prime-demon-scenario-36" for f in game.state.monsters())


# ----------------------------------------------------------------------- escorts that move


def test_escort_scenario_19_hail_walks_two_hexes_toward_the_altar_as_the_round_ends() -> None:
    from delvekit.gloomhaven.scenario.objectives import _steps_to

    game = _started(_setup(19))
    hail = game.state.figures["hail.1"]
    altar = (14, -1)
    board = game.board()
    assert board is not None
    goal = {n for n in neighbours(altar) if n in board.hexes and board.adjacent(altar, n)}
    before = _steps_to(board, goal)[hail.hex]
    _round(game, 1, "end")
    assert _steps_to(board, goal)[hail.hex] == before - 2
    moved = [e for e in _events(game, "moved") if e.startswith("moved hail.1 ")]
    assert len(moved) == 2
    # a monster in the way blocks her: she never walks through enemies
    hail.hex = next(iter(goal))
    _round(game, 2, "end")
    assert "escort-arrived hail.1" in " ".join(_events(game, "escort-arrived"))
    assert game.state.scenario_marks["arrived:hail.1"] == 2


def test_escort_walks_around_monsters_never_through_them() -> None:
    from delvekit.gloomhaven.scenario.objectives import _steps_to, move_escorts

    game = _started(_setup(1))
    board = game.board()
    assert board is not None
    st = game.state
    for f in list(st.monsters()):
        del st.figures[f.id]
    start = next(h for h in sorted(board.hexes) if board.terrain_at(h) is None
                 and st.figure_at(h) is None and h not in board.doors
                 and all(n in board.hexes and board.adjacent(h, n) and board.terrain_at(n) is None
                         and n not in board.doors for n in neighbours(h)))  # fmt: skip
    far = max((h for h in board.hexes if board.terrain_at(h) is None), key=lambda h: (distance(h, start), h))
    escort = Figure("hail.1", "objective", "Hail", 5, start, side="party")
    st.figures[escort.id] = escort
    guards = []
    for i, n in enumerate(neighbours(start)):  # an enemy on every side: no way out
        if st.figure_at(n) is None:
            st.figures[f"g{i}"] = Figure(f"g{i}", "monster", "bandit-guard", 5, n, rank="normal")
            guards.append(f"g{i}")
    line = ObjectiveLine(name="Hail", health="5", hex=start, move=3, to=(far,), reach="on")
    move_escorts(game, [line])
    assert escort.hex == start
    towards = _steps_to(board, {far})
    opened = min(neighbours(start), key=lambda n: (towards.get(n, 99), n))  # its way to the goal
    gone = next(g for g in guards if st.figures[g].hex == opened)
    del st.figures[gone]
    move_escorts(game, [line])
    assert towards[escort.hex] == towards[start] - 3
    first = next(e for e in game.events if e.kind == "moved" and e.args[0] == "hail.1")
    assert first.args[1] == f"{opened[0]},{opened[1]}"


def test_escort_scenario_86_a_villager_reaching_the_docks_is_saved() -> None:
    game = _started(_setup(86))
    villager = game.state.figures["villager.1"]
    line = next(x for x in of_kind(game.setup.rules, ObjectiveLine) if x.number == 1)
    dock = line.to[0]
    board = game.board()
    assert board is not None
    villager.hex = next(
        n for n in neighbours(dock) if n in board.hexes and board.adjacent(dock, n)
        and board.terrain_at(n) is None and game.state.figure_at(n) is None
    )  # fmt: skip
    _round(game, 1, "end")
    assert "villager.1" not in game.state.figures
    assert "escort-saved villager.1" in _events(game, "escort-saved")
    assert not any(e.kind == "killed" and e.args[0] == "villager.1" for e in game.events)


def test_escorts_play_out_with_invariants() -> None:
    from delvekit.gloomhaven.bots.players import RandomBot

    escorts, moved = ("hail", "orchid", "villager"), 0
    for n in (19, 38, 86):
        game = Game(_setup(n), seed=5)
        bot = RandomBot(5)
        steps = 0
        while game.decision is not None and steps < 4000:
            game.choose(bot.choose(game))
            assert violations(game) == [], (n, violations(game))
            steps += 1
        moved += sum(1 for e in game.events if e.kind == "moved" and e.args[0].split(".")[0] in escorts)
    assert moved > 0


def test_locked_door_scenario_74_opens_as_round_3_ends_and_no_character_opens_it_before() -> None:
    from delvekit.gloomhaven.scenario.rules import locked_doors

    setup = _setup(74)
    assert sorted(locked_doors(setup.rules)) == [(5, 1), (5, 5)]
    game = _started(setup)
    _round(game, 2, "end")
    assert game.state.revealed_rooms == [0] and (5, 5) not in game.state.opened
    _round(game, 3, "end")
    room = _room_of(setup, 2, 74)
    assert room in game.state.revealed_rooms and (5, 5) in game.state.opened
    assert _events(game, "door-opened") == ["door-opened 5,5 rule"]
    assert any(e.startswith("spawned deep-terror#") for e in _events(game, "spawned"))
    assert (5, 1) not in game.state.opened  # door 2 waits for round 6


def test_scenario_53_doors_open_as_rounds_2_4_6_8_begin() -> None:
    setup = _setup(53)
    game = _started(setup)
    opened = []
    for n in (2, 4, 6, 8):
        _round(game, n, "start")
        opened.append(len(game.state.revealed_rooms))
    assert opened == [2, 3, 4, 5]


def test_scenario_57_the_elite_guard_of_the_barracks_dies_and_the_infiltrator_takes_his_place() -> None:
    setup = _setup(57)
    game = _started(setup)
    room = _room_of(setup, 3, 57)
    game.reveal_room(room)
    target = _events(game, "scenario-target")
    assert len(target) == 1 and target[0].startswith("scenario-target rule-0 city-guard#")
    guard = game.state.figures[target[0].split()[2]]
    assert guard.rank == "elite"
    others = [f for f in game.state.monsters() if f.name == "city-guard" and f is not guard]
    game.kill(others[0])  # another guard dying changes nothing
    assert not any(f.name == "infiltrator" for f in game.state.monsters())
    where = guard.hex
    game.kill(guard)
    infiltrator = next(f for f in game.state.monsters() if f.name == "infiltrator")
    assert infiltrator.rank == "boss"
    # where he fell, or next to it: the guard's coin leaves that hex not empty
    assert infiltrator.hex == where or (where in game.state.coins and distance(infiltrator.hex, where) == 1)
    game.kill(infiltrator)  # once
    assert not any(f.name == "infiltrator" for f in game.state.monsters())


def test_pressure_plate_scenario_69_plate_b_opens_the_locked_door_1() -> None:
    from delvekit.gloomhaven.scenario.rules import locked_doors

    setup = _setup(69)
    assert locked_doors(setup.rules) == ((9, 0),)
    game = _started(setup)
    game.reveal_room(_room_of(setup, 2, 69))  # B1b, through the opening
    brute = game.state.figures["brute"]
    brute.hex = (1, 1)
    hooks.turn_ended.run(game, brute)
    assert (9, 0) in game.state.opened and _room_of(setup, 3, 69) in game.state.revealed_rooms


def test_pressure_plates_scenario_15_plate_c_opens_doors_a_and_every_character_on_h_plates_doors_b() -> None:
    from delvekit.gloomhaven.scenario.rules import locked_doors

    setup = _setup(15, THREE)
    assert set(locked_doors(setup.rules)) == {(6, 4), (6, 9), (4, 7), (4, 8)}
    game = _started(setup)
    for room in range(1, 2):
        game.reveal_room(room)
    chars = [game.state.figures[c] for c in ("brute", "mindthief", "tinkerer")]
    chars[0].hex = (7, 6)  # plate c, in the middle of D1a
    hooks.turn_ended.run(game, chars[0])
    assert {(6, 4), (6, 9)} <= game.state.opened and (4, 7) not in game.state.opened
    h_plates = [(0, 4), (0, 15), (6, -2)]
    for c, h in zip(chars[:2], h_plates, strict=False):
        c.hex = h
        hooks.turn_ended.run(game, c)
    assert (4, 7) not in game.state.opened  # two of three characters on the plates: not yet
    chars[2].hex = h_plates[2]
    hooks.turn_ended.run(game, chars[2])
    assert {(4, 7), (4, 8)} <= game.state.opened
    assert _room_of(setup, 5, 15) in game.state.revealed_rooms
    assert not violations(game)


def test_scenario_62_the_hungry_soul_appears_when_ten_living_bones_were_killed() -> None:
    setup = _setup(62)
    game = _started(setup)
    killed, n = 0, 0
    while killed < 10:
        n += 1
        _round(game, n, "start")  # two Living Bones every round
        for f in [f for f in game.state.monsters() if f.name == "living-bones"][: 10 - killed]:
            assert not any(g.name == "hungry-soul" for g in game.state.monsters())
            game.kill(f)
            killed += 1
            hooks.goal.first(game)  # the turn ends
    soul = next(f for f in game.state.monsters() if f.name == "hungry-soul")
    stats = next(m for m in setup.monsters if m.name == "hungry-soul").stats("boss")
    assert soul.rank == "boss" and soul.max_hp == stats.health
    marker = next(x for x in of_kind(setup.rules, Marker) if x.key == "c")
    assert marker.hex == soul.hex


def test_door_objectives_scenario_29_each_locked_door_opens_when_its_door_is_destroyed() -> None:
    from delvekit.gloomhaven.scenario.rules import locked_doors

    setup = _setup(29)
    lines = [x for x in setup.rules if isinstance(x, ObjectiveLine)]
    doors = sorted(x.door for x in lines if x.door is not None)
    assert len(doors) == 3 and sorted(locked_doors(setup.rules)) == doors  # one door each
    board = _started(setup).board()
    assert board is not None
    for x in lines:
        assert x.door is not None and distance(x.hex, x.door) == 1 and board.adjacent(x.hex, x.door)
    game = _started(setup)
    first = game.state.figures["door.1"]
    door = next(x.door for x in lines if x.number == 1)
    assert door is not None
    game.suffer_damage(first.id, first.hp, "test")
    assert door in game.state.opened and len(game.state.revealed_rooms) == 2
    assert f"door-opened {door[0]},{door[1]} objective" in _events(game, "door-opened")
    assert len(game.state.opened) == 1  # the other two stay locked


def test_door_objective_scenario_35_the_gate_is_locked_until_destroyed() -> None:
    from delvekit.gloomhaven.scenario.rules import locked_doors

    setup = _setup(35)
    assert locked_doors(setup.rules) == ((5, 2),)
    game = _started(setup)
    gate = game.state.figures["door.1"]
    assert gate.side == "monsters" and gate.max_hp == (7 + setup.level) * 2
    game.kill(gate)
    assert (5, 2) in game.state.opened and 1 in game.state.revealed_rooms


def test_pressure_plates_scenario_33_every_character_still_in_play_on_a_plate_opens_door_1() -> None:
    game = _started(_setup(33, THREE))
    plates = [(9, 2), (9, 7), (11, 1)]
    brute, mindthief = (game.state.figures[c] for c in ("brute", "mindthief"))
    brute.hex, mindthief.hex = plates[0], plates[1]
    hooks.turn_ended.run(game, mindthief)
    assert (12, 3) not in game.state.opened  # two of three characters
    game.state.characters["tinkerer"].exhausted = True  # the third is out: two are every character
    del game.state.figures["tinkerer"]
    hooks.turn_ended.run(game, mindthief)
    assert (12, 3) in game.state.opened


def test_scenario_95_demons_come_by_door_1_until_it_opens() -> None:
    setup = _setup(95, THREE)
    game = _started(setup)
    _round(game, 1, "end")
    _round(game, 2, "end")
    spawned = _events(game, "spawned")
    assert [e.split()[1].split("#")[0] for e in spawned] == ["flame-demon", "earth-demon"]
    assert [e.split()[2] for e in spawned] == ["elite", "normal"]  # three characters
    game.reveal_room(_room_of(setup, 3, 95))  # door 1 opens: no more demons
    _round(game, 3, "end")
    assert len(_events(game, "spawned")) == 2


def test_scenario_51_each_character_and_its_summons_suffer_2_as_its_turn_ends() -> None:
    game = _started(_setup(51))
    board = game.board()
    assert board is not None
    brute = game.state.figures["brute"]
    spot = next(
        n for n in neighbours(brute.hex) if n in board.hexes and board.adjacent(brute.hex, n)
        and board.terrain_at(n) is None and game.state.figure_at(n) is None and n not in board.doors
    )  # fmt: skip
    rat = game.summon("brute", "test-rat", 6, spot, move=2, attack=1)
    mindthief = game.state.figures["mindthief"]
    before = mindthief.hp
    _round(game, 2, "start")  # no longer as the round starts
    assert game.state.figures[rat].hp == 6 and mindthief.hp == before
    hooks.turn_ended.run(game, brute)
    assert "scenario-rule rule-1 turn-end brute" in [str(e) for e in game.events]
    assert game.state.figures[rat].hp == 4  # the brute's summon too
    assert mindthief.hp == before  # not the other character
    assert str(game.decision).startswith("brute damage: take 2")  # or lose a card to negate it


def test_scenario_47_figures_still_on_the_j_tile_suffer_as_rounds_end_once_door_1_is_open() -> None:

    setup = _setup(47)
    zone = next(x for x in setup.rules if isinstance(x, Zone))
    assert zone.key == "J1a" and setup.starts[0] in zone.hexes
    game = _started(setup)
    _round(game, 1, "end")
    assert not [e for e in _events(game, "scenario-rule") if "rule-1" in e]  # door 1 still shut
    game.reveal_room(1)
    board = game.board()
    assert board is not None
    mindthief = game.state.figures["mindthief"]
    mindthief.hex = next(
        h for h in sorted(board.hexes)
        if h not in zone.hexes and game.state.figure_at(h) is None and board.terrain_at(h) is None
    )  # fmt: skip
    _round(game, 2, "end")
    assert [e for e in _events(game, "scenario-rule") if "rule-1" in e]
    damage = 3 + setup.level
    assert str(game.decision).startswith(f"brute damage: take {damage}")  # on the J tile
    assert "mindthief" not in str(game.decision)


def test_scenario_70_living_spirits_cannot_be_damaged_but_take_conditions() -> None:
    game = _started(_setup(70))
    _round(game, 1, "end")  # a Living Spirit spawns at a
    spirit = next(f for f in game.state.monsters() if f.name == "living-spirit")
    hp = spirit.hp
    game.suffer_damage(spirit.id, 3, "test")
    assert spirit.hp == hp and spirit.id in game.state.figures
    assert f"no-damage {spirit.id} 3 test" in _events(game, "no-damage")
    assert game.add_condition(spirit.id, Condition.POISON) is True
    other = next((f for f in game.state.monsters() if f.name != "living-spirit"), None)
    if other is not None:  # other monsters are hurt as usual
        before = other.hp
        game.suffer_damage(other.id, 1, "test")
        assert other.id not in game.state.figures or other.hp == before - 1
