"""Every trait of every monster stat line in the pack reaches the engine's stats (§10.2: a stat
card's traits are permanent): for every monster and boss, level 0-7 and rank, each trait printed
on its stat line is present, with its value, in the engine's ``MonsterStats`` for that level and
rank, and no field claims a trait the line does not print. ``delve content check`` refuses a
stat-line trait or immunity the engine has no field for."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from delvekit.gloomhaven.content import ContentPack, load_pack, monster_traits
from delvekit.gloomhaven.content import schema as cs
from delvekit.gloomhaven.content.adapter import _stats
from delvekit.gloomhaven.content.check import check_pack
from delvekit.gloomhaven.content.expr import value as formula
from delvekit.gloomhaven.content.pack import BUNDLED
from delvekit.gloomhaven.model.conditions import Condition
from delvekit.gloomhaven.model.setup import MonsterStats

PACK = load_pack()
LINES = [
    (m.id, entry.level, rank)
    for m in PACK.monsters.values()
    for entry in m.levels
    for rank in ("normal", "elite", "boss")
    if getattr(entry, rank) is not None
]


def _expected(line: cs.StatLine, variables: dict[str, int]) -> dict[str, Any]:
    """The trait fields a stat line prints, read straight from the pack (not by the engine's
    table): what ``MonsterStats`` must hold."""
    out: dict[str, Any] = {
        "shield": 0, "retaliate": 0, "retaliate_range": 1, "pierce": 0, "targets": 1, "adds": set(),
        "card_adds": set(), "advantage": False, "attackers_disadvantage": False,
    }  # fmt: skip
    numbers = {"shield": "shield", "retaliate": "retaliate", "pierce": "pierce", "target": "targets"}
    for a in line.abilities:
        if a.type in numbers:
            out[numbers[a.type]] = formula(a.value, **variables)  # type: ignore[arg-type]
            for sub in a.sub:
                assert (a.type, sub.type) == ("retaliate", "range"), f"unexpected {a.type}.{sub.type}"
                out["retaliate_range"] = formula(sub.value, **variables)  # type: ignore[arg-type]
        elif a.type == "condition" and a.value in ("bless", "curse"):
            out["card_adds"].add(a.value)
        elif a.type == "condition":
            out["adds"].add(Condition(str(a.value)))
        elif (a.type, a.value) == ("custom", "advantage"):
            out["advantage"] = True
        elif (a.type, a.value) == ("custom", "disadvantage"):
            out["attackers_disadvantage"] = True
        else:
            raise AssertionError(f"a stat-line trait this test does not know: {a.type} {a.value}")
    return out


def _actual(stats: MonsterStats) -> dict[str, Any]:
    return {
        "shield": stats.shield, "retaliate": stats.retaliate, "retaliate_range": stats.retaliate_range,
        "pierce": stats.pierce, "targets": stats.targets, "adds": set(stats.adds),
        "card_adds": set(stats.card_adds), "advantage": stats.advantage,
        "attackers_disadvantage": stats.attackers_disadvantage,
    }  # fmt: skip


def test_the_pack_has_stat_lines_for_every_monster_level_and_rank() -> None:
    assert len(LINES) == sum(8 * (1 if m.boss else 2) for m in PACK.monsters.values())


@pytest.mark.parametrize("characters", [2, 4])
def test_10_2_every_stat_line_trait_of_the_pack_is_in_the_engine_stats(characters: int) -> None:
    wrong: list[tuple[Any, ...]] = []
    for mid, level, rank in LINES:
        m = PACK.monsters[mid]
        line = m.stats(level, rank)  # type: ignore[arg-type]
        variables = {"C": characters, "L": level, "V": 0, "X": 0}
        stats = _stats(line, m, {"C": characters, "L": level})
        assert stats is not None
        if _actual(stats) != _expected(line, variables):
            wrong.append((mid, level, rank, _expected(line, variables), _actual(stats)))
        if stats.flying != m.flying:
            wrong.append((mid, level, rank, "flying", m.flying))
        held = {c.value for c in stats.immunities} | set(stats.immune_cards)
        if held != set(m.immunities):
            wrong.append((mid, level, rank, "immunities", m.immunities, held))
    assert not wrong, wrong[:5]


def test_the_audited_traits_are_among_them() -> None:
    """The three the audit found lost: Sun Demon advantage, Night Demon / elite Black Imp (level
    3+) attackers' disadvantage, Flame Demon ranged retaliate (elite level 1+, normal level 3+)."""

    def stats(mid: str, level: int, rank: str) -> MonsterStats:
        m = PACK.monsters[mid]
        built = _stats(m.stats(level, rank), m, {"C": 2, "L": level})  # type: ignore[arg-type]
        assert built is not None
        return built

    assert all(stats("sun-demon", lv, r).advantage for lv in range(8) for r in ("normal", "elite"))
    assert all(
        stats("night-demon", lv, r).attackers_disadvantage for lv in range(8) for r in ("normal", "elite")
    )
    assert [stats("black-imp", lv, "elite").attackers_disadvantage for lv in range(8)] == [False] * 3 + [
        True
    ] * 5
    assert not any(stats("black-imp", lv, "normal").attackers_disadvantage for lv in range(8))
    assert [stats("flame-demon", lv, "elite").retaliate_range >= 2 for lv in range(8)] == [False] + [True] * 7
    assert [stats("flame-demon", lv, "normal").retaliate_range >= 2 for lv in range(8)] == [False] * 3 + [
        True
    ] * 5
    assert stats("flame-demon", 7, "elite").retaliate_range == 4


# ------------------------------------------------------------------ delve content check


def _user_monster(tmp_path: Path, abilities: list[dict[str, Any]], immunities: tuple[str, ...] = ()) -> Path:
    import json

    stat = {"health": 5, "move": 2, "attack": 2, "abilities": abilities}
    monster = {
        "id": "test-rat", "name": "Test Rat", "deck": "guard", "count": 4,
        "immunities": list(immunities),
        "levels": [{"level": n, "normal": stat, "elite": stat} for n in range(8)],
    }  # fmt: skip
    folder = tmp_path / "mine"
    (folder / "monsters").mkdir(parents=True)
    (folder / "monsters" / "test-rat.json").write_text(json.dumps(monster))
    return folder


def _problems(folder: Path) -> list[str]:
    return [
        f"{p.field}: {p.message}"
        for p in check_pack(ContentPack([BUNDLED, folder]))
        if p.file.startswith(str(folder))
    ]


def test_content_check_refuses_a_stat_line_trait_with_no_engine_field(tmp_path: Path) -> None:
    folder = _user_monster(
        tmp_path,
        [{"type": "custom", "value": "flies-backwards"}, {"type": "condition", "value": "regenerate"}],
        ("regenerate",),
    )
    problems = _problems(folder)
    assert (
        "levels[0].normal.abilities[0]: stat-line trait 'custom:flies-backwards' has no engine field"
        in problems
    )
    assert (
        "levels[0].normal.abilities[1]: stat-line trait 'condition:regenerate' has no engine field"
        in problems
    )
    assert "immunities[0]: immunity 'regenerate' has no engine field" in problems


def test_content_check_accepts_a_known_trait(tmp_path: Path) -> None:
    folder = _user_monster(
        tmp_path,
        [
            {"type": "retaliate", "value": 1, "sub": [{"type": "range", "value": 3}]},
            {"type": "custom", "value": "advantage"},
        ],
    )
    assert _problems(folder) == []


def test_content_check_would_have_listed_the_three_lost_traits(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without the fields of this fix (the engine's table as it was), the bundled pack fails the
    check on exactly the audit's three traits."""
    old = {k: v for k, v in monster_traits.TRAITS.items() if v not in ("advantage", "attackers_disadvantage")}
    del old["retaliate.range"]
    monkeypatch.setattr(monster_traits, "TRAITS", old)
    problems = check_pack(PACK)
    monsters = {p.file.rsplit("/", 1)[-1] for p in problems}
    messages = {p.message.split("'")[1] for p in problems}
    assert messages == {"custom:advantage", "custom:disadvantage", "retaliate.range"}
    assert any("monsters" in p.file for p in problems), monsters


def test_setup_refuses_a_stat_line_trait_with_no_engine_field() -> None:
    from delvekit.core.errors import ContentError

    m = PACK.monsters["bandit-guard"]
    line = cs.StatLine(
        health=5, move=1, attack=2, abilities=(cs.CardAbility(type="custom", value="flies-backwards"),)
    )
    with pytest.raises(ContentError, match="monster bandit-guard: stat-line trait 'custom:flies-backwards'"):
        _stats(line, m, {"C": 2, "L": 1})


def test_content_check_covers_the_summons_played_from_cards(monkeypatch: pytest.MonkeyPatch) -> None:
    """A summon's stat-line trait the engine's summons do not perform is a problem too: with
    "pierce" taken out of the engine's summon table, the Shadow Wolf's Pierce 2 is listed."""
    assert (
        monster_traits.unknown_traits((cs.CardAbility(type="shield", value=2),), monster_traits.SUMMON_TRAITS)
        == []
    )
    known = {k: v for k, v in monster_traits.SUMMON_TRAITS.items() if k != "pierce"}
    monkeypatch.setattr(monster_traits, "SUMMON_TRAITS", known)
    problems = check_pack(PACK)
    assert problems and all(p.message == "summon trait 'pierce' has no engine field" for p in problems)
    assert any(p.file.endswith("summoner.json") for p in problems)
