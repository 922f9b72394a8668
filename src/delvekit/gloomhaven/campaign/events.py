"""City and road events (§16.1): one city event per town visit, one road event per trip unless
the destination is linked; structured outcomes from the content; the card returns or leaves."""

from __future__ import annotations

from delvekit.core.errors import IllegalChoice
from delvekit.gloomhaven.campaign import actions as A
from delvekit.gloomhaven.campaign.content import (
    Outcome,
    OutcomeCondition,
)
from delvekit.gloomhaven.campaign.effects import (
    Ctx,
    add_events,
    change_reputation,
    collective_gold,
    draw,
    gain_global,
    gain_gold,
    gain_item,
    gain_party,
    gain_prosperity,
    gain_xp,
    lose_party,
    require_town_visit,
    set_checkmarks,
)


def _holds(ctx: Ctx, cond: OutcomeCondition, a: A.EventAction, applied: bool) -> bool:
    """Whether an outcome applies; a price the party agreed to pay (``pay=true``) is paid here."""
    rep = ctx.party.reputation
    party_classes = {c.cls for c in ctx.state.characters.values() if not c.retired}
    holds = (
        not (cond.otherwise and applied)
        and (cond.reputation_at_least is None or rep >= cond.reputation_at_least)
        and (cond.reputation_at_most is None or rep <= cond.reputation_at_most)
        and (not cond.class_in_party or any(c in party_classes for c in cond.class_in_party))
        and (cond.party_achievement is None or cond.party_achievement in ctx.party.achievements)
        and (cond.global_achievement is None or cond.global_achievement in ctx.state.global_achievements)
    )
    if holds and cond.pay_collective_gold:
        if not a.pay:
            return False
        collective_gold(ctx, -cond.pay_collective_gold, a.split, "pay")
    return holds


def _apply_outcome(ctx: Ctx, o: Outcome, a: A.EventAction) -> None:
    active = [c for c in ctx.state.characters.values() if not c.retired]
    if o.choices:
        if a.choice is None or not 0 <= a.choice < len(o.choices):
            raise IllegalChoice(f"this outcome needs choice=0…{len(o.choices) - 1}")
        _apply_outcome(ctx, o.choices[a.choice], a)
    for ch in active:
        gain_gold(ch, o.gold)
        gain_xp(ch, o.xp)
        if o.checkmarks:
            set_checkmarks(ch, ch.checkmarks + o.checkmarks)
    if o.collective_gold:
        collective_gold(ctx, o.collective_gold, a.split, "gain" if o.collective_gold > 0 else "lose")
    if o.reputation:
        change_reputation(ctx, o.reputation)
    if o.prosperity:
        gain_prosperity(ctx, o.prosperity)
    for n in o.unlock_scenarios:
        if n not in ctx.state.unlocked_scenarios:
            ctx.state.unlocked_scenarios.append(n)
    for ach in o.global_achievements:
        gain_global(ctx, ach)
    for ach in o.party_achievements:
        gain_party(ctx, ach)
    for ach in o.lose_party_achievements:
        lose_party(ctx, ach)
    for n in o.item_designs:
        if n not in ctx.state.item_designs:
            ctx.state.item_designs.append(n)
    for _ in range(o.random_item_designs):
        design = draw(ctx, ctx.state.item_design_deck)
        if design is not None and design not in ctx.state.item_designs:
            ctx.state.item_designs.append(design)
    ctx.state.scenario_effects.extend(o.scenario_effects)
    if o.items:
        if a.character is None:
            raise IllegalChoice("this outcome gives an item: name the character who takes it (character=...)")
        for n in o.items:
            gain_item(ctx, ctx.character(a.character), n)
    add_events(ctx, o.add_events)


def _resolve_event(ctx: Ctx, deck_name: str, deck: list[int], a: A.EventAction) -> None:
    if a.card not in deck:
        raise IllegalChoice(f"{deck_name} event {a.card} is not in the {deck_name} deck")
    option = a.option.upper()
    info = ctx.catalog.event(deck_name, a.card)
    remove = False
    if info is not None:
        chosen = info.options.get(option)
        if chosen is None:
            raise IllegalChoice(f"{deck_name} event {a.card} has options {', '.join(sorted(info.options))}")
        if a.pay and not any(o.when.pay_collective_gold for o in chosen.outcomes):
            raise IllegalChoice(f"{deck_name} event {a.card} {option} asks no price: leave out pay")
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


def city_event(ctx: Ctx, a: A.CityEvent) -> None:
    require_town_visit(ctx, "a city event")
    if ctx.state.city_event_visit == ctx.state.visit:
        raise IllegalChoice("the party has already resolved a city event during this visit")
    _resolve_event(ctx, "city", ctx.state.city_deck, a)
    ctx.state.city_event_visit = ctx.state.visit


def needs_road_event(ctx: Ctx, scenario: int, *, direct: bool) -> bool:
    """§16.1: straight from the last scenario, no road event for the same or a linked scenario;
    from Gloomhaven, none for a scenario linked to the town."""
    s = ctx.state
    if direct and s.last_scenario is not None:
        return scenario != s.last_scenario and scenario not in _links(ctx, s.last_scenario)
    info = ctx.catalog.scenarios.get(scenario)
    return not (info is not None and info.linked_to_town)


def _links(ctx: Ctx, scenario: int) -> tuple[int, ...]:
    info = ctx.catalog.scenarios.get(scenario)
    return info.links if info else ()


def road_event(ctx: Ctx, a: A.RoadEvent) -> None:
    s = ctx.state
    if s.road_event_after == s.scenarios_played:
        raise IllegalChoice("the party has already resolved a road event on this trip")
    if s.next_scenario is not None and not needs_road_event(ctx, s.next_scenario, direct=s.next_direct):
        raise IllegalChoice(f"scenario {s.next_scenario} is linked: no road event on the way")
    _resolve_event(ctx, "road", s.road_deck, a)
    s.road_event_after = s.scenarios_played
