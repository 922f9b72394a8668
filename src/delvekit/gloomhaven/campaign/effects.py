"""The building blocks every action uses to change the (copied) campaign state: prosperity and
reputation with their floors and sticky unlocks, event decks, envelopes, perks, cards, items."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from delvekit.core.errors import IllegalChoice, InputError
from delvekit.core.rng import Rng
from delvekit.gloomhaven.campaign import tables as T
from delvekit.gloomhaven.campaign.content import (
    Catalog,
    EventRefs,
    ItemInfo,
)
from delvekit.gloomhaven.campaign.queries import (
    card_pool,
    in_shop,
    perks_allowed,
    prosperity,
)
from delvekit.gloomhaven.campaign.state import CampaignState, Character, Party
from delvekit.gloomhaven.campaign.variant import CampaignRules

X = TypeVar("X")

POWER_OF_ENHANCEMENT = "the-power-of-enhancement"
ANCIENT_TECHNOLOGY = "ancient-technology"
DRAKE_ACHIEVEMENTS = ("the-drakes-command", "the-drakes-treasure")
DRAKE_AIDED = "the-drake-aided"

# (milestone, test on the state, envelopes opened, city events added, road events added)  §16.9
REPUTATION_UNLOCKS: tuple[tuple[str, Callable[[int], bool], tuple[str, ...], EventRefs], ...] = (
    ("reputation+10", lambda r: r >= 10, ("sun",), EventRefs()),
    ("reputation+20", lambda r: r >= 20, (), EventRefs(city=(76,), road=(67,))),
    ("reputation-10", lambda r: r <= -10, ("moon",), EventRefs()),
    ("reputation-20", lambda r: r <= -20, (), EventRefs(city=(77,), road=(68,))),
)


class Ctx:
    __slots__ = ("catalog", "rules", "state")

    def __init__(self, catalog: Catalog, rules: CampaignRules, state: CampaignState) -> None:
        self.catalog = catalog
        self.rules = rules
        self.state = state

    @property
    def party(self) -> Party:
        assert self.state.party is not None
        return self.state.party

    def character(self, name: str, *, active: bool = True) -> Character:
        ch = self.state.characters.get(name)
        if ch is None:
            known = ", ".join(self.state.characters) or "none yet"
            raise InputError(f"unknown character {name!r} (characters: {known})", where="character")
        if active and ch.retired:
            raise IllegalChoice(f"{name} has retired")
        return ch

    def item(self, number: int) -> ItemInfo:
        item = self.catalog.item(number)
        if item is None:
            raise InputError(f"unknown item {number}", where="item")
        return item


def draw_rng(state: CampaignState) -> Rng:
    state.draws += 1
    return Rng(state.seed * 1_000_003 + state.draws)


def shuffled(state: CampaignState, items: list[X]) -> list[X]:
    draw_rng(state).shuffle(items)
    return items


def gain_prosperity(ctx: Ctx, amount: int) -> None:
    s = ctx.state
    if amount >= 0:
        s.prosperity_checkmarks = min(s.prosperity_checkmarks + amount, T.PROSPERITY_THRESHOLDS[-1])
    else:  # losses never take the town below the prosperity of its level (§16.1)
        floor = T.prosperity_threshold(prosperity(s))
        s.prosperity_checkmarks = max(floor, s.prosperity_checkmarks + amount)


def change_reputation(ctx: Ctx, amount: int) -> None:
    p = ctx.party
    p.reputation = max(T.REPUTATION_MIN, min(T.REPUTATION_MAX, p.reputation + amount))
    sticky_unlocks(ctx)


def gain_gold(ch: Character, amount: int) -> None:
    ch.gold = max(0, ch.gold + amount)


def gain_xp(ch: Character, amount: int) -> None:
    ch.xp = max(T.xp_threshold(ch.level), ch.xp + amount)


def checkmark_floor(ch: Character) -> int:
    """The fewest checkmarks a loss leaves: the last perk threshold reached (§16.1)."""
    return ch.checkmarks - ch.checkmarks % T.CHECKMARKS_PER_PERK


def set_checkmarks(ch: Character, total: int) -> None:
    """Checkmarks now ``total`` (at most 18); a loss never takes the character below the perk
    threshold it reached (§16.1: 3 checkmarks and one lost stay 3), and perks never fall."""
    if total < ch.checkmarks:
        total = max(total, checkmark_floor(ch))
    ch.checkmarks = max(0, min(T.MAX_CHECKMARKS, total))
    ch.checkmark_perks = max(ch.checkmark_perks, ch.checkmarks // T.CHECKMARKS_PER_PERK)


def add_events(ctx: Ctx, refs: EventRefs) -> None:
    for deck_name, numbers in (("city", refs.city), ("road", refs.road)):
        deck = ctx.state.city_deck if deck_name == "city" else ctx.state.road_deck
        added = False
        for number in numbers:
            if number not in deck:
                deck.append(number)
                added = True
        if added:  # a deck receiving a card is shuffled (§16.1)
            draw_rng(ctx.state).shuffle(deck)


def unlock_class(ctx: Ctx, cls_id: str) -> None:
    if cls_id in ctx.state.classes_unlocked:
        return
    ctx.state.classes_unlocked.append(cls_id)
    info = ctx.catalog.classes.get(cls_id)
    if info is not None:  # first unlock of a class: its mat's left event numbers (§16.8)
        add_events(ctx, info.unlock_events)


def open_envelope(ctx: Ctx, envelope: str) -> bool:
    """Open an envelope or box; False if it was already open."""
    if envelope in ctx.state.envelopes:
        return False
    ctx.state.envelopes.append(envelope)
    for cls_id in ctx.catalog.content.envelope_classes.get(envelope, ()):
        unlock_class(ctx, cls_id)
    return True


def gain_global(ctx: Ctx, achievement: str) -> None:
    s = ctx.state
    group = ctx.catalog.content.achievement_groups.get(achievement)
    if group is not None:  # one of a type replaces the other (§16.11)
        for other in [a for a in s.global_achievements if a != achievement]:
            if ctx.catalog.content.achievement_groups.get(other) == group:
                del s.global_achievements[other]
    if achievement == ANCIENT_TECHNOLOGY:
        s.global_achievements[achievement] = s.global_achievements.get(achievement, 0) + 1
    else:
        s.global_achievements[achievement] = 1
    sticky_unlocks(ctx)


def gain_party(ctx: Ctx, achievement: str) -> None:
    if achievement not in ctx.party.achievements:
        ctx.party.achievements.append(achievement)
    sticky_unlocks(ctx)


def lose_party(ctx: Ctx, achievement: str) -> None:
    if achievement in ctx.party.achievements:
        ctx.party.achievements.remove(achievement)


def milestone(ctx: Ctx, name: str) -> bool:
    """Record a one-time unlock; False if it was already granted (unlocks are sticky, §17.C8)."""
    if name in ctx.state.milestones:
        return False
    ctx.state.milestones.append(name)
    return True


def sticky_unlocks(ctx: Ctx) -> None:
    """The envelope conditions of §16.9. Each fires once; falling back never re-locks."""
    s = ctx.state
    rep = ctx.party.reputation if s.party else 0
    for name, test, envelopes, events in REPUTATION_UNLOCKS:
        if test(rep) and milestone(ctx, name):
            for env in envelopes:
                open_envelope(ctx, env)
            add_events(ctx, events)
    if s.donations >= T.DONATION_ENVELOPE_B and milestone(ctx, "donations-100"):
        open_envelope(ctx, "B")
    for total in T.DONATION_PROSPERITY_MILESTONES:
        if s.donations >= total and milestone(ctx, f"donations-{total}"):
            gain_prosperity(ctx, 1)
    if s.global_achievements.get(ANCIENT_TECHNOLOGY, 0) >= 5 and milestone(ctx, "ancient-technology-5"):
        open_envelope(ctx, "A")
    party = ctx.party.achievements if s.party else []
    if all(a in party for a in DRAKE_ACHIEVEMENTS) and milestone(ctx, "drake-aided"):
        s.global_achievements[DRAKE_AIDED] = 1
        add_events(ctx, EventRefs(city=(75,), road=(66,)))


def take_perk(ctx: Ctx, ch: Character, index: int) -> None:
    perks = ctx.catalog.classes[ch.cls].perks
    if not 0 <= index < len(perks):
        raise IllegalChoice(f"{ch.cls} has perks 0–{len(perks) - 1}; there is no perk {index}")
    taken = ch.perks.count(index)
    if taken >= perks[index].count:
        raise IllegalChoice(f"{ch.name} already has perk {index} {taken} time(s), its limit")
    allowed = perks_allowed(ctx.state, ch, ctx.rules)
    if len(ch.perks) >= allowed:
        raise IllegalChoice(f"{ch.name} has taken all {allowed} perk(s) earned so far")
    ch.perks.append(index)


def add_card(ctx: Ctx, ch: Character, name: str, *, at_level: int) -> None:
    card = ctx.catalog.card(ch.cls, name)
    if card is None:
        raise InputError(f"{ch.cls} has no card {name!r}", where="card")
    if card.name in card_pool(ctx.catalog, ch):
        raise IllegalChoice(f"{card.name} is already in {ch.name}'s card pool")
    if card.level is None or card.level > at_level:
        shown = "X" if card.level is None else card.level
        raise IllegalChoice(
            f"{card.name} is level {shown}; a level-{at_level} character gains a card of level ≤ {at_level}"
        )
    ch.cards.append(card.name)


def gain_item(ctx: Ctx, ch: Character, number: int) -> None:
    """An item reward or treasure: if already owned it is sold at once for half price (§14)."""
    item = ctx.item(number)
    if number in ch.items:
        ch.gold += T.sell_price(item.cost)
        release_item(ctx, number)
    else:
        ch.items.append(number)
        ch.items.sort()


def release_item(ctx: Ctx, number: int) -> None:
    """A copy goes back to the city supply: the shop sells it from now on even if it does not stock it."""
    if not in_shop(ctx.catalog, ctx.state, number):
        ctx.state.released_items.append(number)


def draw(ctx: Ctx, deck: list[X]) -> X | None:
    return deck.pop(0) if deck else None


def require_town_visit(ctx: Ctx, what: str) -> None:
    if ctx.state.visit == 0 or not ctx.state.last_scenario_campaign:
        raise IllegalChoice(f"{what} needs a town visit after a campaign-mode scenario")


def collective_gold(ctx: Ctx, amount: int, split: dict[str, int] | None, what: str) -> None:
    """Gold shared freely by the party: ``split`` says who gains (or pays) what. A loss the party
    cannot cover takes all it has (never below 0 gold, §16.1); a price it chose to pay must be paid."""
    split = split or {}
    if what == "lose" and not split:
        active = [c for c in ctx.state.characters.values() if not c.retired]
        if sum(c.gold for c in active) <= abs(amount):
            for c in active:
                c.gold = 0
            return
    if sum(split.values()) != abs(amount) or any(v < 0 for v in split.values()):
        raise IllegalChoice(
            f"{what} {abs(amount)} collective gold: give split={{name: amount, ...}} summing to {abs(amount)}"
        )
    for name, share in split.items():
        ch = ctx.character(name)
        if amount < 0 and ch.gold < share:
            raise IllegalChoice(f"{name} has {ch.gold} gold, not {share}")
        ch.gold += share if amount > 0 else -share
