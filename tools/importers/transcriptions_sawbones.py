"""The Sawbones's ability cards in delvekit's schema (NOT yet merged into ``transcriptions.CLASSES``).

Status: data only. The cards below are transcribed (facts only: numbers, keywords, markers; no
card text), but the engine does not yet execute the ``sb-`` named effects they use, so the
Sawbones is not playable and this module is deliberately left out of ``transcriptions.CLASSES``
(merging it now would make ``delve content check --strict-engine`` and the coverage test list the
class). To finish: write ``effects_sawbones.py`` with the effects listed under "Named effects",
transcribe Mobile Response (416, missing from J), merge with one line in ``transcriptions.CLASSES``
and rerun ``class_cards.py`` for ``sawbones`` only.

Sources, read with the search tool:

* J: the structured card database that also gave the Tinkerer, Sunkeeper, Quartermaster and
  Plagueherald (stored file 27086832754; the index does not name its repository): every Sawbones
  card with markers, XP, use slots and area patterns -- except Mobile Response. J numbers its nine
  Medical Pack copies 416-423 and its Large Medical Packs 424-427 and has no Mobile Response; GHS
  numbers Mobile Response 416, the Medical Pack 417 and the Large Medical Pack 424 (one card each,
  level "M"). We key by GHS's numbers.
* Q: the Dized Sawbones FAQ (rules.dized.com .../saw-faq, search corpus ``pages``): medical packs
  are kept aside and handed to allies, returned to the supply when lost or at the scenario's end;
  a card placed in an ally's active area is owned by that ally (they may recover it) and only its
  bottom's persistent bonus applies to them; Syringe's top goes to the Sawbones's discard pile at
  the round's end and the ally never owns it; Curative Mixture on a poisoned figure removes the
  poison and heals nothing (the ordinary poison rule).

No second card source carries the numbers (COVERAGE.md: 0 text sources for this class): every
number rests on J alone; card list, levels and initiatives come from GHS (J agrees on every
initiative it has).

Named effects (to implement in ``effects_sawbones.py``; every one starts ``sb-``):

* ``sb-give-pack`` (value ``medical`` / ``large``; sub ``affects``: ``ally-adjacent`` one ally,
  ``allies-adjacent`` every adjacent ally, ``healed`` the figure the heal before it healed): the
  ally gets a pack card into their hand; the card can only be played for its own half (a heal on
  themselves), never for basic actions or to negate damage; played or lost, it returns to the
  Sawbones's supply.
* ``sb-return-to-supply``: on the pack cards' halves, the card leaves play instead of going to a
  pile.
* ``sb-heals-affect-adjacent-this-round``: every heal action of yours this round also affects you
  and every adjacent ally.
* ``sb-melee-targets-adjacent-this-round``: every melee attack action of yours this round targets
  every adjacent enemy.
* ``sb-place-with-ally``: the card's persistent half goes to one adjacent ally's active area, its
  other abilities (``self``) applying to that ally; the ally owns the card afterwards.
* ``sb-lend-this-round`` (Syringe): the card's round half goes to one adjacent ally's active area
  until the round's end, then to the Sawbones's discard pile.
* ``sb-cleanse`` (sub ``affects``: ``healed`` / ``ally-adjacent`` / ``allies-adjacent``): remove
  every negative condition.
* ``sb-prevent-conditions-this-round`` (sub ``affects``: ``self-allies``): no negative
  condition is applied to you or any ally this round.
* ``sb-prevent-conditions`` (persistent): no negative condition from abilities targeting the card's
  holder.
* ``sb-heal-each-turn`` (use slots): once during each of your next turns, perform the heal in sub.
* ``sb-heal-at-turn-start`` (persistent): at the start of each of the holder's turns, the heal in sub.
* ``sb-recover-per-adjacent-ally``: you and every adjacent ally may recover up to as many
  discarded cards as you have adjacent allies.
* ``sb-allies-move`` (value): every adjacent ally may perform a move of that value.
* ``sb-ally-recover`` (value): one adjacent ally may recover up to that many discarded cards.
* ``sb-cleanse-before-heals`` (use slots): before each heal action, cleanse the healed figures.
* ``sb-heal-bonus-this-round`` (value): +N heal on every heal action this round.
* ``sb-attack-move-as-heal``: every attack and move ability may be performed as a heal of its
  value plus one (range 1 unless stated, Q), ignoring the attack's conditions.
* ``sb-kill-adjacent``: kill one adjacent normal or elite enemy; ``sb-kill-two-conditions``: kill
  one adjacent normal enemy with at least two negative condition tokens; ``sb-kill-in-area-hurt``
  (value 10): kill every normal or elite enemy in the area that has taken at least that much damage.
* ``sb-afflict-adjacent``: the conditions in sub on every adjacent enemy.
* ``sb-remove-negative-adjacent-allies``: remove every negative condition on every adjacent ally.

Plain heals and shields given to allies use the ``affects`` kinds the engine already translates
to ``to-allies`` (``character_cards.ALLY_KINDS``: ``ally-adjacent``, ``allies-adjacent``,
``self-allies-adjacent``, ``allies``, ``self-allies``). Existing named effects that may serve
some of the ``sb-`` wordings once checked against their handlers (not verified): ``ally-recovers``
(Teamwork, Bedside Manner), ``allies-perform`` (Teamwork's adjacent allies' move), ``kill-if``
(Do No Harm, Euthanize), ``afflict`` (the ``sb-afflict-adjacent`` conditions), ``at-turn-start``
(Regenerative Tissue), ``bonus-this-round`` (Master Physician's bottom), the ``next-heals-bonus``
use-slot pattern (Master Physician's top, Triage).
"""

from __future__ import annotations

from typing import Any

from delvekit.gloomhaven.content.schema import AreaHex, CardAbility, CardHalf, UseSlot


def _a(kind: str, value: Any = None, *sub: CardAbility, mode: str = "absolute") -> CardAbility:
    return CardAbility(type=kind, value=value, mode=mode, sub=tuple(sub))


def _c(rule: str, *sub: CardAbility) -> CardAbility:
    return _a("custom", rule, *sub)


def _range(n: int) -> CardAbility:
    return _a("range", n)


def _cond(name: str) -> CardAbility:
    return _a("condition", name)


def _affects(kind: str) -> CardAbility:
    return _a("affects", kind)


def _slots(*xp: int) -> tuple[UseSlot, ...]:
    return tuple(UseSlot(xp=n) for n in xp)


def _area(*hexes: tuple[int, int]) -> CardAbility:
    """A ranged area: every hex a target hex."""
    return CardAbility(type="area", area=tuple(AreaHex(q=q, r=r, kind="target") for q, r in hexes))


# J's R2R6R: three mutually adjacent hexes.
TRIANGLE_3 = ((0, 0), (0, 1), (1, 0))


def _pack(heal: int) -> tuple[CardHalf, CardHalf, str]:
    half = CardHalf(abilities=(_a("heal", heal, _affects("self")), _c("sb-return-to-supply")))
    return (half, half, "J (basic actions and negating damage forbidden: J and Q)")


#: card number (GHS) → (top, bottom, sources)
SAWBONES: dict[int, tuple[CardHalf, CardHalf, str]] = {
    407: (  # First Aid
        CardHalf(abilities=(_c("sb-give-pack", _a("value", "medical"), _affects("ally-adjacent")),), xp=1),
        CardHalf(abilities=(_a("move", 4),)),
        "J",
    ),
    408: (  # Hand of the Surgeon
        CardHalf(abilities=(_a("attack", 3),), xp=1),
        CardHalf(abilities=(_c("sb-heals-affect-adjacent-this-round"),), round=True),
        "J",
    ),
    409: (  # Hold Back the Pain
        CardHalf(abilities=(_a("heal", 3, _range(1)),), xp=1),
        CardHalf(abilities=(_c("sb-melee-targets-adjacent-this-round"),), round=True),
        "J",
    ),
    410: (  # Booster Shot
        CardHalf(abilities=(_a("heal", 4, _range(1)),)),
        CardHalf(
            abilities=(_c("sb-place-with-ally"), _a("shield", 1, _affects("self"))),
            persistent=True,
            lost=True,
            xp=2,
        ),
        "J, Q (the shield is the ally's)",
    ),
    411: (  # Bloody Saw
        CardHalf(abilities=(_a("attack", 3, _cond("wound")),), xp=1),
        CardHalf(abilities=(_a("loot", 1),)),
        "J",
    ),
    412: (  # Curative Mixture
        CardHalf(abilities=(_a("heal", 2, _range(1)), _c("sb-cleanse", _affects("healed"))), xp=1),
        CardHalf(abilities=(_a("move", 3), _c("sb-cleanse", _affects("ally-adjacent")))),
        "J",
    ),
    413: (  # Syringe
        CardHalf(abilities=(_c("sb-lend-this-round"), _a("shield", 2, _affects("self"))), round=True),
        CardHalf(abilities=(_a("attack", 1, _cond("poison"), _cond("stun")),)),
        "J, Q (the shield is the ally's for the round)",
    ),
    414: (  # Battlefield Medicine
        CardHalf(
            abilities=(_c("sb-give-pack", _a("value", "large"), _affects("ally-adjacent")),),
            lost=True,
            xp=2,
        ),
        CardHalf(
            abilities=(_c("sb-prevent-conditions-this-round", _affects("self-allies")),),
            round=True,
        ),
        "J",
    ),
    415: (  # Triage
        CardHalf(
            abilities=(_c("sb-heal-each-turn", _a("heal", 2, _range(1))),),
            persistent=True,
            lost=True,
            slots=_slots(0, 1, 0, 1),
        ),
        CardHalf(abilities=(_a("move", 5),)),
        "J",
    ),
    417: _pack(4),  # Medical Pack
    424: _pack(8),  # Large Medical Pack
    428: (  # Prevention Is Key
        CardHalf(abilities=(_c("sb-afflict-adjacent", _cond("disarm")),)),
        CardHalf(
            abilities=(_a("shield", 1, _affects("self-allies-adjacent")),),
            persistent=True,
            xp=1,
        ),
        "J, Q (the bottom's shield: you and every ally while adjacent to you, an aura (Q); J has "
        "no loss marker on it: not lost)",
    ),
    429: (  # Teamwork
        CardHalf(abilities=(_c("sb-recover-per-adjacent-ally"),), lost=True, xp=2),
        CardHalf(abilities=(_c("sb-allies-move", _a("move", 2)), _a("move", 2))),
        "J",
    ),
    430: (  # Vaccine
        CardHalf(abilities=(_a("attack", 1, _range(3), _area(*TRIANGLE_3), _cond("poison")),), xp=1),
        CardHalf(
            abilities=(_c("sb-place-with-ally"), _c("sb-prevent-conditions")),
            persistent=True,
            lost=True,
            xp=2,
        ),
        "J (area: J's pattern R2R6R)",
    ),
    431: (  # Hamstring
        CardHalf(abilities=(_a("attack", 4, _cond("immobilize")),), xp=1),
        CardHalf(abilities=(_a("move", 6), _a("condition", "immobilize", _affects("self")))),
        "J",
    ),
    432: (  # Precaution
        CardHalf(abilities=(_a("shield", 1, _affects("allies")),), round=True),
        CardHalf(abilities=(_c("sb-give-pack", _a("value", "medical"), _affects("ally-adjacent")),), xp=1),
        "J (J: 'affect all allies'; read as every ally, the Sawbones not included)",
    ),
    433: (  # Regenerative Tissue
        CardHalf(abilities=(_a("heal", 5, _affects("self")),), xp=1),
        CardHalf(
            abilities=(
                _c("sb-place-with-ally"),
                _c("sb-heal-at-turn-start", _a("heal", 1, _affects("self"))),
            ),
            persistent=True,
            xp=2,
        ),
        "J (J has no loss marker on the bottom: not lost; the ally owns the card, Q)",
    ),
    434: (  # Vital Strike
        CardHalf(abilities=(_a("attack", 7),), lost=True, xp=2),
        CardHalf(abilities=(_a("attack", 4),)),
        "J",
    ),
    435: (  # Blood Transfusion
        CardHalf(
            abilities=(_a("heal", 7, _affects("ally-adjacent")), _a("suffer-damage", 2, _affects("self"))),
            xp=1,
        ),
        CardHalf(abilities=(_a("attack", 3), _a("heal", 2, _affects("allies-adjacent")))),
        "J",
    ),
    436: (  # Do No Harm
        CardHalf(
            abilities=(
                _c("sb-kill-adjacent"),
                _a("condition", "disarm", _affects("self")),
                _a("condition", "immobilize", _affects("self")),
            ),
            lost=True,
            xp=2,
        ),
        CardHalf(abilities=(_a("move", 4), _a("heal", 3, _range(1)))),
        "J",
    ),
    437: (  # Research the Cure
        CardHalf(abilities=(_a("attack", 4), _c("sb-remove-negative-adjacent-allies"))),
        CardHalf(
            abilities=(
                _c("sb-place-with-ally"),
                _a("shield", 1, _affects("self")),
                _c("sb-prevent-conditions"),
            ),
            persistent=True,
            lost=True,
            xp=2,
        ),
        "J",
    ),
    438: (  # Amputate
        CardHalf(abilities=(_a("attack", 4, _cond("wound"), _cond("immobilize")),), xp=1),
        CardHalf(abilities=(_a("heal", 7, _range(1), _cond("stun")),)),
        "J (the heal stuns the healed figure, as J lists it)",
    ),
    439: (  # Euthanize
        CardHalf(abilities=(_c("sb-kill-two-conditions"),), xp=1),
        CardHalf(abilities=(_a("attack", 1, _cond("poison"), _cond("wound"), _cond("stun")),)),
        "J",
    ),
    440: (  # Prescription
        CardHalf(abilities=(_c("sb-give-pack", _a("value", "medical"), _affects("allies-adjacent")),), xp=1),
        CardHalf(
            abilities=(_c("sb-give-pack", _a("value", "large"), _affects("allies-adjacent")),),
            lost=True,
            xp=2,
        ),
        "J",
    ),
    441: (  # Master Physician
        CardHalf(
            abilities=(_c("sb-cleanse-before-heals"),),
            persistent=True,
            lost=True,
            slots=_slots(0, 1, 0, 1, 0, 1),
        ),
        CardHalf(abilities=(_c("sb-heal-bonus-this-round", _a("heal", 4, mode="add")),), round=True),
        "J",
    ),
    442: (  # Surgeon's Satchel
        CardHalf(abilities=(_a("loot", 1), _a("heal", 2, _affects("allies-adjacent")))),
        CardHalf(
            abilities=(_a("move", 4), _c("sb-give-pack", _a("value", "medical"), _affects("ally-adjacent"))),
            xp=1,
        ),
        "J",
    ),
    443: (  # Bedside Manner
        CardHalf(
            abilities=(
                _a("heal", 2, _range(1)),
                _c("sb-cleanse", _affects("healed")),
                _c("sb-give-pack", _a("value", "large"), _affects("healed")),
            ),
            lost=True,
            xp=2,
        ),
        CardHalf(abilities=(_a("move", 2), _c("sb-ally-recover", _a("value", 2)))),
        "J",
    ),
    444: (  # Gentleman's Anger
        CardHalf(abilities=(_a("attack", 5, _cond("disarm")),), xp=1),
        CardHalf(abilities=(_a("attack", 3, _range(5)),), xp=1),
        "J",
    ),
    445: (  # Prep for Surgery
        CardHalf(abilities=(_c("sb-attack-move-as-heal"),), persistent=True, lost=True, xp=2),
        CardHalf(abilities=(_a("move", 3), _c("sb-afflict-adjacent", _cond("stun"), _a("target", 1)))),
        "J, Q (the converted heals have range 1 unless stated)",
    ),
    446: (  # Grisly Trauma
        CardHalf(
            abilities=(_c("sb-kill-in-area-hurt", _a("value", 10), _range(3), _area(*TRIANGLE_3)),),
            xp=1,
        ),
        CardHalf(
            abilities=(
                _a("move", 2),
                _c("sb-afflict-adjacent", _cond("poison"), _cond("wound"), _cond("muddle")),
            ),
        ),
        "J (area: J's pattern R2R6R)",
    ),
}
