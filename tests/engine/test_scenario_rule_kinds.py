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
from delvekit.gloomhaven import effects
from delvekit.gloomhaven.conditions import Condition
from delvekit.gloomhaven.content import load_pack
from delvekit.gloomhaven.elements import Element, Strength
from delvekit.gloomhaven.engine import Game
from delvekit.gloomhaven.engine_actions import _hostile, targets
from delvekit.gloomhaven.engine_checks import violations
from delvekit.gloomhaven.engine_content import Member, setup_from_pack
from delvekit.gloomhaven.engine_setup import GameSetup
from delvekit.gloomhaven.scenario_rules import parse_line

TWO = [Member("brute"), Member("mindthief")]
THREE = [*TWO, Member("tinkerer")]


def _setup(n: int, party: list[Member] = TWO) -> GameSetup:
    return setup_from_pack(load_pack(), n, party)


def _started(setup: GameSetup, seed: int = 1) -> Game:
    """A game of ``setup`` whose first round has begun (characters placed, cards not chosen)."""
    game = Game(setup, seed=seed)
    rnd = random.Random(seed)
    while game.decision is not None and game.state.round < 1:
        game.choose(rnd.choice(list(game.decision.choices)))
    return game


def _round(game: Game, n: int, timing: str) -> None:
    game.state.round = n
    effects.round_event(game, timing)


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
        marker = next(line for line in game.setup.rules if line.startswith("marker|b|"))
        hex_b = tuple(int(x) for x in marker.split("|")[2].split(","))
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
    assert _hostile(monster, orchid) and not _hostile(brute, orchid)
    assert game.add_condition(orchid.id, Condition.POISON) is False  # immune to conditions
    assert game.add_modifier_card(orchid.id, "curse") is False


def test_escort_monsters_focus_the_escort_when_it_is_the_nearest_enemy() -> None:
    from delvekit.gloomhaven.engine_monsters import _solve

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
        actions = game._monster_card(monster.name).actions
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
    assert not _hostile(monster, altar)
    game.state.round = 2
    game._kill(altar)
    assert "altar.1" not in game.state.figures
    assert not any(e.kind == "coin-dropped" for e in game.events)


def test_objective_scenario_33_destroying_door_b_reveals_its_room() -> None:
    setup = _setup(33)
    game = _started(setup)
    door = game.state.figures["door.1"]
    assert door.side == "monsters" and door.max_hp == 4 + setup.level
    assert game.state.revealed_rooms == [0]
    game.suffer_damage(door.id, door.hp, "test")
    effects.goal(game)  # the turn ends: rules waiting for figures look again
    assert game.state.revealed_rooms == [0, 1]
    assert "scenario-rule rule-0 turn" in [str(e) for e in game.events]


def test_objective_scenario_75_destroyed_graves_raise_their_corpses() -> None:
    setup = _setup(75)
    game = _started(setup)
    for room in range(1, len(setup.rooms) - 1):  # not the last room: its grave is the Regent's
        game.reveal_room(room)
    graves = [f for f in game.state.figures.values() if f.name == "Grave"]
    assert len(graves) == 8
    for g in graves[:-1]:
        game._kill(g)
    effects.goal(game)
    spawned = len(_events(game, "spawned"))
    game._kill(graves[-1])
    effects.goal(game)  # every grave of one marker destroyed: its corpses rise
    assert len(_events(game, "spawned")) > spawned
    assert all("living-corpse" in e for e in _events(game, "spawned"))


# -------------------------------------------------------------------------------- ally


def test_ally_scenario_11_living_bones_fight_for_the_characters() -> None:
    game = _started(_setup(11))
    allied = [f for f in game.state.monsters() if f.name in ("living-bones", "living-corpse")]
    enemies = [f for f in game.state.monsters() if f.side == "monsters"]
    assert allied and enemies and all(f.side == "party" for f in allied)
    brute = game.state.figures["brute"]
    assert not _hostile(brute, allied[0]) and _hostile(allied[0], enemies[0])
    for f in enemies:  # the allies need not die for "kill all"
        game._kill(f)
    for room in range(1, len(game.setup.rooms)):
        if room not in game.state.revealed_rooms:
            game.reveal_room(room)
    for f in [f for f in game.state.monsters() if f.side == "monsters"]:
        game._kill(f)
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
    from delvekit.gloomhaven.engine_actions import _steps

    assert _setup(2).rules[1] == "lock|7,7;4,8;4,3;7,1|bandit-commander"
    setup = _setup(1)
    door = setup.board.doors[0].hex  # type: ignore[union-attr]
    locked = msgspec.structs.replace(setup, rules=(*setup.rules, f"lock|{door[0]},{door[1]}|none"))
    for s, reachable in ((setup, True), (locked, False)):
        game = _started(s)
        brute = game.state.figures["brute"]
        board = game.board()
        assert board is not None
        brute.hex = next(
            n for n in neighbours(door) if n in board.hexes and board.adjacent(n, door)
            and game.state.figure_at(n) is None and board.terrain_at(n) is None and n not in board.doors
        )  # type: ignore[assignment]  # fmt: skip
        assert (door in [h for h, _ in _steps(game, brute, 2, "walk", board)]) is reachable


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
        f"lock|{door[0]},{door[1]}|none",
        f"plate|{plate[0]},{plate[1]}|open|{door[0]},{door[1]}",
    )
    game = _started(msgspec.structs.replace(setup, rules=rules))
    brute = game.state.figures["brute"]
    effects.turn_end(game, brute)  # not on the plate: nothing
    assert door not in game.state.opened and game.state.revealed_rooms == [0]
    brute.hex = plate
    effects.turn_end(game, brute)
    assert door in game.state.opened and 1 in game.state.revealed_rooms
    effects.turn_end(game, brute)  # pressed once
    assert len(_events(game, "plate-pressed")) == 1
    assert not violations(game)


def test_pressure_plate_reveal_and_finish_lines() -> None:
    setup = _setup(1)
    game = _started(msgspec.structs.replace(setup, rules=("plate|0,0|reveal|1", "plate|1,1|finish|lost")))
    brute = game.state.figures["brute"]
    brute.hex = (0, 0)
    effects.turn_end(game, brute)
    assert 1 in game.state.revealed_rooms
    brute.hex = (1, 1)
    effects.turn_end(game, brute)
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
    assert "door.1" in game.state.figures and game.state.figures["door.1"].side == "monsters"
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
    game = _started(msgspec.structs.replace(setup, rules=(f"rule|0|{rule}",)))
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
        game._kill(g)
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
    effects.goal(game)
    assert game.state.ending is None
    game.suffer_damage(orchids[2].id, orchids[2].hp, "test")
    effects.goal(game)
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
        parse_line(line)


def test_every_scenario_setup_builds_its_rule_lines() -> None:
    pack = load_pack()
    for n, s in pack.scenarios.items():
        if not s.rooms:
            continue
        setup = setup_from_pack(pack, n, TWO)
        for line in setup.rules:
            if not line.startswith(("win|", "lose|")):
                parse_line(line)
