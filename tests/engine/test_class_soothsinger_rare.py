"""Rare situations of the Soothsinger's wordings (:mod:`delvekit.gloomhaven.effects.classes.soothsinger`
and ``soothsinger_control``) that random play meets only now and then: a controlled enemy that
is disarmed, a control or a command declined, a turn-start song with no enemy in range, an
ally's attack that comes after its move."""

from __future__ import annotations

from delvekit.gloomhaven.model.conditions import Condition
from delvekit.gloomhaven.model.setup import MonsterStats

from .class_arena import arena, at, finish_round, go, hero, until
from .test_class_soothsinger import singer5
from .test_class_soothsinger_late import STILL, singer


def test_pull_the_strings_a_disarmed_enemy_cannot_attack_its_ally() -> None:
    """§8.2 Disarm: the controlled enemy performs an attack, which disarm forbids: nobody is hurt."""
    game = arena(
        [singer(["pull-the-strings", "marching-beat"], (0, 0))],
        [("normal", (3, 0)), ("normal", (4, 0))],
        stats=STILL,
    )
    a, b = at(game, (3, 0)), at(game, (4, 0))
    game.state.figures[a].conditions.add(Condition.DISARM, turns_started=0, immune=frozenset())
    go(game, "select pull-the-strings marching-beat")
    events = go(game, "bottom pull-the-strings", f"control {a}")
    assert f"controlled {a} by=soothsinger" in events
    assert f"prevented {a} attack disarm" in events
    assert game.decision is None or game.decision.kind != "attack"
    assert game.state.figures[b].hp == 20


def test_pull_the_strings_control_declined_makes_no_attack() -> None:
    """Pull the Strings' bottom is the player's choice: skipped, no enemy is controlled."""
    game = arena(
        [singer(["pull-the-strings", "marching-beat"], (0, 0))],
        [("normal", (3, 0)), ("normal", (4, 0))],
        stats=STILL,
    )
    a, b = at(game, (3, 0)), at(game, (4, 0))
    go(game, "select pull-the-strings marching-beat", "bottom pull-the-strings")
    d = game.decision
    assert d is not None and d.kind == "control" and "skip" in {str(c) for c in d.choices}
    events = go(game, "skip")
    assert "declined soothsinger control" in events
    assert not any(e.startswith(("controlled", f"attack {a}")) for e in events)
    assert game.state.figures[a].hp == 20 and game.state.figures[b].hp == 20


def test_shadow_puppets_bottom_declined_no_ally_attacks() -> None:
    """Shadow Puppets' bottom: up to two allies attack; "done" at once means none does."""
    ss = singer(["shadow-puppets", "marching-beat"], (0, 0))
    brute = hero("brute", ["trample", "sweeping-blow"], (2, 0))
    game = arena([ss, brute], [("normal", (3, 0))], stats=STILL)
    a = at(game, (3, 0))
    go(game, "select shadow-puppets marching-beat", "select trample sweeping-blow")
    until(game, "soothsinger", "action")
    go(game, "bottom shadow-puppets")
    d = game.decision
    assert d is not None and d.kind == "ally" and {str(c) for c in d.choices} == {"ally brute", "done"}
    events = go(game, "done")
    assert "declined soothsinger ally" in events
    assert not any(e.startswith("attack brute") for e in events)
    assert game.state.figures[a].hp == 20


def test_nightmare_serenade_with_no_enemy_within_range_5_curses_nobody() -> None:
    """Nightmare Serenade curses one enemy within range 5 as her turn starts: with none that
    near, nobody is cursed and her turn goes on as usual."""
    ss = singer(["nightmare-serenade", "marching-beat", "singing-arrow", "nimble-knife"], (-5, 0))
    game = arena([ss], [("normal", (5, -5))], stats=STILL)
    far = at(game, (5, -5))
    go(game, "select nightmare-serenade marching-beat", "top nightmare-serenade")
    finish_round(game)
    start = len(game.events)
    go(game, "select singing-arrow nimble-knife")
    until(game, "soothsinger", "action")
    events = [str(e) for e in game.events[start:]]
    assert "song-turn-start soothsinger ss-turn-start-curse" in events
    assert "no-target soothsinger" in events
    assert game.state.modifier_decks["@monsters"].count("curse") == 0
    assert far in game.state.figures


def test_mobilizing_measure_is_offered_to_an_attack_that_follows_the_allys_move() -> None:
    """Mobilizing Measure: an ally's attack may start with Move 1, once per action, also when
    the attack comes after a move of the same half (Scurry's "Move 3, Attack 1")."""
    ss = singer5(["mobilizing-measure", "marching-beat"], (-5, 0))
    mindthief = hero("mindthief", ["scurry", "fearsome-blade"], (0, 0))
    game = arena([ss, mindthief], [("normal", (3, 0))], stats=MonsterStats(health=20, move=0, attack=0))
    m = at(game, (3, 0))
    go(
        game,
        "select mobilizing-measure marching-beat",
        "select scurry fearsome-blade",
        "top mobilizing-measure",
    )
    until(game, "mindthief", "action")
    events = go(game, "top scurry", "step 1,0", "stop")
    assert "move-ended mindthief 1,0" in events
    d = game.decision
    assert d is not None and d.kind == "move-first" and d.actor == "mindthief"
    go(game, "move-first", "step 2,0")
    assert game.state.figures["mindthief"].hex == (2, 0)
    d = game.decision
    assert d is not None and d.kind == "attack"  # asked once per action
    events = go(game, f"target {m}")
    assert f"attack mindthief {m} value=1 damage=1" in events
