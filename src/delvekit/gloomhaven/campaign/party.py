"""What a scenario needs from the campaign: each character's level, health, equipped items, perks,
card pool with the class's enhancements, and donated blessings (for ``delve play --campaign``).

The scenario engine builds its party from these records and, when the scenario ends, hands a
:class:`~delvekit.gloomhaven.campaign.actions.CompleteScenario` back to
:func:`~delvekit.gloomhaven.campaign.rules.apply_scenario_result`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Protocol

import msgspec

from delvekit.core.errors import IllegalChoice, InputError
from delvekit.gloomhaven.campaign.actions import CharacterResult, CompleteScenario
from delvekit.gloomhaven.campaign.content import Catalog
from delvekit.gloomhaven.campaign.queries import card_pool, must_level_up, quest_fulfilled, scenario_blocker
from delvekit.gloomhaven.campaign.state import CampaignState, Enhancement


class CharacterLoadout(msgspec.Struct, frozen=True, kw_only=True):
    name: str
    cls: str = msgspec.field(name="class")
    level: int
    max_health: int
    items: tuple[int, ...]
    """Equipped items (what the character takes into the scenario)."""
    perks: tuple[int, ...]
    """Perk line indices taken, with repeats (the class's perk list says what each one does)."""
    cards: tuple[str, ...]
    """The card pool the hand is chosen from."""
    enhancements: tuple[Enhancement, ...]
    blessings: int


def scenario_party(
    catalog: Catalog, state: CampaignState, scenario: int, names: Iterable[str] | None = None
) -> tuple[CharacterLoadout, ...]:
    """The loadouts of the named characters (default: every active one) for ``scenario``.

    Refused with the reason when the scenario is not playable in campaign mode, a character is
    unknown or retired, must level up first, or has fulfilled a personal quest (§16.3, §16.8).
    """
    why = scenario_blocker(catalog, state, scenario)
    if why:
        raise IllegalChoice(why)
    chosen = list(names) if names is not None else [n for n, c in state.characters.items() if not c.retired]
    if not chosen:
        raise IllegalChoice("no character to play")
    out = []
    for name in chosen:
        ch = state.characters.get(name)
        if ch is None:
            raise InputError(f"unknown character {name!r}", where="character")
        if ch.retired:
            raise IllegalChoice(f"{name} has retired")
        if must_level_up(ch):
            raise IllegalChoice(f"{name} must level up first")
        if quest_fulfilled(catalog, ch):
            raise IllegalChoice(f"{name} has fulfilled a personal quest and must retire")
        pool = card_pool(catalog, ch)
        stickers = tuple(e for e in state.enhancements.get(ch.cls, []) if e.card in pool)
        out.append(
            CharacterLoadout(
                name=name,
                cls=ch.cls,
                level=ch.level,
                max_health=catalog.classes[ch.cls].health[ch.level - 1],
                items=tuple(ch.equipped),
                perks=tuple(ch.perks),
                cards=tuple(pool),
                enhancements=stickers,
                blessings=ch.blessings,
            )
        )
    return tuple(out)


class _EngineCharacter(Protocol):
    @property
    def id(self) -> str: ...
    @property
    def xp(self) -> int: ...
    @property
    def gold(self) -> int: ...
    @property
    def bonus_xp(self) -> int: ...


class _EngineResult(Protocol):
    @property
    def scenario(self) -> str: ...
    @property
    def result(self) -> str: ...
    @property
    def characters(self) -> Sequence[_EngineCharacter]: ...


def result_from_engine(
    result: _EngineResult,
    *,
    checkmarks: Mapping[str, int] | None = None,
    names: Mapping[str, str] | None = None,
    casual: bool = False,
) -> CompleteScenario:
    """The campaign action for the engine's end-of-scenario record (``engine_level.ScenarioResult``).

    XP is what the character earned in play plus the success bonus; gold is its converted coins.
    Battle-goal checkmarks: those the engine judged (``battle_goal_met``), unless given at the
    table (``checkmarks``: character → checks earned, for goals the engine does not judge).
    Numbered treasures looted and their items go with the character.
    ``names`` maps the engine's character ids to campaign names (default: the same).
    """
    try:
        scenario = int(result.scenario)
    except ValueError:
        raise InputError(
            f"scenario {result.scenario!r} is not a campaign scenario number", where="result"
        ) from None
    names = names or {}
    checkmarks = checkmarks or {}
    success = result.result == "victory"
    chars = {
        names.get(c.id, c.id): CharacterResult(
            xp=c.xp + (c.bonus_xp if success else 0),
            gold=c.gold,
            checkmarks=checkmarks.get(names.get(c.id, c.id), getattr(c, "checkmarks", 0)) if success else 0,
            items=tuple(getattr(c, "items", ())),
            treasures=tuple(getattr(c, "treasures", ())),
        )
        for c in result.characters
    }
    return CompleteScenario(scenario=scenario, success=success, characters=chars, casual=casual)
