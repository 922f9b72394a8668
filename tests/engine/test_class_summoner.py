"""Golden tests for the Summoner's wordings (:mod:`delvekit.gloomhaven.effects.classes.summoner` and the
shared wordings its cards use), with the real cards of the content pack on an open arena and
+0-only modifier decks."""

from __future__ import annotations

from delvekit.gloomhaven.content.adapter import Member, character
from delvekit.gloomhaven.engine.game import Game
from delvekit.gloomhaven.engine.state import Figure
from delvekit.gloomhaven.model.setup import CharacterSetup, MonsterStats

from .class_arena import PACK, ZEROS, arena, at, finish_round, go

CARDS = {c.id: c for c in character(PACK, Member("summoner", 9), (0, 0), {"C": 2, "L": 1}).hand}
FILLER = ["wild-animation", "biting-wind", "black-fire", "unwavering-hand"]
ARCHER = MonsterStats(health=10, move=0, attack=3, range=3)


def summoner(cards: list[str], hex: tuple[int, int] = (0, 0), health: int = 12) -> CharacterSetup:
    names = cards + [c for c in FILLER if c not in cards]
    hand = tuple(CARDS[c] for c in names)
    return CharacterSetup(
        id="summoner",
        class_name="summoner",
        max_health=health,
        hand_limit=len(hand),
        hand=hand,
        hex=hex,
        modifiers=ZEROS,
        level=9,
    )


def _summon(game: Game) -> Figure:
    return next(f for f in game.state.figures.values() if f.kind == "summon")


def test_every_level_1_and_x_card_is_encoded() -> None:
    low = [c for c in PACK.classes["summoner"].cards if c.level in (1, "X")]
    assert len(low) == 12 and all(c.encoded for c in low)


def _bond_game() -> tuple[Game, Figure]:
    """Round 2 of a game whose Iron Beast (summoned next to the Summoner) has just attacked the
    enemy next to it on its own turn; the Summoner holds Mighty Bond."""
    game = arena([summoner(["forged-ferocity", "mighty-bond", "bonded-might"])], [("normal", (2, 0))])
    go(game, "select bonded-might forged-ferocity")
    go(game, "top forged-ferocity", "summon-at 1,0", "bottom bonded-might")
    finish_round(game)
    beast = _summon(game)
    assert (beast.max_hp, game.state.summon_stats[beast.id]) == (5, (2, 1, 0))
    return game, beast


def test_mighty_bond_has_an_adjacent_summon_move_and_attack_with_its_own_stats() -> None:
    game, beast = _bond_game()
    events = go(game, "select mighty-bond biting-wind")
    assert any(e.startswith(f"attack {beast.id} ") for e in events)  # its own turn came first
    go(game, "top mighty-bond")
    d = game.decision
    assert d is not None and d.kind == "summon-performs"
    assert [str(c) for c in d.choices] == [f"summon {beast.id}", "skip"]
    events = go(game, f"summon {beast.id}")
    assert f"ally-performs {beast.id} for=summoner" in events
    go(game, "step 1,-1", "step 2,-1")  # its Move 2: two steps end the move
    d = game.decision
    assert d is not None and d.kind == "attack"
    m = at(game, (2, 0))
    events = go(game, f"target {m}")
    assert f"attack {beast.id} {m} value=1 damage=1" in events


def test_mighty_bond_offers_no_summon_that_is_not_adjacent() -> None:
    game, beast = _bond_game()
    go(game, "select mighty-bond biting-wind")
    beast.hex = (-3, 0)
    events = go(game, "top mighty-bond")
    assert "no-target summoner" in events and "ally-performs" not in " ".join(events)


def test_the_iron_beast_retaliates_from_the_round_it_is_summoned() -> None:
    game = arena([summoner(["forged-ferocity"])], [("normal", (2, 0))], ("attack +0",))
    go(game, "select biting-wind forged-ferocity")
    go(game, "top forged-ferocity", "summon-at 1,0")
    beast = _summon(game)
    events = go(game, "bottom biting-wind", "skip")
    events += finish_round(game)
    m = at(game, (2, 0))
    hit = next(i for i, e in enumerate(events) if e.startswith(f"attack {m} "))
    assert events[hit].startswith(f"attack {m} {beast.id} ")
    assert f"damage {m} 1 retaliate" in events[hit:]


def test_forged_ferocity_bottom_shields_you_and_your_summons_not_the_enemies() -> None:
    game = arena([summoner(["forged-ferocity", "leathery-wings"])], [("normal", (3, 0))])
    go(game, "select leathery-wings forged-ferocity")
    go(game, "top leathery-wings", "summon-at 1,0")
    bats = _summon(game)
    events = go(game, "bottom forged-ferocity")
    shields = [e for e in events if e.startswith("bonus ") and " shield " in e]
    assert shields == ["bonus summoner shield 1 by=summoner", f"bonus {bats.id} shield 1 by=summoner"]
    assert "infusing earth" in events


def test_the_shadow_wolf_pierces_two_shields() -> None:
    game = arena([summoner(["living-night"])], [("elite", (2, 0))])  # elite: shield 1
    go(game, "select biting-wind living-night")
    go(game, "top living-night", "summon-at 1,0", "bottom biting-wind", "skip")
    finish_round(game)
    wolf = _summon(game)
    assert game.state.summon_stats[wolf.id] == (3, 2, 0)
    events = go(game, "select black-fire unwavering-hand")
    m = at(game, (2, 0))
    assert f"attack {wolf.id} {m} value=2 damage=2" in events  # shield 1 pierced


def test_living_night_gives_disadvantage_against_you_and_your_summons_only() -> None:
    game = arena([summoner(["living-night", "leathery-wings"])], [("normal", (2, 0))], ("attack +0",))
    go(game, "select living-night leathery-wings")
    go(game, "top leathery-wings", "summon-at 1,0")
    bats = _summon(game)
    events = go(game, "bottom living-night")
    assert f"radiance summoner summoner {bats.id}" in events
    assert "infusing dark" in events
    m = at(game, (2, 0))
    assert f"modifiers {m} drew=+0,+0 applies=+0" in events  # two cards drawn: disadvantage
    plain = arena([summoner(["leathery-wings"])], [("normal", (2, 0))], ("attack +0",))
    go(plain, "select biting-wind leathery-wings", "top leathery-wings", "summon-at 1,0")
    events = go(plain, "bottom biting-wind", "skip")
    assert f"modifiers {at(plain, (2, 0))} drew=+0 applies=+0" in events  # without Living Night


def test_the_lava_golem_retaliates_at_range_two() -> None:
    game = arena([summoner(["unending-dominance"])], [("normal", (3, 0))], ("attack +0",), stats=ARCHER)
    go(game, "select biting-wind unending-dominance")
    go(game, "top unending-dominance", "summon-at 1,0")
    golem = _summon(game)
    assert game.state.summon_stats[golem.id] == (2, 3, 0) and golem.max_hp == 7
    events = go(game, "bottom biting-wind", "skip")
    events += finish_round(game)
    m = at(game, (3, 0))
    hit = next(i for i, e in enumerate(events) if e.startswith(f"attack {m} "))
    assert events[hit].startswith(f"attack {m} {golem.id} ")  # two hexes away
    assert f"damage {m} 2 retaliate" in events[hit:]


def test_the_living_bomb_bursts_on_every_enemy_within_range_two_as_it_dies() -> None:
    still = MonsterStats(health=10, move=0, attack=3)
    game = arena(
        [summoner(["volatile-flame"])],
        [("normal", (2, 0)), ("normal", (3, -1)), ("normal", (5, -5))],
        ("attack +0",),
        stats=still,
    )
    go(game, "select biting-wind volatile-flame")
    go(game, "top volatile-flame", "summon-at 1,0")
    bomb = _summon(game)
    assert (bomb.max_hp, game.state.summon_stats[bomb.id]) == (1, (3, 2, 0))
    near, farther, far = at(game, (2, 0)), at(game, (3, -1)), at(game, (5, -5))
    events = go(game, "bottom biting-wind", "skip")
    events += finish_round(game)
    assert f"killed {bomb.id}" in events
    burst = [e for e in events if e.startswith(f"attack {bomb.id} ") and e.endswith("on-death")]
    assert sorted(e.split()[2] for e in burst) == sorted([near, farther])
    assert all("value=3 damage=3" in e for e in burst)
    assert far not in " ".join(burst)
    assert "infusing fire" in events
    assert "volatile-flame" in game.state.characters["summoner"].lost


def test_ethereal_vines_heals_adjacent_summons_only() -> None:
    game = arena([summoner(["ethereal-vines", "leathery-wings"])], [("normal", (4, 0))])
    go(game, "select ethereal-vines leathery-wings")
    go(game, "top leathery-wings", "summon-at 1,0")
    bats = _summon(game)
    bats.hp = 2
    game.state.figures["summoner"].hp = 5
    go(game, "bottom ethereal-vines", "stop")
    assert bats.hp == 3
    assert game.state.figures["summoner"].hp == 5


def test_unending_dominance_recovers_up_to_four_lost_cards_and_is_lost_itself() -> None:
    game = arena([summoner(["unending-dominance", "black-fire", "wild-animation"])], [("normal", (4, 0))])
    ch = game.state.characters["summoner"]
    go(game, "select black-fire unending-dominance")
    for card in ("wild-animation", "biting-wind"):
        ch.hand.remove(card)
        ch.lost.append(card)
    go(game, "bottom unending-dominance")
    d = game.decision
    assert d is not None and d.kind == "recover"
    assert [str(c) for c in d.choices] == ["recover wild-animation", "recover biting-wind", "done"]
    go(game, "recover wild-animation", "recover biting-wind?")
    assert "wild-animation" in ch.hand and "biting-wind" in ch.hand
    assert "unending-dominance" not in ch.hand
