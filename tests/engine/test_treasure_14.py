"""§14: numbered treasure tiles are looted at the end of a character's turn on them, or by a Loot
ability that reaches them; the treasure's rewards apply at once (rules audit 2026-11-27,
finding 6: scenario 1's tile 7 at 0,6 was never looted)."""

from __future__ import annotations

import msgspec
import pytest

from delvekit.gloomhaven.content import load_pack
from delvekit.gloomhaven.content.adapter import Member, setup_from_pack
from delvekit.gloomhaven.engine.game import Game
from delvekit.gloomhaven.model.abilities import Ability
from delvekit.gloomhaven.model.conditions import Condition
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
    TreasureTile,
)
from delvekit.gloomhaven.scenario.treasure import results, without


def _card(cid: str, init: int, top: str = "attack 2", bottom: str = "move 2") -> Card:
    return Card(
        id=cid,
        initiative=init,
        top=Half(abilities=(Ability.parse(top),)),
        bottom=Half(abilities=(Ability.parse(bottom),)),
    )


def _game(*tiles: TreasureTile, top: str = "attack 2") -> Game:
    hero = CharacterSetup(
        id="hero",
        class_name="hero",
        max_health=10,
        hand_limit=6,
        hand=(_card("c1", 10, top=top), *(_card(f"c{i}", 10 + i) for i in range(2, 7))),
        hex=(0, 0),
    )
    ally = CharacterSetup(
        id="ally",
        class_name="ally",
        max_health=10,
        hand_limit=6,
        hand=tuple(_card(f"a{i}", 70 + i) for i in range(6)),
        hex=(-2, 0),
    )
    guard = MonsterType(name="guard", deck="gd", standees=6, normal=MonsterStats(health=5, move=0, attack=1))
    setup = GameSetup(
        scenario="t",
        level=1,
        party=(hero, ally),
        monsters=(guard,),
        decks={"gd": (MonsterCard(id="m1", initiative=90, actions=(Ability.parse("shield 1"),)),)},
        rooms=((Placement("guard", "normal", (4, 0)),),),
        board=BoardSpec(hexes=tuple((q, 0) for q in range(-2, 5))),
        treasures=tiles,
    )
    return Game(setup, seed=1)


def _texts(game: Game) -> list[str]:
    return [str(e) for e in game.events]


def test_14_numbered_treasure_is_looted_at_the_end_of_the_turn_and_its_rewards_apply() -> None:
    game = _game(TreasureTile(number=20, hex=(1, 0), rewards=("gold:15", "experience:3", "item:32")))
    game.choose("select c2 c3")
    game.choose("select a1 a2")
    game.choose("bottom c2")
    game.choose("step 1,0")
    game.choose("stop")
    assert not any(t.startswith("treasure") for t in _texts(game))  # not before the turn ends
    game.choose("basic-top c3")
    texts = _texts(game)
    assert "treasure hero 20 1,0" in texts and "xp hero 3" in texts
    assert game.state.characters["hero"].xp == 3 and not game.state.treasures
    extra = results(game, True, {})["hero"]
    assert (extra.treasures, extra.treasure_gold, extra.items) == ((20,), 15, (32,))


def test_14_treasure_damage_and_conditions_hit_the_looter() -> None:
    game = _game(
        TreasureTile(number=13, hex=(0, 0), rewards=("damage:5", "condition:poison", "condition:wound"))
    )
    game.choose("select c2 c3")
    game.choose("select a1 a2")
    game.choose("bottom c2")
    game.choose("stop")
    game.choose("basic-top c3")
    if game.decision is not None and game.decision.kind == "damage":
        game.choose("take 5")
    hero = game.state.figures["hero"]
    assert hero.hp == 5 and Condition.POISON in hero.conditions and Condition.WOUND in hero.conditions


def test_14_a_loot_ability_takes_a_treasure_tile_in_reach() -> None:
    game = _game(TreasureTile(number=4, hex=(2, 0), rewards=("gold:10",)), top="loot 2")
    game.choose("select c1 c2")
    game.choose("select a1 a2")
    game.choose("top c1")
    assert "treasure hero 4 2,0" in _texts(game)


def test_14_a_treasure_tile_out_of_reach_stays() -> None:
    game = _game(TreasureTile(number=4, hex=(4, 0), rewards=("gold:10",)), top="loot 1")
    game.choose("select c1 c2")
    game.choose("select a1 a2")
    game.choose("top c1")
    assert game.state.treasures == {(4, 0): 4}


def test_14_scenario_1_treasure_tile_7_is_looted_from_the_content_pack() -> None:
    s = setup_from_pack(load_pack(), 1, [Member("brute"), Member("mindthief")])
    (tile,) = s.treasures
    assert (tile.number, tile.hex, tile.rewards) == (7, (0, 6), ("random-scenario",))
    # as the audit's reproduction: the brute starts on the tile (its room placed at setup)
    s = msgspec.structs.replace(
        s, starts=((0, 6), (1, 6), *s.starts), treasures=(msgspec.structs.replace(tile, room=0),)
    )
    g = Game(s, seed=2)

    def pick(*prefs: str) -> None:
        assert g.decision is not None
        cs = [str(c) for c in g.decision.choices]
        g.choose(next(c for p in prefs for c in cs if c.startswith(p)))

    while g.decision is not None and g.decision.kind == "hand":
        pick("take")
    pick("start 0,6")
    pick("start 1,6")
    pick("select")
    pick("select")
    while not any(str(e).startswith("treasure ") for e in g.events) and g.state.round < 2:
        pick("take", "outcome", "first", "basic-bottom", "basic-top", "stop", "skip")
    assert "treasure brute 7 0,6" in _texts(g)
    assert "treasure-reward brute random-scenario -" in _texts(g)


def test_14_a_campaign_game_leaves_out_treasures_already_looted() -> None:
    s = setup_from_pack(load_pack(), 1, [Member("brute"), Member("mindthief")])
    assert [t.number for t in without(s, [3]).treasures] == [7]
    assert without(s, [7]).treasures == ()


def test_14_treasure_numbers_must_be_unique() -> None:
    from delvekit.core.errors import InputError

    tile = TreasureTile(number=1, hex=(1, 0))
    with pytest.raises(InputError, match="appears twice"):
        _game(tile, msgspec.structs.replace(tile, hex=(2, 0)))
