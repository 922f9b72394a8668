"""Fuzzing every endpoint of the JSON API (and the two form endpoints): every answer is a success
or the project's own 4xx with a one-line JSON ``detail``, never a 500; a solve answers exactly
what the CLI's parser says of the same bytes."""

from __future__ import annotations

import copy
import json
import warnings
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from delvekit.core.errors import DelvekitError
from delvekit.gloomhaven.monster_ai import cases as casefile
from delvekit.web import services

from .conftest import run_cases, tiers
from .strategies import mutated, nasty_values, paths

pytest.importorskip("fastapi", reason="the web extra is not installed")
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from delvekit.web.app import create_app


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app(), raise_server_exceptions=False) as c:
        yield c


def _answer(r: Any, allowed: tuple[int, ...]) -> Any:
    assert r.status_code in allowed, (r.status_code, r.text[:300])
    if r.headers.get("content-type", "").startswith("application/json"):
        body = r.json()
        if r.status_code >= 400:
            assert isinstance(body["detail"], str) and "\n" not in body["detail"], body
        return body
    return r.text


def _one_case_docs() -> list[dict[str, Any]]:
    doc = services.examples_document()
    out = []
    for case in doc["cases"][:8]:
        out.append({"format": doc["format"], "boards": doc["boards"], "cases": [copy.deepcopy(case)]})
    return out


DOCS = _one_case_docs()


@tiers(120, 3000)
def test_solve_answers_as_the_cli_parser_does(client: TestClient, cases: int) -> None:
    all_paths = [paths(d) for d in DOCS]

    @given(data=st.data())
    def check(data: st.DataObject) -> None:
        i = data.draw(st.integers(0, len(DOCS) - 1))
        body = json.dumps(data.draw(mutated(DOCS[i], all_paths[i]))).encode()
        if data.draw(st.integers(0, 9)) == 0:  # now and then a damaged text
            cut = data.draw(st.integers(0, len(body)))
            body = body[:cut] + data.draw(st.binary(max_size=4)) + body[cut:]
        r = client.post("/api/monster-ai/solve", content=body, headers={"content-type": "application/json"})
        answer = _answer(r, (200, 413, 422))
        try:
            parsed = casefile.parse_text(body, where="request")
        except DelvekitError as exc:
            assert r.status_code == 422 and answer["detail"] == str(exc)[:2000]
            return
        assert r.status_code in (200, 413)
        if r.status_code == 200:
            assert [a["id"] for a in answer] == [c.id for c in parsed.cases]

    run_cases("api solve", cases, check)


ODDS_FIELDS = [
    "attack", "deck", "perks", "add", "remove", "advantage", "disadvantage", "bless", "curse", "shield",
    "pierce", "extra",
]  # fmt: skip
odds_setups: st.SearchStrategy[Any] = st.dictionaries(
    st.sampled_from(ODDS_FIELDS),
    st.one_of(
        st.integers(-2, 60),
        st.sampled_from(["standard", "monster", "brute", "BRUTE", "wizard"]),
        st.lists(st.integers(0, 32), max_size=4),
        st.lists(st.sampled_from(["-1", "+0", "+1 stun", "x2", "banana", "+0 push 1"]), max_size=3),
        st.booleans(),
        nasty_values,
    ),
    max_size=6,
)


@tiers(80, 2000)
def test_odds_never_fails_the_server(client: TestClient, cases: int) -> None:
    @given(setup=odds_setups, compare=st.one_of(st.none(), odds_setups), raw=st.booleans())
    def check(setup: dict[str, Any], compare: dict[str, Any] | None, raw: bool) -> None:
        body: dict[str, Any] = {"setup": setup, **({"compare": compare} if compare is not None else {})}
        if raw:
            r = client.post(
                "/api/odds", content=json.dumps(body), headers={"content-type": "application/json"}
            )
        else:
            r = client.post("/api/odds", json=body)
        answer = _answer(r, (200, 422))
        if r.status_code == 200:
            assert 0.999 < sum(p for _, p in answer["setup"]["distribution"]) < 1.001

    run_cases("api odds", cases, check)


@tiers(60, 1000)
def test_scenarios_and_examples_never_fail_the_server(client: TestClient, cases: int) -> None:
    @given(
        n=st.one_of(st.integers(-5, 100), st.sampled_from(["x", "1e3", str(10**30), "-0", "%00"])),
        players=st.one_of(st.integers(0, 6), st.sampled_from(["two", "", "1e400"])),
    )
    def check(n: Any, players: Any) -> None:
        r = client.get(f"/api/scenarios/{n}", params={"players": players})
        _answer(r, (200, 404, 409, 422))

    run_cases("api scenarios", cases, check)
    _answer(client.get("/api/examples"), (200,))
    _answer(client.get("/api/openapi.json"), (200,))


@tiers(40, 800)
def test_form_endpoints_never_fail_the_server(client: TestClient, cases: int) -> None:
    fields = st.dictionaries(
        st.sampled_from(["a_attack", "a_bless", "a_perks", "a_deck", "a_roll", "compare", "b_attack", "doc"])
        | st.sampled_from(["action", "move", "width", "height", "history", "selected", "tool"]),
        st.one_of(
            st.text(max_size=20),
            st.sampled_from(["3", "-1", "99999999999", "nan", "[" * 300, "{}", "²", "-٣"]),
        ),
        max_size=6,
    )

    @given(form=fields, where=st.sampled_from(["/odds/compute", "/mover/act"]))
    def check(form: dict[str, str], where: str) -> None:
        r = client.post(where, data=form)
        assert r.status_code in (200, 422), (where, form, r.status_code, r.text[:300])

    run_cases("web forms", cases, check)
