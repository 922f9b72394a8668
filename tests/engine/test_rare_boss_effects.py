"""Rare boss situations that only the slow all-scenario games used to reach (issue 12): the
Betrayer's mind control (scenario 79) on characters already next to it or walled in, a
controlled turn whose card holds abilities the monsters' rules cannot play, a controlled
character exhausted during its turn; the Winged Horror laying eggs with no room left. The
content pack's own stat lines and Boss decks on the small open map of
``test_monster_card_coverage``, the monster modifier deck all ``+0``."""

from __future__ import annotations

import random

import msgspec

from delvekit.core.decks import Deck
from delvekit.core.hexes import disk, distance, neighbours
from delvekit.gloomhaven.content import load_pack
from delvekit.gloomhaven.engine.game import MONSTER_DECK, Game
from delvekit.gloomhaven.model.modifier_deck import ModifierDeck
from delvekit.gloomhaven.model.modifiers import cards_of
from delvekit.gloomhaven.model.setup import BoardSpec, Card, GameSetup
from delvekit.gloomhaven.testing.invariants import violations

from .helpers import card, half
from .test_monster_card_coverage import arena, start

PACK = load_pack()
SPECIAL_1, SPECIAL_2 = "575", "572"
BETRAYER = (3, 0)


def _boss_game(name: str, top: str, setup: GameSetup) -> Game:
    """``setup`` started with ``top`` on top of the boss deck and a ``+0`` monster deck."""
    game = start(setup)
    deck = PACK.monster(name).deck
    game.state.decks[deck] = Deck.from_state([top], [c.id for c in setup.decks[deck] if c.id != top])
    game.state.modifier_decks[MONSTER_DECK] = ModifierDeck(draw_pile=cards_of(["+0"] * 20))
    return game


def _round(game: Game, picks: dict[str, str]) -> list[str]:
    """Round 1: ``picks`` for the card selections, damage taken, other choices at random."""
    rnd = random.Random(0)
    first = len(game.events)
    while game.decision is not None and not any(e.kind == "round-end" for e in game.events[first:]):
        d = game.decision
        if d.kind == "select" and d.actor in picks:
            game.choose(picks[d.actor])
        elif d.kind == "damage":
            game.choose(next(c for c in d.choices if c.kind == "take"))
        else:
            game.choose(rnd.choice(list(d.choices)))
        assert not violations(game), violations(game)
    return [str(e) for e in game.events[first:]]


def _betrayer(hand: tuple[Card, ...] = (), terrain: tuple[tuple[tuple[int, int], str], ...] = ()) -> Game:
    setup = arena(PACK, "the-betrayer", players=2, hand=hand, monster_hex=BETRAYER)
    setup = msgspec.structs.replace(setup, board=BoardSpec(hexes=tuple(disk((0, 0), 5)), terrain=terrain))
    return _boss_game("the-betrayer", SPECIAL_2, setup)


def test_the_betrayer_leaves_an_adjacent_character_in_place_and_cannot_pull_a_walled_in_one() -> None:
    """Special 2 forces every character next to the Betrayer: one already next to it stays put;
    one walled in by obstacles has no path and stays where it is (it is still mind controlled
    if it plays latest)."""
    walled = (-4, 0)
    game = _betrayer(terrain=tuple((h, "obstacle") for h in neighbours(walled)))
    game.state.figures["hero0"].hex = (2, 0)
    game.state.figures["hero1"].hex = walled
    events = _round(game, {"hero0": "select h01 h02", "hero1": "select h16 h15"})
    special = events[events.index("turn the-betrayer#1") : events.index("turn hero0")]
    assert special == ["turn the-betrayer#1", "mind-controlled hero1 by=the-betrayer#1"]
    assert game.state.figures["hero0"].hex == (2, 0) and game.state.figures["hero1"].hex == walled
    assert "mind-controlled hero1 by=the-betrayer#1" in events


def test_a_controlled_turn_performs_self_abilities_and_skips_what_monsters_cannot_play() -> None:
    """The controlled character plays its leading card's top half by the monsters' rules: a
    shield on itself is performed; a ranged heal and an XP are not performed."""
    hand = tuple(
        card(f"c{i}", 60 + i, half("shield 1", "heal 2 range 2", "xp 1"), half("move 1")) for i in range(8)
    )
    game = _betrayer(hand)
    events = _round(game, {"hero0": "select c1 c2", "hero1": "select c6 c5"})
    turn = events.index("turn hero1")
    mine = events[turn:]
    assert mine[1] == "controlled-turn hero1 card=c6"
    assert "bonus hero1 shield 1" in mine
    assert "not-performed hero1 heal mind-controlled" in mine
    assert "not-performed hero1 xp mind-controlled" in mine
    assert "card hero1 c6 discard" in mine and "mind-control-ended hero1" in mine


def test_a_character_exhausted_during_its_controlled_turn_plays_no_more_and_discards_nothing() -> None:
    """§4.4: an exhausted character is removed and its cards go to the lost pile; the rest of
    its controlled turn is not played and the end of the turn discards nothing."""
    deadly = half("suffer 30", "shield 1")
    hand = tuple(
        card(f"c{i}", 60 + i, deadly if i > 4 else half("shield 1"), half("move 1")) for i in range(8)
    )
    game = _betrayer(hand)
    events = _round(game, {"hero0": "select c1 c2", "hero1": "select c6 c5"})
    turn = events.index("turn hero1")
    mine = events[turn:]
    gone = mine.index("exhausted hero1 health")
    assert mine[gone - 1] == "damage hero1 30 suffer" and "hero1" not in game.state.figures
    assert not any(e.startswith("bonus hero1") for e in mine)  # its shield 1 comes after
    assert not any(e.startswith("card hero1 ") and e.endswith(" discard") for e in mine)
    assert "mind-control-ended hero1" in mine
    assert not any(k.startswith("mind-controlled:") for k in game.state.scenario_marks)
    assert {"c5", "c6"} <= set(game.state.characters["hero1"].lost) and game.result is None


def test_winged_horror_lays_no_egg_once_no_hex_next_to_it_is_empty() -> None:
    """Scenario 46, special 2: C eggs, each on an empty hex next to the Winged Horror; with two
    such hexes for three characters the third egg is not laid."""
    horror = (2, 0)
    walls = ((3, 0), (3, -1), (2, -1))  # of its six neighbours: these, a character, two empty
    setup = arena(PACK, "winged-horror", players=3, monster_hex=horror)
    board = BoardSpec(hexes=tuple(disk((0, 0), 5)), terrain=tuple((h, "obstacle") for h in walls))
    game = _boss_game("winged-horror", SPECIAL_2, msgspec.structs.replace(setup, board=board))
    game.state.figures["hero0"].hex = (1, 0)
    events = _round(game, {})
    laid = [e for e in events if e.startswith("egg-laid ")]
    assert len(laid) == 2, events
    assert events.count("no-egg winged-horror#1 no-hex") == 1
    eggs = [f for f in game.state.figures.values() if f.kind == "objective"]
    assert sorted(f.hex for f in eggs) == [(1, 1), (2, 1)]
    assert all(distance(f.hex, horror) == 1 for f in eggs)
