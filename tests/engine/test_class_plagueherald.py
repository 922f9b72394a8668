"""Golden tests for the Plagueherald's wordings as named effects
(:mod:`delvekit.gloomhaven.effects_plagueherald`, and the shared wordings its cards use), one per
card and rule, with the real cards of the content pack on an open arena and +0-only modifier
decks."""

from __future__ import annotations

from delvekit.gloomhaven import items_play
from delvekit.gloomhaven.conditions import Condition
from delvekit.gloomhaven.elements import Element, Strength
from delvekit.gloomhaven.engine import Game
from delvekit.gloomhaven.engine_content import Member, character
from delvekit.gloomhaven.engine_setup import CharacterSetup

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
    assert not items_play.flying(game, "plagueherald")
    events = go(game, "select winged-congregation biting-gnats", "top winged-congregation")
    assert items_play.flying(game, "plagueherald")
    assert "infusing air" in events


def test_flying_ignores_a_trap_moved_onto() -> None:
    from delvekit.gloomhaven.engine_setup import BoardSpec, GameSetup

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
