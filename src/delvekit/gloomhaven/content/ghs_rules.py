"""Structured replacements for GHS's free-text ("custom") ability lines.

Applied by the GHS converter (:func:`delvekit.gloomhaven.content.ghs_import.convert_folder`),
so the bundled pack and a user's ``delve content import-ghs`` give the same records.

GHS keeps some card lines as label keys (``brute.abilities.2.1``) whose English text lives in its
label file (``data/gh/label/en.json``, read with the search tool). We never copy that text: each
key below is replaced by abilities in delvekit's schema, written by us from the rule's meaning.
Rule ids used as ``custom`` values are listed with their meaning in docs/content.md.

Each entry: key → (replacement abilities, wrap). The custom line's own sub-abilities go under the
last replacement ability; with ``wrap`` the abilities that follow it in the same list go there
too (``if ... perform:`` lines). An empty replacement drops the line and keeps its sub-abilities
in its place (reminders such as "on your melee attacks:" inside an augment, which the augment
type already says).
"""

from __future__ import annotations

from typing import Any, Final

import msgspec

from delvekit.gloomhaven.content.schema import CardAbility, CharacterClass, MonsterDeck, MonsterType


def _a(kind: str, value: Any = None, *sub: CardAbility, mode: str = "absolute") -> CardAbility:
    return CardAbility(type=kind, value=value, mode=mode, sub=tuple(sub))


def _custom(rule: str, *sub: CardAbility) -> CardAbility:
    return _a("custom", rule, *sub)


def _affects(kind: str, range_: int | None = None) -> CardAbility:
    return _a("affects", kind, *((_a("range", range_),) if range_ is not None else ()))


def _bonus(kind: str, amount: int) -> CardAbility:
    return _a(kind, amount, mode="add")


AUGMENT_REMINDERS: Final = (
    "mindthief.abilities.149.1",
    "mindthief.abilities.151.1",
    "mindthief.abilities.152.1",
    "mindthief.abilities.156.1",
    "mindthief.abilities.162.1",
    "mindthief.abilities.166.1",
    "mindthief.abilities.169.1",
    "mindthief.abilities.174.1",
    "mindthief.abilities.149.3",
    "mindthief.abilities.151.3",
    "mindthief.abilities.152.2",
    "mindthief.abilities.156.2",
    "mindthief.abilities.162.2",
    "mindthief.abilities.166.2",
    "mindthief.abilities.169.3",
    "mindthief.abilities.174.3",
    "mindthief.abilities.165.2",
)

RULES: Final[dict[str, tuple[tuple[CardAbility, ...], bool]]] = {
    # -- Brute --
    "brute.abilities.2.1": ((_custom("xp-per-retaliate-this-round", _a("xp", 1)),), False),
    "brute.abilities.4.1": ((_custom("redirect-attacks-on-adjacent-allies-this-round"),), False),
    "brute.abilities.7.1": ((_custom("on-attack-damage-to-you", _a("shield", 1)),), False),
    "brute.abilities.12.1": ((_custom("x-is-hexes-moved-this-turn"),), False),
    "brute.abilities.12.2": ((_custom("x-is-damage-dealt-this-turn"),), False),
    "brute.abilities.13.1": ((_custom("bonus-this-round", _bonus("attack", 1)),), False),
    "brute.abilities.14.1": ((_custom("kill", _affects("enemy-adjacent"), _custom("normal-only")),), False),
    "brute.abilities.15.1": ((_custom("negate-damage-to-you"),), False),
    "brute.abilities.16.1": ((_custom("if-moved-in-straight-line"),), True),
    "brute.abilities.16.2": ((_custom("x-is-hexes-moved-this-action"),), False),
    "brute.abilities.20.1": ((_custom("xp-per-target", _a("xp", 1)),), False),
    "brute.abilities.22.1": (
        (_custom("kill", _affects("enemy-adjacent"), _custom("normal-only"), _a("condition", "stun")),),
        False,
    ),
    "brute.abilities.22.2": ((_custom("bonus-this-round", _bonus("attack", 1)),), False),
    "brute.abilities.23.1": ((_custom("moves-count-as-attacks"),), False),
    "brute.abilities.26.1": (
        (
            _custom(
                "bonus-this-round-against-conditions",
                _bonus("attack", 3),
                _a("condition", "disarm"),
                _a("condition", "immobilize"),
                _a("condition", "stun"),
            ),
        ),
        False,
    ),
    "brute.abilities.28.1": ((_custom("xp-per-target", _a("xp", 1)),), False),
    "brute.abilities.29.1": (
        (_custom("kill", _affects("enemy-adjacent"), _custom("normal-or-elite")),),
        False,
    ),
    # -- Mindthief --
    "mindthief.abilities.146.1": ((_custom("bonus-per-negative-condition", _bonus("attack", 1)),), False),
    "mindthief.abilities.146.2": ((_custom("control-enemy", _affects("enemy", 5)),), False),
    "mindthief.abilities.146.3": ((_custom("targets-other-enemies"),), False),
    "mindthief.abilities.149.2": ((_a("shield", 1, _affects("self")),), False),
    "mindthief.abilities.149.4": ((_custom("if-ended-in-starting-hex"),), True),
    "mindthief.abilities.151.2": ((_bonus("attack", 2),), False),
    "mindthief.abilities.152.3": ((_custom("control-enemy", _affects("enemy", 4)),), False),
    "mindthief.abilities.152.4": ((), False),
    "mindthief.abilities.154.1": (
        (_custom("bonus-per-negative-condition", _bonus("attack", 2), _a("xp", 1)),),
        False,
    ),
    "mindthief.abilities.157.1": ((_custom("ally-performs", _affects("ally-adjacent")),), False),
    "mindthief.abilities.157.2": ((_custom("ally-performs", _affects("ally", 3)),), False),
    "mindthief.abilities.160.1": (
        (_custom("enemy-turns-on-its-allies-this-round", _affects("enemy", 3), _custom("normal-or-elite")),),
        False,
    ),
    "mindthief.abilities.160.2": ((), False),
    "mindthief.abilities.163.1": ((_custom("extra-coin-per-adjacent-enemy"),), False),
    "mindthief.abilities.164.1": ((_custom("kill", _affects("enemy", 4), _custom("normal-only")),), False),
    "mindthief.abilities.164.2": ((_custom("targets-enemies-adjacent-to-killed"),), False),
    "mindthief.abilities.164.3": ((_custom("xp-per-target", _a("xp", 1)),), False),
    "mindthief.abilities.165.1": ((_custom("two-augments-active"),), False),
    "mindthief.abilities.166.3": ((_custom("control-enemy", _affects("enemy", 5)),), False),
    "mindthief.abilities.166.4": ((), False),
    "mindthief.abilities.169.2": ((), False),  # "gain" + its retaliate sub-ability
    "mindthief.abilities.170.1": ((_custom("ranged-attacks-gain-augments-this-round"),), False),
    "mindthief.abilities.172.1": ((_custom("ally-performs", _affects("ally-adjacent")),), False),
    "mindthief.abilities.172.2": ((_custom("gains-your-augments"),), False),
    "mindthief.abilities.172.3": (
        (
            _custom(
                "enemy-turns-on-its-allies-this-round",
                _affects("enemy", 5),
                _custom("normal-or-elite"),
                _custom("you-control"),
            ),
        ),
        False,
    ),
    "mindthief.abilities.173.1": ((_custom("x-is-half-current-health-rounded-up"),), False),
    "mindthief.abilities.173.2": (
        (_custom("allies-bonus-per-nearby-ally-this-round", _affects("allies-range", 2)),),
        False,
    ),
    "mindthief.abilities.174.2": ((_custom("kill", _custom("normal-only"), _custom("instead")),), False),
    # -- monsters (our reading of the stat and ability cards' extra lines) --
    "ancient-artillery.1": ((_a("suffer-damage", 2, _affects("enemies-adjacent")),), False),
    "archer.1": ((_custom("create-trap-near-enemy", _a("suffer-damage", 3)),), False),
    "bandit-commander.1": ((_custom("move-to-next-door-and-reveal"),), False),
    "captain-of-the-guard.1": ((_custom("allies-bonus-this-round", _bonus("attack", 1)),), False),
    "deep-terror.1": ((_custom("placed-adjacent-to-target"),), False),
    "elder-drake.1": ((_custom("fly-to-next-perch"),), False),
    "flame-demon.1": ((_a("suffer-damage", 2, _affects("enemies-adjacent")),), False),
    "flame-demon.2": ((_custom("create-trap-near-enemy", _a("suffer-damage", 4)),), False),
    "giant-viper.1": ((_custom("bonus-if-target-adjacent-to-its-allies", _bonus("attack", 2)),), False),
    "giant-viper.2": ((_custom("attackers-have-disadvantage-this-round"),), False),
    "harrower-infester.1": ((_custom("per-target-damaged", _a("heal", 2, _affects("self"))),), False),
    "hound.1": ((_custom("bonus-if-target-adjacent-to-its-allies", _bonus("attack", 2)),), False),
    "merciless-overseer.1": ((_custom("scouts-act-again"),), False),
    "night-demon.1": ((_a("suffer-damage", 1, _affects("all-adjacent")),), False),
    "ooze.1": ((_custom("summon-health-is-current-health"),), False),
    "prime-demon.1": ((_custom("throne-moves"),), False),
    "savvas-lavaflow.1": ((_a("suffer-damage", 2, _affects("all-adjacent-to-target")),), False),
    "savvas-lavaflow.2": ((_a("suffer-damage", 2, _affects("enemies")),), False),
    "the-betrayer.1": ((_custom("mind-control"),), False),
    "winged-horror.1": ((_custom("hatch-eggs"),), False),
    "winged-horror.2": ((_custom("summon-eggs"),), False),
}
for _key in AUGMENT_REMINDERS:
    RULES[_key] = ((), False)

#: Rule ids our replacements use as ``custom`` values (docs/content.md explains each).
RULE_IDS = sorted(
    {
        a.value
        for replacement, _ in RULES.values()
        for top in replacement
        for a in (top, *top.sub)
        if a.type == "custom" and isinstance(a.value, str)
    }
)


def resolve(abilities: tuple[CardAbility, ...]) -> tuple[CardAbility, ...]:
    """Replace every custom line with a known key, depth first."""
    out: list[CardAbility] = []
    index = 0
    while index < len(abilities):
        a = abilities[index]
        sub = resolve(a.sub)
        rule = RULES.get(a.value) if a.type == "custom" and isinstance(a.value, str) else None
        if rule is None:
            out.append(msgspec.structs.replace(a, sub=sub) if a.sub else a)
            index += 1
            continue
        replacement, wrap = rule
        tail: tuple[CardAbility, ...] = ()
        if wrap:
            tail = resolve(abilities[index + 1 :])
            index = len(abilities)
        else:
            index += 1
        if not replacement:
            out.extend(sub + tail)
            continue
        last = replacement[-1]
        out.extend(replacement[:-1])
        out.append(msgspec.structs.replace(last, sub=last.sub + sub + tail))
    return tuple(out)


def resolve_class(klass: CharacterClass) -> CharacterClass:
    """The class with every known free-text line of its cards and summons replaced."""
    cards = []
    for card in klass.cards:
        top = msgspec.structs.replace(card.top, abilities=resolve(card.top.abilities))
        bottom = msgspec.structs.replace(card.bottom, abilities=resolve(card.bottom.abilities))
        cards.append(msgspec.structs.replace(card, top=top, bottom=bottom))
    summons = tuple(msgspec.structs.replace(s, abilities=resolve(s.abilities)) for s in klass.summons)
    return msgspec.structs.replace(klass, cards=tuple(cards), summons=summons)


def resolve_monster(monster: MonsterType) -> MonsterType:
    """The monster with every known free-text line of its stat lines and specials replaced."""
    levels = []
    for entry in monster.levels:
        for kind in ("normal", "elite", "boss"):
            line = getattr(entry, kind)
            if line is not None:
                line = msgspec.structs.replace(line, abilities=resolve(line.abilities))
                entry = msgspec.structs.replace(entry, **{kind: line})
        levels.append(entry)
    specials = tuple(resolve(special) for special in monster.specials)
    return msgspec.structs.replace(monster, levels=tuple(levels), specials=specials)


def resolve_deck(deck: MonsterDeck) -> MonsterDeck:
    """The deck with every known free-text line of its cards replaced."""
    cards = tuple(msgspec.structs.replace(c, abilities=resolve(c.abilities)) for c in deck.cards)
    return msgspec.structs.replace(deck, cards=cards)
