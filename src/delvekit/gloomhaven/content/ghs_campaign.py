"""GHS campaign data → delvekit records: items, battle goals, personal quests, events,
treasures and achievements (read by :mod:`.ghs_import`'s folder converter; classes and monsters are
:mod:`.ghs_classes`). Narrative text is never carried over."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Final

from delvekit.gloomhaven.content.ghs_actions import CLASS_IDS, ITEM_SLOTS, Converter, kebab, title
from delvekit.gloomhaven.content.schema import (
    Achievement,
    BattleGoal,
    Effect,
    Event,
    EventOption,
    EventOutcome,
    Item,
    PersonalQuest,
    QuestStep,
    Reward,
    Treasure,
)


def items_from_ghs(raw: Sequence[Mapping[str, Any]], *, where: str) -> list[Item]:
    conv = Converter(where)
    out = []
    for index, entry in enumerate(raw):
        path = f"[{index}]"
        slot = ITEM_SLOTS.get(str(entry.get("slot")))
        if slot is None:
            raise conv.fail(f"{path}.slot", f"unknown item slot {entry.get('slot')!r}")
        minus = int(entry.get("minusOne", 0))
        summon = entry.get("summon")
        try:
            out.append(
                Item(
                    number=int(entry["id"]),
                    name=str(entry["name"]),
                    slot=slot,
                    cost=int(entry["cost"]),
                    count=int(entry["count"]),
                    prosperity=int(entry["unlockProsperity"]) if "unlockProsperity" in entry else None,
                    use="spent" if entry.get("spent") else ("consumed" if entry.get("consumed") else None),
                    uses=int(entry.get("slots", 0)),
                    modifiers_added=("-1",) * minus,
                    summon=conv.summon_stats(summon, f"{path}.summon") if isinstance(summon, dict) else None,
                    solo=entry.get("edition") == "solo",
                    source=f"ghs:{where}",
                )
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise conv.fail(path, f"an item needs id, name, cost and count ({exc})") from None
    return out


def battle_goals_from_ghs(raw: Sequence[Mapping[str, Any]]) -> list[BattleGoal]:
    # Numbered 1.. in file order; the card's rule text is not imported (our words only).
    return [
        BattleGoal(number=index + 1, name=str(g["name"]), checks=int(g["checks"]))
        for index, g in enumerate(raw)
    ]


def personal_quests_from_ghs(raw: Sequence[Mapping[str, Any]]) -> list[PersonalQuest]:
    out = []
    for entry in raw:
        steps = tuple(
            QuestStep(
                counter=int(r.get("counter", 1)),
                track=str(r.get("autotrack", "")),
                after=tuple(int(x) for x in r.get("requires", ())),
            )
            for r in entry.get("requirements", ())
        )
        unlock = entry.get("unlockCharacter")
        envelope = entry.get("openEnvelope")
        out.append(
            PersonalQuest(
                number=int(entry["cardId"]),
                steps=steps,
                unlocks_class=CLASS_IDS.get(unlock, unlock) if unlock else None,
                opens_envelope=str(envelope) if envelope else None,
            )
        )
    return out


def _effect(raw: Mapping[str, Any]) -> Effect:
    kind = {"outome": "outcome"}.get(str(raw.get("type")), str(raw.get("type")))
    values: list[int | str | Effect] = []
    for value in raw.get("values", ()):
        if isinstance(value, dict):
            values.append(_effect(value))
        elif isinstance(value, bool):
            values.append(int(value))
        elif isinstance(value, int | str):
            values.append(value)
        else:
            values.append(str(value))
    return Effect(
        type=kebab(kind),
        values=tuple(values),
        condition=_effect(raw["condition"]) if isinstance(raw.get("condition"), dict) else None,
        effect=_effect(raw["effect"]) if isinstance(raw.get("effect"), dict) else None,
    )


def _deck_fate(raw: Mapping[str, Any]) -> Any:
    if raw.get("removeFromDeck"):
        return "remove"
    if raw.get("returnToDeck"):
        return "return"
    return None


def events_from_ghs(raw: Sequence[Mapping[str, Any]]) -> list[Event]:
    """Event cards as options and structured outcomes; every ``narrative`` is dropped."""
    out = []
    for entry in raw:
        kind = str(entry["type"])
        number = int(entry["cardId"])
        options = tuple(
            EventOption(
                label=str(option.get("label", "")),
                deck=_deck_fate(option),
                outcomes=tuple(
                    EventOutcome(
                        condition=_effect(o["condition"]) if isinstance(o.get("condition"), dict) else None,
                        effects=tuple(_effect(e) for e in o.get("effects", ())),
                        deck=_deck_fate(o),
                    )
                    for o in option.get("outcomes", ())
                ),
            )
            for option in entry.get("options", ())
        )
        out.append(Event(id=f"{kind}-{number:02d}", number=number, kind=kind, options=options))  # type: ignore[arg-type]
    return out


def treasures_from_ghs(raw: Sequence[Any]) -> list[Treasure]:
    """``"damage:5|condition:poison+wound"`` → damage 5, poison, wound; ``"item:110+115"`` → two
    items. A GHS ``custom`` treasure keeps only its label key (kind ``other``)."""
    out = []
    for index, entry in enumerate(raw):
        rewards: list[Reward] = []
        for part in str(entry).split("|"):
            kind, _, value = part.partition(":")
            if kind == "custom":
                rewards.append(Reward(kind="other", value=value.strip("%").removeprefix("data.")))
                continue
            for one in value.split("+") if value else [""]:
                parsed: int | str | None = int(one) if one.lstrip("-").isdigit() else (one or None)
                rewards.append(Reward(kind=kebab(kind), value=parsed))
        out.append(Treasure(number=index + 1, rewards=tuple(rewards)))
    return out


#: Display-name spellings GHS uses for some achievements in older files, and a typo.
ACHIEVEMENT_FIXES: Final[Mapping[str, str]] = {"the-demmons-errand": "a-demons-errand"}


def achievement_id(name: str) -> str:
    """``"The Drake's Command"`` → ``"the-drakes-command"``; ``"End of Corruption:3"`` →
    ``"end-of-corruption"`` (the count is how many times it is gained)."""
    ident = kebab(name.lstrip("!").partition(":")[0])
    return ACHIEVEMENT_FIXES.get(ident, ident)


def achievements_from_ghs(
    scenarios: Iterable[Mapping[str, Any]], events: Iterable[Event]
) -> list[Achievement]:
    """Global and party achievements named by the scenarios' rewards and requirements and by
    event outcomes."""
    found: dict[str, str] = {}

    def note(names: Iterable[Any], kind: str) -> None:
        for name in names:
            if isinstance(name, str):
                found.setdefault(achievement_id(name), kind)

    for s in scenarios:
        rewards = s.get("rewards") or {}
        note(rewards.get("globalAchievements", ()), "global")
        note(rewards.get("partyAchievements", ()), "party")
        note(rewards.get("lostPartyAchievements", ()), "party")
        for req in s.get("requirements", ()) or ():
            if isinstance(req, dict):
                note(req.get("global", ()), "global")
                note(req.get("party", ()), "party")

    def walk(effect: Effect) -> None:
        if effect.type in ("global-achievement", "party-achievement"):
            note([v for v in effect.values if isinstance(v, str)], effect.type.partition("-")[0])
        for value in effect.values:
            if isinstance(value, Effect):
                walk(value)

    for event in events:
        for option in event.options:
            for outcome in option.outcomes:
                for effect in outcome.effects:
                    walk(effect)
    return [
        Achievement(
            id=ident,
            name=title(ident),
            kind=kind,  # type: ignore[arg-type]
            group="city-rule"
            if ident.startswith("city-rule-")
            else ("artifact" if ident.startswith("artifact-") else ""),
        )
        for ident, kind in sorted(found.items())
    ]
