"""What the engine needs to start a game, as frozen, JSON-serialisable records.

A :class:`GameSetup` is resolved content: card halves with their abilities, monster stats at the
scenario's monster level, the placements of each room for the party size. It is deliberately
independent of the content pack's file schema: an adapter (next step) builds a ``GameSetup`` from
``content.load_pack()``, a scenario number, the party and the options; tests build small ones by
hand. A game is fully defined by ``(setup, seed, choices)``; the save format stores exactly that.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, TypeAlias

import msgspec

from delvekit.core.board import Board, Terrain
from delvekit.core.errors import BoardError, InputError
from delvekit.core.hexes import Hex
from delvekit.gloomhaven.model.abilities import Ability
from delvekit.gloomhaven.model.conditions import Condition
from delvekit.gloomhaven.model.modifiers import parse_card
from delvekit.gloomhaven.model.scenario_rules import ScenarioRule

Rank: TypeAlias = Literal["normal", "elite", "boss"]


def _check_token(text: str, where: str) -> None:
    """Ids appear in choice and event texts: no spaces, '|' or ':'; nor '#', '.', '@', '=', ','
    or '/' which the engine uses to build ``type#standee``, ``owner.summon``, ``@monsters``,
    ``key=value``, lists and ``card/half``."""
    if not text or any(ch.isspace() or ch in "|:#.@=,/" for ch in text):
        raise InputError(f"bad id {text!r}: no spaces or any of | : # . @ = , /", where=where)


class Half(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """The top or bottom action of a character's ability card."""

    abilities: tuple[Ability, ...] = ()
    lost: bool = False
    """The lost icon: the card goes to the lost pile (or, with a bonus, later)."""
    round_bonus: bool = False
    """Stays in the active area until the end of the round."""
    persistent: bool = False
    """Stays in the active area: until its use slots are spent (then lost), or, without slots,
    until the scenario ends."""
    uses: int = 0
    """Use slots of a persistent bonus (0: none). Each trigger advances the token; use is
    mandatory whenever it applies (§3.4)."""
    use_xp: tuple[int, ...] = ()
    """XP printed on the slots, earned when the token leaves that slot."""


class Card(msgspec.Struct, frozen=True, kw_only=True):
    id: str
    initiative: int
    top: Half = Half()
    bottom: Half = Half()
    level: int = 1


ItemSlot: TypeAlias = Literal["head", "body", "legs", "one-hand", "two-hands", "small"]
ItemUse: TypeAlias = Literal["spent", "consumed", "passive"]


class ItemEffect(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """One effect of an item, as the content encodes it (docs/content.md, "Items: usage and
    effects"): ``kind`` is the content's ability type (``attack``, ``heal``, ``condition``,
    ``element``, ``summon``...) or, for a ``custom`` ability, its named effect
    (``recover-discarded``, ``set-attack-area``...); ``value`` its number, ``arg`` its word (a
    condition, an element, who it affects), ``mode`` ``add`` for a bonus to the ability the
    item is used with, ``infuse``/``consume`` for elements, ``melee`` for an area drawn around
    its user; ``area`` the red hexes; ``then`` the nested parts. :mod:`~delvekit.gloomhaven.items.play`
    performs them."""

    kind: str
    value: int = 0
    arg: str = ""
    mode: str = ""
    area: tuple[tuple[int, int], ...] = ()
    then: tuple[ItemEffect, ...] = ()


class ItemSetup(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """An item a character brings into the scenario (rules digest §2.7, §13), as the content
    encodes it: its slot, how it is used (``spent``: refreshed by a long rest; ``consumed``: out
    for the scenario; ``passive``; ``None`` when the source does not say), its use slots, the
    "−1" modifier cards it adds to its owner's deck while equipped, when it may be used
    (``trigger``), how much of an attack it covers (``scope``: ``single`` or ``entire``) and
    what it does (``effects``). The engine keeps each item's state (``unused``, ``spent``,
    ``consumed``) and performs it (:mod:`~delvekit.gloomhaven.items.play`)."""

    number: int
    name: str
    slot: ItemSlot
    use: ItemUse | None = None
    uses: int = 0
    minus_ones: int = 0
    trigger: str = ""
    scope: str = ""
    effects: tuple[ItemEffect, ...] = ()


SMALL_ITEMS_PER_LEVEL = 2
"""Small items: up to ``ceil(level / 2)`` (§2.7)."""


def check_equipment(who: str, level: int, items: Sequence[ItemSetup], where: str) -> None:
    """Raise :class:`InputError` naming ``who``, the item and the rule when ``items`` break the
    equipment limits of a level-``level`` character (§2.7): one head, one body, one legs item;
    two one-hand items or one two-hands item; ``ceil(level / 2)`` small items; one copy of an
    item.

    >>> boots = ItemSetup(number=1, name="Boots", slot="legs")
    >>> shoes = ItemSetup(number=7, name="Shoes", slot="legs")
    >>> check_equipment("brute", 1, [boots], "brute")
    >>> check_equipment("brute", 1, [boots, shoes], "brute")
    Traceback (most recent call last):
    ...
    delvekit.core.errors.InputError: brute: brute cannot equip item 7 Shoes: one legs item at \
most, item 1 Boots is one already (§2.7)
    """
    seen: dict[int, ItemSetup] = {}
    by_slot: dict[str, list[ItemSetup]] = {}
    small_limit = -(-level // SMALL_ITEMS_PER_LEVEL)
    # an item may let its owner carry more small items (Cloak of Pockets)
    small_limit += sum(
        s.value
        for i in items
        for e in i.effects
        if e.kind == "extra-small-items"
        for s in e.then
        if s.kind == "target"
    )
    for item in items:
        label = f"{who} cannot equip item {item.number} {item.name}"
        if item.number in seen:
            raise InputError(f"{label}: a character never owns two copies of an item (§2.7)", where=where)
        seen[item.number] = item
        held = by_slot.setdefault(item.slot, [])
        names = ", ".join(f"item {i.number} {i.name}" for i in held)
        if item.slot in ("head", "body", "legs") and held:
            raise InputError(
                f"{label}: one {item.slot} item at most, {names} is one already (§2.7)", where=where
            )
        if item.slot in ("one-hand", "two-hands"):
            hands = [*by_slot.get("one-hand", ()), *by_slot.get("two-hands", ())]
            used = sum(2 if i.slot == "two-hands" else 1 for i in hands)
            if used + (2 if item.slot == "two-hands" else 1) > 2:
                taken = ", ".join(f"item {i.number} {i.name} ({i.slot})" for i in hands)
                raise InputError(
                    f"{label}: two one-hand items or one two-hands item at most, the hands already "
                    f"hold {taken} (§2.7)",
                    where=where,
                )
        if item.slot == "small" and len(held) >= small_limit:
            raise InputError(
                f"{label}: {small_limit} small item{'s' if small_limit != 1 else ''} at most at "
                f"level {level} (half the level rounded up, plus what items allow), already {names} (§2.7)",
                where=where,
            )
        held.append(item)


class CharacterSetup(msgspec.Struct, frozen=True, kw_only=True):
    """One character of the party: its id on the board (``brute``), its class, the cards it may
    take into the scenario (``hand``), its hand limit, its maximum health and its starting hex.
    With more cards than the limit, the player chooses exactly ``hand_limit`` of them before
    the first round (§2.5, engine default: exactly the limit)."""

    id: str
    class_name: str
    max_health: int
    hand_limit: int
    hand: tuple[Card, ...]
    hex: Hex
    modifiers: tuple[str, ...] = ()
    """The attack modifier deck as card texts (perks applied); empty means the standard 20-card
    deck (§2.8). The "−1" cards of the items are added by the engine at the start (§2.7)."""
    level: int = 1
    """The character's level (1–9): the small-item limit depends on it (§2.7)."""
    items: tuple[ItemSetup, ...] = ()
    """The items it brings, within the equipment limits (§2.7)."""


class MonsterStats(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    health: int
    move: int = 0
    attack: int = 0
    range: int = 0
    shield: int = 0
    retaliate: int = 0
    retaliate_range: int = 1
    """The reach of the stat card's Retaliate (the Flame Demon's "Retaliate 2, Range 2"); 1 is
    adjacent only (§6.7)."""
    flying: bool = False
    immunities: tuple[Condition, ...] = ()
    targets: int = 1
    """Target N on the stat card: every attack of this monster takes N targets."""
    pierce: int = 0
    adds: tuple[Condition, ...] = ()
    """Conditions the stat card adds to every attack (e.g. poison)."""
    card_adds: tuple[str, ...] = ()
    """``bless``/``curse`` cards every attack adds (the Forest Imp's and the Cultist's curse)."""
    advantage: bool = False
    """Every attack of this monster has advantage (the Sun Demon, §6.3)."""
    attackers_disadvantage: bool = False
    """Every attack targeting this monster has disadvantage ("attackers gain disadvantage": the
    Night Demon, the elite Black Imp from level 3)."""
    immune_cards: tuple[str, ...] = ()
    """``bless``/``curse`` cards this monster is immune to (bosses immune to curse)."""
    attack_counts: str = ""
    """A monster type: the attack is ``attack`` plus one per figure of that type on the map (the
    Merciless Overseer's ``V``, the number of Vermling Scouts, scenario 9)."""


class MonsterCard(msgspec.Struct, frozen=True, kw_only=True):
    id: str
    initiative: int
    shuffle: bool = False
    actions: tuple[Ability, ...] = ()


class MonsterType(msgspec.Struct, frozen=True, kw_only=True):
    """A monster type at this scenario's monster level. ``deck`` names the ability deck it draws
    from; types sharing a deck share one revealed card per round (§3.2, §17.D D5)."""

    name: str
    deck: str
    standees: int
    normal: MonsterStats | None = None
    elite: MonsterStats | None = None
    boss: MonsterStats | None = None

    def stats(self, rank: Rank) -> MonsterStats:
        found = {"normal": self.normal, "elite": self.elite, "boss": self.boss}[rank]
        if found is None:
            raise InputError(
                f"monster type {self.name} has no {rank} stats", where=f"setup.monsters.{self.name}"
            )
        return found


class DoorSpec(msgspec.Struct, frozen=True):
    """A closed door between ``rooms`` (indices into :attr:`GameSetup.rooms`); a character
    entering its hex opens it and reveals those of its rooms not yet revealed (§5.5)."""

    hex: Hex
    rooms: tuple[int, ...]


class BoardSpec(msgspec.Struct, frozen=True, kw_only=True):
    """The map as data: hexes, terrain per hex (``trap``, ``hazardous``, ``difficult``,
    ``obstacle``, ``wall``), thin walls between neighbouring hexes, closed doors."""

    hexes: tuple[Hex, ...]
    terrain: tuple[tuple[Hex, str], ...] = ()
    walls: tuple[tuple[Hex, Hex], ...] = ()
    doors: tuple[DoorSpec, ...] = ()

    def build(self, where: str = "setup.board") -> Board:
        """The immutable :class:`~delvekit.core.board.Board` (closed doors included)."""
        try:
            terrain = {h: Terrain(t) for h, t in self.terrain}
        except ValueError as exc:
            raise InputError(str(exc), where=f"{where}.terrain") from None
        try:
            return Board.build(
                self.hexes, terrain=terrain, walls=self.walls, doors=[d.hex for d in self.doors]
            )
        except BoardError as exc:
            raise InputError(str(exc), where=where) from None


class Placement(msgspec.Struct, frozen=True):
    """One monster standee of a room for this party size."""

    monster: str
    rank: Rank
    hex: Hex


class TreasureTile(msgspec.Struct, frozen=True, kw_only=True):
    """A numbered treasure tile (§14): where it lies, the room it is placed with, and its
    rewards as ``kind:value`` words (``gold:15``, ``item:32``, ``damage:5``,
    ``condition:poison+wound``, ``random-item-design``...; :mod:`~delvekit.gloomhaven.scenario.treasure`)."""

    number: int
    hex: Hex
    room: int = 0
    rewards: tuple[str, ...] = ()


class GameSetup(msgspec.Struct, frozen=True, kw_only=True):
    """Everything a game starts from (besides the seed). ``rooms[0]`` is the starting room;
    other rooms are placed when revealed."""

    scenario: str
    level: int
    party: tuple[CharacterSetup, ...]
    monsters: tuple[MonsterType, ...] = ()
    decks: dict[str, tuple[MonsterCard, ...]] = {}
    rooms: tuple[tuple[Placement, ...], ...] = ((),)
    starts: tuple[Hex, ...] = ()
    """Starting hexes: if given, each character chooses its own among them before the first
    round (§2.1 step 7); otherwise it stays on its ``CharacterSetup.hex``."""
    coins: tuple[tuple[int, Hex, int], ...] = ()
    """Money tokens ``(room, hex, count)``, placed with their room (§2.1, §5.5)."""
    hexes: tuple[Hex, ...] = ()
    ruleset: str = "gloomhaven"
    win: Literal["kill-all", "none", "kill_all"] = "kill-all"
    """``kill-all``: success once no monster is on the board and every room is revealed (the
    spelling of the scenario goals' data). ``kill_all``, as saves and logs written before
    2026-11 spell it, is read as ``kill-all`` (:meth:`__post_init__`); nothing writes it."""
    content_version: str = ""
    battle_goals: tuple[str, ...] = ()
    """The battle goal deck (ids). If given, each character is dealt two and keeps one (§2.6)."""
    treasures: tuple[TreasureTile, ...] = ()
    """Numbered treasure tiles, placed with their room (§14)."""
    board: BoardSpec | None = None
    """The map. Without one, movement and attacks cannot be resolved (they are declined)."""
    rules: tuple[ScenarioRule, ...] = ()
    """Scenario special rules, goals and mechanisms: typed records
    (:mod:`~delvekit.gloomhaven.model.scenario_rules`), performed by the
    :mod:`~delvekit.gloomhaven.scenario` package."""

    def __post_init__(self) -> None:
        # One spelling for the goal: an old save's ``kill_all`` becomes ``kill-all`` as it is read.
        if self.win == "kill_all":
            msgspec.structs.force_setattr(self, "win", "kill-all")

    def validate(self) -> None:
        """Raise :class:`InputError` naming the field of the first inconsistency."""
        where = f"setup {self.scenario}"
        if not self.party:
            raise InputError("the party is empty", where=f"{where}.party")
        if not 0 <= self.level <= 7:
            raise InputError(f"scenario level {self.level} is not within 0..7", where=f"{where}.level")
        ids = [c.id for c in self.party]
        if len(set(ids)) != len(ids):
            raise InputError(f"duplicate character ids {ids}", where=f"{where}.party")
        types = {m.name: m for m in self.monsters}
        for ch in self.party:
            cards = [c.id for c in ch.hand]
            if not 1 <= ch.hand_limit <= len(cards):
                raise InputError(
                    f"{len(cards)} cards available, fewer than the hand limit {ch.hand_limit}",
                    where=f"{where}.party.{ch.id}",
                )
            if len(set(cards)) != len(cards):
                raise InputError("a card appears twice in the hand", where=f"{where}.party.{ch.id}.hand")
            if ch.max_health < 1:
                raise InputError("max_health must be at least 1", where=f"{where}.party.{ch.id}")
            if not 1 <= ch.level <= 9:
                raise InputError(f"level {ch.level} is not within 1..9", where=f"{where}.party.{ch.id}")
            check_equipment(ch.id, ch.level, ch.items, f"{where}.party.{ch.id}.items")
            for item in ch.items:
                if item.uses < 0 or item.minus_ones < 0:
                    raise InputError(
                        f"item {item.number} {item.name}: negative uses or -1 cards",
                        where=f"{where}.party.{ch.id}.items",
                    )
            for n, text in enumerate(ch.modifiers):
                try:
                    parse_card(text)
                except InputError as exc:
                    raise InputError(str(exc), where=f"{where}.party.{ch.id}.modifiers[{n}]") from None
            for token in (ch.id, *cards):
                _check_token(token, f"{where}.party.{ch.id}")
        for m in self.monsters:
            _check_token(m.name, f"{where}.monsters")
        if self.battle_goals:
            if len(set(self.battle_goals)) != len(self.battle_goals):
                raise InputError("a battle goal appears twice", where=f"{where}.battle_goals")
            if len(self.battle_goals) < 2 * len(self.party):
                raise InputError("fewer than two battle goals per character", where=f"{where}.battle_goals")
            for goal in self.battle_goals:
                _check_token(goal, f"{where}.battle_goals")
        for m in self.monsters:
            if m.deck not in self.decks or not self.decks[m.deck]:
                raise InputError(
                    f"ability deck {m.deck!r} is missing or empty", where=f"{where}.monsters.{m.name}"
                )
        for n, room in enumerate(self.rooms):
            for p in room:
                if p.monster not in types:
                    raise InputError(f"unknown monster type {p.monster!r}", where=f"{where}.rooms[{n}]")
                types[p.monster].stats(p.rank)
        numbers = [t.number for t in self.treasures]
        if len(set(numbers)) != len(numbers):
            raise InputError("a numbered treasure appears twice", where=f"{where}.treasures")
        for t in self.treasures:
            if not 0 <= t.room < len(self.rooms):
                raise InputError(f"treasure {t.number}: unknown room {t.room}", where=f"{where}.treasures")
        if self.starts and not {ch.hex for ch in self.party} <= set(self.starts):
            raise InputError("a character's hex is not one of the starting hexes", where=f"{where}.starts")
        occupied = [ch.hex for ch in self.party] + [p.hex for room in self.rooms for p in room]
        if len(set(occupied)) != len(occupied):
            raise InputError("two figures start on one hex", where=f"{where}.rooms")
        if self.hexes:
            known = set(self.hexes)
            for h in occupied:
                if h not in known:
                    raise InputError(f"hex {h} is not on the map", where=f"{where}.rooms")
        if self.board is not None:
            board = self.board.build(f"{where}.board")
            heroes = {ch.hex for ch in self.party}
            for h in occupied:
                # a monster may be printed on an obstacle: 34's Elder Drake stands on its boulder
                closed = (Terrain.WALL, Terrain.OBSTACLE) if h in heroes else (Terrain.WALL,)
                if h not in board or board.terrain_at(h) in closed or h in board.doors:
                    raise InputError(
                        f"a figure starts on hex {h}, which is not an open hex", where=f"{where}.board"
                    )
            for door in self.board.doors:
                if not door.rooms or any(not 0 <= r < len(self.rooms) for r in door.rooms):
                    raise InputError(
                        f"door {door.hex} joins unknown rooms {door.rooms}", where=f"{where}.board"
                    )
