"""The wiring table: which class, item, monster and scenario rule joins the engine at which
hook point (:mod:`~delvekit.gloomhaven.engine.hooks`), in which order.

This module is the only place that knows both sides: the engine imports none of the modules
below, and they import only the engine's registry, hooks and API (``Game`` for type checking).
:func:`~delvekit.gloomhaven.engine.registry.load` imports it last, after every handler module.

Each line is ``hooks.POINT.add(ORDER, function)``. The order is stated here (lower first; one
order per point), so two rules at one point apply in the order this table says, whatever the
import order. Orders are spaced by 10 so that a new rule fits between two others.

Adding a class: write its module (named effects with ``@effect``), list it in
:data:`~delvekit.gloomhaven.engine.registry.HANDLER_MODULES`, and add one line here for each
hook point it uses. The older hook lists of the registry (``DEATH_HOOKS``, ``ROUND_HOOKS`` ...)
are filled by the modules themselves as they are imported; :data:`LIST_ORDER` states their
order by module, and :func:`order_lists` sorts them so once every module is loaded (a module
not named there goes where ``"*"`` stands, else last).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import delvekit.gloomhaven.items.play as items_play
from delvekit.gloomhaven.content import monster_traits
from delvekit.gloomhaven.effects import monsters as effects_monsters
from delvekit.gloomhaven.effects import wordings
from delvekit.gloomhaven.effects.classes import brute_mindthief as fx
from delvekit.gloomhaven.effects.classes import (
    cragheart,
    nightshroud,
    plagueherald,
    soothsinger,
    spellweaver,
    summoner,
)
from delvekit.gloomhaven.engine import hooks, registry
from delvekit.gloomhaven.model.scenario_rules import Lock
from delvekit.gloomhaven.scenario import battle_goals, mechanisms, rules, treasure

if TYPE_CHECKING:
    from delvekit.core.hexes import Hex
    from delvekit.gloomhaven.engine.game import Game
    from delvekit.gloomhaven.engine.state import Figure
    from delvekit.gloomhaven.scenario.treasure import ResultExtras


# ------------------------------------------------------------ glue (no rule of its own)


def _results(game: Game, won: bool) -> dict[str, ResultExtras]:
    """Treasure and battle goals, judged once the scenario ended."""
    return treasure.results(game, won, battle_goals.judged(game) if game.setup.battle_goals else {})


def _locked_doors(game: Game) -> tuple[Hex, ...]:
    return rules.locked_doors(game.tables.rules_of(Lock))


def _card_summon_flies(game: Game, f: Figure) -> bool | None:
    """A summon kept by an active card flies when its card says so (``None``: not a card's)."""
    found = fx.summon_card(game, f)
    return None if found is None else "flying" in fx.flags(found[2])


def _item_summon_flies(game: Game, f: Figure) -> bool | None:
    """A summon of an item flies when the item's summon says so."""
    if f.owner is None:
        return None
    for item in items_play.items_of(game, f.owner).values():
        for e in item.effects:
            if e.kind == "summon" and e.arg.lower().replace(" ", "-") == f.name:
                return any(s.kind == "flying" for s in e.then)
    return False


def _monster_hinders(game: Game, attacker: Figure, target: Figure) -> bool:
    return effects_monsters.attackers_disadvantaged(game, target)  # Giant Viper 689


def _radiance(game: Game, attacker: Figure, target: Figure) -> bool:
    return wordings.attackers_disadvantaged(game, target)  # Engulfing Radiance


def _dirge(game: Game, attacker: Figure, target: Figure) -> bool:
    return soothsinger.enemies_disadvantaged(game, attacker)  # Disorienting Dirge


def _stat_card_hinders(game: Game, attacker: Figure, target: Figure) -> bool:
    return monster_traits.hinders_attackers(game, target)  # Night Demon


def _fresh_grim_bargain(game: Game, f: Figure, fresh: bool) -> bool:
    return fresh and plagueherald.ask_before_attack(game, f)  # Grim Bargain: before any target


def _mobilizing_measure(game: Game, f: Figure, fresh: bool) -> bool:
    return soothsinger.ask_before_attack(game, f)  # Mobilizing Measure: a move first


# ------------------------------------------------------------------ the table

# game and scenario
hooks.game_start.add(10, items_play.start)
hooks.start_deck.add(10, items_play.start_deck)  # equipped items' -1 cards, Second Skin
hooks.room_placed.add(10, treasure.place)  # numbered treasure tiles (§14)
hooks.result_extras.add(10, _results)
hooks.check_rule.add(10, rules.check)  # a scenario rule record's expressions
hooks.locked_doors.add(10, _locked_doors)  # scenario 2's doors
hooks.wall_in_reach.add(10, mechanisms.wall_in_reach)  # 76's walls

# rounds and turns
hooks.round_start_tasks.add(10, mechanisms.round_tasks)  # who holds 69's doll...
hooks.reveal_tasks.add(10, items_play.round_tasks)  # initiative items
hooks.turn_end_tasks.add(10, items_play.turn_tasks)
hooks.own_turn_choices.add(10, items_play.own_turn_choices)
hooks.use_own_turn.add(10, items_play.use_own_turn)
hooks.basic_ability.add(10, items_play.basic)  # Versatile Dagger...
hooks.refresh_spent.add(10, items_play.refresh_spent)
hooks.pickup_candidates.add(10, fx.pickup_candidates)  # FAQ p.58
hooks.card_left_play.add(10, fx.card_left_play)  # its summon goes with it
hooks.controlled_action.add(10, fx.controlled_action)  # Domination
hooks.deny_offer.add(10, items_play.deny_offer)  # Dampening Ring
hooks.focus_initiative.add(10, items_play.focus_initiative)  # Flea-Bitten Shawl

# damage
hooks.before_damage.add(10, wordings.before_damage)  # Protective Blessing, Divine Intervention
hooks.before_damage.add(20, soothsinger.before_damage)  # Defensive Ditty
hooks.damage_negated.add(10, spellweaver.negated)  # Cold Front (before Frost Armor's cards)
hooks.damage_auto.add(10, items_play.damage_auto)  # Hide Armor...
hooks.damage_choices.add(10, items_play.damage_choices)
hooks.use_on_damage.add(10, items_play.use_on_damage)

# figures
hooks.condition_gained.add(10, items_play.gained)  # Drakescale Helm
hooks.on_curse.add(10, soothsinger.cursed)  # Unending Chant
hooks.summon_killed.add(10, fx.summon_killed)  # its card leaves the active area (§12)
hooks.extra_retaliates.add(10, items_play.retaliates)  # Spiked Shield
hooks.passive_shield.add(10, items_play.passive_shield)  # Chain Hood
hooks.controller.add(10, fx.turned)  # Hostile Takeover, Domination
hooks.summon_flies.add(10, _card_summon_flies)
hooks.summon_flies.add(20, _item_summon_flies)
hooks.flying.add(10, items_play.flying)
hooks.may_end_on_obstacle.add(10, items_play.may_end_on_obstacle)  # Cloak of Phasing
hooks.summon_attack.add(10, fx.summon_attack)  # Rat King
hooks.summon_pierce.add(10, summoner.summon_pierce)  # Shadow Wolf
hooks.summon_adds.add(10, fx.summon_adds)  # Rat Swarm

# abilities
hooks.before_ability.add(10, nightshroud.action_part)  # Wings of the Night, Black Knives
hooks.move_bonus.add(10, wordings.move_bonus)  # Defensive Stance, Supportive Chant
hooks.move_bonus.add(20, soothsinger.move_bonus)  # Song of Speed
hooks.move_bonus.add(30, mechanisms.move_change)  # 88's claw: -2
hooks.heal_bonus.add(10, wordings.heal_bonus)  # Potent Potables
hooks.move_ability.add(10, nightshroud.moved_value)  # Empowering Void
hooks.extra_targets.add(10, wordings.extra_targets)  # Quiver of Arrows
hooks.ranged_attack.add(10, cragheart.ranged_attack)  # Backup Ammunition
hooks.ranged_attack.add(20, plagueherald.ranged_attack)  # Grasping Vermin
hooks.ranged_attack.add(30, soothsinger.ranged_attack)  # Song of Speed
hooks.cannot_attack.add(10, items_play.on_obstacle)  # Cloak of Phasing
hooks.loot_offer.add(10, items_play.loot_offer)  # Thief's Hood
hooks.treasure_looted.add(10, treasure.loot)

# movement
hooks.ignores_difficult.add(10, items_play.ignores_difficult)  # Drakescale Boots
hooks.moves_as_attacks.add(10, fx.moves_as_attacks)  # Immovable Phalanx
hooks.move_choices.add(10, items_play.move_choices)  # Boots of Striding, Winged Shoes
hooks.use_in_move.add(10, items_play.use_in_move)
hooks.move_ended.add(10, plagueherald.move_ended)  # Epidemic
hooks.terrain_felt.add(10, items_play.terrain)  # Magma Waders
hooks.trap_sprung.add(10, wordings.trap_sprung)  # a created trap's conditions and XP
hooks.immune_forced.add(10, items_play.immune_forced)
hooks.smash_steps.add(10, cragheart.smash_steps)  # Heaving Swing
hooks.push_blocked.add(10, cragheart.push_blocked)  # Brutal Momentum
hooks.pushed_into.add(10, cragheart.pushed_into)  # an obstacle pushed into is destroyed
hooks.sees_invisible.add(10, nightshroud.sees_invisible)  # Eyes of the Night

# attacks
hooks.before_attack.add(10, _fresh_grim_bargain)
hooks.before_attack.add(20, _mobilizing_measure)
hooks.attack_choices.add(10, items_play.attack_choices)  # before any draw (§13)
hooks.use_in_attack.add(10, items_play.use_in_attack)
hooks.strike_tails.add(10, items_play.strike_tails)  # a single-target item rides once
hooks.before_strike.add(10, plagueherald.ask_before_strike)  # Spread the Plague
hooks.augment_consumption.add(10, fx.augment_consumption)  # Frozen Mind, Phantasmal Killer
hooks.consumption_offers.add(10, wordings.attack_consumption_offers)  # Formless Power
hooks.killed_instead.add(10, fx.killed_instead)  # Phantasmal Killer
hooks.strike_bonus.add(10, fx.strike_bonus)
hooks.strike_rider.add(10, items_play.strike)
hooks.ridden.add(10, items_play.ridden)
hooks.strike_disadvantage.add(10, effects_monsters.attackers_disadvantaged)  # Giant Viper 689
hooks.strike_disadvantage.add(20, monster_traits.hinders_attackers)  # Night Demon's stat card
hooks.attack_advantage.add(10, monster_traits.has_advantage)  # Sun Demon
hooks.attack_shield.add(10, fx.shield_against_attack)  # Warding Strength
hooks.refresh_by_card.add(10, items_play.refresh_by_card)
hooks.after_strike.add(10, fx.after_strike)  # augments' heal/shield, XP per condition
hooks.after_strike_items.add(10, items_play.after_strike)  # Fueled Falchion, Unstable Explosives
hooks.retaliated.add(10, fx.retaliated)  # Eye for an Eye

# monster turns
hooks.controlled_actions.add(10, effects_monsters.controlled_actions)  # the Betrayer
hooks.objective_actions.add(10, effects_monsters.objective_actions)  # the Elder Drake's zephyrs
hooks.turn_events.add(10, effects_monsters.this_turn)  # the Dark Rider's 3+X
hooks.mind_controlled.add(10, effects_monsters.mind_controlled)
hooks.controlled_team.add(10, effects_monsters.controlled_team)
hooks.after_monster_attack.add(10, effects_monsters.after_attack)  # the Dark Rider leaves
hooks.redirect.add(10, fx.redirect)  # Provoking Roar
hooks.attacked.add(10, items_play.attacked)  # the target's items before the draw (§13)
hooks.defence.add(10, items_play.defence)  # Leather Armor, Studded Leather
hooks.allies_bonus.add(10, effects_monsters.allies_round_bonus)
hooks.monster_attack_disadvantage.add(10, _monster_hinders)
hooks.monster_attack_disadvantage.add(20, _radiance)
hooks.monster_attack_disadvantage.add(30, _dirge)
hooks.monster_attack_disadvantage.add(40, _stat_card_hinders)
hooks.defend_cards.add(10, items_play.defend_cards)  # Iron Helmet
hooks.monster_attacked.add(10, plagueherald.monster_attacked)  # Baneful Hex
hooks.rider_tasks.add(10, effects_monsters.rider_tasks)  # Savvas Lavaflow, Deep Terror
hooks.monster_card_adds.add(10, monster_traits.card_adds)  # Forest Imp's curse
registry.RIDERS.update(effects_monsters.RIDERS)


# ------------------------------------------------- the registry's older hook lists

_SCENARIO = "delvekit.gloomhaven.scenario."
_EFFECTS = "delvekit.gloomhaven.effects."
_CLASSES = "delvekit.gloomhaven.effects.classes."

LIST_ORDER: dict[str, tuple[str, ...]] = {
    "DEATH_HOOKS": (
        _SCENARIO + "mechanisms",  # a broken wall reveals its rooms before "kill all" is judged
        "delvekit.gloomhaven.items",
        _EFFECTS + "monsters",
        _SCENARIO + "goals",
        _EFFECTS + "bosses",
        _EFFECTS + "boss_figures",
        _CLASSES + "doomstalker",
        _CLASSES + "berserker_hooks",
        _SCENARIO + "triggers",
    ),
    "ROUND_HOOKS": (
        _SCENARIO + "mechanisms",  # before the goals are judged as the round ends
        _EFFECTS + "wordings",
        _EFFECTS + "turn_end",
        _SCENARIO + "goals",
        _EFFECTS + "bosses",
        _EFFECTS + "boss_figures",
        _CLASSES + "doomstalker",
        _CLASSES + "soothsinger",
        _CLASSES + "summoner",
        _CLASSES + "berserker_hooks",
        _CLASSES + "beast_tyrant",
        _SCENARIO + "rules",
        _SCENARIO + "triggers",
    ),
    "TURN_END_HOOKS": (
        _SCENARIO + "mechanisms",  # before the goals are judged
        _EFFECTS + "wordings",
        _EFFECTS + "turn_end",
        _SCENARIO + "goals",
        _CLASSES + "doomstalker",
        _CLASSES + "elementalist",
        _CLASSES + "summoner",
        _SCENARIO + "rules",
        _SCENARIO + "triggers",
    ),
    "GOAL_HOOKS": (
        _SCENARIO + "triggers",
        _SCENARIO + "goals",
        _SCENARIO + "rules",
        "*",  # a goal of a module not named here
        _SCENARIO + "goals.kill_all",  # the default goal: only when no other goal answers
    ),
    "REVEAL_HOOKS": (
        _SCENARIO + "mechanisms",
        _EFFECTS + "bosses",
        _EFFECTS + "boss_figures",
        _SCENARIO + "triggers",
    ),
    "LOOT_HOOKS": (_SCENARIO + "mechanisms", _SCENARIO + "goals", _SCENARIO + "rules"),
    "CONSUME_HOOKS": (_CLASSES + "elementalist",),
    "STAT_HOOKS": (_CLASSES + "doomstalker", _CLASSES + "summoner_steed", _SCENARIO + "triggers"),
    "TURN_HOOKS": (
        _EFFECTS + "bosses",
        _EFFECTS + "boss_figures",
        _CLASSES + "cragheart",
        _CLASSES + "doomstalker",
        _CLASSES + "soothsinger",
        _CLASSES + "sawbones",
        _CLASSES + "beast_tyrant",
    ),
    "GROUP_HOOKS": (
        _EFFECTS + "bosses",
        _EFFECTS + "boss_figures",
    ),
    "AWAY_HOOKS": (
        _EFFECTS + "bosses",
        _EFFECTS + "boss_figures",
    ),
    "DAMAGE_HOOKS": (
        _SCENARIO + "mechanisms",
        _EFFECTS + "boss_figures",  # the undamageable zephyrs before shared damage
        _EFFECTS + "bosses",
        _CLASSES + "doomstalker",
        _CLASSES + "summoner",
        _SCENARIO + "triggers",
    ),
}
"""The order of the registry's hook lists, by the module that registered each function (a
module's own functions keep the order in which it appends them). A module not named goes where
``"*"`` stands, else last."""


def rank(modules: Sequence[str], fn: Callable[..., Any]) -> int:
    """The index of the most precise entry naming ``fn``: its module (or a module split from it)
    or the function itself (``module.name``); functions no entry names go at ``"*"``, else last."""
    module = getattr(fn, "__module__", "") or ""
    full = f"{module}.{getattr(fn, '__qualname__', '')}"
    best = modules.index("*") if "*" in modules else len(modules)
    length = -1
    for i, prefix in enumerate(modules):
        named = full == prefix or module == prefix or module.startswith((prefix + ".", prefix + "_"))
        if named and len(prefix) > length:
            best, length = i, len(prefix)
    return best


def order_lists() -> None:
    """Sort each of the registry's hook lists by :data:`LIST_ORDER` (stable)."""
    for list_name, modules in LIST_ORDER.items():
        found: list[Callable[..., Any]] = getattr(registry, list_name)
        found.sort(key=lambda fn: rank(modules, fn))


registry.AFTER_LOAD.append(order_lists)  # once every handler module has appended its functions
