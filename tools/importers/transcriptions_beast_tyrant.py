"""The Beast Tyrant's ability cards in delvekit's schema (merged into ``transcriptions.CLASSES``).

Only facts (numbers, keywords, markers) are carried over; no card text. Sources, read with the
search tool:

* J: the structured card database that also gave the Summoner, Scoundrel, Cragheart... (stored
  file 26198577242; the index does not name its repository): every Beast Tyrant card with its
  abilities, markers, XP, elements, area patterns and the abilities the bear performs. J numbers
  the cards 447-475; GHS (and so the pack) 477-505, in the same order (J + 30);
* G: GHS's character file (two-mini.json): the card list, levels, initiatives (already in the
  class file) and the summons' stat lines, the bear's among them (``summons`` in the class file);
* F: the Dized "Two Minis" FAQ (read with the search tool): command abilities are performed by
  the bear only; "summoned allies" are any summoned allies, not only the Beast Tyrant's; Maul's
  shield is given to one ally at the end of the move; the Monolith and the Spirit Banner have no
  attack, the Wind Totem no move.

Every card number rests on J alone, the summons' stat lines on G alone; names, levels and
initiatives are G's. J and G disagree once: Relentless Ally's initiative (J 81, G 87; G kept, as
for Rock Slide and Oversized Pack). docs/content.md lists the readings.

The class's own wordings are named effects of
:mod:`delvekit.gloomhaven.effects.classes.beast_tyrant`, every one starting ``bt-``. The main one,
``bt-command``, holds the abilities the bear performs (the card's paw icon) as its sub-abilities;
the content adapter keeps them whole (areas, targets, pierce, pushes), an element consumption
under it as ``bt-bought``.
"""

from __future__ import annotations

from typing import Any

from transcriptions_spellweaver import pattern

from delvekit.gloomhaven.content.schema import CardAbility, CardHalf, SummonStats, UseSlot


def _a(kind: str, value: Any = None, *sub: CardAbility, mode: str = "absolute") -> CardAbility:
    return CardAbility(type=kind, value=value, mode=mode, sub=tuple(sub))


def _c(rule: str, *sub: CardAbility) -> CardAbility:
    return _a("custom", rule, *sub)


def _affects(kind: str, range_: int | None = None) -> CardAbility:
    return _a("affects", kind, *((_a("range", range_),) if range_ is not None else ()))


def _infuse(element: str) -> CardAbility:
    return _a("element", element, mode="infuse")


def _consume(element: str, *sub: CardAbility) -> CardAbility:
    return _a("element", element, *sub, mode="consume")


def _cmd(*abilities: CardAbility) -> CardAbility:
    """The bear performs ``abilities`` (the command icon), its owner choosing everything."""
    return _c("bt-command", *abilities)


def _summon(
    name: str, health: int, move: int, attack: int, *abilities: CardAbility, **extra: Any
) -> CardAbility:
    """A summon ability with its stat line (G)."""
    return CardAbility(
        type="summon",
        summon=SummonStats(name=name, health=health, move=move, attack=attack, abilities=abilities, **extra),
    )


def _summon_half(summon: CardAbility, *after: CardAbility) -> CardHalf:
    """A summon half: lost, persistent, 2 XP (every summon card of the class)."""
    return CardHalf(abilities=(summon, *after), lost=True, persistent=True, xp=2)


_AREA = "G3R1R6R5A"  # Forceful Swipe, Unstoppable Beast: three hexes in an arc before the bear
_SELF = _affects("self")

#: card number (G's) → (top, bottom, sources): every card as J gives it
TRANSCRIBED: dict[int, tuple[CardHalf, CardHalf, str]] = {
    477: (  # Disorienting Roar
        CardHalf(
            abilities=(
                _cmd(
                    _c(
                        "bt-afflict",
                        _a("condition", "muddle"),
                        _a("condition", "immobilize"),
                        _affects("enemies-range", 2),
                    )
                ),
            ),
            xp=1,
        ),
        CardHalf(abilities=(_c("bt-swap", _c("swap-figures")),), lost=True),
        "J",
    ),
    478: (  # Spirit Swap
        CardHalf(abilities=(_cmd(_a("move", 2)),), xp=1),
        CardHalf(abilities=(_c("bt-swap", _c("swap-enemies")),)),
        "J",
    ),
    479: (  # Venomous Ally
        _summon_half(_summon("Green Adder", 4, 2, 1, _a("condition", "poison"))),
        CardHalf(abilities=(_a("attack", 2, _a("range", 4), _a("condition", "poison")),)),
        "J, Green Adder stats G",
    ),
    480: (  # Relentless Ally (J: "Summon Tattered Wolf", initiative 81; G 87)
        _summon_half(_summon("Tattered Wolf", 4, 3, 2)),
        CardHalf(abilities=(_a("move", 5),)),
        "J, Tattered Wolf stats G, initiative G (J 81)",
    ),
    481: (  # Concentrated Rage
        CardHalf(abilities=(_a("attack", 1, _a("range", 4), _a("condition", "disarm")),)),
        CardHalf(
            abilities=(_c("bt-forgo-for-bear", _c("attack-plus-3"), _c("move-plus-3")),),
            lost=True,
            persistent=True,
        ),
        "J",
    ),
    482: (  # Disappearing Wounds
        CardHalf(abilities=(_a("heal", 4, _SELF),)),
        CardHalf(abilities=(_cmd(_a("attack", 2)),), xp=1),
        "J",
    ),
    483: (  # Patch Fur
        CardHalf(abilities=(_c("bt-summons-gain", _a("shield", 1)),), round=True),
        CardHalf(abilities=(_cmd(_a("heal", 4, _SELF)),), xp=1),
        "J",
    ),
    484: (  # Maul
        CardHalf(abilities=(_cmd(_a("attack", 4)),)),
        CardHalf(abilities=(_a("move", 3), _a("shield", 1, _affects("ally-adjacent"))), round=True),
        "J, F (the shield's ally chosen after the move)",
    ),
    485: (  # Forceful Swipe
        CardHalf(abilities=(_cmd(_a("attack", 2, pattern(_AREA))),), xp=1),
        CardHalf(abilities=(_cmd(_a("move", 3), _c("bt-push", _a("push", 2), _a("target", 1))),), xp=1),
        "J",
    ),
    486: (  # Howling Bolts
        CardHalf(abilities=(_a("attack", 1, _a("range", 4), _a("target", 3)),)),
        CardHalf(abilities=(_cmd(_a("move", 5)),), xp=1),
        "J",
    ),
    487: (  # Soaring Ally
        _summon_half(_summon("Red Falcon", 2, 4, 2, flying=True), _infuse("air")),
        CardHalf(abilities=(_cmd(_a("loot", 1)),)),
        "J, Red Falcon stats G",
    ),
    488: (  # Focused Aggression
        CardHalf(abilities=(_a("attack", 3, _a("range", 3)),)),
        CardHalf(abilities=(_cmd(_a("attack", 5)), _infuse("earth")), lost=True, xp=2),
        "J",
    ),
    489: (  # Borrowed Essence
        CardHalf(
            abilities=(
                _a("attack", 2, _a("range", 3), _consume("air", _a("attack", 2, mode="add"), _a("xp", 1))),
                _a("heal", 2, _SELF, _consume("air", _a("heal", 2, mode="add"), _a("xp", 1))),
            )
        ),
        CardHalf(abilities=(_c("bt-share-damage"),)),
        "J",
    ),
    490: (  # Energizing Strike
        CardHalf(abilities=(_cmd(_a("attack", 4), _a("condition", "strengthen", _SELF)),), xp=1),
        CardHalf(abilities=(_a("heal", 1, _affects("allies")),)),
        "J",
    ),
    491: (  # Earthen Spikes
        CardHalf(
            abilities=(_a("attack", 3, _a("range", 2), _a("condition", "immobilize")), _infuse("earth"))
        ),
        CardHalf(
            abilities=(_c("bt-summons-gain", _a("shield", 2), _a("retaliate", 2)),),
            lost=True,
            round=True,
            xp=2,
        ),
        "J",
    ),
    492: (  # Vicious Ally
        _summon_half(_summon("Swamp Alligator", 5, 2, 3, _a("condition", "immobilize"))),
        CardHalf(abilities=(_cmd(_a("attack", 2, _a("target", 2))),), xp=1),
        "J, Swamp Alligator stats G",
    ),
    493: (  # Unstoppable Beast
        CardHalf(
            abilities=(
                _cmd(
                    _a("attack", 3, pattern(_AREA)),
                    _consume("earth", _a("attack", 1, mode="add"), _a("xp", 1)),
                ),
            )
        ),
        CardHalf(abilities=(_a("move", 5),)),
        "J",
    ),
    494: (  # Ancient Ward
        CardHalf(
            abilities=(_a("attack", 0, _a("range", 4), _a("target", 2), _a("condition", "disarm")),), xp=1
        ),
        CardHalf(abilities=(_a("heal", 4, _a("range", 4)),)),
        "J",
    ),
    495: (  # Punch Through
        CardHalf(abilities=(_cmd(_a("attack", 3, _a("pierce", 4))),), xp=1),
        CardHalf(abilities=(_a("move", 3), _c("bt-command-bonus", _a("attack", 1, mode="add"))), round=True),
        "J",
    ),
    496: (  # Rampage
        CardHalf(
            abilities=(
                _cmd(_a("attack", 2), _a("move", 2), _a("attack", 2), _a("move", 2), _a("attack", 2)),
            ),
            lost=True,
            xp=2,
        ),
        CardHalf(
            abilities=(
                _c("bt-summons-perform", _c("any-one-summon"), _c("move-plus-0"), _c("attack-plus-0")),
            )
        ),
        "J",
    ),
    497: (  # Stone Sigil
        _summon_half(_summon("Monolith", 15, 0, 0, _a("shield", 2), can_attack=False), _infuse("earth")),
        CardHalf(abilities=(_cmd(_a("move", 5)),)),
        "J, Monolith stats G",
    ),
    498: (  # Primal Blessing
        CardHalf(abilities=(_a("attack", 0, _a("range", 4), _a("target", 3)),), xp=1),
        CardHalf(abilities=(_a("move", 2), _c("bt-swap-bear"), _a("move", 2))),
        "J",
    ),
    499: (  # Blood Hunger
        CardHalf(
            abilities=(_c("bt-blood-hunger", _a("heal", 2)),),
            lost=True,
            persistent=True,
            slots=(UseSlot(xp=1), UseSlot(), UseSlot(xp=1), UseSlot(), UseSlot(xp=1)),
        ),
        CardHalf(abilities=(_cmd(_a("attack", 3), _a("heal", 3, _SELF)),), xp=1),
        "J",
    ),
    500: (  # Storm Sigil: the Wind Totem attacks every adjacent enemy and pushes 2 (G's stat line)
        _summon_half(
            _summon("Wind Totem", 8, 0, 1),
            _c("bt-summon-attack", _affects("enemies-adjacent"), _a("push", 2)),
            _infuse("air"),
        ),
        CardHalf(abilities=(_cmd(_a("attack", 4)),)),
        "J, Wind Totem stats G",
    ),
    501: (  # Tyrannical Force
        CardHalf(abilities=(_a("attack", 0, _a("range", 3), _a("condition", "stun")), _infuse("earth"))),
        CardHalf(abilities=(_c("bt-summons-perform", _affects("summons", 3), _c("move-minus-1")),)),
        "J (the bottom's Move -1 as J prints it)",
    ),
    502: (  # Lash Out
        CardHalf(abilities=(_cmd(_a("attack", 4, _a("target", 0))),), xp=1),
        CardHalf(abilities=(_cmd(_a("move", 3), _c("bt-push", _a("push", 2), _a("target", 0))),), xp=1),
        "J",
    ),
    503: (  # Natural Remedy
        CardHalf(
            abilities=(
                _c(
                    "bt-heal-consume",
                    _a("heal", 5),
                    _a("range", 3),
                    _consume("air", _c("heal-plus-1"), _c("range-plus-1"), _a("xp", 1)),
                ),
            )
        ),
        CardHalf(abilities=(_a("move", 4), _a("condition", "strengthen", _affects("ally-adjacent")))),
        "J",
    ),
    504: (  # Jaws of Death
        CardHalf(abilities=(_cmd(_c("bt-kill", _c("normal-only"), _c("max-hit-points-6"))),), xp=1),
        CardHalf(
            abilities=(_cmd(_a("attack", 2, _a("push", 3)), _a("move", 3), _a("attack", 2)),),
            xp=1,
        ),
        "J",
    ),
    505: (  # Tribal Sigil: neither half is ever recovered (J)
        _summon_half(
            _summon("Spirit Banner", 8, 0, 0, can_attack=False),
            _c("bt-banner-aura", _affects("allies-adjacent"), _c("attack-plus-2")),
        ),
        CardHalf(abilities=(_c("bt-recover-summons", _a("target", 2)),), lost=True),
        "J, Spirit Banner stats and aura G",
    ),
}

#: (class id, GHS's summon name) → ours: GHS names the bear after the class's icon.
SUMMON_NAMES = {("beast-tyrant", "Two Mini"): "Bear"}

#: The cards merged into the pack (``transcriptions.CLASSES``): all of them.
BEAST_TYRANT = TRANSCRIBED
