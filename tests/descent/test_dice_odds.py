"""Descent dice (rules digest §1): every row of §1.9 reproduced by `delve odds --game descent`,
the JSON contract of issue 16, surge spending and range, and the attribute-test table."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from delvekit.cli.main import _register, cli
from delvekit.core.rng import Rng
from delvekit.descent.dice import DICE, parse_pool, roll
from delvekit.descent.odds import attack_odds, attribute_test_pass, parse_surges, summary

_register()

# §1.9: pool, avg range (hit), avg hearts (hit), P(>=1 S), P(>=2 S), P(>=3 S), P(miss) (percent).
TABLE_1_9 = [
    ("blue,yellow", "4.67", "2.77", 67, 17, 0, 17),
    ("blue,red", "4.00", "3.77", 44, 6, 0, 17),
    ("blue,yellow,yellow", "5.33", "3.93", 83, 42, 8, 17),
    ("blue,yellow,red", "4.67", "4.93", 72, 25, 3, 17),
    ("blue,red,red", "4.00", "5.93", 54, 12, 1, 17),
    ("blue,green", "4.50", "2.27", 78, 22, 0, 17),
    ("blue,red,green", "4.50", "4.43", 81, 31, 4, 17),
    ("blue,yellow,green", "5.17", "3.43", 89, 50, 11, 17),
]


def delve(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["odds", "--game", "descent", *args])
    return result.exit_code, result.output


def test_faces_as_in_the_digest_1_1_to_1_7() -> None:
    blue = DICE["blue"].faces
    faces = [(f.range, f.hearts, f.surges) for f in blue[1:]]
    assert faces == [(2, 2, 1), (3, 2, 0), (4, 2, 0), (5, 1, 0), (6, 1, 1)]
    assert blue[0].miss and not any(f.miss for d in DICE.values() for f in d.faces if f is not blue[0])
    assert [f.shields for f in DICE["brown"].faces] == [0, 0, 0, 1, 1, 2]
    assert [f.shields for f in DICE["gray"].faces] == [0, 1, 1, 1, 2, 3]
    assert [f.shields for f in DICE["black"].faces] == [0, 2, 2, 2, 3, 4]

    # expected values per die (§1.1-§1.4)
    def mean(name: str, attr: str) -> Fraction:
        return Fraction(sum(getattr(f, attr) for f in DICE[name].faces), 6)

    assert (mean("blue", "range"), mean("blue", "hearts"), mean("blue", "surges")) == (
        Fraction(10, 3),
        Fraction(4, 3),
        Fraction(1, 3),
    )
    assert (mean("red", "hearts"), mean("red", "surges")) == (Fraction(13, 6), Fraction(1, 6))
    assert (mean("yellow", "range"), mean("yellow", "hearts"), mean("yellow", "surges")) == (
        Fraction(2, 3),
        Fraction(7, 6),
        Fraction(1, 2),
    )
    assert (mean("green", "range"), mean("green", "hearts"), mean("green", "surges")) == (
        Fraction(1, 2),
        Fraction(2, 3),
        Fraction(2, 3),
    )


@pytest.mark.parametrize("row", TABLE_1_9, ids=[r[0] for r in TABLE_1_9])
def test_table_1_9_row_by_the_cli(row: tuple[str, str, str, int, int, int, int]) -> None:
    pool, avg_range, avg_hearts, s1, s2, s3, miss = row
    code, out = delve("--attack", pool)
    assert code == 0, out
    line = out.splitlines()[1]
    assert f"avg range (hit) {avg_range}" in line and f"avg hearts (hit) {avg_hearts}" in line
    s = summary(parse_pool(pool, kind="attack"))
    at_least = s["surges_at_least"]
    assert isinstance(at_least, dict)
    for k, want in ((1, s1), (2, s2), (3, s3)):
        assert round(float(at_least[k]) * 100) == want
        assert f"P(>={k} surge rolled) {float(at_least[k]):.2%}" in line
    assert round(float(s["miss"]) * 100) == miss  # type: ignore[arg-type]
    assert f"miss {float(Fraction(1, 6)):.2%}" in line


@pytest.mark.parametrize(
    "attribute,percent",
    [(0, "2.8"), (1, "11.1"), (2, "22.2"), (3, "52.8"), (4, "72.2"), (5, "91.7"), (6, "97.2")],
)
def test_attribute_test_table_1_9(attribute: int, percent: str) -> None:
    assert f"{float(attribute_test_pass(attribute)) * 100:.1f}" == percent


def test_json_contract_of_issue_16() -> None:
    code, out = delve("--attack", "blue,red", "--defense", "brown,gray", "--json")
    assert code == 0, out
    data = json.loads(out)
    assert set(data) == {"miss", "damage", "surges", "range"}
    assert data["miss"] == pytest.approx(1 / 6)
    for key in ("damage", "surges", "range"):
        assert sum(data[key].values()) == pytest.approx(1.0)
        assert all(isinstance(v, float) for v in data[key].values())
    # the miss is counted as 0 damage, 0 surges, 0 range
    assert data["range"]["0"] == pytest.approx(1 / 6)
    # blue+red never has range 0 except on a miss; red adds no range: range == blue's number
    assert set(data["range"]) == {"0", "2", "3", "4", "5", "6"}


def test_damage_is_hearts_minus_shields_at_least_zero() -> None:
    # blue+red vs no defence: P(damage=2) = P(hit) * P(hearts=2): only blue 1 heart + red 1 heart
    odds = attack_odds(("blue", "red"))
    assert odds.damage[2] == Fraction(2, 6) * Fraction(1, 6)
    # a black die can never raise damage
    assert max(attack_odds(("blue",), ("black",)).damage) == 2


def test_surges_spent_reach_range_first_then_damage_4_6() -> None:
    # Range 7 is beyond a plain blue's 6: only a surge-bought +2 range can reach it. Blue 6 has a
    # surge (range 6 + 2 = 8 >= 7): so P(hit) = 1/6.
    odds = attack_odds(("blue",), abilities=parse_surges("+2range"), need_range=7)
    assert odds.hit == Fraction(1, 6)
    # without the ability nothing reaches range 7
    assert attack_odds(("blue",), need_range=7).hit == 0


def test_grisban_two_surges_two_identical_heart_abilities_4_14() -> None:
    # Two abilities with identical text are both usable (§4.6): with 2 surges both +1 heart apply.
    abilities = parse_surges("+1heart,+1heart")
    odds = attack_odds(("blue", "red"), abilities=abilities)
    plain = attack_odds(("blue", "red"))
    assert odds.expected(odds.spent_damage) > plain.expected(plain.damage)
    # blue 2 (2 hearts, 1 surge) + red 6 (3 hearts, 1 surge): 5 + 2 = 7 is the most possible
    assert max(odds.spent_damage) == 7


def test_jain_range_5_hits_a_goblin_2_away_4_14() -> None:
    # Jain rolls 3 on blue and 2 on yellow: range 5 reaches a goblin 2 spaces away.
    assert 3 + 2 >= 2
    odds = attack_odds(("blue", "yellow"), need_range=2)
    # only the miss can fail at range 2 (blue's least range is 2)
    assert odds.hit == Fraction(5, 6)


def test_bad_input_is_one_line() -> None:
    bad = [
        ["--attack", "blue,purple"],
        ["--attack", ""],
        ["--attack", "blue", "--defense", "red"],
        ["--attack", "blue", "--surges-for", "+1gold"],
        ["--attack", "blue", "--range", "-1"],
    ]
    for args in bad:
        code, out = delve(*args)
        assert code != 0 and "Traceback" not in out and out.strip().count("\n") == 0, out


def test_roll_uses_the_game_rng() -> None:
    a, b = roll(("blue", "red", "gray"), Rng(3)), roll(("blue", "red", "gray"), Rng(3))
    assert a == b and len(a.faces) == 3


pools = st.lists(st.sampled_from(["blue", "red", "yellow", "green"]), min_size=1, max_size=4)
defs = st.lists(st.sampled_from(["brown", "gray", "black"]), max_size=3)


@settings(max_examples=40, deadline=None)
@given(pools, defs)
def test_distributions_sum_to_one(attack: list[str], defense: list[str]) -> None:
    odds = attack_odds(attack, defense, abilities=parse_surges("+1heart,+1range"), need_range=3)
    for dist in (odds.damage, odds.surges, odds.range, odds.spent_damage):
        assert sum(dist.values()) == 1
    assert odds.miss == (Fraction(1, 6) if "blue" in attack else 0) or attack.count("blue") > 1


@settings(max_examples=40, deadline=None)
@given(pools, st.sampled_from(["red", "yellow", "green"]), st.integers(min_value=0, max_value=12))
def test_adding_a_die_never_lowers_the_chance_of_reaching_a_range(
    attack: list[str], extra: str, need: int
) -> None:
    def reach(pool: list[str]) -> Fraction:
        return sum((p for r, p in attack_odds(pool).range.items() if r >= need and r > 0), Fraction(0))

    assert reach([*attack, extra]) >= reach(attack)
