"""Golden tests for the Soothsinger's level 6-9 cards (:mod:`delvekit.gloomhaven.effects.classes.
soothsinger_control` and the songs of :mod:`~delvekit.gloomhaven.effects.classes.soothsinger`), one
per rule, with the real cards of the content pack on an open arena and +0-only modifier decks."""

from __future__ import annotations

from delvekit.gloomhaven.engine.game import Game
from delvekit.gloomhaven.model.conditions import Condition
from delvekit.gloomhaven.model.setup import CharacterSetup, MonsterStats

from .class_arena import PACK, arena, at, finish_round, go, hero, until

STILL = MonsterStats(health=20, move=0, attack=3)


def singer(cards: list[str], hex: tuple[int, int]) -> CharacterSetup:
    return hero("soothsinger", cards, hex, 10)


def _until(game: Game, actor: str, kind: str | None = None) -> None:
    """Answer everyone else's decisions until ``actor`` decides (a ``kind`` decision, if given)."""
    until(game, actor, kind)


def test_every_card_of_every_level_is_encoded() -> None:
    klass = PACK.classes["soothsinger"]
    assert len(klass.cards) == 28 and all(c.encoded for c in klass.cards)
    assert klass.playable_at(9)


def test_pull_the_strings_song_forces_an_enemy_within_range_5_to_move_2_at_her_turn_start() -> None:
    ss = singer(["pull-the-strings", "marching-beat", "singing-arrow", "nimble-knife"], (-2, 0))
    game = arena([ss], [("normal", (3, 0)), ("normal", (5, -5))], stats=STILL)
    near, far = at(game, (3, 0)), at(game, (5, -5))
    go(
        game,
        "select pull-the-strings marching-beat",
        "top pull-the-strings",
        "bottom marching-beat?",
        "stop?",
    )
    finish_round(game)
    go(game, "select singing-arrow nimble-knife")
    _until(game, "soothsinger", "control")
    d = game.decision
    assert d is not None
    assert f"control {near}" in [str(c) for c in d.choices]
    assert f"control {far}" not in [str(c) for c in d.choices]  # range 7
    events = go(game, f"control {near}")
    assert f"controlled {near} by=soothsinger" in events
    d = game.decision
    assert d is not None and d.kind == "move" and d.actor == "soothsinger"
    go(game, "step 4,0", "step 4,-1")
    assert game.state.figures[near].hex == (4, -1)
    d = game.decision
    assert d is not None and d.kind == "action"  # then her turn as usual


def test_pull_the_strings_bottom_an_enemy_attacks_another_with_its_own_attack() -> None:
    ss = singer(["pull-the-strings", "marching-beat"], (0, 0))
    game = arena([ss], [("normal", (3, 0)), ("normal", (4, 0))], stats=STILL)
    a, b = at(game, (3, 0)), at(game, (4, 0))
    go(game, "select pull-the-strings marching-beat")
    events = go(game, "bottom pull-the-strings", f"control {a}")
    d = game.decision
    assert d is not None and d.kind == "attack" and d.actor == "soothsinger"
    assert f"target {b}" in [str(c) for c in d.choices] and f"target {a}" not in [str(c) for c in d.choices]
    events += go(game, f"target {b}")
    assert f"attack {a} {b} value=3 damage=3" in events  # its stat line's 3, +0
    assert game.state.figures["soothsinger"].hp == 10


def test_nightmare_serenade_curses_one_enemy_within_range_5_at_her_turn_start() -> None:
    ss = singer(["nightmare-serenade", "marching-beat", "singing-arrow", "nimble-knife"], (-1, 0))
    game = arena([ss], [("normal", (4, 0)), ("normal", (3, 1)), ("normal", (5, -5))], stats=STILL)
    a, b, far = at(game, (4, 0)), at(game, (3, 1)), at(game, (5, -5))
    go(game, "select nightmare-serenade marching-beat", "top nightmare-serenade")
    finish_round(game)
    go(game, "select singing-arrow nimble-knife")
    _until(game, "soothsinger", "curse")
    d = game.decision
    assert d is not None
    assert sorted(str(c) for c in d.choices) == sorted([f"target {a}", f"target {b}"])  # no skip
    events = go(game, f"target {b}")
    assert f"condition {b} curse" in events and f"condition {a} curse" not in events
    assert far not in " ".join(events)


def test_captivating_performance_adds_1_to_every_attack_of_an_ally() -> None:
    ss = singer(["captivating-performance", "marching-beat"], (-5, 0))
    brute = hero("brute", ["trample", "spare-dagger"], (0, 0))
    game = arena([ss, brute], [("normal", (1, 0)), ("normal", (0, 1))], stats=STILL)
    a = at(game, (1, 0))
    go(game, "select captivating-performance marching-beat", "select trample spare-dagger")
    go(game, "top captivating-performance")
    _until(game, "brute")
    events = go(game, "top trample", f"target {a}")
    assert f"attack brute {a} value=4 damage=4" in events  # Trample's 3, +1
    _until(game, "brute")
    events = go(game, "bottom spare-dagger", f"target {a}")
    bonuses = [e for e in events if e.startswith("attack-bonus brute") and "song+1" in e]
    assert bonuses  # the second action's attack too (not once per turn)
    assert not any(e.startswith("attack-bonus soothsinger") for e in events)


def test_tranquil_trill_heals_allies_2_at_their_turn_start() -> None:
    ss = singer(["tranquil-trill", "marching-beat"], (-3, 0))
    brute = hero("brute", ["trample", "sweeping-blow"], (0, 0), health=12)
    game = arena([ss, brute], [("normal", (5, -5))], stats=STILL)
    game.state.figures["brute"].hp = 8
    go(game, "select tranquil-trill marching-beat", "select trample sweeping-blow", "top tranquil-trill")
    _until(game, "brute")
    assert game.state.figures["brute"].hp == 10


def test_shadow_puppets_every_enemy_jumped_over_attacks_its_ally() -> None:
    ss = singer(["shadow-puppets", "marching-beat"], (0, 0))
    game = arena([ss], [("normal", (1, 0)), ("normal", (1, 1)), ("normal", (5, -5))], stats=STILL)
    a, b = at(game, (1, 0)), at(game, (1, 1))
    go(game, "select shadow-puppets marching-beat", "top shadow-puppets")
    go(game, "step 1,0", "step 2,0")
    events = go(game, "stop?")
    _until(game, "soothsinger", "attack")
    d = game.decision
    assert d is not None and f"target {b}" in [str(c) for c in d.choices]
    events += go(game, f"target {b}")
    assert f"controlled {a} by=soothsinger" in events
    assert f"attack {a} {b} value=3 damage=3" in events
    assert not any(e.startswith(f"controlled {b}") for e in events)  # not moved through


def test_shadow_puppets_bottom_two_allies_within_range_3_attack_4() -> None:
    ss = singer(["shadow-puppets", "marching-beat"], (0, 0))
    brute = hero("brute", ["trample", "sweeping-blow"], (2, 0))
    tink = hero("tinkerer", ["stun-shot", "hook-gun"], (0, 2))
    game = arena([ss, brute, tink], [("normal", (3, 0)), ("normal", (1, 2))], stats=STILL)
    a, b = at(game, (3, 0)), at(game, (1, 2))
    go(
        game,
        "select shadow-puppets marching-beat",
        "select trample sweeping-blow",
        "select stun-shot hook-gun",
    )
    _until(game, "soothsinger", "action")
    events = go(game, "bottom shadow-puppets", "ally brute", f"target {a}", "ally tinkerer", f"target {b}")
    assert f"attack brute {a} value=4 damage=4" in events
    assert f"attack tinkerer {b} value=4 damage=4" in events
    d = game.decision
    assert d is None or d.kind != "ally"  # two allies at most


def test_commanding_presence_every_enemy_in_the_seven_hexes_moves_2_as_she_chooses() -> None:
    ss = singer(["commanding-presence", "marching-beat"], (0, 0))
    game = arena([ss], [("normal", (3, 0)), ("normal", (3, -1)), ("normal", (-5, 5))], stats=STILL)
    a, b = at(game, (3, 0)), at(game, (3, -1))
    go(game, "select commanding-presence marching-beat", "bottom commanding-presence")
    d = game.decision
    assert d is not None and d.kind == "area"
    assert f"area {' '.join(sorted((a, b)))}" in [str(c) for c in d.choices]
    go(game, f"area {' '.join(sorted((a, b)))}")
    moved = 0
    for _ in range(4):
        d = game.decision
        if d is None or d.kind != "move":
            break
        assert d.actor == "soothsinger"
        go(game, str(d.choices[0]))
        moved += 1
    assert moved >= 2
    assert "commanding-presence" in game.state.characters["soothsinger"].lost


def test_provoke_terror_stuns_every_enemy_in_the_triangle_within_range_4() -> None:
    ss = singer(["provoke-terror", "marching-beat"], (0, 0))
    game = arena([ss], [("normal", (4, 0)), ("normal", (4, 1))], stats=STILL)
    a, b = at(game, (4, 0)), at(game, (4, 1))
    go(game, "select provoke-terror marching-beat", "top provoke-terror", f"area {' '.join(sorted((a, b)))}")
    assert Condition.STUN in game.state.figures[a].conditions
    assert Condition.STUN in game.state.figures[b].conditions
