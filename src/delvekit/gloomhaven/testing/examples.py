"""Small hand-built :class:`GameSetup` records for doctests, tests and benchmarks.

They use invented cards (ids ``b1``..., ``m1``...) with real rule features (lost icons, round
bonuses, heals, infusions, self-damage) so the round machine can be exercised without the
content pack.
"""

from __future__ import annotations

from delvekit.core.hexes import disk
from delvekit.gloomhaven.model.abilities import Ability
from delvekit.gloomhaven.model.setup import (
    BoardSpec,
    Card,
    CharacterSetup,
    DoorSpec,
    GameSetup,
    Half,
    MonsterCard,
    MonsterStats,
    MonsterType,
    Placement,
)


def _a(*texts: str) -> tuple[Ability, ...]:
    return tuple(Ability.parse(t) for t in texts)


def hand(prefix: str, initiatives: list[int]) -> tuple[Card, ...]:
    """A hand of plain cards: top ``attack 2``/bottom ``move 2`` style halves with some lost,
    bonus and heal variety, one card per initiative."""
    cards: list[Card] = []
    for n, init in enumerate(initiatives, 1):
        top = Half(abilities=_a("attack 3"), lost=n % 4 == 0)
        bottom = Half(abilities=_a("move 3"))
        if n % 3 == 0:
            bottom = Half(abilities=_a("shield 1"), round_bonus=True)
        if n % 5 == 0:
            top = Half(abilities=_a("heal 2", "infuse fire", "xp 1"), lost=True)
        cards.append(Card(id=f"{prefix}{n}", initiative=init, top=top, bottom=bottom))
    return tuple(cards)


def character(cid: str, hex: tuple[int, int], initiatives: list[int], health: int = 10) -> CharacterSetup:
    return CharacterSetup(
        id=cid,
        class_name=cid,
        max_health=health,
        hand_limit=len(initiatives),
        hand=hand(cid[0], initiatives),
        hex=hex,
    )


def guard_deck(prefix: str = "g") -> tuple[MonsterCard, ...]:
    """Eight monster ability cards; two carry the shuffle icon."""
    return (
        MonsterCard(id=f"{prefix}15", initiative=15, actions=_a("shield 1", "attack 0")),
        MonsterCard(id=f"{prefix}30", initiative=30, actions=_a("move 0", "attack 0")),
        MonsterCard(id=f"{prefix}35", initiative=35, actions=_a("move -1", "attack 1")),
        MonsterCard(id=f"{prefix}50", initiative=50, shuffle=True, actions=_a("shield 1", "retaliate 2")),
        MonsterCard(id=f"{prefix}50b", initiative=50, actions=_a("move 1", "attack 0")),
        MonsterCard(id=f"{prefix}55", initiative=55, actions=_a("move 0", "attack 1", "infuse earth")),
        MonsterCard(id=f"{prefix}70", initiative=70, actions=_a("move 1", "attack 1", "heal 1")),
        MonsterCard(id=f"{prefix}70b", initiative=70, shuffle=True, actions=_a("move 1", "attack 2")),
    )


def guard(name: str = "bandit-guard", deck: str = "guard", standees: int = 6) -> MonsterType:
    return MonsterType(
        name=name,
        deck=deck,
        standees=standees,
        normal=MonsterStats(health=5, move=2, attack=2),
        elite=MonsterStats(health=9, move=2, attack=3, shield=1),
    )


def tiny_setup() -> GameSetup:
    """Two characters (Brute-like ``brute``, ``spellweaver``) and three bandit guards in room 0,
    two more in room 1."""
    return GameSetup(
        scenario="tiny",
        level=1,
        party=(
            character("brute", (0, 0), [61, 15, 40, 72, 25, 52, 8, 33, 44, 79]),
            character("spellweaver", (1, 0), [86, 20, 7, 68, 12, 45, 90, 35], health=6),
        ),
        monsters=(guard(),),
        decks={"guard": guard_deck()},
        rooms=(
            (
                Placement("bandit-guard", "elite", (3, 0)),
                Placement("bandit-guard", "normal", (3, 1)),
                Placement("bandit-guard", "normal", (4, 0)),
            ),
            (Placement("bandit-guard", "normal", (6, 0)), Placement("bandit-guard", "elite", (6, 1))),
        ),
    )


def four_setup() -> GameSetup:
    """Four characters, three monster types (two share the ``guard`` deck), two rooms."""
    party = (
        character("brute", (0, 0), [61, 15, 40, 72, 25, 52, 8, 33, 44, 79]),
        character("spellweaver", (1, 0), [86, 20, 7, 68, 12, 45, 90, 35], health=6),
        character("tinkerer", (0, 1), [50, 51, 5, 66, 23, 99, 31, 47, 58], health=8),
        character("mindthief", (1, 1), [61, 15, 20, 72, 25, 99, 8, 33, 44, 10], health=6),
    )
    return GameSetup(
        scenario="four",
        level=2,
        party=party,
        monsters=(guard(), guard("bandit-archer", "archer", 4), guard("bandit-scout", "guard")),
        decks={"guard": guard_deck(), "archer": guard_deck("a")},
        rooms=(
            (Placement("bandit-guard", "elite", (3, 0)), Placement("bandit-archer", "normal", (3, 1))),
            (Placement("bandit-scout", "normal", (6, 0)), Placement("bandit-archer", "elite", (6, 1))),
        ),
    )


def board_setup() -> GameSetup:
    """Two characters with real Move/Attack cards against bandit guards on a radius-4 map, with
    a trap, an obstacle, difficult terrain and a door at (5, 0) to a second room."""
    melee = tuple(
        Card(
            id=f"b{i}",
            initiative=10 + 7 * i,
            top=Half(abilities=_a("attack 3")),
            bottom=Half(abilities=_a("move 3")),
        )
        for i in range(10)
    )
    ranged = tuple(
        Card(
            id=f"s{i}",
            initiative=15 + 8 * i,
            top=Half(abilities=_a("attack 2 range 3")),
            bottom=Half(abilities=_a("move 2 jump")),
        )
        for i in range(8)
    )
    party = (
        CharacterSetup(id="brute", class_name="brute", max_health=10, hand_limit=10, hand=melee, hex=(-3, 0)),
        CharacterSetup(
            id="spellweaver", class_name="spellweaver", max_health=6, hand_limit=8, hand=ranged, hex=(-3, 1)
        ),
    )
    deck = (
        MonsterCard(id="g20", initiative=20, actions=_a("move 0", "attack 0")),
        MonsterCard(id="g40", initiative=40, actions=_a("move 1", "attack -1")),
        MonsterCard(id="g70", initiative=70, shuffle=True, actions=_a("shield 1", "attack 1")),
    )
    board = BoardSpec(
        hexes=(*disk((0, 0), 4), (5, 0), (6, 0), (6, -1)),
        terrain=(((0, 1), "trap"), ((0, -1), "obstacle"), ((1, 1), "difficult")),
        walls=(((4, 0), (5, -1)), ((4, -1), (5, -1))),
        doors=(DoorSpec((5, 0), (0, 1)),),
    )
    return GameSetup(
        scenario="board",
        level=1,
        party=party,
        monsters=(guard(),),
        decks={"guard": deck},
        rooms=(
            (Placement("bandit-guard", "normal", (3, 0)), Placement("bandit-guard", "elite", (3, -1))),
            (Placement("bandit-guard", "normal", (6, 0)),),
        ),
        board=board,
    )
