"""Items in play (rules digest §13, §2.7, §2.8): every base-game item used at its trigger.

An item is offered as an ordinary choice, ``item N`` (another character's item: ``item N OWNER``),
of the decision its owner is at when its trigger comes, so that people, bots and logs use items
the same way; where no decision is pending a small ``C item`` decision asks (``item N`` |
``pass``). Using an item applies its effects and marks it (event ``item-used C N STATE``):
``spent`` (a long rest or a refresh effect turns it back), ``consumed`` (out for the scenario
unless a refresh effect says otherwise), or one more use slot covered (the item is spent or
consumed with its last slot; use slots are mandatory whenever they apply, §13). Passive items
(no usage icon) act by themselves whenever their text applies. The "−1" cards of armour go into
the owner's deck at the start (§2.7, §2.8).

Where each trigger is offered (``trigger`` of :class:`~delvekit.gloomhaven.model.setup.ItemSetup`):

=========================  ==================================================================
``own-turn``               at the ``C action`` decision (before either action) and as the
                           turn ends: potions, wands, scrolls, summons, refreshes, elements
``move``                   at the first step of a move (``C move``): +N move, jump
``attack`` / ``melee-`` /  at the ``C attack`` decision before the first target: bonuses,
``ranged-attack``          conditions, advantage, areas, reach; ``single``-scope riders ride
                           on the next target only, ``entire`` ones on every target
``ally-attack``            at another character's ``C attack`` decision (``item N OWNER``)
``attacked``               ``C item`` before a monster's modifier draw against you
``damaged-by-attack``      at your ``C damage`` decision for an attack (shields, negation);
                           items with use slots apply by themselves
``round-start``            ``C item`` after the cards are revealed (initiative ±N)
``end-of-turn``            ``C item`` at the end of your turn (play a card, an extra turn)
``default-action``         passive: the basic Attack 2 / Move 2 uses the item's value
``loot``                   ``C item`` before a Loot 1 ability: Loot 2 instead (Thief's Hood)
``enemy-consumes-``        ``C item`` as a monster type is about to consume (Dampening Ring:
``element``                the element is consumed for nothing)
``always`` / ``kill`` /    passive: immunities, flying, terrain, focus, shield while
``condition-gained``       surrounded, a heal per kill, muddle becomes strengthen
=========================  ==================================================================

Picks an item needs (an element for a wild infusion, a hex for a summon, cards to recover,
items to refresh, a summon or enemy to move) are ``C item-pick`` decisions.

This module is the one the engine calls: it re-exports what the engine asks of the items from
their homes. :mod:`~delvekit.gloomhaven.items.state` holds the registry of item effects, the
items' state and the start of the scenario; :mod:`~delvekit.gloomhaven.items.own_turn` the
own-turn items; :mod:`~delvekit.gloomhaven.items.picks` the picks;
:mod:`~delvekit.gloomhaven.items.combat` moves, attacks and defence;
:mod:`~delvekit.gloomhaven.items.passive` round start, turn end and standing effects.

>>> from delvekit.gloomhaven.model.setup import ItemEffect, ItemSetup
>>> potion = ItemSetup(number=12, name="Minor Healing Potion", slot="small", use="consumed",
...     trigger="own-turn", effects=(ItemEffect(kind="heal", value=3),))
>>> unsupported(potion)
[]
>>> unsupported(ItemSetup(number=0, name="x", slot="small", effects=(ItemEffect(kind="teleport"),)))
['teleport']
"""

from __future__ import annotations

# isort: off
from delvekit.gloomhaven.items.state import (
    UNDEAD as UNDEAD,
    add_mark as add_mark,
    drop_marks as drop_marks,
    held_items as held_items,
    item_marks as item_marks,
    is_ready as is_ready,
    sub_effect as sub_effect,
    sub_value as sub_value,
    ready_with as ready_with,
    has_effect as has_effect,
    items_of as items_of,
    mark_used as mark_used,
    refresh as refresh,
    refresh_spent as refresh_spent,
    start as start,
    start_deck as start_deck,
    unsupported as unsupported,
    unsupported_effects as unsupported_effects,
)
from delvekit.gloomhaven.items.own_turn import (
    adjacent_figures as adjacent_figures,
    item_choice as item_choice,
    consume_element as consume_element,
    elements_available as elements_available,
    find_item as find_item,
    one_is_monster as one_is_monster,
    performable as performable,
    pick_task as pick_task,
    own_turn_choices as own_turn_choices,
    use_own_turn as use_own_turn,
)
from delvekit.gloomhaven.items.picks import (
    refresh_by_card as refresh_by_card,
)
from delvekit.gloomhaven.items.combat import (
    move_choices as move_choices,
    use_in_move as use_in_move,
    attack_choices as attack_choices,
    use_in_attack as use_in_attack,
    strike_tails as strike_tails,
    Rider as Rider,
    strike as strike,
    ridden as ridden,
    after_strike as after_strike,
    IGNORE_SHIELD as IGNORE_SHIELD,
)
from delvekit.gloomhaven.items.defence import (
    attacked as attacked,
    defence as defence,
    defend_cards as defend_cards,
    damage_auto as damage_auto,
    damage_choices as damage_choices,
    use_on_damage as use_on_damage,
    retaliates as retaliates,
    passive_shield as passive_shield,
)
from delvekit.gloomhaven.items.passive import (
    round_tasks as round_tasks,
    turn_tasks as turn_tasks,
    moved_this_turn as moved_this_turn,
    basic as basic,
    gained as gained,
    immune_forced as immune_forced,
    flying as flying,
    may_end_on_obstacle as may_end_on_obstacle,
    on_obstacle as on_obstacle,
    ignores_difficult as ignores_difficult,
    terrain as terrain,
    focus_initiative as focus_initiative,
    loot_offer as loot_offer,
    deny_offer as deny_offer,
)
# isort: on
