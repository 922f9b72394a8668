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

The names below are re-exported for the engine and older callers; new code imports them from
their homes.
"""

from __future__ import annotations

# isort: off
from delvekit.gloomhaven.effects.consume import (
    _effective as _effective,
    _flags as _flags,
    _gain_xp as _gain_xp,
    _number as _number,
    _offer as _offer,
    _split as _split,
    _total as _total,
    consume_answer as consume_answer,
    consume_offer as consume_offer,
)
from delvekit.gloomhaven.effects.allies import (
    _allies_in as _allies_in,
)
from delvekit.gloomhaven.effects.active_area import (
    _holders as _holders,
    _spend as _spend,
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
import delvekit.gloomhaven.effects.refresh
from delvekit.gloomhaven.effects.recovery import (
    _pile as _pile,
)
import delvekit.gloomhaven.effects.ally_picks
import delvekit.gloomhaven.effects.turn_end
import delvekit.gloomhaven.effects.area  # noqa: F401
from delvekit.gloomhaven.effects.traps import (
    trap_sprung as trap_sprung,
)
from delvekit.gloomhaven.effects.protection import (
    ally_shield as ally_shield,
    before_damage as before_damage,
)
# isort: on
