"""The contract's records: canonical text that prints and parses, legal-choices view."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from delvekit.core.errors import InputError
from delvekit.core.records import Choice, Decision, Event, LegalChoices

token = st.text(
    alphabet=st.characters(blacklist_categories=("Z", "C"), blacklist_characters="|:"), min_size=1
)


@given(kind=token, args=st.lists(token, max_size=5))
def test_choice_text_round_trips(kind: str, args: list[str]) -> None:
    c = Choice(kind, tuple(args))
    assert Choice.parse(str(c)) == c
    assert Event.parse(str(Event(kind, tuple(args)))) == Event(kind, tuple(args))


@given(
    items=st.lists(
        st.tuples(token, st.lists(token, max_size=3)), min_size=0, max_size=6, unique_by=lambda x: x[0]
    )
)
def test_decision_text_round_trips(items: list[tuple[str, list[str]]]) -> None:
    d = Decision("party", "tie", [Choice(k, tuple(a)) for k, a in items])
    assert Decision.parse(str(d)) == d


@pytest.mark.parametrize("bad", ["", "a b", "a|b", "a:b", "tab\there"])
def test_bad_tokens_are_refused(bad: str) -> None:
    with pytest.raises(InputError):
        Choice("select", (bad,))


def test_empty_texts_are_refused() -> None:
    for parse in (Choice.parse, Event.parse):
        with pytest.raises(InputError):
            parse("   ")
    with pytest.raises(InputError):
        Decision.parse("no colon here")


def test_legal_choices_view() -> None:
    view = LegalChoices([Choice.of("select", "a", "b"), Choice.of("long-rest")])
    assert len(view) == 2
    assert "select a b" in view and Choice.of("long-rest") in view
    assert "select b a" not in view and "" not in view and 3 not in view
    assert [str(c) for c in view] == ["select a b", "long-rest"]
    assert view[1] == Choice.of("long-rest")
    assert view.texts() == ["select a b", "long-rest"]


def test_records_are_immutable_and_hashable() -> None:
    c = Choice.of("first", "bandit-guard")
    with pytest.raises(AttributeError):
        c.kind = "x"  # type: ignore[misc]
    assert len({c, Choice.parse("first bandit-guard")}) == 1
    assert Event.of("damage", "brute", "amount=2").get("amount") == "2"
    assert Event.of("damage", "brute").get("amount") is None
