"""What the campaign needs to know about the game's content, in a small schema of its own.

The campaign rules read only this record. It is built from the full content pack by
:func:`from_pack` (``delvekit.gloomhaven.content``) or decoded from a JSON document with
:func:`load_content` (tests and custom campaigns use small fixtures this way).
"""

from __future__ import annotations

from collections.abc import Callable, Container
from pathlib import Path
from typing import Final, Literal, TypeAlias, TypeVar

import msgspec

from delvekit.core.errors import ContentError

Slot: TypeAlias = Literal["head", "body", "legs", "one-hand", "two-hands", "small"]
"""An item's slot, spelled as the content pack spells it (``model.setup.ItemSlot``)."""
OLD_SLOTS: Final[dict[str, Slot]] = {"one_hand": "one-hand", "two_hands": "two-hands"}
"""The slots as campaign-content files written before 2026-11 spell them; read as the new spelling."""
EventDeck: TypeAlias = Literal["city", "road"]
K = TypeVar("K")
V = TypeVar("V")


class _Record(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    pass


class ItemInfo(_Record, frozen=True, kw_only=True, forbid_unknown_fields=True):
    number: int
    name: str = ""
    cost: int
    count: int
    slot: Slot | Literal["one_hand", "two_hands"]
    """Read in either spelling (:data:`OLD_SLOTS`); always the pack's spelling once built."""
    prosperity: int | None = None
    """Prosperity level at which the shop stocks it; None for items that come only from designs,
    treasures or rewards."""

    def __post_init__(self) -> None:
        if self.slot in OLD_SLOTS:
            msgspec.structs.force_setattr(self, "slot", OLD_SLOTS[self.slot])


class PerkInfo(_Record, frozen=True, kw_only=True, forbid_unknown_fields=True):
    count: int = 1
    """Boxes on the perk line: it can be taken that many times."""
    text: str = ""


class CardAction(_Record, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """One action (line) of a card half, as far as enhancements care (§16.10)."""

    stats: tuple[str, ...] = ()
    """Enhanceable numbers on the line: attack, move, range, target, shield, heal, summon_hp..."""
    multi_target: bool = False
    hexes: int = 0
    """Hexes of the area diagram (0 = no area)."""
    enemies: bool = False
    """The line targets enemies (negative-condition stickers go here)."""
    allies: bool = False
    """The line affects the user or allies (positive-condition stickers go here)."""


class CardInfo(_Record, frozen=True, kw_only=True, forbid_unknown_fields=True):
    name: str
    level: int | None
    """1–9, or None for an "X" card (counts as level 1 for costs)."""
    top: tuple[CardAction, ...] | None = None
    bottom: tuple[CardAction, ...] | None = None
    """None when the card's actions are not encoded: an enhancement must then describe its line."""


class EventRefs(_Record, frozen=True, kw_only=True, forbid_unknown_fields=True):
    city: tuple[int, ...] = ()
    road: tuple[int, ...] = ()


class ClassInfo(_Record, frozen=True, kw_only=True, forbid_unknown_fields=True):
    id: str
    health: tuple[int, ...]
    perks: tuple[PerkInfo, ...]
    cards: tuple[CardInfo, ...]
    unlock_events: EventRefs = EventRefs()
    retire_events: EventRefs = EventRefs()


class QuestInfo(_Record, frozen=True, kw_only=True, forbid_unknown_fields=True):
    id: str
    target: int = 1
    """Progress needed to fulfil it (one step when the quest is a single condition)."""
    unlocks_class: str | None = None
    unlocks_envelope: str | None = None


class OutcomeCondition(_Record, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """When an event outcome applies. Empty = always."""

    reputation_at_least: int | None = None
    reputation_at_most: int | None = None
    class_in_party: tuple[str, ...] = ()
    """Any of these classes among the active characters."""
    party_achievement: str | None = None
    global_achievement: str | None = None
    pay_collective_gold: int = 0
    """The party chooses to pay this much together (the action says ``pay=true`` and ``split``)."""
    otherwise: bool = False
    """Applies only if no earlier outcome of the option applied."""


class Outcome(_Record, frozen=True, kw_only=True, forbid_unknown_fields=True):
    when: OutcomeCondition = OutcomeCondition()
    gold: int = 0
    """Each character (a negative amount is a loss, never below 0)."""
    collective_gold: int = 0
    """Split freely among the party: the action gives the split."""
    xp: int = 0
    reputation: int = 0
    prosperity: int = 0
    checkmarks: int = 0
    unlock_scenarios: tuple[int, ...] = ()
    global_achievements: tuple[str, ...] = ()
    party_achievements: tuple[str, ...] = ()
    lose_party_achievements: tuple[str, ...] = ()
    item_designs: tuple[int, ...] = ()
    items: tuple[int, ...] = ()
    """Given to one character the action names (``character``)."""
    random_item_designs: int = 0
    add_events: EventRefs = EventRefs()
    scenario_effects: tuple[str, ...] = ()
    """Effects for the party's next scenario (kept on the state for the scenario engine)."""
    choices: tuple[Outcome, ...] = ()
    """The party picks one of these (the action's ``choice``, 0-based)."""
    deck: Literal["return", "remove"] | None = None
    """Overrides the option's card disposition when this outcome applies."""


class EventOption(_Record, frozen=True, kw_only=True, forbid_unknown_fields=True):
    outcomes: tuple[Outcome, ...] = ()
    remove: bool = False
    """True: the card leaves the game; False: it returns to the bottom of its deck."""


class EventInfo(_Record, frozen=True, kw_only=True, forbid_unknown_fields=True):
    deck: EventDeck
    number: int
    options: dict[str, EventOption]


class Rewards(_Record, frozen=True, kw_only=True, forbid_unknown_fields=True):
    gold: int = 0
    checkmarks: int = 0
    """Battle-goal checkmarks for every character who played."""
    collective_gold: int = 0
    """Split among the characters who played (``split`` in the result, else evenly, remainder to
    the first listed)."""
    xp: int = 0
    reputation: int = 0
    prosperity: int = 0
    global_achievements: tuple[str, ...] = ()
    lose_global_achievements: tuple[str, ...] = ()
    party_achievements: tuple[str, ...] = ()
    lose_party_achievements: tuple[str, ...] = ()
    items: tuple[int, ...] = ()
    """Every character gains one (sold at once if already owned, §14)."""
    item_designs: tuple[int, ...] = ()
    envelopes: tuple[str, ...] = ()
    classes: tuple[str, ...] = ()
    add_events: EventRefs = EventRefs()


class Requirement(_Record, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Achievements all needed together; a leading ``!`` means the achievement must be absent."""

    global_achievements: tuple[str, ...] = ()
    party_achievements: tuple[str, ...] = ()


class ScenarioInfo(_Record, frozen=True, kw_only=True, forbid_unknown_fields=True):
    number: int
    name: str = ""
    unlocks: tuple[int, ...] = ()
    requirements: tuple[Requirement, ...] = ()
    """Any one of these must hold (none listed: no requirement)."""
    requires_completed: tuple[tuple[int, ...], ...] = ()
    """Any one group of scenarios all completed (none listed: no requirement)."""
    blocks: tuple[int, ...] = ()
    """Scenarios that completing this one blocks for good."""
    links: tuple[int, ...] = ()
    """Scenarios one may go to straight from this one without a road event."""
    linked_to_town: bool = False
    """Leaving Gloomhaven for it needs no road event."""
    rewards: Rewards = Rewards()


class CampaignContent(_Record, frozen=True, kw_only=True, forbid_unknown_fields=True):
    edition: str = "gloomhaven"
    starting_classes: tuple[str, ...]
    classes: tuple[ClassInfo, ...]
    items: tuple[ItemInfo, ...]
    personal_quests: tuple[QuestInfo, ...]
    events: tuple[EventInfo, ...] = ()
    city_deck: tuple[int, ...] = ()
    road_deck: tuple[int, ...] = ()
    scenarios: tuple[ScenarioInfo, ...] = ()
    start_scenarios: tuple[int, ...] = (1,)
    achievement_groups: dict[str, str] = {}
    """Global achievement → its type: gaining one of a type replaces the other (§16.11)."""
    envelope_classes: dict[str, tuple[str, ...]] = {}
    """Classes an envelope or box unlocks (e.g. the sun box)."""
    item_design_deck: tuple[int, ...] = ()
    side_scenario_deck: tuple[int, ...] = ()
    achievements: tuple[str, ...] = ()
    """Every achievement of the game (ids); others named in rewards and requirements count too."""


class Catalog:
    """Indexed view of a :class:`CampaignContent`, checked once for dangling references."""

    __slots__ = ("classes", "content", "events", "items", "quests", "scenarios")

    def __init__(self, content: CampaignContent, *, where: str = "campaign content") -> None:
        self.content = content
        self.items = _index(content.items, lambda i: i.number, where, "items")
        self.classes = _index(content.classes, lambda c: c.id, where, "classes")
        self.quests = _index(content.personal_quests, lambda q: q.id, where, "personal_quests")
        self.events: dict[tuple[str, int], EventInfo] = _index(
            content.events, lambda e: (e.deck, e.number), where, "events"
        )
        self.scenarios = _index(content.scenarios, lambda s: s.number, where, "scenarios")
        for cls_id in content.starting_classes:
            if cls_id not in self.classes:
                raise ContentError(f"unknown class {cls_id!r}", where=f"{where}: starting_classes")
        for cls in content.classes:
            if len(cls.health) != 9:
                raise ContentError("health needs 9 values (levels 1–9)", where=f"{where}: classes.{cls.id}")
        self._check_references(where)

    def _check_references(self, where: str) -> None:
        """Every class, item and scenario a record names exists (scenarios only when listed)."""
        content = self.content

        def need(kind: str, known: Container[object], value: object, field: str) -> None:
            if value not in known:
                raise ContentError(f"unknown {kind} {value!r}", where=f"{where}: {field}")

        for number in content.start_scenarios:
            if self.scenarios:
                need("scenario", self.scenarios, number, "start_scenarios")
        for number in content.item_design_deck:
            need("item", self.items, number, "item_design_deck")
        for q in content.personal_quests:
            if q.unlocks_class is not None:
                need("class", self.classes, q.unlocks_class, f"personal_quests.{q.id}.unlocks_class")
        for env, classes in content.envelope_classes.items():
            for cls_id in classes:
                need("class", self.classes, cls_id, f"envelope_classes.{env}")
        for sc in content.scenarios:
            field = f"scenarios.{sc.number}.rewards"
            for number in (*sc.rewards.items, *sc.rewards.item_designs):
                need("item", self.items, number, field)
            for cls_id in sc.rewards.classes:
                need("class", self.classes, cls_id, field)

    def item(self, number: int) -> ItemInfo | None:
        return self.items.get(number)

    def card(self, cls: str, name: str) -> CardInfo | None:
        for card in self.classes[cls].cards:
            if card.name.lower() == name.lower():
                return card
        return None

    def event(self, deck: str, number: int) -> EventInfo | None:
        return self.events.get((deck, number))


def _index(records: tuple[V, ...], key: Callable[[V], K], where: str, field: str) -> dict[K, V]:
    out: dict[K, V] = {}
    for record in records:
        k = key(record)
        if k in out:
            raise ContentError(f"duplicate entry {k!r}", where=f"{where}: {field}")
        out[k] = record
    return out


def load_content(path: str | Path) -> CampaignContent:
    """Decode a campaign-content JSON file; a bad file raises one :class:`ContentError` naming it."""
    p = Path(path)
    try:
        raw = p.read_bytes()
    except OSError as exc:
        raise ContentError(f"cannot read: {exc.strerror}", where=str(p)) from None
    return decode_content(raw, where=str(p))


def decode_content(raw: bytes | str, *, where: str = "campaign content") -> CampaignContent:
    try:
        content = msgspec.json.decode(raw, type=CampaignContent)
    except msgspec.ValidationError as exc:
        raise ContentError(str(exc), where=where) from None
    except msgspec.DecodeError as exc:
        raise ContentError(f"not valid JSON ({exc})", where=where) from None
    Catalog(content, where=where)
    return content
