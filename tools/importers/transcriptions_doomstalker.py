"""The Doomstalker's ability cards in delvekit's schema (merged into ``transcriptions.CLASSES``).

Only facts (numbers, keywords, markers) are carried over; no card text. Sources, read with the
search tool:

* J: the structured card database that also gave the Tinkerer, Sunkeeper, Quartermaster and
  Scoundrel (stored file 26902152714; the index does not name its repository): every
  Doomstalker card with markers, XP, use slots and summons;
* G: GHS's character file (angry-face.json): the five summons' stat lines.

Every number of the cards rests on J alone (no second card source was found in time; see
docs/content.md). The Doomstalker's wordings are named effects of
:mod:`delvekit.gloomhaven.effects.classes.doomstalker`, every one starting ``ds-``: ``ds-doom`` (a doom
placed on an enemy, its effect given by the flags that follow), ``ds-attack`` (an attack with a
bonus on a doomed or undamaged target), ``ds-doomed-dies`` (Rain of Arrows), ``ds-transfer``
(Frightening Curse), ``ds-trap-splash`` (the trap just created also hurts the enemies next to it).
"""

from __future__ import annotations

from typing import Any

from delvekit.gloomhaven.content.schema import CardAbility, CardHalf, SummonStats, UseSlot


def _a(kind: str, value: Any = None, *sub: CardAbility, mode: str = "absolute") -> CardAbility:
    return CardAbility(type=kind, value=value, mode=mode, sub=tuple(sub))


def _c(rule: str, *sub: CardAbility) -> CardAbility:
    return _a("custom", rule, *sub)


def _plus(n: int) -> CardAbility:
    return _a("attack", n, mode="add")


def _slots(*xp: int) -> tuple[UseSlot, ...]:
    return tuple(UseSlot(xp=n) for n in xp)


def _doom(*parts: CardAbility) -> CardHalf:
    """A doom: persistent until its enemy dies or another doom is played (then discarded)."""
    return CardHalf(abilities=(_c("ds-doom", *parts),), persistent=True)


def _summon(name: str, health: int, move: int, attack: int, **extra: Any) -> CardAbility:
    return CardAbility(
        type="summon", summon=SummonStats(name=name, health=health, move=move, attack=attack, **extra)
    )


def _trap(damage: int, *parts: CardAbility, xp: int = 0) -> CardAbility:
    sub = [_a("suffer-damage", damage), *parts]
    if xp:
        sub.append(_c("xp-when-trap-sprung-by-enemy", _a("xp", xp)))
    return _c("create-trap-adjacent", *sub)


def _summon_half(summon: CardAbility, *, lost: bool = True) -> CardHalf:
    return CardHalf(abilities=(summon,), lost=lost, persistent=True, xp=2)


#: card number → (top, bottom, sources)
DOOMSTALKER: dict[int, tuple[CardHalf, CardHalf, str]] = {
    376: (  # Rain of Arrows
        CardHalf(
            abilities=(_c("ds-doomed-dies", _a("attack", 2, _a("range", 5))),),
            lost=True,
            persistent=True,
            slots=_slots(1, 0, 1, 0),
        ),
        _doom(_c("who-self"), _plus(2)),
        "J",
    ),
    377: (  # Crippling Noose
        CardHalf(abilities=(_trap(4, _a("condition", "stun"), xp=2),), lost=True),
        _doom(_c("weaken-1")),
        "J",
    ),
    378: (  # Felling Swoop
        _summon_half(_summon("War Hawk", 3, 3, 3, flying=True)),
        _doom(_c("on-death-move-there")),
        "J, War Hawk stats G",
    ),
    379: (  # Vital Charge
        _summon_half(_summon("Battle Boar", 7, 3, 1)),
        _doom(_c("on-death-heal-self", _a("heal", 5))),
        "J, Battle Boar stats G",
    ),
    380: (  # Race to the Grave
        CardHalf(abilities=(_a("attack", 5, _a("range", 5)),), lost=True, xp=2),
        _doom(_c("turn-start-damage", _a("suffer-damage", 2))),
        "J",
    ),
    381: (  # Multi-Pronged Assault
        CardHalf(abilities=(_a("attack", 4, _a("range", 3), _a("target", 2)),), lost=True, xp=2),
        _doom(_c("who-allies"), _plus(1)),
        "J",
    ),
    382: (  # Detonation
        CardHalf(abilities=(_trap(3, xp=2), _c("ds-trap-splash", _a("suffer-damage", 2))), lost=True),
        _doom(_c("on-death-damage-adjacent", _a("suffer-damage", 3))),
        "J",
    ),
    383: (  # Frightening Curse
        CardHalf(
            abilities=(_c("ds-transfer", _a("range", 2)),),
            lost=True,
            persistent=True,
            slots=_slots(1, 1, 1),
        ),
        _doom(_c("on-death-shove-adjacent")),
        "J",
    ),
    384: (  # Foot Snare
        CardHalf(abilities=(_trap(2, _a("condition", "immobilize")),)),
        CardHalf(abilities=(_a("condition", "immobilize", _a("affects", "enemy-adjacent")), _a("move", 3))),
        "J",
    ),
    385: (  # Solid Bow
        CardHalf(abilities=(_a("attack", 3, _a("range", 5)),)),
        CardHalf(abilities=(_a("move", 4),)),
        "J",
    ),
    386: (  # A Moment's Peace
        CardHalf(abilities=(_a("loot", 1),)),
        CardHalf(abilities=(_a("move", 2), _a("heal", 2, _a("affects", "self")))),
        "J",
    ),
    387: (  # Swift Trickery
        CardHalf(abilities=(_c("ds-attack", _a("attack", 2, _a("range", 4)), _c("doomed"), _plus(2)),)),
        CardHalf(abilities=(_a("move", 5),)),
        "J",
    ),
    388: (  # Sap Life
        CardHalf(abilities=(_a("retaliate", 3, _a("range", 4)),), lost=True, round=True, xp=2),
        _doom(_c("on-damage-heal-self", _a("heal", 2))),
        "J",
    ),
    389: (  # The Hunt Begins
        _summon_half(
            _summon("Vicious Jackal", 5, 2, 1, abilities=(_a("condition", "wound"), _a("retaliate", 1))),
            lost=False,
        ),
        _doom(_c("who-summons"), _plus(2)),
        "J (its summon half has no loss mark there), Vicious Jackal stats G",
    ),
    390: (  # Fresh Kill
        CardHalf(abilities=(_c("ds-attack", _a("attack", 3, _a("range", 4)), _c("undamaged"), _plus(2)),)),
        CardHalf(abilities=(_a("move", 3, _a("jump")),)),
        "J",
    ),
    391: (  # Expose
        CardHalf(abilities=(_c("ds-expose"),), lost=True, persistent=True, xp=2),
        _doom(_c("who-self-allies"), _a("pierce", 2)),
        "J",
    ),
    392: (  # Relentless Offensive
        CardHalf(abilities=(_a("attack", 2, _a("range", 5), _a("target", 2)),)),
        CardHalf(abilities=(_c("ds-doomed-bonus-this-round", _plus(2)),), round=True),
        "J",
    ),
    393: (  # Darkened Skies
        CardHalf(
            abilities=(_c("ds-attack-all", _a("attack", 3, _a("range", 3)), _c("xp-per-2-targets")),),
            lost=True,
        ),
        _doom(_c("on-death-attack", _a("attack", 2, _a("range", 3)), _a("target", 3))),
        "J",
    ),
    394: (  # Press the Attack
        CardHalf(abilities=(_c("ds-attack", _a("attack", 2, _a("range", 4)), _c("doomed"), _plus(3)),)),
        CardHalf(abilities=(_a("retaliate", 2, _a("range", 2)),), round=True),
        "J",
    ),
    395: (  # Singular Focus
        CardHalf(abilities=(_a("loot", 2),), lost=True, xp=2),
        _doom(_c("advantage")),
        "J",
    ),
    396: (  # Flight of Flame
        CardHalf(
            abilities=(_trap(2, _a("condition", "wound")), _c("ds-trap-splash", _a("condition", "wound")))
        ),
        CardHalf(abilities=(_a("move", 5, _a("jump")),)),
        "J",
    ),
    397: (  # Inescapable Fate
        CardHalf(abilities=(_c("ds-two-dooms"),), lost=True, persistent=True, xp=2),
        CardHalf(
            abilities=(_c("ds-doom", _c("normal-or-elite"), _c("countdown")),),
            persistent=True,
            slots=_slots(0, 0, 0),
        ),
        "J",
    ),
    398: (  # Wild Command
        CardHalf(abilities=(_c("ds-summon-performs"),)),
        CardHalf(abilities=(_a("move", 3), _c("ds-attack-doomed-any-range", _a("attack", 2)))),
        "J",
    ),
    399: (  # Nature's Hunger
        _summon_half(_summon("Giant Toad", 7, 1, 1, abilities=(_a("condition", "stun"),))),
        _doom(_c("on-death-heal-party", _a("heal", 2))),
        "J, Giant Toad stats G",
    ),
    400: (  # Camouflage
        CardHalf(
            abilities=(_a("attack", 3, _a("range", 5)), _a("condition", "invisible", _a("affects", "self")))
        ),
        CardHalf(abilities=(_a("attack", 3), _a("condition", "invisible", _a("affects", "self")))),
        "J",
    ),
    401: (  # Impending End
        CardHalf(abilities=(_c("ds-attack", _a("attack", 4, _a("range", 4)), _c("finish-2")),)),
        CardHalf(abilities=(_c("ds-doomed-bonus-this-round", _plus(3)),), round=True),
        "J",
    ),
    402: (  # Crashing Wave
        CardHalf(
            abilities=(_a("move", 4), _c("ds-attack-all", _a("attack", 3), _c("xp-per-target"))),
            lost=True,
        ),
        _doom(_c("curse")),
        "J",
    ),
    403: (  # Rising Momentum
        CardHalf(abilities=(_a("attack", 5, _a("range", 5), _a("push", 3)),), lost=True, xp=2),
        _doom(_c("transfer-on-death-2")),
        "J",
    ),
    404: (  # Feral Instincts
        CardHalf(abilities=(_a("move", 2), _a("attack", 3), _a("loot", 1))),
        CardHalf(abilities=(_a("move", 3), _a("heal", 5, _a("affects", "self")))),
        "J",
    ),
    405: (  # Predator and Prey
        _summon_half(_summon("Spitting Cobra", 5, 3, 3, range=3, abilities=(_a("condition", "poison"),))),
        _doom(_c("range-gap")),
        "J, Spitting Cobra stats G",
    ),
    406: (  # Lead to Slaughter
        CardHalf(abilities=(_c("ds-attack", _a("attack", 4, _a("range", 6)), _c("lead-3")),)),
        CardHalf(abilities=(_a("move", 3), _c("ds-transfer-all", _a("range", 4)))),
        "J",
    ),
}
