"""Fuzzing campaign actions through the real store (SQLite in memory) and the command line's
``key=value`` parser: every action is refused with one line or applied, and an applied action
never leaves the campaign unable to take the next one."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from delvekit.core.errors import DelvekitError
from delvekit.gloomhaven.campaign import actions as A
from delvekit.gloomhaven.campaign.content import Catalog
from delvekit.gloomhaven.campaign.state import copy_state
from delvekit.store import CampaignStore

from .conftest import run_cases, tiers
from .strategies import NASTY_INTS, nasty_values

FIELDS = [
    "character", "item", "items", "amount", "count", "perk", "perks", "card", "option", "choice",
    "split", "scenario", "success", "characters", "level", "class", "name", "quest", "cards",
    "achievement", "kind", "lose", "half", "sticker", "action_index", "hexes", "direct", "casual",
    "pay", "multi_target", "player",
]  # fmt: skip

sensible: st.SearchStrategy[Any] = st.one_of(
    st.sampled_from(["Ana", "Bo", "brute", "spellweaver", "A", "B", "top", "bottom", "global", "party"]),
    st.integers(-3, 12),
    st.booleans(),
    st.sampled_from(["the-power-of-enhancement", "ancient-technology", "first-steps"]),
    st.just({"Ana": 5, "Bo": 5}),
    st.just({"Ana": {"xp": 5, "gold": 3}}),
    st.just([1, 2]),
)

actions: st.SearchStrategy[dict[str, Any]] = st.builds(
    lambda name, fields: {**fields, "action": name},
    st.sampled_from(sorted(A.ACTION_TYPES)),
    st.dictionaries(st.sampled_from(FIELDS), st.one_of(sensible, sensible, nasty_values), max_size=5),
)


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    from delvekit.gloomhaven.campaign.pack import from_pack
    from delvekit.gloomhaven.content import load_pack

    return Catalog(from_pack(load_pack()), where="bundled")


@pytest.fixture
def store(catalog: Catalog) -> Iterator[CampaignStore]:
    with CampaignStore(":memory:", lambda ref: catalog) as s:
        s.create("C", content="bundled", seed=1)
        s.do("C", A.NewParty(name="P"))
        s.do("C", A.action_from_object({"action": "create_character", "name": "Ana", "class": "brute"}))
        s.do("C", A.action_from_object({"action": "create_character", "name": "Bo", "class": "spellweaver"}))
        yield s


def _one_line(exc: BaseException) -> None:
    assert isinstance(exc, DelvekitError), repr(exc)
    assert "\n" not in str(exc) and len(str(exc)) < 3000, str(exc)[:300]


def _still_usable(store: CampaignStore) -> None:
    state = store.state("C")
    copy_state(state)  # what the next action does first (an OverflowError here broke campaigns)
    json.dumps(store.export("C"))
    store.do("C", A.action_from_object({"action": "change_reputation", "amount": 1}))
    store.undo("C")


@tiers(150, 3000)
def test_random_actions_through_the_store(store: CampaignStore, cases: int) -> None:
    @given(obj=actions, strict=st.booleans())
    def check(obj: dict[str, Any], strict: bool) -> None:
        try:
            action = A.action_from_object(obj, where="fuzz", strict=strict)
            store.do("C", action)
        except Exception as exc:
            _one_line(exc)
            return
        _still_usable(store)
        # the action's JSON form reads back to the same action (the log and exports use it)
        assert A.decode_action(A.encode_action(action)) == action

    run_cases("campaign actions", cases, check)


@tiers(100, 2000)
def test_random_command_line_fields(store: CampaignStore, cases: int) -> None:
    from delvekit.cli.campaign import parse_fields

    words = st.one_of(
        st.builds(
            lambda k, v: f"{k}={v}",
            st.sampled_from(FIELDS),
            st.one_of(
                st.text(max_size=12),
                st.sampled_from(
                    [str(n) for n in NASTY_INTS]
                    + ["[" * 200, '{"Ana": -5}', '"x"', "nan", "1e400", "[1e400]", "NaN"]
                ),
            ),
        ),
        st.text(max_size=10),
    )

    @given(name=st.sampled_from(sorted(A.ACTION_TYPES)), pairs=st.lists(words, max_size=4))
    def check(name: str, pairs: list[str]) -> None:
        try:
            action = A.action_from_object(parse_fields(name, tuple(pairs)), where=name, strict=False)
            store.do("C", action)
        except Exception as exc:
            _one_line(exc)
            return
        _still_usable(store)

    run_cases("campaign command line", cases, check)
