"""Rare situations of the Plagueherald's wordings (:mod:`delvekit.gloomhaven.effects.classes.plagueherald`)
that random play meets only now and then: Grim Bargain with no ally in range or declined, a
doubled attack action with two targets, Willing Sacrifice declined."""

from __future__ import annotations

from delvekit.gloomhaven.engine.game import Game
from delvekit.gloomhaven.model.conditions import Condition
from delvekit.gloomhaven.model.setup import MonsterStats

from .class_arena import arena, at, finish_round, go, hero, until
from .test_class_plagueherald import SLOW, ph
from .test_class_soothsinger import singer5


def _distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return max(abs(dq), abs(dr), abs(dq + dr))


def _bargain_game(brute_at: tuple[int, int]) -> Game:
    """Grim Bargain's top active from round 1; round 2 starts with Biting Gnats' top to play."""
    game = arena(
        [ph(["grim-bargain", "biting-gnats", "creeping-curse"]), hero("brute", [], brute_at)],
        [("normal", (3, 0)), ("normal", (3, -1)), ("normal", (2, 1)), ("normal", (4, -1))],
    )
    go(game, "select grim-bargain creeping-curse", SLOW, "top grim-bargain", "bottom creeping-curse", "stop")
    finish_round(game)
    go(game, "select biting-gnats paralyzing-bite", "long-rest")
    return game


def _grim_bargain_used(game: Game) -> int:
    return next(a.used for a in game.state.characters["plagueherald"].active if a.card == "grim-bargain")


def test_grim_bargain_is_not_offered_without_an_ally_within_range_2() -> None:
    """Grim Bargain curses one ally within range 2 for two more targets: with every ally
    farther off, the attack starts with its printed targets and no ally is asked for."""
    game = _bargain_game((-4, 0))
    assert _distance(game.state.figures["brute"].hex, game.state.figures["plagueherald"].hex) > 2
    go(game, "top biting-gnats")
    d = game.decision
    assert d is not None and d.kind != "ally"
    go(game, f"target {at(game, (3, 0))}", f"target {at(game, (3, -1))}")
    assert game.state.modifier_decks["brute"].count("curse") == 0
    assert game.state.figures[at(game, (2, 1))].hp == 10  # two targets only
    assert _grim_bargain_used(game) == 0


def test_grim_bargain_declined_curses_nobody_and_adds_no_target() -> None:
    """Grim Bargain is optional: skipped, no ally is cursed, the attack keeps its two targets
    and no use slot is spent."""
    game = _bargain_game((-1, 0))
    go(game, "top biting-gnats")
    d = game.decision
    assert d is not None and d.kind == "ally" and "skip" in {str(c) for c in d.choices}
    events = go(game, "skip")
    assert "ph-bargain plagueherald declined" in events
    assert game.state.modifier_decks["brute"].count("curse") == 0
    go(game, f"target {at(game, (3, 0))}", f"target {at(game, (3, -1))}")
    assert game.state.figures[at(game, (2, 1))].hp == 10
    assert _grim_bargain_used(game) == 0


def test_grim_bargain_doubles_every_target_of_the_doubled_attack_action() -> None:
    """Grim Bargain doubles the next attack action: each of its targets takes the doubled
    attack (the doubling is announced once)."""
    game = arena([ph(["grim-bargain", "biting-gnats"])], [("normal", (3, 0)), ("normal", (3, -1))])
    a, b = at(game, (3, 0)), at(game, (3, -1))
    go(game, "select grim-bargain biting-gnats", "bottom grim-bargain")
    assert Condition.MUDDLE in game.state.figures["plagueherald"].conditions
    events = go(game, "top biting-gnats", f"target {a}", f"target {b}?")
    assert sum("doubled+2" in e for e in events) == 2
    assert events.count("ph-doubled plagueherald") == 1
    assert game.state.figures[a].hp == 10 - 4 and game.state.figures[b].hp == 10 - 4


def test_willing_sacrifice_declined_costs_nothing() -> None:
    """Willing Sacrifice is a choice after each move: declined, the Plagueherald keeps its
    hit points and the poisoned enemy takes nothing."""
    game = arena([ph(["willing-sacrifice", "biting-gnats", "wretched-swarm"])], [("normal", (5, -5))])
    go(game, "select willing-sacrifice biting-gnats", "top willing-sacrifice", "bottom biting-gnats", "stop")
    finish_round(game)
    enemy = at(game, (5, -5))
    game.state.figures[enemy].conditions.add(Condition.POISON, turns_started=0, immune=frozenset())
    go(game, "select wretched-swarm paralyzing-bite", "bottom wretched-swarm", "step 1,0", "stop")
    d = game.decision
    assert d is not None and d.kind == "target" and {str(c) for c in d.choices} == {f"target {enemy}", "skip"}
    events = go(game, "skip")
    assert "declined plagueherald willing-sacrifice" in events
    assert game.state.figures["plagueherald"].hp == 12
    assert game.state.figures[enemy].hp == 10


def test_grim_bargain_is_offered_once_mobilizing_measures_move_brings_an_ally_in_range() -> None:
    """Grim Bargain asks as the attack starts, before any target: when no ally is within range
    2 at first, a Move 1 from the Soothsinger's Mobilizing Measure that brings one in range
    lets the Plagueherald still make the bargain for that attack."""
    singer = singer5(["mobilizing-measure", "marching-beat", "singing-arrow", "nimble-knife"], (-5, 0))
    game = arena(
        [ph(["grim-bargain", "biting-gnats", "creeping-curse"]), hero("brute", [], (3, 0)), singer],
        [("normal", (0, 3))],
        stats=MonsterStats(health=20, move=0, attack=0),
    )
    go(game, "select grim-bargain creeping-curse", SLOW, "select mobilizing-measure marching-beat")
    go(game, "top mobilizing-measure", "bottom marching-beat", "stop?")
    go(game, "top grim-bargain", "bottom creeping-curse", "stop?")
    finish_round(game)
    go(
        game,
        "select biting-gnats paralyzing-bite",
        "select shield-bash leaping-cleave",
        "select singing-arrow nimble-knife",
    )
    until(game, "plagueherald", "action")
    assert _distance(game.state.figures["brute"].hex, (0, 0)) == 3
    go(game, "top biting-gnats")
    d = game.decision
    assert d is not None and d.kind == "move-first"  # no ally in range 2: no bargain yet
    go(game, "move-first", "step 1,0")
    d = game.decision
    assert d is not None and d.kind == "ally" and {str(c) for c in d.choices} == {"target brute", "skip"}
    events = go(game, "target brute")
    assert "ph-bargain plagueherald paid brute targets+2" in events
    assert game.state.modifier_decks["brute"].count("curse") == 1


def test_grim_bargain_doubles_an_attack_after_spread_the_plague_is_asked() -> None:
    """Grim Bargain's doubling and Spread the Plague's +1 both apply to the one attack action,
    Spread the Plague's question coming first."""
    game = arena(
        [
            ph(["spread-the-plague", "grim-bargain", "biting-gnats", "creeping-curse"]),
            hero("brute", [], (1, 0)),
        ],
        [("normal", (3, 0))],
    )
    m = at(game, (3, 0))
    go(
        game,
        "select spread-the-plague creeping-curse",
        SLOW,
        "top spread-the-plague",
        "bottom creeping-curse",
    )
    finish_round(game)
    go(game, "select grim-bargain biting-gnats", "long-rest", "bottom grim-bargain")
    go(game, "top biting-gnats", f"target {m}")
    d = game.decision
    assert d is not None and d.kind == "ally"
    events = go(game, "target brute")
    assert Condition.POISON in game.state.figures["brute"].conditions
    bonus = next(e for e in events if e.startswith(f"attack-bonus plagueherald {m}"))
    assert "spread-the-plague+1" in bonus and "doubled+3" in bonus
    assert game.state.figures[m].hp == 10 - 6
