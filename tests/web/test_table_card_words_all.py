"""Every bundled monster ability card (every monster deck, bosses' specials worked in) and every
class card reads as a player's words on both faces: the table companion's card lines (each rank's
stat line worked in, :func:`delvekit.web.table_ai.card_lines`) and the words of the command line
and play page (:func:`delvekit.gloomhaven.describe.monster_card_lines` / ``half_text``). No engine
token shows: no ``=``, no ``_``, no lower-case hyphenated token (``affects-``, ``shield-on-attacked``),
and every named effect of a monster card has words of its own."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed")

from delvekit.gloomhaven.card_words import worded
from delvekit.gloomhaven.content import load_pack
from delvekit.gloomhaven.content.abilities import convert_half
from delvekit.gloomhaven.describe import half_text, monster_card_lines
from delvekit.gloomhaven.testing.content_walk import every_monster_card
from delvekit.web.table_ai import card_lines

RAW = re.compile(r"[=_]|(?<![A-Za-z])[a-z]+-[a-z]+")
"""An engine token: ``x=y``, ``a_b`` or a lower-case hyphenated word (``affects-enemies``)."""


def _lines() -> Iterator[tuple[str, str]]:
    for mtype, card in every_monster_card():
        where = f"{mtype.name} card {card.id}"
        for rank in ("normal", "elite", "boss"):
            stats = getattr(mtype, rank)
            if stats is not None:
                for line in card_lines(stats, card.actions):
                    yield f"table: {where} ({rank})", line
        for line in monster_card_lines(card, mtype):
            yield f"describe: {where}", line


def test_the_walk_covers_every_monster_deck_in_the_box() -> None:
    decks = {mtype.deck for mtype, _ in every_monster_card()}
    assert decks == set(load_pack().monster_decks)
    assert len(every_monster_card()) > 400


def test_no_monster_card_line_shows_an_engine_token() -> None:
    bad = [(where, line) for where, line in _lines() if RAW.search(line)]
    assert bad == []


def test_every_monster_card_line_starts_as_a_sentence() -> None:
    bad = [(where, line) for where, line in _lines() if not (line[:1].isupper() or line[:1] in "+-")]
    assert bad == []


def test_every_named_effect_on_a_monster_card_has_words_of_its_own() -> None:
    notes = {
        (a.note, f"{mtype.name} {card.id}")
        for mtype, card in every_monster_card()
        for a in card.actions
        if a.kind == "custom"
    }
    assert len(notes) > 40
    assert [n for n in notes if not worded(n[0])] == []


def test_no_class_card_shows_an_engine_token() -> None:
    pack = load_pack()
    bad = []
    for cid, klass in sorted(pack.classes.items()):
        for card in klass.cards:
            for half in (card.top, card.bottom):
                text = half_text(convert_half(half, {"C": 2, "L": 1}))
                if RAW.search(text):
                    bad.append((cid, card.name, text))
    assert bad == []
