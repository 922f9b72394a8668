"""One spelling for every id: the goal ``kill-all`` and the item slots ``one-hand``/``two-hands``,
as the content data spells them. Documents written with the old spellings (``kill_all``,
``one_hand``, ``two_hands``) still load, and are read as the new ones."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, get_args

import msgspec

from delvekit.gloomhaven.campaign.content import Slot
from delvekit.gloomhaven.content import load_pack
from delvekit.gloomhaven.content.schema import ITEM_SLOTS
from delvekit.gloomhaven.engine.game import Game
from delvekit.gloomhaven.model.setup import GameSetup, ItemSlot
from delvekit.gloomhaven.scenario.goals import DATA_FILE, WIN_CHECKED

GOLDEN = Path(__file__).resolve().parents[1] / "data" / "golden-logs"
OLD_LOG = GOLDEN / "s01-brute-mindthief-l1-seed0.jsonl"


def test_the_content_data_the_engine_and_the_campaign_spell_goals_and_slots_alike() -> None:
    pack = load_pack()
    assert {item.slot for item in pack.items.values()} <= set(ITEM_SLOTS)
    assert set(ITEM_SLOTS) == set(get_args(ItemSlot)) == set(get_args(Slot))
    goals = json.loads(DATA_FILE.read_text(encoding="utf-8"))["goals"]
    kinds = {part["kind"] for entry in goals for part in entry.get("win", ())}
    assert "kill-all" in kinds and "kill-all" in WIN_CHECKED
    assert not any("_" in kind for kind in kinds | set(WIN_CHECKED))


def test_a_log_written_with_kill_underscore_all_loads_and_is_saved_as_kill_all() -> None:
    text = OLD_LOG.read_text(encoding="utf-8")
    assert '"win":"kill_all"' in text  # written before the spelling was unified
    game = Game.from_log(text.splitlines())  # replays and checks the logged digest
    assert game.setup.win == "kill-all"
    saved = game.save()
    assert '"win":"kill-all"' in saved and "kill_all" not in saved
    assert Game.load(saved).digest() == game.digest()


def test_a_setup_decoded_with_the_old_goal_spelling_equals_one_with_the_new() -> None:
    game = Game.from_log(OLD_LOG.read_text(encoding="utf-8").splitlines())
    raw: dict[str, Any] = msgspec.to_builtins(game.setup)
    old = msgspec.convert({**raw, "win": "kill_all"}, GameSetup)
    assert old == game.setup and old.win == "kill-all"
    default = msgspec.convert({k: v for k, v in raw.items() if k != "win"}, GameSetup)
    assert default.win == "kill-all" and msgspec.to_builtins(default)["win"] == "kill-all"
