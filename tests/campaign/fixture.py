"""A small campaign content for the tests: real item and class numbers (GH1e), fictional cards,
quests, events and scenarios shaped to exercise every rule."""

from __future__ import annotations

from pathlib import Path

import msgspec

from delvekit.gloomhaven.campaign.content import (
    CampaignContent,
    CardAction,
    CardInfo,
    ClassInfo,
    EventInfo,
    EventOption,
    EventRefs,
    ItemInfo,
    Outcome,
    OutcomeCondition,
    PerkInfo,
    QuestInfo,
    Requirement,
    Rewards,
    ScenarioInfo,
)

# (number, name, cost, copies, slot, prosperity): GH1e items 1–35 (GHS items.json).
ITEMS = [
    (1, "Boots of Striding", 20, 2, "legs", 1),
    (2, "Winged Shoes", 20, 2, "legs", 1),
    (3, "Hide Armor", 10, 2, "body", 1),
    (4, "Leather Armor", 20, 2, "body", 1),
    (5, "Cloak of Invisibility", 20, 2, "body", 1),
    (6, "Eagle-Eye Goggles", 30, 2, "head", 1),
    (7, "Iron Helmet", 10, 2, "head", 1),
    (8, "Heater Shield", 20, 2, "one-hand", 1),
    (9, "Piercing Bow", 30, 2, "two-hands", 1),
    (10, "War Hammer", 30, 2, "two-hands", 1),
    (11, "Poison Dagger", 20, 2, "one-hand", 1),
    (12, "Minor Healing Potion", 10, 4, "small", 1),
    (13, "Minor Stamina Potion", 10, 4, "small", 1),
    (14, "Minor Power Potion", 10, 4, "small", 1),
    (15, "Boots of Speed", 30, 2, "legs", 2),
    (16, "Cloak of Pockets", 20, 2, "body", 2),
    (17, "Empowering Talisman", 45, 2, "head", 2),
    (18, "Battle-Axe", 20, 2, "one-hand", 2),
    (19, "Weighted Net", 20, 2, "two-hands", 2),
    (20, "Minor Mana Potion", 10, 4, "small", 2),
    (21, "Stun Powder", 20, 2, "small", 2),
    (22, "Heavy Greaves", 20, 2, "legs", 3),
    (23, "Chainmail", 20, 2, "body", 3),
    (24, "Amulet of Life", 20, 2, "head", 3),
    (25, "Jagged Sword", 30, 2, "one-hand", 3),
    (26, "Long Spear", 30, 2, "two-hands", 3),
    (27, "Major Healing Potion", 30, 4, "small", 3),
    (28, "Moon Earring", 20, 2, "small", 3),
    (29, "Comfortable Shoes", 30, 2, "legs", 4),
    (30, "Studded Leather", 30, 2, "body", 4),
    (31, "Hawk Helm", 20, 2, "head", 4),
    (32, "Tower Shield", 40, 2, "one-hand", 4),
    (33, "Volatile Bomb", 30, 2, "one-hand", 4),
    (34, "Major Stamina Potion", 30, 4, "small", 4),
    (35, "Falcon Figurine", 50, 2, "small", 4),
]
DESIGNS = [(71, "Design A", 40, 2, "head"), (72, "Design B", 25, 1, "small"), (73, "Design C", 60, 2, "body")]

HEALTH_10 = (10, 12, 14, 16, 18, 20, 22, 24, 26)
HEALTH_6 = (6, 7, 8, 9, 10, 11, 12, 13, 14)
HEALTH_8 = (8, 9, 11, 12, 14, 15, 17, 18, 20)

ATTACK = CardAction(stats=("attack",), enemies=True)
MOVE = CardAction(stats=("move",))
MULTI = CardAction(stats=("attack", "target"), multi_target=True, enemies=True)  # "Attack 2, Target 3"
AREA3 = CardAction(stats=("attack",), multi_target=True, hexes=3, enemies=True)
SHIELD = CardAction(stats=("shield",), allies=True)


def _cards(prefix: str) -> tuple[CardInfo, ...]:
    return (
        CardInfo(
            name=f"{prefix} Strike", level=1, top=(ATTACK, CardAction(stats=("range",))), bottom=(MOVE,)
        ),
        CardInfo(name=f"{prefix} Volley", level=1, top=(MULTI,), bottom=(MOVE,)),
        CardInfo(name=f"{prefix} Sweep", level=1, top=(AREA3,), bottom=(SHIELD,)),
        CardInfo(name=f"{prefix} Guard", level=1, top=(SHIELD,), bottom=(MOVE,)),
        CardInfo(name=f"{prefix} Secret", level=None),  # actions not encoded
        CardInfo(name=f"{prefix} Two A", level=2, top=(ATTACK,), bottom=(MOVE,)),
        CardInfo(name=f"{prefix} Two B", level=2, top=(ATTACK,), bottom=(MOVE,)),
        CardInfo(name=f"{prefix} Three A", level=3, top=(AREA3,), bottom=(MOVE,)),
        CardInfo(name=f"{prefix} Three B", level=3, top=(ATTACK,), bottom=(MOVE,)),
        CardInfo(name=f"{prefix} Four A", level=4, top=(ATTACK,), bottom=(MOVE,)),
        CardInfo(name=f"{prefix} Five A", level=5, top=(ATTACK,), bottom=(MOVE,)),
    )


def _class(cid: str, health: tuple[int, ...], perks: list[int], *, retire: int, unlock: int = 0) -> ClassInfo:
    return ClassInfo(
        id=cid,
        health=health,
        perks=tuple(PerkInfo(count=n) for n in perks),
        cards=_cards(cid.capitalize()),
        unlock_events=EventRefs(city=(unlock,), road=(unlock,)) if unlock else EventRefs(),
        retire_events=EventRefs(city=(retire,), road=(retire,)),
    )


CLASSES = (
    _class("brute", HEALTH_10, [1, 1, 2, 1, 2, 1, 2, 1, 2, 1, 1], retire=42),
    _class("spellweaver", HEALTH_6, [1, 2, 2, 1, 1, 1, 1, 2, 2, 1, 1], retire=44),
    _class("tinkerer", HEALTH_8, [2, 1, 1, 1, 1, 1, 2, 2, 2, 1, 1], retire=43),
    _class("scoundrel", HEALTH_8, [2, 1, 1, 1, 2, 2, 1, 2, 1, 1, 1], retire=45),
    _class("cragheart", HEALTH_10, [1, 3, 1, 2, 2, 1, 2, 1, 1, 1], retire=46),
    _class("mindthief", HEALTH_6, [2, 1, 1, 1, 2, 2, 1, 1, 1, 1, 1, 1], retire=47),
    _class("sunkeeper", HEALTH_10, [2, 1, 1, 1, 2, 2, 1, 2, 1, 1, 1], retire=48, unlock=31),
    _class("quartermaster", HEALTH_10, [2, 1, 2, 2, 1, 1, 1, 1, 3, 1], retire=49, unlock=32),
)

QUESTS = (
    QuestInfo(id="q-sun", target=1, unlocks_class="sunkeeper"),
    QuestInfo(id="q-quarter", target=2, unlocks_class="quartermaster"),
    QuestInfo(id="q-envelope", target=1, unlocks_envelope="X"),
    QuestInfo(id="q-sun-2", target=1, unlocks_class="sunkeeper"),
)

EVENTS = (
    EventInfo(
        deck="city",
        number=1,
        options={
            "A": EventOption(outcomes=(Outcome(xp=10, choices=(Outcome(gold=-5), Outcome(reputation=-1))),)),
            "B": EventOption(outcomes=(Outcome(reputation=1),), remove=True),
        },
    ),
    EventInfo(
        deck="city",
        number=2,
        options={
            "A": EventOption(
                outcomes=(
                    Outcome(when=OutcomeCondition(reputation_at_least=5), gold=10),
                    Outcome(when=OutcomeCondition(otherwise=True), reputation=-1),
                )
            ),
            "B": EventOption(outcomes=(Outcome(prosperity=1),)),
        },
    ),
    EventInfo(
        deck="city",
        number=3,
        options={
            "A": EventOption(
                outcomes=(
                    Outcome(when=OutcomeCondition(pay_collective_gold=10), prosperity=1),
                    Outcome(when=OutcomeCondition(otherwise=True), reputation=-2),
                )
            ),
            "B": EventOption(outcomes=(Outcome(collective_gold=15, items=(13,)),)),
        },
    ),
    EventInfo(
        deck="road",
        number=1,
        options={
            "A": EventOption(outcomes=(Outcome(collective_gold=15),)),
            "B": EventOption(outcomes=(Outcome(checkmarks=-1, scenario_effects=("start-poisoned",)),)),
        },
    ),
    EventInfo(
        deck="road",
        number=3,
        options={
            "A": EventOption(outcomes=(Outcome(collective_gold=-20),)),
            "B": EventOption(
                outcomes=(
                    Outcome(
                        when=OutcomeCondition(class_in_party=("brute", "sunkeeper")), xp=5, deck="remove"
                    ),
                    Outcome(when=OutcomeCondition(otherwise=True), xp=-5),
                )
            ),
        },
    ),
    EventInfo(
        deck="road",
        number=2,
        options={
            "A": EventOption(outcomes=(Outcome(unlock_scenarios=(9,)),), remove=True),
            "B": EventOption(outcomes=(Outcome(party_achievements=("a-map",)),)),
        },
    ),
)

SCENARIOS = (
    ScenarioInfo(number=1, unlocks=(2,), links=(2,), rewards=Rewards(party_achievements=("first-steps",))),
    ScenarioInfo(
        number=2,
        unlocks=(3, 4),
        requires_completed=((1,),),
        requirements=(Requirement(party_achievements=("first-steps",)),),
        rewards=Rewards(gold=10, prosperity=1),
    ),
    ScenarioInfo(
        number=3,
        unlocks=(8, 9),
        requirements=(Requirement(global_achievements=("!the-merchant-flees",)),),
        rewards=Rewards(
            reputation=2, xp=5, global_achievements=("the-power-of-enhancement", "city-rule-economic")
        ),
    ),
    ScenarioInfo(
        number=4,
        unlocks=(5,),
        rewards=Rewards(reputation=-1, global_achievements=("city-rule-militaristic",), item_designs=(71,)),
    ),
    ScenarioInfo(number=5, rewards=Rewards(collective_gold=31, envelopes=("X",), items=(12,))),
    ScenarioInfo(number=8, blocks=(9,), rewards=Rewards(global_achievements=("the-merchant-flees",))),
    ScenarioInfo(number=9, blocks=(8,)),
    ScenarioInfo(
        number=10,
        requirements=(Requirement(party_achievements=("a-map",)), Requirement(party_achievements=("b-map",))),
    ),
    ScenarioInfo(number=52),
    ScenarioInfo(number=53),
    ScenarioInfo(number=54),
)


def content() -> CampaignContent:
    return CampaignContent(
        starting_classes=("brute", "spellweaver", "tinkerer", "scoundrel", "cragheart", "mindthief"),
        classes=CLASSES,
        items=tuple(
            ItemInfo(number=n, name=name, cost=cost, count=count, slot=slot, prosperity=p)  # type: ignore[arg-type]
            for n, name, cost, count, slot, p in ITEMS
        )
        + tuple(ItemInfo(number=n, name=name, cost=c, count=k, slot=s) for n, name, c, k, s in DESIGNS),  # type: ignore[arg-type]
        personal_quests=QUESTS,
        events=EVENTS,
        city_deck=(1, 2, 3, 4, 5),
        road_deck=(1, 2, 3, 4, 5),
        scenarios=SCENARIOS,
        start_scenarios=(1,),
        achievement_groups={"city-rule-economic": "city-rule", "city-rule-militaristic": "city-rule"},
        envelope_classes={"sun": ("sunkeeper",)},
        item_design_deck=(71, 72, 73),
        side_scenario_deck=(52, 53, 54),
    )


def write_json(path: Path) -> Path:
    path.write_bytes(msgspec.json.encode(content()))
    return path
