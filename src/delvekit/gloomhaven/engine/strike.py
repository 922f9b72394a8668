"""One attack on one target (rules digest §6.4–§6.7): the part every attacker shares.

A character's strike (:mod:`~delvekit.gloomhaven.engine.actions`), a monster's attack
(:mod:`~delvekit.gloomhaven.engine.monster_turn`), a monster's on-death attack and a dying
summon's attack (the Burning Avatar, the Living Bomb) all resolve a single attack the same way:
+1 against a poisoned target, the attacker's modifier draw (with advantage or disadvantage),
the target's defences against this one attack (shield bonuses, the Iron Helmet), shield and
pierce by :func:`~delvekit.gloomhaven.model.damage.resolve_attack`, and the ``attack`` event
with the value and the damage. :func:`strike_once` does exactly that; each caller keeps what is
its own: the value's bonuses, its hooks before the draw, how the damage is dealt (a ``damage``
task a character may negate, or ``lose_hp``), and the added effects, riders and pushes after.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from delvekit.gloomhaven.engine import hooks
from delvekit.gloomhaven.engine.state import Figure
from delvekit.gloomhaven.model.conditions import Condition
from delvekit.gloomhaven.model.damage import AttackResult, resolve_attack
from delvekit.gloomhaven.model.modifier_deck import Draw
from delvekit.gloomhaven.model.modifiers import ModifierCard

if TYPE_CHECKING:
    from delvekit.gloomhaven.engine.game import Game


class Struck(NamedTuple):
    """What one attack did: its arithmetic, the modifier draw, and the cards that applied after
    the target's defences (the Iron Helmet turns a x2 into a +0)."""

    result: AttackResult
    draw: Draw
    cards: tuple[ModifierCard, ...]


def strike_once(
    game: Game,
    attacker: str,
    target: Figure,
    value: int,
    *,
    pierce: int = 0,
    advantage: bool = False,
    disadvantage: bool = False,
    shield: int = 0,
    defences: bool = True,
    drawer: str | None = None,
    deck: str | None = None,
    tail: tuple[str, ...] = (),
) -> Struck:
    """Resolve one attack of ``attacker`` with value ``value`` (its bonuses already added) on
    ``target``, emit ``attack ATTACKER TARGET value=V damage=D [TAIL...]`` and return what it
    did; the caller deals the damage (``result.damage``).

    The draw is the attacker's, or ``drawer``'s (a dying summon draws as its owner), by
    :meth:`Game.draw_modifiers <delvekit.gloomhaven.engine.game.Game.draw_modifiers>` (strengthen
    and muddle count); or straight from ``deck`` with only the ``advantage`` and
    ``disadvantage`` passed, for an attacker no longer on the board (a monster's on-death
    attack). ``shield`` is extra shield the caller found (items used against this attack).
    With ``defences``, the target's defences that act on every attack on it run after the
    draw, in this order: the modifier-card filters (:data:`hooks.defend_cards`, the Iron
    Helmet), then, after the target's own shield, the shield bonuses
    (:data:`hooks.attack_shield`, which may spend a use slot).
    """
    poisoned = Condition.POISON in target.conditions
    if deck is None:
        draw = game.draw_modifiers(
            drawer or attacker, attack=value + poisoned, advantage=advantage, disadvantage=disadvantage
        )
    else:
        st = game.state
        draw, st.modifier_decks[deck] = st.modifier_decks[deck].draw(
            st.rng, attack=value + poisoned, advantage=advantage, disadvantage=disadvantage
        )
        drew = ",".join(str(c).replace(" ", "_") for c in draw.drawn) or "-"
        applies = ",".join(str(c).replace(" ", "_") for c in draw.applied) or "-"
        game.emit("modifiers", attacker, f"drew={drew}", f"applies={applies}")
    cards = draw.applied
    if defences:
        for defend in hooks.defend_cards.fns:  # Iron Helmet
            cards = defend(game, target, cards)
    base = game.shield(target.id)
    if defences:  # Warding Strength, Divine Intervention, Defensive Ditty
        base += sum(hooks.attack_shield.each(game, target))
    shield += base
    result = resolve_attack(value, poisoned=poisoned, cards=cards, shield=shield, pierce=pierce)
    game.emit("attack", attacker, target.id, f"value={result.value}", f"damage={result.damage}", *tail)
    return Struck(result, draw, cards)
