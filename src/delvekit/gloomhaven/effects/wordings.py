"""Where the shared class wordings used to live, kept so that old import paths still work.

The wordings of the classes encoded after the Brute and the Mindthief (Tinkerer, Sunkeeper,
Quartermaster, and those shared by later classes) now live by theme:

- :mod:`~delvekit.gloomhaven.effects.consume`: the parts of a wording and its optional element
  consumption (the one consume offer of every class);
- :mod:`~delvekit.gloomhaven.effects.allies`: who an ``affects-`` flag names, giving parts to one;
- :mod:`~delvekit.gloomhaven.effects.active_area`: bonuses acting from the active area (move, heal,
  attack bonuses; attackers with disadvantage; extra targets);
- :mod:`~delvekit.gloomhaven.effects.refresh` and :mod:`~delvekit.gloomhaven.effects.recovery`:
  refreshing items, recovering and losing cards;
- :mod:`~delvekit.gloomhaven.effects.ally_picks`: wordings given to allies (``to-allies``, the
  ally pick, allies performing, extra turns);
- :mod:`~delvekit.gloomhaven.effects.turn_end`: card effects at the end of a turn, a long rest
  or a round;
- :mod:`~delvekit.gloomhaven.effects.area`: enemies within range or in a line;
- :mod:`~delvekit.gloomhaven.effects.traps`: creating, disarming and springing traps;
- :mod:`~delvekit.gloomhaven.effects.protection`: no damage this round, damage taken for allies.

Every name it held is re-exported for the engine and older callers (the lead retargets them);
new code imports them from their homes.
"""

from __future__ import annotations

# isort: off
from delvekit.gloomhaven.effects.consume import (
    Finish as Finish,
    effective_parts as effective_parts,
    part_flags as part_flags,
    gain_parts_xp as gain_parts_xp,
    flag_value as flag_value,
    consume_choices as consume_choices,
    split_consumption as split_consumption,
    flag_total as flag_total,
    consume_answer as consume_answer,
    consume_offer as consume_offer,
)
from delvekit.gloomhaven.effects.allies import (
    allies_named as allies_named,
    give_parts as give_parts,
)
from delvekit.gloomhaven.effects.active_area import (
    _action_bonus_paid as _action_bonus_paid,
    _apply_bonus as _apply_bonus,
    active_holders as active_holders,
    _move_bonus_this_round as _move_bonus_this_round,
    _next_attacks as _next_attacks,
    _passive as _passive,
    _radiance as _radiance,
    _run_unretaliate as _run_unretaliate,
    spend_use as spend_use,
    attack_consumption as attack_consumption,
    attack_consumption_offers as attack_consumption_offers,
    attackers_disadvantaged as attackers_disadvantaged,
    extra_targets as extra_targets,
    heal_bonus as heal_bonus,
    item_attack_bonus as item_attack_bonus,
    melee_attacked as melee_attacked,
    move_bonus as move_bonus,
    strike_extra as strike_extra,
)
from delvekit.gloomhaven.effects.refresh import (
    _SLOTS as _SLOTS,
    _apply_refresh as _apply_refresh,
    _refresh_for as _refresh_for,
    _refresh_items as _refresh_items,
    _run_refresh as _run_refresh,
    refreshable as refreshable,
)
from delvekit.gloomhaven.effects.recovery import (
    _apply_lose as _apply_lose,
    _apply_recover as _apply_recover,
    _apply_recover_other as _apply_recover_other,
    _heal_all as _heal_all,
    _pile as _pile,
    _recover as _recover,
    _recovers as _recovers,
    _run_lose as _run_lose,
    _run_recover as _run_recover,
    _run_recover_other as _run_recover_other,
    _start_recovery as _start_recovery,
    _unrecoverable as _unrecoverable,
)
from delvekit.gloomhaven.effects.ally_picks import (
    _allies_perform as _allies_perform,
    _apply_consume as _apply_consume,
    _apply_extra_select as _apply_extra_select,
    _apply_pick as _apply_pick,
    _extra_turn as _extra_turn,
    _finish as _finish,
    _run_consume as _run_consume,
    _run_extra_restore as _run_extra_restore,
    _run_extra_select as _run_extra_select,
    _run_pick as _run_pick,
    _run_xp_attacks as _run_xp_attacks,
    _summons_move as _summons_move,
    _to_allies as _to_allies,
    _to_allies_moved_through as _to_allies_moved_through,
    _with_consumption as _with_consumption,
)
from delvekit.gloomhaven.effects.turn_end import (
    _apply_pay as _apply_pay,
    _at_turn_end as _at_turn_end,
    _run_pay as _run_pay,
)
from delvekit.gloomhaven.effects.area import (
    _DIRECTIONS as _DIRECTIONS,
    _afflict_range as _afflict_range,
    _apply_kill_area as _apply_kill_area,
    _damage_enemies as _damage_enemies,
    _enemies_in_reach as _enemies_in_reach,
    _kill_in_area as _kill_in_area,
    _run_kill_area as _run_kill_area,
    _shove_range as _shove_range,
)
from delvekit.gloomhaven.effects.traps import (
    _apply_disarm as _apply_disarm,
    _apply_trap as _apply_trap,
    _create_trap as _create_trap,
    _disarm_trap as _disarm_trap,
    _run_disarm as _run_disarm,
    _run_trap as _run_trap,
    trap_sprung as trap_sprung,
)
from delvekit.gloomhaven.effects.protection import (
    _apply_intervene as _apply_intervene,
    _protect as _protect,
    _run_intervene as _run_intervene,
    ally_shield as ally_shield,
    before_damage as before_damage,
    protected as protected,
)
# isort: on

# the old private names, for callers not yet moved to the public ones
_allies_in = allies_named
_effective = effective_parts
_flags = part_flags
_gain_xp = gain_parts_xp
_give = give_parts
_holders = active_holders
_number = flag_value
_offer = consume_choices
_spend = spend_use
_split = split_consumption
_total = flag_total
