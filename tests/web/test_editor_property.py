"""Random edit sequences: the editor's document stays a valid, canonical gh-monster-ai-cases
document the engine accepts, and a refused edit changes nothing."""

from __future__ import annotations

import importlib.util
import json
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from delvekit.web import editor, editor_doc
from delvekit.web.editor import EditError
from delvekit.web.schemas import CasesDocumentIn, check_document

coords = st.tuples(st.integers(-2, 8), st.integers(-5, 7))
directions = st.sampled_from([(0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0)])
edits = st.one_of(
    st.tuples(st.just("paint"), st.sampled_from(editor.TERRAIN_KINDS), coords),
    st.tuples(st.just("wall"), coords, directions),
    st.tuples(st.just("place"), st.sampled_from(["character", "monster"]), coords),
    st.tuples(st.just("active"), coords),
    st.tuples(st.just("erase"), coords),
    st.tuples(st.just("hex"), coords),
    st.tuples(st.just("aoe"), st.tuples(st.integers(-3, 3), st.integers(-3, 3))),
    st.tuples(st.just("resize"), st.integers(1, 9), st.integers(1, 7)),
    st.tuples(st.just("apply"), coords),
    st.tuples(st.just("ranged"), st.integers(0, 4)),
    st.tuples(st.just("door"), coords),
)


def apply(doc: editor.Doc, edit: tuple[Any, ...]) -> editor.Doc:
    kind = edit[0]
    if kind == "paint":
        return editor.paint(doc, edit[1], edit[2])
    if kind == "wall":
        a, d = edit[1], edit[2]
        return editor.toggle_wall(doc, a, (a[0] + d[0], a[1] + d[1]))
    if kind == "place":
        return editor.place(doc, edit[1], edit[2], initiative=17)
    if kind == "active":
        return editor.set_active(doc, edit[1])
    if kind == "erase":
        return editor.erase(doc, edit[1])
    if kind == "hex":
        return editor.toggle_hex(doc, edit[1])
    if kind == "aoe":
        return editor.toggle_aoe(doc, edit[1])
    if kind == "resize":
        return editor.resize(doc, edit[1], edit[2])
    if kind == "apply":
        return editor.apply_outcome(doc, edit[1])
    if kind == "door":
        return editor.toggle_door(doc, edit[1])
    return editor.set_ability(
        doc,
        move=2,
        jump=False,
        flying=False,
        teleport=False,
        muddled=False,
        attack=True,
        range_=edit[1],
        targets=1,
    )


@given(st.lists(edits, max_size=25))
def test_random_edits_keep_a_valid_canonical_document(sequence: list[tuple[Any, ...]]) -> None:
    doc = editor.blank(7, 5)
    for edit in sequence:
        before = json.dumps(doc)
        try:
            new = apply(doc, edit)
        except EditError:
            assert json.dumps(doc) == before  # refused: nothing changed
            continue
        assert json.dumps(doc) == before  # edits never touch their input
        doc = new
        parsed = CasesDocumentIn.model_validate(doc)
        assert check_document(parsed) == [], edit
        assert editor_doc.single_case(parsed.model_dump(mode="json", exclude_unset=True)) == doc
    if importlib.util.find_spec("delvekit.gloomhaven.monster_ai.cases") is not None:
        from delvekit.gloomhaven.monster_ai.cases import parse_document

        parse_document(doc, where="editor")  # the engine takes whatever the editor makes
