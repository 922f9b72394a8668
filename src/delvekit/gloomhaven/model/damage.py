"""The per-target damage pipeline of an attack (rules digest §6.4–§6.8), as pure functions.

1. base value (the card's value, or the monster's base attack ± its ability card);
2. attacker bonuses, +1 against a poisoned target, "double the attack" effects, in the order the
   attacking side chooses (:func:`attack_value`);
3. modifier card(s), again in the attacking side's order (:func:`modified_value`); a null means
   no damage at all;
4. shield reduced by pierce (:func:`damage_after_shield`); only the final damage is clamped at 0.

Retaliate and "suffer damage" are not attacks: no modifier card, no shield.

The Scoundrel example of the rulebook (§18.1): Attack 3, +2 ordered before doubling, −1 drawn,
against Shield 1:

>>> from delvekit.gloomhaven.model.modifiers import parse_card
>>> resolve_attack(3, bonuses=[2, "x2"], cards=[parse_card("-1")], shield=1).damage
8
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, TypeAlias

import msgspec

from delvekit.core.errors import InputError
from delvekit.gloomhaven.model.modifiers import ModifierCard

AttackBonus: TypeAlias = int | Literal["x2"]
"""One step-2 effect: add a number (negative to subtract) or double the attack."""


def _bonus_rank(bonus: AttackBonus, for_attacker: bool) -> int:
    if bonus == "x2":
        return 1
    return 0 if (bonus >= 0) == for_attacker else 2


def best_order(bonuses: Sequence[AttackBonus], *, for_attacker: bool = True) -> tuple[AttackBonus, ...]:
    """The order of ``bonuses`` best for the attacker (or, ``for_attacker=False``, worst for it:
    the players order a monster's effects, §6.4, §10.6): positive additions before doubling,
    negative ones after (reversed for the players).

    >>> best_order(["x2", 2, -1])
    (2, 'x2', -1)
    >>> best_order(["x2", 2, -1], for_attacker=False)
    (-1, 'x2', 2)
    """
    return tuple(sorted(bonuses, key=lambda b: _bonus_rank(b, for_attacker)))


def attack_value(base: int, bonuses: Sequence[AttackBonus] = ()) -> int:
    """Steps 1–2: ``base`` with the attacker's ``bonuses`` applied in the order given.

    >>> attack_value(3, [2, "x2"]), attack_value(3, ["x2", 2])
    (10, 8)
    """
    value = base
    for bonus in bonuses:
        if bonus == "x2":
            value *= 2
        elif isinstance(bonus, int) and not isinstance(bonus, bool):
            value += bonus
        else:
            raise InputError(f"expected a number or 'x2', got {bonus!r}", where="attack bonus")
    return value


def _card_rank(card: ModifierCard, for_attacker: bool) -> int:
    if card.kind != "add":
        return 1
    return 0 if (card.value >= 0) == for_attacker else 2


def modified_value(
    value: int,
    cards: Sequence[ModifierCard],
    order: Sequence[int] | None = None,
    *,
    for_attacker: bool = True,
) -> int | None:
    """Step 3: ``value`` after the modifier ``cards`` that apply, or ``None`` if any is a null
    (no damage under any circumstances). ``order`` lists card indexes in the order the attacking
    side applies them; without it the best order for the attacker is used (``for_attacker=False``:
    the worst, when the players order a monster's cards).

    >>> from delvekit.gloomhaven.model.modifiers import cards_of
    >>> drawn = cards_of(["rolling +1", "x2"])
    >>> modified_value(3, drawn), modified_value(3, drawn, [1, 0])
    (8, 7)
    >>> modified_value(5, cards_of(["rolling +2", "null"])) is None
    True
    """
    if any(card.kind == "null" for card in cards):
        return None
    if order is None:
        sequence = sorted(cards, key=lambda c: _card_rank(c, for_attacker))
    else:
        if sorted(order) != list(range(len(cards))):
            message = f"{list(order)} is not an order of the {len(cards)} cards drawn"
            raise InputError(message, where="card order")
        sequence = [cards[i] for i in order]
    for card in sequence:
        value = value * 2 if card.kind == "double" else value + card.value
    return value


def effective_shield(shield: int, pierce: int) -> int:
    """Shield left after pierce; pierce never takes shield below 0 (§6.7, GHS #625).

    >>> effective_shield(3, 2), effective_shield(1, 2)
    (1, 0)
    """
    return max(0, shield - max(0, pierce))


def ward_and_brittle(damage: int, *, ward: bool = False, brittle: bool = False) -> int:
    """``[FH]`` Ward halves (rounded down) and brittle doubles damage, after shield (§6.4, GHS
    #752). A figure never holds both (each removes the other), so both together change nothing.
    GH 1e has neither: the engine passes them only under a ruleset that has them.

    >>> ward_and_brittle(3, ward=True), ward_and_brittle(3, brittle=True), ward_and_brittle(3)
    (1, 6, 3)
    """
    if ward and not brittle:
        return damage // 2
    if brittle and not ward:
        return damage * 2
    return damage


def damage_after_shield(
    value: int | None, shield: int = 0, pierce: int = 0, *, ward: bool = False, brittle: bool = False
) -> int:
    """Step 4: damage dealt by an attack of final ``value`` (``None`` for a null) against
    ``shield`` with ``pierce``. Only the final damage is clamped at 0 (GHS #916, #732).
    ``ward``/``brittle``: Frosthaven only, see :func:`ward_and_brittle`.

    >>> damage_after_shield(11, 3), damage_after_shield(3, 4), damage_after_shield(None, 0)
    (8, 0, 0)
    """
    if value is None:
        return 0
    return ward_and_brittle(max(0, value - effective_shield(shield, pierce)), ward=ward, brittle=brittle)


class AttackResult(msgspec.Struct, frozen=True, kw_only=True):
    """The arithmetic of one attack against one target."""

    value: int
    """After steps 1–2, the value modifier cards are drawn against."""
    modified: int | None
    """After the modifier cards; ``None`` when a null was applied."""
    shield: int
    """The target's shield left after pierce."""
    pierce: int
    """The attack's pierce, including pierce from modifier cards."""
    damage: int


def resolve_attack(
    base: int,
    *,
    bonuses: Sequence[AttackBonus] = (),
    poisoned: bool = False,
    cards: Sequence[ModifierCard] = (),
    card_order: Sequence[int] | None = None,
    shield: int = 0,
    pierce: int = 0,
    for_attacker: bool = True,
    ward: bool = False,
    brittle: bool = False,
) -> AttackResult:
    """The damage pipeline (§6.4) for one target. ``bonuses`` are in the attacking side's order;
    ``poisoned`` adds +1 first (the attacker's best place for it; put a ``1`` inside ``bonuses``
    to place it elsewhere). ``cards`` are the modifier cards that apply, ordered by
    ``card_order`` (default: the best order, see :func:`modified_value`). Pierce on a card adds to
    the attack's pierce. Poison applied by this attack does not count (§6.6): pass the state
    before the attack. ``ward``/``brittle`` are Frosthaven only (:func:`ward_and_brittle`).

    §18.12: a normal Bandit Guard (Attack 2) plays "Attack +1" and draws +0:

    >>> from delvekit.gloomhaven.model.modifiers import parse_card
    >>> resolve_attack(2, bonuses=[1], cards=[parse_card("+0")]).damage
    3
    """
    value = attack_value(base, ([1] if poisoned else []) + list(bonuses))
    modified = modified_value(value, cards, card_order, for_attacker=for_attacker)
    total_pierce = pierce + sum(card.pierce for card in cards)
    return AttackResult(
        value=value,
        modified=modified,
        shield=effective_shield(shield, total_pierce),
        pierce=total_pierce,
        damage=damage_after_shield(modified, shield, total_pierce, ward=ward, brittle=brittle),
    )


def apply_damage(hp: int, damage: int) -> int:
    """Hit points left after ``damage`` (never below 0, never raised by a 0-damage hit).

    >>> apply_damage(9, 8), apply_damage(3, 0), apply_damage(2, 5)
    (1, 3, 0)
    """
    return max(0, hp - max(0, damage))


def suffer_damage(amount: int, *, ward: bool = False, brittle: bool = False) -> int:
    """Damage from "suffer X damage", traps, hazards, wound or retaliate: not an attack, so no
    modifier card and no shield (§6.8). ``[FH]`` ward and brittle still apply (GHS #607).

    >>> suffer_damage(3), suffer_damage(1, ward=True)
    (3, 0)
    """
    return ward_and_brittle(max(0, amount), ward=ward, brittle=brittle)


def _check_level(level: int) -> None:
    if isinstance(level, bool) or not isinstance(level, int) or not 0 <= level <= 7:
        raise InputError(f"a scenario level is 0 to 7, got {level!r}", where="scenario level")


def trap_damage(level: int) -> int:
    """Damage a damage trap deals at scenario ``level``: 2 + level (§2.3); suffered, not an attack.

    >>> [trap_damage(level) for level in range(8)]
    [2, 3, 4, 5, 6, 7, 8, 9]
    """
    _check_level(level)
    return 2 + level


def hazardous_damage(level: int) -> int:
    """Damage for each hazardous-terrain hex entered at scenario ``level``: half the trap damage,
    rounded down (§2.3, GH 1e).

    >>> [hazardous_damage(level) for level in range(8)]
    [1, 1, 2, 2, 3, 3, 4, 4]
    """
    return trap_damage(level) // 2


class Retaliate(msgspec.Struct, frozen=True):
    """Retaliate ``amount``, reaching attackers within ``range`` hexes (1 = adjacent only)."""

    amount: int
    range: int = 1


def retaliate_damage(retaliates: Sequence[Retaliate], distance: int, *, retaliator_alive: bool = True) -> int:
    """Damage the attacker suffers after its attack is fully resolved (§6.7): the sum of every
    retaliate reaching ``distance`` (range counted around walls by the caller, after the attack's
    push or pull: pushed out of range → nothing, pulled into range → it triggers), none if the
    retaliating figure was killed or exhausted. Once per attack: each target of an area attack is
    its own attack. Not reduced by the attacker's shield (pass it through :func:`suffer_damage`).

    §18.11: an attacker 2 hexes away:

    >>> retaliate_damage([Retaliate(1)], 2), retaliate_damage([Retaliate(2, range=2)], 2)
    (0, 2)
    """
    if not retaliator_alive:
        return 0
    return sum(r.amount for r in retaliates if distance <= r.range)
