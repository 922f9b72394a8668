"""Hypothesis strategies shared by the fuzzing suite: nasty values and JSON-document mutations."""

from __future__ import annotations

import copy
from typing import Any

from hypothesis import strategies as st

NASTY_INTS = [0, -1, 1, 99, 100, 101, 2**31, 2**53 + 1, 2**63 - 1, 2**63, 2**64, 10**30, -(10**30), 10**77]
NASTY_FLOATS = [0.5, -0.0, 1e308, 3.0]
NASTY_TEXTS = ["", " ", "x" * 5000, "garbage|x|y", "Ç1", "C.1", "\u0000", "null", "-1", "true", "9" * 400]


def deep(depth: int) -> Any:
    value: Any = []
    for _ in range(depth):
        value = [value]
    return value


nasty_values: st.SearchStrategy[Any] = st.one_of(
    st.sampled_from(NASTY_INTS),
    st.integers(),
    st.sampled_from(NASTY_FLOATS),
    st.sampled_from(NASTY_TEXTS),
    st.text(max_size=30),
    st.none(),
    st.booleans(),
    st.just([]),
    st.just({}),
    st.sampled_from([deep(70), deep(300), {"a": deep(80)}]),
    st.lists(st.integers(-3, 3), max_size=3),
)


def paths(doc: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path into ``doc`` (keys and list indices), the root excluded."""
    out: list[tuple[Any, ...]] = []
    if isinstance(doc, dict):
        for key, value in doc.items():
            out.append((*prefix, key))
            out.extend(paths(value, (*prefix, key)))
    elif isinstance(doc, list):
        for i, value in enumerate(doc):
            out.append((*prefix, i))
            out.extend(paths(value, (*prefix, i)))
    return out


@st.composite
def mutated(draw: st.DrawFn, doc: Any, all_paths: list[tuple[Any, ...]] | None = None) -> Any:
    """``doc`` with one to three random changes: a value replaced by a nasty one, a key removed
    or added, a list shortened or an entry repeated."""
    out = copy.deepcopy(doc)
    choices = all_paths if all_paths is not None else paths(doc)
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(choices))
        parent: Any = out
        try:
            for step in path[:-1]:
                parent = parent[step]
            last = path[-1]
            current = parent[last]
        except (KeyError, IndexError, TypeError):
            continue
        how = draw(st.sampled_from(["replace", "replace", "replace", "delete", "add", "repeat", "cut"]))
        if isinstance(parent, str):  # an earlier change put text where a container was
            continue
        if how == "replace":
            parent[last] = copy.deepcopy(draw(nasty_values))
        elif how == "delete":
            del parent[last]
        elif how == "add" and isinstance(current, dict):
            current[draw(st.sampled_from(["extra", "digest", "seal", "rules", "max_helth", "x" * 300]))] = (
                draw(nasty_values)
            )
        elif how == "repeat" and isinstance(current, list) and current:
            current.append(copy.deepcopy(current[draw(st.integers(0, len(current) - 1))]))
        elif how == "cut" and isinstance(current, list) and current:
            del current[draw(st.integers(0, len(current) - 1)) :]
    return out
