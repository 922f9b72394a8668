"""Scenarios in the campaign (§15, §16.11): availability, unlocking, and the end-of-scenario
result with the scenario's own rewards."""

from __future__ import annotations

from delvekit.core.errors import IllegalChoice, InputError
from delvekit.gloomhaven.campaign import actions as A
from delvekit.gloomhaven.campaign.content import (
    Rewards,
)
from delvekit.gloomhaven.campaign.effects import (
    Ctx,
    add_events,
    change_reputation,
    collective_gold,
    gain_global,
    gain_gold,
    gain_item,
    gain_party,
    gain_prosperity,
    gain_xp,
    lose_party,
    open_envelope,
    set_checkmarks,
    unlock_class,
)
from delvekit.gloomhaven.campaign.events import needs_road_event
from delvekit.gloomhaven.campaign.queries import (
    must_level_up,
    quest_fulfilled,
    scenario_blocker,
)
from delvekit.gloomhaven.campaign.state import Character


def _known_scenario(ctx: Ctx, number: int) -> None:
    if ctx.catalog.scenarios and number not in ctx.catalog.scenarios:
        raise InputError(f"unknown scenario {number}", where="scenario")
    if number < 1:
        raise InputError(f"unknown scenario {number}", where="scenario")


def choose_scenario(ctx: Ctx, a: A.ChooseScenario) -> None:
    _known_scenario(ctx, a.scenario)
    why = scenario_blocker(ctx.catalog, ctx.state, a.scenario)
    if why:
        raise IllegalChoice(why)
    if a.direct and ctx.state.last_scenario is None:
        raise IllegalChoice("no scenario has been played yet: the party sets out from Gloomhaven")
    if not a.direct:  # leaving town: the mandatory town steps come first (§16.3, §16.8)
        for ch in ctx.state.characters.values():
            if must_level_up(ch):
                raise IllegalChoice(f"{ch.name} must level up before the party leaves Gloomhaven")
            if not ch.retired and quest_fulfilled(ctx.catalog, ch):
                raise IllegalChoice(f"{ch.name} has fulfilled a personal quest and must retire first")
    ctx.state.next_scenario = a.scenario
    ctx.state.next_direct = a.direct


def unlock_scenario(ctx: Ctx, a: A.UnlockScenario) -> None:
    _known_scenario(ctx, a.scenario)
    if a.scenario in ctx.state.unlocked_scenarios:
        raise IllegalChoice(f"scenario {a.scenario} is already unlocked")
    ctx.state.unlocked_scenarios.append(a.scenario)


def _rewards(ctx: Ctx, r: Rewards, players: list[Character], split: dict[str, int] | None) -> None:
    if r.collective_gold:
        if split is None:  # evenly, the remainder to the first characters listed
            share, rest = divmod(r.collective_gold, len(players))
            split = {ch.name: share + (1 if i < rest else 0) for i, ch in enumerate(players)}
        elif set(split) - {ch.name for ch in players}:
            raise IllegalChoice("split names a character who did not play")
        collective_gold(ctx, r.collective_gold, split, "share")
    for ch in players:
        gain_gold(ch, r.gold)
        gain_xp(ch, r.xp)
        if r.checkmarks:
            set_checkmarks(ch, ch.checkmarks + r.checkmarks)
        for n in r.items:
            gain_item(ctx, ch, n)
    if r.reputation:
        change_reputation(ctx, r.reputation)
    if r.prosperity:
        gain_prosperity(ctx, r.prosperity)
    for ach in r.lose_global_achievements:
        ctx.state.global_achievements.pop(ach, None)
    for ach in r.global_achievements:
        gain_global(ctx, ach)
    for ach in r.lose_party_achievements:
        lose_party(ctx, ach)
    for ach in r.party_achievements:
        gain_party(ctx, ach)
    for n in r.item_designs:
        if n not in ctx.state.item_designs:
            ctx.state.item_designs.append(n)
    for env in r.envelopes:
        open_envelope(ctx, env)
    for cls_id in r.classes:
        unlock_class(ctx, cls_id)
    add_events(ctx, r.add_events)


def complete_scenario(ctx: Ctx, a: A.CompleteScenario) -> None:
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
    if (
        s.next_scenario == a.scenario
        and not a.casual
        and s.road_event_after != s.scenarios_played
        and needs_road_event(ctx, a.scenario, direct=s.next_direct)
    ):
        raise IllegalChoice(f"resolve a road event on the way to scenario {a.scenario} first (road_event)")
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
            set_checkmarks(ch, ch.checkmarks + res.checkmarks)
        if res.quest:
            if ch.quest is None:
                raise IllegalChoice(f"{name} has no personal quest")
            ch.quest_progress += res.quest
        for n in res.items:
            gain_item(ctx, ch, n)
        for n in res.treasures:
            if n not in s.looted_treasures:
                s.looted_treasures.append(n)
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
    s.next_direct = False
