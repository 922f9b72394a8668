"""The Soothsinger's ability cards in delvekit's schema: every card, levels 1 to 9 and X (28
cards), merged into ``transcriptions.CLASSES``.

Only facts (numbers, keywords, markers) are carried over; no card text. Source, read with the
search tool:

* J: the structured card database that also gave the Tinkerer, Sunkeeper, Quartermaster and
  Plagueherald (stored file 27158398725; the index does not name its repository): every
  Soothsinger card with markers, XP, use slots and area patterns.

No second source was checked (time): every number rests on J alone, the card list and
initiatives on GHS (they agree with J's on every card transcribed). J's hex chain ``R2R6R5A`` is three
mutually adjacent hexes (as read in ``transcriptions_plagueherald``). J marks no song with the
loss marker: songs are persistent and go to the discard pile when they end.

Named effects of :mod:`delvekit.gloomhaven.effects.classes.soothsinger` (its docstring says how each
is read):

=============================  ===============================================================
``ss-song``                    a song: persistent; 1 XP at the start of each of the owner's
                               turns (the ``xp`` part); discarded when the owner plays another
                               song; its kind is the first part: ``ss-allies-attack-once``
                               (+1 Attack on one attack of each ally's turn),
                               ``ss-allies-shield`` (allies' Shield 1),
                               ``ss-allies-move-range`` (+1 on allies' move actions and ranged
                               attacks' range), ``ss-allies-wound`` (wound on allies' attacks),
                               ``ss-allies-heal-at-turn-start`` (allies heal N at their turns'
                               start), ``ss-allies-retaliate`` (allies' Retaliate N, Range R),
                               ``ss-enemies-disadvantage`` (enemies' attacks at disadvantage)
``ss-afflict-all``             the conditions on every enemy within range (Song of Speed)
``ss-area``                    the conditions (curse too) on every enemy in an area the player
                               places within range (Throw Voice, Singing Arrow)
``ss-negate-next-damage``      the next source of damage to one ally within Range 2 this round
                               is negated
``ss-any-ally-performs``       any one ally (no range) may perform the parts (Inspiring Anthem)
``ss-force-move``              every enemy in the area (Range 3) performs Move 1, the
                               Soothsinger choosing its path
``ss-curse-twice``             the next five times you curse an enemy, curse it once more (use
                               slots; XP on the third and fifth)
``ss-turn-start-control``      a song: at the start of each of the owner's turns she may force
                               one enemy within range to perform the move (Pull the Strings)
``ss-turn-start-curse``        a song: at the start of each of the owner's turns, curse one
                               enemy within range (Nightmare Serenade)
``ss-allies-attack-all``       a song: +N Attack on every attack of every ally (Captivating
                               Performance)
``ss-control-attack``          one enemy within range performs "Attack +N" (its own attack and
                               range) against another enemy, the Soothsinger controlling it
``ss-moved-through-attack``    after the move: every enemy moved through performs the attack
                               against another enemy, the Soothsinger controlling it
``ss-some-allies-perform``     up to ``target`` allies within range may perform the parts
=============================  ===============================================================

Levels 6-9 (J alone, stored file 27158398725 from offset 16,000): J's hex chain
``R6R2R3R4R5R6R`` (Commanding Presence) is a hex and its six neighbours.

"All allies" never includes the Soothsinger herself (the rules' meaning of ally).
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


def _cond(name: str, *sub: CardAbility) -> CardAbility:
    return _a("condition", name, *sub)


def _affects(kind: str, range_: int | None = None) -> CardAbility:
    return _a("affects", kind, *((_range(range_),) if range_ is not None else ()))


def _slots(*xp: int) -> tuple[UseSlot, ...]:
    return tuple(UseSlot(xp=n) for n in xp)


def _shape(*hexes: tuple[int, int]) -> CardAbility:
    """An area placed by ``ss-area`` / ``ss-force-move``: offsets as one flag."""
    return _c("shape:" + "/".join(f"{q},{r}" for q, r in hexes))


# R2R6R5A: three mutually adjacent hexes.
TRIANGLE_3 = _shape((0, 0), (0, 1), (1, 0))
# R6R2R3R4R5R6R: a hex and its six neighbours.
FLOWER_7 = _shape((0, 0), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1))


def _triangle_area() -> CardAbility:
    """J's ``R2R6R5A`` as an attack's area (target hexes, axial offsets)."""
    return CardAbility(
        type="area", area=tuple(AreaHex(q=q, r=r, kind="target") for q, r in ((0, 0), (0, 1), (1, 0)))
    )


def _song(kind: CardAbility) -> CardHalf:
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
        _song(_c("ss-allies-shield", _a("shield", 1))),
        CardHalf(abilities=(_c("ss-negate-next-damage", _affects("ally", 2)),), round=True, xp=1),
        "J",
    ),
    350: (  # Song of Speed
        _song(_c("ss-allies-move-range", _a("move", 1, mode="add"), _a("range", 1, mode="add"))),
        CardHalf(abilities=(_c("ss-afflict-all", _cond("muddle"), _range(4)),), xp=1),
        "J",
    ),
    351: (  # Tuning the Outcome
        CardHalf(abilities=(_cond("bless", _affects("allies-adjacent")),)),
        CardHalf(abilities=(_a("move", 3), _cond("curse", _range(3)))),
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
        CardHalf(abilities=(_c("ss-area", _cond("disarm"), _range(3), TRIANGLE_3),)),
        CardHalf(abilities=(_c("ss-force-move", _range(3), TRIANGLE_3, _a("move", 1)),), lost=True, xp=1),
        "J (area: J's pattern R2R6R5A, both halves)",
    ),
    355: (  # Singing Arrow
        CardHalf(abilities=(_c("ss-area", _cond("curse"), _range(3), TRIANGLE_3),)),
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
    360: (  # Soothing Lullaby
        _song(_c("ss-allies-heal-at-turn-start", _a("heal", 1))),
        CardHalf(abilities=(_a("heal", 3, _range(4)),), xp=1),
        "J",
    ),
    361: (  # Change Tempo
        CardHalf(abilities=(_c("ss-afflict-all", _cond("immobilize"), _range(3)),)),
        CardHalf(abilities=(_a("move", 5),)),
        "J",
    ),
    362: (  # Echoing Aria
        _song(_c("ss-allies-retaliate", _a("retaliate", 2, _range(2)))),
        CardHalf(abilities=(_a("shield", 2, _affects("allies-range", 3)),), round=True, xp=1),
        "J",
    ),
    363: (  # Crippling Chorus
        CardHalf(abilities=(_c("ss-afflict-all", _cond("stun"), _range(3)),), lost=True, xp=2),
        CardHalf(abilities=(_a("move", 3), _cond("disarm", _affects("enemy-adjacent")))),
        "J",
    ),
    364: (  # Disorienting Dirge
        _song(_c("ss-enemies-disadvantage")),
        CardHalf(
            abilities=(
                _c("ss-afflict-all", _cond("curse"), _range(3)),
                _cond("bless", _affects("allies-range", 3)),
            ),
            xp=1,
        ),
        "J",
    ),
    365: (  # Inspiring Anthem
        CardHalf(abilities=(_c("ss-any-ally-performs", _a("move", 5)),)),
        CardHalf(abilities=(_c("ss-any-ally-performs", _a("attack", 5)),)),
        "J (any one ally: no range)",
    ),
    366: (  # Melody and Harmony
        CardHalf(abilities=(_c("ss-two-songs"),), persistent=True, lost=True),
        CardHalf(abilities=(_a("move", 3), _a("attack", 3, _range(3)))),
        "J",
    ),
    367: (  # Mobilizing Measure
        _song(_c("ss-allies-move-first", _a("move", 1))),
        CardHalf(abilities=(_a("move", 6),), xp=1),
        "J",
    ),
    359: (  # Nimble Knife
        CardHalf(abilities=(_a("attack", 2, _cond("curse")), _cond("bless", _affects("ally-adjacent")))),
        CardHalf(abilities=(_a("move", 4),)),
        "J",
    ),
    368: (  # Pull the Strings
        _song(_c("ss-turn-start-control", _affects("enemy", 5), _a("move", 2))),
        CardHalf(
            abilities=(_c("ss-control-attack", _affects("enemy", 5), _a("attack", 0, mode="plus")),),
            xp=1,
        ),
        "J (the bottom's Attack +0: the enemy's own attack and range)",
    ),
    369: (  # Provoke Terror
        CardHalf(abilities=(_c("ss-area", _cond("stun"), _range(4), TRIANGLE_3),)),
        CardHalf(abilities=(_a("attack", 4, _range(4), _a("push", 3)),)),
        "J (area: J's pattern R2R6R5A)",
    ),
    370: (  # Nightmare Serenade
        _song(_c("ss-turn-start-curse", _cond("curse"), _range(5))),
        CardHalf(abilities=(_a("attack", 1, _range(3), _cond("curse"), _triangle_area()),), xp=1),
        "J (area: J's pattern R2R6R5A)",
    ),
    371: (  # Booming Proclamation
        CardHalf(abilities=(_a("attack", 1, _range(2), _a("push", 2), _affects("enemies-range")),)),
        CardHalf(
            abilities=(_c("ally-performs", _affects("allies-range", 3), _a("attack", 3)),), lost=True, xp=1
        ),
        "J",
    ),
    372: (  # Tranquil Trill
        _song(_c("ss-allies-heal-at-turn-start", _a("heal", 2))),
        CardHalf(abilities=(_cond("disarm", _affects("enemies-adjacent")),), xp=1),
        "J",
    ),
    373: (  # Commanding Presence
        CardHalf(abilities=(_c("ally-performs", _affects("ally", 3), _a("attack", 2)),)),
        CardHalf(abilities=(_c("ss-force-move", _range(2), FLOWER_7, _a("move", 2)),), lost=True, xp=1),
        "J (area: J's pattern R6R2R3R4R5R6R)",
    ),
    374: (  # Captivating Performance
        _song(_c("ss-allies-attack-all", _a("attack", 1, mode="add"))),
        CardHalf(abilities=(_cond("stun", _range(3), _a("target", 3)),), xp=1),
        "J",
    ),
    375: (  # Shadow Puppets
        CardHalf(abilities=(_a("move", 4, _a("jump")), _c("ss-moved-through-attack", _a("attack", 3)))),
        CardHalf(
            abilities=(
                _c("ss-some-allies-perform", _affects("allies-range", 3), _a("target", 2), _a("attack", 4)),
            )
        ),
        "J",
    ),
}
