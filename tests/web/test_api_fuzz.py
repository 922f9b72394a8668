"""Random boards and random junk through the API: every answer is 200 or a 4xx, never a 500."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from delvekit.web import editor

TERRAIN = ["wall", "obstacle", "trap", "hazardous", "difficult", "icy"]


@st.composite
def boards(draw: st.DrawFn) -> dict[str, Any]:
    width = draw(st.integers(2, 7))
    height = draw(st.integers(2, 6))
    doc = editor.blank(width, height, draw(st.sampled_from(list(editor.RULESETS))))
    hexes = editor.board_hexes(doc)
    case = doc["cases"][0]
    cells = draw(st.permutations(hexes))
    n_figures = draw(st.integers(1, min(6, len(cells))))
    figures: list[dict[str, Any]] = [{"id": "A", "side": "monster", "hex": list(cells[0]), "active": True}]
    for i, h in enumerate(cells[1:n_figures]):
        side = draw(st.sampled_from(["character", "monster"]))
        fig: dict[str, Any] = {"id": f"F{i}", "side": side, "hex": list(h)}
        if side == "character":
            fig["initiative"] = draw(st.integers(0, 99))
        figures.append(fig)
    case["figures"] = figures
    terrain: dict[str, list[list[int]]] = {}
    # Now and then terrain under figures too (a character on a wall is the engine's to refuse).
    for h in cells[draw(st.sampled_from([n_figures, n_figures, 0])) :]:
        kind = draw(st.sampled_from([None, None, *TERRAIN]))
        if kind is not None:
            terrain.setdefault(kind, []).append(list(h))
    case["terrain"] = terrain
    walls = []
    for h in draw(st.lists(st.sampled_from(hexes), max_size=4, unique=True)):
        d = draw(st.sampled_from([(0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0)]))
        other = (h[0] + d[0], h[1] + d[1])
        walls.append(sorted([list(h), list(other)]))
    case["walls"] = [w for i, w in enumerate(walls) if w not in walls[:i]]
    attack = draw(
        st.one_of(
            st.none(),
            st.fixed_dictionaries(
                {
                    "range": st.integers(0, 4),
                    "targets": st.one_of(st.integers(1, 3), st.just("all")),
                }
            ),
        )
    )
    if attack is not None:
        attack["melee"] = attack["range"] == 0
        attack["aoe"] = draw(
            st.one_of(
                st.none(),
                st.just(
                    {
                        "anchor": "attacker" if attack["range"] == 0 else "free",
                        "hexes": [[0, -1], [1, -1]],
                        "orientations": "rotations_and_mirror",
                    }
                ),
            )
        )
    case["ability"] = {
        "move": draw(st.integers(0, 4)),
        "jump": draw(st.booleans()),
        "flying": draw(st.booleans()),
        "teleport": draw(st.booleans()),
        "muddled": draw(st.booleans()),
        "attack": attack,
    }
    return doc


@given(doc=boards())
def test_random_boards_get_an_answer_or_a_named_refusal(client: Any, doc: dict[str, Any]) -> None:
    r = client.post("/api/monster-ai/solve", json=doc)
    assert r.status_code in (200, 422, 503), r.text
    if r.status_code == 200:
        (answer,) = r.json()
        assert answer["id"] == "mover"
        on_board = {tuple(h) for h in doc["boards"]["board"]}
        for outcome in answer["outcomes"]:
            assert tuple(outcome["destination"]) in on_board
    else:
        assert r.json()["detail"]


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**6), 10**6) | st.text(max_size=8),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=20,
)


@given(junk=json_values, where=st.sampled_from(["top", "case", "ability", "figure"]))
def test_junk_anywhere_is_a_4xx(client: Any, junk: Any, where: str) -> None:
    doc = editor.blank(4, 3)
    if where == "top":
        body: Any = junk
    else:
        body = json.loads(json.dumps(doc))
        target = {
            "case": body["cases"][0],
            "ability": body["cases"][0]["ability"],
            "figure": body["cases"][0]["figures"][0],
        }[where]
        key = next(iter(target))
        target[key] = junk
    r = client.post("/api/monster-ai/solve", json=body)
    assert r.status_code < 500, r.text
