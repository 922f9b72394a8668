"""Random campaigns (hypothesis): whatever the actions, a refused one changes nothing, the
invariants of §16 hold after every accepted one, and replaying the accepted log is exact."""

from __future__ import annotations

import contextlib
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from delvekit.core.errors import DelvekitError
from delvekit.gloomhaven.campaign import Campaign, Catalog, action_from_object, encode_state
from delvekit.gloomhaven.campaign import tables as T
from delvekit.gloomhaven.campaign.queries import copies_available, perks_allowed, quest_fulfilled
from delvekit.gloomhaven.campaign.variant import get

from .fixture import content

CATALOG = Catalog(content())
NAMES = st.sampled_from(["Ana", "Ana", "Bo", "Bo", "Cy", "Zed"])
CLASSES = st.sampled_from(["brute", "tinkerer", "scoundrel", "sunkeeper"])
CARDS = st.sampled_from(
    [
        f"{p} {c}"
        for p in ("Brute", "Tinkerer", "Scoundrel")
        for c in ("Strike", "Volley", "Sweep", "Two A", "Three A")
    ]
)
ITEMS = st.integers(1, 22) | st.just(71) | st.just(999)
SMALL = st.integers(-3, 12)
STICKERS = st.sampled_from(["attack", "move", "target", "poison", "attack_hex", "jump", "bless", "element"])

ACTIONS = st.one_of(
    st.fixed_dictionaries(
        {"action": st.just("create_character"), "name": NAMES, "class": CLASSES, "level": st.integers(1, 3)}
    ),
    st.fixed_dictionaries({"action": st.sampled_from(["buy", "sell"]), "character": NAMES, "item": ITEMS}),
    st.fixed_dictionaries({"action": st.just("donate"), "character": NAMES}),
    st.fixed_dictionaries(
        {
            "action": st.sampled_from(["city_event", "road_event"]),
            "card": st.integers(1, 5),
            "option": st.sampled_from(["A", "B"]),
            "choice": st.integers(0, 1),
            "split": st.just({"Ana": 15}),
        }
    ),
    st.fixed_dictionaries(
        {"action": st.just("level_up"), "character": NAMES, "card": CARDS, "perk": st.integers(0, 3)}
    ),
    st.fixed_dictionaries({"action": st.just("add_checkmarks"), "character": NAMES, "count": SMALL}),
    st.fixed_dictionaries({"action": st.just("add_perk"), "character": NAMES, "perk": st.integers(0, 12)}),
    st.fixed_dictionaries({"action": st.just("quest_progress"), "character": NAMES, "amount": SMALL}),
    st.fixed_dictionaries({"action": st.just("fulfill_quest"), "character": NAMES}),
    st.fixed_dictionaries({"action": st.just("retire"), "character": NAMES}),
    st.fixed_dictionaries(
        {
            "action": st.just("enhance"),
            "character": NAMES,
            "card": CARDS,
            "half": st.sampled_from(["top", "bottom"]),
            "action_index": st.integers(0, 1),
            "sticker": STICKERS,
        }
    ),
    st.fixed_dictionaries(
        {
            "action": st.sampled_from(["unlock_scenario", "choose_scenario"]),
            "scenario": st.sampled_from([1, 2, 3, 4, 5, 8, 9, 10, 77]),
        }
    ),
    st.fixed_dictionaries(
        {
            "action": st.just("complete_scenario"),
            "scenario": st.sampled_from([1, 2, 3, 4, 5, 8]),
            "success": st.booleans(),
            "characters": st.dictionaries(
                NAMES,
                st.fixed_dictionaries(
                    {"xp": st.integers(0, 60), "gold": st.integers(0, 200), "checkmarks": st.integers(0, 2)}
                ),
                min_size=1,
                max_size=2,
            ),
        }
    ),
    st.fixed_dictionaries(
        {"action": st.sampled_from(["change_reputation", "add_prosperity"]), "amount": st.integers(-12, 12)}
    ),
    st.fixed_dictionaries(
        {
            "action": st.just("gain_achievement"),
            "achievement": st.sampled_from(["the-power-of-enhancement", "ancient-technology"]),
        }
    ),
)


PRELUDE: list[dict[str, Any]] = [
    {"action": "new_party", "name": "P"},
    {"action": "create_character", "name": "Ana", "class": "brute"},
    {"action": "create_character", "name": "Bo", "class": "tinkerer"},
    {"action": "gain_achievement", "achievement": "the-power-of-enhancement"},
    {
        "action": "complete_scenario",
        "scenario": 1,
        "success": False,
        "characters": {"Ana": {"gold": 300, "xp": 50}, "Bo": {"gold": 200, "xp": 100}},
    },
]


def _invariants(c: Campaign) -> None:
    s = c.state
    assert s.party is not None and T.REPUTATION_MIN <= s.party.reputation <= T.REPUTATION_MAX
    assert 0 <= s.prosperity_checkmarks <= T.PROSPERITY_THRESHOLDS[-1]
    for number in CATALOG.items:
        assert copies_available(CATALOG, s, number) >= 0
        owners = sum(1 for ch in s.characters.values() if not ch.retired and number in ch.items)
        assert owners <= CATALOG.items[number].count
    active_classes = [ch.cls for ch in s.characters.values() if not ch.retired]
    assert len(active_classes) == len(set(active_classes))
    for ch in s.characters.values():
        assert ch.gold >= 0 and 0 <= ch.checkmarks <= T.MAX_CHECKMARKS
        assert 1 <= ch.level <= 9 and ch.xp >= T.xp_threshold(ch.level)
        assert len(set(ch.items)) == len(ch.items) and set(ch.equipped) <= set(ch.items)
        assert len(ch.perks) <= perks_allowed(s, ch, get(s.edition))
        assert len(ch.cards) <= ch.level - 1
        assert ch.checkmarks >= T.CHECKMARKS_PER_PERK * ch.checkmark_perks  # never below a perk threshold
        if ch.retired:
            assert ch.items == [] and ch.gold == 0
            assert quest_fulfilled(CATALOG, ch)  # retired only with a fulfilled quest (§16.8)
    for cls, stickers in s.enhancements.items():
        assert len({e.card for e in stickers}) <= 9, cls


@given(seed=st.integers(0, 2**31), actions=st.lists(ACTIONS, min_size=10, max_size=60))
def test_random_campaigns_keep_the_rules(seed: int, actions: list[dict[str, Any]]) -> None:
    c = Campaign.new(CATALOG, seed=seed)
    for obj in PRELUDE:
        c.apply(action_from_object(obj))
    accepted = []
    for obj in actions:
        action = action_from_object(obj)
        before = encode_state(c.state)
        try:
            c.apply(action)
        except DelvekitError:
            assert encode_state(c.state) == before
            continue
        accepted.append(action)
        _invariants(c)
    again = Campaign.new(CATALOG, seed=seed)
    for obj in PRELUDE:
        again.apply(action_from_object(obj))
    for action in accepted:
        again.apply(action)
    assert encode_state(again.state) == encode_state(c.state)


@given(
    seed=st.integers(0, 2**31), actions=st.lists(ACTIONS, min_size=5, max_size=40), undos=st.integers(0, 5)
)
def test_store_round_trips(seed: int, actions: list[dict[str, Any]], undos: int) -> None:
    from delvekit.store import CampaignStore

    store = CampaignStore(":memory:", lambda ref: CATALOG)
    store.create("P", content="fixture", seed=seed)
    initial = encode_state(store.state("P"))
    for obj in [*PRELUDE, *actions]:
        with contextlib.suppress(DelvekitError):  # refused actions are simply not logged
            store.do("P", action_from_object(obj))
    for _ in range(min(undos, store.head("P"))):
        store.undo("P")
    other = CampaignStore(":memory:", lambda ref: CATALOG)
    other.import_(store.export("P"))
    assert encode_state(other.state("P")) == encode_state(store.state("P"))
    replay = Campaign.new(CATALOG, seed=seed)
    for action in store.actions("P"):
        replay.apply(action)
    assert encode_state(replay.state) == encode_state(store.state("P"))
    while store.head("P"):
        store.undo("P")
    assert encode_state(store.state("P")) == initial
