"""Campaign actions: small immutable records, tagged by their ``"action"`` name in JSON.

This is the log format users keep, so names and fields are a stable contract (issue 6).

>>> a = decode_action('{"action": "buy", "character": "Ana", "item": 3}')
>>> a
Buy(character='Ana', item=3)
>>> encode_action(a)
'{"action":"buy","character":"Ana","item":3}'

``enhance`` names the line of the half it enhances ``action_index`` in JSON, because ``action``
already names the action; ``line``, ``index`` and (on the command line) ``action=N`` are read too.
"""

from __future__ import annotations

from typing import Any, Literal, TypeAlias

import msgspec

from delvekit.core import jsonio
from delvekit.core.errors import InputError
from delvekit.gloomhaven.campaign.limits import check_action


class _Action(
    msgspec.Struct,
    frozen=True,
    kw_only=True,
    forbid_unknown_fields=True,
    omit_defaults=True,
    tag_field="action",
):
    """Configuration (tag field, strict fields, compact encoding) is inherited by every action."""


class NewParty(_Action, frozen=True, kw_only=True, tag="new_party"):
    name: str


class CreateCharacter(_Action, frozen=True, kw_only=True, tag="create_character"):
    name: str
    cls: str = msgspec.field(name="class")
    level: int = 1
    player: str | None = None
    """Lineage for retirement perks; defaults to the character's own name."""
    quest: int = 0
    """Which of the two personal quests dealt to keep (0 or 1); the other is shuffled back."""
    cards: tuple[str, ...] = ()
    """Cards gained at each level above 1, in level order (may be chosen later with choose_card)."""
    perks: tuple[int, ...] = ()
    """Perks taken at once (may be taken later with add_perk)."""


class Buy(_Action, frozen=True, kw_only=True, tag="buy"):
    character: str
    item: int


class Sell(_Action, frozen=True, kw_only=True, tag="sell"):
    character: str
    item: int


class Equip(_Action, frozen=True, kw_only=True, tag="equip"):
    character: str
    items: tuple[int, ...]


class Donate(_Action, frozen=True, kw_only=True, tag="donate"):
    character: str


class EventAction(_Action, frozen=True, kw_only=True):
    """The fields city and road events share."""

    card: int
    option: str
    choice: int | None = None
    """Which of an outcome's alternatives the party picks (0-based)."""
    split: dict[str, int] | None = None
    """Collective gold gained or paid, per character."""
    character: str | None = None
    """Who takes an item the event gives."""
    pay: bool = False
    """The party pays an outcome's collective gold price (``split`` says who pays what)."""


class CityEvent(EventAction, frozen=True, kw_only=True, tag="city_event"):
    pass


class RoadEvent(EventAction, frozen=True, kw_only=True, tag="road_event"):
    pass


class LevelUp(_Action, frozen=True, kw_only=True, tag="level_up"):
    character: str
    card: str
    perk: int


class ChooseCard(_Action, frozen=True, kw_only=True, tag="choose_card"):
    character: str
    card: str


class AddCheckmarks(_Action, frozen=True, kw_only=True, tag="add_checkmarks"):
    character: str
    count: int


class AddPerk(_Action, frozen=True, kw_only=True, tag="add_perk"):
    character: str
    perk: int


class QuestProgress(_Action, frozen=True, kw_only=True, tag="quest_progress"):
    character: str
    amount: int = 1


class FulfillQuest(_Action, frozen=True, kw_only=True, tag="fulfill_quest"):
    """The players record that the character's personal quest is fulfilled (a condition the
    campaign does not track); the character must then retire (§16.8). Undone like any action."""

    character: str


class Retire(_Action, frozen=True, kw_only=True, tag="retire"):
    """The character's personal quest is fulfilled: it retires (§16.8)."""

    character: str


class Enhance(_Action, frozen=True, kw_only=True, tag="enhance"):
    character: str
    card: str
    half: Literal["top", "bottom"]
    action_index: int = 0
    sticker: str
    multi_target: bool | None = None
    """Only for cards whose lines the content does not encode."""
    hexes: int | None = None


class ChooseScenario(_Action, frozen=True, kw_only=True, tag="choose_scenario"):
    scenario: int
    direct: bool = False
    """Straight from the last scenario without returning to Gloomhaven (no town visit)."""


class UnlockScenario(_Action, frozen=True, kw_only=True, tag="unlock_scenario"):
    scenario: int


class CharacterResult(
    msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True, omit_defaults=True
):
    xp: int = 0
    gold: int = 0
    checkmarks: int = 0
    quest: int = 0
    """Personal-quest progress made in the scenario."""
    items: tuple[int, ...] = ()
    """Items looted from numbered treasures."""
    treasures: tuple[int, ...] = ()
    """Numbered treasures looted (crossed off: each once per campaign, §14)."""


class CompleteScenario(_Action, frozen=True, kw_only=True, tag="complete_scenario"):
    scenario: int
    success: bool
    characters: dict[str, CharacterResult] = {}
    casual: bool = False
    """A replay without campaign effects (XP, gold, checkmarks and quest progress still count)."""
    split: dict[str, int] | None = None
    """How the scenario's collective gold reward is shared (default: evenly, remainder to the first)."""


class ChangeReputation(_Action, frozen=True, kw_only=True, tag="change_reputation"):
    amount: int


class AddProsperity(_Action, frozen=True, kw_only=True, tag="add_prosperity"):
    amount: int


class GainAchievement(_Action, frozen=True, kw_only=True, tag="gain_achievement"):
    achievement: str
    kind: Literal["global", "party"] = "global"
    lose: bool = False


Action: TypeAlias = (
    NewParty
    | CreateCharacter
    | Buy
    | Sell
    | Equip
    | Donate
    | CityEvent
    | RoadEvent
    | LevelUp
    | ChooseCard
    | AddCheckmarks
    | AddPerk
    | QuestProgress
    | FulfillQuest
    | Retire
    | Enhance
    | ChooseScenario
    | UnlockScenario
    | CompleteScenario
    | ChangeReputation
    | AddProsperity
    | GainAchievement
)

ACTION_TYPES: dict[str, type[_Action]] = {
    t.__struct_config__.tag: t  # type: ignore[misc]
    for t in (
        NewParty,
        CreateCharacter,
        Buy,
        Sell,
        Equip,
        Donate,
        CityEvent,
        RoadEvent,
        LevelUp,
        ChooseCard,
        AddCheckmarks,
        AddPerk,
        QuestProgress,
        FulfillQuest,
        Retire,
        Enhance,
        ChooseScenario,
        UnlockScenario,
        CompleteScenario,
        ChangeReputation,
        AddProsperity,
        GainAchievement,
    )
}

_ENHANCE_INDEX_ALIASES = ("line", "index")


def action_from_object(obj: Any, *, where: str = "action", strict: bool = True) -> Action:
    """Build an action from a decoded JSON object; errors name ``where`` and the field.

    ``strict=False`` accepts strings for numbers and booleans (command-line ``key=value``).
    """
    if not isinstance(obj, dict):
        raise InputError('an action must be a JSON object with an "action" field', where=where)
    name = obj.get("action")
    if not isinstance(name, str):
        raise InputError('missing "action" field (the action name)', where=where)
    if name not in ACTION_TYPES:
        known = ", ".join(sorted(ACTION_TYPES))
        raise InputError(f"unknown action {name!r}; known: {known}", where=where)
    if name == "enhance":
        obj = dict(obj)
        for alias in _ENHANCE_INDEX_ALIASES:
            if alias in obj:
                obj["action_index"] = obj.pop(alias)
    try:
        action: Action = msgspec.convert(obj, type=Action, strict=strict)
    except msgspec.ValidationError as exc:
        raise InputError(f"{name}: {jsonio.plain_validation(exc)}", where=where) from None
    except RecursionError:
        raise InputError(f"{name}: nested too deeply", where=where) from None
    check_action(action, where)
    return action


def decode_action(raw: bytes | str, *, where: str = "action") -> Action:
    """Decode one JSON action; a malformed document raises one :class:`InputError`."""
    obj = jsonio.loads(raw, where=where)
    return action_from_object(obj, where=where)


def encode_action(action: Action) -> str:
    """The canonical one-line JSON form of an action."""
    return msgspec.json.encode(action).decode()
