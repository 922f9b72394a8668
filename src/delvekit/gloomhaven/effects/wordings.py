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
    active_holders as active_holders,
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
    refresh_for as refresh_for,
    refresh_items as refresh_items,
    refreshable as refreshable,
)
from delvekit.gloomhaven.effects.recovery import (
    recovers as recovers,
    start_recovery as start_recovery,
)
from delvekit.gloomhaven.effects.ally_picks import (
    to_allies as to_allies,
)
import delvekit.gloomhaven.effects.turn_end
import delvekit.gloomhaven.effects.area  # noqa: F401  (imported here as before)
from delvekit.gloomhaven.effects.traps import (
    trap_sprung as trap_sprung,
)
from delvekit.gloomhaven.effects.protection import (
    ally_shield as ally_shield,
    before_damage as before_damage,
    protected as protected,
)
# isort: on

