"""Campaign rules: every action validated against §15–§16 and applied to a copy of the state.

``apply_action`` returns a new state or raises :class:`IllegalChoice` with the reason; the state it
was given is never changed, so a refused action changes nothing. ``check_action`` is the same test
without keeping the result.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from delvekit.core.errors import IllegalChoice, InputError
from delvekit.gloomhaven.campaign import actions as A
from delvekit.gloomhaven.campaign import tables as T
from delvekit.gloomhaven.campaign.content import (
    CampaignContent,
    Catalog,
)
from delvekit.gloomhaven.campaign.effects import (
    Ctx,
    add_card,
    add_events,
    change_reputation,
    checkmark_floor,
    draw,
    draw_rng,
    gain_global,
    gain_party,
    gain_prosperity,
    lose_party,
    open_envelope,
    release_item,
    require_town_visit,
    set_checkmarks,
    shuffled,
    sticky_unlocks,
    take_perk,
    unlock_class,
)
from delvekit.gloomhaven.campaign.enhance import enhance
from delvekit.gloomhaven.campaign.events import city_event, road_event
from delvekit.gloomhaven.campaign.limits import check_achievement
from delvekit.gloomhaven.campaign.queries import (
    copies_available,
    in_shop,
    prosperity,
    quest_fulfilled,
)
from delvekit.gloomhaven.campaign.scenarios import choose_scenario, complete_scenario, unlock_scenario
from delvekit.gloomhaven.campaign.state import CampaignState, Character, Party, copy_state
from delvekit.gloomhaven.campaign.variant import CampaignRules
from delvekit.gloomhaven.campaign.variant import get as get_rules


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
    state.city_deck = shuffled(state, list(content.city_deck))
    state.road_deck = shuffled(state, list(content.road_deck))
    state.quest_deck = shuffled(state, [q.id for q in content.personal_quests])
    state.item_design_deck = shuffled(state, list(content.item_design_deck))
    state.side_scenario_deck = shuffled(state, list(content.side_scenario_deck))
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
    handler(Ctx(catalog, rules or get_rules(state.edition), new), action)
    return new


def apply_scenario_result(
    catalog: Catalog,
    state: CampaignState,
    result: A.CompleteScenario,
    rules: CampaignRules | None = None,
) -> CampaignState:
    """Apply the end of a scenario (the engine's result record) to the campaign, all or nothing."""
    return apply_action(catalog, state, result, rules)


def _new_party(ctx: Ctx, a: A.NewParty) -> None:
    if ctx.state.party is not None:
        raise IllegalChoice(f"this campaign already has the party {ctx.state.party.name!r}")
    if not a.name.strip():
        raise IllegalChoice("a party needs a name")
    ctx.state.party = Party(name=a.name)


def _create_character(ctx: Ctx, a: A.CreateCharacter) -> None:
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
        draw_rng(s).shuffle(s.quest_deck)
    if len(a.cards) > a.level - 1:
        raise IllegalChoice(f"a level-{a.level} character gains {a.level - 1} card(s), not {len(a.cards)}")
    s.characters[a.name] = ch
    for i, card in enumerate(a.cards):
        add_card(ctx, ch, card, at_level=i + 2)
    for perk in a.perks:
        take_perk(ctx, ch, perk)


def _buy(ctx: Ctx, a: A.Buy) -> None:
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


def _sell(ctx: Ctx, a: A.Sell) -> None:
    ch = ctx.character(a.character)
    item = ctx.item(a.item)
    if a.item not in ch.items:
        raise IllegalChoice(f"{ch.name} does not own item {a.item} ({item.name})")
    ch.items.remove(a.item)
    if a.item in ch.equipped:
        ch.equipped.remove(a.item)
    ch.gold += T.sell_price(item.cost)
    release_item(ctx, a.item)


def _equip(ctx: Ctx, a: A.Equip) -> None:
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
    hands = slots.get("one-hand", 0) + 2 * slots.get("two-hands", 0)
    if hands > 2:
        raise IllegalChoice("hands hold two one-handed items or one two-handed item")
    small = (ch.level + 1) // 2
    if slots.get("small", 0) > small:
        raise IllegalChoice(f"a level-{ch.level} character carries at most {small} small item(s)")
    ch.equipped = sorted(a.items)


def _donate(ctx: Ctx, a: A.Donate) -> None:
    ch = ctx.character(a.character)
    s = ctx.state
    require_town_visit(ctx, "a sanctuary donation")
    if ch.donated_visit == s.visit:
        raise IllegalChoice(f"{ch.name} has already donated during this visit")
    if ch.gold < T.DONATION:
        raise IllegalChoice(f"{ch.name} has {ch.gold} gold; a donation is {T.DONATION}")
    ch.gold -= T.DONATION
    ch.blessings = T.DONATION_BLESSES
    ch.donated_visit = s.visit
    s.donations += T.DONATION
    sticky_unlocks(ctx)


def _level_up(ctx: Ctx, a: A.LevelUp) -> None:
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
    add_card(ctx, ch, a.card, at_level=new)
    take_perk(ctx, ch, a.perk)


def _choose_card(ctx: Ctx, a: A.ChooseCard) -> None:
    ch = ctx.character(a.character)
    if len(ch.cards) >= ch.level - 1:
        raise IllegalChoice(f"{ch.name} has chosen every card up to level {ch.level}")
    add_card(ctx, ch, a.card, at_level=len(ch.cards) + 2)


def _add_checkmarks(ctx: Ctx, a: A.AddCheckmarks) -> None:
    ch = ctx.character(a.character)
    total = ch.checkmarks + a.count
    if a.count == 0:
        raise IllegalChoice("count must not be 0")
    if total > T.MAX_CHECKMARKS:
        raise IllegalChoice(f"{ch.name} has {ch.checkmarks} checkmarks; at most {T.MAX_CHECKMARKS}")
    if total < 0:
        raise IllegalChoice(f"{ch.name} has only {ch.checkmarks} checkmarks")
    if total < checkmark_floor(ch):
        raise IllegalChoice(
            f"{ch.name} has {ch.checkmarks} checkmarks: a loss never goes below the perk threshold "
            f"{checkmark_floor(ch)} (§16.1); to correct a mistake, undo the action that added them"
        )
    set_checkmarks(ch, total)


def _add_perk(ctx: Ctx, a: A.AddPerk) -> None:
    take_perk(ctx, ctx.character(a.character), a.perk)


def _quest_progress(ctx: Ctx, a: A.QuestProgress) -> None:
    ch = ctx.character(a.character)
    if ch.quest is None:
        raise IllegalChoice(f"{ch.name} has no personal quest")
    if ch.quest_progress + a.amount < 0:
        raise IllegalChoice("quest progress cannot fall below 0")
    ch.quest_progress += a.amount


def _fulfill_quest(ctx: Ctx, a: A.FulfillQuest) -> None:
    ch = ctx.character(a.character)
    if ch.retired:
        raise IllegalChoice(f"{ch.name} has retired")
    if ch.quest is None:
        raise IllegalChoice(f"{ch.name} has no personal quest")
    if quest_fulfilled(ctx.catalog, ch):
        raise IllegalChoice(f"{ch.name}'s personal quest is already fulfilled")
    ch.quest_recorded = True


def _retire(ctx: Ctx, a: A.Retire) -> None:
    s = ctx.state
    ch = ctx.character(a.character)
    # 1st edition: a character retires because its personal quest is fulfilled, never by choice
    # (§16.8): its tracked progress reached the target, or the players recorded it (fulfill_quest).
    if ch.quest is None:
        raise IllegalChoice(f"{ch.name} has no personal quest and cannot retire")
    if not quest_fulfilled(ctx.catalog, ch):
        quest = ctx.catalog.quests.get(ch.quest)
        target = quest.target if quest else 1
        raise IllegalChoice(
            f"{ch.name} cannot retire: personal quest {ch.quest} is not fulfilled (progress "
            f"{ch.quest_progress}/{target}); record it with fulfill_quest if it is"
        )
    first_of_class = ch.cls not in s.classes_retired
    ch.retired = True
    for number in ch.items:
        release_item(ctx, number)
    ch.items, ch.equipped, ch.gold = [], [], 0  # items back to the supply; gold is lost
    s.quests_removed.append(ch.quest)
    gain_prosperity(ctx, 1)
    quest = ctx.catalog.quests.get(ch.quest)
    opened = True
    if quest is not None and quest.unlocks_class is not None:
        opened = quest.unlocks_class not in s.classes_unlocked
        unlock_class(ctx, quest.unlocks_class)
    elif quest is not None and quest.unlocks_envelope is not None:
        opened = open_envelope(ctx, quest.unlocks_envelope)
    if not opened:  # already open: one random item design and one random side scenario (§17.C10)
        design = draw(ctx, s.item_design_deck)
        if design is not None and design not in s.item_designs:
            s.item_designs.append(design)
        side = draw(ctx, s.side_scenario_deck)
        if side is not None and side not in s.unlocked_scenarios:
            s.unlocked_scenarios.append(side)
    s.retirements[ch.player] = s.retirements.get(ch.player, 0) + 1
    if first_of_class:
        s.classes_retired.append(ch.cls)
        add_events(ctx, ctx.catalog.classes[ch.cls].retire_events)
    if sum(s.retirements.values()) == 1:
        open_envelope(ctx, "town-records")


def _change_reputation_action(ctx: Ctx, a: A.ChangeReputation) -> None:
    if a.amount == 0:
        raise IllegalChoice("amount must not be 0")
    change_reputation(ctx, a.amount)


def _add_prosperity(ctx: Ctx, a: A.AddProsperity) -> None:
    if a.amount == 0:
        raise IllegalChoice("amount must not be 0")
    gain_prosperity(ctx, a.amount)


def _gain_achievement(ctx: Ctx, a: A.GainAchievement) -> None:
    check_achievement(ctx.catalog, a.achievement)
    if a.kind == "party":
        (lose_party if a.lose else gain_party)(ctx, a.achievement)
    elif a.lose:
        ctx.state.global_achievements.pop(a.achievement, None)
    else:
        gain_global(ctx, a.achievement)


_HANDLERS: dict[type, Callable[[Ctx, Any], None]] = {
    A.NewParty: _new_party,
    A.CreateCharacter: _create_character,
    A.Buy: _buy,
    A.Sell: _sell,
    A.Equip: _equip,
    A.Donate: _donate,
    A.CityEvent: city_event,
    A.RoadEvent: road_event,
    A.LevelUp: _level_up,
    A.ChooseCard: _choose_card,
    A.AddCheckmarks: _add_checkmarks,
    A.AddPerk: _add_perk,
    A.QuestProgress: _quest_progress,
    A.FulfillQuest: _fulfill_quest,
    A.Retire: _retire,
    A.Enhance: enhance,
    A.ChooseScenario: choose_scenario,
    A.UnlockScenario: unlock_scenario,
    A.CompleteScenario: complete_scenario,
    A.ChangeReputation: _change_reputation_action,
    A.AddProsperity: _add_prosperity,
    A.GainAchievement: _gain_achievement,
}
