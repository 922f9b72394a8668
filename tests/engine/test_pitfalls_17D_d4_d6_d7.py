"""The rules digest's last round pitfalls (§17.D): D4 long-rest state, D6 scenario rules keyed on
the standee number, D7 challenge-card hooks (Frosthaven only) and condition kinds.

D1–D3 are in test_round_17D.py, D5 in test_decks.py."""

from __future__ import annotations

from collections.abc import Iterator

import msgspec
import pytest

from delvekit.gloomhaven.engine import hooks, registry
from delvekit.gloomhaven.engine.game import Game
from delvekit.gloomhaven.engine.state import Figure
from delvekit.gloomhaven.model import initiative
from delvekit.gloomhaven.model.abilities import Ability
from delvekit.gloomhaven.model.conditions import Condition
from delvekit.gloomhaven.model.rulesets import PRESETS, Ruleset

from .helpers import card, default_answer, events_since, half, hero, mcard, mtype, plain_hand, setup, turns
from .test_move_attack_5_6 import board

# ---------------------------------------------------------------- D4


def _resting_game() -> Game:
    """The brute plays round 1, then declares a long rest in round 2 against a guard at 50."""
    brute = hero("brute", plain_hand("c", [10, 20, 30, 40, 60, 70]))
    guard = [mtype("guard")], {"guard": [mcard("g50", 50)]}, [[("guard", "normal", (3, 0))]]
    game = Game(setup([brute], *guard), seed=4)
    game.choose("select c1 c2")
    while game.state.round < 2 or game.decision is None or game.decision.kind != "select":
        assert game.decision is not None
        game.choose(default_answer(game.decision))
    return game


def _rest_round(game: Game) -> list[str]:
    start = len(game.events)
    game.choose("long-rest")
    ch = game.state.characters["brute"]
    assert ch.long_rest and ch.lead is None and ch.selected == []  # the state, set when declared
    while "round-end 2" not in events_since(game, start):
        assert game.decision is not None
        game.choose(default_answer(game.decision))
    assert not ch.long_rest  # ends with the round
    return events_since(game, start)


def test_17_D4_long_rest_is_a_declared_state_acting_at_99() -> None:
    game = _resting_game()
    events = _rest_round(game)
    guard = game.state.monsters("guard")[0].id
    assert "reveal brute long-rest initiative=99" in events
    assert turns(events) == [guard, "brute"]  # 50 before 99
    assert any(e.startswith("long-rest brute lost=") for e in events)


def test_17_D4_long_rest_state_does_not_depend_on_its_initiative(monkeypatch: pytest.MonkeyPatch) -> None:
    """A rule that lets a long rest act at another initiative (Frosthaven perk) moves the turn
    only: the character still rests (loses a card, heals, recovers), because the engine keeps
    the rest as the character's state, not as 'initiative 99'."""
    monkeypatch.setattr(initiative, "LONG_REST_INITIATIVE", 5)
    game = _resting_game()
    events = _rest_round(game)
    guard = game.state.monsters("guard")[0].id
    assert turns(events) == ["brute", guard]  # now before the guard's 50
    assert any(e.startswith("long-rest brute lost=") for e in events)
    assert any(e.startswith("healed brute") for e in events)


def test_17_D4_a_card_of_initiative_99_is_no_rest_even_when_a_rest_acts_elsewhere(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(initiative, "LONG_REST_INITIATIVE", 5)
    slow = card("slow", 99)
    brute = hero("brute", [slow, *plain_hand("c", [10, 20, 30])])
    game = Game(setup([brute]), seed=1)
    start = len(game.events)
    game.choose("select slow c1")
    assert not game.state.characters["brute"].long_rest
    while "round-end 1" not in events_since(game, start):
        assert game.decision is not None
        game.choose(default_answer(game.decision))
    assert not [e for e in events_since(game, start) if e.startswith("long-rest")]


# ---------------------------------------------------------------- D6


@pytest.fixture
def odd_standees_shielded() -> Iterator[None]:
    """A hand-built scenario rule (at the round_event hook point, as scenario rules are): at the
    start of every round, every guard with an odd standee number gets Shield 3 for the round."""

    def rule(game: Game, timing: str) -> None:
        if timing != "start":
            return
        for f in game.state.monsters("guard"):
            if f.standee % 2 == 1:
                game.perform(f.id, Ability(kind="shield", value=3))

    hooks.round_event.add(1000, rule)  # after every wired rule
    try:
        yield
    finally:
        hooks.round_event.remove(rule)


def _guards_game() -> Game:
    hit = card("hit", 10, top=half("attack 3"), bottom=half("move 1"))
    s = setup(
        [hero("brute", [hit, *plain_hand("c", [60, 61, 62, 63])])],
        [mtype("guard", health=30)],
        {"guard": [mcard("g90", 90)]},
        [[("guard", "normal", (1, 0)), ("guard", "normal", (1, -1)), ("guard", "normal", (0, 1))], []],
    )
    return Game(msgspec.structs.replace(s, board=board()), seed=5)  # standees 2, 3, 5 are drawn


@pytest.mark.usefixtures("odd_standees_shielded")
def test_17_D6_a_scenario_rule_keyed_on_the_standee_number() -> None:
    game = _guards_game()
    guards = game.state.monsters("guard")
    assert sorted(f.standee for f in guards) == [2, 3, 5]  # standees are drawn at random (§2.4)
    game.choose("select hit c1")  # round 1 starts: the rule runs
    for f in guards:
        assert game.shield(f.id) == (3 if f.standee % 2 else 0), f.id
    odd = next(f for f in guards if f.standee % 2)
    even = next(f for f in guards if not f.standee % 2)
    game.choose("top hit")
    start = len(game.events)
    game.choose(f"target {odd.id}")
    hit_odd = [e for e in events_since(game, start) if e.startswith(f"attack brute {odd.id}")]
    assert len(hit_odd) == 1, hit_odd
    fields = dict(w.split("=") for w in hit_odd[0].split()[3:])
    assert int(fields["damage"]) == max(0, int(fields["value"]) - 3)  # Shield 3 took its share
    while game.state.round < 2 or game.decision is None or game.decision.kind != "select":
        assert game.decision is not None
        game.choose(default_answer(game.decision))
    # end of round: the bonus is gone; it comes back at the next round's start, still by number
    assert game.shield(even.id) == 0
    game.choose("select c2 c3")
    assert [game.shield(f.id) for f in guards] == [3 if f.standee % 2 else 0 for f in guards]


def test_17_D6_without_the_rule_no_standee_is_shielded() -> None:
    game = _guards_game()
    game.choose("select hit c1")
    assert [game.shield(f.id) for f in game.state.monsters("guard")] == [0, 0, 0]


# ---------------------------------------------------------------- D7


def test_17_D7_the_gloomhaven_engine_has_no_challenge_card_hook() -> None:
    """Challenge cards are Frosthaven only: the hooks the engine runs (death, round, turn end,
    goal, loot, reveal, stat, turn, group, away, damage...) include no challenge-card hook, and no
    rule switch of the Gloomhaven preset mentions challenges. (A hook that prevents a condition
    exists for a Gloomhaven class: the Sawbones's Vaccine and Battlefield Medicine.)"""
    points = set(hooks.ALL)
    assert points >= {"died", "round_event", "turn_ended", "goal", "looted"}
    assert not any("challenge" in name or "challenge" in point.doc for name, point in hooks.ALL.items())
    assert not any("challenge" in name.lower() for name in vars(registry))
    assert not any("challenge" in field for field in Ruleset.__struct_fields__)
    assert set(PRESETS) >= {"gloomhaven", "frosthaven"}


def test_17_D7_negative_and_positive_conditions_are_told_apart() -> None:
    """What a 'negative condition applied' hook would test: strengthen and invisible are not
    negative, every other condition is."""
    positive = {c for c in Condition if not c.negative}
    assert positive == {Condition.STRENGTHEN, Condition.INVISIBLE}


def test_17_D7_natural_expiry_and_removal_are_distinct_events() -> None:
    """An 'on expiry' hook must see natural end-of-turn expiry: the engine reports it as its own
    event (``expired``), apart from removal by a heal (``healed``)."""
    game = _guards_game()
    game.add_condition("brute", Condition.STRENGTHEN)
    game.add_condition("brute", Condition.POISON)
    start = len(game.events)
    game.heal("brute", 1)
    assert "condition-ended brute poison healed" in events_since(game, start)
    game.choose("select hit c1")
    while "round-end 1" not in events_since(game, start):
        assert game.decision is not None
        game.choose(default_answer(game.decision))
    ended = [e for e in events_since(game, start) if e.startswith("condition-ended brute")]
    assert ended == ["condition-ended brute poison healed", "condition-ended brute strengthen expired"]


def test_17_D7_turn_end_hooks_fire_for_characters_only() -> None:
    seen: list[str] = []

    def spy(game: Game, f: Figure) -> None:
        seen.append(f.kind)

    hooks.turn_ended.add(1000, spy)
    try:
        game = _guards_game()
        game.choose("select hit c1")
        while game.state.round < 2:
            assert game.decision is not None
            game.choose(default_answer(game.decision))
    finally:
        hooks.turn_ended.remove(spy)
    assert seen == ["character"]
