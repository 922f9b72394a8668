"""Monster stat-line traits in play (§10.2: a stat card's traits are permanent; §6.3 advantage and
disadvantage cancel; §6.7 a retaliate's range): the Sun Demon's advantage, "attackers gain
disadvantage" (Night Demon, elite Black Imp from level 3), the Flame Demon's Retaliate X, Range
Y and a stat line's curse (Forest Imp), for monster attacks, character attacks, character
summons' attacks and retaliation. The first tests are the reproductions of the monster rules
audit of 2026-11-27 (second audit)."""

from __future__ import annotations

from functools import cache

import msgspec
import pytest

from delvekit.core.hexes import disk
from delvekit.gloomhaven.content import load_pack
from delvekit.gloomhaven.content.adapter import Member, setup_from_pack
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


def _abilities(*texts: str) -> tuple[Ability, ...]:
    return tuple(Ability.parse(t) for t in texts)


def _card(
    cid: str, init: int, top: tuple[str, ...] = ("attack 2",), bottom: tuple[str, ...] = ("move 1",)
) -> Card:
    return Card(
        id=cid,
        initiative=init,
        top=Half(abilities=_abilities(*top)),
        bottom=Half(abilities=_abilities(*bottom)),
    )


def _char(cid: str, hexx: tuple[int, int], cards: list[Card], hp: int = 30) -> CharacterSetup:
    return CharacterSetup(
        id=cid, class_name=cid, max_health=hp, hand_limit=len(cards), hand=tuple(cards), hex=hexx
    )


@cache
def _pack_type(scenario: int, name: str, level: int = 1) -> MonsterType:
    """Monster type ``name`` as scenario ``scenario`` sets it up for a party of level ``level``."""
    setup = setup_from_pack(load_pack(), scenario, [Member("brute", level), Member("spellweaver", level)])
    return next(t for t in setup.monsters if t.name == name)


def _game(
    mtype: MonsterType,
    rank: str,
    monster_hex: tuple[int, int],
    *,
    hero_top: tuple[str, ...] = ("attack 2",),
    monster_actions: tuple[str, ...] = ("move 0", "attack 0"),
    hero_hex: tuple[int, int] = (0, 0),
    seed: int = 4,
) -> Game:
    hero = [_card("h1", 10, top=hero_top)] + [_card(f"h{i}", 20 + i) for i in range(2, 7)]
    ally = [_card(f"a{i}", 70 + i) for i in range(1, 7)]
    setup = GameSetup(
        scenario="stat-traits",
        level=1,
        party=(_char("hero", hero_hex, hero), _char("ally", (-3, 0), ally)),
        monsters=(mtype,),
        decks={mtype.deck: (MonsterCard(id="m1", initiative=50, actions=_abilities(*monster_actions)),)},
        rooms=((Placement(mtype.name, rank, monster_hex),),),  # type: ignore[arg-type]
        board=BoardSpec(hexes=tuple(disk((0, 0), 4))),
    )
    return Game(setup, seed=seed)


def _monster(game: Game) -> str:
    return next(f.id for f in game.state.figures.values() if f.kind == "monster")


def _play_round(game: Game, log: list[str], cards: str = "h1 h2") -> None:
    """The hero plays h1's top (attacking the monster), everyone else the plainest choice."""
    mid = _monster(game)
    log.extend(str(e) for e in game.choose(f"select {cards}"))
    log.extend(str(e) for e in game.choose(game.decision.choices.texts()[0]))  # type: ignore[union-attr]
    for _ in range(40):
        d = game.decision
        if d is None or d.kind == "select":
            return
        texts = d.choices.texts()
        for want in (
            "top h1",
            f"target {mid}",
            "take",
            "basic-bottom",
            "stop",
            "no-rest",
            "skip",
            "bottom",
            "top",
            "outcome",
        ):
            found = next((c for c in texts if c == want or c.startswith(want)), None)
            if found is not None:
                log.extend(str(e) for e in game.choose(found))
                break
        else:
            raise AssertionError(f"no choice among {texts}")


def _draws(log: list[str], who: str) -> list[list[str]]:
    """The cards drawn (``drew=``) by each attack of ``who`` (a figure id or its prefix)."""
    out = []
    for line in map(str, log):
        parts = line.split()
        if parts[0] == "modifiers" and parts[1].startswith(who):
            out.append(parts[2].removeprefix("drew=").split(","))
    return out


# ------------------------------------------------------------------ Sun Demon: advantage


def test_10_2_sun_demon_stat_line_advantage_its_attack_draws_two_cards() -> None:
    sun = _pack_type(10, "sun-demon")
    assert sun.normal is not None and sun.normal.advantage
    game = _game(sun, "normal", (1, 0))
    log: list[str] = []
    _play_round(game, log)
    draws = _draws(log, "sun-demon")
    assert draws and all(len(d) == 2 for d in draws), log  # the monster deck has no rolling card


def test_6_3_sun_demon_advantage_and_ranged_adjacent_disadvantage_cancel() -> None:
    """A ranged Sun Demon (its stat line given range 3 here) attacking an adjacent hero: advantage
    and disadvantage cancel, one card is drawn (§6.3)."""
    sun = _pack_type(10, "sun-demon")
    assert sun.normal is not None
    ranged = msgspec.structs.replace(sun, normal=msgspec.structs.replace(sun.normal, range=3))
    game = _game(ranged, "normal", (1, 0), monster_actions=("attack 0",))  # no move away
    log: list[str] = []
    _play_round(game, log)
    draws = _draws(log, "sun-demon")
    assert draws and all(len(d) == 1 for d in draws), log


# ------------------------------------------------------------------ attackers gain disadvantage


def test_night_demon_attackers_gain_disadvantage_a_character_draws_two_cards() -> None:
    night = _pack_type(5, "night-demon")
    assert night.normal is not None and night.normal.attackers_disadvantage
    game = _game(night, "normal", (1, 0))
    log: list[str] = []
    _play_round(game, log)
    draws = _draws(log, "hero")
    assert draws and len(draws[0]) == 2, log  # a fresh character deck has no rolling card
    night_draws = _draws(log, "night-demon")
    assert night_draws and all(len(d) == 1 for d in night_draws)  # its own attacks are plain


def test_6_3_attackers_disadvantage_and_ranged_adjacent_do_not_add_up() -> None:
    """Two reasons for disadvantage are still one disadvantage: two cards."""
    night = _pack_type(5, "night-demon")
    game = _game(night, "normal", (1, 0), hero_top=("attack 2 range 3",))
    log: list[str] = []
    _play_round(game, log)
    assert len(_draws(log, "hero")[0]) == 2


def test_black_imp_elite_hinders_attackers_from_level_3_only() -> None:
    low, high = _pack_type(29, "black-imp", 3), _pack_type(29, "black-imp", 5)
    assert low.elite is not None and high.elite is not None and high.normal is not None
    party = [Member("brute", 3), Member("spellweaver", 3)]
    assert setup_from_pack(load_pack(), 29, party).level == 2
    assert not low.elite.attackers_disadvantage  # monster level 2
    assert high.elite.attackers_disadvantage and not high.normal.attackers_disadvantage
    for mtype, rank, cards in ((high, "elite", 2), (high, "normal", 1)):
        game = _game(mtype, rank, (1, 0))
        log: list[str] = []
        _play_round(game, log)
        assert len(_draws(log, "hero")[0]) == cards, (rank, log)


def test_a_summons_attack_on_a_night_demon_has_disadvantage() -> None:
    night = _pack_type(5, "night-demon")
    assert night.normal is not None
    tough = msgspec.structs.replace(night, normal=msgspec.structs.replace(night.normal, health=40))
    game = _game(tough, "normal", (2, 0), monster_actions=("shield 1",))
    sid = game.summon("hero", "wolf", 5, (1, 0), move=2, attack=2)
    log: list[str] = []
    _play_round(game, log)  # the summon acts from the next round (§12)
    _play_round(game, log, "h3 h4")
    draws = _draws(log, sid)
    assert draws and all(len(d) == 2 for d in draws), log


# ------------------------------------------------------------------ Flame Demon: Retaliate X, Range Y


def _flame_game(distance: int) -> Game:
    flame = _pack_type(10, "flame-demon", 2)
    assert flame.elite is not None and (flame.elite.retaliate, flame.elite.retaliate_range) == (2, 2)
    return _game(flame, "elite", (distance, 0), hero_top=("attack 1 range 3",), monster_actions=("shield 0",))


def test_6_7_flame_demon_ranged_retaliate_reaches_an_attacker_two_hexes_away() -> None:
    game = _flame_game(2)
    log: list[str] = []
    _play_round(game, log)
    assert game.state.figures["hero"].hp == 28, log  # 30 - Retaliate 2


def test_6_7_flame_demon_ranged_retaliate_does_not_reach_three_hexes() -> None:
    game = _flame_game(3)
    log: list[str] = []
    _play_round(game, log)
    assert game.state.figures["hero"].hp == 30


def test_6_7_stat_card_retaliate_with_range_is_listed_with_its_reach() -> None:
    game = _flame_game(2)
    mid = _monster(game)
    assert [(r.amount, r.range) for r in game.retaliates(mid)] == [(2, 2)]
    assert game.retaliate(mid) == 2


def test_flame_demon_normal_gains_ranged_retaliate_from_level_3() -> None:
    pack = load_pack()
    line = pack.monsters["flame-demon"].stats(3, "normal")
    assert any(a.type == "retaliate" and a.sub for a in line.abilities)
    setup = setup_from_pack(pack, 10, [Member("brute", 5), Member("spellweaver", 5)])
    flame = next(t for t in setup.monsters if t.name == "flame-demon")
    assert setup.level == 3 and flame.normal is not None and flame.normal.retaliate_range >= 2


# ------------------------------------------------------------------ a stat line's curse


def test_forest_imp_stat_line_curse_goes_into_the_targets_deck() -> None:
    pack = load_pack()
    level = next(
        lv.level for lv in pack.monsters["forest-imp"].levels
        if lv.normal is not None and any(a.value == "curse" for a in lv.normal.abilities)
    )  # fmt: skip
    stats = MonsterStats(health=20, move=1, attack=2, card_adds=("curse",))
    imp = MonsterType(name="forest-imp", deck="forest-imp", standees=6, normal=stats)
    game = _game(imp, "normal", (1, 0), hero_top=("move 1",))
    log: list[str] = []
    _play_round(game, log)
    assert "condition hero curse" in map(str, log), log
    assert (
        game.state.modifier_decks["hero"].count("curse")
        + sum(1 for e in log if str(e).startswith("modifiers hero") and "curse" in str(e))
        >= 1
    )
    # and the pack's own stat line carries it to the engine at that level
    from delvekit.gloomhaven.content.adapter import _stats

    line = pack.monsters["forest-imp"].stats(level, "normal")
    built = _stats(line, pack.monsters["forest-imp"], {"C": 2, "L": level})
    assert built is not None and built.card_adds == ("curse",)


@pytest.mark.parametrize("rank", ["normal", "elite"])
def test_sun_demon_advantage_at_every_level(rank: str) -> None:
    from delvekit.gloomhaven.content.adapter import _stats

    mt = load_pack().monsters["sun-demon"]
    for level in range(8):
        built = _stats(mt.stats(level, rank), mt, {"C": 2, "L": level})  # type: ignore[arg-type]
        assert built is not None and built.advantage, level


# ------------------------------------------------------------------ a character summon's stat line


def test_12_a_summons_printed_shield_holds_every_round() -> None:
    """A summon stat line's Shield (the Beast Tyrant's Monolith, the Summoner's Slime Spirit) was
    dropped by the card translation; it is now the summon's shield each round."""
    from delvekit.gloomhaven.content import schema as cs
    from delvekit.gloomhaven.content.adapter import convert_half

    spirit = cs.SummonStats(
        name="Slime Spirit", health=4, move=2, attack=1, abilities=(cs.CardAbility(type="shield", value=2),)
    )
    top = convert_half(
        cs.CardHalf(abilities=(cs.CardAbility(type="summon", summon=spirit),), lost=True, persistent=True), {}
    )
    night = _pack_type(5, "night-demon")
    hero = [Card(id="h1", initiative=10, top=top, bottom=Half(abilities=_abilities("move 1")))]
    hero += [_card(f"h{i}", 20 + i) for i in range(2, 7)]
    ally = [_card(f"a{i}", 70 + i) for i in range(1, 7)]
    setup = GameSetup(
        scenario="summon-shield",
        level=1,
        party=(_char("hero", (0, 0), hero), _char("ally", (-3, 0), ally)),
        monsters=(night,),
        decks={night.deck: (MonsterCard(id="m1", initiative=50, actions=_abilities("shield 0")),)},
        rooms=((Placement("night-demon", "normal", (4, 0)),),),
        board=BoardSpec(hexes=tuple(disk((0, 0), 4))),
    )
    game = Game(setup, seed=1)
    game.choose("select h1 h2")
    game.choose(game.decision.choices.texts()[0])  # type: ignore[union-attr]
    game.choose("top h1")
    game.choose(next(c for c in game.decision.choices.texts() if c.startswith("summon-at")))  # type: ignore[union-attr]
    sid = next(f.id for f in game.state.figures.values() if f.kind == "summon")
    while game.decision is not None and game.decision.actor == "hero" and game.decision.kind != "select":
        game.choose(next(c for c in game.decision.choices.texts() if c in ("bottom h2", "stop", "skip")))
    assert game.shield(sid) == 2
    for _ in range(40):  # to the next round
        d = game.decision
        assert d is not None
        if d.kind == "select":
            break
        texts = d.choices.texts()
        game.choose(next((c for c in texts if c.split()[0] in ("stop", "skip", "no-rest", "take")), texts[0]))
    game.choose("select h3 h4")
    game.choose(game.decision.choices.texts()[0])  # type: ignore[union-attr]
    assert game.state.round == 2 and game.shield(sid) == 2
