"""Campaign rules: every action validated against §15–§16 and applied to a copy of the state.

``apply_action`` returns a new state or raises :class:`IllegalChoice` with the reason; the state it
was given is never changed, so a refused action changes nothing. ``check_action`` is the same test
without keeping the result.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from delvekit.core.errors import IllegalChoice, InputError
from delvekit.core.rng import Rng
from delvekit.gloomhaven.campaign import actions as A
from delvekit.gloomhaven.campaign import tables as T
from delvekit.gloomhaven.campaign.content import (
    CampaignContent,
    Catalog,
    Condition,
    EventRefs,
    ItemInfo,
    Outcome,
    Requirement,
    Rewards,
)
from delvekit.gloomhaven.campaign.state import CampaignState, Character, Enhancement, Party, copy_state
from delvekit.gloomhaven.campaign.variant import CampaignRules
from delvekit.gloomhaven.campaign.variant import get as get_rules

X = TypeVar("X")

POWER_OF_ENHANCEMENT = "the-power-of-enhancement"
ANCIENT_TECHNOLOGY = "ancient-technology"
DRAKE_ACHIEVEMENTS = ("the-drakes-command", "the-drakes-treasure")
DRAKE_AIDED = "the-drake-aided"

# (milestone, test on the state, envelopes opened, city events added, road events added)  §16.9
_REPUTATION_UNLOCKS: tuple[tuple[str, Callable[[int], bool], tuple[str, ...], EventRefs], ...] = (
    ("reputation+10", lambda r: r >= 10, ("sun",), EventRefs()),
    ("reputation+20", lambda r: r >= 20, (), EventRefs(city=(76,), road=(67,))),
    ("reputation-10", lambda r: r <= -10, ("moon",), EventRefs()),
    ("reputation-20", lambda r: r <= -20, (), EventRefs(city=(77,), road=(68,))),
)


class Campaign:
    """A campaign's content, rule switches and current state, with the action API.

    >>> from delvekit.gloomhaven.campaign.content import CampaignContent
    >>> c = Campaign.new(CampaignContent(starting_classes=(), classes=(), items=(), personal_quests=()))
    >>> c.apply(A.NewParty(name="The Lost"))
    >>> c.state.party.name
    'The Lost'
    >>> c.can(A.NewParty(name="Again"))
    False
    """

    __slots__ = ("catalog", "rules", "state")

    def __init__(self, catalog: Catalog, state: CampaignState, rules: CampaignRules | None = None) -> None:
        self.catalog = catalog
        self.state = state
        self.rules = rules or get_rules(state.edition)

    @classmethod
    def new(
        cls, content: CampaignContent | Catalog, *, seed: int = 0, edition: str | None = None
    ) -> Campaign:
        catalog = content if isinstance(content, Catalog) else Catalog(content)
        return cls(catalog, new_state(catalog, seed=seed, edition=edition or catalog.content.edition))

    def apply(self, action: A.Action) -> None:
        self.state = apply_action(self.catalog, self.state, action, self.rules)

    def check(self, action: A.Action) -> None:
        """Raise :class:`IllegalChoice` with the reason if ``action`` is refused."""
        apply_action(self.catalog, self.state, action, self.rules)

    def can(self, action: A.Action) -> bool:
        try:
            self.check(action)
        except (IllegalChoice, InputError):
            return False
        return True


def new_state(catalog: Catalog, *, seed: int, edition: str = "gloomhaven") -> CampaignState:
    """A fresh campaign: starting classes, shuffled event, quest and random decks, first scenarios."""
    content = catalog.content
    state = CampaignState(edition=edition, seed=seed)
    state.classes_unlocked = list(content.starting_classes)
    state.unlocked_scenarios = sorted(content.start_scenarios)
    state.city_deck = _shuffled(state, list(content.city_deck))
    state.road_deck = _shuffled(state, list(content.road_deck))
    state.quest_deck = _shuffled(state, [q.id for q in content.personal_quests])
    state.item_design_deck = _shuffled(state, list(content.item_design_deck))
    state.side_scenario_deck = _shuffled(state, list(content.side_scenario_deck))
    return state


def check_action(
    catalog: Catalog, state: CampaignState, action: A.Action, rules: CampaignRules | None = None
) -> None:
    apply_action(catalog, state, action, rules)


def apply_action(
    catalog: Catalog, state: CampaignState, action: A.Action, rules: CampaignRules | None = None
) -> CampaignState:
    """The state after ``action``; raises :class:`IllegalChoice` (the reason) and changes nothing."""
    handler = _HANDLERS.get(type(action))
    if handler is None:  # pragma: no cover - every action type has a handler
        raise IllegalChoice(f"no rule for action {type(action).__name__}")
    new = copy_state(state)
    if not isinstance(action, A.NewParty) and new.party is None:
        raise IllegalChoice("no party yet: start with new_party")
    handler(_Ctx(catalog, rules or get_rules(state.edition), new), action)
    return new


def apply_scenario_result(
    catalog: Catalog,
    state: CampaignState,
    result: A.CompleteScenario,
    rules: CampaignRules | None = None,
) -> CampaignState:
    """Apply the end of a scenario (the engine's result record) to the campaign, all or nothing."""
    return apply_action(catalog, state, result, rules)


# ---------------------------------------------------------------------------------------------
# Derived values (pure functions of the state)


def prosperity(state: CampaignState) -> int:
    return T.prosperity_level(state.prosperity_checkmarks)


def perks_allowed(state: CampaignState, ch: Character, rules: CampaignRules) -> int:
    """Level-ups + checkmark perks + retirement perks (+ the JotL scenario perk)."""
    bonus = (
        1
        if rules.bonus_perk_scenario is not None and rules.bonus_perk_scenario in state.completed_scenarios
        else 0
    )
    return (ch.level - 1) + ch.checkmark_perks + ch.bonus_perks + bonus


def in_shop(catalog: Catalog, state: CampaignState, number: int) -> bool:
    item = catalog.items[number]
    return (
        item.prosperity is not None and item.prosperity <= prosperity(state)
    ) or number in state.item_designs


def copies_available(catalog: Catalog, state: CampaignState, number: int) -> int:
    """Copies in the city supply: every copy not owned by an active character (§16.6)."""
    if not in_shop(catalog, state, number):
        return 0
    owned = sum(1 for ch in state.characters.values() if not ch.retired and number in ch.items)
    return max(0, catalog.items[number].count - owned)


def scenario_blocker(catalog: Catalog, state: CampaignState, number: int) -> str | None:
    """Why scenario ``number`` cannot be played in campaign mode now, or None (§16.11)."""
    if number not in state.unlocked_scenarios:
        return f"scenario {number} is not unlocked"
    if number in state.completed_scenarios:
        return f"scenario {number} is already completed (replay it in casual mode)"
    if number in state.blocked_scenarios:
        return f"scenario {number} is blocked by a scenario completed earlier"
    info = catalog.scenarios.get(number)
    if info is None:
        return None
    if info.requires_completed and not any(
        all(n in state.completed_scenarios for n in group) for group in info.requires_completed
    ):
        need = " or ".join("+".join(str(n) for n in g) for g in info.requires_completed)
        return f"scenario {number} requires completing scenario {need}"
    if info.requirements:
        reasons = [_requirement_gap(state, r) for r in info.requirements]
        if all(reasons):
            return f"scenario {number} " + " or ".join(r for r in reasons if r)
    return None


def _requirement_gap(state: CampaignState, req: Requirement) -> str | None:
    party = state.party.achievements if state.party else []
    for kind, names, held in (
        ("global", req.global_achievements, state.global_achievements),
        ("party", req.party_achievements, party),
    ):
        for name in names:
            if name.startswith("!") and name[1:] in held:
                return f"is blocked by the {kind} achievement {name[1:]!r}"
            if not name.startswith("!") and name not in held:
                return f"requires the {kind} achievement {name!r}"
    return None


def card_pool(catalog: Catalog, ch: Character) -> list[str]:
    """Level-1 and X cards of the class plus the cards gained at each level."""
    base = [c.name for c in catalog.classes[ch.cls].cards if c.level in (None, 1)]
    return base + list(ch.cards)


def must_level_up(ch: Character) -> bool:
    return not ch.retired and ch.level < T.MAX_LEVEL and ch.xp >= T.xp_threshold(ch.level + 1)


def quest_fulfilled(catalog: Catalog, ch: Character) -> bool:
    if ch.quest is None:
        return False
    quest = catalog.quests.get(ch.quest)
    return ch.quest_progress >= (quest.target if quest else 1)


# ---------------------------------------------------------------------------------------------
# Helpers that change the (copied) state


class _Ctx:
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


def _rng(state: CampaignState) -> Rng:
    state.draws += 1
    return Rng(state.seed * 1_000_003 + state.draws)


def _shuffled(state: CampaignState, items: list[X]) -> list[X]:
    _rng(state).shuffle(items)
    return items


def _gain_prosperity(ctx: _Ctx, amount: int) -> None:
    s = ctx.state
    if amount >= 0:
        s.prosperity_checkmarks = min(s.prosperity_checkmarks + amount, T.PROSPERITY_THRESHOLDS[-1])
    else:  # losses never take the town below the prosperity of its level (§16.1)
        floor = T.prosperity_threshold(prosperity(s))
        s.prosperity_checkmarks = max(floor, s.prosperity_checkmarks + amount)


def _change_reputation(ctx: _Ctx, amount: int) -> None:
    p = ctx.party
    p.reputation = max(T.REPUTATION_MIN, min(T.REPUTATION_MAX, p.reputation + amount))
    _sticky_unlocks(ctx)


def _gain_gold(ch: Character, amount: int) -> None:
    ch.gold = max(0, ch.gold + amount)


def _gain_xp(ch: Character, amount: int) -> None:
    ch.xp = max(T.xp_threshold(ch.level), ch.xp + amount)


def _set_checkmarks(ch: Character, total: int) -> None:
    ch.checkmarks = max(0, min(T.MAX_CHECKMARKS, total))
    ch.checkmark_perks = max(ch.checkmark_perks, ch.checkmarks // T.CHECKMARKS_PER_PERK)


def _add_events(ctx: _Ctx, refs: EventRefs) -> None:
    for deck_name, numbers in (("city", refs.city), ("road", refs.road)):
        deck = ctx.state.city_deck if deck_name == "city" else ctx.state.road_deck
        added = False
        for number in numbers:
            if number not in deck:
                deck.append(number)
                added = True
        if added:  # a deck receiving a card is shuffled (§16.1)
            _rng(ctx.state).shuffle(deck)


def _unlock_class(ctx: _Ctx, cls_id: str) -> None:
    if cls_id in ctx.state.classes_unlocked:
        return
    ctx.state.classes_unlocked.append(cls_id)
    info = ctx.catalog.classes.get(cls_id)
    if info is not None:  # first unlock of a class: its mat's left event numbers (§16.8)
        _add_events(ctx, info.unlock_events)


def _open_envelope(ctx: _Ctx, envelope: str) -> bool:
    """Open an envelope or box; False if it was already open."""
    if envelope in ctx.state.envelopes:
        return False
    ctx.state.envelopes.append(envelope)
    for cls_id in ctx.catalog.content.envelope_classes.get(envelope, ()):
        _unlock_class(ctx, cls_id)
    return True


def _gain_global(ctx: _Ctx, achievement: str) -> None:
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
    _sticky_unlocks(ctx)


def _gain_party(ctx: _Ctx, achievement: str) -> None:
    if achievement not in ctx.party.achievements:
        ctx.party.achievements.append(achievement)
    _sticky_unlocks(ctx)


def _lose_party(ctx: _Ctx, achievement: str) -> None:
    if achievement in ctx.party.achievements:
        ctx.party.achievements.remove(achievement)


def _milestone(ctx: _Ctx, name: str) -> bool:
    """Record a one-time unlock; False if it was already granted (unlocks are sticky, §17.C8)."""
    if name in ctx.state.milestones:
        return False
    ctx.state.milestones.append(name)
    return True


def _sticky_unlocks(ctx: _Ctx) -> None:
    """The envelope conditions of §16.9. Each fires once; falling back never re-locks."""
    s = ctx.state
    rep = ctx.party.reputation if s.party else 0
    for name, test, envelopes, events in _REPUTATION_UNLOCKS:
        if test(rep) and _milestone(ctx, name):
            for env in envelopes:
                _open_envelope(ctx, env)
            _add_events(ctx, events)
    if s.donations >= T.DONATION_ENVELOPE_B and _milestone(ctx, "donations-100"):
        _open_envelope(ctx, "B")
    for total in T.DONATION_PROSPERITY_MILESTONES:
        if s.donations >= total and _milestone(ctx, f"donations-{total}"):
            _gain_prosperity(ctx, 1)
    if s.global_achievements.get(ANCIENT_TECHNOLOGY, 0) >= 5 and _milestone(ctx, "ancient-technology-5"):
        _open_envelope(ctx, "A")
    party = ctx.party.achievements if s.party else []
    if all(a in party for a in DRAKE_ACHIEVEMENTS) and _milestone(ctx, "drake-aided"):
        s.global_achievements[DRAKE_AIDED] = 1
        _add_events(ctx, EventRefs(city=(75,), road=(66,)))


def _take_perk(ctx: _Ctx, ch: Character, index: int) -> None:
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


def _add_card(ctx: _Ctx, ch: Character, name: str, *, at_level: int) -> None:
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


def _gain_item(ctx: _Ctx, ch: Character, number: int) -> None:
    """An item reward or treasure: if already owned it is sold at once for half price (§14)."""
    item = ctx.item(number)
    if number in ch.items:
        ch.gold += T.sell_price(item.cost)
    else:
        ch.items.append(number)
        ch.items.sort()


def _draw(ctx: _Ctx, deck: list[X]) -> X | None:
    return deck.pop(0) if deck else None


# ---------------------------------------------------------------------------------------------
# Action handlers


def _new_party(ctx: _Ctx, a: A.NewParty) -> None:
    if ctx.state.party is not None:
        raise IllegalChoice(f"this campaign already has the party {ctx.state.party.name!r}")
    if not a.name.strip():
        raise IllegalChoice("a party needs a name")
    ctx.state.party = Party(name=a.name)


def _create_character(ctx: _Ctx, a: A.CreateCharacter) -> None:
    s = ctx.state
    if not a.name.strip():
        raise IllegalChoice("a character needs a name")
    if a.name in s.characters:
        raise IllegalChoice(f"there is already a character named {a.name!r}")
    if a.cls not in ctx.catalog.classes:
        raise InputError(f"unknown class {a.cls!r}", where="class")
    if a.cls not in s.classes_unlocked:
        raise IllegalChoice(f"class {a.cls!r} is not unlocked")
    for other in s.characters.values():
        if not other.retired and other.cls == a.cls:
            raise IllegalChoice(f"{other.name} already plays {a.cls} in this party")
    top = ctx.rules.max_start_level(prosperity(s))
    if not 1 <= a.level <= top:
        raise IllegalChoice(f"starting level {a.level} is not allowed: 1–{top} at prosperity {prosperity(s)}")
    player = a.player or a.name
    ch = Character(
        name=a.name,
        cls=a.cls,
        player=player,
        level=a.level,
        xp=T.xp_threshold(a.level),
        gold=T.starting_gold(a.level, rule=ctx.rules.starting_gold, prosperity=prosperity(s)),
        bonus_perks=s.retirements.get(player, 0),
    )
    # Deal two personal quests, keep one, shuffle the other back (§16.2).
    dealt = s.quest_deck[:2]
    if a.quest not in (0, 1) or (dealt and a.quest >= len(dealt)):
        raise IllegalChoice(f"quest must be 0 or 1 (which of the {len(dealt)} dealt quest(s) to keep)")
    if dealt:
        ch.quest = dealt[a.quest]
        del s.quest_deck[: len(dealt)]
        s.quest_deck.extend(q for q in dealt if q != ch.quest)
        _rng(s).shuffle(s.quest_deck)
    if len(a.cards) > a.level - 1:
        raise IllegalChoice(f"a level-{a.level} character gains {a.level - 1} card(s), not {len(a.cards)}")
    s.characters[a.name] = ch
    for i, card in enumerate(a.cards):
        _add_card(ctx, ch, card, at_level=i + 2)
    for perk in a.perks:
        _take_perk(ctx, ch, perk)


def _buy(ctx: _Ctx, a: A.Buy) -> None:
    ch = ctx.character(a.character)
    item = ctx.item(a.item)
    if not in_shop(ctx.catalog, ctx.state, a.item):
        raise IllegalChoice(
            f"item {a.item} ({item.name}) is not in the shop at prosperity {prosperity(ctx.state)}"
        )
    if a.item in ch.items:
        raise IllegalChoice(f"{ch.name} already owns item {a.item} ({item.name})")
    if copies_available(ctx.catalog, ctx.state, a.item) <= 0:
        raise IllegalChoice(f"item {a.item} ({item.name}) is sold out ({item.count} copies, all owned)")
    price = T.shop_price(item.cost, ctx.party.reputation)
    if ch.gold < price:
        raise IllegalChoice(
            f"{ch.name} has {ch.gold} gold; item {a.item} costs {price} at reputation {ctx.party.reputation}"
        )
    ch.gold -= price
    ch.items.append(a.item)
    ch.items.sort()


def _sell(ctx: _Ctx, a: A.Sell) -> None:
    ch = ctx.character(a.character)
    item = ctx.item(a.item)
    if a.item not in ch.items:
        raise IllegalChoice(f"{ch.name} does not own item {a.item} ({item.name})")
    ch.items.remove(a.item)
    if a.item in ch.equipped:
        ch.equipped.remove(a.item)
    ch.gold += T.sell_price(item.cost)


def _equip(ctx: _Ctx, a: A.Equip) -> None:
    ch = ctx.character(a.character)
    if len(set(a.items)) != len(a.items):
        raise IllegalChoice("an item is listed twice")
    slots: dict[str, int] = {}
    for number in a.items:
        item = ctx.item(number)
        if number not in ch.items:
            raise IllegalChoice(f"{ch.name} does not own item {number}")
        slots[item.slot] = slots.get(item.slot, 0) + 1
    for slot in ("head", "body", "legs"):
        if slots.get(slot, 0) > 1:
            raise IllegalChoice(f"at most one {slot} item")
    hands = slots.get("one_hand", 0) + 2 * slots.get("two_hands", 0)
    if hands > 2:
        raise IllegalChoice("hands hold two one-handed items or one two-handed item")
    small = (ch.level + 1) // 2
    if slots.get("small", 0) > small:
        raise IllegalChoice(f"a level-{ch.level} character carries at most {small} small item(s)")
    ch.equipped = sorted(a.items)


def _require_town_visit(ctx: _Ctx, what: str) -> None:
    if ctx.state.visit == 0 or not ctx.state.last_scenario_campaign:
        raise IllegalChoice(f"{what} needs a town visit after a campaign-mode scenario")


def _donate(ctx: _Ctx, a: A.Donate) -> None:
    ch = ctx.character(a.character)
    s = ctx.state
    _require_town_visit(ctx, "a sanctuary donation")
    if ch.donated_visit == s.visit:
        raise IllegalChoice(f"{ch.name} has already donated during this visit")
    if ch.gold < T.DONATION:
        raise IllegalChoice(f"{ch.name} has {ch.gold} gold; a donation is {T.DONATION}")
    ch.gold -= T.DONATION
    ch.blessings = T.DONATION_BLESSES
    ch.donated_visit = s.visit
    s.donations += T.DONATION
    _sticky_unlocks(ctx)


def _holds(ctx: _Ctx, cond: Condition, a: A.CityEvent | A.RoadEvent, applied: bool) -> bool:
    rep = ctx.party.reputation
    party_classes = {c.cls for c in ctx.state.characters.values() if not c.retired}
    if cond.otherwise and applied:
        return False
    if cond.pay_collective_gold:
        if not a.pay:
            return False
        _collective_gold(ctx, -cond.pay_collective_gold, a.split, "pay")
    return (
        (cond.reputation_at_least is None or rep >= cond.reputation_at_least)
        and (cond.reputation_at_most is None or rep <= cond.reputation_at_most)
        and (not cond.class_in_party or any(c in party_classes for c in cond.class_in_party))
        and (cond.party_achievement is None or cond.party_achievement in ctx.party.achievements)
        and (cond.global_achievement is None or cond.global_achievement in ctx.state.global_achievements)
    )


def _collective_gold(ctx: _Ctx, amount: int, split: dict[str, int] | None, what: str) -> None:
    """Gold shared freely by the party: ``split`` says who gains (or pays) what."""
    split = split or {}
    if sum(split.values()) != abs(amount) or any(v < 0 for v in split.values()):
        raise IllegalChoice(
            f"{what} {abs(amount)} collective gold: give split={{name: amount, ...}} summing to {abs(amount)}"
        )
    for name, share in split.items():
        ch = ctx.character(name)
        if amount < 0 and ch.gold < share:
            raise IllegalChoice(f"{name} has {ch.gold} gold, not {share}")
        ch.gold += share if amount > 0 else -share


def _apply_outcome(ctx: _Ctx, o: Outcome, a: A.CityEvent | A.RoadEvent) -> None:
    active = [c for c in ctx.state.characters.values() if not c.retired]
    if o.choices:
        if a.choice is None or not 0 <= a.choice < len(o.choices):
            raise IllegalChoice(f"this outcome needs choice=0…{len(o.choices) - 1}")
        _apply_outcome(ctx, o.choices[a.choice], a)
    for ch in active:
        _gain_gold(ch, o.gold)
        _gain_xp(ch, o.xp)
        if o.checkmarks:
            _set_checkmarks(ch, ch.checkmarks + o.checkmarks)
    if o.collective_gold:
        _collective_gold(ctx, o.collective_gold, a.split, "gain" if o.collective_gold > 0 else "lose")
    if o.reputation:
        _change_reputation(ctx, o.reputation)
    if o.prosperity:
        _gain_prosperity(ctx, o.prosperity)
    for n in o.unlock_scenarios:
        if n not in ctx.state.unlocked_scenarios:
            ctx.state.unlocked_scenarios.append(n)
    for ach in o.global_achievements:
        _gain_global(ctx, ach)
    for ach in o.party_achievements:
        _gain_party(ctx, ach)
    for ach in o.lose_party_achievements:
        _lose_party(ctx, ach)
    for n in o.item_designs:
        if n not in ctx.state.item_designs:
            ctx.state.item_designs.append(n)
    for _ in range(o.random_item_designs):
        design = _draw(ctx, ctx.state.item_design_deck)
        if design is not None and design not in ctx.state.item_designs:
            ctx.state.item_designs.append(design)
    ctx.state.scenario_effects.extend(o.scenario_effects)
    if o.items:
        if a.character is None:
            raise IllegalChoice("this outcome gives an item: name the character who takes it (character=...)")
        for n in o.items:
            _gain_item(ctx, ctx.character(a.character), n)
    _add_events(ctx, o.add_events)


def _resolve_event(ctx: _Ctx, deck_name: str, deck: list[int], a: A.CityEvent | A.RoadEvent) -> None:
    if a.card not in deck:
        raise IllegalChoice(f"{deck_name} event {a.card} is not in the {deck_name} deck")
    option = a.option.upper()
    info = ctx.catalog.event(deck_name, a.card)
    remove = False
    if info is not None:
        chosen = info.options.get(option)
        if chosen is None:
            raise IllegalChoice(f"{deck_name} event {a.card} has options {', '.join(sorted(info.options))}")
        applied = False
        remove = chosen.remove
        for outcome in chosen.outcomes:
            if _holds(ctx, outcome.when, a, applied):
                _apply_outcome(ctx, outcome, a)
                applied = True
                if outcome.deck is not None:
                    remove = outcome.deck == "remove"
    elif option not in ("A", "B"):
        raise IllegalChoice("an event option is A or B")
    deck.remove(a.card)
    if remove:
        ctx.state.removed_events.append(f"{deck_name}-{a.card}")
    else:
        deck.append(a.card)


def _city_event(ctx: _Ctx, a: A.CityEvent) -> None:
    _require_town_visit(ctx, "a city event")
    if ctx.state.city_event_visit == ctx.state.visit:
        raise IllegalChoice("the party has already resolved a city event during this visit")
    _resolve_event(ctx, "city", ctx.state.city_deck, a)
    ctx.state.city_event_visit = ctx.state.visit


def _needs_road_event(ctx: _Ctx, scenario: int) -> bool:
    s = ctx.state
    if s.last_scenario is not None and (
        scenario == s.last_scenario or scenario in _links(ctx, s.last_scenario)
    ):
        return False
    info = ctx.catalog.scenarios.get(scenario)
    return not (info is not None and info.linked_to_town)


def _links(ctx: _Ctx, scenario: int) -> tuple[int, ...]:
    info = ctx.catalog.scenarios.get(scenario)
    return info.links if info else ()


def _road_event(ctx: _Ctx, a: A.RoadEvent) -> None:
    s = ctx.state
    if s.road_event_after == s.scenarios_played:
        raise IllegalChoice("the party has already resolved a road event on this trip")
    if s.next_scenario is not None and not _needs_road_event(ctx, s.next_scenario):
        raise IllegalChoice(f"scenario {s.next_scenario} is linked: no road event on the way")
    _resolve_event(ctx, "road", s.road_deck, a)
    s.road_event_after = s.scenarios_played


def _level_up(ctx: _Ctx, a: A.LevelUp) -> None:
    ch = ctx.character(a.character)
    new = ch.level + 1
    if new > T.MAX_LEVEL:
        raise IllegalChoice(f"{ch.name} is already level {T.MAX_LEVEL}")
    need = T.xp_threshold(new)
    if ch.xp < need and new > prosperity(ctx.state):
        raise IllegalChoice(f"{ch.name} has {ch.xp} XP; level {new} needs {need}")
    ch.level = new
    ch.xp = max(ch.xp, need)  # levelling up to the prosperity level raises XP to that threshold
    if len(ch.cards) < new - 2:
        raise IllegalChoice(f"{ch.name} must first choose the card(s) of earlier levels (choose_card)")
    _add_card(ctx, ch, a.card, at_level=new)
    _take_perk(ctx, ch, a.perk)


def _choose_card(ctx: _Ctx, a: A.ChooseCard) -> None:
    ch = ctx.character(a.character)
    if len(ch.cards) >= ch.level - 1:
        raise IllegalChoice(f"{ch.name} has chosen every card up to level {ch.level}")
    _add_card(ctx, ch, a.card, at_level=len(ch.cards) + 2)


def _add_checkmarks(ctx: _Ctx, a: A.AddCheckmarks) -> None:
    ch = ctx.character(a.character)
    total = ch.checkmarks + a.count
    if a.count == 0:
        raise IllegalChoice("count must not be 0")
    if total > T.MAX_CHECKMARKS:
        raise IllegalChoice(f"{ch.name} has {ch.checkmarks} checkmarks; at most {T.MAX_CHECKMARKS}")
    if total < 0:
        raise IllegalChoice(f"{ch.name} has only {ch.checkmarks} checkmarks")
    _set_checkmarks(ch, total)


def _add_perk(ctx: _Ctx, a: A.AddPerk) -> None:
    _take_perk(ctx, ctx.character(a.character), a.perk)


def _quest_progress(ctx: _Ctx, a: A.QuestProgress) -> None:
    ch = ctx.character(a.character)
    if ch.quest is None:
        raise IllegalChoice(f"{ch.name} has no personal quest")
    if ch.quest_progress + a.amount < 0:
        raise IllegalChoice("quest progress cannot fall below 0")
    ch.quest_progress += a.amount


def _retire(ctx: _Ctx, a: A.Retire) -> None:
    s = ctx.state
    ch = ctx.character(a.character)
    if not quest_fulfilled(ctx.catalog, ch):
        raise IllegalChoice(f"{ch.name} has not fulfilled a personal quest and cannot retire")
    assert ch.quest is not None
    first_of_class = ch.cls not in s.classes_retired
    ch.retired = True
    ch.items, ch.equipped, ch.gold = [], [], 0  # items back to the supply; gold is lost
    s.quests_removed.append(ch.quest)
    _gain_prosperity(ctx, 1)
    quest = ctx.catalog.quests.get(ch.quest)
    opened = True
    if quest is not None and quest.unlocks_class is not None:
        opened = quest.unlocks_class not in s.classes_unlocked
        _unlock_class(ctx, quest.unlocks_class)
    elif quest is not None and quest.unlocks_envelope is not None:
        opened = _open_envelope(ctx, quest.unlocks_envelope)
    if not opened:  # already open: one random item design and one random side scenario (§17.C10)
        design = _draw(ctx, s.item_design_deck)
        if design is not None and design not in s.item_designs:
            s.item_designs.append(design)
        side = _draw(ctx, s.side_scenario_deck)
        if side is not None and side not in s.unlocked_scenarios:
            s.unlocked_scenarios.append(side)
    s.retirements[ch.player] = s.retirements.get(ch.player, 0) + 1
    if first_of_class:
        s.classes_retired.append(ch.cls)
        _add_events(ctx, ctx.catalog.classes[ch.cls].retire_events)
    if sum(s.retirements.values()) == 1:
        _open_envelope(ctx, "town-records")


def _enhance(ctx: _Ctx, a: A.Enhance) -> None:
    s = ctx.state
    ch = ctx.character(a.character)
    if POWER_OF_ENHANCEMENT not in s.global_achievements:
        raise IllegalChoice(f"enhancing needs the global achievement {POWER_OF_ENHANCEMENT!r}")
    card = ctx.catalog.card(ch.cls, a.card)
    if card is None:
        raise InputError(f"{ch.cls} has no card {a.card!r}", where="card")
    if card.name not in card_pool(ctx.catalog, ch):
        raise IllegalChoice(f"{card.name} is not in {ch.name}'s card pool")
    sticker = a.sticker.replace("+1 ", "").replace("-", "_").replace(" ", "_").lower()
    if sticker not in T.STICKERS:
        raise IllegalChoice(f"unknown sticker {a.sticker!r}; known: {', '.join(T.STICKERS)}")
    on_card = [e for e in s.enhancements.get(ch.cls, []) if e.card == card.name]
    on_action = [e for e in on_card if e.half == a.half and e.action_index == a.action_index]
    lines = card.top if a.half == "top" else card.bottom
    if lines is not None:
        if not 0 <= a.action_index < len(lines):
            raise IllegalChoice(f"{card.name} {a.half} has actions 0–{len(lines) - 1}")
        line = lines[a.action_index]
        multi, hexes = line.multi_target, line.hexes
        for given, known, field in ((a.multi_target, multi, "multi_target"), (a.hexes, hexes, "hexes")):
            if given is not None and given != known:
                raise IllegalChoice(f"{field}={given} contradicts the card ({known})")
        if sticker in T.PLUS_ONE_STICKERS and sticker not in line.stats:
            raise IllegalChoice(f"+1 {sticker} needs a line with a {sticker} value")
        if sticker in T.NEGATIVE_CONDITION_STICKERS and not line.enemies:
            raise IllegalChoice(f"{sticker} goes on a line that targets enemies")
        if sticker in T.POSITIVE_CONDITION_STICKERS and (not line.allies or "move" in line.stats):
            raise IllegalChoice(f"{sticker} goes on a line that affects the user or allies (not a move)")
        if sticker == "jump" and "move" not in line.stats:
            raise IllegalChoice("jump goes on a move line")
        if sticker == "attack_hex" and hexes < 1:
            raise IllegalChoice("an attack-hex sticker extends an area attack")
    else:
        if a.multi_target is None:
            raise IllegalChoice(f"{card.name}'s actions are not encoded: say multi_target=true|false")
        if sticker == "attack_hex" and a.hexes is None:
            raise IllegalChoice(f"{card.name}'s actions are not encoded: say hexes=N (area size)")
        multi, hexes = a.multi_target, a.hexes or 0
    hexes += sum(1 for e in on_action if e.sticker == "attack_hex")
    enhanced_cards = {e.card for e in s.enhancements.get(ch.cls, [])}
    if card.name not in enhanced_cards and len(enhanced_cards) >= prosperity(s):
        raise IllegalChoice(
            f"{ch.cls} already has {len(enhanced_cards)} enhanced card(s), "
            f"the limit at prosperity {prosperity(s)}"
        )
    cost = T.enhancement_cost(
        sticker, card_level=card.level, multi_target=multi, stickers_on_action=len(on_action), hexes=hexes
    )
    if ch.gold < cost:
        raise IllegalChoice(f"{ch.name} has {ch.gold} gold; this enhancement costs {cost}")
    ch.gold -= cost
    s.enhancements.setdefault(ch.cls, []).append(
        Enhancement(
            card=card.name,
            half=a.half,
            action_index=a.action_index,
            sticker=sticker,
            cost=cost,
            character=ch.name,
        )
    )


def _known_scenario(ctx: _Ctx, number: int) -> None:
    if ctx.catalog.scenarios and number not in ctx.catalog.scenarios:
        raise InputError(f"unknown scenario {number}", where="scenario")
    if number < 1:
        raise InputError(f"unknown scenario {number}", where="scenario")


def _choose_scenario(ctx: _Ctx, a: A.ChooseScenario) -> None:
    _known_scenario(ctx, a.scenario)
    why = scenario_blocker(ctx.catalog, ctx.state, a.scenario)
    if why:
        raise IllegalChoice(why)
    ctx.state.next_scenario = a.scenario


def _unlock_scenario(ctx: _Ctx, a: A.UnlockScenario) -> None:
    _known_scenario(ctx, a.scenario)
    if a.scenario in ctx.state.unlocked_scenarios:
        raise IllegalChoice(f"scenario {a.scenario} is already unlocked")
    ctx.state.unlocked_scenarios.append(a.scenario)


def _rewards(ctx: _Ctx, r: Rewards, players: list[Character], split: dict[str, int] | None) -> None:
    if r.collective_gold:
        if split is None:  # evenly, the remainder to the first characters listed
            share, rest = divmod(r.collective_gold, len(players))
            split = {ch.name: share + (1 if i < rest else 0) for i, ch in enumerate(players)}
        elif set(split) - {ch.name for ch in players}:
            raise IllegalChoice("split names a character who did not play")
        _collective_gold(ctx, r.collective_gold, split, "share")
    for ch in players:
        ch.gold += r.gold
        ch.xp += r.xp
        if r.checkmarks:
            _set_checkmarks(ch, ch.checkmarks + r.checkmarks)
        for n in r.items:
            _gain_item(ctx, ch, n)
    if r.reputation:
        _change_reputation(ctx, r.reputation)
    if r.prosperity:
        _gain_prosperity(ctx, r.prosperity)
    for ach in r.lose_global_achievements:
        ctx.state.global_achievements.pop(ach, None)
    for ach in r.global_achievements:
        _gain_global(ctx, ach)
    for ach in r.lose_party_achievements:
        _lose_party(ctx, ach)
    for ach in r.party_achievements:
        _gain_party(ctx, ach)
    for n in r.item_designs:
        if n not in ctx.state.item_designs:
            ctx.state.item_designs.append(n)
    for env in r.envelopes:
        _open_envelope(ctx, env)
    for cls_id in r.classes:
        _unlock_class(ctx, cls_id)
    _add_events(ctx, r.add_events)


def _complete_scenario(ctx: _Ctx, a: A.CompleteScenario) -> None:
    s = ctx.state
    _known_scenario(ctx, a.scenario)
    if a.casual:
        if a.scenario not in s.completed_scenarios:
            raise IllegalChoice(
                f"scenario {a.scenario} is not completed: casual replays are of completed scenarios"
            )
    else:
        why = scenario_blocker(ctx.catalog, s, a.scenario)
        if why:
            raise IllegalChoice(why)
    if not a.characters:
        raise IllegalChoice("name the characters who played (characters: {name: {xp, gold, checkmarks}})")
    players: list[Character] = []
    for name, res in a.characters.items():
        ch = ctx.character(name)
        if res.xp < 0 or res.gold < 0 or res.checkmarks < 0 or res.quest < 0:
            raise IllegalChoice(
                f"{name}: xp, gold, checkmarks and quest progress from a scenario are never negative"
            )
        if res.checkmarks and not a.success:
            raise IllegalChoice(f"{name}: battle-goal checkmarks are earned only on success")
        ch.xp += res.xp
        ch.gold += res.gold
        if res.checkmarks:
            _set_checkmarks(ch, ch.checkmarks + res.checkmarks)
        if res.quest:
            if ch.quest is None:
                raise IllegalChoice(f"{name} has no personal quest")
            ch.quest_progress += res.quest
        for n in res.items:
            _gain_item(ctx, ch, n)
        ch.blessings = 0
        players.append(ch)
    s.scenario_effects = []
    if a.success and not a.casual:
        s.completed_scenarios.append(a.scenario)
        info = ctx.catalog.scenarios.get(a.scenario)
        if info is not None:
            for n in info.unlocks:
                if n not in s.unlocked_scenarios:
                    s.unlocked_scenarios.append(n)
            for n in info.blocks:
                if n not in s.blocked_scenarios and n not in s.completed_scenarios:
                    s.blocked_scenarios.append(n)
            _rewards(ctx, info.rewards, players, a.split)
    s.scenarios_played += 1
    s.last_scenario = a.scenario
    s.last_scenario_campaign = not a.casual
    if not a.casual:
        s.visit += 1
    s.next_scenario = None


def _change_reputation_action(ctx: _Ctx, a: A.ChangeReputation) -> None:
    if a.amount == 0:
        raise IllegalChoice("amount must not be 0")
    _change_reputation(ctx, a.amount)


def _add_prosperity(ctx: _Ctx, a: A.AddProsperity) -> None:
    if a.amount == 0:
        raise IllegalChoice("amount must not be 0")
    _gain_prosperity(ctx, a.amount)


def _gain_achievement(ctx: _Ctx, a: A.GainAchievement) -> None:
    if a.kind == "party":
        (_lose_party if a.lose else _gain_party)(ctx, a.achievement)
    elif a.lose:
        ctx.state.global_achievements.pop(a.achievement, None)
    else:
        _gain_global(ctx, a.achievement)


_HANDLERS: dict[type, Callable[[_Ctx, Any], None]] = {
    A.NewParty: _new_party,
    A.CreateCharacter: _create_character,
    A.Buy: _buy,
    A.Sell: _sell,
    A.Equip: _equip,
    A.Donate: _donate,
    A.CityEvent: _city_event,
    A.RoadEvent: _road_event,
    A.LevelUp: _level_up,
    A.ChooseCard: _choose_card,
    A.AddCheckmarks: _add_checkmarks,
    A.AddPerk: _add_perk,
    A.QuestProgress: _quest_progress,
    A.Retire: _retire,
    A.Enhance: _enhance,
    A.ChooseScenario: _choose_scenario,
    A.UnlockScenario: _unlock_scenario,
    A.CompleteScenario: _complete_scenario,
    A.ChangeReputation: _change_reputation_action,
    A.AddProsperity: _add_prosperity,
    A.GainAchievement: _gain_achievement,
}
