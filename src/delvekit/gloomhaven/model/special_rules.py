"""The content's special rules of a scenario as records: :class:`Rule` and its parts.

A scenario file's ``rules`` (:mod:`delvekit.gloomhaven.content.scenario`, which re-exports these
names) decode into them; a setup carries them in its ``rule`` records
(:class:`~delvekit.gloomhaven.model.scenario_rules.RuleLine`), performed by
:mod:`~delvekit.gloomhaven.scenario.triggers`. Expressions (``when``, counts, stat formulas) stay
their source text; :mod:`delvekit.gloomhaven.content.expr` reads them.

>>> Rule(when="R == 3", spawns=(Spawn("inox-guard", ("normal", "none", "elite")),)).timing
'end'
"""

from __future__ import annotations

from typing import Literal, TypeAlias

import msgspec

PlayerType: TypeAlias = Literal["none", "normal", "elite", "boss"]
"""What stands on a monster hex for one player count."""


class Figures(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    """Which figures a rule affects: ``kind`` is character, monster, objective, summon, all...;
    ``name`` a monster id, objective name or ``*``; ``marker`` narrows to one placement."""

    kind: str
    name: str = "*"
    marker: str = ""


class Spawn(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    monster: str
    types: tuple[PlayerType, PlayerType, PlayerType]
    level_offset: int = 0
    marker: str = ""
    count: str = "1"
    """How many: an expression (GHS writes ``F`` in scenarios 26 and 75 for a count the rules
    text defines)."""


class FigureEffect(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    """An effect on figures: ``add-modifier`` (value ``curse:3``), ``condition``, ``damage``
    (value an expression), ``present``, ``dead``, ``killed``, ``toggle-on``, ``toggle-off``."""

    figures: Figures
    effect: str
    value: str = ""


class ElementChange(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    element: str
    state: Literal["strong", "waning", "inert"]


class StatChange(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    """Stats replaced by expressions in ``X`` while ``while_present`` is on the board (X = that
    figure's value given by the rule)."""

    figures: Figures
    stats: tuple[tuple[str, str], ...]
    while_present: Figures | None = None


class Rule(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    """A special rule checked every round: when ``when`` holds (an expression in R, C, L; empty
    means every round) and every room of ``requires_rooms`` is revealed, its effects apply at
    the ``start`` or ``end`` of the round; ``once`` rules fire a single time."""

    when: str = ""
    timing: Literal["start", "end"] = "end"
    always: bool = False
    once: bool = False
    requires_rooms: tuple[int, ...] = ()
    reveal_rooms: tuple[int, ...] = ()
    spawns: tuple[Spawn, ...] = ()
    figures: tuple[FigureEffect, ...] = ()
    elements: tuple[ElementChange, ...] = ()
    stats: tuple[StatChange, ...] = ()
    finish: Literal["", "won", "lost"] = ""
    disables: tuple[int, ...] = ()
    """Indexes of this scenario's rules that stop applying when this one fires."""
