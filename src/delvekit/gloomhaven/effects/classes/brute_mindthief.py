"""Where the Brute's and the Mindthief's effects used to live, kept so that old import paths
still work.

The class wordings now live in :mod:`~delvekit.gloomhaven.effects.classes.brute` and
:mod:`~delvekit.gloomhaven.effects.classes.mindthief`; what other classes share with them in
:mod:`~delvekit.gloomhaven.effects.parts` (the parts of a named effect, events of this turn and
round, performing an attack or a move), :mod:`~delvekit.gloomhaven.effects.picks` (afflict, kill
and the one enemy pick), :mod:`~delvekit.gloomhaven.effects.summons` (character summons),
:mod:`~delvekit.gloomhaven.effects.rests` (picking up active cards when resting) and
:mod:`~delvekit.gloomhaven.effects.strike` (what the active area adds to each attack).

The names below are re-exported for the engine and older callers; new code imports them from
their homes.
"""

from __future__ import annotations

# isort: off
from delvekit.gloomhaven.effects.parts import (
    StrikeBonus as StrikeBonus,
    _active_halves as _active_halves,
    _attack_text as _attack_text,
    _empty_adjacent as _empty_adjacent,
    _events_since as _events_since,
    _in_play as _in_play,
    _in_reach as _in_reach,
    _moved as _moved,
    _moved_through as _moved_through,
    _named_in as _named_in,
    _perform_attack as _perform_attack,
    _perform_move as _perform_move,
    _reach as _reach,
    _this_round as _this_round,
    flag_number as flag_number,
    flags as flags,
    parts as parts,
)
from delvekit.gloomhaven.effects.summons import (
    card_left_play as card_left_play,
    summon_adds as summon_adds,
    summon_attack as summon_attack,
    summon_card as summon_card,
    summon_killed as summon_killed,
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
    _ally as _ally,
    augment_consumption as augment_consumption,
    augments as augments,
    controlled_action as controlled_action,
    turned as turned,
)
from delvekit.gloomhaven.effects.strike import (
    after_strike as after_strike,
    killed_instead as killed_instead,
    shield_against_attack as shield_against_attack,
    strike_bonus as strike_bonus,
)
from delvekit.gloomhaven.effects.picks import (
    _kill as _kill,
)
# isort: on
