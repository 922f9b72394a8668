"""The safe expression language of content files (content/expr.py)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from delvekit.core.errors import ContentError
from delvekit.gloomhaven.content.expr import parse, value


@pytest.mark.parametrize(
    ("text", "variables", "expected"),
    [
        ("8xC", {"C": 4}, 32),
        ("8xCx2", {"C": 3}, 48),
        ("4+(2xL)", {"L": 3}, 10),
        ("6+2xL", {"L": 1}, 8),
        ("Cx(3+L)", {"C": 2, "L": 4}, 14),
        ("(11xC)/2", {"C": 3}, 17),  # "/" rounds up
        ("(11xC)/2", {"C": 2}, 11),
        ("2+(LxC//2)", {"L": 3, "C": 3}, 6),  # "//" rounds down
        ("-(C-1)", {"C": 4}, -3),
        ("R == 1", {"R": 1}, True),
        ("R == 1", {"R": 2}, False),
        ("R % 4 == 3", {"R": 7}, True),
        ("R == 3 || R == 9", {"R": 9}, True),
        ("R % 2 == 0 || C > 2", {"R": 1, "C": 2}, False),
        ("not R == 1 and C >= 3", {"R": 2, "C": 3}, True),
        ("R > 6", {"R": 6}, False),
    ],
)
def test_evaluates(text: str, variables: dict[str, int], expected: int | bool) -> None:
    result = parse(text).evaluate(**variables)
    assert result == expected
    assert type(result) is type(expected)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "is empty"),
        ("1 +", "ends too early"),
        ("(C", "missing ')'"),
        ("C and R", "'and' needs conditions"),
        ("C + (R == 1)", "'+' needs numbers"),
        ("1 == 2 == 3", "cannot be chained"),
        ("8yC", "unknown word 'y'"),
        ("__import__('os')", "unexpected character"),
        ("C $ 2", "unexpected character '$'"),
        ("not C", "'not' needs a condition"),
    ],
)
def test_refuses_bad_text_naming_the_expression(text: str, message: str) -> None:
    with pytest.raises(ContentError) as info:
        parse(text)
    assert message in str(info.value)
    assert repr(text) in str(info.value)


def test_missing_variable_and_division_by_zero_are_content_errors() -> None:
    with pytest.raises(ContentError, match="needs a value for C"):
        parse("8xC").evaluate()
    with pytest.raises(ContentError, match="division by zero"):
        parse("C/L").evaluate(C=1, L=0)


def test_variables_kind_and_value_helper() -> None:
    expr = parse("Cx(3+L)")
    assert expr.variables == frozenset({"C", "L"})
    assert expr.kind == "int"
    assert parse("R == 1").kind == "bool"
    assert value(7) == 7
    assert value("8xC", C=2) == 16
    with pytest.raises(ContentError, match="condition, not a number"):
        value("R == 1", R=1)


_leaf = st.one_of(st.integers(min_value=0, max_value=20).map(str), st.sampled_from(["C", "L", "R"]))


def _combine(children: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    return st.tuples(children, st.sampled_from(["+", "-", "x", "*", "/", "//", "%"]), children).map(
        lambda t: f"({t[0]}{t[1]}{t[2]})"
    )


@given(
    st.recursive(_leaf, _combine, max_leaves=8),
    st.integers(1, 4),
    st.integers(0, 7),
    st.integers(1, 12),
)
def test_canonical_text_parses_back_to_the_same_value(text: str, c: int, level: int, r: int) -> None:
    expr = parse(text)
    again = parse(str(expr))
    assert str(again) == str(expr)
    variables = {"C": c, "L": level, "R": r}
    try:
        first = expr.evaluate(**variables)
    except ContentError:
        with pytest.raises(ContentError):
            again.evaluate(**variables)
        return
    assert again.evaluate(**variables) == first
