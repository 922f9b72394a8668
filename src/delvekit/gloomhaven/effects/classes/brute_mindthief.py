"""Where the Brute's and the Mindthief's effects used to live, kept so that old import paths
still work.

The class wordings now live in :mod:`~delvekit.gloomhaven.effects.classes.brute` and
:mod:`~delvekit.gloomhaven.effects.classes.mindthief`; what other classes share with them in
:mod:`~delvekit.gloomhaven.effects.parts` (the parts of a named effect, events of this turn and
round, performing an attack or a move), :mod:`~delvekit.gloomhaven.effects.picks` (afflict, kill
and the one enemy pick), :mod:`~delvekit.gloomhaven.effects.summons` (character summons),
:mod:`~delvekit.gloomhaven.effects.rests` (picking up active cards when resting) and
:mod:`~delvekit.gloomhaven.effects.strike` (what the active area adds to each attack).

Every name it held is re-exported for the engine and older callers (the lead retargets them);
new code imports them from their homes.
"""

from __future__ import annotations

# isort: off
from delvekit.gloomhaven.effects.parts import (
    NEGATIVE as NEGATIVE,
    StrikeBonus as StrikeBonus,
    active_halves as active_halves,
    adjacent_enemies as adjacent_enemies,
    attack_task_text as attack_task_text,
    damage_dealt as damage_dealt,
    empty_adjacent as empty_adjacent,
    events_since as events_since,
    named_in_play as named_in_play,
    figures_in_reach as figures_in_reach,
    is_adjacent as is_adjacent,
    moved_hexes as moved_hexes,
    moved_through as moved_through,
    named_in as named_in,
    offer_pick as offer_pick,
    perform_attack as perform_attack,
    perform_move as perform_move,
    reach_of as reach_of,
    round_events as round_events,
    x_value as x_value,
    flag_number as flag_number,
    flags as flags,
    parts as parts,
)
from delvekit.gloomhaven.effects.summons import (
    _place_summon as _place_summon,
    _summon as _summon,
    card_left_play as card_left_play,
    summon_adds as summon_adds,
    summon_attack as summon_attack,
    summon_card as summon_card,
    summon_killed as summon_killed,
    summon_name as summon_name,
)
from delvekit.gloomhaven.effects.rests import (
    _apply_pickup as _apply_pickup,
    _run_pickup as _run_pickup,
    pickup_candidates as pickup_candidates,
)
from delvekit.gloomhaven.effects.classes.brute import (
    _attack_moved_through as _attack_moved_through,
    _attack_x as _attack_x,
    _move_then as _move_then,
    _move_x as _move_x,
    _redirect as _redirect,
    _run_after_move as _run_after_move,
    _xp_per_target as _xp_per_target,
    moves_as_attacks as moves_as_attacks,
    redirect as redirect,
    retaliated as retaliated,
)
from delvekit.gloomhaven.effects.classes.mindthief import (
    _ally as _ally,
    _ally_performs as _ally_performs,
    _apply_consume as _apply_consume,
    _attack_per_condition as _attack_per_condition,
    _augment as _augment,
    _augment_bonus as _augment_bonus,
    _augment_owner as _augment_owner,
    _consume_groups as _consume_groups,
    _consumed_parts as _consumed_parts,
    _consumes as _consumes,
    _control as _control,
    _control_enemy as _control_enemy,
    _finish_consumes as _finish_consumes,
    _pilfer as _pilfer,
    _run_consume as _run_consume,
    _turn_enemy as _turn_enemy,
    augment_consumption as augment_consumption,
    augments as augments,
    controlled_action as controlled_action,
    turned as turned,
)
from delvekit.gloomhaven.effects.strike import (
    _bonus_this_round as _bonus_this_round,
    _many_as_one as _many_as_one,
    _passive as _passive,
    after_strike as after_strike,
    killed_instead as killed_instead,
    round_attack_bonus as round_attack_bonus,
    shield_against_attack as shield_against_attack,
    strike_bonus as strike_bonus,
)
from delvekit.gloomhaven.effects.picks import (
    _afflict as _afflict,
    _afflict_one as _afflict_one,
    _apply_all as _apply_all,
    _apply_pick as _apply_pick,
    _attack_around_killed as _attack_around_killed,
    _kill as _kill,
    _kill_effect as _kill_effect,
    _run_all as _run_all,
    _run_pick as _run_pick,
)
# isort: on

# the old private names, for callers not yet moved to the public ones
_active_halves = active_halves
_adjacent_enemies = adjacent_enemies
_attack_text = attack_task_text
_damage_dealt = damage_dealt
_empty_adjacent = empty_adjacent
_events_since = events_since
_in_play = named_in_play
_in_reach = figures_in_reach
_is_adjacent = is_adjacent
_moved = moved_hexes
_moved_through = moved_through
_named_in = named_in
_offer_pick = offer_pick
_perform_attack = perform_attack
_perform_move = perform_move
_reach = reach_of
_this_round = round_events
_x = x_value
