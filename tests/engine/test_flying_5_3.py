"""§1.2, §5.3, §7, §12: flying, for every figure that flies (rules audit 2026-11-27, findings 1-3).

Boards are copied from the audit's reproductions (t2_fly, r6_batswarm, r5_flychar, t7_flychar).
"""

from __future__ import annotations

import msgspec

from delvekit.gloomhaven.content import load_pack
from delvekit.gloomhaven.content.adapter import Member, item_setup, setup_from_pack
from delvekit.gloomhaven.engine.game import Game
from delvekit.gloomhaven.model.abilities import Ability
from delvekit.gloomhaven.model.setup import (
    BoardSpec,
    Card,
    CharacterSetup,
    GameSetup,
    Half,
    MonsterCard,
    MonsterStats,
    MonsterType,
    Placement,
)


def _a(*texts: str) -> tuple[Ability, ...]:
    return tuple(Ability.parse(t) for t in texts)


def _card(
    cid: str, init: int, top: tuple[str, ...] = ("attack 2",), bottom: tuple[str, ...] = ("move 2",)
) -> Card:
    return Card(id=cid, initiative=init, top=Half(abilities=_a(*top)), bottom=Half(abilities=_a(*bottom)))


def _char(cid: str, hex: tuple[int, int], cards: list[Card]) -> CharacterSetup:
    return CharacterSetup(
        id=cid, class_name=cid, max_health=10, hand_limit=len(cards), hand=tuple(cards), hex=hex
    )


def _ally(hex: tuple[int, int], init: int = 70) -> CharacterSetup:
    return _char("ally", hex, [_card(f"a{i}", init + i) for i in range(6)])


def _texts(game: Game) -> list[str]:
    return [str(e) for e in game.events]


def _pick(game: Game, *prefixes: str) -> None:
    assert game.decision is not None
    texts = [str(c) for c in game.decision.choices]
    for p in prefixes:
        for t in texts:
            if t.startswith(p):
                game.choose(t)
                return
    raise AssertionError(f"none of {prefixes} in {texts}")


def _drake_game(move_card: str = "move 0") -> Game:
    fly = MonsterType(
        name="drake", deck="dk", standees=6, normal=MonsterStats(health=5, move=4, attack=2, flying=True)
    )
    setup = GameSetup(
        scenario="t",
        level=1,
        party=(_char("hero", (-4, 0), [_card(f"c{i}", 10 + i) for i in range(6)]), _ally((-3, 0))),
        monsters=(fly,),
        decks={"dk": (MonsterCard(id="m1", initiative=5, actions=_a(move_card, "attack 0")),)},
        rooms=((Placement("drake", "normal", (4, 0)),),),
        board=BoardSpec(
            hexes=tuple((q, 0) for q in range(-4, 5)), terrain=(((1, 0), "trap"), ((2, 0), "hazardous"))
        ),
    )
    return Game(setup, seed=1)


def test_5_3_flying_monster_springs_no_trap_and_takes_no_hazard_over_its_path() -> None:
    game = _drake_game()
    game.choose("select c1 c2")
    _pick(game, "select a1 a2")
    events = _texts(game)
    drake = next(e.split()[1] for e in events if e.startswith("placed drake"))
    assert any(e.startswith(f"moved {drake} 1,0") for e in events)  # it flew over both
    assert not any(
        e.startswith("trap-sprung") or e.endswith("hazardous") or e.endswith(" trap") for e in events
    )
    assert game.state.figures[drake].hp == 5


def test_7_flying_monster_pushed_onto_a_trap_springs_nothing() -> None:
    fly = MonsterType(
        name="drake", deck="dk", standees=6, normal=MonsterStats(health=9, move=0, attack=1, flying=True)
    )
    shove = _card("shove", 10, top=("attack 1 push 2",))
    setup = GameSetup(
        scenario="t",
        level=1,
        party=(_char("hero", (-1, 0), [shove, *(_card(f"c{i}", 20 + i) for i in range(5))]), _ally((-4, 0))),
        monsters=(fly,),
        decks={"dk": (MonsterCard(id="m1", initiative=90, actions=_a("shield 0")),)},
        rooms=((Placement("drake", "normal", (0, 0)),),),
        board=BoardSpec(
            hexes=tuple((q, 0) for q in range(-4, 5)), terrain=(((1, 0), "trap"), ((2, 0), "hazardous"))
        ),
    )
    game = Game(setup, seed=1)
    game.choose("select shove c0")
    _pick(game, "select a1 a2")
    game.choose("top shove")
    _pick(game, "target")
    _pick(game, "push-to 1,0")  # the second step, to 2,0, is the only one: taken by itself
    events = _texts(game)
    assert any(e.startswith("forced drake") and e.endswith("2,0") for e in events)
    assert not any(e.startswith("trap-sprung") or e.endswith(" hazardous") for e in events)
    assert (1, 0) not in game.state.sprung


def _summoner_with_bats() -> tuple[CharacterSetup, str]:
    real = setup_from_pack(load_pack(), 1, [Member("summoner"), Member("brute")])
    summ = next(c for c in real.party if c.id == "summoner")
    wings = next(c for c in summ.hand if c.id == "leathery-wings")
    others = [c for c in summ.hand if c.id != "leathery-wings"][: summ.hand_limit - 1]
    return msgspec.structs.replace(summ, hex=(-4, 0), hand=(wings, *others)), others[0].id


def test_12_bat_swarm_flies_over_traps_and_hazards_on_its_own_turn() -> None:
    summ, other = _summoner_with_bats()
    guard = MonsterType(name="guard", deck="gd", standees=6, normal=MonsterStats(health=30, move=0, attack=1))
    setup = GameSetup(
        scenario="t",
        level=1,
        party=(summ, _char("ally", (-4, 1), [_card(f"a{i}", 93 + i) for i in range(6)])),
        monsters=(guard,),
        decks={"gd": (MonsterCard(id="m1", initiative=99, actions=_a("shield 0")),)},
        rooms=((Placement("guard", "normal", (5, 0)),),),
        board=BoardSpec(
            hexes=(*((q, 0) for q in range(-4, 6)), (-4, 1)),
            terrain=(((-1, 0), "trap"), ((0, 0), "hazardous")),
        ),
    )
    game = Game(setup, seed=1)
    game.choose(f"select leathery-wings {other}")
    _pick(game, "select a1 a2")
    game.choose("top leathery-wings")
    _pick(game, "summon-at -3,0")
    while game.decision is not None and game.decision.kind != "select":
        _pick(game, "basic-bottom", "basic-top", "stop", "skip", "no-rest", "take")
    hand = game.state.characters["summoner"].hand
    game.choose(f"select {hand[0]} {hand[1]}")
    _pick(game, "select")
    bat = [e for e in _texts(game) if "summoner.bat-swarm" in e]
    assert any(
        e.startswith("moved summoner.bat-swarm1 -1,0") or e.startswith("moved summoner.bat-swarm1 0,0")
        for e in bat
    ), bat
    assert not any(
        e.startswith("trap-sprung") or e.endswith(" hazardous") or e.endswith(" trap") for e in bat
    ), bat


def _boots_game(
    move: int, terrain: tuple[tuple[tuple[int, int], str], ...], guard_at: tuple[int, int] = (5, 0)
) -> Game:
    boots = item_setup(load_pack(), Member("hero", items=(71,)), 71)
    cards = [_card(f"c{i}", 10 + i, bottom=(f"move {move}",)) for i in range(6)]
    hero = msgspec.structs.replace(_char("hero", (0, 0), cards), items=(boots,))
    guard = MonsterType(name="guard", deck="gd", standees=6, normal=MonsterStats(health=5, move=1, attack=2))
    setup = GameSetup(
        scenario="t",
        level=1,
        party=(hero, _ally((-1, 0))),
        monsters=(guard,),
        decks={"gd": (MonsterCard(id="m1", initiative=90, actions=_a("shield 1")),)},
        rooms=((Placement("guard", "normal", guard_at),),),
        board=BoardSpec(hexes=tuple((q, 0) for q in range(-1, 6)), terrain=terrain),
    )
    game = Game(setup, seed=1)
    game.choose("select c1 c2")
    _pick(game, "select a1 a2")
    game.choose("bottom c1")
    return game


def test_5_3_flying_character_may_end_its_move_on_an_obstacle() -> None:
    game = _boots_game(1, (((1, 0), "obstacle"),))
    assert game.decision is not None and "step 1,0" in game.decision.choices.texts()
    game.choose("step 1,0")
    assert game.state.figures["hero"].hex == (1, 0)


def test_1_2_flying_character_pays_one_for_difficult_terrain_on_its_last_hex() -> None:
    game = _boots_game(2, (((1, 0), "obstacle"), ((2, 0), "difficult")))
    game.choose("step 1,0")
    assert game.decision is not None and "step 2,0" in game.decision.choices.texts()
    game.choose("step 2,0")
    assert game.state.figures["hero"].hex == (2, 0)


def test_5_3_flying_character_springs_no_trap_on_its_last_hex() -> None:
    game = _boots_game(1, (((1, 0), "trap"),))
    game.choose("step 1,0")
    if game.decision is not None and game.decision.kind == "move":
        game.choose("stop")
    assert game.state.figures["hero"].hp == 10
    assert (1, 0) not in game.state.sprung and not any(str(e).startswith("trap-sprung") for e in game.events)


def test_5_3_flying_character_passes_over_an_enemy_but_never_ends_on_it() -> None:
    game = _boots_game(2, (), guard_at=(1, 0))
    assert game.decision is not None and "step 1,0" in game.decision.choices.texts()  # over it
    game.choose("step 1,0")
    assert game.decision is not None and "stop" not in game.decision.choices.texts()
    game.choose("step 2,0")
    assert game.state.figures["hero"].hex == (2, 0)


def test_7_flying_summon_pushed_onto_a_trap_springs_nothing() -> None:
    """A summon's stat-line flying holds for forced movement too (the old code read only
    monsters' flying for pushes)."""
    summ, other = _summoner_with_bats()
    guard = MonsterType(name="guard", deck="gd", standees=6, normal=MonsterStats(health=30, move=0, attack=1))
    setup = GameSetup(
        scenario="t",
        level=1,
        party=(summ, _char("ally", (-4, 1), [_card(f"a{i}", 93 + i) for i in range(6)])),
        monsters=(guard,),
        decks={"gd": (MonsterCard(id="m1", initiative=99, actions=_a("attack 0 push 1")),)},
        rooms=((Placement("guard", "normal", (-2, 0)),),),
        board=BoardSpec(
            hexes=(*((q, 0) for q in range(-4, 6)), (-4, 1), (-3, -1)), terrain=(((-3, -1), "trap"),)
        ),
    )
    game = Game(setup, seed=1)
    game.choose(f"select leathery-wings {other}")
    _pick(game, "select a1 a2")
    game.choose("top leathery-wings")
    _pick(game, "summon-at -3,0")
    while game.decision is not None and game.decision.kind != "select":
        _pick(game, "push-to -3,-1", "basic-bottom", "basic-top", "stop", "skip", "no-rest", "take")
    texts = _texts(game)
    assert "forced summoner.bat-swarm1 push -3,-1" in texts, [t for t in texts if "bat" in t]
    assert not any(t.startswith("trap-sprung") for t in texts)
    assert (-3, -1) not in game.state.sprung


def test_5_3_a_figure_that_stops_flying_on_an_obstacle_takes_trap_damage_and_moves_off() -> None:
    """Winged Congregation flies the Plagueherald onto an obstacle; when the card leaves the
    active area it suffers trap damage (2+L) and moves to the nearest empty hex."""
    from delvekit.gloomhaven.effects.summons import card_left_play

    real = setup_from_pack(load_pack(), 1, [Member("plagueherald"), Member("brute")])
    ph = next(c for c in real.party if c.id == "plagueherald")
    wings = next(c for c in ph.hand if c.id == "winged-congregation")
    mover = _card("p-move", 30, bottom=("move 2",))
    ph = msgspec.structs.replace(
        ph,
        hex=(0, 0),
        hand_limit=6,
        hand=(wings, mover, *[c for c in ph.hand if c.id != "winged-congregation"][:4]),
    )
    guard = MonsterType(name="guard", deck="gd", standees=6, normal=MonsterStats(health=9, move=0, attack=1))
    setup = GameSetup(
        scenario="t",
        level=1,
        party=(ph, _ally((-2, 0))),
        monsters=(guard,),
        decks={"gd": (MonsterCard(id="m1", initiative=90, actions=_a("shield 0")),)},
        rooms=((Placement("guard", "normal", (4, 0)),),),
        board=BoardSpec(hexes=tuple((q, 0) for q in range(-2, 5)), terrain=(((1, 0), "obstacle"),)),
    )
    game = Game(setup, seed=1)
    game.choose("select winged-congregation p-move")
    _pick(game, "select a1 a2")
    game.choose("top winged-congregation")
    game.choose("bottom p-move")
    game.choose("step 1,0")
    game.choose("stop")
    f = game.state.figures["plagueherald"]
    assert f.hex == (1, 0) and "winged-congregation" in [
        a.card for a in game.state.characters["plagueherald"].active
    ]
    ch = game.state.characters["plagueherald"]
    ch.active = [a for a in ch.active if a.card != "winged-congregation"]  # the card leaves play
    ch.lost.append("winged-congregation")
    card_left_play(game, "plagueherald", "winged-congregation")
    assert "grounded plagueherald 1,0" in _texts(game)
    if game.decision is not None and game.decision.kind == "damage":
        _pick(game, "take")
    assert f.hex in ((0, 0), (2, 0)) and f.hp == f.max_hp - 3
