"""The monster mover's editor operations: pure functions on a one-case document."""

from __future__ import annotations

import json

import pytest

from delvekit.web import editor, editor_doc
from delvekit.web.editor import EditError
from delvekit.web.schemas import CasesDocumentIn, check_document


def valid(doc: editor.Doc) -> bool:
    return not check_document(CasesDocumentIn.model_validate(doc))


def test_blank_board_is_a_valid_document() -> None:
    doc = editor.blank(9, 7)
    assert valid(doc)
    assert len(editor.board_hexes(doc)) == 63
    assert editor.active_figure(doc) is not None


@pytest.mark.parametrize("width,height", [(0, 5), (5, 0), (25, 5), (5, 17)])
def test_blank_refuses_silly_sizes(width: int, height: int) -> None:
    with pytest.raises(EditError):
        editor.blank(width, height)


def test_paint_toggles_and_replaces_terrain() -> None:
    doc = editor.blank(5, 5)
    h = (2, 0)
    doc = editor.paint(doc, "difficult", h)
    assert editor.terrain_at(doc)[h] == "difficult"
    doc = editor.paint(doc, "trap", h)
    assert editor.terrain_at(doc) == {h: "trap"}
    doc = editor.paint(doc, "trap", h)
    assert editor.terrain_at(doc) == {}
    assert editor.case_of(doc)["terrain"] == {}


def test_wall_on_a_figure_is_refused_and_changes_nothing() -> None:
    doc = editor.blank(5, 5)
    active = editor.active_figure(doc)
    assert active is not None
    before = json.dumps(doc)
    with pytest.raises(EditError, match="stands on"):
        editor.paint(doc, "wall", tuple(active["hex"]))  # type: ignore[arg-type]
    assert json.dumps(doc) == before


def test_paint_off_board_is_refused() -> None:
    with pytest.raises(EditError, match="not on the board"):
        editor.paint(editor.blank(3, 3), "obstacle", (10, 10))


def test_thin_wall_toggles_between_neighbours_only() -> None:
    doc = editor.blank(4, 4)
    doc2 = editor.toggle_wall(doc, (1, 0), (1, 1))
    assert editor.wall_pairs(doc2) == {frozenset({(1, 0), (1, 1)})}
    assert editor.wall_pairs(editor.toggle_wall(doc2, (1, 1), (1, 0))) == set()
    with pytest.raises(EditError, match="not neighbours"):
        editor.toggle_wall(doc, (0, 0), (2, 0))
    assert valid(doc2)


def test_place_characters_and_monsters_with_fresh_ids() -> None:
    doc = editor.blank(6, 5)
    doc = editor.place(doc, "character", (2, 0), initiative=35)
    doc = editor.place(doc, "character", (2, 1))
    doc = editor.place(doc, "monster", (3, 0))
    ids = {f["id"]: f for f in editor.case_of(doc)["figures"]}
    assert ids["C2"]["initiative"] == 35 and ids["C3"]["initiative"] == 0
    assert ids["M1"]["side"] == "monster" and "initiative" not in ids["M1"]
    # the same kind again removes it; another kind replaces it
    doc = editor.place(doc, "character", (2, 1))
    assert editor.figure_at(doc, (2, 1)) is None
    doc = editor.place(doc, "character", (3, 0))
    placed = editor.figure_at(doc, (3, 0))
    assert placed is not None and placed["side"] == "character"
    assert valid(doc)


def test_set_active_moves_or_switches_the_acting_monster() -> None:
    doc = editor.blank(6, 5)
    doc = editor.place(doc, "monster", (3, 0))
    doc = editor.set_active(doc, (3, 0))
    active = editor.active_figure(doc)
    assert active is not None and active["id"] == "M1"
    assert sum(1 for f in editor.case_of(doc)["figures"] if f.get("active")) == 1
    doc = editor.set_active(doc, (3, 1))
    active = editor.active_figure(doc)
    assert active is not None and active["id"] == "M1" and active["hex"] == [3, 1]
    with pytest.raises(EditError, match="character"):
        c1 = next(f for f in editor.case_of(doc)["figures"] if f["side"] == "character")
        editor.set_active(doc, tuple(c1["hex"]))  # type: ignore[arg-type]


def test_board_shape_tool_adds_and_removes_hexes() -> None:
    doc = editor.blank(3, 3)
    ghost = editor.ghost_hexes(doc)[0]
    doc2 = editor.toggle_hex(doc, ghost)
    assert ghost in editor.board_hexes(doc2)
    doc3 = editor.toggle_hex(doc2, ghost)
    assert sorted(editor.board_hexes(doc3)) == sorted(editor.board_hexes(doc))
    with pytest.raises(EditError, match="does not touch"):
        editor.toggle_hex(doc, (20, 20))


def test_removing_a_hex_removes_what_stands_on_it() -> None:
    doc = editor.blank(5, 5)
    doc = editor.paint(doc, "trap", (2, 0))
    doc = editor.toggle_wall(doc, (2, 0), (2, 1))
    doc = editor.toggle_hex(doc, (2, 0))
    assert (2, 0) not in editor.terrain_at(doc)
    assert valid(doc)


def test_aoe_pattern_follows_the_attack_anchor() -> None:
    doc = editor.blank(5, 5)
    doc = editor.toggle_aoe(doc, (0, -1))
    doc = editor.toggle_aoe(doc, (1, -1))
    attack = editor.case_of(doc)["ability"]["attack"]
    assert attack["aoe"] == {
        "anchor": "attacker",
        "hexes": [[0, -1], [1, -1]],
        "orientations": "rotations_and_mirror",
    }
    with pytest.raises(EditError, match="attacker itself"):
        editor.toggle_aoe(doc, (0, 0))
    ranged = editor.set_ability(
        doc, move=2, jump=False, flying=False, teleport=False, muddled=False, attack=True, range_=3, targets=1
    )
    assert editor.case_of(ranged)["ability"]["attack"]["aoe"]["anchor"] == "free"
    assert valid(ranged)


def test_set_ability_validates_numbers() -> None:
    doc = editor.blank()
    with pytest.raises(EditError) as err:
        editor.set_ability(
            doc,
            move=99,
            jump=False,
            flying=False,
            teleport=False,
            muddled=False,
            attack=True,
            range_=0,
            targets=1,
        )
    assert err.value.where == "move"
    no_attack = editor.set_ability(
        doc, move=3, jump=True, flying=False, teleport=False, muddled=False, attack=False, range_=0, targets=1
    )
    assert editor.case_of(no_attack)["ability"]["attack"] is None
    assert valid(no_attack)


def test_apply_outcome_moves_only_the_active_monster() -> None:
    doc = editor.blank(6, 5)
    moved = editor.apply_outcome(doc, (2, 0))
    active = editor.active_figure(moved)
    assert active is not None and active["hex"] == [2, 0]
    others_before = [f for f in editor.case_of(doc)["figures"] if not f.get("active")]
    others_after = [f for f in editor.case_of(moved)["figures"] if not f.get("active")]
    assert others_before == others_after
    c1 = others_before[0]
    with pytest.raises(EditError, match="already stands"):
        editor.apply_outcome(doc, tuple(c1["hex"]))  # type: ignore[arg-type]


def test_resize_keeps_what_fits() -> None:
    doc = editor.blank(9, 7)
    doc = editor.paint(doc, "obstacle", (2, 0))
    small = editor.resize(doc, 5, 4)
    assert len(editor.board_hexes(small)) == 20
    assert editor.terrain_at(small) == {(2, 0): "obstacle"}
    assert valid(small)


def test_single_case_is_idempotent() -> None:
    doc = editor.blank(5, 4)
    doc = editor.toggle_wall(editor.paint(doc, "icy", (2, 0)), (1, 0), (1, 1))
    once = editor_doc.single_case(doc)
    assert editor_doc.single_case(once) == once == doc


@pytest.mark.parametrize("text", ["", "1", "a,b", "1,2,3"])
def test_parse_hex_rejects_junk(text: str) -> None:
    with pytest.raises(EditError):
        editor.parse_hex(text)


def test_erase_keeps_the_active_monster() -> None:
    doc = editor.blank(5, 5)
    active = editor.active_figure(doc)
    assert active is not None
    with pytest.raises(EditError, match="stays on the board"):
        editor.erase(doc, tuple(active["hex"]))  # type: ignore[arg-type]


def test_doors_toggle_and_leave_with_their_hex() -> None:
    doc = editor.blank(5, 5)
    doc = editor.toggle_door(doc, (2, 0))
    assert editor.doors_of(doc) == {(2, 0)} and valid(doc)
    with pytest.raises(EditError, match="door stands"):
        editor.paint(doc, "wall", (2, 0))
    assert editor.doors_of(editor.erase(doc, (2, 0))) == set()
    assert "doors" not in editor.case_of(editor.toggle_hex(doc, (2, 0)))
    assert editor.doors_of(editor.toggle_door(doc, (2, 0))) == set()


def test_single_case_takes_inline_boards_and_extensions() -> None:
    doc = editor.blank(4, 3)
    case = dict(editor.case_of(doc))
    hexes = doc["boards"]["board"]
    inline = {"cases": [{**case, "board": hexes, "doors": [[1, 0]]}]}
    one = editor_doc.single_case(inline)
    assert one["boards"] == {"mover-board": hexes} and editor.case_of(one)["board"] == "mover-board"
    assert editor.doors_of(one) == {(1, 0)}
    named = {"cases": [{**case, "board": "room", "board_hexes": hexes}]}
    assert editor_doc.single_case(named)["boards"] == {"room": hexes}
    assert editor_doc.single_case(one) == one
