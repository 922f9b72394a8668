"""The named-effect registry (issue 5): registration, dispatch from the engine, and the
``unresolved`` report for names without a handler."""

from __future__ import annotations

import pytest

from delvekit.core.errors import ContentError
from delvekit.gloomhaven.engine import registry as effects
from delvekit.gloomhaven.model.abilities import Ability
from delvekit.gloomhaven.model.conditions import Condition


def test_a_name_registered_twice_by_different_handlers_is_refused() -> None:
    @effect_once("test-twice")
    def first(game: object, fid: str, ability: Ability) -> None: ...

    with pytest.raises(ContentError, match="registered twice"):

        @effects.effect("test-twice")
        def second(game: object, fid: str, ability: Ability) -> None: ...

    del effects.EFFECTS["test-twice"]


def effect_once(name: str):  # type: ignore[no-untyped-def]
    return effects.effect(name)


def test_names_are_one_word() -> None:
    with pytest.raises(ContentError, match="one word"):
        effects.effect("two words")(lambda game, fid, ability: None)


def test_a_custom_ability_keeps_its_parts_through_text_and_json() -> None:
    a = Ability(
        kind="custom",
        note="affects-enemies-range",
        range=2,
        then=(Ability(kind="condition", condition=Condition.MUDDLE),),
    )
    assert Ability.parse(str(a)) == a
    outer = Ability(kind="custom", note="consume-ice", then=(a,))
    assert Ability.parse(str(outer)) == outer
    with pytest.raises(Exception, match="two levels deep"):
        Ability(kind="custom", note="x", then=(outer,))
    with pytest.raises(Exception, match="only a custom"):
        Ability(kind="heal", value=1, then=(a.then[0],))
