"""An open hexagonal arena with the real cards of the content pack and +0-only modifier decks,
for golden tests of class wordings (``test_class_*.py``)."""

from __future__ import annotations

from delvekit.core.records import Event
from delvekit.gloomhaven.content import load_pack
from delvekit.gloomhaven.content.adapter import Member, character, item_setup
from delvekit.gloomhaven.engine.game import Game
from delvekit.gloomhaven.model.abilities import Ability
from delvekit.gloomhaven.model.setup import (
    BoardSpec,
    Card,
    CharacterSetup,
    DoorSpec,
    GameSetup,
    MonsterCard,
    MonsterStats,
    MonsterType,
    Placement,
)
from delvekit.gloomhaven.testing.invariants import violations

PACK = load_pack()
CLASSES = ("brute", "mindthief", "sunkeeper", "tinkerer", "quartermaster", "spellweaver")
CARDS: dict[str, dict[str, Card]] = {}
"""Class id → its cards by id (every level), filled as classes are asked for (:func:`cards`)."""


def cards(cls: str) -> dict[str, Card]:
    """The real cards of class ``cls`` (every level), by card id."""
    if cls not in CARDS:
        CARDS[cls] = {c.id: c for c in character(PACK, Member(cls, 9), (0, 0), {"C": 2, "L": 1}).hand}
    return CARDS[cls]


for _cls in CLASSES:
    cards(_cls)
ARENA = tuple((q, r) for q in range(-5, 6) for r in range(-5, 6) if abs(q + r) <= 5)
ZEROS = ("+0",) * 20
FILLER = {
    "brute": ["grab-and-go", "shield-bash", "leaping-cleave", "sweeping-blow"],
    "mindthief": ["scurry", "empathetic-assault", "fearsome-blade", "into-the-night"],
    "sunkeeper": ["cautious-advance", "tactical-order", "holy-strike", "hammer-blow"],
    "tinkerer": ["stun-shot", "hook-gun", "toxic-bolt", "energizing-tonic"],
    "quartermaster": ["hastened-step", "crippling-bow", "impaling-spear", "iron-bulwark"],
    "spellweaver": ["flashing-burst", "forked-beam", "mana-bolt", "flame-strike"],
    "berserker": ["dazing-wound", "bounce-back", "furious-aid", "devil-horns"],
    "beast-tyrant": ["howling-bolts", "relentless-ally", "venomous-ally", "ancient-ward"],
    "sawbones": ["bloody-saw", "vital-strike", "gentleman-s-anger", "hamstring"],
    "soothsinger": ["marching-beat", "singing-arrow", "nimble-knife", "warding-dagger"],
    "elementalist": ["stoking-hail", "brilliant-flash", "lava-eruption"],
}
"""Cards a test character holds besides the ones it is about (so it never runs out)."""


def hero(
    cls: str,
    held: list[str],
    hex: tuple[int, int],
    health: int = 12,
    items: tuple[int, ...] = (),
    *,
    level: int = 9,
    id: str | None = None,
) -> CharacterSetup:
    """A character of class ``cls`` holding the cards ``held`` and a few others (so it never
    runs out of cards), with the pack's ``items``."""
    names = held + [c for c in FILLER[cls] if c not in held]
    hand = tuple(cards(cls)[c] for c in names)
    gear = tuple(item_setup(PACK, Member(cls, 9, items), n) for n in items)
    return CharacterSetup(
        id=id or cls,
        class_name=cls,
        max_health=health,
        hand_limit=len(hand),
        hand=hand,
        hex=hex,
        modifiers=ZEROS,
        items=gear,
        level=level,
    )


def arena(
    party: list[CharacterSetup],
    monsters: list[tuple[str, tuple[int, int]]],
    actions: tuple[str, ...] = (),
    *,
    stats: MonsterStats | None = None,
    seed: int = 1,
    doors: tuple[tuple[int, int], ...] = (),
    behind: list[tuple[str, tuple[int, int]]] | None = None,
) -> Game:
    """A game on the arena: ``monsters`` of one dummy type whose single card does ``actions``;
    closed ``doors`` (hexes of the arena) each reveal a second room holding ``behind``."""
    normal = stats or MonsterStats(health=10, move=2, attack=3)
    dummy = MonsterType(
        name="dummy",
        deck="dummy",
        standees=10,
        normal=normal,
        elite=MonsterStats(health=14, move=2, attack=3, shield=1),
    )
    card = MonsterCard(id="m1", initiative=90, actions=tuple(Ability.parse(a) for a in actions))
    setup = GameSetup(
        scenario="test",
        level=1,
        party=tuple(party),
        monsters=(dummy,),
        decks={"dummy": (card,)},
        rooms=(
            (*(Placement("dummy", rank, h) for rank, h in monsters),),  # type: ignore[arg-type]
            *(((*(Placement("dummy", rank, h) for rank, h in behind or ()),),) if doors else ()),  # type: ignore[arg-type]
        ),
        win="none",
        board=BoardSpec(hexes=ARENA, doors=tuple(DoorSpec(h, (0, 1)) for h in doors)),
    )
    return Game(setup, seed=seed)


def at(game: Game, h: tuple[int, int]) -> str:
    found = game.state.figure_at(h)
    assert found is not None, h
    return found.id


def go(game: Game, *choices: str) -> list[str]:
    """Make each choice in turn (each must be legal, but one ending in ``?`` is made only when
    offered; short rests are declined and damage taken when in the way); the events, as text."""
    out: list[Event] = []
    for c in choices:
        optional = c.endswith("?")
        c = c.removesuffix("?")
        while (d := game.decision) is not None and c not in d.choices and d.kind in ("short-rest", "damage"):
            out += game.choose(
                "no-rest" if d.kind == "short-rest" else next(str(x) for x in d.choices if x.kind == "take")
            )
        if optional and (game.decision is None or c not in game.decision.choices):
            continue
        out += game.choose(c)
        assert not violations(game)
    return [str(e) for e in out]


def finish_round(game: Game) -> list[str]:
    """Answer until the next card selection (or the end): skip what can be skipped, take damage,
    decline rests; the events, as text."""
    out: list[str] = []
    for _ in range(200):
        d = game.decision
        if d is None or d.kind in ("select", "hand"):
            return out
        names = [str(c) for c in d.choices]
        pick = next(
            (n for n in ("skip", "no-rest", "stop", "no-consume", "done") if n in names),
            next((n for n in names if n.startswith("take")), names[0]),
        )
        out += go(game, pick)
    raise AssertionError("the round did not end")


def until(game: Game, actor: str, kind: str | None = None, skips: tuple[str, ...] = ()) -> None:
    """Answer everyone else's decisions (skip, no rest, stop, done, or the first choice) until
    ``actor`` decides (a ``kind`` decision, if given); ``skips`` are more answers to prefer."""
    prefer = ("skip", "no-rest", "stop", "done", *skips)
    for _ in range(100):
        d = game.decision
        if d is None or (d.actor == actor and kind in (None, d.kind)):
            return
        names = [str(c) for c in d.choices]
        go(game, next((n for n in prefer if n in names), names[0]))
    raise AssertionError(f"{actor} never decided")
