"""Golden tests for the Spellweaver's wordings as named effects
(:mod:`delvekit.gloomhaven.effects.classes.spellweaver`), one per card and rule, with the real cards of
the content pack on an open arena and +0-only modifier decks."""

from __future__ import annotations

import msgspec

from delvekit.gloomhaven.engine.game import Game
from delvekit.gloomhaven.model.conditions import Condition
from delvekit.gloomhaven.model.elements import Element, Strength
from delvekit.gloomhaven.model.setup import MonsterStats

from .class_arena import arena, at, finish_round, go, hero


def _strong(game: Game, *elements: Element) -> None:
    for element in elements:
        game.state.elements.infuse(element)
    game.state.elements.end_turn()


def _infused(game: Game, element: Element) -> bool:
    elements = game.state.elements
    return element in elements.pending or elements[element] is Strength.STRONG


def _hp(game: Game, h: tuple[int, int]) -> int:
    return game.state.figures[at(game, h)].hp


def test_impaling_eruption_attacks_every_enemy_on_the_path_to_its_target() -> None:
    sw = hero("spellweaver", ["impaling-eruption", "frost-armor"], (0, 0))
    game = arena([sw], [("normal", (1, 0)), ("normal", (2, 0)), ("normal", (3, 0)), ("normal", (0, 2))])
    aside = at(game, (0, 2))
    far = at(game, (3, 0))
    events = go(game, "select impaling-eruption frost-armor", "top impaling-eruption", f"target {far}")
    assert [_hp(game, h) for h in ((1, 0), (2, 0), (3, 0))] == [7, 7, 7]
    assert game.state.figures[aside].hp == 10
    assert "xp spellweaver 3" in events  # one per enemy targeted
    assert _infused(game, Element.EARTH)
    assert "impaling-eruption" in game.state.characters["spellweaver"].lost


def test_impaling_eruption_on_an_adjacent_target_attacks_it_alone() -> None:
    sw = hero("spellweaver", ["impaling-eruption", "frost-armor"], (0, 0))
    game = arena([sw], [("normal", (1, 0)), ("normal", (2, 0))])
    near = at(game, (1, 0))
    events = go(game, "select impaling-eruption frost-armor", "top impaling-eruption", f"target {near}")
    assert (_hp(game, (1, 0)), _hp(game, (2, 0))) == (7, 10)
    assert "xp spellweaver 1" in events


def test_frost_armor_negates_the_next_two_sources_of_damage_then_is_lost() -> None:
    sw = hero("spellweaver", ["frost-armor", "ride-the-wind"], (0, 0))
    game = arena([sw], [("normal", (1, 0))], ("attack +0",))
    events = go(game, "select frost-armor ride-the-wind", "bottom frost-armor", "top ride-the-wind")
    events += finish_round(game)
    assert any(e.startswith("negated spellweaver 3 attack by=frost-armor") for e in events)
    assert game.state.figures["spellweaver"].hp == 12
    assert game.state.elements[Element.ICE] is Strength.WANING
    ch = game.state.characters["spellweaver"]
    assert [(a.card, a.used) for a in ch.active] == [("frost-armor", 1)]
    assert ch.xp == 1


def test_reviving_ether_recovers_every_lost_card_but_itself() -> None:
    sw = hero("spellweaver", ["reviving-ether", "mana-bolt"], (0, 0))
    game = arena([sw], [("normal", (4, 0))])
    ch = game.state.characters["spellweaver"]
    ch.hand.remove("fire-orbs") if "fire-orbs" in ch.hand else None
    ch.hand.remove("flashing-burst")
    ch.lost += ["flashing-burst"]
    events = go(game, "select reviving-ether mana-bolt", "top reviving-ether")
    assert "recovered spellweaver flashing-burst lost" in events
    assert "flashing-burst" in ch.hand
    go(game, "bottom mana-bolt")
    assert ch.lost == ["reviving-ether"]
    assert _infused(game, Element.DARK)


def test_crackling_air_with_air_adds_two_to_each_attack_one_slot_per_target() -> None:
    sw = hero("spellweaver", ["crackling-air", "flashing-burst", "forked-beam"], (0, 0))
    game = arena([sw], [("normal", (3, 0)), ("normal", (3, -1))])
    a, b = at(game, (3, 0)), at(game, (3, -1))
    _strong(game, Element.AIR)
    events = go(game, "select crackling-air flashing-burst", "top crackling-air", "consume air")
    events += go(game, "bottom flashing-burst", "stop")
    events += finish_round(game)
    events += go(game, "select forked-beam mana-bolt", "top forked-beam", f"target {a}", f"target {b}")
    assert "consumed spellweaver air" in events
    assert (game.state.figures[a].hp, game.state.figures[b].hp) == (6, 6)  # 2 + 2 each
    ch = game.state.characters["spellweaver"]
    assert [(x.card, x.used) for x in ch.active] == [("crackling-air", 2)]  # one slot per target


def test_crackling_air_without_air_adds_one() -> None:
    sw = hero("spellweaver", ["crackling-air", "flashing-burst", "forked-beam"], (0, 0))
    game = arena([sw], [("normal", (3, 0))])
    m = at(game, (3, 0))
    go(game, "select crackling-air forked-beam", "top crackling-air", "bottom forked-beam", "stop")
    finish_round(game)
    go(game, "select flashing-burst mana-bolt", "top flashing-burst", f"target {m}")
    assert game.state.figures[m].hp == 6  # 3 + 1


def test_crackling_air_bottom_fire_buys_retaliate_2_this_round() -> None:
    sw = hero("spellweaver", ["crackling-air", "mana-bolt"], (0, 0))
    game = arena([sw], [("normal", (1, 0))], ("attack +0",))
    m = at(game, (1, 0))
    _strong(game, Element.FIRE)
    events = go(game, "select mana-bolt crackling-air", "bottom crackling-air", "stop")
    assert game.decision is not None and game.decision.kind == "consume"
    events += go(game, "consume fire")
    events += finish_round(game)
    assert f"damage {m} 2 retaliate" in events
    assert game.state.figures["spellweaver"].retaliate_bonus == 0  # the round is over


def test_hardened_spikes_retaliate_for_you_and_adjacent_allies_earth_adds_one() -> None:
    sw = hero("spellweaver", ["hardened-spikes", "mana-bolt"], (0, 0))
    brute = hero("brute", ["grab-and-go", "shield-bash"], (1, 0))
    game = arena([sw, brute], [("normal", (5, -5))])
    _strong(game, Element.EARTH)
    go(game, "select hardened-spikes mana-bolt", "select grab-and-go shield-bash", "top hardened-spikes")
    go(game, "consume earth")
    assert game.state.figures["spellweaver"].retaliate_bonus == 3
    assert game.state.figures["brute"].retaliate_bonus == 3
    assert game.state.characters["spellweaver"].xp == 2


def test_hardened_spikes_bottom_ice_buys_shield_2() -> None:
    sw = hero("spellweaver", ["hardened-spikes", "mana-bolt"], (0, 0))
    game = arena([sw], [("normal", (5, -5))])
    _strong(game, Element.ICE)
    go(game, "select hardened-spikes mana-bolt", "bottom hardened-spikes", "stop", "consume ice")
    assert game.state.figures["spellweaver"].shield_bonus == 2


def test_freezing_nova_hits_every_adjacent_enemy_ice_adds_one() -> None:
    sw = hero("spellweaver", ["freezing-nova", "mana-bolt"], (0, 0))
    game = arena([sw], [("normal", (1, 0)), ("normal", (-1, 0)), ("normal", (2, 0))])
    _strong(game, Element.ICE)
    go(game, "select freezing-nova mana-bolt", "top freezing-nova")
    d = game.decision
    assert d is not None
    go(game, "consume ice?")
    d = game.decision
    assert d is not None
    all_choice = next(str(c) for c in d.choices if c.kind == "all")
    go(game, all_choice)
    assert (_hp(game, (1, 0)), _hp(game, (-1, 0)), _hp(game, (2, 0))) == (7, 7, 10)
    assert Condition.IMMOBILIZE in game.state.figures[at(game, (1, 0))].conditions


def test_mana_bolt_any_element_adds_one_and_xp() -> None:
    sw = hero("spellweaver", ["mana-bolt", "flashing-burst"], (0, 0))
    game = arena([sw], [("normal", (2, 0))])
    m = at(game, (2, 0))
    _strong(game, Element.DARK)
    events = go(game, "select mana-bolt flashing-burst", "top mana-bolt", "consume dark", f"target {m}")
    assert game.state.figures[m].hp == 7
    assert "xp spellweaver 1" in events


def test_spirit_of_doom_dark_kills_a_normal_enemy_instead_of_cursing() -> None:
    sw = hero("spellweaver", ["spirit-of-doom", "mana-bolt"], (0, 0))
    game = arena([sw], [("normal", (3, 0)), ("elite", (0, 3))])
    normal, elite = at(game, (3, 0)), at(game, (0, 3))
    _strong(game, Element.DARK)
    events = go(
        game, "select spirit-of-doom mana-bolt", "top spirit-of-doom", "consume dark", f"target {normal}"
    )
    assert normal not in game.state.figures
    assert "xp spellweaver 1" in events
    assert elite in game.state.figures


def test_spirit_of_doom_without_dark_curses() -> None:
    sw = hero("spellweaver", ["spirit-of-doom", "mana-bolt"], (0, 0))
    game = arena([sw], [("normal", (3, 0))])
    m = at(game, (3, 0))
    events = go(game, "select spirit-of-doom mana-bolt", "top spirit-of-doom", f"target {m}")
    assert m in game.state.figures
    assert f"condition {m} curse" in events


def test_spirit_of_doom_heals_an_ally_half_its_maximum_light_all_of_it() -> None:
    sw = hero("spellweaver", ["spirit-of-doom", "mana-bolt"], (0, 0))
    brute = hero("brute", ["grab-and-go", "shield-bash"], (4, 0), health=13)
    game = arena([sw, brute], [("normal", (5, -5))])
    game.state.figures["brute"].hp = 1
    go(game, "select spirit-of-doom mana-bolt", "select grab-and-go shield-bash", "bottom spirit-of-doom")
    go(game, "target brute")
    assert game.state.figures["brute"].hp == 7  # 13 // 2
    sw2 = hero("spellweaver", ["spirit-of-doom", "mana-bolt"], (0, 0))
    brute2 = hero("brute", ["grab-and-go", "shield-bash"], (4, 0), health=13)
    game = arena([sw2, brute2], [("normal", (5, -5))])
    game.state.figures["brute"].hp = 1
    _strong(game, Element.LIGHT)
    go(game, "select spirit-of-doom mana-bolt", "select grab-and-go shield-bash", "bottom spirit-of-doom")
    go(game, "consume light", "target brute")
    assert game.state.figures["brute"].hp == 13


def test_chromatic_explosion_infuses_all_six_and_the_bottom_any_one() -> None:
    sw = hero("spellweaver", ["chromatic-explosion", "mana-bolt"], (0, 0))
    game = arena([sw], [("normal", (5, -5))])
    go(game, "select chromatic-explosion mana-bolt", "bottom chromatic-explosion")
    # §3.4: the bottom's infusion comes only with its Move used (the spellweaver moves a hex)
    go(game, next(str(c) for c in game.decision.choices if c.kind == "step"), "stop")  # type: ignore[union-attr]
    assert game.decision is not None and game.decision.kind == "infuse"
    assert len(game.decision.choices) == 6
    go(game, "infuse dark")
    assert _infused(game, Element.DARK)


def test_living_torch_light_damages_every_enemy_next_to_the_target() -> None:
    sw = hero("spellweaver", ["living-torch", "mana-bolt"], (0, 0))
    game = arena([sw], [("normal", (3, 0)), ("normal", (4, 0)), ("normal", (3, 1)), ("normal", (0, -2))])
    target = at(game, (3, 0))
    _strong(game, Element.LIGHT)
    events = go(
        game, "select living-torch mana-bolt", "top living-torch", "consume light", f"target {target}"
    )
    assert _hp(game, (3, 0)) == 6
    assert Condition.IMMOBILIZE in game.state.figures[target].conditions
    assert (_hp(game, (4, 0)), _hp(game, (3, 1)), _hp(game, (0, -2))) == (8, 8, 10)
    assert "xp spellweaver 1" in events


def test_burning_avatar_attacks_every_adjacent_enemy_as_it_dies() -> None:
    sw = hero("spellweaver", ["living-torch", "mana-bolt"], (0, 0))
    game = arena([sw], [("normal", (3, 0)), ("normal", (3, -1)), ("normal", (-3, 0))])
    go(game, "select living-torch mana-bolt", "bottom living-torch", "summon-at 1,0")
    avatar = next(f for f in game.state.figures.values() if f.kind == "summon")
    avatar.hex = (2, 0)
    game.lose_hp(avatar, avatar.hp, "attack")
    assert (_hp(game, (3, 0)), _hp(game, (3, -1)), _hp(game, (-3, 0))) == (7, 7, 10)


def test_stone_fists_earth_gives_a_second_target() -> None:
    sw = hero("spellweaver", ["stone-fists", "mana-bolt"], (0, 0))
    game = arena([sw], [("normal", (1, 0)), ("normal", (-1, 0))])
    a, b = at(game, (1, 0)), at(game, (-1, 0))
    _strong(game, Element.EARTH)
    events = go(game, "select stone-fists mana-bolt", "top stone-fists", "consume earth", f"target {a}")
    events += go(game, "decline?", "decline?", f"target {b}", "decline?", "decline?")
    assert "xp spellweaver 1" in events
    assert game.state.figures[a].hp == 4 and game.state.figures[b].hp == 4


def test_stone_fists_bottom_earth_adds_move_and_shield() -> None:
    sw = hero("spellweaver", ["stone-fists", "mana-bolt"], (0, 0))
    game = arena([sw], [("normal", (5, -5))])
    _strong(game, Element.EARTH)
    go(game, "select stone-fists mana-bolt", "bottom stone-fists", "consume earth")
    assert game.state.figures["spellweaver"].shield_bonus == 2
    move = game.state.agenda[-1]
    assert (move.kind, move.n) == ("move", 4)  # Move 3 + 1


def test_zephyr_wings_loots_at_most_four_money_tokens() -> None:
    sw = hero("spellweaver", ["zephyr-wings", "mana-bolt"], (0, 0))
    game = arena([sw], [("normal", (5, -5))])
    game.state.coins.update({(1, 0): 1, (2, 0): 2, (0, 1): 1, (0, 2): 1, (-2, 0): 1})
    _strong(game, Element.AIR)
    events = go(game, "select zephyr-wings mana-bolt", "top zephyr-wings", "consume air")
    assert game.state.characters["spellweaver"].coins == 4
    assert sum(game.state.coins.values()) == 2
    assert "xp spellweaver 1" in events


def test_frozen_night_bottom_dark_adds_move_and_invisibility() -> None:
    sw = hero("spellweaver", ["frozen-night", "mana-bolt"], (0, 0))
    game = arena([sw], [("normal", (5, -5))])
    _strong(game, Element.DARK)
    go(game, "select frozen-night mana-bolt", "bottom frozen-night", "consume dark")
    assert Condition.INVISIBLE in game.state.figures["spellweaver"].conditions
    move = game.state.agenda[-1]
    assert (move.kind, move.n) == ("move", 5)  # Move 3 + 2


def test_black_hole_dark_kills_the_normal_enemies_of_the_area() -> None:
    sw = hero("spellweaver", ["black-hole", "mana-bolt"], (0, 0))
    game = arena([sw], [("normal", (2, 0)), ("elite", (2, 1)), ("normal", (3, 0))])
    _strong(game, Element.DARK)
    go(game, "select black-hole mana-bolt", "top black-hole", "consume dark")
    d = game.decision
    assert d is not None and d.kind == "attack"
    ids = {at(game, h) for h in ((2, 0), (2, 1), (3, 0))}
    area = next(str(c) for c in d.choices if c.kind == "area" and set(c.args) == ids)
    events = go(game, area)
    assert "xp spellweaver 3" in events  # every enemy targeted, the two killed too
    assert set(game.state.figures) & ids == {at(game, (2, 1))}
    assert _hp(game, (2, 1)) == 14 - 3  # the elite is attacked (shield 1)


def test_black_hole_bottom_pulls_every_enemy_near_the_hex_toward_it() -> None:
    sw = hero("spellweaver", ["black-hole", "mana-bolt"], (0, 0))
    game = arena([sw], [("normal", (4, 0)), ("normal", (0, 4))])
    a, b = at(game, (4, 0)), at(game, (0, 4))
    go(game, "select black-hole mana-bolt", "bottom black-hole", "hex 2,1")
    for _ in range(4):
        d = game.decision
        assert d is not None and d.kind == "pull"
        go(game, str(d.choices[0]))
    assert game.state.figures[a].hex != (4, 0) and game.state.figures[b].hex != (0, 4)
    from delvekit.core.hexes import distance

    # two steps each toward the hex: (4,0) was 2 away, (0,4) 3 away
    assert sorted(distance(game.state.figures[i].hex, (2, 1)) for i in (a, b)) == [0, 1]


def test_inferno_attacks_every_enemy_in_the_room_and_hurts_the_allies_there() -> None:
    sw = hero("spellweaver", ["inferno", "mana-bolt"], (0, 0))
    brute = hero("brute", ["grab-and-go", "shield-bash"], (-4, 0))
    game = arena([sw, brute], [("normal", (5, -5)), ("normal", (1, 0)), ("normal", (-5, 5))])
    _strong(game, Element.FIRE)
    events = go(
        game, "select inferno mana-bolt", "select grab-and-go shield-bash", "top inferno", "consume fire"
    )
    assert [_hp(game, h) for h in ((5, -5), (1, 0), (-5, 5))] == [6, 6, 6]
    assert game.decision is not None and game.decision.actor == "brute" and game.decision.kind == "damage"
    go(game, "take 2")
    assert game.state.figures["brute"].hp == 10
    assert "xp spellweaver 1" in events


def test_inferno_bottom_retaliate_with_range_for_you_and_every_ally() -> None:
    sw = hero("spellweaver", ["inferno", "mana-bolt"], (0, 0))
    brute = hero("brute", ["grab-and-go", "shield-bash"], (-4, 0))
    game = arena([sw, brute], [("normal", (5, -5))])
    go(game, "select inferno mana-bolt", "select grab-and-go shield-bash", "bottom inferno")
    assert game.state.figures["spellweaver"].retaliate_far == ((2, 3),)
    assert game.state.figures["brute"].retaliate_far == ((2, 3),)


def test_cold_front_negates_attack_damage_and_retaliates_at_range() -> None:
    sw = hero("spellweaver", ["cold-front", "ride-the-wind"], (0, 0))
    archer = MonsterStats(health=10, move=0, attack=2, range=3)
    game = arena([sw], [("normal", (3, 0))], ("attack +0",), stats=archer)
    m = at(game, (3, 0))
    events = go(game, "select cold-front ride-the-wind", "bottom cold-front", "top ride-the-wind")
    events += finish_round(game)
    assert any(e.startswith("negated spellweaver 2 attack by=cold-front") for e in events)
    assert game.state.figures["spellweaver"].hp == 12
    assert f"damage {m} 3 retaliate" in events
    assert game.state.figures["spellweaver"].retaliate_far == ()
    ch = game.state.characters["spellweaver"]
    assert [(a.card, a.used) for a in ch.active] == [("cold-front", 1)] and ch.xp == 1


def test_elemental_aid_air_shields_every_ally() -> None:
    sw = hero("spellweaver", ["elemental-aid", "mana-bolt"], (0, 0))
    brute = hero("brute", ["grab-and-go", "shield-bash"], (-4, 0))
    mind = hero("mindthief", ["scurry", "into-the-night"], (4, 0))
    game = arena([sw, brute, mind], [("normal", (5, -5))])
    _strong(game, Element.AIR)
    go(
        game,
        "select elemental-aid mana-bolt",
        "select grab-and-go shield-bash",
        "select scurry into-the-night",
    )
    while game.decision is not None and game.decision.actor != "spellweaver":
        go(
            game,
            next(str(c) for c in game.decision.choices if c.kind in ("skip", "no-rest"))
            if any(c.kind in ("skip", "no-rest") for c in game.decision.choices)
            else str(game.decision.choices[0]),
        )
    go(game, "bottom elemental-aid", "consume air")
    assert game.state.figures["brute"].shield_bonus == 2
    assert game.state.figures["mindthief"].shield_bonus == 2


def test_crackling_air_stops_when_its_last_slot_is_used_within_an_attack() -> None:
    sw = hero("spellweaver", ["crackling-air", "flashing-burst", "forked-beam"], (0, 0))
    game = arena([sw], [("normal", (3, 0)), ("normal", (3, -1))])
    a, b = at(game, (3, 0)), at(game, (3, -1))
    go(game, "select crackling-air flashing-burst", "top crackling-air", "bottom flashing-burst", "stop")
    finish_round(game)
    ch = game.state.characters["spellweaver"]
    ch.active[0] = msgspec.structs.replace(ch.active[0], used=3)  # three attacks already
    events = go(game, "select forked-beam mana-bolt", "top forked-beam", f"target {a}", f"target {b}")
    assert (game.state.figures[a].hp, game.state.figures[b].hp) == (7, 8)  # 2 + 1, then 2
    assert "crackling-air" in ch.lost and not ch.active
    assert "card spellweaver crackling-air lost" in events


def test_living_torch_disarmed_attacks_nobody_and_the_light_stays() -> None:
    sw = hero("spellweaver", ["living-torch", "mana-bolt"], (0, 0))
    game = arena([sw], [("normal", (3, 0))])
    game.add_condition("spellweaver", Condition.DISARM)
    _strong(game, Element.LIGHT)
    events = go(game, "select living-torch mana-bolt", "top living-torch")
    assert "prevented spellweaver attack disarm" in events
    assert _hp(game, (3, 0)) == 10
    assert game.state.elements[Element.LIGHT] is Strength.STRONG  # not asked, not consumed


def test_inferno_room_stops_at_doors() -> None:
    from delvekit.gloomhaven.content import load_pack
    from delvekit.gloomhaven.content.adapter import Member, setup_from_pack
    from delvekit.gloomhaven.effects.classes import spellweaver_area as sw_area

    game = Game(setup_from_pack(load_pack(), 1, [Member("spellweaver"), Member("brute")]), seed=1)
    board = game.board()
    assert board is not None and board.doors
    room = sw_area.room_of(game, game.state.figures["spellweaver"].hex)
    assert not room & set(board.doors)
    assert 0 < len(room) < len(board.hexes)
    arena_game = arena([hero("spellweaver", ["inferno", "mana-bolt"], (0, 0))], [("normal", (2, 0))])
    open_board = arena_game.board()
    assert open_board is not None
    assert len(sw_area.room_of(arena_game, (0, 0))) == len(open_board.hexes)  # no door: one room
