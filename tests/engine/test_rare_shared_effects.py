"""Rare situations of the shared named effects (``effects/area.py``, ``picks.py``,
``active_area.py``, ``ally_picks.py``) that only the slow random sweeps used to reach (issue 12):
no one to hit, a declined area, several attacks in one action, a summon that cannot move. Real
cards of the content pack on the open arena, +0-only modifier decks."""

from __future__ import annotations

from delvekit.gloomhaven.model.conditions import Condition
from delvekit.gloomhaven.model.setup import MonsterStats

from .class_arena import arena, at, finish_round, go, hero

STILL = MonsterStats(health=10, move=0, attack=0)


def test_cranium_overload_no_enemy_next_to_the_killed_one_no_attack() -> None:
    """Cranium Overload: kill a normal enemy within range 4, then attack every enemy adjacent to
    it; with none adjacent there is no attack."""
    game = arena(
        [hero("mindthief", ["cranium-overload"], (0, 0))],
        [("normal", (3, 0)), ("normal", (-3, 0))],
        stats=STILL,
    )
    near, other = at(game, (3, 0)), at(game, (-3, 0))
    go(game, "select cranium-overload scurry", "top cranium-overload")
    d = game.decision
    assert d is not None and f"kill {near}" in [str(c) for c in d.choices]
    events = go(game, f"kill {near}")
    assert f"killed {near}" in events and "no-target mindthief" in events
    assert not any(e.startswith("attack mindthief") for e in events) and game.state.figures[other].hp == 10


def test_scroll_of_judgment_no_enemy_within_range_4_no_damage() -> None:
    game = arena([hero("quartermaster", ["scroll-of-judgment"], (0, 0))], [("normal", (5, 0))], stats=STILL)
    m = at(game, (5, 0))
    events = go(game, "select scroll-of-judgment hastened-step", "top scroll-of-judgment", "take 2")
    assert "damage quartermaster 2 suffer" in events  # its own "suffer 2" still happens
    assert "no-target quartermaster" in events and game.state.figures[m].hp == 10


def test_scroll_of_judgment_every_enemy_within_range_4_suffers_2() -> None:
    game = arena(
        [hero("quartermaster", ["scroll-of-judgment"], (0, 0))],
        [("normal", (4, 0)), ("normal", (5, 0))],
        stats=STILL,
    )
    near, far = at(game, (4, 0)), at(game, (5, 0))
    go(game, "select scroll-of-judgment hastened-step", "top scroll-of-judgment", "take 2")
    assert game.state.figures[near].hp == 8 and game.state.figures[far].hp == 10


def test_disintegration_beam_declined_kills_no_one() -> None:
    game = arena([hero("tinkerer", ["disintegration-beam"], (0, 0))], [("normal", (2, 0))], stats=STILL)
    m = at(game, (2, 0))
    game.state.figures[m].hp = 3
    go(game, "select disintegration-beam stun-shot", "top disintegration-beam")
    d = game.decision
    assert d is not None and d.kind == "area" and "skip" in [str(c) for c in d.choices]
    xp = game.state.characters["tinkerer"].xp
    events = go(game, "skip")
    assert "declined tinkerer area" in events
    assert m in game.state.figures and game.state.characters["tinkerer"].xp == xp


def test_angelic_ascension_every_attack_of_the_next_action_gains_the_bonus_for_one_use() -> None:
    """Angelic Ascension: the next attack *actions* gain +3, wound and advantage; an action
    attacking all enemies (Burning Flash) gains it on each attack and spends one use."""
    sun = hero(
        "sunkeeper", ["angelic-ascension", "cautious-advance", "burning-flash", "practical-plans"], (0, 0)
    )
    game = arena([sun], [("normal", (1, 0)), ("normal", (-1, 0))], stats=STILL)
    a, b = at(game, (1, 0)), at(game, (-1, 0))
    for m in (a, b):
        game.state.figures[m].max_hp = game.state.figures[m].hp = 30
    go(
        game,
        "select angelic-ascension cautious-advance",
        "top angelic-ascension",
        "bottom cautious-advance",
        "stop?",
    )
    finish_round(game)
    go(game, "select burning-flash practical-plans")
    events = go(game, "top burning-flash")
    d = game.decision
    assert d is not None and d.kind == "attack"
    events += go(game, next(str(c) for c in d.choices if c.kind == "all"))
    for m in (a, b):
        assert f"attack sunkeeper {m} value=7 damage=7" in events  # Attack 4, +3
        assert Condition.WOUND in game.state.figures[m].conditions
    assert [e for e in events if e.startswith("next-attack-bonus ")] == [
        "next-attack-bonus sunkeeper angelic-ascension"
    ]
    active = game.state.characters["sunkeeper"].active
    assert [(x.card, x.used) for x in active if x.card == "angelic-ascension"] == [("angelic-ascension", 1)]


def test_jet_propulsion_a_stunned_summon_does_not_move() -> None:
    """Jet Propulsion moves every summoned ally within range 3; a stunned one cannot perform
    any ability (§8: stun) and stays."""
    game = arena([hero("tinkerer", ["jet-propulsion"], (0, 0))], [("normal", (5, -5))], stats=STILL)
    free = game.summon("tinkerer", "bot", 6, (1, 0), move=2)
    stuck = game.summon("tinkerer", "decoy", 6, (-1, 0), move=2)
    game.add_condition(stuck, Condition.STUN)
    events = go(game, "select jet-propulsion stun-shot", "top jet-propulsion")
    assert f"ally-performs {free} for=tinkerer" in events
    assert f"ally-performs {stuck} for=tinkerer" not in events
    d = game.decision
    assert d is not None and d.kind == "move"
    finish_round(game)
    assert game.state.figures[stuck].hex == (-1, 0)
