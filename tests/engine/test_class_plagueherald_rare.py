"""Rare situations of the Plagueherald's wordings (:mod:`delvekit.gloomhaven.effects.classes.plagueherald`)
that random play meets only now and then: Grim Bargain with no ally in range or declined, a
doubled attack action with two targets, Willing Sacrifice declined."""

from __future__ import annotations

from delvekit.gloomhaven.engine.game import Game
from delvekit.gloomhaven.model.conditions import Condition

from .class_arena import arena, at, finish_round, go, hero
from .test_class_plagueherald import SLOW, ph


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
