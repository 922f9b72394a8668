"""Random actions through the campaign API and the page form: every answer is a 2xx, 3xx or 4xx
with a reason, never a 500, and a refusal changes nothing (issue 19)."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from delvekit.gloomhaven.campaign.actions import ACTION_TYPES
from delvekit.web.app import create_app

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

FIELDS = [
    "character",
    "item",
    "items",
    "name",
    "class",
    "card",
    "perk",
    "option",
    "choice",
    "split",
    "count",
    "amount",
    "scenario",
    "success",
    "characters",
    "half",
    "sticker",
    "action_index",
    "achievement",
    "kind",
    "lose",
    "pay",
    "quest",
    "level",
    "direct",
    "casual",
    "multi_target",
    "hexes",
]
scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 200),
    st.integers(-(2**70), 2**70),
    st.sampled_from(
        ["Ana", "Bo", "", "brute", "A", "B", "top", "attack", "Trample", "first-steps", "global"]
    ),
    st.text(max_size=8),
)
values = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.dictionaries(
            st.sampled_from(["Ana", "Bo", "xp", "gold", "checkmarks", "quest", "items"]), inner, max_size=3
        )
    ),
    max_leaves=6,
)
actions = st.builds(
    lambda name, fields: {"action": name, **fields},
    st.sampled_from(sorted(ACTION_TYPES)),
    st.dictionaries(st.sampled_from(FIELDS), values, max_size=4),
)


@pytest.fixture(scope="module")
def api(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    db: Path = tmp_path_factory.mktemp("fuzz") / "c.sqlite3"
    with TestClient(create_app(db=db)) as c:
        c.post("/api/campaigns", json={"name": "C", "party": "P"})
        for name, cls in (("Ana", "brute"), ("Bo", "mindthief")):
            c.post(
                "/api/campaigns/C/actions", json={"action": "create_character", "name": name, "class": cls}
            )
        c.post(
            "/api/campaigns/C/actions",
            json={
                "action": "complete_scenario",
                "scenario": 1,
                "success": True,
                "characters": {"Ana": {"xp": 50, "gold": 30}, "Bo": {"xp": 9}},
            },
        )
        yield c


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(action=actions)
def test_random_actions_are_applied_or_refused_never_a_crash(api: TestClient, action: dict[str, Any]) -> None:
    before = api.get("/api/campaigns/C").json()
    r = api.post("/api/campaigns/C/actions", json=action)
    assert r.status_code in (200, 422), (action, r.status_code, r.text)
    assert isinstance(r.json()["detail" if r.status_code == 422 else "characters"], str | dict)
    if r.status_code == 422:
        assert r.json()["detail"] and api.get("/api/campaigns/C").json() == before
    check = api.post("/api/campaigns/C/check", json=action)
    assert check.status_code == 200


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    fields=st.lists(
        st.tuples(
            st.sampled_from(
                [
                    *FIELDS,
                    "action",
                    "_head",
                    "_at",
                    "_list",
                    "_played",
                    "characters.Ana.xp",
                    "split.Bo",
                    "items[]",
                ]
            ),
            st.text(max_size=6),
        ),
        max_size=6,
    )
)
def test_random_forms_come_back_as_a_page_never_a_crash(
    api: TestClient, fields: list[tuple[str, str]]
) -> None:
    data: dict[str, list[str]] = {}
    for key, value in fields:
        data.setdefault(key, []).append(value)
    r = api.post("/campaigns/C/do", data=data, follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"].startswith("/campaigns/C"), r.text
