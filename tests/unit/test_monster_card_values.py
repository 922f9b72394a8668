"""Every monster ability card line of the box shows each rank's own values (§10.2: a card's move
and attack are relative to the stat line): the normal value first, then ``elite:`` (or ``boss:``)
with the elite's, none dropped, none left at the card's bare modifier when the stat line changes
it (the Living Bones' ``Attack +0`` reads ``Attack 1 / elite: Attack 2``, not ``Attack 0``)."""

from __future__ import annotations

import re
from collections.abc import Iterator

from delvekit.gloomhaven.content import load_pack
from delvekit.gloomhaven.describe import monster_card_lines
from delvekit.gloomhaven.model.abilities import Ability
from delvekit.gloomhaven.model.setup import MonsterStats, MonsterType
from delvekit.gloomhaven.testing.content_walk import every_monster_card

_NOT_RELATIVE = frozenset({"allies-bonus-this-round"})
"""Named effects whose inner attack is a bonus for others, not the monster's own attack."""


def _own(a: Ability) -> Iterator[Ability]:
    """The moves and attacks of an action the stat line works on (inside named effects too)."""
    if a.kind in ("move", "attack"):
        yield a
    elif a.kind == "custom" and a.note not in _NOT_RELATIVE:
        parts = a.then[:1] if a.note == "attack-bonus-if-target-adjacent-to-its-allies" else a.then
        for b in parts:
            yield from _own(b)


def _expected(a: Ability, stats: MonsterStats) -> re.Pattern[str]:
    if a.kind == "move":
        return re.compile(rf"\b(Move|Fly|Jump) {max(0, stats.move + a.value)}\b")
    return re.compile(rf"\bAttack {max(0, stats.attack + a.value)}\b")


def _ranks(mtype: MonsterType) -> list[tuple[str, MonsterStats]]:
    return [(r, s) for r, s in (("normal", mtype.normal), ("elite", mtype.elite), ("boss", mtype.boss)) if s]


def test_the_walk_covers_every_monster_deck() -> None:
    assert {m.deck for m, _ in every_monster_card()} == set(load_pack().monster_decks)


def test_every_move_and_attack_line_shows_each_ranks_own_value() -> None:
    bad: list[tuple[str, str, str]] = []
    checked = 0
    for mtype, card in every_monster_card():
        lines = monster_card_lines(card, mtype)
        for action, line in zip(card.actions, lines, strict=False):
            segments = re.split(r" / (?:elite|boss): ", line)
            for n, (rank, stats) in enumerate(_ranks(mtype)):
                said = segments[n] if len(segments) > 1 else segments[0]
                for a in _own(action):
                    checked += 1
                    if not _expected(a, stats).search(said):
                        bad.append((f"{mtype.name} {card.id} {rank}", line, _expected(a, stats).pattern))
    assert checked > 1000
    assert bad == []


def test_no_monster_line_names_a_move_or_attack_without_its_value() -> None:
    bare = re.compile(r"(?<!\d )\b(Move|Attack|Fly|Jump)\b(?! \d| to )")
    bad = [
        (mtype.name, card.id, line)
        for mtype, card in every_monster_card()
        for line in monster_card_lines(card, mtype)
        if bare.search(line.replace("Attacks on", ""))
    ]
    assert bad == []


def test_a_living_bones_card_with_a_bare_modifier_reads_each_ranks_value() -> None:
    """Living Bones 518: Attack +0, Target 2 on a stat line of Attack 1 (normal) / 2 (elite) at
    level 1; the line is never the card's bare ``Attack 0``."""
    mtype, card = next((m, c) for m, c in every_monster_card() if m.name == "living-bones" and c.id == "518")
    assert mtype.normal is not None and mtype.elite is not None
    line = monster_card_lines(card, mtype)[1]
    n, e = mtype.normal.attack + card.actions[1].value, mtype.elite.attack + card.actions[1].value
    assert line.startswith(f"Attack {n}, Target 2 / elite: Attack {e}, Target ")
