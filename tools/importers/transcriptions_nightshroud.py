"""The Nightshroud's ability cards in delvekit's schema (merged into ``transcriptions.CLASSES``).

Only facts (numbers, keywords, markers) are carried over; no card text. Source, read with the
search tool:

* J: the structured card database that also gave the Tinkerer, Sunkeeper, Quartermaster,
  Scoundrel and the others (stored file 26269870631; the index does not name its repository):
  every Nightshroud card with markers, XP, use slots, elements and area patterns.

Names, levels and initiatives come from GHS (the class file); J agrees on every initiative.
Every number of the cards rests on J alone (docs/content.md). The Nightshroud's wordings are
named effects of :mod:`delvekit.gloomhaven.effects.classes.nightshroud`, every one starting ``ns-``:
``ns-consume`` (abilities with an optional consumption whose purchase is more than a bonus:
doubled moves, a kill instead, invisibility, an area, a teleport, a second attack),
``ns-actions`` (use slots spent on your next attack or move actions: a move before, an attack
as the action's final part). Bonuses while invisible reuse the Scoundrel's ``when-invisible``.
"""

from __future__ import annotations

from typing import Any

from delvekit.gloomhaven.content.schema import CardAbility, CardHalf, UseSlot


def _a(kind: str, value: Any = None, *sub: CardAbility, mode: str = "absolute") -> CardAbility:
    return CardAbility(type=kind, value=value, mode=mode, sub=tuple(sub))


def _c(rule: str, *sub: CardAbility) -> CardAbility:
    return _a("custom", rule, *sub)


def _affects(kind: str) -> CardAbility:
    return _a("affects", kind)


def _plus(n: int) -> CardAbility:
    return _a("attack", n, mode="add")


def _consume(element: str, *sub: CardAbility) -> CardAbility:
    return _a("element", element, *sub, mode="consume")


def _infuse(element: str) -> CardAbility:
    return _a("element", element, mode="infuse")


def _xp(n: int = 1) -> CardAbility:
    return _a("xp", n)


def _slots(*xp: int) -> tuple[UseSlot, ...]:
    return tuple(UseSlot(xp=n) for n in xp)


def _cond(name: str) -> CardAbility:
    return _a("condition", name)


# J's direction digits: 1-6 go round a hex, 1 = (+1, 0) in our axial coordinates (as the
# Elementalist's and Spellweaver's transcriptions read them).
_STEP = {"1": (1, 0), "2": (0, 1), "3": (-1, 1), "4": (-1, 0), "5": (0, -1), "6": (1, -1)}


def area(chain: str) -> CardAbility:
    """J's hex chain as an ``ns-`` area flag: the red hexes as offsets from the performer (G),
    ``n`` for a minus sign.

    >>> area("G2R6R").value
    'area-0.1_1.0'
    """
    q = r = 0
    cells: list[str] = []
    for ch in chain:
        if ch in _STEP:
            q, r = q + _STEP[ch][0], r + _STEP[ch][1]
        elif ch == "R":
            cells.append(f"{q}.{r}".replace("-", "n"))
    return _c("area-" + "_".join(cells))


_INVISIBLE_SELF = _a("condition", "invisible", _affects("self"))
_WHEN_INVISIBLE = _c("when-invisible")


def _if_invisible(*sub: CardAbility) -> CardAbility:
    return _c("when-invisible", *sub)


#: card number → (top, bottom, sources)
NIGHTSHROUD: dict[int, tuple[CardHalf, CardHalf, str]] = {
    261: (  # Black Knives
        CardHalf(
            abilities=(
                _c(
                    "ns-actions",
                    _c("attack-actions"),
                    _WHEN_INVISIBLE,
                    _c("after"),
                    _a("attack", 2, _a("range", 3)),
                ),
            ),
            lost=True,
            persistent=True,
            slots=_slots(1, 1, 1, 1),
        ),
        CardHalf(abilities=(_a("attack", 2, _cond("muddle")), _xp(1))),
        "J",
    ),
    262: (  # Cloak of Shade
        CardHalf(abilities=(_a("attack", 1), _infuse("dark"))),
        CardHalf(abilities=(_c("ns-consume", _a("move", 3), _consume("dark", _cond("invisible"), _xp(1))),)),
        "J",
    ),
    263: (  # Empowering Void
        CardHalf(
            abilities=(
                _c("ns-consume", _a("attack", 2), _consume("dark", _plus(2), _c("double-moves"), _xp(1))),
            )
        ),
        CardHalf(
            abilities=(
                _c(
                    "ns-consume",
                    _a("move", 2),
                    _consume("dark", _a("move", 2, mode="add"), _c("double-moves"), _xp(1)),
                ),
            )
        ),
        "J",
    ),
    264: (  # Doomed Breeze
        CardHalf(abilities=(_a("attack", 1, _a("range", 3), _cond("muddle")), _infuse("dark"), _xp(1))),
        CardHalf(abilities=(_a("move", 3), _a("condition", "curse", _affects("enemy-adjacent")))),
        "J",
    ),
    265: (  # Enervating Wound
        CardHalf(
            abilities=(_a("attack", 4, _cond("wound")), _a("heal", 4), _infuse("dark")), lost=True, xp=2
        ),
        CardHalf(abilities=(_a("move", 4),)),
        "J",
    ),
    266: (  # Spirit of the Night
        CardHalf(abilities=(_c("ns-consume", _a("attack", 3), _consume("dark", _c("kill-normal"), _xp(1))),)),
        CardHalf(abilities=(_a("move", 6), _infuse("dark")), lost=True, xp=1),
        "J",
    ),
    267: (  # Dancing Shadows
        CardHalf(abilities=(_a("move", 3), _a("attack", 1))),
        CardHalf(
            abilities=(_c("attackers-disadvantaged-this-round", _affects("self")), _infuse("dark")),
            round=True,
        ),
        "J",
    ),
    268: (  # Silent Force
        CardHalf(abilities=(_a("attack", 3, _if_invisible(_plus(2), _xp(1))),)),
        CardHalf(abilities=(_a("move", 6), _a("loot", 1)), lost=True),
        "J",
    ),
    269: (  # Smoke Step
        CardHalf(
            abilities=(
                _c(
                    "ns-consume",
                    _a("move", 1),
                    _a("attack", 2),
                    _consume("dark", _a("move", 2, mode="add"), _plus(2), _xp(1)),
                ),
            )
        ),
        CardHalf(abilities=(_a("move", 1), _infuse("dark"))),
        "J",
    ),
    270: (  # Wings of the Night
        CardHalf(abilities=(_a("attack", 1), _INVISIBLE_SELF)),
        CardHalf(
            abilities=(_c("ns-actions", _c("attack-actions"), _c("before"), _a("move", 2)),),
            lost=True,
            persistent=True,
            slots=_slots(1, 1, 1, 1),
        ),
        "J",
    ),
    271: (  # Concealed Dominance
        CardHalf(
            abilities=(_c("ns-consume", _a("attack", 4), _consume("dark", area("G1R2R3R4R5R1R"), _xp(2))),),
            lost=True,
        ),
        CardHalf(
            abilities=(_c("ns-consume", _a("move", 4), _consume("dark", _c("teleport-instead"))),), lost=True
        ),
        "J (area: J's pattern G1R2R3R4R5R1R, a hex beside you and the five others around it)",
    ),
    272: (  # Dark Cloud
        CardHalf(abilities=(_a("attack", 3, _a("condition", "curse")),)),
        CardHalf(abilities=(_a("condition", "muddle", _affects("enemies-adjacent")), _infuse("dark"))),
        "J",
    ),
    273: (  # Prepare for the Kill
        CardHalf(abilities=(_a("attack", 2), _infuse("dark"))),
        CardHalf(abilities=(_a("move", 2), _infuse("dark"))),
        "J",
    ),
    274: (  # Soulfire
        CardHalf(
            abilities=(_a("attack", 1, _a("range", 3), _cond("wound"), _if_invisible(_cond("stun"), _xp(1))),)
        ),
        CardHalf(abilities=(_a("attack", 6, _a("condition", "curse")),), lost=True),
        "J",
    ),
    275: (  # Terror Blade
        CardHalf(abilities=(_a("attack", 3, _a("push", 3)),)),
        CardHalf(
            abilities=(_a("move", 4), _c("attackers-disadvantaged-this-round", _affects("self"))), round=True
        ),
        "J",
    ),
    276: (  # Armor of the Night
        CardHalf(abilities=(_c("ns-consume", _a("attack", 4), _consume("dark", _a("heal", 4), _xp(1))),)),
        CardHalf(abilities=(_a("shield", 1), _infuse("dark")), round=True),
        "J",
    ),
    277: (  # Nightfall
        CardHalf(
            abilities=(_c("infuse-at-turn-end-unless-strong", _infuse("dark")),),
            lost=True,
            persistent=True,
            slots=_slots(1, 1, 1),
        ),
        CardHalf(
            abilities=(
                _c(
                    "ns-consume",
                    _a("move", 3),
                    _a("attack", 2),
                    _consume("light", _plus(1), _infuse("dark"), _xp(1)),
                ),
            )
        ),
        "J",
    ),
    278: (  # Grim Sustenance
        CardHalf(abilities=(_a("attack", 2, _if_invisible(_plus(2), _xp(1))), _INVISIBLE_SELF)),
        CardHalf(abilities=(_a("loot", 1), _infuse("dark"))),
        "J",
    ),
    279: (  # Claws of the Night
        CardHalf(
            abilities=(
                _c(
                    "ns-consume",
                    _a("attack", 2, _cond("poison")),
                    area("G2R6R"),
                    _consume("wild", _plus(1), _infuse("dark"), _xp(1)),
                ),
            )
        ),
        CardHalf(
            abilities=(
                _c(
                    "ns-actions",
                    _c("move-actions"),
                    _WHEN_INVISIBLE,
                    _c("after"),
                    _a("attack", 2, _affects("enemies-adjacent")),
                ),
            ),
            lost=True,
            persistent=True,
            slots=_slots(1, 1, 1, 1),
        ),
        "J (area: J's pattern G2R6R, two hexes next to you and to each other)",
    ),
    280: (  # Black Arrow
        CardHalf(
            abilities=(_a("attack", 4, _a("range", 4), _cond("muddle"), _a("condition", "curse")), _xp(1))
        ),
        CardHalf(
            abilities=(
                _c(
                    "ns-consume",
                    _cond("invisible"),
                    _consume("dark", _xp(1), _c("then"), _a("attack", 3, _a("range", 3))),
                ),
            )
        ),
        "J",
    ),
    281: (  # Unseen Dread
        CardHalf(abilities=(_a("attack", 3), _infuse("dark"))),
        CardHalf(abilities=(_a("move", 6, _a("jump")),)),
        "J",
    ),
    282: (  # Swallowed by Fear
        CardHalf(
            abilities=(
                _c(
                    "ns-consume",
                    _a("attack", 2),
                    _consume("dark"),
                    _consume("wild", _c("kill-normal-or-elite"), _xp(1)),
                ),
            )
        ),
        CardHalf(abilities=(_a("move", 3), _a("push", 2, _affects("enemies-adjacent")))),
        "J",
    ),
    283: (  # Eyes of the Night
        CardHalf(
            abilities=(_c("attacks-gain", _c("advantage")), _c("ns-sees-invisible")),
            lost=True,
            persistent=True,
            xp=2,
        ),
        CardHalf(
            abilities=(
                _c(
                    "ns-consume",
                    _a("move", 5),
                    _consume("light", _c("afflict-adjacent", _cond("muddle")), _infuse("dark"), _xp(1)),
                ),
            )
        ),
        "J",
    ),
    284: (  # Quiet Frenzy
        CardHalf(
            abilities=(
                _a(
                    "attack",
                    3,
                    _if_invisible(_plus(2), _xp(1)),
                    _consume("dark", _c("when-always"), _plus(3), _xp(1)),
                ),
            )
        ),
        CardHalf(abilities=(_a("attack", 3), _a("move", 3))),
        "J",
    ),
    285: (  # Gloom Darts
        CardHalf(
            abilities=(
                _c(
                    "ns-consume",
                    _a("attack", 3, _a("range", 4), _cond("poison"), _a("condition", "curse")),
                    _consume("dark", _a("target", 3), _xp(1)),
                ),
            )
        ),
        CardHalf(abilities=(_a("move", 3), _infuse("dark"))),
        "J",
    ),
    286: (  # Lurking Ruin
        CardHalf(
            abilities=(
                _a("attack", 5, _if_invisible(_cond("poison"), _cond("muddle"), _cond("wound"), _xp(1))),
            )
        ),
        CardHalf(abilities=(_a("move", 3), _INVISIBLE_SELF)),
        "J",
    ),
    287: (  # Angel of Death
        CardHalf(
            abilities=(
                _c(
                    "ns-consume",
                    _a("attack", 4, _affects("enemies-adjacent")),
                    _consume("dark", _c("kill-normal"), _xp(2)),
                ),
            ),
            lost=True,
            xp=2,
        ),
        CardHalf(
            abilities=(
                _c(
                    "ns-consume",
                    _a("move", 5, _a("jump")),
                    _consume("dark", _c("kill-adjacent-normal"), _xp(1)),
                ),
            )
        ),
        "J",
    ),
    288: (  # Voice of the Night
        CardHalf(
            abilities=(_c("next-attacks-if", _WHEN_INVISIBLE, _cond("stun")),),
            lost=True,
            persistent=True,
            slots=_slots(1, 0, 1, 0, 1),
        ),
        CardHalf(
            abilities=(
                _c(
                    "ns-consume",
                    _a("move", 2),
                    _a("attack", 2),
                    _consume("wild", _cond("invisible"), _infuse("dark"), _xp(1)),
                ),
            )
        ),
        "J",
    ),
}
