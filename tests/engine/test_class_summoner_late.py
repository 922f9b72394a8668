"""Golden tests for the Summoner's level 2-9 cards (:mod:`delvekit.gloomhaven.effects.classes.summoner`),
one per rule, with the real cards of the content pack on an open arena and +0-only modifier
decks. Summons are placed with the engine's public ``Game.summon`` where a test needs them
ready at once."""

from __future__ import annotations

from delvekit.gloomhaven.engine.game import Game
from delvekit.gloomhaven.model.conditions import Condition
from delvekit.gloomhaven.model.elements import Element
from delvekit.gloomhaven.model.setup import MonsterStats

from .class_arena import PACK, arena, at, finish_round, go
from .test_class_summoner import summoner

STILL = MonsterStats(health=12, move=0, attack=0)


def test_every_summoner_card_is_encoded() -> None:
    klass = PACK.classes["summoner"]
    assert all(c.encoded for c in klass.cards) and klass.playable_at(9)


def _two_summons(game: Game) -> tuple[str, str]:
    a = game.summon("summoner", "wolf", 3, (2, 0), move=3, attack=2)
    b = game.summon("summoner", "beast", 5, (-2, 0), move=2, attack=1)
    return a, b


def test_divided_mind_two_summons_within_range_2_attack_with_their_own_attack() -> None:
    game = arena([summoner(["divided-mind"])], [("normal", (3, 0)), ("normal", (-3, 0))], stats=STILL)
    a, b = _two_summons(game)
    far = game.summon("summoner", "bat", 4, (0, -5), move=2, attack=2)
    m1, m2 = at(game, (3, 0)), at(game, (-3, 0))
    go(game, "select divided-mind biting-wind", "bottom divided-mind")
    d = game.decision
    assert d is not None and d.kind == "summon-performs"
    assert f"summon {far}" not in [str(c) for c in d.choices]  # range 5
    events = go(game, f"summon {a}", f"target {m1}", f"summon {b}", f"target {m2}")
    assert f"attack {a} {m1} value=2 damage=2" in events and f"attack {b} {m2} value=1 damage=1" in events
    d = game.decision
    assert d is None or d.kind != "summon-performs"  # two at most
    assert not any(e.startswith("moved") for e in events)  # the bottom is an attack only


def test_strength_in_numbers_bottom_attack_and_range_equal_the_number_of_summons() -> None:
    game = arena([summoner(["strength-in-numbers"])], [("normal", (0, 2)), ("normal", (0, -3))], stats=STILL)
    _two_summons(game)
    near, far = at(game, (0, 2)), at(game, (0, -3))
    go(game, "select strength-in-numbers biting-wind", "bottom strength-in-numbers")
    d = game.decision
    assert d is not None and d.kind == "attack"
    choices = [str(c) for c in d.choices]
    assert f"target {near}" in choices and f"target {far}" not in choices  # Range 2
    events = go(game, f"target {near}")
    assert f"attack summoner {near} value=2 damage=2" in events


def test_horned_majesty_every_summon_within_range_3_moves() -> None:
    game = arena([summoner(["horned-majesty"])], [("normal", (5, -5))], stats=STILL)
    a, b = _two_summons(game)
    events = go(game, "select horned-majesty biting-wind", "bottom horned-majesty")
    assert f"ally-performs {a} for=summoner" in events and f"ally-performs {b} for=summoner" in events
    moves = 0
    for _ in range(6):
        d = game.decision
        if d is None or d.kind != "move":
            break
        moves += 1
        go(game, "stop" if "stop" in [str(c) for c in d.choices] else str(d.choices[0]))
    assert moves == 2  # one move each


def test_inexorable_momentum_an_adjacent_summon_moves_3_not_its_own_move() -> None:
    game = arena([summoner(["inexorable-momentum"])], [("normal", (5, -5))], stats=STILL)
    slow = game.summon("summoner", "sphere", 4, (1, 0), move=1, attack=0)
    go(game, "select inexorable-momentum biting-wind", "bottom inexorable-momentum", "stop")
    go(game, f"summon {slow}?", "step 2,0", "step 3,0", "step 4,0")
    assert game.state.figures[slow].hex == (4, 0)


def test_otherworldly_rage_a_summon_attacks_plus_2_with_wound_and_poison() -> None:
    game = arena([summoner(["otherworldly-rage"])], [("normal", (3, 0))], stats=STILL)
    wolf = game.summon("summoner", "wolf", 3, (2, 0), move=3, attack=2)
    m = at(game, (3, 0))
    go(game, "select otherworldly-rage biting-wind", "top otherworldly-rage", f"summon {wolf}?")
    events = go(game, f"target {m}")
    assert f"attack {wolf} {m} value=4 damage=4" in events
    assert {Condition.WOUND, Condition.POISON} <= set(game.state.figures[m].conditions)


def test_otherworldly_rage_bottom_swaps_places_with_a_summon() -> None:
    game = arena([summoner(["otherworldly-rage"])], [("normal", (5, -5))], stats=STILL)
    wolf = game.summon("summoner", "wolf", 3, (-4, 0), move=3, attack=2)
    go(game, "select otherworldly-rage biting-wind", "bottom otherworldly-rage")
    events = go(game, f"swap {wolf}?")
    assert game.state.figures["summoner"].hex == (-4, 0) and game.state.figures[wolf].hex == (0, 0)
    assert not any(e.startswith("moved summoner") for e in events)


def test_tear_the_fabric_kills_normal_adjacent_enemies_of_at_most_5_hit_points() -> None:
    game = arena(
        [summoner(["tear-the-fabric"])],
        [("normal", (1, 0)), ("normal", (0, 1)), ("elite", (-1, 0)), ("normal", (3, 0))],
        stats=STILL,
    )
    weak, strong, elite, far = at(game, (1, 0)), at(game, (0, 1)), at(game, (-1, 0)), at(game, (3, 0))
    game.state.figures[weak].hp = 5
    game.state.figures[strong].hp = 6
    game.state.figures[elite].hp = 2
    game.state.figures[far].hp = 1
    events = go(game, "select tear-the-fabric biting-wind", "top tear-the-fabric")
    assert f"kill summoner {weak} hex=1,0" in events
    assert {strong, elite, far} <= set(game.state.figures) and weak not in game.state.figures
    assert "tear-the-fabric" in game.state.characters["summoner"].lost
    assert game.state.characters["summoner"].xp == 2


def test_intervening_apparitions_negates_damage_to_summons_three_times() -> None:
    game = arena(
        [summoner(["intervening-apparitions"])],
        [("normal", (3, 0))],
        ("attack +0",),
        stats=MonsterStats(health=12, move=0, attack=2, range=3),
    )
    beast = game.summon("summoner", "beast", 5, (2, 0), move=0, attack=0)
    game.state.figures["summoner"].hex = (-5, 0)
    go(game, "select intervening-apparitions biting-wind", "top intervening-apparitions")
    events = finish_round(game)
    assert f"negated {beast} 2 attack summon-warded" in events
    assert game.state.figures[beast].hp == 5
    ch = game.state.characters["summoner"]
    assert ch.xp == 1 and [a.used for a in ch.active] == [1]


def test_intervening_apparitions_bottom_removes_every_curse_from_your_deck() -> None:
    game = arena([summoner(["intervening-apparitions"])], [("normal", (5, -5))], stats=STILL)
    for _ in range(3):
        game.add_modifier_card("summoner", "curse")
    deck = game.state.modifier_decks[game.modifier_deck_key("summoner")]
    assert deck.count("curse") == 3
    events = go(game, "select intervening-apparitions biting-wind", "bottom intervening-apparitions")
    deck = game.state.modifier_decks[game.modifier_deck_key("summoner")]
    assert deck.count("curse") == 0 and len(deck.draw_pile) == 20 and not deck.discard
    assert "curses-removed summoner 3" in events and "infusing light" in events


def test_endless_spikes_bottom_gives_your_summons_retaliate_2_this_round() -> None:
    game = arena([summoner(["endless-spikes"])], [("normal", (5, -5))], stats=STILL)
    wolf = game.summon("summoner", "wolf", 3, (2, 0), move=3, attack=2)
    go(game, "select endless-spikes biting-wind", "bottom endless-spikes")
    assert game.retaliate(wolf) == 2 and game.retaliate("summoner") == 0


def _summoned(game: Game, card: str) -> str:
    """Play ``card``'s summon next to the Summoner (1,0) and end the round; the summon's id."""
    go(game, f"select {card} biting-wind", f"top {card}", "summon-at 1,0")
    finish_round(game)
    return next(f.id for f in game.state.figures.values() if f.kind == "summon")


def test_the_void_eaters_attacks_curse() -> None:
    game = arena([summoner(["negative-energy"])], [("normal", (3, 0))], stats=STILL)
    eater = _summoned(game, "negative-energy")
    m = at(game, (3, 0))
    events = go(game, "select black-fire unwavering-hand")
    hit = next(i for i, e in enumerate(events) if e.startswith(f"attack {eater} {m}"))
    assert f"condition {m} curse" in events[hit:]


def test_the_rock_colossus_infuses_earth_when_it_attacks() -> None:
    game = arena([summoner(["living-mountain"])], [("normal", (2, 0))], stats=STILL)
    colossus = _summoned(game, "living-mountain")
    events = go(game, "select black-fire unwavering-hand")
    hit = next(i for i, e in enumerate(events) if e.startswith(f"attack {colossus} "))
    assert "infusing earth" in events[hit:]
    assert events.count(f"summon-infused {colossus}") == 1


def test_the_healing_sprite_heals_2_within_range_2_at_the_end_of_its_turn() -> None:
    game = arena([summoner(["conjured-aid"])], [("normal", (5, -5))], stats=STILL)
    sprite = _summoned(game, "conjured-aid")
    game.add_condition(sprite, Condition.IMMOBILIZE)  # it stays next to the Summoner
    game.state.figures["summoner"].hp = 6
    go(game, "select black-fire unwavering-hand")
    for _ in range(20):
        d = game.decision
        if d is None or (d.kind == "heal" and d.actor == "summoner"):
            break
        go(game, "stop" if "stop" in [str(c) for c in d.choices] else str(d.choices[-1]))
    d = game.decision
    assert d is not None and d.kind == "heal"
    assert {"heal summoner", f"heal {sprite}", "skip"} == {str(c) for c in d.choices}
    go(game, "heal summoner")
    assert game.state.figures["summoner"].hp == 8


def test_negative_energy_curses_every_enemy_adjacent_to_a_summoned_ally() -> None:
    game = arena([summoner(["negative-energy"])], [("normal", (3, 0)), ("normal", (-3, 0))], stats=STILL)
    game.summon("summoner", "wolf", 3, (2, 0), move=3, attack=2)
    near, far = at(game, (3, 0)), at(game, (-3, 0))
    events = go(game, "select negative-energy biting-wind", "bottom negative-energy")
    assert f"condition {near} curse" in events and f"condition {far} curse" not in events
    assert "infusing dark" in events


def _earth(game: Game) -> None:
    game.state.elements.infuse(Element.EARTH)
    game.state.elements.end_turn()


def test_earthen_steed_your_move_may_consume_earth_for_plus_2_and_xp() -> None:
    game = arena([summoner(["earthen-steed"])], [("normal", (5, -5))], stats=STILL)
    _earth(game)
    go(game, "select earthen-steed black-fire", "top earthen-steed", "bottom black-fire")
    d = game.decision
    assert d is not None and d.kind == "steed" and d.actor == "summoner"
    xp = game.state.characters["summoner"].xp
    go(game, "steed consume", "step -1,0", "step -2,0", "step -3,0", "step -4,0", "step -5,0")  # 3 + 2
    assert game.state.figures["summoner"].hex == (-5, 0)
    assert game.state.characters["summoner"].xp == xp + 1
    assert not game.state.elements.can_consume(Element.EARTH)


def test_earthen_steed_no_earth_no_question() -> None:
    game = arena([summoner(["earthen-steed"])], [("normal", (5, -5))], stats=STILL)
    go(game, "select earthen-steed black-fire", "top earthen-steed", "bottom black-fire")
    d = game.decision
    assert d is not None and d.kind == "move"


def test_earthen_steed_a_summons_own_move_is_2_longer_with_earth() -> None:
    game = arena([summoner(["earthen-steed"], (0, 3))], [("normal", (5, 0))], stats=STILL)
    wolf = game.summon("summoner", "wolf", 3, (-4, 0), move=2, attack=2)
    go(game, "select earthen-steed black-fire", "top earthen-steed", "bottom black-fire", "stop?")
    finish_round(game)
    _earth(game)
    go(game, "select unwavering-hand biting-wind")
    for _ in range(10):
        d = game.decision
        if d is None or d.kind == "steed":
            break
        go(game, "stop" if "stop" in [str(c) for c in d.choices] else str(d.choices[-1]))
    d = game.decision
    assert d is not None and d.kind == "steed"
    go(game, "steed consume")
    assert game.state.figures[wolf].hex == (0, 0)  # Move 2 + 2 toward the enemy


def test_tear_the_fabric_bottom_heals_you_4_and_2_more_with_earth() -> None:
    game = arena([summoner(["tear-the-fabric"])], [("normal", (5, -5))], stats=STILL)
    game.state.figures["summoner"].hp = 3
    _earth(game)
    events = go(game, "select tear-the-fabric biting-wind", "bottom tear-the-fabric", "consume earth?")
    assert game.state.figures["summoner"].hp == 9, events


# ------------------------------------------------ rare answers and situations (issue 12)


def test_mighty_bond_declined_the_summon_does_not_perform() -> None:
    game = arena([summoner(["mighty-bond"])], [("normal", (2, 0))], stats=STILL)
    beast = game.summon("summoner", "beast", 5, (1, 0), move=2, attack=1)
    go(game, "select mighty-bond biting-wind", "top mighty-bond")
    d = game.decision
    assert d is not None and d.kind == "summon-performs" and "skip" in [str(c) for c in d.choices]
    events = go(game, "skip")
    assert "declined summoner summon-performs" in events
    assert not any(e.startswith(("ally-performs", f"attack {beast}")) for e in events)
    assert game.state.figures[beast].hex == (1, 0)


def test_mighty_bond_a_summon_killed_by_retaliate_has_no_after_attack_wordings() -> None:
    """§6.7: retaliate hits the attacker after the attack; a summon it kills is gone, and its
    stat line's after-attack wordings have no one left to apply to."""
    spiky = MonsterStats(health=12, move=0, attack=0, retaliate=6)
    game = arena([summoner(["mighty-bond"])], [("normal", (2, 0))], stats=spiky)
    beast = game.summon("summoner", "beast", 5, (1, 0), move=2, attack=1)
    m = at(game, (2, 0))
    go(game, "select mighty-bond biting-wind", "top mighty-bond", f"summon {beast}", "stop?")
    events = go(game, f"target {m}")
    assert f"attack {beast} {m} value=1 damage=1" in events
    assert beast not in game.state.figures and game.state.figures[m].hp == 11
    assert events.index(f"damage {beast} 6 retaliate") < events.index(f"killed {beast}")


def test_tear_the_fabric_kills_normal_monsters_only_not_an_adjacent_objective() -> None:
    """Tear the Fabric kills adjacent normal *monsters*; an objective (§1: a figure immune to
    all conditions, destroyed only by damage) next to her stays."""
    from delvekit.gloomhaven.engine.state import Figure

    game = arena([summoner(["tear-the-fabric"])], [("normal", (1, 0))], stats=STILL)
    game.state.figures[at(game, (1, 0))].hp = 4
    game.state.figures["egg.1"] = Figure("egg.1", "objective", "Egg", 3, (-1, 0), side="monsters")
    m = at(game, (1, 0))
    events = go(game, "select tear-the-fabric biting-wind", "top tear-the-fabric")
    assert f"kill summoner {m} hex=1,0" in events
    assert "egg.1" in game.state.figures and game.state.figures["egg.1"].hp == 3


def test_earthen_steed_declined_your_move_stays_and_the_earth_stays() -> None:
    game = arena([summoner(["earthen-steed"])], [("normal", (5, -5))], stats=STILL)
    _earth(game)
    go(game, "select earthen-steed black-fire", "top earthen-steed", "bottom black-fire")
    xp = game.state.characters["summoner"].xp
    events = go(game, "steed no-consume")
    assert not any(e.startswith("steed ") for e in events)
    d = game.decision
    assert d is not None and d.kind == "move"  # the move goes on without asking again
    events = go(game, "step -1,0", "step -2,0", "step -3,0")
    assert "move-ended summoner -3,0" in events  # Move 3 ends after three steps
    assert game.state.characters["summoner"].xp == xp
    assert game.state.elements.can_consume(Element.EARTH)


def test_earthen_steed_declined_on_a_summons_own_turn_its_move_stays() -> None:
    game = arena([summoner(["earthen-steed"], (0, 3))], [("normal", (5, 0))], stats=STILL)
    wolf = game.summon("summoner", "wolf", 3, (-4, 0), move=2, attack=2)
    go(game, "select earthen-steed black-fire", "top earthen-steed", "bottom black-fire", "stop?")
    finish_round(game)
    _earth(game)
    go(game, "select unwavering-hand biting-wind")
    for _ in range(10):
        d = game.decision
        if d is None or d.kind == "steed":
            break
        go(game, "stop" if "stop" in [str(c) for c in d.choices] else str(d.choices[-1]))
    d = game.decision
    assert d is not None and d.kind == "steed"
    events = go(game, "steed no-consume")
    assert not any(e.startswith("steed ") for e in events)
    assert game.state.figures[wolf].hex == (-2, 0)  # its own Move 2 toward the enemy
    assert game.state.elements.can_consume(Element.EARTH)
