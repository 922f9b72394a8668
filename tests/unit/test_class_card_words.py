"""Class card words (:mod:`delvekit.gloomhaven.class_words`): every class card half reads as a
player would say it, in our own words. A walk over every class card of the box refuses raw
pieces (a ``+0`` bonus, ``X Is``, ``Affects``, a doubled word, empty parentheses or segments), and
the starting classes' level-1 halves are a golden list (``golden/starting_class_cards.txt``), so
any change of their words shows in review. To accept new words on purpose, rewrite the list:
``python tests/unit/test_class_card_words.py``."""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from delvekit.gloomhaven.class_words import class_text
from delvekit.gloomhaven.content import load_pack
from delvekit.gloomhaven.content.abilities import convert_half
from delvekit.gloomhaven.describe import ability_text, half_text
from delvekit.gloomhaven.model.abilities import Ability

STARTING = ("brute", "tinkerer", "spellweaver", "scoundrel", "cragheart", "mindthief")
GOLDEN = Path(__file__).parent / "golden" / "starting_class_cards.txt"

RAW = {
    "a +0 or -0 bonus": re.compile(r"Plus 0|Minus 0|[+-]0 [A-Z]"),
    "X Is": re.compile(r"X Is\b"),
    "Affects": re.compile(r"\baffects\b", re.I),
    "a doubled word": re.compile(r"\b(\w+) \1\b", re.I),
    "empty parentheses": re.compile(r"\(\s*\)"),
    "an empty segment": re.compile(r";\s*;|,\s*,|:\s*;|,\s*;|^\s*[;,]|[;,:]\s*$"),
}


def _halves(
    classes: tuple[str, ...] | None = None, levels: tuple[object, ...] | None = None
) -> Iterator[str]:
    pack = load_pack()
    for cid, klass in sorted(pack.classes.items()):
        if classes is not None and cid not in classes:
            continue
        for card in klass.cards:
            if levels is not None and card.level not in levels:
                continue
            for side, half in (("top", card.top), ("bottom", card.bottom)):
                text = half_text(convert_half(half, {"C": 2, "L": 1}))
                yield f"{cid} {card.level} {card.name} ({side}): {text}"


def test_the_walk_covers_every_class_card_half_in_the_box() -> None:
    assert len(list(_halves())) == 2 * sum(len(k.cards) for k in load_pack().classes.values()) > 900


@pytest.mark.parametrize("flaw", sorted(RAW))
def test_no_class_card_half_reads_with_a_raw_piece(flaw: str) -> None:
    bad = [line for line in _halves() if RAW[flaw].search(line.split(": ", 1)[1])]
    assert bad == []


def test_the_starting_classes_level_one_halves_read_as_the_golden_list() -> None:
    said = list(_halves(STARTING, (1,)))
    assert len(said) == 2 * 6 * 10  # ten level-1 cards each
    assert said == GOLDEN.read_text(encoding="utf-8").splitlines()


_EXAMPLES = [
    (("xp-per-retaliate", "xp 1"), "1 XP each time it retaliates"),
    (
        ("control-enemy", "@affects-enemy-range-5", "attack 2", "@range-plus-0", "@targets-other-enemies"),
        "Control one enemy within Range 5: it performs Attack 2 on its own allies",
    ),
    (("ally-performs", "@affects-ally-adjacent", "attack 6"), "One adjacent ally performs Attack 6"),
    (("attack-x", "@x-is-hexes-moved-this-turn"), "Attack equal to the hexes moved this turn"),
    (
        ("next-attacks-if", "@when-alone", "attack 2"),
        "+2 Attack on its next attacks if none of the target's allies is next to it",
    ),
    (("afflict", "condition poison", "@affects-enemy-adjacent"), "Poison one adjacent enemy"),
    (
        ("to-allies", "shield 1", "@affects-self-allies-adjacent"),
        "Shield 1 for itself and every adjacent ally",
    ),
    (
        ("attack-consumes", "attack 3", "@consume-ice", "condition stun", "xp 1"),
        "Attack 3; consume Ice for Stun, 1 XP",
    ),
    (
        ("elemental", "attack 1", "@consume-fire", "attack 2", "xp 1", "@consume-air", "attack 2"),
        "Attack 1; consume Fire for +2 Attack, 1 XP; consume Air for +2 Attack",
    ),
    (("kill", "@normal-only", "@affects-enemy-adjacent"), "Kill one adjacent normal enemy"),
    (("sb-cleanse", "@affects-ally-adjacent"), "Cleanse one adjacent ally"),
]


@pytest.mark.parametrize(("parts", "words"), _EXAMPLES)
def test_a_named_effect_reads_as_a_player_says_it(parts: tuple[str, ...], words: str) -> None:
    """The brief's examples: the Brute's Eye for an Eye, the Mindthief's Submissive Affliction and
    Possession, Balanced Measure, Single Out; the shared wordings; an unknown wording's verb
    (``@note``: a named part)."""
    then = tuple(
        Ability(kind="custom", note=p[1:]) if p.startswith("@") else Ability.parse(p) for p in parts[1:]
    )
    wording = Ability(kind="custom", note=parts[0], then=then)
    assert class_text(wording, ability_text) == words
    assert ability_text(wording) == words


def _write_golden() -> None:
    GOLDEN.parent.mkdir(exist_ok=True)
    GOLDEN.write_text("\n".join(_halves(STARTING, (1,))) + "\n", encoding="utf-8")


if __name__ == "__main__":
    _write_golden()
    sys.exit(0)
