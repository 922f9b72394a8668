"""The server-rendered pages and their form requests, without a browser."""

from __future__ import annotations

import json
from typing import Any

import pytest

from delvekit.web import editor, editor_doc


def editor_form(doc: editor.Doc, **fields: str) -> dict[str, str]:
    return {"doc": editor_doc.dumps(doc), "history": "[]", "tool": "obstacle", **fields}


def hidden_doc(html: str) -> dict[str, Any]:
    import html as html_module
    import re

    match = re.search(r'name="doc" value="([^"]*)"', html)
    assert match, "no doc field in the fragment"
    data: dict[str, Any] = json.loads(html_module.unescape(match.group(1)))
    return data


def test_pages_render(client: Any) -> None:
    for path in ("/", "/mover", "/odds"):
        r = client.get(path)
        assert r.status_code == 200, path
        assert "/static/htmx.min.js" in r.text
    assert client.get("/static/htmx.min.js").status_code == 200


def test_htmx_is_served_locally_and_pinned(client: Any) -> None:
    body = client.get("/static/htmx.min.js").text
    assert body.startswith("var htmx=")
    assert '"2.0.11"' in body or "2.0.11" in body


def test_a_click_paints_and_keeps_history(client: Any) -> None:
    doc = editor.blank(5, 5)
    r = client.post("/mover/act", data=editor_form(doc, action="click", hex="2,0"))
    assert r.status_code == 200
    new = hidden_doc(r.text)
    assert editor.terrain_at(new) == {(2, 0): "obstacle"}
    assert "Undo (1)" in r.text


def test_a_refused_edit_changes_nothing(client: Any) -> None:
    doc = editor.blank(5, 5)
    r = client.post("/mover/act", data=editor_form(doc, action="click", hex="40,40"))
    assert r.status_code == 200
    assert hidden_doc(r.text) == doc
    assert "not on the board" in r.text


def test_a_tampered_document_is_refused_with_the_field(client: Any) -> None:
    doc = editor.blank(5, 5)
    doc["cases"][0]["figures"][0]["hex"] = [99, 99]
    r = client.post("/mover/act", data=editor_form(doc, action="click", hex="1,0"))
    assert r.status_code == 422
    assert "cases.0.figures.0.hex" in r.text
    r = client.post("/mover/act", data={"doc": "{", "history": "[]"})
    assert r.status_code == 422


def test_bad_ability_number_names_the_field(client: Any) -> None:
    doc = editor.blank(5, 5)
    r = client.post("/mover/act", data=editor_form(doc, move="lots", action="update"))
    assert r.status_code == 200
    assert "move" in r.text and hidden_doc(r.text) == doc


def test_odds_form_names_a_bad_field(client: Any) -> None:
    pytest.importorskip("delvekit.gloomhaven.model.odds")
    r = client.post("/odds/compute", data={"a_attack": "3", "a_bless": "55", "a_roll": "normal"})
    assert r.status_code == 200
    assert 'class="error"' in r.text and "bless" in r.text
    r = client.post(
        "/odds/compute", data={"a_attack": "3", "a_roll": "advantage", "compare": "on", "b_attack": "4"}
    )
    assert r.text.count('class="stat s') == 2 and "svg" in r.text


def test_unknown_example_and_scenario_say_so(client: Any) -> None:
    r = client.get("/mover", params={"example": "nope"})
    assert r.status_code == 200 and "no bundled example" in r.text
    r = client.get("/mover", params={"scenario": 150})
    assert r.status_code == 200 and 'class="error"' in r.text


def test_auto_solve_apply_and_undo_through_the_form(client: Any) -> None:
    pytest.importorskip("delvekit.gloomhaven.monster_ai.cases")
    doc = editor.blank(7, 5)
    r = client.post("/mover/act", data=editor_form(doc, action="click", hex="3,0", auto="on"))
    assert r.status_code == 200 and 'id="outcomes"' in r.text  # solved after the change
    painted = hidden_doc(r.text)
    history = json.dumps([editor_doc.dumps(doc)])
    r = client.post(
        "/mover/act",
        data={"doc": editor_doc.dumps(painted), "history": history, "tool": "active", "do": "apply:0"},
    )
    moved = hidden_doc(r.text)
    assert editor.active_figure(moved) != editor.active_figure(painted)
    assert "moved to" in r.text
    history = json.dumps([editor_doc.dumps(doc), editor_doc.dumps(painted)])
    r = client.post("/mover/act", data={"doc": editor_doc.dumps(moved), "history": history, "do": "undo"})
    assert hidden_doc(r.text) == painted and "Undo (1)" in r.text


def test_apply_of_a_missing_outcome_is_refused(client: Any) -> None:
    pytest.importorskip("delvekit.gloomhaven.monster_ai.cases")
    doc = editor.blank(7, 5)
    r = client.post("/mover/act", data=editor_form(doc, do="apply:99"))
    assert "no outcome" in r.text and hidden_doc(r.text) == doc


def test_no_page_loads_anything_from_the_internet(client: Any) -> None:
    import re

    for path in ("/", "/mover", "/odds", "/api/docs"):
        html = client.get(path).text
        external = re.findall(r'(?:src|href)="(https?://[^"]+)"', html)
        assert external == [], (path, external)
    docs = client.get("/api/docs").text
    assert "/api/monster-ai/solve" in docs and "/api/odds" in docs and "/api/scenarios/{n}" in docs


def test_import_picks_a_named_case_from_a_file_with_many(client: Any) -> None:
    from delvekit.web import services

    many = services.examples_document()
    wanted = many["cases"][3]["id"]
    doc = editor.blank(5, 5)
    text = json.dumps(many)
    r = client.post("/mover/act", data=editor_form(doc, do="import", import_text=text, import_case=wanted))
    assert editor.case_of(hidden_doc(r.text))["id"] == wanted
    assert f"4 of {len(many['cases'])}" in r.text
    r = client.post("/mover/act", data=editor_form(doc, do="import", import_text=text, import_case="nope"))
    assert "no case &#39;nope&#39;" in r.text and hidden_doc(r.text) == doc
    r = client.post("/mover/act", data=editor_form(doc, do="import", import_text="[1, 2"))
    assert "not JSON" in r.text and hidden_doc(r.text) == doc
