"""Golden tests for the Plagueherald's wordings as named effects
(:mod:`delvekit.gloomhaven.effects.classes.plagueherald`, and the shared wordings its cards use), one per
card and rule, with the real cards of the content pack on an open arena and +0-only modifier
decks."""

from __future__ import annotations

from delvekit.gloomhaven.content.adapter import Member, character
from delvekit.gloomhaven.engine import hooks
from delvekit.gloomhaven.engine.game import MONSTER_DECK, Game
from delvekit.gloomhaven.model.conditions import Condition
from delvekit.gloomhaven.model.elements import Element, Strength
from delvekit.gloomhaven.model.setup import CharacterSetup

from .class_arena import PACK, ZEROS, arena, at, finish_round, go, hero

PH = {c.id: c for c in character(PACK, Member("plagueherald", 9), (0, 0), {"C": 2, "L": 1}).hand}
FILLER = ["biting-gnats", "creeping-curse", "paralyzing-bite", "gathering-doom"]
# The Brute's slow cards: it acts after the Plagueherald.
SLOW = "select grab-and-go sweeping-blow"


def ph(cards: list[str], hex: tuple[int, int] = (0, 0), health: int = 12) -> CharacterSetup:
    names = cards + [c for c in FILLER if c not in cards]
    hand = tuple(PH[c] for c in names)
    return CharacterSetup(
        id="plagueherald",
        class_name="plagueherald",
        max_health=health,
        hand_limit=len(hand),
        hand=hand,
        hex=hex,
        modifiers=ZEROS,
        level=9,
    )


def _hp(game: Game, h: tuple[int, int]) -> int:
    return game.state.figures[at(game, h)].hp


def _poisoned(game: Game, h: tuple[int, int]) -> bool:
    return Condition.POISON in game.state.figures[at(game, h)].conditions


def _poison(game: Game, h: tuple[int, int]) -> None:
    game.state.figures[at(game, h)].conditions.add(Condition.POISON, turns_started=0, immune=frozenset())


def _restful(game: Game, cid: str) -> None:
    """Give ``cid`` a discarded card, so that it may long rest (and act last)."""
    ch = game.state.characters[cid]
    ch.discard.extend((ch.hand.pop(), ch.hand.pop()))


def test_every_level_1_and_x_card_is_encoded() -> None:
    klass = PACK.classes["plagueherald"]
    low = [c for c in klass.cards if c.level in (1, "X")]
    assert len(low) == 14 and all(c.encoded for c in low)
    assert klass.playable_at(1)


def test_vile_pestilence_poisons_every_ally_and_enemy_in_the_area() -> None:
    game = arena(
        [ph(["vile-pestilence", "grasping-vermin"]), hero("brute", [], (2, 1))],
        [("normal", (2, 0)), ("normal", (3, 0)), ("normal", (-3, 0))],
    )
    near, far, away = at(game, (2, 0)), at(game, (3, 0)), at(game, (-3, 0))
    go(game, "select vile-pestilence grasping-vermin", SLOW, "top vile-pestilence")
    wanted = {f"e={near}", f"e={far}", "a=brute", f"a={near}", f"a={far}"}
    d = game.decision
    assert d is not None
    events = go(game, next(str(c) for c in d.choices if set(c.args) == wanted))
    assert _hp(game, (2, 0)) == 9 and _hp(game, (3, 0)) == 9  # Attack 1 + poison's +1
    assert _poisoned(game, (2, 0)) and _poisoned(game, (3, 0))
    assert Condition.POISON in game.state.figures["brute"].conditions
    assert not _poisoned(game, (-3, 0)) and away in game.state.figures
    assert "condition brute poison" in events


def test_grasping_vermin_shields_and_shortens_every_ranged_attack() -> None:
    game = arena([ph(["grasping-vermin", "biting-gnats"])], [("normal", (4, 0)), ("normal", (3, 0))])
    go(game, "select grasping-vermin biting-gnats", "bottom grasping-vermin")
    assert game.shield("plagueherald") == 1
    go(game, "top biting-gnats")
    d = game.decision
    assert d is not None and d.kind == "attack"
    offered = {c.args[0] for c in d.choices if c.kind == "target"}
    assert offered == {at(game, (3, 0))}  # Range 4 − 1: the enemy 4 hexes away is out of reach
    finish_round(game)
    assert game.shield("plagueherald") == 1  # persistent: still there next round


def test_spread_the_plague_poisons_an_ally_for_plus_one_on_every_target() -> None:
    game = arena(
        [ph(["spread-the-plague", "biting-gnats", "creeping-curse"]), hero("brute", [], (1, 0))],
        [("normal", (3, 0)), ("normal", (3, -1))],
    )
    go(
        game,
        "select spread-the-plague creeping-curse",
        SLOW,
        "top spread-the-plague",
        "bottom creeping-curse",
    )
    finish_round(game)
    go(
        game,
        "select biting-gnats paralyzing-bite",
        "long-rest",
        "top biting-gnats",
        f"target {at(game, (3, 0))}",
    )
    d = game.decision  # asked as the action's first attack resolves
    assert d is not None and d.kind == "ally" and [str(c) for c in d.choices] == ["target brute", "skip"]
    go(game, "target brute", f"target {at(game, (3, -1))}")
    assert Condition.POISON in game.state.figures["brute"].conditions
    assert _hp(game, (3, 0)) == 7 and _hp(game, (3, -1)) == 7  # Attack 2 + 1, both targets
    assert game.decision is not None and game.decision.kind != "ally"  # asked once per action


def test_spread_the_plague_on_a_poisoned_ally_deals_three_damage() -> None:
    game = arena(
        [ph(["spread-the-plague", "biting-gnats", "creeping-curse"]), hero("brute", [], (1, 0))],
        [("normal", (3, 0))],
    )
    go(
        game,
        "select spread-the-plague creeping-curse",
        SLOW,
        "top spread-the-plague",
        "bottom creeping-curse",
    )
    finish_round(game)
    game.state.figures["brute"].conditions.add(Condition.POISON, turns_started=0, immune=frozenset())
    before = game.state.figures["brute"].hp
    go(
        game,
        "select biting-gnats paralyzing-bite",
        "long-rest",
        "top biting-gnats",
        f"target {at(game, (3, 0))}",
    )
    go(game, "target brute")
    d = game.decision
    assert d is not None and d.kind == "damage" and d.actor == "brute"  # 3 damage, the Brute may negate it
    go(game, next(str(c) for c in d.choices if c.kind == "take"))
    assert game.state.figures["brute"].hp == before - 3
    assert _hp(game, (3, 0)) == 7


def test_spread_the_plague_may_be_declined() -> None:
    game = arena(
        [ph(["spread-the-plague", "biting-gnats", "creeping-curse"]), hero("brute", [], (1, 0))],
        [("normal", (3, 0))],
    )
    go(
        game,
        "select spread-the-plague creeping-curse",
        SLOW,
        "top spread-the-plague",
        "bottom creeping-curse",
    )
    finish_round(game)
    go(
        game,
        "select biting-gnats paralyzing-bite",
        "long-rest",
        "top biting-gnats",
        f"target {at(game, (3, 0))}",
    )
    go(game, "skip")
    assert Condition.POISON not in game.state.figures["brute"].conditions
    assert _hp(game, (3, 0)) == 8


def test_winged_congregation_makes_the_plagueherald_fly() -> None:
    game = arena([ph(["winged-congregation", "biting-gnats"])], [("normal", (4, -4))])
    assert not hooks.flying.any(game, "plagueherald")
    events = go(game, "select winged-congregation biting-gnats", "top winged-congregation")
    assert hooks.flying.any(game, "plagueherald")
    assert "infusing air" in events


def test_flying_ignores_a_trap_moved_onto() -> None:
    from delvekit.gloomhaven.model.setup import BoardSpec, GameSetup

    base = arena([ph(["winged-congregation", "paralyzing-bite"])], [("normal", (-4, 4))])
    setup = base.setup
    board = BoardSpec(hexes=setup.board.hexes, terrain=(((1, 0), "trap"),)) if setup.board else None
    game = Game(
        GameSetup(**{**{f: getattr(setup, f) for f in setup.__struct_fields__}, "board": board}), seed=1
    )
    go(
        game,
        "select winged-congregation paralyzing-bite",
        "top winged-congregation",
        "bottom paralyzing-bite",
    )
    events = go(game, "step 1,0", "stop")
    assert not any(e.startswith("trap-sprung") for e in events)
    assert game.state.figures["plagueherald"].hp == 12


def test_scattered_terror_gives_attackers_on_you_disadvantage() -> None:
    game = arena([ph(["scattered-terror", "biting-gnats"])], [("normal", (1, 0))], ("attack +0",))
    enemy = at(game, (1, 0))
    events = go(game, "select scattered-terror biting-gnats", "bottom scattered-terror")
    assert "radiance plagueherald plagueherald" in events
    events += go(game, "top biting-gnats", f"target {enemy}")
    events += finish_round(game)
    drawn = [e for e in events if e.startswith("modifiers dummy#")]
    assert drawn and drawn[0].split()[2].count(",") == 1  # disadvantage: two cards


def test_epidemic_poisons_everyone_next_to_you_after_each_move() -> None:
    game = arena(
        [ph(["epidemic", "biting-gnats", "wretched-swarm"]), hero("brute", [], (2, -1))],
        [("normal", (2, 0)), ("normal", (-3, 0))],
    )
    go(game, "select epidemic biting-gnats", SLOW, "bottom epidemic", "top biting-gnats")
    finish_round(game)
    assert not _poisoned(game, (2, 0))
    go(game, "select wretched-swarm paralyzing-bite", "long-rest", "bottom wretched-swarm", "step 1,0")
    events = go(game, "stop")
    assert _poisoned(game, (2, 0))
    assert Condition.POISON in game.state.figures["brute"].conditions
    assert not _poisoned(game, (-3, 0))
    assert "condition brute poison" in events


def test_epidemic_does_nothing_after_a_move_of_no_hex() -> None:
    game = arena([ph(["epidemic", "biting-gnats", "wretched-swarm"])], [("normal", (1, 0))])
    go(game, "select epidemic biting-gnats", "bottom epidemic", "top biting-gnats")
    finish_round(game)
    game.state.figures[at(game, (1, 0))].conditions.remove(Condition.POISON)
    go(game, "select wretched-swarm paralyzing-bite", "bottom wretched-swarm", "stop")
    assert not _poisoned(game, (1, 0))


def test_virulent_strain_cashes_in_any_enemys_poison_for_four_damage() -> None:
    game = arena([ph(["virulent-strain", "biting-gnats"])], [("normal", (5, -5)), ("normal", (2, 0))])
    _poison(game, (5, -5))
    far = at(game, (5, -5))
    go(game, "select virulent-strain biting-gnats", "top virulent-strain")
    d = game.decision
    assert d is not None and [str(c) for c in d.choices] == [f"target {far}", "skip"]
    events = go(game, f"target {far}")
    assert _hp(game, (5, -5)) == 6 and not _poisoned(game, (5, -5))
    assert "xp plagueherald 1" in events


def test_virulent_strain_poisons_the_enemies_next_to_a_poisoned_one() -> None:
    game = arena(
        [ph(["virulent-strain", "biting-gnats"]), hero("brute", [], (3, 1))],
        [("normal", (3, 0)), ("normal", (4, 0)), ("normal", (3, -1)), ("normal", (-3, 0))],
    )
    _poison(game, (3, 0))
    go(game, "select virulent-strain biting-gnats", SLOW, "bottom virulent-strain")
    assert _poisoned(game, (4, 0)) and _poisoned(game, (3, -1))
    assert not _poisoned(game, (-3, 0))
    assert Condition.POISON not in game.state.figures["brute"].conditions  # enemies only


def test_foul_wind_consumes_air_for_plus_one_and_spends_a_use_slot() -> None:
    game = arena(
        [ph(["foul-wind", "biting-gnats", "creeping-curse"])], [("normal", (3, 0)), ("normal", (3, -1))]
    )
    go(game, "select foul-wind creeping-curse", "top foul-wind", "bottom creeping-curse")
    finish_round(game)
    game.state.elements.infuse(Element.AIR)
    game.state.elements.end_turn()
    go(game, "select biting-gnats paralyzing-bite", "top biting-gnats", f"target {at(game, (3, 0))}")
    go(game, "consume air", f"target {at(game, (3, -1))}")
    assert _hp(game, (3, 0)) == 7 and _hp(game, (3, -1)) == 7
    assert game.state.elements[Element.AIR] is Strength.INERT
    active = [a for a in game.state.characters["plagueherald"].active if a.card == "foul-wind"]
    assert active and active[0].used == 1


# ------------------------------------------------ levels 2-9


def test_every_card_is_encoded_and_the_class_is_playable_at_level_9() -> None:
    klass = PACK.classes["plagueherald"]
    assert len(klass.cards) == 30 and all(c.encoded for c in klass.cards)
    assert klass.playable_at(9)


def test_rot_maggots_poisons_the_target_and_the_allies_next_to_it() -> None:
    game = arena(
        [ph(["rot-maggots", "biting-gnats"]), hero("brute", [], (3, -1))],
        [("normal", (2, 0)), ("normal", (3, 0))],
    )
    go(game, "select rot-maggots biting-gnats", SLOW, "top rot-maggots", f"target {at(game, (2, 0))}")
    assert _hp(game, (2, 0)) == 5 and _poisoned(game, (2, 0))
    assert Condition.POISON in game.state.figures["brute"].conditions  # next to the target
    assert not _poisoned(game, (3, 0))  # an enemy next to the target: not an ally


def test_succumb_to_the_gift_kills_a_poisoned_enemy_within_range_3() -> None:
    game = arena([ph(["succumb-to-the-gift", "biting-gnats"])], [("elite", (2, 0)), ("normal", (3, -1))])
    _poison(game, (2, 0))
    elite = at(game, (2, 0))
    go(game, "select succumb-to-the-gift biting-gnats", "top succumb-to-the-gift")
    d = game.decision
    assert d is not None and [str(c) for c in d.choices if c.kind == "kill"] == [f"kill {elite}"]
    go(game, f"kill {elite}")
    assert elite not in game.state.figures


def test_succumb_to_the_gift_blesses_every_poisoned_ally() -> None:
    game = arena(
        [ph(["succumb-to-the-gift", "biting-gnats"]), hero("brute", [], (-3, 0))], [("normal", (4, 0))]
    )
    game.state.figures["brute"].conditions.add(Condition.POISON, turns_started=0, immune=frozenset())
    events = go(game, "select succumb-to-the-gift biting-gnats", SLOW, "bottom succumb-to-the-gift")
    assert "condition brute bless" in events
    assert game.state.modifier_decks["brute"].count("bless") == 1
    assert game.state.modifier_decks["plagueherald"].count("bless") == 0  # allies only


def test_storm_of_wings_with_air_attacks_every_enemy_on_the_path() -> None:
    game = arena(
        [ph(["storm-of-wings", "biting-gnats"])], [("normal", (1, 0)), ("normal", (2, 0)), ("normal", (4, 0))]
    )
    game.state.elements.infuse(Element.AIR)
    game.state.elements.end_turn()
    far = at(game, (4, 0))
    go(game, "select storm-of-wings biting-gnats", "top storm-of-wings", "consume air", f"target {far}")
    assert _hp(game, (4, 0)) == 5 and _hp(game, (1, 0)) == 5 and _hp(game, (2, 0)) == 5


def test_storm_of_wings_without_air_attacks_one_enemy() -> None:
    game = arena([ph(["storm-of-wings", "biting-gnats"])], [("normal", (1, 0)), ("normal", (4, 0))])
    far = at(game, (4, 0))
    go(game, "select storm-of-wings biting-gnats", "top storm-of-wings", f"target {far}")
    assert _hp(game, (4, 0)) == 5 and _hp(game, (1, 0)) == 10


def test_accelerated_end_hurts_every_poisoned_enemy_more_with_air() -> None:
    game = arena([ph(["accelerated-end", "biting-gnats"])], [("normal", (5, -5)), ("normal", (2, 0))])
    _poison(game, (5, -5))
    game.state.elements.infuse(Element.AIR)
    game.state.elements.end_turn()
    events = go(game, "select accelerated-end biting-gnats", "top accelerated-end", "consume air")
    assert _hp(game, (5, -5)) == 8 and _hp(game, (2, 0)) == 10
    assert "xp plagueherald 1" in events


def test_accelerated_end_without_air_deals_one() -> None:
    game = arena([ph(["accelerated-end", "biting-gnats"])], [("normal", (5, -5))])
    _poison(game, (5, -5))
    go(game, "select accelerated-end biting-gnats", "top accelerated-end")
    assert _hp(game, (5, -5)) == 9


def test_willing_sacrifice_trades_one_of_your_hit_points_for_three_on_a_poisoned_enemy() -> None:
    game = arena([ph(["willing-sacrifice", "biting-gnats", "wretched-swarm"])], [("normal", (5, -5))])
    go(
        game,
        "select willing-sacrifice biting-gnats",
        "top willing-sacrifice",
        "bottom biting-gnats",
        "step 1,0",
    )
    go(game, "stop")
    assert game.decision is not None and game.decision.kind != "target"  # no poisoned enemy: not asked
    finish_round(game)
    _poison(game, (5, -5))
    enemy = at(game, (5, -5))
    go(
        game,
        "select wretched-swarm paralyzing-bite",
        "bottom wretched-swarm",
        "step 2,0",
        "stop",
        f"target {enemy}",
    )
    d = game.decision
    assert d is not None and d.kind == "damage"
    go(game, next(str(c) for c in d.choices if c.kind == "take"))
    assert game.state.figures["plagueherald"].hp == 11
    assert _hp(game, (5, -5)) == 7


def test_willing_sacrifice_lets_poisoned_allies_recover_discards_three_with_air() -> None:
    game = arena(
        [ph(["willing-sacrifice", "biting-gnats"]), hero("brute", [], (-3, 0))], [("normal", (5, -5))]
    )
    brute = game.state.characters["brute"]
    brute.discard.extend(brute.hand[:3])
    del brute.hand[:3]
    game.state.figures["brute"].conditions.add(Condition.POISON, turns_started=0, immune=frozenset())
    game.state.elements.infuse(Element.AIR)
    game.state.elements.end_turn()
    go(game, "select willing-sacrifice biting-gnats")  # the Brute, one card in hand, long rests
    events = go(game, "bottom willing-sacrifice", "consume air")
    for card in list(brute.discard):
        events += go(game, f"recover {card}")
    assert not brute.discard and len(brute.hand) == 4
    assert "xp plagueherald 1" in events


def test_airborne_toxin_curses_and_muddles_enemies_within_range_2_or_3_with_air() -> None:
    game = arena(
        [ph(["airborne-toxin", "biting-gnats"])], [("normal", (2, 0)), ("normal", (3, 0)), ("normal", (4, 0))]
    )
    game.state.elements.infuse(Element.AIR)
    game.state.elements.end_turn()
    go(game, "select airborne-toxin biting-gnats", "top airborne-toxin", "consume air")
    muddled = [
        h for h in ((2, 0), (3, 0), (4, 0)) if Condition.MUDDLE in game.state.figures[at(game, h)].conditions
    ]
    assert muddled == [(2, 0), (3, 0)]
    assert game.state.modifier_decks[MONSTER_DECK].count("curse") == 2


def test_airborne_toxin_bottom_poisons_every_enemy() -> None:
    game = arena([ph(["airborne-toxin", "biting-gnats"])], [("normal", (5, -5)), ("normal", (-5, 5))])
    go(game, "select airborne-toxin biting-gnats", "bottom airborne-toxin")
    assert _poisoned(game, (5, -5)) and _poisoned(game, (-5, 5))


def test_baneful_hex_a_curse_drawn_by_an_enemy_hurts_it() -> None:
    from delvekit.gloomhaven.model.modifier_deck import ModifierDeck
    from delvekit.gloomhaven.model.modifiers import cards_of

    game = arena([ph(["baneful-hex", "biting-gnats"])], [("normal", (1, 0))], ("attack +0",))
    game.state.modifier_decks[MONSTER_DECK] = ModifierDeck(
        draw_pile=cards_of(["curse", "+0", "+0"]), discard=()
    )
    events = go(game, "select baneful-hex biting-gnats", "top baneful-hex", "bottom biting-gnats", "stop")
    assert any(e.startswith("attack dummy#") and "damage=0" in e for e in events)
    assert _hp(game, (1, 0)) == 7
    assert game.state.figures["plagueherald"].hp == 12


def test_baneful_hex_bottom_curses_every_adjacent_enemy() -> None:
    game = arena(
        [ph(["baneful-hex", "biting-gnats"])], [("normal", (1, 0)), ("normal", (0, 1)), ("normal", (3, 0))]
    )
    go(game, "select baneful-hex biting-gnats", "bottom baneful-hex", "stop")
    assert game.state.modifier_decks[MONSTER_DECK].count("curse") == 2


def test_grim_bargain_curses_an_ally_for_two_more_targets() -> None:
    game = arena(
        [ph(["grim-bargain", "biting-gnats", "creeping-curse"]), hero("brute", [], (-1, 0))],
        [("normal", (3, 0)), ("normal", (3, -1)), ("normal", (2, 1)), ("normal", (4, -1))],
    )
    go(game, "select grim-bargain creeping-curse", SLOW, "top grim-bargain", "bottom creeping-curse", "stop")
    finish_round(game)
    go(game, "select biting-gnats paralyzing-bite", "long-rest", "top biting-gnats")
    d = game.decision
    assert d is not None and d.kind == "ally" and "target brute" in [str(c) for c in d.choices]
    go(game, "target brute")
    assert game.state.modifier_decks["brute"].count("curse") == 1
    for h in ((3, 0), (3, -1), (2, 1), (4, -1)):
        go(game, f"target {at(game, h)}")
    assert all(_hp(game, h) == 8 for h in ((3, 0), (3, -1), (2, 1), (4, -1)))  # four targets
    active = [a for a in game.state.characters["plagueherald"].active if a.card == "grim-bargain"]
    assert active and active[0].used == 1


def test_grim_bargain_doubles_the_next_attack_action_this_round_and_muddles_you() -> None:
    game = arena([ph(["grim-bargain", "under-the-skin"])], [("normal", (3, 0))])
    go(game, "select grim-bargain under-the-skin", "bottom grim-bargain")
    assert Condition.MUDDLE in game.state.figures["plagueherald"].conditions
    events = go(game, "top under-the-skin", f"target {at(game, (3, 0))}")
    assert any("doubled+3" in e for e in events)
    assert _hp(game, (3, 0)) == 10 - 6  # muddle: the worse of two +0 draws; 3 doubled, pierce 3


def test_mass_extinction_curses_and_wounds_every_ally_and_enemy() -> None:
    game = arena([ph(["mass-extinction", "biting-gnats"]), hero("brute", [], (-3, 0))], [("normal", (5, -5))])
    _restful(game, "brute")
    events = go(game, "select mass-extinction biting-gnats", "long-rest", "top mass-extinction")
    assert Condition.WOUND in game.state.figures["brute"].conditions
    assert Condition.WOUND in game.state.figures[at(game, (5, -5))].conditions
    assert Condition.WOUND not in game.state.figures["plagueherald"].conditions
    assert "condition brute curse" in events and "infusing air" in events and "infusing dark" in events


def test_mass_extinction_bottom_two_plus_one_per_element() -> None:
    game = arena([ph(["mass-extinction", "biting-gnats"])], [("normal", (5, -5)), ("normal", (2, 0))])
    _poison(game, (5, -5))
    game.state.elements.infuse(Element.AIR)
    game.state.elements.infuse(Element.DARK)
    game.state.elements.end_turn()
    events = go(
        game, "select mass-extinction biting-gnats", "bottom mass-extinction", "consume air", "consume dark"
    )
    assert _hp(game, (5, -5)) == 6 and _hp(game, (2, 0)) == 10
    assert "xp plagueherald 2" in events  # 1 for each element


def test_convert_the_flock_hurts_poisoned_allies_for_a_round_bonus() -> None:
    game = arena(
        [
            ph(["convert-the-flock", "biting-gnats"]),
            hero("brute", [], (-3, 0)),
            hero("tinkerer", [], (-3, 2)),
        ],
        [("normal", (3, 0))],
    )
    for cid in ("brute", "tinkerer"):
        game.state.figures[cid].conditions.add(Condition.POISON, turns_started=0, immune=frozenset())
        _restful(game, cid)
    go(game, "select convert-the-flock biting-gnats", "long-rest", "long-rest", "first brute")
    events = go(game, "bottom convert-the-flock")
    for _ in range(2):
        d = game.decision
        assert d is not None and d.kind == "damage"
        events += go(game, next(str(c) for c in d.choices if c.kind == "take"))
    assert game.state.figures["brute"].hp == 10 and game.state.figures["tinkerer"].hp == 10
    assert "xp plagueherald 1" in events
    go(game, "top biting-gnats", f"target {at(game, (3, 0))}")
    assert _hp(game, (3, 0)) == 7  # Attack 2 + 1


def test_wretched_swarm_stuns_a_hex_and_its_six_neighbours() -> None:
    enemies = [(3, 0), (4, 0), (3, 1), (2, 1), (2, 0), (3, -1), (4, -1), (5, 0)]
    game = arena([ph(["wretched-swarm", "biting-gnats"])], [("normal", h) for h in enemies])
    go(game, "select wretched-swarm biting-gnats", "top wretched-swarm")
    d = game.decision
    assert d is not None and d.kind == "attack"
    biggest = max((c for c in d.choices if c.kind == "area"), key=lambda c: len(c.args))
    assert len(biggest.args) == 7  # a flower: never the eighth enemy, two hexes from the centre
    go(game, str(biggest))
    stunned = [h for h in enemies if Condition.STUN in game.state.figures[at(game, h)].conditions]
    assert len(stunned) == 7


def test_stinging_cloud_muddles_every_target_with_dark() -> None:
    game = arena([ph(["stinging-cloud", "biting-gnats"])], [("normal", (3, 0)), ("normal", (3, 1))])
    game.state.elements.infuse(Element.DARK)
    game.state.elements.end_turn()
    events = go(game, "select stinging-cloud biting-gnats", "top stinging-cloud", "consume dark")
    d = game.decision
    assert d is not None
    both = next(c for c in d.choices if c.kind == "area" and len(c.args) == 2)
    events += go(game, str(both))
    assert all(Condition.MUDDLE in game.state.figures[at(game, h)].conditions for h in ((3, 0), (3, 1)))
    assert _hp(game, (3, 0)) == 8 and "xp plagueherald 1" in events
