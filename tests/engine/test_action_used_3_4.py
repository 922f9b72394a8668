"""§3.4: an action earns its stand-alone XP and its element infusion only if at least one of its
abilities was used; a persistent card whose action was not performed does not go to the active
area (rules audit 2026-11-27, findings 4 and 5). Boards copied from t6_infuse, r2_infuse_real
and r4_summon_xp."""

from __future__ import annotations

import msgspec

from delvekit.core.hexes import disk
from delvekit.gloomhaven.content import load_pack
from delvekit.gloomhaven.content.adapter import Member, setup_from_pack
from delvekit.gloomhaven.engine.game import Game
from delvekit.gloomhaven.model.abilities import Ability
from delvekit.gloomhaven.model.elements import Element, Strength
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


def _char(cid: str, hex: tuple[int, int], cards: list[Card] | tuple[Card, ...]) -> CharacterSetup:
    return CharacterSetup(
        id=cid, class_name=cid, max_health=10, hand_limit=len(cards), hand=tuple(cards), hex=hex
    )


def _pick(game: Game, *prefixes: str) -> None:
    assert game.decision is not None
    texts = [str(c) for c in game.decision.choices]
    for p in prefixes:
        for t in texts:
            if t.startswith(p):
                game.choose(t)
                return
    raise AssertionError(f"none of {prefixes} in {texts}")


def _board_game(hero: CharacterSetup, guard_at: tuple[int, int] = (3, 0), **board: object) -> Game:
    guard = MonsterType(name="guard", deck="gd", standees=6, normal=MonsterStats(health=5, move=1, attack=2))
    setup = GameSetup(
        scenario="t",
        level=1,
        party=(hero, _char("ally", (-3, 1), [_card(f"a{i}", 70 + i) for i in range(6)])),
        monsters=(guard,),
        decks={"gd": (MonsterCard(id="m1", initiative=90, actions=_a("shield 1")),)},
        rooms=((Placement("guard", "normal", guard_at),),),
        board=BoardSpec(hexes=tuple(disk((0, 0), 4)), **board),  # type: ignore[arg-type]
    )
    return Game(setup, seed=1)


def test_3_4_no_infusion_when_the_actions_attack_found_no_target() -> None:
    cards = [_card("c1", 10, top=("attack 3 range 2", "infuse fire", "xp 1")), _card("c2", 20)]
    cards += [_card(f"c{i}", 30 + i) for i in range(3, 7)]
    game = _board_game(_char("hero", (-3, 0), cards))
    game.choose("select c1 c2")
    _pick(game, "select a1 a2")
    game.choose("top c1")
    _pick(game, "basic-bottom")
    _pick(game, "stop")
    texts = [str(e) for e in game.events]
    assert "no-infuse hero fire" in texts and "no-xp hero 1" in texts
    assert not any(t.startswith("infus") for t in texts)
    assert game.state.elements[Element.FIRE] is Strength.INERT


def test_3_4_infusion_earned_when_the_attack_was_used() -> None:
    cards = [_card("c1", 10, top=("attack 3 range 2", "infuse fire", "xp 1")), _card("c2", 20)]
    cards += [_card(f"c{i}", 30 + i) for i in range(3, 7)]
    game = _board_game(_char("hero", (-1, 0), cards), guard_at=(1, 0))
    game.choose("select c1 c2")
    _pick(game, "select a1 a2")
    game.choose("top c1")
    _pick(game, "target")
    while game.decision is not None and game.decision.actor == "hero" and game.decision.kind != "action":
        _pick(game, "take", "decline")
    _pick(game, "basic-bottom")
    _pick(game, "stop")
    texts = [str(e) for e in game.events]
    assert "infusing fire" in texts and "xp hero 1" in texts
    assert game.state.elements[Element.FIRE] is Strength.STRONG


def test_3_4_no_infusion_when_every_target_of_fire_orbs_is_skipped() -> None:
    g = Game(setup_from_pack(load_pack(), 1, [Member("spellweaver"), Member("brute")]), seed=5)
    while g.decision is not None and g.decision.kind in ("hand", "start"):
        _pick(g, "take", "start")
    _pick(g, "select fire-orbs")
    _pick(g, "select")
    while not (g.decision is not None and g.decision.actor == "spellweaver" and g.decision.kind == "action"):
        _pick(g, "take", "outcome", "first")
    _pick(g, "top fire-orbs")
    while g.decision is not None and g.decision.kind == "attack":
        _pick(g, "skip")
    assert "fire" not in [e.value for e in g.state.elements.pending]
    assert any(str(e) == "no-infuse spellweaver fire" for e in g.events)


def test_3_4_declined_summon_earns_no_xp_and_its_card_is_not_active() -> None:
    g = Game(setup_from_pack(load_pack(), 1, [Member("summoner"), Member("brute")]), seed=3)
    while g.decision is not None and g.decision.kind in ("hand", "start"):
        _pick(g, "take", "start")
    _pick(g, "select forged-ferocity")
    _pick(g, "select")
    while not (g.decision is not None and g.decision.actor == "summoner" and g.decision.kind == "action"):
        _pick(g, "take", "outcome", "first", "basic-bottom", "basic-top", "stop", "skip")
    _pick(g, "top forged-ferocity")
    _pick(g, "skip")
    ch = g.state.characters["summoner"]
    assert ch.xp == 0
    assert "forged-ferocity" not in [a.card for a in ch.active]
    assert "forged-ferocity" in ch.lost  # the action has the lost icon (our reading: not performed)


def test_3_4_accepted_summon_earns_xp_and_its_card_is_active() -> None:
    g = Game(setup_from_pack(load_pack(), 1, [Member("summoner"), Member("brute")]), seed=3)
    while g.decision is not None and g.decision.kind in ("hand", "start"):
        _pick(g, "take", "start")
    _pick(g, "select forged-ferocity")
    _pick(g, "select")
    while not (g.decision is not None and g.decision.actor == "summoner" and g.decision.kind == "action"):
        _pick(g, "take", "outcome", "first", "basic-bottom", "basic-top", "stop", "skip")
    _pick(g, "top forged-ferocity")
    _pick(g, "summon-at")
    ch = g.state.characters["summoner"]
    assert ch.xp == 2 and "forged-ferocity" in [a.card for a in ch.active]


def _rock_tunnel_game(obstacle: bool) -> Game:
    real = setup_from_pack(load_pack(), 1, [Member("cragheart", level=9), Member("brute")])
    crag = next(c for c in real.party if c.id == "cragheart")
    tunnel = next(c for c in crag.hand if c.id == "rock-tunnel")
    plain = [_card(f"c{i}", 30 + i) for i in range(5)]
    hero = msgspec.structs.replace(
        crag, hex=(-3, 0), hand=(tunnel, *plain), hand_limit=6, items=(), modifiers=crag.modifiers
    )
    terrain = (((-2, 0), "obstacle"),) if obstacle else ()
    return _board_game(hero, terrain=terrain)


def test_3_4_named_effect_with_nothing_to_do_earns_no_xp() -> None:
    game = _rock_tunnel_game(obstacle=False)
    game.choose("select rock-tunnel c0")
    _pick(game, "select a1 a2")
    game.choose("top rock-tunnel")
    assert game.state.characters["cragheart"].xp == 0
    assert any(str(e) == "no-xp cragheart 1" for e in game.events)


def test_3_4_named_effect_that_acted_earns_its_xp() -> None:
    game = _rock_tunnel_game(obstacle=True)
    game.choose("select rock-tunnel c0")
    _pick(game, "select a1 a2")
    game.choose("top rock-tunnel")
    _pick(game, "destroy")
    assert game.state.characters["cragheart"].xp == 1
