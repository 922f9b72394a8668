"""Golden tests for the named monster effects (delvekit.gloomhaven.effects.monsters), each named
after the card or rule it performs. The cards are written the way the content adapter writes
them (see test_monster_effects_content for the adapter's side)."""

from __future__ import annotations

import msgspec

from delvekit.core.hexes import disk
from delvekit.gloomhaven.content import load_pack
from delvekit.gloomhaven.content.adapter import Member, item_setup
from delvekit.gloomhaven.engine.game import MONSTER_DECK, Game
from delvekit.gloomhaven.model.conditions import Condition
from delvekit.gloomhaven.model.elements import Element, Strength
from delvekit.gloomhaven.model.modifier_deck import ModifierDeck
from delvekit.gloomhaven.model.modifiers import cards_of
from delvekit.gloomhaven.model.setup import BoardSpec, MonsterStats, MonsterType
from delvekit.gloomhaven.testing.invariants import violations

from .helpers import events_since, hero, mcard, plain_hand, setup


def kind(
    name: str, *, attack: int = 2, rng: int = 0, health: int = 5, move: int = 2, **extra: object
) -> MonsterType:
    stats = MonsterStats(health=health, move=move, attack=attack, range=rng, **extra)  # type: ignore[arg-type]
    return MonsterType(name=name, deck=name, standees=6, normal=stats, elite=stats, boss=stats)


def play(
    heroes: list[object],
    placed: list[tuple[str, str, tuple[int, int]]],
    actions: tuple[str, ...],
    *,
    types: list[MonsterType] | None = None,
    extra_cards: dict[str, tuple[str, ...]] | None = None,
    terrain: tuple[tuple[tuple[int, int], str], ...] = (),
) -> Game:
    types = types or [kind("demon")]
    decks = {types[0].name: [mcard("m50", 50, *actions)]}
    for t in types[1:]:
        decks[t.deck] = [mcard(f"{t.name}-90", 90, *(extra_cards or {}).get(t.name, ("move 0",)))]
    s = setup(heroes, types, decks, [placed])  # type: ignore[arg-type]
    board = BoardSpec(hexes=tuple(disk((0, 0), 4)), terrain=terrain)
    game = Game(msgspec.structs.replace(s, board=board), seed=3)
    game.state.modifier_decks[MONSTER_DECK] = ModifierDeck(draw_pile=cards_of(["+0"] * 20))
    return game


def brute(hex: tuple[int, int] = (0, 0)) -> object:
    return hero("brute", plain_hand("c", [60, 61, 62, 63]), hex=hex, health=12)


def bob(hex: tuple[int, int]) -> object:
    return hero("bob", plain_hand("b", [70, 71, 72, 73]), hex=hex, health=12)


def strong(game: Game, *elements: Element) -> None:
    for e in elements:
        game.state.elements.infuse(e)
    game.state.elements.end_turn()


def select_all(game: Game) -> list[str]:
    start = len(game.events)
    for who, cards in (("brute", "c1 c2"), ("bob", "b1 b2")):
        d = game.decision
        if d is not None and d.actor == who and d.kind == "select":
            game.choose(f"select {cards}")
    return events_since(game, start)


def take_damage(game: Game) -> list[str]:
    """Characters take the monsters' damage until some other decision is pending."""
    start = len(game.events)
    while game.decision is not None and game.decision.kind == "damage":
        game.choose(next(str(c) for c in game.decision.choices if c.kind == "take"))
    return events_since(game, start)


def demon_id(game: Game) -> str:
    return next(f.id for f in game.state.monsters() if f.name == "demon")


def test_frost_demon_620_immobilizes_every_enemy_within_range_2_in_sight() -> None:
    game = play(
        [brute((2, 0)), bob((0, -4))],  # bob is 4 hexes away: out of range
        [("demon", "normal", (0, 0))],
        ("custom affects-enemies-range range 2 then condition:immobilize",),
    )
    select_all(game)
    assert Condition.IMMOBILIZE in game.state.figures["brute"].conditions
    assert Condition.IMMOBILIZE not in game.state.figures["bob"].conditions
    assert not violations(game)


def test_imp_683_strengthens_allies_in_range_not_itself_and_muddles_enemies() -> None:
    game = play(
        [brute((1, 0))],
        [("demon", "normal", (0, 0)), ("demon", "normal", (-2, 0))],
        (
            "custom affects-allies-range range 2 then condition:strengthen",
            "custom affects-enemies-range range 2 then condition:muddle",
        ),
    )
    events = select_all(game)
    first, second = (e.split()[1] for e in events if e.startswith("turn demon"))
    # each demon strengthens the other (range 2), never itself; the brute is muddled
    given = [e for e in events if e.endswith(" strengthen") and e.startswith("condition")]
    assert given == [f"condition {second} strengthen", f"condition {first} strengthen"]
    # the second had it before its turn, so it ended with that turn (§8); the first keeps it
    assert Condition.STRENGTHEN in game.state.figures[first].conditions
    assert Condition.STRENGTHEN not in game.state.figures[second].conditions
    assert Condition.MUDDLE in game.state.figures["brute"].conditions


def test_living_corpse_570_poisons_all_adjacent_enemies_only() -> None:
    game = play(
        [brute((1, 0)), bob((3, 0))],
        [("demon", "normal", (0, 0))],
        ("custom affects-enemies-adjacent then condition:poison",),
    )
    select_all(game)
    assert Condition.POISON in game.state.figures["brute"].conditions
    assert Condition.POISON not in game.state.figures["bob"].conditions


def test_living_corpse_564_one_adjacent_enemy_is_the_players_choice() -> None:
    game = play(
        [brute((1, 0)), bob((-1, 0))],
        [("demon", "normal", (0, 0))],
        ("custom affects-enemy-adjacent then condition:muddle then condition:immobilize",),
    )
    select_all(game)
    d = game.decision
    assert d is not None and d.actor == "party" and d.kind == "monster-affect"
    assert set(d.choices.texts()) == {"affect brute", "affect bob"}
    game.choose("affect bob")
    assert {Condition.MUDDLE, Condition.IMMOBILIZE} <= set(game.state.figures["bob"].conditions)
    assert Condition.MUDDLE not in game.state.figures["brute"].conditions


def test_living_spirit_586_curses_enemies_within_its_stat_range() -> None:
    game = play(
        [brute((3, 0)), bob((0, 4))],
        [("demon", "normal", (0, 0))],
        ("custom affects-enemies-range then custom:curse",),
        types=[kind("demon", rng=3)],
    )
    select_all(game)
    assert game.state.modifier_decks["brute"].count("curse") == 1
    assert game.state.modifier_decks["bob"].count("curse") == 0


def test_shaman_594_heals_adjacent_allies_and_blesses_itself() -> None:
    game = play(
        [brute((4, 0))],
        [("demon", "normal", (0, 0)), ("demon", "normal", (1, 0))],
        ("custom affects-allies-adjacent then heal:1", "custom bless"),
    )
    a, b = sorted(game.state.monsters(), key=lambda f: f.hex)
    a.hp, b.hp = 2, 2
    select_all(game)
    assert a.hp == 3 and b.hp == 3  # each heals the other once
    assert game.state.modifier_decks[MONSTER_DECK].count("bless") == 2


def test_frost_demon_620_consume_ice_heals_itself_and_the_type_consumes_once() -> None:
    game = play(
        [brute((4, 0))],
        [("demon", "normal", (0, 0)), ("demon", "normal", (0, 2))],
        ("custom consume-ice ice then heal:3",),
    )
    strong(game, Element.ICE)
    for f in game.state.monsters():
        f.hp = 1
    events = select_all(game)
    assert events.count("consumed demon ice") == 1
    assert game.state.elements[Element.ICE] is Strength.INERT
    assert all(f.hp == 4 for f in game.state.monsters())  # both gain, one consumption


def test_flame_demon_634_no_element_no_effect() -> None:
    game = play(
        [brute((1, 0))],
        [("demon", "normal", (0, 0))],
        ("custom consume-fire fire then custom:affects-enemies-adjacent:then:suffer;2",),
    )
    select_all(game)
    assert game.state.figures["brute"].hp == 12
    game2 = play(
        [brute((1, 0))],
        [("demon", "normal", (0, 0))],
        ("custom consume-fire fire then custom:affects-enemies-adjacent:then:suffer;2",),
    )
    strong(game2, Element.FIRE)
    select_all(game2)
    d = game2.decision
    assert d is not None and d.actor == "brute" and d.kind == "damage" and "take 2" in d.choices


def test_earth_demon_643_wild_consumption_is_the_players_choice_then_infuses() -> None:
    game = play(
        [brute((4, 0))],
        [("demon", "normal", (0, 0))],
        ("custom consume-wild then infuse:earth",),
    )
    strong(game, Element.FIRE, Element.DARK)
    select_all(game)
    d = game.decision
    assert d is not None and d.actor == "party" and d.kind == "wild"
    assert set(d.choices.texts()) == {"consume fire", "consume dark"}
    events = [str(e) for e in game.choose("consume dark")]
    assert "consumed demon#1 dark" in events or any(e.startswith("consumed") for e in events)
    assert game.state.elements[Element.DARK] is Strength.INERT
    assert game.state.elements[Element.FIRE] is Strength.STRONG
    assert game.state.elements[Element.EARTH] is Strength.STRONG  # infused at the end of its turn


def test_wild_with_nothing_to_consume_does_nothing() -> None:
    game = play([brute((4, 0))], [("demon", "normal", (0, 0))], ("custom consume-wild then infuse:earth",))
    select_all(game)
    assert game.state.elements[Element.EARTH] is Strength.INERT


def test_wind_demon_648_consume_air_swaps_in_the_bigger_attack() -> None:
    actions = ("custom instead-consume-air air then attack:1:area:1,0/0,1 then attack:0",)
    game = play([brute((1, 0)), bob((0, 1))], [("demon", "normal", (0, 0))], actions)
    strong(game, Element.AIR)
    events = select_all(game) + take_damage(game)
    hits = [e for e in events if e.startswith("attack demon")]
    assert len(hits) == 2 and all("value=3" in e for e in hits)  # attack 2 + 1, both in the area
    plain = play([brute((1, 0)), bob((0, 1))], [("demon", "normal", (0, 0))], actions)
    hits = [e for e in select_all(plain) if e.startswith("attack demon")]
    assert len(hits) == 1 and "value=2" in hits[0]


def test_living_bones_522_one_target_ignores_the_stat_card_target() -> None:
    actions = ("move 0", "custom one-target then attack:0")
    game = play(
        [brute((1, 0)), bob((-1, 0))],
        [("demon", "normal", (0, 0))],
        actions,
        types=[kind("demon", targets=2)],
    )
    events = select_all(game)
    if game.decision is not None and game.decision.kind == "monster":
        events += [str(e) for e in game.choose(game.decision.choices[0])]
    assert len([e for e in events if e.startswith("attack demon")]) == 1


def test_cultist_609_summons_living_bones_that_wait_a_round_and_drop_no_money() -> None:
    bones = kind("living-bones", health=3)
    game = play(
        [brute((3, 0))],
        [("demon", "normal", (0, 0))],
        ("custom spawn then custom:living-bones.normal", "suffer 2"),
        types=[kind("demon", health=8), bones],
        extra_cards={"living-bones": ("move 1", "attack 0")},
    )
    events = select_all(game)  # one empty neighbour is closest to the brute: no decision
    summoned = next(f for f in game.state.monsters() if f.name == "living-bones")
    assert f"summoned {summoned.id} normal hex=1,0 by={demon_id(game)}" in events
    assert summoned.hex == (1, 0) and summoned.summoned_round == 1
    assert not any(e.startswith(f"turn {summoned.id}") for e in events)  # never acts this round
    assert game.state.figures[demon_id(game)].hp == 6  # then it suffers 2
    game.kill(summoned)  # a summon drops no money (§10.4)
    assert summoned.hex not in game.state.coins


def test_cultist_609_ties_for_the_summoning_hex_are_the_players_choice() -> None:
    game = play(
        [brute((2, 2))],
        [("demon", "normal", (0, 0))],
        ("custom spawn then custom:living-bones.normal",),
        types=[kind("demon"), kind("living-bones")],
    )
    select_all(game)
    d = game.decision
    assert d is not None and d.actor == "party" and d.kind == "monster-summon"
    assert set(d.choices.texts()) == {"place 1,0", "place 0,1"}
    game.choose("place 0,1")
    assert any(f.hex == (0, 1) and f.name == "living-bones" for f in game.state.monsters())


def test_cultist_604_on_death_attacks_every_adjacent_enemy() -> None:
    ring = "attack:2:area:-1,0/0,-1/-1,1/1,-1/1,0/0,1"
    game = play(
        [brute((1, 0)), bob((0, -1))],
        [("demon", "normal", (0, 0))],
        ("move 0", f"custom ondeath then {ring}"),
        types=[kind("demon", attack=1, move=0)],
    )
    cultist = game.state.monsters()[0]
    game.state.revealed["demon"] = "m50"
    start = len(game.events)
    game.kill(cultist)
    game._advance()
    events = events_since(game, start)
    assert f"on-death {cultist.id}" in events
    hits = [e for e in events if e.startswith("attack demon")]
    assert sorted(hits) == [
        f"attack {cultist.id} bob value=3 damage=3",
        f"attack {cultist.id} brute value=3 damage=3",
    ]


def test_an_on_death_attack_is_an_attack_so_the_iron_helmet_turns_its_x2_into_a_plus_0() -> None:
    """An on-death attack is an attack on each target: the target's defences act on it as on any
    other (Iron Helmet: a x2 drawn against the wearer counts as +0), the character's and a plain
    ally's alike."""
    ring = "attack:2:area:-1,0/0,-1/-1,1/1,-1/1,0/0,1"
    helmet = item_setup(load_pack(), Member("brute", 1), 7)
    helmeted = msgspec.structs.replace(brute((1, 0)), items=(helmet,))  # type: ignore[type-var]
    game = play(
        [helmeted, bob((0, -1))],
        [("demon", "normal", (0, 0))],
        ("move 0", f"custom ondeath then {ring}"),
        types=[kind("demon", attack=1, move=0)],
    )
    game.state.modifier_decks[MONSTER_DECK] = ModifierDeck(draw_pile=cards_of(["x2"] * 4))
    cultist = game.state.monsters()[0]
    game.state.revealed["demon"] = "m50"
    start = len(game.events)
    game.kill(cultist)
    game._advance()
    hits = sorted(e for e in events_since(game, start) if e.startswith("attack demon"))
    assert hits == [
        f"attack {cultist.id} bob value=3 damage=6",  # 1 + 2, doubled
        f"attack {cultist.id} brute value=3 damage=3",  # the helmet: +0
    ]


def test_archer_538_creates_a_damage_trap_next_to_it_closest_to_an_enemy() -> None:
    game = play(
        [brute((3, 0))],
        [("demon", "normal", (0, 0))],
        ("custom create-trap-near-enemy then suffer:3",),
    )
    events = select_all(game)
    assert f"trap-created {demon_id(game)} 1,0 damage=3" in events
    assert game.state.created_traps == {(1, 0): 3}
    board = game.board()
    assert board is not None and board.terrain_at((1, 0)) is not None
    assert "traps 1,0=3" in game.state.text()
    clone = game.clone()
    clone.state.created_traps.clear()
    assert game.state.created_traps == {(1, 0): 3}


def test_a_created_trap_deals_its_own_damage_and_is_gone() -> None:
    game = play(
        [brute((3, 0))],
        [("demon", "normal", (0, 0))],
        ("custom create-trap-near-enemy then suffer:3",),
    )
    select_all(game)
    demon = game.state.figures[demon_id(game)]
    from delvekit.gloomhaven.engine.monster_turn import _walk

    demon.hp = 5
    _walk(game, demon, ((0, 0), (1, 0)), jump=False)
    assert demon.hp == 2 and game.state.created_traps == {}


def test_wind_demon_650_pushes_every_adjacent_enemy() -> None:
    game = play(
        [brute((1, 0))],
        [("demon", "normal", (0, 0))],
        ("custom affects-enemies-adjacent then push:1",),
    )
    select_all(game)
    while game.decision is not None and game.decision.actor == "party":
        game.choose(game.decision.choices[0])
    assert game.state.figures["brute"].hex != (1, 0)


def test_bosses_immune_to_curse_refuse_the_card() -> None:
    game = play(
        [brute((4, 0))],
        [("demon", "boss", (0, 0))],
        ("move 0",),
        types=[kind("demon", immune_cards=("curse",))],
    )
    boss = game.state.monsters()[0]
    assert game.add_modifier_card(boss.id, "curse") is False
    assert game.state.modifier_decks[MONSTER_DECK].count("curse") == 0


def test_hound_542_gains_2_against_a_target_next_to_its_ally() -> None:
    actions = ("custom attack-bonus-if-target-adjacent-to-its-allies then attack:0 then attack:2",)
    game = play([brute((1, 0)), bob((2, 0))], [("demon", "normal", (0, 0))], actions)
    hits = [e for e in select_all(game) if e.startswith("attack demon")]
    assert hits == [f"attack {demon_id(game)} brute value=4 damage=4"]
    alone = play([brute((1, 0)), bob((-3, 0))], [("demon", "normal", (0, 0))], actions)
    hits = [e for e in select_all(alone) if e.startswith("attack demon")]
    assert hits == [f"attack {demon_id(alone)} brute value=2 damage=2"]


def test_invisible_enemies_are_not_affected() -> None:
    game = play(
        [brute((1, 0)), bob((-1, 0))],
        [("demon", "normal", (0, 0))],
        ("custom affects-enemies-adjacent then condition:poison",),
    )
    game.state.figures["bob"].conditions.add(Condition.INVISIBLE, turns_started=0, immune=frozenset())
    select_all(game)
    assert Condition.POISON in game.state.figures["brute"].conditions
    assert Condition.POISON not in game.state.figures["bob"].conditions


def test_a_summoned_type_draws_no_card_the_round_it_appears() -> None:
    game = play(
        [brute((3, 0))],
        [("demon", "normal", (0, 0))],
        ("custom spawn then custom:living-bones.normal",),
        types=[kind("demon"), kind("living-bones")],
        extra_cards={"living-bones": ("move 1", "attack 0")},
    )
    events = select_all(game)
    assert any(e.startswith("summoned living-bones") for e in events)
    assert "living-bones" not in game.state.revealed
    assert not any(e.startswith("ability-card living-bones") for e in events)


def test_summons_and_traps_never_land_on_a_closed_door() -> None:
    from delvekit.gloomhaven.model.setup import DoorSpec

    types = [kind("demon"), kind("living-bones")]
    decks = {
        "demon": [mcard("m50", 50, "custom spawn then custom:living-bones.normal")],
        "living-bones": [mcard("b90", 90, "move 0")],
    }
    s = setup([brute((3, 0))], types, decks, [[("demon", "normal", (0, 0))], []])  # type: ignore[list-item]
    board = BoardSpec(hexes=tuple(disk((0, 0), 4)), doors=(DoorSpec((1, 0), (0, 1)),))
    game = Game(msgspec.structs.replace(s, board=board), seed=3)
    events = select_all(game)
    while game.decision is not None and game.decision.kind == "monster-summon":
        assert "place 1,0" not in game.decision.choices
        events += [str(e) for e in game.choose(game.decision.choices[0])]
    bones = [f for f in game.state.monsters() if f.name == "living-bones"]
    assert len(bones) == 1 and bones[0].hex != (1, 0)


def test_deep_terror_738_summons_next_to_the_target_of_its_attack() -> None:
    """Deep Terror 738: the summon is placed in a hex adjacent to the attack's target (not the
    summoner), the players choosing among the empty ones; like every monster summon it waits a
    round and its standee comes from the box."""
    game = play(
        [brute((1, 0))],
        [("demon", "normal", (0, 0))],
        ("attack 0", "custom spawn-adjacent-to-target then custom:imp.normal"),
        types=[kind("demon"), kind("imp")],
    )
    select_all(game)
    take_damage(game)
    d = game.decision
    assert d is not None and d.actor == "party" and d.kind == "monster-summon"
    places = set(d.choices.texts())
    assert places == {"place 2,0", "place 2,-1", "place 1,-1", "place 0,1", "place 1,1"}  # not (0,0)
    start = len(game.events)
    game.choose("place 2,-1")
    imp = next(f for f in game.state.monsters() if f.name == "imp")
    assert imp.hex == (2, -1) and imp.summoned_round == 1 and imp.standee is not None
    assert f"summoned {imp.id} normal hex=2,-1 by={demon_id(game)}" in events_since(game, start)
    assert not violations(game)
