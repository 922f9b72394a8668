"""Golden tests for the single cards encoded last (issue 13): the Quartermaster's Catastrophic
Bomb (:mod:`delvekit.gloomhaven.effects.classes.quartermaster`), with the real cards of the
content pack on an open arena and +0-only modifier decks."""

from __future__ import annotations

from delvekit.gloomhaven.model.setup import MonsterStats

from .class_arena import PACK, arena, at, go, hero


def test_catastrophic_bomb_is_encoded_and_the_quartermaster_plays_at_every_level() -> None:
    klass = PACK.classes["quartermaster"]
    assert all(c.encoded for c in klass.cards) and klass.playable_at(9)


def test_catastrophic_bomb_bottom_normal_enemies_in_the_area_and_you_suffer_10() -> None:
    qm = hero("quartermaster", ["catastrophic-bomb", "hastened-step"], (0, 0), health=14)
    game = arena(
        [qm],
        [("normal", (1, 0)), ("normal", (0, 1)), ("elite", (-1, 1)), ("normal", (-1, 0))],
        stats=MonsterStats(health=12, move=0, attack=0),
    )
    a, b, elite = at(game, (1, 0)), at(game, (0, 1)), at(game, (-1, 1))
    go(game, "select catastrophic-bomb hastened-step", "bottom catastrophic-bomb")
    d = game.decision
    assert d is not None and d.kind == "area"
    options = {str(c) for c in d.choices}
    assert f"area {' '.join(sorted((a, b)))}" in options
    assert not any(elite in o for o in options)  # an elite is not a normal enemy
    events = go(game, f"area {' '.join(sorted((a, b)))}")
    assert f"damage {a} 10 suffer" in events and f"damage {b} 10 suffer" in events
    assert game.state.figures[a].hp == 2 and game.state.figures[b].hp == 2
    assert game.state.figures[elite].hp == 14  # untouched
    d = game.decision
    assert d is not None and d.kind == "damage" and d.actor == "quartermaster"  # may lose a card
    events += go(game, next(str(c) for c in d.choices if c.kind == "take"))
    assert game.state.figures["quartermaster"].hp == 4  # he suffers 10 too, after them
    assert events.index(f"damage {a} 10 suffer") < events.index("damage quartermaster 10 suffer")
    assert game.state.characters["quartermaster"].xp == 1


def test_catastrophic_bomb_top_attacks_every_enemy_in_a_twelve_hex_area_within_range_3() -> None:
    qm = hero("quartermaster", ["catastrophic-bomb", "hastened-step"], (0, 0))
    game = arena(
        [qm],
        [("normal", (3, 0)), ("normal", (4, 0)), ("normal", (5, -1)), ("normal", (5, -2))],
        stats=MonsterStats(health=12, move=0, attack=0),
    )
    ids = sorted(at(game, h) for h in ((3, 0), (4, 0), (5, -1), (5, -2)))
    go(game, "select catastrophic-bomb hastened-step", "top catastrophic-bomb")
    d = game.decision
    assert d is not None and d.kind == "attack"
    assert f"area {' '.join(ids)}" in {str(c) for c in d.choices}
    events = go(game, f"area {' '.join(ids)}")
    assert sum(1 for e in events if e.startswith("attack quartermaster") and "value=1" in e) == 4
