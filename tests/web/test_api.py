"""The JSON API: validation at the edge (4xx naming the field, never 500), odds, scenarios,
and every shared monster-AI case answered as the CLI answers it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from delvekit.web import editor

CASES_FILE = Path(__file__).resolve().parent.parent / "data" / "monster-ai" / "cases.json"


def small_doc() -> dict[str, Any]:
    doc = editor.blank(6, 5)
    return doc


def post_solve(client: Any, body: Any) -> Any:
    return client.post("/api/monster-ai/solve", json=body)


# --- validation ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "mutate, field",
    [
        (lambda d: d.pop("cases"), "missing field 'cases'"),
        (lambda d: d.pop("boards"), "unknown board"),
        (lambda d: d["format"].update(name="something-else"), "format.name"),
        (lambda d: d["format"].update(version=2), "format.version"),
        (lambda d: d["cases"][0].pop("ability"), "missing field 'ability'"),
        (lambda d: d["cases"][0]["ability"].update(move="far"), "ability.move"),
        (lambda d: d["cases"][0]["ability"].update(move=-1), "ability.move"),
        (lambda d: d["cases"][0].update(ruleset="chess"), ".ruleset"),
        (lambda d: d["cases"][0]["figures"][0].update(hex=[1]), "figures[0].hex"),
        (lambda d: d["cases"][0]["figures"][0].update(side="dragon"), "figures[0].side"),
        (lambda d: d["cases"][0].update(figures=[]), ".figures"),
        (lambda d: d["cases"][0]["terrain"].update(lava=[[0, 0]]), "lava"),
        (lambda d: d["cases"][0].update(surprise=True), "surprise"),
        (lambda d: d["cases"][0]["ability"]["attack"].update(targets="many"), "attack.targets"),
    ],
)
def test_malformed_documents_get_422_naming_the_field(client: Any, mutate: Any, field: str) -> None:
    doc = small_doc()
    mutate(doc)
    r = post_solve(client, doc)
    assert r.status_code == 422, r.text
    assert field in r.json()["detail"], r.json()["detail"]


@pytest.mark.parametrize(
    "mutate, field, words",
    [
        (lambda d: d["cases"][0]["figures"][0].update(hex=[40, 40]), "figures[0].hex", "not on the board"),
        (lambda d: d["cases"][0]["terrain"].update(trap=[[-9, 3]]), "terrain.trap[0]", "not on the board"),
        (lambda d: d["cases"][0].update(walls=[[[0, 0], [3, 0]]]), "walls[0]", "not neighbours"),
        (lambda d: d["cases"][0].update(board="elsewhere"), ".board", "unknown board"),
        (lambda d: d["cases"][0]["figures"][1].update(active=True), ".figures", "exactly one"),
        (
            lambda d: d["cases"][0]["figures"][1].update(hex=d["cases"][0]["figures"][0]["hex"]),
            "figures[1].hex",
            "holds",
        ),
        (lambda d: d["cases"][0]["figures"][1].update(id="A"), "figures[1].id", "duplicate"),
    ],
)
def test_inconsistent_boards_get_422_naming_the_field(
    client: Any, mutate: Any, field: str, words: str
) -> None:
    doc = small_doc()
    mutate(doc)
    r = post_solve(client, doc)
    assert r.status_code == 422, r.text
    detail = r.json()["detail"]
    assert field in detail and words in detail, detail


def test_not_json_is_a_4xx(client: Any) -> None:
    r = client.post(
        "/api/monster-ai/solve", content=b"{not json", headers={"content-type": "application/json"}
    )
    assert r.status_code == 422
    assert "JSON" in r.json()["detail"]


def test_huge_bodies_are_refused_before_parsing(client: Any) -> None:
    huge = b'{"format": ' + b" " * 3_000_000 + b"}"
    r = client.post("/api/monster-ai/solve", content=huge, headers={"content-type": "application/json"})
    assert r.status_code == 413
    assert "limit" in r.json()["detail"]


def test_huge_chunked_bodies_are_refused_too(client: Any) -> None:
    def chunks() -> Any:
        for _ in range(40):
            yield b" " * 100_000

    r = client.post("/api/monster-ai/solve", content=chunks(), headers={"content-type": "application/json"})
    assert r.status_code == 413


def test_too_many_figures_is_refused(client: Any) -> None:
    doc = editor.blank(24, 16)
    hexes = editor.board_hexes(doc)
    doc["cases"][0]["figures"] = [{"id": "A", "side": "monster", "hex": list(hexes[0]), "active": True}] + [
        {"id": f"C{i}", "side": "character", "hex": list(h)} for i, h in enumerate(hexes[1:60])
    ]
    r = post_solve(client, doc)
    assert r.status_code == 422
    assert "figures: more than 50 entries" in r.json()["detail"]


def test_openapi_describes_the_api(client: Any) -> None:
    spec = client.get("/api/openapi.json").json()
    assert {"/api/monster-ai/solve", "/api/odds", "/api/scenarios/{n}"} <= set(spec["paths"])
    solve = spec["paths"]["/api/monster-ai/solve"]["post"]
    assert "requestBody" in solve and "422" in solve["responses"]
    assert client.get("/api/docs").status_code == 200


# --- odds ---------------------------------------------------------------------------------------


def test_odds_api_matches_the_engine(client: Any) -> None:
    odds = pytest.importorskip("delvekit.gloomhaven.model.odds")
    r = client.post(
        "/api/odds", json={"setup": {"attack": 3, "bless": 1}, "compare": {"attack": 3, "advantage": True}}
    )
    assert r.status_code == 200, r.text
    body = r.json()
    engine = odds.attack_distribution(3, bless=1)
    assert body["setup"]["expected"] == pytest.approx(float(engine.expected))
    assert sum(p for _, p in body["setup"]["distribution"]) == pytest.approx(1.0)
    assert body["compare"]["expected"] > body["setup"]["expected"] - 1
    assert body["setup"]["engine"] == json.loads(json.dumps(engine.to_json()))


@pytest.mark.parametrize(
    "body, field",
    [
        ({"setup": {"attack": -1}}, "setup.attack"),
        ({"setup": {"attack": 3, "bless": 99}}, "setup.bless"),
        ({"setup": {}}, "setup.attack"),
        ({"setup": {"attack": 3, "crits": 2}}, "setup.crits"),
        ({"compare": {"attack": 3}}, "setup"),
        ({"setup": {"attack": 3, "advantage": True, "disadvantage": True}}, "setup: Value error, advantage"),
    ],
)
def test_odds_api_validates(client: Any, body: dict[str, Any], field: str) -> None:
    r = client.post("/api/odds", json=body)
    assert r.status_code == 422
    assert field in r.json()["detail"]


# --- scenarios ----------------------------------------------------------------------------------


def _has_scenarios() -> bool:
    from delvekit.web import services

    return bool(services.scenario_numbers())


def test_scenario_one_opening_room(client: Any) -> None:
    if not _has_scenarios():
        pytest.skip("the content pack has no scenarios in this installation")
    r = client.get("/api/scenarios/1", params={"players": 4})
    assert r.status_code == 200, r.text
    doc = r.json()
    case = doc["cases"][0]
    monsters = [f for f in case["figures"] if f["side"] == "monster"]
    characters = [f for f in case["figures"] if f["side"] == "character"]
    assert len(characters) == 4 and monsters and sum(1 for f in monsters if f.get("active")) == 1
    board = {tuple(h) for h in doc["boards"][case["board"]]}
    assert all(tuple(f["hex"]) in board for f in case["figures"])
    # more players, at least as many monsters
    two = client.get("/api/scenarios/1", params={"players": 2}).json()
    assert len([f for f in two["cases"][0]["figures"] if f["side"] == "monster"]) <= len(monsters)


def test_scenario_errors(client: Any) -> None:
    if not _has_scenarios():
        pytest.skip("the content pack has no scenarios in this installation")
    assert client.get("/api/scenarios/999").status_code == 404
    r = client.get("/api/scenarios/1", params={"players": 7})
    assert r.status_code == 422 and "players" in r.json()["detail"]
    assert client.get("/api/scenarios/one").status_code == 422


# --- solving: the API answers as the CLI does ---------------------------------------------------


@pytest.fixture(scope="module")
def shared_cases() -> dict[str, Any]:
    if not CASES_FILE.exists():
        pytest.skip(f"{CASES_FILE} is not there yet")
    data: dict[str, Any] = json.loads(CASES_FILE.read_text())
    return data


def _canonical(outcomes: list[dict[str, Any]]) -> list[tuple[tuple[int, int], tuple[str, ...]]]:
    return sorted((tuple(o["destination"]), tuple(sorted(o["targets"]))) for o in outcomes)  # type: ignore[misc]


def test_every_shared_case_through_the_api_equals_the_cli(
    client: Any, shared_cases: dict[str, Any], tmp_path: Path
) -> None:
    """All shared reference cases: ``POST /api/monster-ai/solve`` gives, outcome for outcome,
    what ``delve monster-ai solve --explain`` prints (and the expected answers where undisputed)."""
    pytest.importorskip("delvekit.gloomhaven.monster_ai.cases")
    from click.testing import CliRunner

    from delvekit.cli.main import _register, cli

    r = post_solve(client, shared_cases)
    assert r.status_code == 200, r.text[:500]
    api_answers = r.json()
    assert [a["id"] for a in api_answers] == [c["id"] for c in shared_cases["cases"]]

    _register()
    path = tmp_path / "cases.json"
    path.write_text(json.dumps(shared_cases))
    result = CliRunner().invoke(cli, ["monster-ai", "solve", str(path), "--explain"])
    assert result.exit_code == 0, result.output[:500]
    cli_answers = [json.loads(line) for line in result.output.splitlines() if line.strip()]
    assert api_answers == cli_answers

    for case, answer in zip(shared_cases["cases"], api_answers, strict=True):
        if case.get("disputed"):
            continue
        want = _canonical(case["expected"]["outcomes"])
        got = _canonical(answer["outcomes"])
        if case["expected"]["match"] == "exact_set":
            assert got == want, case["id"]
        else:
            assert got and set(got) <= set(want), case["id"]


def test_editor_documents_solve_through_the_api(client: Any) -> None:
    pytest.importorskip("delvekit.gloomhaven.monster_ai.cases")
    doc = editor.blank(9, 7)
    r = post_solve(client, doc)
    assert r.status_code == 200, r.text
    (answer,) = r.json()
    assert answer["id"] == "mover" and answer["outcomes"]
    for outcome in answer["outcomes"]:
        assert {"destination", "targets"} <= set(outcome)


def test_odds_api_decks_match_the_cli(client: Any) -> None:
    pytest.importorskip("delvekit.gloomhaven.model.odds")
    from click.testing import CliRunner

    from delvekit.cli.main import _register, cli
    from delvekit.web import services

    if not services.class_list():
        pytest.skip("the content pack has no classes in this installation")
    _register()
    setup = {"attack": 2, "deck": "brute", "perks": [1, 3], "add": ["-1"], "curse": 1, "disadvantage": True}
    r = client.post("/api/odds", json={"setup": setup})
    assert r.status_code == 200, r.text
    args = ["odds", "--attack", "2", "--class", "brute", "--perks", "1,3", "--add", "-1", "--curse", "1"]
    result = CliRunner().invoke(cli, [*args, "--disadvantage", "--json"])
    assert result.exit_code == 0, result.output
    assert r.json()["setup"]["engine"] == json.loads(result.output)


@pytest.mark.parametrize(
    "setup, field",
    [
        ({"attack": 3, "deck": "wizard"}, "deck"),
        ({"attack": 3, "perks": [2]}, "perks"),
        ({"attack": 3, "remove": ["+5"]}, "add/remove"),
        ({"attack": 3, "deck": "brute", "perks": [1, 1]}, "perks"),
        ({"attack": 3, "deck": "brute", "perks": [99]}, "setup.perks.0"),
        ({"attack": 3, "add": ["banana"]}, "add"),
    ],
)
def test_odds_api_refuses_bad_decks(client: Any, setup: dict[str, Any], field: str) -> None:
    pytest.importorskip("delvekit.gloomhaven.model.odds")
    r = client.post("/api/odds", json={"setup": setup})
    assert r.status_code == 422, r.text
    assert r.json()["detail"].startswith(field) or field in r.json()["detail"], r.json()["detail"]


def test_every_scenario_opening_room_solves_or_says_why(client: Any) -> None:
    """Each bundled scenario's opening room, for 2-4 players, is a document the solver takes; a
    room without a monster at setup comes with a note, a scenario without a fixed opening room is
    a 409 that says so (never a 404: the scenario exists)."""
    pytest.importorskip("delvekit.gloomhaven.monster_ai.cases")
    from delvekit.web import services

    numbers = services.scenario_numbers()
    if not numbers:
        pytest.skip("the content pack has no scenarios in this installation")
    solved = 0
    for n in range(1, max(numbers) + 1):
        for players in (2, 3, 4):
            r = client.get(f"/api/scenarios/{n}", params={"players": players})
            assert r.status_code != 404, (n, r.text)  # every numbered scenario exists
            if r.status_code == 409:
                assert "no fixed opening room" in r.json()["detail"], r.text
                continue
            assert r.status_code == 200, (n, players, r.text)
            s = post_solve(client, r.json())
            if "note" in r.json():  # no monster at setup: the board and the characters only
                assert s.status_code == 422 and "exactly one figure must be active" in s.json()["detail"]
                continue
            assert s.status_code == 200, (n, players, s.text[:300])
            solved += 1
    assert solved >= 3 * len(numbers) * 0.8


def test_a_request_that_would_solve_too_long_is_refused(monkeypatch: Any, client: Any) -> None:
    pytest.importorskip("delvekit.gloomhaven.monster_ai.cases")
    from delvekit.web import services

    monkeypatch.setattr(services, "SOLVE_BUDGET_SECONDS", 0.0)
    doc = editor.blank(6, 5)
    second = json.loads(json.dumps(doc["cases"][0]))
    second["id"] = "again"
    doc["cases"].append(second)
    r = post_solve(client, doc)
    assert r.status_code == 413
    assert "solved 1 of 2 cases" in r.json()["detail"]


def test_the_engine_format_extensions_are_accepted(client: Any) -> None:
    """What the CLI accepts, the API accepts: doors, invisible figures, summons, inline boards,
    left-out defaults (walls, terrain, movement flags, format block)."""
    pytest.importorskip("delvekit.gloomhaven.monster_ai.cases")
    own = Path(__file__).resolve().parent.parent / "data" / "monster-ai" / "own-cases.json"
    if own.exists():
        r = post_solve(client, json.loads(own.read_text()))
        assert r.status_code == 200, r.text[:300]
    doc = editor.blank(6, 5)
    case = doc["cases"][0]
    lean = {
        "cases": [
            {
                "id": "lean",
                "ruleset": "gloomhaven",
                "board": doc["boards"]["board"],
                "doors": [[3, 0]],
                "figures": [
                    *case["figures"],
                    {"id": "C9", "side": "character", "hex": [4, 1], "invisible": True},
                ],
                "ability": {"move": 2, "attack": {"range": 0, "targets": 1, "aoe": None}},
            }
        ]
    }
    r = post_solve(client, lean)
    assert r.status_code == 200, r.text
    assert all("C9" not in o["targets"] for o in r.json()[0]["outcomes"])
