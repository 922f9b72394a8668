"""Shared helpers for engine tests: a random bot and drivers that stop at a given decision."""

from __future__ import annotations

import random
from collections.abc import Callable

from delvekit.core.records import Choice, Decision
from delvekit.gloomhaven.engine.game import Game
from delvekit.gloomhaven.model.abilities import Ability
from delvekit.gloomhaven.model.setup import (
    Card,
    CharacterSetup,
    GameSetup,
    Half,
    MonsterCard,
    MonsterStats,
    MonsterType,
    Placement,
)
from delvekit.gloomhaven.testing.invariants import violations


def random_choice(game: Game, rnd: random.Random) -> Choice:
    assert game.decision is not None
    return rnd.choice(list(game.decision.choices))


def play_random(game: Game, seed: int, *, max_choices: int = 5000, check: bool = True) -> Game:
    """Play random legal choices until the end, checking invariants after each one."""
    rnd = random.Random(seed)
    for _ in range(max_choices):
        if game.decision is None:
            return game
        game.choose(random_choice(game, rnd))
        if check:
            problems = violations(game)
            assert not problems, problems
    raise AssertionError("game did not end")


def until(game: Game, stop: Callable[[Decision], bool], answer: Callable[[Decision], str]) -> Decision:
    """Answer decisions with ``answer`` until ``stop`` holds for the pending one."""
    for _ in range(1000):
        d = game.decision
        assert d is not None, "game ended"
        if stop(d):
            return d
        game.choose(answer(d))
    raise AssertionError("never reached")


# ---------------------------------------------------------------- builders


def half(*abilities: str, lost: bool = False, round_bonus: bool = False, persistent: bool = False) -> Half:
    return Half(
        abilities=tuple(Ability.parse(a) for a in abilities),
        lost=lost,
        round_bonus=round_bonus,
        persistent=persistent,
    )


def card(cid: str, initiative: int, top: Half | None = None, bottom: Half | None = None) -> Card:
    return Card(id=cid, initiative=initiative, top=top or half(), bottom=bottom or half())


def plain_hand(prefix: str, initiatives: list[int]) -> list[Card]:
    return [card(f"{prefix}{n}", i) for n, i in enumerate(initiatives, 1)]


def hero(cid: str, cards: list[Card], hex: tuple[int, int] = (0, 0), health: int = 10) -> CharacterSetup:
    return CharacterSetup(
        id=cid, class_name=cid, max_health=health, hand_limit=len(cards), hand=tuple(cards), hex=hex
    )


def mcard(cid: str, initiative: int, *actions: str, shuffle: bool = False) -> MonsterCard:
    return MonsterCard(
        id=cid, initiative=initiative, shuffle=shuffle, actions=tuple(Ability.parse(a) for a in actions)
    )


def mtype(
    name: str, deck: str | None = None, health: int = 5, standees: int = 6, **stats: object
) -> MonsterType:
    return MonsterType(
        name=name,
        deck=deck or name,
        standees=standees,
        normal=MonsterStats(health=health),
        elite=MonsterStats(health=health + 4, shield=1),
        boss=MonsterStats(health=health * 3, immunities=stats.get("boss_immune", ())),  # type: ignore[arg-type]
    )


def setup(
    party: list[CharacterSetup],
    monsters: list[MonsterType] = [],  # noqa: B006
    decks: dict[str, list[MonsterCard]] | None = None,
    rooms: list[list[tuple[str, str, tuple[int, int]]]] | None = None,
    win: str = "none",
) -> GameSetup:
    return GameSetup(
        scenario="test",
        level=1,
        party=tuple(party),
        monsters=tuple(monsters),
        decks={k: tuple(v) for k, v in (decks or {}).items()},
        rooms=tuple(tuple(Placement(m, r, h) for m, r, h in room) for room in (rooms or [[]])),  # type: ignore[arg-type]
        win=win,  # type: ignore[arg-type]
    )


def default_answer(d: Decision) -> str:
    """A fixed policy: first selection, first action, take damage, no rest, first tie."""
    if d.kind == "damage":
        return next(str(c) for c in d.choices if c.kind == "take")
    if d.kind == "short-rest":
        return "no-rest"
    if d.kind == "short-rest-loss":
        return "accept"
    return str(d.choices[0])


def events_since(game: Game, start: int) -> list[str]:
    return [str(e) for e in game.events[start:]]


def turns(events: list[str]) -> list[str]:
    return [e.split()[1] for e in events if e.startswith("turn ")]
