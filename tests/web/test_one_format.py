"""One definition of the gh-monster-ai-cases format: `delve monster-ai solve` and
``POST /api/monster-ai/solve`` accept and refuse the same documents, with the same message
(issue 18 item 3, issue 13's API item), and bad numbers in any body are a 422 with a JSON body
(issue 18 item 2), with strict types (issue 18's "also")."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from delvekit.cli.main import _register, cli

DATA = Path(__file__).resolve().parent.parent / "data" / "monster-ai"
DOCUMENTS = sorted(DATA.glob("*.json"))


def _cli(body: bytes, tmp_path: Path) -> tuple[bool, Any]:
    """(accepted, outcomes per case) or (refused, the message without the file name)."""
    _register()
    path = tmp_path / "doc.json"
    path.write_bytes(body)
    result = CliRunner().invoke(cli, ["monster-ai", "solve", str(path), "--explain"])
    if result.exit_code == 0:
        return True, [json.loads(line) for line in result.output.splitlines() if line.strip()]
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    line = result.output.strip()
    assert "\n" not in line and line.startswith("error: "), line
    return False, line.removeprefix("error: ").replace(str(path), "<document>", 1)


def _api(client: Any, body: bytes) -> tuple[bool, Any]:
    r = client.post("/api/monster-ai/solve", content=body, headers={"content-type": "application/json"})
    if r.status_code == 200:
        return True, r.json()
    assert r.status_code == 422, (r.status_code, r.text[:300])
    detail = r.json()["detail"]
    assert "\n" not in detail
    return False, detail.replace("request", "<document>", 1)


def _same(client: Any, tmp_path: Path, doc: Any) -> tuple[bool, Any]:
    body = doc if isinstance(doc, bytes) else json.dumps(doc).encode()
    cli_answer = _cli(body, tmp_path)
    api_answer = _api(client, body)
    assert cli_answer == api_answer
    return cli_answer


@pytest.mark.parametrize("path", DOCUMENTS, ids=[p.name for p in DOCUMENTS])
def test_every_shared_document_gets_the_same_answer(client: Any, tmp_path: Path, path: Path) -> None:
    accepted, _ = _same(client, tmp_path, path.read_bytes())
    assert accepted  # differential-cases.json has four cases whose notes are a string


def _one_case(**figure: Any) -> dict[str, Any]:
    doc = json.loads((DATA / "own-cases.json").read_text())
    doc["cases"] = doc["cases"][:1]
    doc["cases"][0]["figures"][1].update(figure)
    return doc


@pytest.mark.parametrize("initiative", range(102))
def test_initiatives_0_to_101_are_the_same_through_both(client: Any, tmp_path: Path, initiative: int) -> None:
    doc = _one_case()
    for f in doc["cases"][0]["figures"]:
        if f["side"] == "character":
            f["initiative"] = initiative
    accepted, _ = _same(client, tmp_path, doc)
    assert accepted


def _edit(doc: dict[str, Any], how: str) -> dict[str, Any]:
    doc = copy.deepcopy(doc)
    case = doc["cases"][0]
    fig = case["figures"][1]
    if how == "figure id C.1":
        fig["id"] = "C.1"
    elif how == "figure id Ç1":
        fig["id"] = "Ç1"
    elif how == "figure id of 17 characters":
        fig["id"] = "C" * 17
    elif how == "case id of 150 characters":
        case["id"] = "x" * 150
    elif how == "initiative 100":
        fig["initiative"] = 100
    elif how == "move 31":
        case["ability"]["move"] = 31
    elif how == "targets 21":
        if case["ability"]["attack"] is not None:
            case["ability"]["attack"]["targets"] = 21
    elif how == "tags as a string":
        case["tags"] = "focus"
    elif how == "notes as a string":
        case["notes"] = "a note"
    elif how == "description of 3000 characters":
        case["description"] = "d" * 3000
    elif how == "unknown top-level key":
        doc["made_by"] = "hand"
    else:
        raise AssertionError(how)
    return doc


@pytest.mark.parametrize(
    "how",
    [
        "figure id C.1",
        "figure id Ç1",
        "figure id of 17 characters",
        "case id of 150 characters",
        "initiative 100",
        "move 31",
        "targets 21",
        "tags as a string",
        "notes as a string",
        "description of 3000 characters",
        "unknown top-level key",
    ],
)
def test_documents_the_cli_took_and_the_api_refused_are_taken_by_both(
    client: Any, tmp_path: Path, how: str
) -> None:
    accepted, _ = _same(client, tmp_path, _edit(_one_case(), how))
    assert accepted, how


def _big_board(figures: int, width: int) -> dict[str, Any]:
    hexes = [[q, r] for q in range(width) for r in range(width)]
    figs: list[dict[str, Any]] = [{"id": "A", "side": "monster", "hex": hexes[0], "active": True}]
    figs += [
        {"id": f"C{i}", "side": "character", "hex": hexes[i + 5], "initiative": i} for i in range(figures - 1)
    ]
    case = {
        "id": "big",
        "ruleset": "gloomhaven",
        "board": "b",
        "figures": figs,
        "ability": {"move": 2, "attack": {"range": 0, "targets": 1}},
    }
    return {"boards": {"b": hexes}, "cases": [case]}


def test_41_figures_and_a_board_of_1100_hexes_are_taken_by_both(client: Any, tmp_path: Path) -> None:
    accepted, _ = _same(client, tmp_path, _big_board(41, 34))
    assert accepted


def test_limits_are_the_same_through_both(client: Any, tmp_path: Path) -> None:
    accepted, message = _same(client, tmp_path, _big_board(51, 10))
    assert not accepted and "figures: more than 50 entries (51)" in message
    accepted, message = _same(client, tmp_path, _big_board(2, 45))
    assert not accepted and "boards.b: more than 2000 hexes (2025)" in message


@pytest.mark.parametrize(
    "body, words",
    [
        ({"hex": [0.0, 3.0]}, "expected a hex [q, r], got [0.0, 3.0]"),
        ({"hex": [True, 3]}, "expected a hex"),
        ({"initiative": -1}, "must be >= 0"),
        ({"initiative": 1000}, "must be <= 999"),
        ({"id": ""}, "expected a non-empty string"),
    ],
)
def test_bad_documents_are_refused_by_both_with_one_message(
    client: Any, tmp_path: Path, body: dict[str, Any], words: str
) -> None:
    accepted, message = _same(client, tmp_path, _one_case(**body))
    assert not accepted and words in message, message


@pytest.mark.parametrize(
    "body",
    [
        b'{"cases": 1e400}',
        b'{"cases": NaN}',
        b'{"cases": [Infinity]}',
        b'{"cases": -Infinity}',
        b"[" * 100_000,
        b'{"cases": ' + b"[" * 5000 + b"]" * 5000 + b"}",
        b'{"cases": "\xff"}',
        b'{"cases": ' + b"9" * 5000 + b"}",
    ],
    ids=["1e400", "NaN", "Infinity", "-Infinity", "deep", "deep-closed", "bad-utf8", "huge-int"],
)
def test_unreadable_numbers_and_nesting_same_one_line_refusal(
    client: Any, tmp_path: Path, body: bytes
) -> None:
    accepted, message = _same(client, tmp_path, body)
    assert not accepted and message.startswith("<document>: "), message


@pytest.mark.parametrize(
    "body",
    [
        b'{"setup": {"attack": NaN}}',
        b'{"setup": {"attack": Infinity}}',
        b'{"setup": {"attack": 1e400}}',
        b'{"setup": {"attack": 3, "shield": -Infinity}}',
        b'{"setup": ' + b"[" * 100_000 + b"}",
        b'{"setup": {"attack": 3.5}}',
    ],
)
def test_bad_numbers_in_odds_are_a_422_with_a_json_body(client: Any, body: bytes) -> None:
    r = client.post("/api/odds", content=body, headers={"content-type": "application/json"})
    assert r.status_code == 422, r.text[:300]
    detail = r.json()["detail"]
    assert detail and "\n" not in detail


@pytest.mark.parametrize(
    "setup, field",
    [
        ({"attack": True}, "attack"),
        ({"attack": "3"}, "attack"),
        ({"attack": 3, "advantage": "yes"}, "advantage"),
        ({"attack": 3, "advantage": 1}, "advantage"),
        ({"attack": 3, "bless": 1.0}, "bless"),
        ({"attack": 3, "perks": ["1"]}, "perks"),
    ],
)
def test_odds_types_are_strict(client: Any, setup: dict[str, Any], field: str) -> None:
    r = client.post("/api/odds", json={"setup": setup})
    assert r.status_code == 422, r.text[:300]
    assert field in r.json()["detail"]


def test_the_openapi_schema_describes_the_shared_format(client: Any) -> None:
    from delvekit.gloomhaven.monster_ai import case_fields

    spec = client.get("/api/openapi.json").json()
    body = spec["paths"]["/api/monster-ai/solve"]["post"]["requestBody"]["content"]["application/json"]
    assert body["schema"] == {"$ref": "#/components/schemas/CasesDocumentIn"}
    parts = spec["components"]["schemas"]
    assert parts["CasesDocumentIn"]["properties"]["cases"]["maxItems"] == case_fields.MAX_CASES
    assert parts["CaseIn"]["properties"]["figures"]["maxItems"] == case_fields.MAX_FIGURES


@pytest.mark.parametrize("n", [27, 29, 33, 55, 57, 60, 76, 95])
def test_existing_scenarios_are_never_a_404(client: Any, n: int) -> None:
    """Scenarios with no monster or no fixed opening room exist: the board without monsters, or
    the reason in words."""
    r = client.get(f"/api/scenarios/{n}")
    assert r.status_code in (200, 409), r.text
    if r.status_code == 200:
        doc = r.json()
        assert "no monster" in doc["note"] and doc["boards"] and doc["cases"][0]["figures"]
    else:
        assert "no fixed opening room" in r.json()["detail"]
    assert client.get("/api/scenarios/96").status_code == 404


@pytest.mark.parametrize("value", ["²", "-٣", "3.0", "1e400"])
def test_odds_form_numbers_that_are_not_ascii_digits_are_refused_not_a_500(client: Any, value: str) -> None:
    r = client.post("/odds/compute", data={"a_attack": value, "a_roll": "normal"})
    assert r.status_code == 200 and 'class="error"' in r.text and "attack" in r.text
