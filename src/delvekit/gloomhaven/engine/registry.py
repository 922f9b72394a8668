"""The named-effect registry: each special wording of a card is one named effect.

The content adapter (:mod:`~delvekit.gloomhaven.content.adapter`) turns a card ability the
structured abilities cannot say into a ``custom`` :class:`~delvekit.gloomhaven.model.abilities.Ability`
whose ``note`` is a one-word name (``consume-earth``, ``affects-enemies-range``, ``spawn``,
``special-1`` ...) and whose ``then`` holds its parts as abilities. The engine performs such an
ability by calling the handler registered here under that name; only a name with no handler is
reported ``unresolved`` (and listed by :func:`~delvekit.gloomhaven.content.adapter.unsupported`).

Handlers live in their own modules (monster effects in
:mod:`~delvekit.gloomhaven.effects.monsters`; character effects in theirs), listed in
:data:`HANDLER_MODULES` and imported by :func:`load`. A handler receives the game, the figure
performing the ability and the ability; it changes the game only through the game's effect
methods and agenda tasks, inside a choice. It reports whether it did anything (§3.4: an action
earns its XP and infusion only if one of its abilities was used): ``True``/``False``, or ``None``
to let the engine judge by the events it caused (:mod:`~delvekit.gloomhaven.engine.used`).

Rules that change what the engine itself does (a bonus to every move, a question before each
attack, damage taken over) are not named effects: they are functions registered at the engine's
named, ordered hook points (:mod:`~delvekit.gloomhaven.engine.hooks`) by the wiring table
(:mod:`delvekit.gloomhaven.wiring`, the last of :data:`HANDLER_MODULES`); no module registers
anything at a hook point as it is imported.

>>> @effect("example-noop")
... def _noop(game, figure, ability):
...     pass
>>> "example-noop" in EFFECTS
True
>>> missing(["example-noop", "no-such-effect"])
['no-such-effect']
>>> del EFFECTS["example-noop"]
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, TypeAlias, TypeVar

from delvekit.core.errors import ContentError

if TYPE_CHECKING:
    from delvekit.gloomhaven.engine.game import Game
    from delvekit.gloomhaven.model.abilities import Ability

Handler: TypeAlias = "Callable[[Game, str, Ability], bool | None]"
H = TypeVar("H", bound=Callable[..., bool | None])

EFFECTS: dict[str, Handler] = {}
"""Every named effect the engine can perform, by its note."""

HANDLER_MODULES: tuple[str, ...] = (
    "delvekit.gloomhaven.effects.monsters",
    "delvekit.gloomhaven.effects.placement",
    "delvekit.gloomhaven.effects.boss_specials",
    "delvekit.gloomhaven.effects.bosses",
    "delvekit.gloomhaven.effects.boss_figures",
    "delvekit.gloomhaven.effects.parts",
    "delvekit.gloomhaven.effects.summons",
    "delvekit.gloomhaven.effects.rests",
    "delvekit.gloomhaven.effects.classes.brute",
    "delvekit.gloomhaven.effects.classes.mindthief",
    "delvekit.gloomhaven.effects.strike",
    "delvekit.gloomhaven.effects.picks",
    "delvekit.gloomhaven.effects.consume",
    "delvekit.gloomhaven.effects.allies",
    "delvekit.gloomhaven.effects.active_area",
    "delvekit.gloomhaven.effects.refresh",
    "delvekit.gloomhaven.effects.recovery",
    "delvekit.gloomhaven.effects.ally_picks",
    "delvekit.gloomhaven.effects.turn_end",
    "delvekit.gloomhaven.effects.area",
    "delvekit.gloomhaven.effects.traps",
    "delvekit.gloomhaven.effects.protection",
    "delvekit.gloomhaven.effects.classes.spellweaver_area",
    "delvekit.gloomhaven.effects.classes.spellweaver",
    "delvekit.gloomhaven.effects.classes.cragheart_obstacles",
    "delvekit.gloomhaven.effects.classes.cragheart",
    "delvekit.gloomhaven.effects.classes.scoundrel",
    "delvekit.gloomhaven.effects.classes.doomstalker_dooms",
    "delvekit.gloomhaven.effects.classes.doomstalker",
    "delvekit.gloomhaven.effects.classes.elementalist",
    "delvekit.gloomhaven.effects.classes.plagueherald_poison",
    "delvekit.gloomhaven.effects.classes.plagueherald",
    "delvekit.gloomhaven.effects.classes.nightshroud",
    "delvekit.gloomhaven.effects.classes.soothsinger",
    "delvekit.gloomhaven.effects.classes.summoner",
    "delvekit.gloomhaven.effects.classes.elementalist_summons",
    "delvekit.gloomhaven.effects.classes.soothsinger_control",
    "delvekit.gloomhaven.effects.classes.summoner_steed",
    "delvekit.gloomhaven.effects.classes.quartermaster",
    "delvekit.gloomhaven.effects.classes.berserker",
    "delvekit.gloomhaven.effects.classes.berserker_hooks",
    "delvekit.gloomhaven.effects.classes.sawbones",
    "delvekit.gloomhaven.effects.classes.beast_tyrant",
    "delvekit.gloomhaven.effects.classes.beast_tyrant_more",
    "delvekit.gloomhaven.scenario.rules",
    "delvekit.gloomhaven.scenario.triggers",
    "delvekit.gloomhaven.scenario.goals",
    "delvekit.gloomhaven.wiring",
)
"""Modules that register handlers on import (add yours here); the last one, the wiring module,
registers functions at the engine's hook points (:mod:`~delvekit.gloomhaven.engine.hooks`)."""

RIDERS: set[str] = set()
"""Named effects printed under a monster attack that act per target (filled by the wiring)."""

_loaded = False


def effect(*names: str) -> Callable[[H], H]:
    """Register the decorated function as the handler of each of ``names``; a name registered
    twice by different handlers is a programming error (:class:`ContentError`)."""
    if not names:
        raise ContentError("an effect needs at least one name")

    def register(fn: H) -> H:
        for name in names:
            if not name or any(ch.isspace() for ch in name):
                raise ContentError(f"effect name {name!r} must be one word")
            known = EFFECTS.get(name)
            if known is not None and known is not fn:
                raise ContentError(f"effect {name!r} is registered twice")
            EFFECTS[name] = fn
        return fn

    return register


def load() -> dict[str, Handler]:
    """Import every handler module (once) and return the registry."""
    global _loaded
    if not _loaded:
        _loaded = True
        for module in HANDLER_MODULES:
            importlib.import_module(module)
    return EFFECTS


def handler(note: str) -> Handler | None:
    """The handler registered for ``note``, if any."""
    return load().get(note)


def missing(notes: Iterable[str]) -> list[str]:
    """The notes among ``notes`` that no handler performs (in order, without repeats)."""
    effects = load()
    return [n for n in dict.fromkeys(notes) if n not in effects]
