"""Build the campaign's :class:`CampaignContent` from the full content pack (issue 3).

The pack's records are read by field name only (duck-typed), so this module is the one seam
between the two schemas. Event effects the campaign cannot resolve by itself (scenario damage,
discards, item consumption...) are kept as ``scenario_effects`` for the players and the
scenario engine. An event whose option has a price the schema cannot state exactly (a payment
that depends on reputation, paying with an item) is left out: its card still moves through the
deck, and the party applies its effects with the other actions.
"""

from __future__ import annotations

from typing import Any, Final

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
    Slot,
)

STARTING_CLASSES: Final = ("brute", "tinkerer", "spellweaver", "scoundrel", "cragheart", "mindthief")
"""The six classes open at the start of a GH campaign (Italian seed, first setup)."""

INITIAL_EVENTS: Final = tuple(range(1, 31))
"""City and road decks start with cards 1–30."""

ENVELOPE_CLASSES: Final = {"sun": ("sunkeeper",)}

CLASS_EVENTS: Final[dict[str, tuple[int | None, int]]] = {
    "brute": (None, 42),
    "tinkerer": (None, 43),
    "spellweaver": (None, 44),
    "scoundrel": (None, 45),
    "cragheart": (None, 46),
    "mindthief": (None, 47),
    "sunkeeper": (31, 48),
    "quartermaster": (32, 49),
    "summoner": (33, 50),
    "nightshroud": (34, 51),
    "plagueherald": (35, 52),
    "berserker": (36, 53),
    "soothsinger": (37, 54),
    "doomstalker": (38, 55),
    "sawbones": (39, 56),
    "elementalist": (40, 57),
    "beast-tyrant": (41, 58),
}
"""City and road event numbers on the back of each class mat: (first unlock, first retirement); the
same number in both decks. The content pack does not carry them yet; these come from the class
files of Gloomhaven Secretariat (``unlockEvent`` / ``retireEvent``)."""

# GHS names locked classes by their icon (data MANIFEST); events use those names.
CLASS_ICONS: Final = {
    "sun": "sunkeeper",
    "three-spears": "quartermaster",
    "circles": "summoner",
    "eclipse": "nightshroud",
    "squidface": "plagueherald",
    "lightning": "berserker",
    "music-note": "soothsinger",
    "angry-face": "doomstalker",
    "saw": "sawbones",
    "triangles": "elementalist",
    "two-mini": "beast-tyrant",
}

_SLOTS: Final[dict[str, Slot]] = {
    "head": "head",
    "body": "body",
    "legs": "legs",
    "one-hand": "one-hand",
    "one_hand": "one-hand",
    "onehand": "one-hand",
    "two-hands": "two-hands",
    "two_hands": "two-hands",
    "twohand": "two-hands",
    "small": "small",
}

_STATS: Final = frozenset(
    {"attack", "move", "range", "target", "shield", "retaliate", "pierce", "heal", "push", "pull"}
)
_SCENARIO_EFFECTS: Final = frozenset(
    {
        "scenario-condition",
        "scenario-damage",
        "scenario-single-minus1",
        "discard",
        "discard-one",
        "consume-item",
        "consume-collective-item",
        "outcome",
    }
)


class _Unsupported(Exception):
    pass


def from_pack(pack: Any) -> CampaignContent:
    """The campaign view of a loaded :class:`~delvekit.gloomhaven.content.ContentPack`."""
    classes = tuple(_class(c) for c in pack.classes.values())
    items = tuple(
        ItemInfo(
            number=i.number,
            name=i.name,
            cost=i.cost,
            count=i.count,
            slot=_SLOTS.get(i.slot, "small"),
            prosperity=i.prosperity,
        )
        for i in pack.items.values()
    )
    quests = tuple(
        QuestInfo(
            id=str(q.number),
            target=max(1, sum(step.counter for step in q.steps)),
            unlocks_class=CLASS_ICONS.get(q.unlocks_class, q.unlocks_class) if q.unlocks_class else None,
            unlocks_envelope=q.opens_envelope,
        )
        for q in pack.personal_quests.values()
    )
    events: list[EventInfo] = []
    for e in pack.events.values():
        try:
            events.append(_event(e))
        except _Unsupported:
            continue
    groups = {a.id: a.group for a in pack.achievements.values() if getattr(a, "group", "")}
    scenarios = tuple(_scenario(s) for s in pack.scenarios.values())
    return CampaignContent(
        edition="gloomhaven",
        starting_classes=tuple(c for c in STARTING_CLASSES if any(k.id == c for k in classes)),
        classes=classes,
        items=items,
        personal_quests=quests,
        events=tuple(events),
        city_deck=INITIAL_EVENTS,
        road_deck=INITIAL_EVENTS,
        scenarios=scenarios,
        start_scenarios=(1,),
        achievement_groups=groups,
        envelope_classes=dict(ENVELOPE_CLASSES),
        achievements=tuple(sorted(pack.achievements)),
    )


def _class(c: Any) -> ClassInfo:
    unlock, retire = CLASS_EVENTS.get(c.id, (None, None))
    return ClassInfo(
        id=c.id,
        health=tuple(c.health),
        unlock_events=EventRefs(city=(unlock,), road=(unlock,)) if unlock else EventRefs(),
        retire_events=EventRefs(city=(retire,), road=(retire,)) if retire else EventRefs(),
        perks=tuple(PerkInfo(count=p.count) for p in c.perks),
        cards=tuple(_card(card) for card in c.cards if card.level != "M"),  # medical packs: not in the pool
    )


def _card(card: Any) -> CardInfo:
    level = None if card.level in ("X", "x") else int(card.level)
    encoded = getattr(card, "encoded", True)
    return CardInfo(
        name=card.name,
        level=level,
        top=_half(card.top) if encoded else None,
        bottom=_half(card.bottom) if encoded else None,
    )


def _half(half: Any) -> tuple[CardAction, ...]:
    return tuple(_line(a) for a in half.abilities)


def _line(ability: Any) -> CardAction:
    subs = list(getattr(ability, "sub", ()))
    kinds = {ability.type, *(s.type for s in subs)}
    stats = {k for k in kinds if k in _STATS}
    if ability.type == "summon":
        stats |= {"summon_hp", "summon_move", "summon_attack", "summon_range"}
    hexes = 0
    multi = False
    for s in subs:
        if s.type == "area":
            hexes = sum(1 for h in s.area if h.kind == "target")
            multi = multi or hexes > 1
        elif _several(s):
            multi = True
    enemies = ability.type in ("attack", "push", "pull") or (
        ability.type == "condition" and not _positive(ability)
    )
    allies = ability.type in ("heal", "shield", "retaliate") or (
        ability.type == "condition" and _positive(ability)
    )
    return CardAction(
        stats=tuple(sorted(stats)), multi_target=multi, hexes=hexes, enemies=enemies, allies=allies
    )


def _several(sub: Any) -> bool:
    """A "Target N" (N > 1) or an "affects" that names a group ("enemies-adjacent"...)."""
    if sub.type == "target":
        return isinstance(sub.value, int) and sub.value > 1
    if sub.type != "affects" or not isinstance(sub.value, str):
        return False
    # "enemies-adjacent", "allies-in-range", "all-...": several figures; "enemy-adjacent": one.
    return sub.value.startswith(("enemies", "allies", "all"))


def _positive(ability: Any) -> bool:
    return str(getattr(ability, "value", "")) in ("bless", "strengthen", "invisible", "regenerate")


def _event(e: Any) -> EventInfo:
    options: dict[str, EventOption] = {}
    for opt in e.options:
        outcomes = tuple(o for oc in opt.outcomes for o in _outcomes(oc))
        options[opt.label.upper()] = EventOption(outcomes=outcomes, remove=opt.deck == "remove")
    return EventInfo(deck=e.kind, number=e.number, options=options)


def _outcomes(oc: Any) -> list[Outcome]:
    """One pack outcome as the campaign's outcomes: the main one, then conditional extras."""
    when = _condition(oc.condition) if oc.condition is not None else OutcomeCondition()
    fields: dict[str, Any] = {}
    extras: list[Outcome] = []
    for effect in oc.effects:
        if effect.condition is not None:  # "additional" effects with their own condition
            extra: dict[str, Any] = {}
            _effect(effect, extra)
            extras.append(Outcome(when=_condition(effect.condition), **extra))
        else:
            _effect(effect, fields)
    deck = getattr(oc, "deck", None)
    return [Outcome(when=when, deck=deck, **fields), *extras]


def _add(fields: dict[str, Any], key: str, value: Any) -> None:
    if isinstance(value, tuple):
        fields[key] = (*fields.get(key, ()), *value)
    else:
        fields[key] = fields.get(key, 0) + value


def _effect(effect: Any, fields: dict[str, Any]) -> None:
    t = effect.type.replace("-additional", "")
    v = list(effect.values)
    n = v[0] if v and isinstance(v[0], int) else 0
    if t == "no-effect":
        return
    simple = {
        "experience": ("xp", n),
        "gold": ("gold", n),
        "lose-gold": ("gold", -n),
        "reputation": ("reputation", n),
        "lose-reputation": ("reputation", -n),
        "prosperity": ("prosperity", n),
        "lose-prosperity": ("prosperity", -n),
        "collective-gold": ("collective_gold", n),
        "lose-collective-gold": ("collective_gold", -n),
        "battle-goal": ("checkmarks", n),
        "lose-battle-goal": ("checkmarks", -n),
        "random-item-design": ("random_item_designs", 1),
    }
    if t in simple:
        key, value = simple[t]
        _add(fields, key, value)
    elif t == "unlock-scenario":
        _add(fields, "unlock_scenarios", tuple(int(x) for x in v))
    elif t == "party-achievement":
        _add(fields, "party_achievements", tuple(str(x) for x in v))
    elif t == "global-achievement":
        _add(fields, "global_achievements", tuple(str(x) for x in v))
    elif t == "item-design":
        _add(fields, "item_designs", tuple(int(x) for x in v))
    elif t == "item-collective":
        _add(fields, "items", (int(v[0]),))
    elif t == "event":
        deck, number = str(v[0]), int(v[1])
        refs = fields.get("add_events", EventRefs())
        fields["add_events"] = EventRefs(
            city=(*refs.city, number) if deck == "city" else refs.city,
            road=(*refs.road, number) if deck == "road" else refs.road,
        )
    elif t == "choose":
        choices = []
        for sub in v:
            sub_fields: dict[str, Any] = {}
            _effect(sub, sub_fields)
            choices.append(Outcome(**sub_fields))
        fields["choices"] = tuple(choices)
    elif t in _SCENARIO_EFFECTS:
        _add(fields, "scenario_effects", (":".join([t, *(str(x) for x in v)]),))
    else:
        raise _Unsupported(t)


def _condition(cond: Any) -> OutcomeCondition:
    t = cond.type
    v = list(cond.values)
    if t == "otherwise":
        return OutcomeCondition(otherwise=True)
    if t == "character":
        return OutcomeCondition(class_in_party=tuple(CLASS_ICONS.get(str(x), str(x)) for x in v))
    if t in ("pay-collective-gold", "lose-collective-gold", "pay-gold"):
        return OutcomeCondition(pay_collective_gold=int(v[0]))
    if t == "reputation-gt":
        return OutcomeCondition(reputation_at_least=int(v[0]) + 1)
    if t == "reputation-lt":
        return OutcomeCondition(reputation_at_most=int(v[0]) - 1)
    raise _Unsupported(t)


def _scenario(s: Any) -> ScenarioInfo:
    r = s.rewards
    city = tuple(int(e.split(":")[1]) for e in r.events if e.startswith("city:"))
    road = tuple(int(e.split(":")[1]) for e in r.events if e.startswith("road:"))
    return ScenarioInfo(
        number=s.number,
        name=s.name,
        unlocks=tuple(s.unlocks),
        requirements=tuple(
            Requirement(
                global_achievements=tuple(_slug(a) for a in q.global_achievements),
                party_achievements=tuple(_slug(a) for a in q.party_achievements),
            )
            for q in s.requirements
        ),
        requires_completed=tuple(tuple(g) for g in s.requires),
        blocks=tuple(s.blocks),
        links=tuple(s.links),
        rewards=Rewards(
            gold=r.gold,
            checkmarks=r.battle_goals,
            collective_gold=r.collective_gold,
            xp=r.experience,
            reputation=r.reputation,
            prosperity=r.prosperity,
            global_achievements=tuple(_slug(a) for a in r.global_achievements),
            party_achievements=tuple(_slug(a) for a in r.party_achievements),
            lose_party_achievements=tuple(_slug(a) for a in r.lost_party_achievements),
            items=tuple(r.items),
            item_designs=tuple(r.item_designs),
            envelopes=tuple(r.envelopes),
            classes=tuple(CLASS_ICONS.get(c, c) for c in r.unlock_classes),
            add_events=EventRefs(city=city, road=road),
        ),
    )


def _slug(name: str) -> str:
    """Achievement ids: some sources give display names ("The Drake's Command")."""
    neg = name.startswith("!")
    body = name[1:] if neg else name
    slug = "-".join(body.lower().replace("'", "").replace("’", "").split())
    return ("!" if neg else "") + slug
