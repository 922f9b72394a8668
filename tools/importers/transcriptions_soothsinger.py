"""The Soothsinger's ability cards in delvekit's schema: level 1 and X (12 cards).

NOT YET MERGED into ``transcriptions.CLASSES``: the ``ss-`` named effects below have no
handlers yet (there is no ``effects_soothsinger`` module), so merging would leave the class
partly executable. The transcriptions are committed so the facts need not be read again; the
class stays unplayable (``encoded: false`` in its class file) until the effects exist.

Only facts (numbers, keywords, markers) are carried over; no card text. Source, read with the
search tool:

* J: the structured card database that also gave the Tinkerer, Sunkeeper, Quartermaster and
  Plagueherald (stored file 27158398725; the index does not name its repository): every
  Soothsinger card with markers, XP, use slots and area patterns.

No second source was checked (time): every number rests on J alone, the card list and
initiatives on GHS (they agree with J's on all twelve cards). J's hex chain ``R2R6R5A`` is three
mutually adjacent hexes (as read in ``transcriptions_plagueherald``). J marks no song with the
loss marker: songs are persistent and go to the discard pile when they end.

Named effects the cards need (to be written in ``effects_soothsinger``):

=============================  ===============================================================
``ss-song``                    a song: persistent; 1 XP at the start of each of the owner's
                               turns (the ``xp`` part); discarded when the owner plays another
                               song; its kind is the first part: ``ss-allies-attack-once``
                               (+1 Attack on one attack of each ally's turn),
                               ``shield`` (allies' Shield 1), ``ss-allies-move-range`` (+1 on
                               allies' move actions and ranged attacks' range),
                               ``ss-allies-wound`` (wound on every attack of the allies)
``ss-negate-next-damage``      the next source of damage to one ally within Range 2 this round
                               is negated
``ss-force-move``              every enemy in the area (Range 3) performs Move 1, the
                               Soothsinger choosing its path
``ss-curse-twice``             the next five times you curse an enemy, curse it once more (use
                               slots; XP on the third and fifth)
=============================  ===============================================================

"All allies" never includes the Soothsinger herself (the rules' meaning of ally).
"""

from __future__ import annotations

from typing import Any

from delvekit.gloomhaven.content.schema import Ability, AreaHex, CardHalf, UseSlot


def _a(kind: str, value: Any = None, *sub: Ability, mode: str = "absolute") -> Ability:
    return Ability(type=kind, value=value, mode=mode, sub=tuple(sub))


def _c(rule: str, *sub: Ability) -> Ability:
    return _a("custom", rule, *sub)


def _range(n: int) -> Ability:
    return _a("range", n)


def _cond(name: str, *sub: Ability) -> Ability:
    return _a("condition", name, *sub)


def _affects(kind: str, range_: int | None = None) -> Ability:
    return _a("affects", kind, *((_range(range_),) if range_ is not None else ()))


def _slots(*xp: int) -> tuple[UseSlot, ...]:
    return tuple(UseSlot(xp=n) for n in xp)


def _area(*hexes: tuple[int, int]) -> Ability:
    """A ranged area: every hex a target hex."""
    return Ability(type="area", area=tuple(AreaHex(q=q, r=r, kind="target") for q, r in hexes))


# R2R6R5A: three mutually adjacent hexes.
TRIANGLE_3 = _area((0, 0), (0, 1), (1, 0))


def _song(kind: Ability) -> CardHalf:
    """A song half: persistent, not lost, 1 XP at the start of each of your turns."""
    return CardHalf(abilities=(_c("ss-song", kind, _a("xp", 1)),), persistent=True)


#: card number → (top, bottom, sources)
SOOTHSINGER: dict[int, tuple[CardHalf, CardHalf, str]] = {
    348: (  # Power Ballad
        _song(_c("ss-allies-attack-once", _a("attack", 1, mode="add"))),
        CardHalf(abilities=(_a("move", 2), _cond("strengthen", _affects("allies-adjacent"))), xp=1),
        "J",
    ),
    349: (  # Defensive Ditty
        _song(_a("shield", 1, _affects("allies"))),
        CardHalf(abilities=(_c("ss-negate-next-damage", _affects("ally", 2)),), round=True, xp=1),
        "J",
    ),
    350: (  # Song of Speed
        _song(_c("ss-allies-move-range", _a("move", 1, mode="add"), _a("range", 1, mode="add"))),
        CardHalf(abilities=(_cond("muddle", _affects("enemies-range", 4)),), xp=1),
        "J",
    ),
    351: (  # Tuning the Outcome
        CardHalf(abilities=(_cond("bless", _affects("allies-adjacent")),)),
        CardHalf(abilities=(_a("move", 3), _cond("curse", _affects("enemy", 3)))),
        "J",
    ),
    352: (  # Call to Action
        CardHalf(abilities=(_cond("strengthen", _affects("allies")),)),
        CardHalf(abilities=(_c("ally-performs", _affects("ally", 3), _a("attack", 4)),)),
        "J",
    ),
    353: (  # Warding Dagger
        CardHalf(abilities=(_a("attack", 3, _cond("immobilize")),)),
        CardHalf(
            abilities=(_a("move", 4), _a("shield", 2, _affects("allies-adjacent"))),
            round=True,
            lost=True,
            xp=1,
        ),
        "J (the round marker covers the shield)",
    ),
    354: (  # Throw Voice
        CardHalf(abilities=(_cond("disarm", _range(3), TRIANGLE_3),)),
        CardHalf(abilities=(_c("ss-force-move", _range(3), TRIANGLE_3, _a("move", 1)),), lost=True, xp=1),
        "J (area: J's pattern R2R6R5A, both halves)",
    ),
    355: (  # Singing Arrow
        CardHalf(abilities=(_cond("curse", _range(3), TRIANGLE_3),)),
        CardHalf(abilities=(_a("attack", 1, _range(3), _cond("wound")),)),
        "J (area: J's pattern R2R6R5A)",
    ),
    356: (  # Marching Beat
        CardHalf(abilities=(_c("ally-performs", _affects("ally", 3), _a("move", 4)),)),
        CardHalf(abilities=(_a("move", 4),)),
        "J",
    ),
    357: (  # Wistful Wounding
        _song(_c("ss-allies-wound", _cond("wound"))),
        CardHalf(abilities=(_a("attack", 1, _range(4), _a("target", 3)),), xp=1),
        "J",
    ),
    358: (  # Unending Chant
        CardHalf(
            abilities=(_c("ss-curse-twice", _cond("curse")),),
            persistent=True,
            lost=True,
            slots=_slots(0, 0, 1, 0, 1),
        ),
        CardHalf(abilities=(_a("move", 2), _a("shield", 1, _affects("allies-adjacent"))), round=True),
        "J (use slots and their XP)",
    ),
    359: (  # Nimble Knife
        CardHalf(abilities=(_a("attack", 2, _cond("curse")), _cond("bless", _affects("ally-adjacent")))),
        CardHalf(abilities=(_a("move", 4),)),
        "J",
    ),
}
