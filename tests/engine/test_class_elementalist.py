"""Golden tests for the Elementalist's wordings as named effects
(:mod:`delvekit.gloomhaven.effects.classes.elementalist`), one per card and rule, with the real cards of
the content pack on an open arena and +0-only modifier decks."""

from __future__ import annotations

from delvekit.gloomhaven.content.adapter import Member, character
from delvekit.gloomhaven.effects.classes.elementalist import offers
from delvekit.gloomhaven.engine.game import Game
from delvekit.gloomhaven.model.conditions import Condition
from delvekit.gloomhaven.model.elements import Element, Strength
from delvekit.gloomhaven.model.setup import CharacterSetup

from .class_arena import PACK, ZEROS, arena, at, finish_round, go, hero

EL = {c.id: c for c in character(PACK, Member("elementalist", 9), (0, 0), {"C": 2, "L": 1}).hand}
FILLER = ["stoking-hail", "brilliant-flash", "lava-eruption", "encompassing-shadow"]


def elementalist(cards: list[str], hex: tuple[int, int] = (0, 0), health: int = 12) -> CharacterSetup:
    names = cards + [c for c in FILLER if c not in cards]
    hand = tuple(EL[c] for c in names)
    return CharacterSetup(
        id="elementalist",
        class_name="elementalist",
        max_health=health,
        hand_limit=len(hand),
        hand=hand,
        hex=hex,
        modifiers=ZEROS,
        level=9,
    )


def _strong(game: Game, *elements: Element) -> None:
    for element in elements:
        game.state.elements.infuse(element)
    game.state.elements.end_turn()


def _hp(game: Game, h: tuple[int, int]) -> int:
    return game.state.figures[at(game, h)].hp


def _xp(game: Game) -> int:
    return game.state.characters["elementalist"].xp


def test_every_level_1_and_x_card_is_encoded() -> None:
    klass = PACK.classes["elementalist"]
    low = [c for c in klass.cards if c.level in (1, "X")]
    assert len(low) == 13 and all(c.encoded for c in low)
    assert klass.playable_at(1)


def test_raw_enhancement_buys_plus_two_with_each_element_and_xp_with_fire() -> None:
    game = arena([elementalist(["raw-enhancement", "stoking-hail"])], [("normal", (2, 0))])
    _strong(game, Element.FIRE, Element.AIR)
    enemy = at(game, (2, 0))
    events = go(
        game,
        "select raw-enhancement stoking-hail",
        "top raw-enhancement",
        "consume fire",
        "consume air",
        f"target {enemy}",
    )
    assert _hp(game, (2, 0)) == 5  # 1 + 2 + 2
    assert "xp elementalist 1" in events
    assert game.state.elements[Element.FIRE] is Strength.INERT
    assert game.state.elements[Element.AIR] is Strength.INERT


def test_raw_enhancement_without_elements_is_a_plain_attack_1() -> None:
    game = arena([elementalist(["raw-enhancement", "stoking-hail"])], [("normal", (2, 0))])
    _strong(game, Element.AIR)
    enemy = at(game, (2, 0))
    events = go(
        game, "select raw-enhancement stoking-hail", "top raw-enhancement", "no-consume", f"target {enemy}"
    )
    assert _hp(game, (2, 0)) == 9
    assert game.state.elements[Element.AIR] is Strength.STRONG
    assert not any(e.startswith("xp elementalist") for e in events)


def test_raw_enhancement_bottom_moves_five_with_ice() -> None:
    game = arena([elementalist(["raw-enhancement", "stoking-hail"])], [("normal", (-5, 5))])
    _strong(game, Element.ICE)
    go(game, "select raw-enhancement stoking-hail", "bottom raw-enhancement", "consume ice")
    go(game, *(f"step {q},0" for q in range(1, 6)))
    assert game.state.figures["elementalist"].hex == (5, 0)  # Move 3 + 2
    assert _xp(game) == 1


def test_formless_power_consumes_any_two_elements_for_attack_and_range() -> None:
    game = arena([elementalist(["formless-power", "stoking-hail"])], [("normal", (4, 0))])
    _strong(game, Element.LIGHT, Element.DARK)
    enemy = at(game, (4, 0))  # range 2 + 1 + 1 reaches it
    go(
        game,
        "select formless-power stoking-hail",
        "top formless-power",
        "consume dark",
        "consume light",
        f"target {enemy}",
    )
    assert _hp(game, (4, 0)) == 6  # 2 + 1 + 1
    assert game.state.elements.consumable() == []
    assert _xp(game) == 1


def test_shaping_the_ether_earth_gives_two_targets_and_ice_stuns() -> None:
    game = arena(
        [elementalist(["shaping-the-ether", "stoking-hail"])], [("normal", (2, 0)), ("normal", (0, 2))]
    )
    _strong(game, Element.ICE, Element.EARTH)
    a, b = at(game, (2, 0)), at(game, (0, 2))
    events = go(
        game,
        "select shaping-the-ether stoking-hail",
        "top shaping-the-ether",
        "consume ice",
        "consume earth",
        f"target {a}",
        f"target {b}",
        "done?",
    )
    assert _hp(game, (2, 0)) == 9 and _hp(game, (0, 2)) == 9
    assert Condition.STUN in game.state.figures[a].conditions
    assert Condition.STUN in game.state.figures[b].conditions
    assert "xp elementalist 1" in events  # the card's own XP


def test_shaping_the_ether_air_pushes_three() -> None:
    game = arena([elementalist(["shaping-the-ether", "stoking-hail"])], [("normal", (1, 0))])
    _strong(game, Element.AIR)
    enemy = at(game, (1, 0))
    go(
        game,
        "select shaping-the-ether stoking-hail",
        "top shaping-the-ether",
        "consume air",
        f"target {enemy}",
    )
    d = game.decision
    assert d is not None and d.kind == "push"
    go(game, *(next(str(c) for c in game.decision.choices if c.kind != "stop") for _ in range(1)))


def test_shaping_the_ether_bottom_infuses_any_element_at_turn_end_and_takes_one_attack() -> None:
    game = arena([elementalist(["shaping-the-ether", "stoking-hail"])], [("normal", (2, 0))])
    enemy = at(game, (2, 0))
    go(
        game,
        "select shaping-the-ether stoking-hail",
        "bottom shaping-the-ether",
        "top stoking-hail",
        f"target {enemy}",
    )
    assert _hp(game, (2, 0)) == 9  # Attack 2 - 1
    d = game.decision
    assert d is not None and d.kind == "infuse" and len(d.choices) == 7
    assert "infusing dark" in go(game, "infuse dark")


def test_stoking_hail_ice_stuns_for_one_xp() -> None:
    game = arena([elementalist(["stoking-hail", "brilliant-flash"])], [("normal", (3, 0))])
    _strong(game, Element.ICE)
    enemy = at(game, (3, 0))
    events = go(
        game, "select stoking-hail brilliant-flash", "top stoking-hail", "consume ice", f"target {enemy}"
    )
    assert Condition.STUN in game.state.figures[enemy].conditions
    assert "xp elementalist 1" in events


def test_tremulant_cyclone_air_adds_one_and_pushes_every_target_of_its_triangle() -> None:
    game = arena(
        [elementalist(["tremulant-cyclone", "stoking-hail"])], [("normal", (3, 0)), ("normal", (3, 1))]
    )
    _strong(game, Element.AIR)
    go(game, "select tremulant-cyclone stoking-hail", "top tremulant-cyclone", "consume air")
    d = game.decision
    assert d is not None and d.kind == "attack"
    both = next(c for c in d.choices if c.kind == "area" and len(c.args) == 2)
    go(game, str(both))
    pushes = 0
    while (d := game.decision) is not None and d.kind == "push":
        go(game, str(d.choices[0]))
        pushes += 1
    assert pushes == 2  # Push 1 on each target
    assert game.state.figures[both.args[0]].hp == 8 and game.state.figures[both.args[1]].hp == 8


def test_infernal_vortex_attacks_every_enemy_at_exactly_range_two() -> None:
    game = arena(
        [elementalist(["infernal-vortex", "stoking-hail"])],
        [("normal", (1, 0)), ("normal", (2, 0)), ("normal", (-2, 2)), ("normal", (3, 0))],
    )
    go(game, "select infernal-vortex stoking-hail", "top infernal-vortex")
    d = game.decision
    assert d is not None and d.kind == "attack"
    go(game, str(max(d.choices, key=lambda c: len(c.args))))
    assert [_hp(game, h) for h in ((1, 0), (2, 0), (-2, 2), (3, 0))] == [10, 6, 6, 10]


def test_frigid_torrent_earth_gives_a_second_target_and_pierce() -> None:
    game = arena([elementalist(["frigid-torrent", "stoking-hail"])], [("elite", (1, 0)), ("elite", (0, 1))])
    _strong(game, Element.EARTH)
    a, b = at(game, (1, 0)), at(game, (0, 1))
    go(
        game,
        "select frigid-torrent stoking-hail",
        "top frigid-torrent",
        "consume earth",
        f"target {a}",
        f"target {b}",
        "done?",
    )
    assert game.state.figures[a].hp == 11 and game.state.figures[b].hp == 11  # shield 1 pierced


def test_malleable_evocation_bottom_ice_heals_and_earth_shields_you() -> None:
    game = arena(
        [elementalist(["malleable-evocation", "stoking-hail"], health=12)],
        [("normal", (4, 0))],
        ("attack +0 range 5",),
    )
    game.state.figures["elementalist"].hp = 6
    _strong(game, Element.ICE, Element.EARTH)
    go(
        game,
        "select malleable-evocation stoking-hail",
        "bottom malleable-evocation",
        "consume ice",
        "consume earth",
    )
    assert game.state.figures["elementalist"].hp == 8
    go(game, "stop?")
    events = finish_round(game)  # the dummy's Attack 3 on a Shield 1
    assert game.state.figures["elementalist"].hp == 6, events


def test_offers_pay_two_any_elements_with_distinct_elements() -> None:
    game = arena([elementalist(["stoking-hail", "brilliant-flash"])], [("normal", (4, 0))])
    _strong(game, Element.FIRE)
    assert offers(game, ("wild", "wild")) == []
    assert offers(game, ("fire",)) == [(Element.FIRE,)]
    _strong(game, Element.FIRE, Element.ICE)
    assert offers(game, ("wild", "wild")) == [(Element.FIRE, Element.ICE)]
    assert offers(game, ("dark", "wild")) == []


def test_formless_power_bottom_consumes_any_element_once_per_attack_action_for_plus_one() -> None:
    game = arena([elementalist(["formless-power", "stoking-hail"])], [("normal", (2, 0)), ("normal", (0, 2))])
    _strong(game, Element.DARK, Element.LIGHT)
    enemy = at(game, (2, 0))
    go(
        game,
        "select formless-power stoking-hail",
        "bottom formless-power",
        "top stoking-hail",
        f"target {enemy}",
    )
    d = game.decision
    assert d is not None and d.kind == "consume"
    assert sorted(str(c) for c in d.choices) == ["consume dark", "consume light", "no-consume"]
    go(game, "consume light")
    assert _hp(game, (2, 0)) == 7  # Attack 2 + 1
    assert game.state.elements[Element.DARK] is not Strength.INERT  # only light was taken
    assert [a.card for a in game.state.characters["elementalist"].active] == ["formless-power"]


def test_obsidian_shards_needs_both_fire_and_earth_for_plus_three() -> None:
    game = arena([elementalist(["obsidian-shards", "stoking-hail"])], [("normal", (3, 0))])
    _strong(game, Element.FIRE)
    enemy = at(game, (3, 0))
    go(game, "select obsidian-shards stoking-hail", "top obsidian-shards")
    d = game.decision
    assert d is not None and d.kind == "attack"  # earth missing: nothing to ask
    go(game, f"target {enemy}", "done?")
    assert _hp(game, (3, 0)) == 8
    game2 = arena([elementalist(["obsidian-shards", "stoking-hail"])], [("normal", (3, 0))])
    _strong(game2, Element.FIRE, Element.EARTH)
    enemy = at(game2, (3, 0))
    events = go(game2, "select obsidian-shards stoking-hail", "top obsidian-shards", "consume earth fire")
    go(game2, f"target {enemy}", "done?")
    assert _hp(game2, (3, 0)) == 5
    assert "xp elementalist 1" in events
    assert game2.state.elements.consumable() == []


def test_gravel_vortex_two_elements_of_any_kind_loot_three() -> None:
    game = arena([elementalist(["gravel-vortex", "stoking-hail"])], [("normal", (4, 0))])
    _strong(game, Element.AIR, Element.DARK, Element.LIGHT)
    for h in ((1, 0), (0, 2), (-4, 0), (2, 1)):  # three within Loot 3, one beyond
        game.state.coins[h] = 1
    go(game, "select gravel-vortex stoking-hail", "bottom gravel-vortex")
    d = game.decision
    assert d is not None and d.kind == "consume"
    assert sorted(str(c) for c in d.choices) == [
        "consume air dark",
        "consume air light",
        "consume dark light",
        "no-consume",
    ]
    go(game, "consume dark light")
    assert game.state.characters["elementalist"].coins == 3
    assert (-4, 0) in game.state.coins


def test_winters_edge_ice_and_air_add_range_and_pierce() -> None:
    game = arena([elementalist(["winter-s-edge", "stoking-hail"])], [("elite", (4, 0))])
    _strong(game, Element.ICE, Element.AIR)
    enemy = at(game, (4, 0))  # range 2 + 2
    go(game, "select winter-s-edge stoking-hail", "top winter-s-edge", "consume air ice", f"target {enemy}")
    assert _hp(game, (4, 0)) == 9  # 14 - 5, its shield 1 pierced


def test_elemental_aegis_each_any_element_adds_a_shield() -> None:
    game = arena([elementalist(["elemental-aegis", "stoking-hail"])], [("normal", (1, 0))], ("attack +3",))
    _strong(game, Element.FIRE, Element.ICE, Element.DARK)
    events = go(
        game,
        "select elemental-aegis stoking-hail",
        "top elemental-aegis",
        "consume dark",
        "consume fire",
        "consume ice",
    )
    assert "xp elementalist 2" in events  # the first and third
    finish_round(game)
    assert game.state.figures["elementalist"].hp == 11  # Attack 6 on Shield 5


def test_eternal_equilibrium_bottom_fire_gives_you_retaliate_two() -> None:
    game = arena(
        [elementalist(["eternal-equilibrium", "stoking-hail"])], [("normal", (1, 0))], ("attack +0",)
    )
    _strong(game, Element.FIRE)
    go(game, "select eternal-equilibrium stoking-hail", "bottom eternal-equilibrium", "consume fire")
    finish_round(game)
    assert _hp(game, (1, 0)) == 8  # retaliated


def test_chain_lightning_jumps_to_new_enemies_within_range_two_of_the_last() -> None:
    game = arena(
        [elementalist(["chain-lightning", "stoking-hail"])],
        [("normal", (3, 0)), ("normal", (4, 1)), ("normal", (5, -1)), ("normal", (-3, 0))],
    )
    _strong(game, Element.LIGHT, Element.AIR)
    a, b, c, far = at(game, (3, 0)), at(game, (4, 1)), at(game, (5, -1)), at(game, (-3, 0))
    events = go(
        game, "select chain-lightning stoking-hail", "top chain-lightning", "consume light", "consume air"
    )
    assert "xp elementalist 2" in events
    d = game.decision
    assert d is not None and f"target {far}" in d.choices
    go(game, f"target {a}")
    d = game.decision
    assert d is not None and f"target {far}" not in d.choices and f"target {a}" not in d.choices
    go(game, f"target {b}", f"target {c}")
    assert [_hp(game, h) for h in ((3, 0), (4, 1), (5, -1))] == [5, 6, 7]  # 5, 4, 3: X + 1 each


def test_vengeance_with_dark_and_another_element_kills_every_normal_target() -> None:
    game = arena([elementalist(["vengeance", "stoking-hail"])], [("normal", (3, 0)), ("elite", (3, 1))])
    _strong(game, Element.DARK, Element.FIRE)
    normal, elite = at(game, (3, 0)), at(game, (3, 1))
    go(game, "select vengeance stoking-hail", "top vengeance", "consume dark fire")
    d = game.decision
    assert d is not None
    go(game, str(next(c for c in d.choices if c.kind == "area" and len(c.args) == 2)))
    assert normal not in game.state.figures
    assert game.state.figures[elite].hp == 13  # 14 - 2 + its shield 1


def test_vengeance_bottom_gives_an_adjacent_ally_retaliate_three_with_light() -> None:
    ally = hero("brute", ["trample", "eye-for-an-eye"], (1, 0))
    game = arena([elementalist(["vengeance", "stoking-hail"]), ally], [("normal", (2, 0))], ("attack +0",))
    _strong(game, Element.LIGHT, Element.ICE)
    go(game, "select vengeance stoking-hail", "select trample eye-for-an-eye")
    events = go(game, "bottom vengeance", "stop", "consume ice light", "target brute")
    assert "bonus brute retaliate 3 by=elementalist" in events
    assert game.state.figures["brute"].retaliate_bonus == 3
    assert "xp elementalist 1" in events


def test_pragmatic_reinforcement_heals_an_ally_who_gets_the_shield_and_a_discarded_card() -> None:
    ally = hero("brute", ["trample", "eye-for-an-eye"], (2, 0))
    game = arena([elementalist(["pragmatic-reinforcement", "stoking-hail"]), ally], [("normal", (-4, 0))])
    brute = game.state.characters["brute"]
    card = brute.hand.pop()
    brute.discard.append(card)
    game.state.figures["brute"].hp = 5
    _strong(game, Element.ICE, Element.EARTH, Element.LIGHT)
    go(game, "select pragmatic-reinforcement stoking-hail", "select trample eye-for-an-eye")
    go(game, "top pragmatic-reinforcement", "consume ice", "consume earth", "consume light", "heal brute")
    assert game.state.figures["brute"].hp == 10
    assert game.state.figures["brute"].shield_bonus == 1
    go(game, f"recover {card}")
    assert card in brute.hand


def test_eye_of_the_hurricane_attacks_every_enemy_within_range_two_of_the_healed_ally() -> None:
    ally = hero("brute", ["trample", "eye-for-an-eye"], (4, 0))
    game = arena(
        [elementalist(["eye-of-the-hurricane", "stoking-hail"]), ally],
        [("normal", (5, 0)), ("normal", (3, 2)), ("normal", (1, 0))],
    )
    go(game, "select eye-of-the-hurricane stoking-hail", "select trample eye-for-an-eye")
    events = go(game, "top eye-of-the-hurricane", "heal brute")
    assert [_hp(game, h) for h in ((5, 0), (3, 2), (1, 0))] == [8, 8, 10]
    assert "xp elementalist 1" in events


def test_volatile_consumption_each_element_consumed_hurts_an_enemy_or_heals() -> None:
    game = arena(
        [elementalist(["volatile-consumption", "raw-enhancement"])], [("normal", (2, 0)), ("normal", (-4, 0))]
    )
    _strong(game, Element.ICE, Element.EARTH)
    game.state.figures["elementalist"].hp = 10
    near_enemy, far_enemy = at(game, (2, 0)), at(game, (-4, 0))
    go(
        game,
        "select volatile-consumption raw-enhancement",
        "top volatile-consumption",
        "bottom raw-enhancement",
    )
    go(game, "consume ice")
    d = game.decision
    assert d is not None and d.kind == "volatile"
    names = [str(c) for c in d.choices]
    assert f"damage {near_enemy}" in names and f"damage {far_enemy}" not in names
    assert "heal elementalist" in names and "skip" in names
    go(game, f"damage {near_enemy}")
    assert _hp(game, (2, 0)) == 9
    go(game, "consume earth", "heal elementalist")
    assert game.state.figures["elementalist"].hp == 11
    go(game, *(f"step 0,{r}" for r in range(-1, -6, -1)))
    assert game.state.figures["elementalist"].hex == (0, -5)  # Move 3 + 2 + 2 (as many as the arena)


def test_volatile_consumption_bottom_wounds_every_enemy_jumped_over() -> None:
    game = arena(
        [elementalist(["volatile-consumption", "stoking-hail"])], [("normal", (1, 0)), ("normal", (2, 0))]
    )
    _strong(game, Element.FIRE, Element.DARK)
    a, b = at(game, (1, 0)), at(game, (2, 0))
    events = go(
        game, "select volatile-consumption stoking-hail", "bottom volatile-consumption", "consume dark fire"
    )
    assert "xp elementalist 1" in events
    d = game.decision
    assert d is not None and d.kind == "move"
    go(game, "step 1,0", "step 2,0", "step 3,0", "stop")
    assert Condition.WOUND in game.state.figures[a].conditions
    assert Condition.WOUND in game.state.figures[b].conditions
    assert game.state.figures["elementalist"].hex == (3, 0)


def test_a_consumption_not_offered_is_refused_and_changes_nothing() -> None:
    import pytest

    from delvekit.core.errors import IllegalChoice

    game = arena([elementalist(["raw-enhancement", "stoking-hail"])], [("normal", (2, 0))])
    _strong(game, Element.FIRE)
    go(game, "select raw-enhancement stoking-hail", "top raw-enhancement")
    before = (len(game.events), game.state.elements.consumable())
    with pytest.raises(IllegalChoice):
        game.choose("consume air")
    assert (len(game.events), game.state.elements.consumable()) == before
    assert game.decision is not None and "consume fire" in game.decision.choices
