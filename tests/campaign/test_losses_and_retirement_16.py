"""§16.1: a loss never takes a character below a perk threshold (checkmarks), 0 gold or the XP of
its level; §16.8: a character retires because its personal quest is fulfilled (1st edition: no
voluntary retirement), which the players may record with ``fulfill_quest`` when the campaign
cannot track it. The first tests replay the campaign audit of 2026-11-27 on the bundled pack."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from delvekit.core.errors import DelvekitError
from delvekit.gloomhaven.campaign import Campaign, Catalog, action_from_object, encode_action, summary
from delvekit.gloomhaven.campaign.pack import from_pack
from delvekit.store import CampaignStore

from .conftest import Play


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    from delvekit.gloomhaven.content import load_pack

    return Catalog(from_pack(load_pack()), where="bundled pack")


class Real:
    """A campaign on the bundled pack, driven by JSON-shaped actions."""

    def __init__(self, catalog: Catalog) -> None:
        self.c = Campaign.new(catalog, seed=3)
        self.do("new_party", name="Real")

    def do(self, name: str, /, **fields: Any) -> dict[str, Any]:
        self.c.apply(action_from_object({**fields, "action": name}))
        return summary(self.c.catalog, self.c.state)

    def refused(self, name: str, match: str, /, **fields: Any) -> None:
        before = summary(self.c.catalog, self.c.state)
        with pytest.raises(DelvekitError, match=match):
            self.c.apply(action_from_object({**fields, "action": name}))
        assert summary(self.c.catalog, self.c.state) == before, "a refused action changed the campaign"

    def ch(self, name: str) -> dict[str, Any]:
        return summary(self.c.catalog, self.c.state)["characters"][name]  # type: ignore[no-any-return]


def _with_checkmarks(real: Real, counts: dict[str, int]) -> None:
    for name, cls in zip(counts, ("brute", "spellweaver", "tinkerer"), strict=False):
        real.do("create_character", name=name, **{"class": cls})
    real.do(
        "complete_scenario",
        scenario=1,
        success=True,
        characters={n: {"checkmarks": k} for n, k in counts.items()},
    )


# ------------------------------------------------------------------ §16.1 checkmarks


def test_16_1_city_event_4_B_lost_checkmark_never_below_a_perk_threshold(catalog: Catalog) -> None:
    """City event 4 option B: each loses one battle-goal checkmark, +1 reputation. At 3 (a perk
    earned) nothing is lost; at 4 one is; at 2 (no perk yet) one is."""
    real = Real(catalog)
    _with_checkmarks(real, {"Ana": 3, "Bo": 4, "Cy": 2})
    perks = {n: real.ch(n)["perks_allowed"] for n in ("Ana", "Bo", "Cy")}
    s = real.do("city_event", card=4, option="B")
    assert s["reputation"] == 1
    assert [real.ch(n)["checkmarks"] for n in ("Ana", "Bo", "Cy")] == [3, 3, 1]
    assert {n: real.ch(n)["perks_allowed"] for n in ("Ana", "Bo", "Cy")} == perks  # the perk count holds


def test_16_1_two_losses_in_a_row_stop_at_the_threshold(catalog: Catalog) -> None:
    real = Real(catalog)
    _with_checkmarks(real, {"Ana": 7, "Bo": 0})
    real.do("city_event", card=4, option="B")
    real.do("choose_scenario", scenario=2)
    real.do("road_event", card=6, option="A")  # also: each loses one checkmark
    assert real.ch("Ana")["checkmarks"] == 6 and real.ch("Bo")["checkmarks"] == 0


def test_16_1_add_checkmarks_loss_below_a_threshold_is_refused(play: Play) -> None:
    play.do("create_character", name="Ana", **{"class": "brute"})
    play.do("add_checkmarks", character="Ana", count=4)
    play.do("add_checkmarks", character="Ana", count=-1)  # 4 → 3: above the threshold, allowed
    assert play.ch("Ana")["checkmarks"] == 3
    play.refused("add_checkmarks", "never goes below the perk threshold 3", character="Ana", count=-1)
    assert play.ch("Ana")["perks_allowed"] == 1


# ------------------------------------------------------------------ §16.1 gold and XP


def test_16_1_gold_loss_never_below_0(catalog: Catalog) -> None:
    """City event 13 option A: each loses 3 gold."""
    real = Real(catalog)
    real.do("create_character", name="Ana", **{"class": "brute"})
    real.do("create_character", name="Bo", **{"class": "spellweaver"})
    real.do("complete_scenario", scenario=1, success=True, characters={"Ana": {}, "Bo": {}})
    real.c.state.characters["Ana"].gold = 0
    real.c.state.characters["Bo"].gold = 2
    real.do("city_event", card=13, option="A")
    assert (real.ch("Ana")["gold"], real.ch("Bo")["gold"]) == (0, 0)


def test_16_1_xp_loss_never_below_the_xp_of_the_level(play: Play) -> None:
    """The fixture's road event 3 option B takes 5 XP from a party without a brute or sunkeeper."""
    play.do("create_character", name="Ti", **{"class": "tinkerer"})
    play.do("create_character", name="Sc", **{"class": "scoundrel"})
    play.do("complete_scenario", scenario=1, success=True, characters={"Ti": {"xp": 45}, "Sc": {"xp": 48}})
    play.do("level_up", character="Ti", card=play.ch("Ti")["card_choices"][0], perk=0)
    play.do("level_up", character="Sc", card=play.ch("Sc")["card_choices"][0], perk=0)
    play.do("choose_scenario", scenario=2)
    play.do("road_event", card=3, option="B")
    assert (play.ch("Ti")["xp"], play.ch("Sc")["xp"]) == (45, 45)  # level 2 needs 45
    assert play.ch("Ti")["level"] == 2


# ------------------------------------------------------------------ §16.8 retirement


def test_16_8_retirement_refused_until_the_personal_quest_is_fulfilled(catalog: Catalog) -> None:
    real = Real(catalog)
    real.do("create_character", name="Ana", **{"class": "brute"})
    quest = real.ch("Ana")["personal_quest"]
    target = catalog.quests[quest].target
    assert target > 1 and not real.ch("Ana")["quest_fulfilled"]
    real.refused(
        "retire",
        rf"cannot retire: personal quest {quest} is not fulfilled \(progress 0/{target}\)",
        character="Ana",
    )
    real.do("quest_progress", character="Ana", amount=target - 1)
    real.refused("retire", f"progress {target - 1}/{target}", character="Ana")
    real.do("quest_progress", character="Ana", amount=1)
    assert real.ch("Ana")["quest_fulfilled"]
    assert real.do("retire", character="Ana")["characters"]["Ana"]["retired"]


def test_16_8_fulfill_quest_records_an_untracked_quest_then_retire(catalog: Catalog) -> None:
    real = Real(catalog)
    real.do("create_character", name="Ana", **{"class": "brute"})
    real.refused("retire", "not fulfilled", character="Ana")
    s = real.do("fulfill_quest", character="Ana")
    assert s["characters"]["Ana"]["quest_fulfilled"] and not s["characters"]["Ana"]["retired"]
    real.refused("fulfill_quest", "already fulfilled", character="Ana")
    real.refused("choose_scenario", "must retire first", scenario=1)  # a fulfilled quest: retire now
    assert real.do("retire", character="Ana")["characters"]["Ana"]["retired"]
    real.refused("fulfill_quest", "has retired", character="Ana")


def test_fulfill_quest_is_logged_and_undone_like_any_action(tmp_path: Path, catalog: Catalog) -> None:
    store = CampaignStore(tmp_path / "c.sqlite3", lambda ref: catalog)
    store.create("C", content="bundled", seed=3)
    for a in (
        {"action": "new_party", "name": "Real"},
        {"action": "create_character", "name": "Ana", "class": "brute"},
        {"action": "fulfill_quest", "character": "Ana"},
    ):
        store.do("C", action_from_object(a))
    assert store.state("C").characters["Ana"].quest_recorded
    logged = [e.action for e in store.log("C") if e.action]
    assert logged[-1] == {"action": "fulfill_quest", "character": "Ana"}
    undone, state = store.undo("C")
    assert encode_action(undone) == '{"action":"fulfill_quest","character":"Ana"}'
    assert not state.characters["Ana"].quest_recorded
    with pytest.raises(DelvekitError, match="not fulfilled"):
        store.do("C", action_from_object({"action": "retire", "character": "Ana"}))


def test_fulfill_quest_needs_a_quest(play: Play) -> None:
    play.state.quest_deck.clear()
    play.do("create_character", name="Nobody", **{"class": "brute"})
    play.refused("fulfill_quest", "no personal quest", character="Nobody")
    play.refused("fulfill_quest", "unknown character", character="Ghost")
