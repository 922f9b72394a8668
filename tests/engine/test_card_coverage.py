"""Coverage: every half of every Brute and Mindthief card, and every ability card of the monsters
in scenarios 1-10, is executed in random games (issue 4 "must show"), and executed in full: no
ability is a custom one without a handler in the named-effect registry, and no game reports an
``unresolved`` ability. Run with ``-s`` to print the coverage."""

from __future__ import annotations

import random
from collections import Counter

from delvekit.core.decks import Deck
from delvekit.gloomhaven.content import load_pack
from delvekit.gloomhaven.content.adapter import Member, setup_from_pack, unsupported
from delvekit.gloomhaven.engine.game import Game
from delvekit.gloomhaven.model.setup import GameSetup
from delvekit.gloomhaven.testing.invariants import violations

SCENARIOS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]


UNRESOLVED: Counter[str] = Counter()
"""``unresolved`` events seen in any game of this module (figure type and ability)."""


def _key(setup: GameSetup, deck: str, card: str) -> str:
    """A card's coverage key; the shared Boss deck counts once per scenario (its "special 1/2"
    are each boss's own actions)."""
    return f"{deck}@{setup.scenario}/{card}" if deck == "boss" else f"{deck}/{card}"


def _note_unresolved(game: Game, start: int = 0) -> None:
    for e in game.events[start:]:
        if e.kind == "unresolved":
            UNRESOLVED[" ".join((e.args[0].split("#")[0], *e.args[1:]))] += 1


def _each_monster_card(setup: GameSetup) -> Counter[str]:
    """Play one round per monster ability card: every room revealed, the card stacked on top of
    its deck, so the card's actions are performed by the monsters of its deck."""
    seen: Counter[str] = Counter()
    for deck, cards in setup.decks.items():
        for card in cards:
            game = Game(setup, seed=1)
            while game.decision is not None and game.decision.kind in ("battle-goal", "hand"):
                game.choose(game.decision.choices[0])
            game.state.decks[deck] = Deck.from_state([card.id], [c.id for c in cards if c.id != card.id])
            for room in range(1, len(setup.rooms)):
                if room not in game.state.revealed_rooms:
                    game.reveal_room(room)
            start = len(game.events)
            rnd = random.Random(card.id)
            while game.decision is not None and "round-end 1" not in [str(e) for e in game.events[start:]]:
                game.choose(rnd.choice(list(game.decision.choices)))
                assert not violations(game)
            _note_unresolved(game, start)
            for e in game.events[start:]:
                if e.kind == "activate" and e.args[1] == f"card={card.id}":
                    seen[_key(setup, deck, card.id)] += 1
    return seen


def test_every_brute_and_mindthief_half_and_every_monster_card_is_executed() -> None:
    pack = load_pack()
    halves: Counter[str] = Counter()
    monster_cards: Counter[str] = Counter()
    wanted_halves: set[str] = set()
    wanted_monster_cards: set[str] = set()
    gaps: dict[str, list[str]] = {}
    for scenario in SCENARIOS:
        setup = setup_from_pack(pack, scenario, [Member("brute"), Member("mindthief")])
        gaps.update(unsupported(setup))
        for ch in setup.party:
            wanted_halves |= {f"{ch.id}/{c.id}/{h}" for c in ch.hand for h in ("top", "bottom")}
        for deck, cards in setup.decks.items():
            wanted_monster_cards |= {_key(setup, deck, c.id) for c in cards}
        for seed in range(12):
            game = Game(setup, seed=seed)
            rnd = random.Random(seed)
            while game.decision is not None:
                choices = list(game.decision.choices)
                game.choose(rnd.choice([c for c in choices if not c.kind.startswith("basic")] or choices))
            assert not violations(game)
            _note_unresolved(game)
            for e in game.events:
                if e.kind == "action" and not e.args[1].startswith("basic"):
                    halves[f"{e.args[0]}/{e.args[2]}/{e.args[1]}"] += 1
        monster_cards.update(_each_monster_card(setup))
    missing_halves = sorted(wanted_halves - set(halves))
    missing_cards = sorted(wanted_monster_cards - set(monster_cards))
    print(f"\ncharacter halves executed: {len(wanted_halves) - len(missing_halves)}/{len(wanted_halves)}")
    done_cards = len(wanted_monster_cards) - len(missing_cards)
    print(f"monster ability cards executed: {done_cards}/{len(wanted_monster_cards)}")
    print(f"cards with abilities no handler performs: {len(gaps)}")
    for name, notes in sorted(gaps.items()):
        print(f"  {name}: {', '.join(notes)}")
    print(f"unresolved abilities met in play: {sum(UNRESOLVED.values())}")
    for text, count in sorted(UNRESOLVED.items()):
        print(f"  {count} x {text}")
    assert not missing_halves, missing_halves
    assert not missing_cards, missing_cards
    assert not gaps, gaps
    assert not UNRESOLVED, UNRESOLVED
