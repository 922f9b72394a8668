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
    place_summon as place_summon,
    card_left_play as card_left_play,
    summon_adds as summon_adds,
    summon_attack as summon_attack,
    summon_card as summon_card,
    summon_killed as summon_killed,
    summon_name as summon_name,
)
from delvekit.gloomhaven.effects.rests import (
    pickup_candidates as pickup_candidates,
)
from delvekit.gloomhaven.effects.classes.brute import (
    moves_as_attacks as moves_as_attacks,
    redirect as redirect,
    retaliated as retaliated,
)
from delvekit.gloomhaven.effects.classes.mindthief import (
    command_ally as command_ally,
    augment_bonus as augment_bonus,
    augment_owner as augment_owner,
    consumed_parts as consumed_parts,
    control_monster as control_monster,
    augment_consumption as augment_consumption,
    augments as augments,
    controlled_action as controlled_action,
    turned as turned,
)
from delvekit.gloomhaven.effects.strike import (
    after_strike as after_strike,
    killed_instead as killed_instead,
    round_attack_bonus as round_attack_bonus,
    shield_against_attack as shield_against_attack,
    strike_bonus as strike_bonus,
)
from delvekit.gloomhaven.effects.picks import (
    kill as kill,
)
# isort: on

