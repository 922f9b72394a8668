"""The Summoner's ability cards in delvekit's schema (merged into ``transcriptions.CLASSES``).

Only facts (numbers, keywords, markers) are carried over; no card text. Sources, read with the
search tool:

* J: the structured card database that also gave the Tinkerer, Sunkeeper, Quartermaster and
  Doomstalker (stored file 26994763615; the index does not name its repository): every Summoner
  card with markers, XP, elements and the summons' names;
* G: GHS's character file (circles.json): the card list, levels, initiatives (already in the
  class file) and the summons' stat lines (``summons`` in the class file).

Every card number rests on J alone, the summons' stat lines on G alone (docs/content.md lists
the readings). The Summoner's own wordings are named effects of
:mod:`delvekit.gloomhaven.effects.classes.summoner`, every one starting ``su-``; the ``affects`` kinds
``summons``, ``self-summons`` and ``summons-adjacent`` name the performer's own summons.
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


def _summon(
    name: str, health: int, move: int, attack: int, *abilities: CardAbility, **extra: Any
) -> CardHalf:
    """A summon half: lost, persistent, 2 XP unless told (its stat line from G)."""
    xp = extra.pop("xp", 2)
    stats = SummonStats(name=name, health=health, move=move, attack=attack, abilities=abilities, **extra)
    return CardHalf(abilities=(CardAbility(type="summon", summon=stats),), lost=True, persistent=True, xp=xp)


def _summon_acts(reach: str, move: int, attack: int) -> CardHalf:
    """One of your summons named by ``reach`` performs its own Move and Attack plus the bonuses."""
    return CardHalf(
        abilities=(
            _c("su-summon-performs", _affects(reach), _c(f"move-plus-{move}"), _c(f"attack-plus-{attack}")),
        )
    )


def _summons_act(reach: CardAbility, *parts: CardAbility) -> CardAbility:
    """Your summons named by ``reach`` (``target`` N of them, or ``all``) perform ``parts``:
    ``move-plus-N`` / ``attack-plus-N`` (their own Move / Attack + N), an absolute ``move``,
    conditions their attack adds."""
    return _c("su-summon-performs", reach, *parts)


#: card number → (top, bottom, sources)
SUMMONER: dict[int, tuple[CardHalf, CardHalf, str]] = {
    233: (  # Forged Ferocity (J: "Summon Iron Beast")
        _summon("Iron Beast", 5, 2, 1, _a("retaliate", 1)),
        CardHalf(abilities=(_a("shield", 1, _affects("self-summons")), _infuse("earth")), round=True),
        "J, Iron Beast stats G",
    ),
    234: (  # Wild Animation
        _summon("Thorn Shooter", 2, 1, 2, _a("condition", "poison"), range=4),
        CardHalf(abilities=(_a("move", 5), _infuse("air"))),
        "J, Thorn Shooter stats G",
    ),
    235: (  # Living Night
        _summon("Shadow Wolf", 3, 3, 2, _a("pierce", 2)),
        CardHalf(
            abilities=(_c("attackers-disadvantaged-this-round", _affects("self-summons")), _infuse("dark")),
            round=True,
        ),
        "J, Shadow Wolf stats G",
    ),
    236: (  # Unending Dominance: neither half is ever recovered
        _summon("Lava Golem", 7, 2, 3, _a("retaliate", 2, _a("range", 2)), xp=4),
        CardHalf(
            abilities=(_c("ally-recovers-lost", _affects("self"), _a("target", 4)),),
            lost=True,
        ),
        "J, Lava Golem stats G",
    ),
    237: (  # Unwavering Hand
        CardHalf(abilities=(_a("heal", 3, _a("range", 3)),)),
        CardHalf(abilities=(_c("control-enemy", _affects("enemy", 4), _a("move", 1)),)),
        "J",
    ),
    238: (  # Mighty Bond
        _summon_acts("summons-adjacent", 0, 0),
        CardHalf(abilities=(_a("move", 4, _a("jump")),)),
        "J",
    ),
    239: (  # Bonded Might
        _summon_acts("summons-adjacent", 0, 0),
        CardHalf(abilities=(_a("loot", 1),)),
        "J",
    ),
    240: (  # Biting Wind
        CardHalf(
            abilities=(
                _a(
                    "attack",
                    2,
                    _a("range", 3),
                    _consume("air", _a("attack", 1, mode="add"), _a("push", 2), _a("xp", 1)),
                ),
            )
        ),
        CardHalf(abilities=(_a("heal", 3, _a("range", 3)),)),
        "J",
    ),
    241: (  # Black Fire
        CardHalf(
            abilities=(
                _a(
                    "attack",
                    1,
                    _a("range", 5),
                    _a("target", 2),
                    _consume("fire", _a("condition", "wound"), _a("xp", 1)),
                ),
            )
        ),
        CardHalf(abilities=(_a("move", 3), _a("condition", "muddle", _affects("enemies-adjacent")))),
        "J",
    ),
    242: (  # Leathery Wings
        _summon("Bat Swarm", 4, 2, 2, flying=True),
        CardHalf(abilities=(_a("condition", "strengthen", _affects("allies-adjacent")),)),
        "J, Bat Swarm stats G",
    ),
    243: (  # Volatile Flame
        _summon(
            "Living Bomb",
            1,
            3,
            2,
            _c("su-death-burst"),
            _a("attack", 3, _affects("enemies-range", 2)),
            _infuse("fire"),
        ),
        CardHalf(abilities=(_a("attack", 2, _a("range", 3)), _infuse("fire"))),
        "J, Living Bomb stats and its death burst G",
    ),
    244: (  # Ethereal Vines
        CardHalf(
            abilities=(_a("attack", 1, _a("range", 3), _a("condition", "immobilize"), pattern("R2R6R")),)
        ),
        CardHalf(abilities=(_a("move", 2), _a("heal", 1, _affects("summons-adjacent")))),
        "J",
    ),
    246: (  # Grasping the Void
        CardHalf(
            abilities=(
                _a(
                    "attack",
                    2,
                    _a("range", 3),
                    _a("condition", "curse"),
                    _consume("dark", _a("condition", "stun"), _a("xp", 1)),
                ),
            )
        ),
        CardHalf(abilities=(_a("attack", 2, _a("range", 3)), _a("heal", 2, _affects("self")))),
        "J",
    ),
    247: (  # Tear the Fabric
        CardHalf(abilities=(_c("su-kill-adjacent-weak", _a("suffer-damage", 5)),), lost=True, xp=2),
        CardHalf(abilities=(_a("heal", 4, _affects("self"), _consume("earth", _a("heal", 2, mode="add"))),)),
        "J (top: every normal adjacent enemy whose current hit points are 5 or less is killed)",
    ),
    248: (  # Oozing Manifestation
        _summon("Slime Spirit", 4, 3, 1, _a("shield", 2)),
        CardHalf(
            abilities=(
                _a(
                    "attack",
                    3,
                    _a("range", 3),
                    _a("condition", "immobilize"),
                    _consume("dark", _a("condition", "curse"), _a("xp", 1)),
                ),
            )
        ),
        "J, Slime Spirit stats G",
    ),
    250: (  # Divided Mind
        CardHalf(abilities=(_summons_act(_affects("summons-range", 2), _a("target", 2), _c("move-plus-0")),)),
        CardHalf(
            abilities=(_summons_act(_affects("summons-range", 2), _a("target", 2), _c("attack-plus-0")),)
        ),
        "J (two summoned allies within Range 2: Move +0 on the top, Attack +0 on the bottom)",
    ),
    251: (  # Strength in Numbers
        _summon_acts("summons-adjacent", 1, 1),
        CardHalf(abilities=(_c("su-attack-x-summons"),)),
        "J (bottom: Attack X, Range X, X the number of your summons in play)",
    ),
    253: (  # Endless Spikes (J: "Nail Spheres"; G's summon list: one Nail Sphere)
        _summon("Nail Sphere", 4, 2, 0, _a("retaliate", 2), can_attack=False),
        CardHalf(abilities=(_a("retaliate", 2, _affects("summons")),), round=True),
        "J, Nail Sphere stats G",
    ),
    254: (  # Inexorable Momentum
        CardHalf(
            abilities=(
                _a(
                    "attack", 3, _a("range", 3), _a("pierce", 3), _consume("air", _a("attack", 2, mode="add"))
                ),
            )
        ),
        CardHalf(abilities=(_a("move", 3), _summons_act(_affects("summons-adjacent"), _a("move", 3)))),
        "J (bottom: one adjacent summon performs Move 3, not its own Move)",
    ),
    256: (  # Staff of Visions
        CardHalf(
            abilities=(
                _a(
                    "attack",
                    5,
                    _a("condition", "muddle"),
                    _consume("fire", _a("attack", 1, mode="add"), _a("condition", "wound"), _a("xp", 1)),
                ),
            )
        ),
        CardHalf(abilities=(_a("move", 3), _a("condition", "strengthen", _affects("allies-adjacent")))),
        "J",
    ),
    257: (  # Intervening Apparitions
        CardHalf(
            abilities=(_c("su-negate-summon-damage"),),
            persistent=True,
            lost=True,
            slots=(UseSlot(xp=1), UseSlot(xp=1), UseSlot(xp=1)),
        ),
        CardHalf(abilities=(_c("su-remove-curses"), _infuse("light"))),
        "J (use slots and their XP)",
    ),
    258: (  # Otherworldly Rage
        CardHalf(
            abilities=(
                _summons_act(
                    _affects("summons-range", 3),
                    _c("attack-plus-2"),
                    _a("condition", "wound"),
                    _a("condition", "poison"),
                ),
            )
        ),
        CardHalf(abilities=(_c("su-swap"), _a("move", 3))),
        "J (bottom: swap places with any one of your summons, then Move 3)",
    ),
    259: (  # Interplanar Mastery: never recovered
        CardHalf(abilities=(_c("ally-recovers-lost", _affects("self"), _a("target", 2)),), lost=True),
        CardHalf(abilities=(_a("move", 6, _a("jump")),)),
        "J",
    ),
    260: (  # Horned Majesty
        _summon("Black Unicorn", 6, 4, 4, _a("pierce", 3)),
        CardHalf(abilities=(_summons_act(_affects("summons-range", 3), _c("all"), _c("move-plus-0")),)),
        "J, Black Unicorn stats G",
    ),
    249: (  # Living Mountain
        _summon("Rock Colossus", 7, 1, 3, _a("element", "earth", _c("on-attack"), mode="infuse")),
        CardHalf(abilities=(_a("move", 2), _a("loot", 1))),
        "J, Rock Colossus stats G (it infuses earth when it attacks)",
    ),
    252: (  # Conjured Aid
        _summon("Healing Sprite", 2, 2, 1, _a("heal", 2, _a("range", 2), _c("at-turn-end")), range=3),
        CardHalf(abilities=(_a("move", 5),)),
        "J, Healing Sprite stats G (Heal 2, Range 2 at the end of each of its turns)",
    ),
    255: (  # Negative Energy
        _summon("Void Eater", 5, 3, 2, _a("condition", "curse"), range=2),
        CardHalf(abilities=(_c("su-curse-near-summons"), _infuse("dark"))),
        "J, Void Eater stats G (its attacks curse); bottom: every enemy adjacent to any summoned ally",
    ),
    245: (  # Earthen Steed (effects/classes/summoner_steed.py)
        CardHalf(
            abilities=(_c("su-earth-steed", _consume("earth", _a("move", 2, mode="add"), _a("xp", 1))),),
            persistent=True,
            lost=True,
        ),
        CardHalf(abilities=(_a("move", 5, _a("jump")),)),
        "J (top: on your or your summons' moves, earth may be consumed for +2 Move and XP 1)",
    ),
}
