"""Coverage (issue 5 "must show"): every monster ability card of every base-game monster deck is
executed at least once, every boss's version of the shared Boss deck included (its "special 1/2"
are the boss's own actions), and no card leaves an ability unresolved.

For each monster type of the content pack (its own deck, or the Boss deck with its specials) and
each card of its deck, one round is played on a small open map: the type's monster stands three
hexes from two characters, every element is Strong (so that consumptions happen), and the card is
stacked on top of the deck. The card counts as executed when the type activated with it in that
round, the game reported no ``unresolved`` ability and broke no invariant. Run with ``-s`` to see
the coverage line."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from delvekit.core.decks import Deck
from delvekit.core.hexes import disk
from delvekit.gloomhaven.content import ContentPack, load_pack
from delvekit.gloomhaven.content.adapter import _line, _stats, _summoned_types, monster_actions
from delvekit.gloomhaven.engine.game import Game
from delvekit.gloomhaven.model.elements import Element
from delvekit.gloomhaven.model.level import level_info
from delvekit.gloomhaven.model.setup import BoardSpec, Card, GameSetup, MonsterCard, MonsterType, Placement
from delvekit.gloomhaven.testing.invariants import violations

from .helpers import hero, plain_hand

RANKS = ("normal", "elite", "boss")


def monster_types(
    pack: ContentPack, names: set[str], variables: dict[str, int], level: int = 1
) -> tuple[list[MonsterType], dict[str, tuple[MonsterCard, ...]]]:
    """The setup records of ``names`` and the types they summon, as the content adapter builds
    them (stat lines at the monster level of scenario level ``level``, boss formulas for C)."""
    monster_level = level_info(level).monster_level
    types: list[MonsterType] = []
    decks: dict[str, tuple[MonsterCard, ...]] = {}
    for name in sorted(names | _summoned_types(pack, names)):
        mt = pack.monster(name)
        stats = {r: _stats(_line(mt, monster_level, r), mt, variables) for r in RANKS}
        types.append(
            MonsterType(
                name=name,
                deck=mt.deck,
                standees=mt.count,
                normal=stats["normal"],
                elite=stats["elite"],
                boss=stats["boss"],
            )
        )
        if mt.deck not in decks or name in names:
            decks[mt.deck] = tuple(
                MonsterCard(
                    id=str(c.number),
                    initiative=c.initiative,
                    shuffle=c.shuffle,
                    actions=tuple(monster_actions(c.abilities, variables, mt.specials)),
                )
                for c in pack.deck_of(name).cards
            )
    return types, decks


def arena(
    pack: ContentPack,
    name: str,
    *,
    players: int = 2,
    level: int = 1,
    monster_hex: tuple[int, int] = (3, 0),
    others: tuple[tuple[str, str, tuple[int, int]], ...] = (),
    hand: tuple[Card, ...] = (),
) -> GameSetup:
    """``players`` characters (plain cards, or ``hand``; 20 health) at (0,0), (0,1)... and one
    monster of type ``name`` (boss rank for a boss) on a radius-5 open map; ``others`` adds
    monsters."""
    variables = {"C": players, "L": level}
    names = {name} | {o[0] for o in others}
    types, decks = monster_types(pack, names, variables, level)
    rank = "boss" if pack.monster(name).boss else "normal"
    starts = [(0, 0), (0, 1), (-1, 1), (-1, 0)][:players]
    party = [
        hero(f"hero{i}", list(hand) or plain_hand(f"h{i}", [60 + 10 * i + k for k in range(8)]), h, 20)
        for i, h in enumerate(starts)
    ]
    placed = [Placement(name, rank, monster_hex), *(Placement(n, r, h) for n, r, h in others)]  # type: ignore[arg-type]
    return GameSetup(
        scenario="arena",
        level=level,
        party=tuple(party),
        monsters=tuple(types),
        decks=decks,
        rooms=(tuple(placed),),
        board=BoardSpec(hexes=tuple(disk((0, 0), 5))),
    )


def start(setup: GameSetup, seed: int = 1) -> Game:
    game = Game(setup, seed=seed)
    while game.decision is not None and game.decision.kind in ("battle-goal", "hand"):
        game.choose(game.decision.choices[0])
    return game


def play_round(game: Game, rnd: random.Random) -> list[str]:
    """Random legal choices until round 1 ends (invariants checked after each); its events."""
    first = len(game.events)
    while game.decision is not None and not any(e.kind == "round-end" for e in game.events[first:]):
        game.choose(rnd.choice(list(game.decision.choices)))
        assert not violations(game), violations(game)
    return [str(e) for e in game.events[first:]]


def all_strong(game: Game) -> None:
    for e in Element:
        game.state.elements.infuse(e)
    game.state.elements.end_turn()


def _coverage(elements: bool) -> tuple[Counter[str], set[str], list[str]]:
    pack = load_pack()
    executed: Counter[str] = Counter()
    expected: set[str] = set()
    problems: list[str] = []
    for name in sorted(pack.monsters):
        mt = pack.monsters[name]
        if mt.deck not in pack.monster_decks:
            continue
        setup = arena(pack, name)
        for card in setup.decks[mt.deck]:
            key = f"{mt.deck}({name})/{card.id}" if mt.deck == "boss" else f"{mt.deck}/{card.id}"
            expected.add(key)
            game = start(setup)
            rest = [c.id for c in setup.decks[mt.deck] if c.id != card.id]
            game.state.decks[mt.deck] = Deck.from_state([card.id], rest)
            if elements:
                all_strong(game)
            events = play_round(game, random.Random(f"{name}/{card.id}"))
            problems += [f"{name} {card.id}: {e}" for e in events if e.startswith("unresolved ")]
            if f"activate {name} card={card.id}" in events:
                executed[key] += 1
    return executed, expected, problems


@pytest.mark.parametrize("elements", [True, False], ids=["elements-strong", "no-elements"])
def test_every_monster_ability_card_executes(elements: bool) -> None:
    """With every element Strong (consumptions happen) and with none (the plain lines)."""
    executed, expected, problems = _coverage(elements)
    decks = {k.split("/")[0] for k in expected}
    share = 100 * len(set(executed)) / len(expected)
    print(
        f"\nmonster ability cards executed: {len(set(executed))}/{len(expected)} ({share:.0f}%) "
        f"in {len(decks)} decks (the Boss deck once per boss), elements {'strong' if elements else 'none'}"
    )
    assert not problems, problems
    assert set(executed) == expected, sorted(expected - set(executed))
    assert len(expected) >= 30 * 8  # 30 decks of 8 cards, and the Boss deck once per boss
