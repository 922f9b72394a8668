"""Golden rule tests for character summons (rules digest §12) with the Mindthief's real summon
cards: placement, turn order, modifier deck, the card that keeps the summon in play."""

from __future__ import annotations

from delvekit.gloomhaven.engine.game import Game
from delvekit.gloomhaven.model.setup import MonsterStats

from .test_character_effects import arena, at, go, hero

TOUGH = MonsterStats(health=30, move=2, attack=3)


def _summoner(monsters: list[tuple[str, tuple[int, int]]] | None = None) -> Game:
    cards = ["gnawing-horde", "scurry", "into-the-night", "empathetic-assault", "wretched-creature"]
    return arena([hero("mindthief", cards, (0, 0))], monsters or [("normal", (4, 0))], stats=TOUGH)


def test_12_placed_only_on_an_empty_adjacent_hex() -> None:
    game = arena(
        [hero("mindthief", ["gnawing-horde", "scurry"], (0, 0))],
        [("normal", (1, 0)), ("normal", (0, 1))],
        stats=TOUGH,
    )
    game.state.coins[(-1, 0)] = 1  # a money token: not empty
    go(game, "select gnawing-horde scurry", "top gnawing-horde")
    d = game.decision
    assert d is not None and d.kind == "summon" and d.actor == "mindthief"
    assert sorted(d.choices.texts()) == ["skip", "summon-at -1,1", "summon-at 0,-1", "summon-at 1,-1"]


def test_12_no_empty_adjacent_hex_no_summon() -> None:
    ring = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)]
    game = arena(
        [hero("mindthief", ["gnawing-horde", "scurry"], (0, 0))], [("normal", h) for h in ring], stats=TOUGH
    )
    events = go(game, "select gnawing-horde scurry", "top gnawing-horde")
    assert "no-hex mindthief summon" in events
    assert not any(f.kind == "summon" for f in game.state.figures.values())


def test_12_acts_before_its_owner_from_the_next_round_with_the_owners_deck() -> None:
    game = _summoner([("normal", (2, 0))])
    go(game, "select gnawing-horde scurry", "top gnawing-horde", "summon-at 1,0", "bottom scurry")
    before = len(game.state.modifier_decks["mindthief"].draw_pile)
    events = go(game, "select into-the-night empathetic-assault")
    turns = [e.split()[1] for e in events if e.startswith("turn ")]
    assert turns[:2] == ["mindthief.rat-swarm1", "mindthief"]
    drew = [e for e in events if e.startswith("modifiers mindthief.rat-swarm1 ")]
    assert drew and len(game.state.modifier_decks["mindthief"].draw_pile) < before


def test_12_summon_moves_by_monster_focus_rules_towards_the_monsters() -> None:
    game = _summoner([("normal", (4, 0))])
    go(game, "select gnawing-horde scurry", "top gnawing-horde", "summon-at 1,0", "bottom scurry")
    m = at(game, (4, 0))
    events = go(game, "select into-the-night empathetic-assault")
    assert f"focus mindthief.rat-swarm1 {m}" in events
    assert game.state.figures["mindthief.rat-swarm1"].hex == (2, 0)  # Move 1 towards its focus


def test_12_the_card_is_lost_when_the_summon_dies_and_a_new_summon_gets_a_free_number() -> None:
    game = _summoner()
    go(game, "select gnawing-horde scurry", "top gnawing-horde", "summon-at 1,0")
    game.lose_hp(game.state.figures["mindthief.rat-swarm1"], 6, "test")
    ch = game.state.characters["mindthief"]
    assert "gnawing-horde" in ch.lost and not ch.active
    assert game.summon("mindthief", "rat-swarm", 6, (1, 0)) == "mindthief.rat-swarm1"


def test_12_a_lost_summon_card_is_not_offered_as_a_discard_to_negate_damage() -> None:
    game = arena(
        [hero("mindthief", ["gnawing-horde", "scurry", "into-the-night", "empathetic-assault"], (0, 0))],
        [("normal", (-1, 0))],
        ("attack +0",),
        stats=TOUGH,
    )
    go(game, "select gnawing-horde scurry", "top gnawing-horde", "summon-at 1,0", "bottom scurry")
    d = game.decision
    assert d is not None and d.kind == "damage"
    pairs = [c for c in d.choices if c.kind == "lose-discard" and "gnawing-horde" in c.args]
    assert not pairs  # a lost card in the active area does not count as discarded


def test_12_summons_leave_with_an_exhausted_owner() -> None:
    game = _summoner()
    go(game, "select gnawing-horde scurry", "top gnawing-horde", "summon-at 1,0")
    game.exhaust("mindthief", "health")
    assert not any(f.kind == "summon" for f in game.state.figures.values())
