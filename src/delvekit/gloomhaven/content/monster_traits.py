"""Monster stat-line traits: what a monster's printed stat line can carry besides health, move,
attack and range, the :class:`~delvekit.gloomhaven.model.setup.MonsterStats` field that holds
each, and the engine's questions about them during an attack.

A stat-line trait of the content pack (``cs.StatLine.abilities``) has a *key*: its type
(``shield``, ``retaliate``, ``pierce``, ``target``), ``condition:NAME`` for a condition every
attack adds, ``custom:RULE`` for a named rule (``custom:advantage``), and ``retaliate.range``
for a retaliate's reach. :data:`TRAITS` maps every key the engine knows to its field;
:func:`stat_fields` turns a stat line into those fields and refuses a trait without one, so a
trait can no longer be dropped between the pack and play. ``delve content check`` lists the
unknown ones (:func:`unknown_traits`). docs/monster-traits.md has the table of where each
field is applied.

>>> from delvekit.gloomhaven.content import schema as cs
>>> line = cs.StatLine(health=7, move=0, attack=2, abilities=(
...     cs.CardAbility(type="retaliate", value=2, sub=(cs.CardAbility(type="range", value=2),)),
...     cs.CardAbility(type="custom", value="advantage")))
>>> sorted(stat_fields(line.abilities, {}).items())
[('advantage', True), ('retaliate', 2), ('retaliate_range', 2)]
>>> unknown_traits((cs.CardAbility(type="custom", value="flies-backwards"),))
['custom:flies-backwards']
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from delvekit.core.errors import ContentError
from delvekit.gloomhaven.content import schema as cs
from delvekit.gloomhaven.content.expr import value as formula
from delvekit.gloomhaven.model.conditions import Condition
from delvekit.gloomhaven.model.setup import MonsterStats

if TYPE_CHECKING:
    from delvekit.gloomhaven.engine.game import Game
    from delvekit.gloomhaven.engine.state import Figure

_CONDITIONS = {c.value for c in Condition}
CARD_CONDITIONS = ("bless", "curse")
"""Conditions that are modifier cards (§8.2): a stat line's ``curse`` goes to ``card_adds``."""

TRAITS: dict[str, str] = {
    "shield": "shield",
    "retaliate": "retaliate",
    "retaliate.range": "retaliate_range",
    "pierce": "pierce",
    "target": "targets",
    **{f"condition:{c}": "adds" for c in sorted(_CONDITIONS)},
    **{f"condition:{c}": "card_adds" for c in CARD_CONDITIONS},
    "custom:advantage": "advantage",
    "custom:disadvantage": "attackers_disadvantage",
}
"""Every stat-line trait key the engine knows → the ``MonsterStats`` field that holds it. The
monster type's ``flying`` and ``immunities`` go to ``flying``, ``immunities`` (conditions) and
``immune_cards`` (bless, curse, push, pull)."""


IMMUNITY_FIELDS: dict[str, str] = {
    **{c: "immunities" for c in sorted(_CONDITIONS)},
    **{c: "immune_cards" for c in (*CARD_CONDITIONS, "push", "pull")},
}
"""Every immunity a monster type can list → the ``MonsterStats`` field that holds it."""


SUMMON_TRAITS: dict[str, str] = {
    **{f"condition:{c}": "attack adds" for c in sorted(_CONDITIONS)},
    "pierce": "attack pierce",
    "shield": "summon-shield flag (Shield every round)",
    "retaliate": "retaliate flag",
    "retaliate.range": "far-retaliate flag",
    "custom:ondeath": "ondeath-attack flag (Burning Avatar)",
    "attack": "ondeath / death-burst attack",
    "attack.affects": "who the death attack hits",
    "custom:su-death-burst": "su-death-burst flags (Living Bomb)",
    "element": "su-burst-infuse flag",
    "custom:mindthief.abilities.173.1": "attack-x-half-health (Rat King's X, from its attack 'X')",
    "condition:curse": "summon-curse flag (Void Eater: its attacks curse)",
    "element.custom": "summon-infuse-on-attack flag (Rock Colossus, Mana Sphere)",
    "heal": "summon-turn-end-heal flag (Healing Sprite)",
    "heal.range": "summon-turn-end-heal flag's range",
    "heal.custom": "summon-turn-end-heal flag (at-turn-end)",
    "custom:attack-from-its-hex": "summon-attack-from-its-hex flag (Doppelganger)",
}
"""Every trait a character or item summon's stat line may carry → what the engine's summon
(:func:`delvekit.gloomhaven.content.character_cards._summon`) makes of it; flying, move, attack and range
are the stat line's own fields. ``delve content check`` refuses any other."""


def trait_keys(a: cs.CardAbility) -> list[str]:
    """The keys of one stat-line ability: its own and those of its sub-abilities (a retaliate's
    range is ``retaliate.range``).

    >>> trait_keys(cs.CardAbility(type="condition", value="poison"))
    ['condition:poison']
    """
    own = f"{a.type}:{a.value}" if a.type in ("condition", "custom") else a.type
    return [own, *(f"{own}.{s.type}" for s in a.sub)]


def unknown_traits(abilities: Iterable[cs.CardAbility], known: Iterable[str] | None = None) -> list[str]:
    """The trait keys of a stat line that no ``MonsterStats`` field holds (or, with ``known``
    :data:`SUMMON_TRAITS`, that the engine's summons do not perform); empty when all are known."""
    keys = set(TRAITS if known is None else known)
    return [k for a in abilities for k in trait_keys(a) if k not in keys]


def stat_fields(
    abilities: Iterable[cs.CardAbility], variables: dict[str, int], *, where: str = "monster stats"
) -> dict[str, Any]:
    """The ``MonsterStats`` fields a stat line's traits give (only those it has), with formulas
    evaluated for ``variables``; a :class:`ContentError` names a trait the engine has no field
    for."""
    out: dict[str, Any] = {}
    for a in abilities:
        unknown = unknown_traits((a,))
        if unknown:
            raise ContentError(
                f"stat-line trait {unknown[0]!r} has no field in the engine's monster stats",
                where=where,
            )
        key = trait_keys(a)[0]
        field = TRAITS[key]
        if field in ("adds", "card_adds"):
            name = str(a.value)
            kept = out.get(field, ())
            out[field] = kept if name in kept else (*kept, Condition(name) if field == "adds" else name)
        elif field in ("advantage", "attackers_disadvantage"):
            out[field] = True
        else:
            out[field] = formula(a.value, **variables)  # type: ignore[arg-type]
            for s in a.sub:  # only a retaliate's range (unknown_traits refused the rest)
                out[TRAITS[f"{key}.{s.type}"]] = formula(s.value, **variables)  # type: ignore[arg-type]
    return out


def immunity_fields(names: Iterable[str], *, where: str = "monster stats") -> dict[str, Any]:
    """``immunities`` (conditions) and ``immune_cards`` (bless, curse, push, pull) of a monster
    type's immunities; a :class:`ContentError` names one the engine has no field for.

    >>> immunity_fields(["stun", "curse", "pull"])
    {'immunities': (<Condition.STUN: 'stun'>,), 'immune_cards': ('curse', 'pull')}
    """
    names = list(names)
    unknown = [n for n in names if n not in IMMUNITY_FIELDS]
    if unknown:
        raise ContentError(f"immunity {unknown[0]!r} has no field in the engine's monster stats", where=where)
    return {
        "immunities": tuple(Condition(n) for n in names if IMMUNITY_FIELDS[n] == "immunities"),
        "immune_cards": tuple(n for n in names if IMMUNITY_FIELDS[n] == "immune_cards"),
    }


# ------------------------------------------------------------------ in play


def stats_of(game: Game, f: Figure) -> MonsterStats | None:
    """The stat line of a monster figure (normal, elite or boss), ``None`` for anyone else."""
    if f.kind != "monster" or f.rank is None:
        return None
    mtype = game.tables.types.get(f.name)
    return None if mtype is None else mtype.stats(f.rank)


def has_advantage(game: Game, attacker: Figure) -> bool:
    """Every attack of ``attacker`` has advantage by its stat line (the Sun Demon's)."""
    stats = stats_of(game, attacker)
    return stats is not None and stats.advantage


def hinders_attackers(game: Game, target: Figure) -> bool:
    """Every attack targeting ``target`` has disadvantage by its stat line ("attackers gain
    disadvantage": the Night Demon, the elite Black Imp from level 3)."""
    stats = stats_of(game, target)
    return stats is not None and stats.attackers_disadvantage


def card_adds(game: Game, attacker: Figure) -> tuple[str, ...]:
    """The bless/curse cards every attack of ``attacker`` adds by its stat line (the Forest
    Imp's and the Cultist's curse)."""
    stats = stats_of(game, attacker)
    return () if stats is None else stats.card_adds
