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
hook point it uses. No module registers itself at a hook point as it is imported: every
registration is a line of this table (``tests/engine/test_hooks.py`` checks it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import delvekit.gloomhaven.items.play as items_play
from delvekit.gloomhaven.content import monster_traits
from delvekit.gloomhaven.effects import active_area as effects_active_area
from delvekit.gloomhaven.effects import boss_figures, bosses
from delvekit.gloomhaven.effects import monsters as effects_monsters
from delvekit.gloomhaven.effects import parts as effects_parts
from delvekit.gloomhaven.effects import protection as effects_protection
from delvekit.gloomhaven.effects import rests as effects_rests
from delvekit.gloomhaven.effects import strike as effects_strike
from delvekit.gloomhaven.effects import summons as effects_summons
from delvekit.gloomhaven.effects import traps as effects_traps
from delvekit.gloomhaven.effects import turn_end as effects_turn_end
from delvekit.gloomhaven.effects.classes import (
    beast_tyrant,
    beast_tyrant_more,
    berserker_hooks,
    cragheart,
    doomstalker,
    doomstalker_dooms,
    elementalist,
    elementalist_summons,
    nightshroud,
    plagueherald,
    sawbones,
    scoundrel,
    soothsinger,
    soothsinger_control,
    spellweaver,
    summoner,
    summoner_steed,
)
from delvekit.gloomhaven.effects.classes import brute as effects_brute
from delvekit.gloomhaven.effects.classes import mindthief as effects_mindthief
from delvekit.gloomhaven.engine import hooks, registry
from delvekit.gloomhaven.items import passive as items_passive
from delvekit.gloomhaven.model.scenario_rules import Lock
from delvekit.gloomhaven.scenario import battle_goals, goals, mechanisms, rules, treasure, triggers

if TYPE_CHECKING:
    from delvekit.core.hexes import Hex
    from delvekit.gloomhaven.effects.parts import StrikeBonus
    from delvekit.gloomhaven.engine.game import Game
    from delvekit.gloomhaven.engine.state import Figure, Task
    from delvekit.gloomhaven.model.abilities import Ability
    from delvekit.gloomhaven.scenario.treasure import ResultExtras


# ------------------------------------------------------------ glue (no rule of its own)


def _results(game: Game, won: bool) -> dict[str, ResultExtras]:
    """Treasure and battle goals, judged once the scenario ended."""
    return treasure.results(game, won, battle_goals.judged(game) if game.setup.battle_goals else {})


def _locked_doors(game: Game) -> tuple[Hex, ...]:
    return rules.locked_doors(game.tables.rules_of(Lock))


def _card_summon_flies(game: Game, f: Figure) -> bool | None:
    """A summon kept by an active card flies when its card says so (``None``: not a card's)."""
    found = effects_summons.summon_card(game, f)
    return None if found is None else "flying" in effects_parts.flags(found[2])


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
    return effects_active_area.attackers_disadvantaged(game, target)  # Engulfing Radiance


def _dirge(game: Game, attacker: Figure, target: Figure) -> bool:
    return soothsinger.enemies_disadvantaged(game, attacker)  # Disorienting Dirge


def _stat_card_hinders(game: Game, attacker: Figure, target: Figure) -> bool:
    return monster_traits.hinders_attackers(game, target)  # Night Demon


def _songs(game: Game, f: Figure, target: Figure, ability: Ability, out: StrikeBonus, extras: str) -> None:
    soothsinger.strike_extra(game, f, out)  # songs: allies' attacks, summons too


def _crackling_air(
    game: Game, f: Figure, target: Figure, ability: Ability, out: StrikeBonus, extras: str
) -> None:
    spellweaver.strike_extra(game, f, out)  # a character's next attacks


def _round_bonuses(
    game: Game, f: Figure, target: Figure, ability: Ability, out: StrikeBonus, extras: str
) -> None:
    cragheart.strike_extra(game, f, target, ability, out)  # ranged/melee round bonuses


def _spread_the_plague(
    game: Game, f: Figure, target: Figure, ability: Ability, out: StrikeBonus, extras: str
) -> None:
    plagueherald.strike_extra(game, f, ability, out)


def _black_hole(game: Game, f: Figure, target: Figure, extras: str) -> bool:
    return spellweaver.kills_instead(game, f, target)


def _fresh_grim_bargain(game: Game, f: Figure, fresh: bool) -> tuple[str, Task] | None:
    return plagueherald.ask_before_attack(game, f) if fresh else None  # Grim Bargain: before any target


def _mobilizing_measure(game: Game, f: Figure, fresh: bool) -> tuple[str, Task] | None:
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
hooks.setup_tasks.add(10, beast_tyrant.bear_steps)  # the Beast Tyrant's bear
hooks.goal.add(10, triggers.any_change)  # rules waiting for figures look again first
hooks.goal.add(20, goals.goal_met)
hooks.goal.add(30, rules.goal_met)
hooks.goal.add(40, goals.kill_all)  # the default goal: asked only when no other goal answers
hooks.room_revealed.add(10, mechanisms.room_revealed)
hooks.room_revealed.add(20, bosses.place_altar)  # the Prime Demon's altar
hooks.room_revealed.add(30, triggers.room_revealed)
hooks.looted.add(10, mechanisms.looted)
hooks.looted.add(20, goals.loot_ability)  # goal treasure tiles
hooks.looted.add(30, rules.loot_ability)

# rounds and turns
hooks.round_event.add(10, mechanisms.at_round)  # before the goals are judged as the round ends
hooks.round_event.add(20, effects_turn_end.round_end)
hooks.round_event.add(30, goals.at_round)
hooks.round_event.add(40, bosses.altar_at_round_start)
hooks.round_event.add(50, doomstalker_dooms.round_end)
hooks.round_event.add(60, doomstalker.round_start)
hooks.round_event.add(70, soothsinger.at_round)
hooks.round_event.add(80, summoner.round_start)
hooks.round_event.add(90, berserker_hooks.round_end)  # Unstoppable Destruction
hooks.round_event.add(100, beast_tyrant.calm)
hooks.round_event.add(110, rules.at_round)
hooks.round_event.add(120, triggers.at_round)
hooks.round_start_tasks.add(10, mechanisms.round_tasks)  # who holds 69's doll...
hooks.reveal_tasks.add(10, items_play.round_tasks)  # initiative items
hooks.turn_starting.add(10, doomstalker_dooms.turn_start)  # Inescapable Fate, Expose
hooks.turn_starting.add(20, soothsinger.turn_start)  # Soothing Lullaby, the songs' XP
hooks.turn_starting.add(30, sawbones.turn_start)  # Regenerative Tissue, Triage
hooks.turn_start_effects.add(10, cragheart.turn_start)  # Lumbering Bash: its heal, then the turn
hooks.turn_start_effects.add(20, soothsinger_control.turn_start)  # Pull the Strings, Nightmare Serenade
hooks.turn_taken.add(10, bosses.controlled_turn)  # the Betrayer's mind control
hooks.turn_taken.add(20, beast_tyrant.forgone_turn)
hooks.turn_start_tasks.add(10, berserker_hooks.turn_start)  # Blood Pact
hooks.turn_ended.add(10, mechanisms.turn_ended)  # before the goals are judged
hooks.turn_ended.add(20, effects_turn_end.turn_ended)
hooks.turn_ended.add(30, effects_turn_end.long_rest_refresh)
hooks.turn_ended.add(40, goals.turn_ended)
hooks.turn_ended.add(50, doomstalker.turn_ended)
hooks.turn_ended.add(60, elementalist.turn_ended)
hooks.turn_ended.add(70, summoner.turn_ended)
hooks.turn_ended.add(80, rules.loot_treasure)
hooks.turn_ended.add(90, triggers.turn_ended)
hooks.turn_ended.add(100, bosses.control_ends)  # last: the Betrayer's mind control ends with the turn
hooks.turn_end_tasks.add(10, items_play.turn_tasks)
hooks.own_turn_choices.add(10, items_play.own_turn_choices)
hooks.use_own_turn.add(10, items_play.use_own_turn)
hooks.basic_ability.add(10, items_play.basic)  # Versatile Dagger...
hooks.refresh_spent.add(10, items_play.refresh_spent)
hooks.pickup_candidates.add(10, effects_rests.pickup_candidates)  # FAQ p.58
hooks.card_left_play.add(10, effects_summons.card_left_play)  # its summon goes with it
hooks.controlled_action.add(10, effects_mindthief.controlled_action)  # Domination
hooks.deny_offer.add(10, items_play.deny_offer)  # Dampening Ring
hooks.focus_initiative.add(10, items_play.focus_initiative)  # Flea-Bitten Shawl

# damage
hooks.before_damage.add(10, effects_protection.before_damage)  # Protective Blessing, Divine Intervention
hooks.before_damage.add(20, soothsinger.before_damage)  # Defensive Ditty
hooks.before_damage.add(30, berserker_hooks.before_damage)  # Defiance of Death
hooks.damage_negated.add(10, spellweaver.negated)  # Cold Front (before Frost Armor's cards)
hooks.damage_auto.add(10, items_play.damage_auto)  # Hide Armor...
hooks.damage_choices.add(10, items_play.damage_choices)
hooks.use_on_damage.add(10, items_play.use_on_damage)
hooks.damage_handled.add(10, mechanisms.staff_damage)
hooks.damage_handled.add(20, boss_figures.undamageable)  # the zephyrs before shared damage
hooks.damage_handled.add(30, bosses.shared_damage)
hooks.damage_handled.add(40, doomstalker_dooms.damaged)
hooks.damage_handled.add(50, summoner.summon_damaged)
hooks.damage_handled.add(60, triggers.no_damage)

# figures
hooks.condition_gained.add(10, items_play.gained)  # Drakescale Helm
hooks.condition_prevented.add(10, sawbones.condition_prevented)  # Vaccine
hooks.on_curse.add(10, soothsinger.cursed)  # Unending Chant
hooks.died.add(10, mechanisms.died)  # a broken wall reveals its rooms before "kill all" is judged
hooks.died.add(20, items_passive.on_death)
hooks.died.add(30, effects_monsters.on_death)
hooks.died.add(40, goals.died)
hooks.died.add(50, boss_figures.drake_gone)
hooks.died.add(60, boss_figures.rider_died)
hooks.died.add(70, doomstalker_dooms.died)
hooks.died.add(80, berserker_hooks.died)
hooks.died.add(90, triggers.objective_died)
hooks.died.add(100, triggers.monster_died)
hooks.consumed.add(10, elementalist.consumed)  # Volatile Consumption
hooks.summon_killed.add(10, spellweaver.summon_died)  # the Burning Avatar's death attack
hooks.summon_killed.add(20, summoner.summon_died)  # the Living Bomb's death burst
hooks.summon_killed.add(30, effects_summons.summon_killed)  # its card leaves the active area (§12)
hooks.extra_retaliates.add(10, items_play.retaliates)  # Spiked Shield
hooks.extra_retaliates.add(20, berserker_hooks.retaliates)  # Spiked Armor
hooks.passive_shield.add(10, items_play.passive_shield)  # Chain Hood
hooks.shield_from_others.add(10, sawbones.shield_from_others)  # Prevention Is Key, Booster Shot
hooks.stat_bonus.add(10, doomstalker_dooms.stat_bonus)
hooks.stat_bonus.add(20, summoner_steed.stat_bonus)  # Earthen Steed
hooks.stat_bonus.add(30, triggers.stat_bonus)  # 22's altars
hooks.controller.add(10, effects_mindthief.turned)  # Hostile Takeover, Domination
hooks.summon_flies.add(10, _card_summon_flies)
hooks.summon_flies.add(20, _item_summon_flies)
hooks.flying.add(10, plagueherald.flying)  # Winged Congregation
hooks.flying.add(20, items_play.flying)  # Boots of Levitation, Cloak of Phasing
hooks.may_end_on_obstacle.add(10, items_play.may_end_on_obstacle)  # Cloak of Phasing
hooks.summon_attack.add(10, effects_summons.summon_attack)  # Rat King
hooks.summon_pierce.add(10, summoner.summon_pierce)  # Shadow Wolf
hooks.summon_adds.add(10, effects_summons.summon_adds)  # Rat Swarm
hooks.summon_turn.add(10, beast_tyrant.bear_turn)  # Concentrated Rage, Blood Hunger
hooks.summon_actions.add(10, beast_tyrant_more.summon_actions)  # the Wind Totem
hooks.summon_event.add(10, summoner.summon_event)  # the Healing Sprite, the Void Eater

# abilities
hooks.before_ability.add(10, nightshroud.action_part)  # Wings of the Night, Black Knives
hooks.before_ability.add(20, sawbones.ability_replaced)  # attacks performed as heals
hooks.move_bonus.add(10, effects_active_area.move_bonus)  # Defensive Stance, Supportive Chant
hooks.move_bonus.add(20, soothsinger.move_bonus)  # Song of Speed
hooks.move_bonus.add(30, mechanisms.move_change)  # 88's claw: -2
hooks.heal_bonus.add(10, effects_active_area.heal_bonus)  # Potent Potables
hooks.move_ability.add(10, nightshroud.moved_value)  # Empowering Void
hooks.extra_targets.add(10, effects_active_area.extra_targets)  # Quiver of Arrows
hooks.ranged_attack.add(10, cragheart.ranged_attack)  # Backup Ammunition
hooks.ranged_attack.add(20, plagueherald.ranged_attack)  # Grasping Vermin
hooks.ranged_attack.add(30, soothsinger.ranged_attack)  # Song of Speed
hooks.cannot_attack.add(10, items_play.on_obstacle)  # Cloak of Phasing
hooks.loot_offer.add(10, items_play.loot_offer)  # Thief's Hood
hooks.treasure_looted.add(10, treasure.loot)

# movement
hooks.ignores_difficult.add(10, items_play.ignores_difficult)  # Drakescale Boots
hooks.moves_as_attacks.add(10, effects_brute.moves_as_attacks)  # Immovable Phalanx
hooks.move_starts.add(10, summoner_steed.move_starts)  # Earthen Steed
hooks.move_choices.add(10, items_play.move_choices)  # Boots of Striding, Winged Shoes
hooks.use_in_move.add(10, items_play.use_in_move)
hooks.move_ended.add(10, plagueherald.move_ended)  # Epidemic
hooks.terrain_felt.add(10, items_play.terrain)  # Magma Waders
hooks.trap_sprung.add(10, doomstalker.trap_sprung)  # Detonation's damage around the trap
hooks.trap_sprung.add(20, effects_traps.trap_sprung)  # a created trap's conditions and XP
hooks.immune_forced.add(10, items_play.immune_forced)
hooks.smash_steps.add(10, cragheart.smash_steps)  # Heaving Swing
hooks.push_blocked.add(10, cragheart.push_blocked)  # Brutal Momentum
hooks.pushed_into.add(10, cragheart.pushed_into)  # an obstacle pushed into is destroyed
hooks.sees_invisible.add(10, nightshroud.sees_invisible)  # Eyes of the Night

# attacks
hooks.before_attack.add(10, _fresh_grim_bargain)  # the order only lists them: the player orders
hooks.before_attack.add(20, _mobilizing_measure)  # two that ask at once (engine.actions)
hooks.attack_starts.add(10, elementalist_summons.attack_starts)  # the Doppelganger
hooks.attack_choices.add(10, items_play.attack_choices)  # before any draw (§13)
hooks.use_in_attack.add(10, items_play.use_in_attack)
hooks.strike_tails.add(10, items_play.strike_tails)  # a single-target item rides once
hooks.before_strike.add(10, plagueherald.ask_before_strike)  # Spread the Plague
hooks.augment_consumption.add(10, effects_mindthief.augment_consumption)  # Frozen Mind, Phantasmal Killer
hooks.consumption_offers.add(10, effects_active_area.attack_consumption_offers)  # Formless Power
hooks.killed_instead.add(10, _black_hole)
hooks.killed_instead.add(20, effects_strike.killed_instead)  # Phantasmal Killer
hooks.strike_bonus.add(10, effects_strike.strike_bonus)
hooks.strike_extra.add(10, doomstalker.strike_extra)  # dooms: characters' and summons' attacks
hooks.strike_extra.add(20, _songs)
hooks.strike_extra.add(30, berserker_hooks.strike_extra)  # Seeing Red, Shiny Distraction
hooks.strike_extra.add(40, _crackling_air)  # before the active area's other bonuses
hooks.character_strike_extra.add(10, _round_bonuses)
hooks.character_strike_extra.add(20, _spread_the_plague)
hooks.character_strike_extra.add(30, scoundrel.strike_extra)  # last: its "double" sees every bonus
hooks.attack_bonus.add(10, beast_tyrant_more.aura_bonus)  # the Spirit Banner
hooks.strike_rider.add(10, items_play.strike)
hooks.ridden.add(10, items_play.ridden)
hooks.strike_disadvantage.add(10, effects_monsters.attackers_disadvantaged)  # Giant Viper 689
hooks.strike_disadvantage.add(20, monster_traits.hinders_attackers)  # Night Demon's stat card
hooks.attack_advantage.add(10, monster_traits.has_advantage)  # Sun Demon
hooks.attack_shield.add(10, effects_protection.ally_shield)  # Divine Intervention
hooks.attack_shield.add(20, soothsinger.ally_shield)  # Defensive Ditty
hooks.attack_shield.add(30, effects_strike.shield_against_attack)  # Warding Strength
hooks.refresh_by_card.add(10, items_play.refresh_by_card)
hooks.after_strike.add(10, effects_strike.after_strike)  # augments' heal/shield, XP per condition
hooks.after_strike_items.add(10, items_play.after_strike)  # Fueled Falchion, Unstable Explosives
hooks.retaliated.add(10, effects_brute.retaliated)  # Eye for an Eye

# monster turns
hooks.controlled_actions.add(10, effects_monsters.controlled_actions)  # the Betrayer
hooks.objective_actions.add(10, effects_monsters.objective_actions)  # the Elder Drake's zephyrs
hooks.turn_events.add(10, effects_monsters.this_turn)  # the Dark Rider's 3+X
hooks.mind_controlled.add(10, effects_monsters.mind_controlled)
hooks.controlled_team.add(10, effects_monsters.controlled_team)
hooks.after_monster_attack.add(10, boss_figures.rider_leaves)  # the Dark Rider leaves
hooks.redirect.add(10, effects_brute.redirect)  # Provoking Roar
hooks.attacked.add(10, items_play.attacked)  # the target's items before the draw (§13)
hooks.defence.add(10, items_play.defence)  # Leather Armor, Studded Leather
hooks.group_tasks.add(10, boss_figures.zephyrs_first)
hooks.group_tasks.add(20, boss_figures.rider_appears)  # the Dark Rider comes back
hooks.away_types.add(10, boss_figures.rider_away)
hooks.attacked_bonus.add(10, berserker_hooks.attacked)  # Reckless Offensive
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
