"""The campaign's state: plain records that encode to JSON (snapshots) and back.

The rules (``rules.py``) never change a state in place: they work on a copy and return it, so a
refused action leaves the original untouched.
"""

from __future__ import annotations

import msgspec


class _State(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    pass


class Enhancement(_State, kw_only=True):
    card: str
    half: str
    action_index: int
    sticker: str
    cost: int
    character: str


class Character(_State, kw_only=True):
    name: str
    cls: str = msgspec.field(name="class")
    player: str
    level: int = 1
    xp: int = 0
    gold: int = 0
    items: list[int] = []
    equipped: list[int] = []
    perks: list[int] = []
    """Perk line indices taken, in order (a line with several boxes can appear several times)."""
    checkmarks: int = 0
    checkmark_perks: int = 0
    """Perks earned from checkmarks so far (never falls when checkmarks are lost)."""
    bonus_perks: int = 0
    """Extra perks from earlier retirements of this player (fixed at creation)."""
    cards: list[str] = []
    """Cards added to the pool at levels 2 and above, in order."""
    quest: str | None = None
    quest_progress: int = 0
    quest_recorded: bool = False
    """The players recorded the personal quest as fulfilled (``fulfill_quest``: a condition the
    campaign does not track, such as "kill 15 elites")."""
    retired: bool = False
    blessings: int = 0
    """Bless cards donated for the next scenario."""
    donated_visit: int = -1


class Party(_State, kw_only=True):
    name: str
    reputation: int = 0
    achievements: list[str] = []
    location: str = "gloomhaven"


class CampaignState(_State, kw_only=True):
    edition: str = "gloomhaven"
    seed: int = 0
    draws: int = 0
    """Random draws made so far; each draw seeds its own generator from (seed, draws)."""
    party: Party | None = None
    prosperity_checkmarks: int = 0
    global_achievements: dict[str, int] = {}
    """Achievement → how many (only "ancient-technology" style achievements go above 1)."""
    city_deck: list[int] = []
    road_deck: list[int] = []
    removed_events: list[str] = []
    unlocked_scenarios: list[int] = []
    completed_scenarios: list[int] = []
    blocked_scenarios: list[int] = []
    """Scenarios blocked for good by completing another (§16.11)."""
    item_designs: list[int] = []
    looted_treasures: list[int] = []
    """Numbered treasures already looted (each once per campaign, §14)."""
    released_items: list[int] = []
    """Items the shop does not stock that a character sold or gave back (a treasure's item sold,
    a retiree's items): their copies join the city supply (§14, §16.6)."""
    donations: int = 0
    envelopes: list[str] = []
    milestones: list[str] = []
    """Sticky one-time unlocks already granted (reputation +10, +20, −10, −20, the drake...)."""
    classes_unlocked: list[str] = []
    classes_retired: list[str] = []
    retirements: dict[str, int] = {}
    """Player (lineage) → characters retired."""
    characters: dict[str, Character] = {}
    enhancements: dict[str, list[Enhancement]] = {}
    """Class → stickers on its cards (they stay with the class after retirement)."""
    quest_deck: list[str] = []
    quests_removed: list[str] = []
    item_design_deck: list[int] = []
    side_scenario_deck: list[int] = []
    visit: int = 0
    """Town visits started by campaign-mode scenarios (0 = the party has not played yet)."""
    city_event_visit: int = 0
    road_event_after: int = -1
    """Scenarios played when the last road event was resolved (one per trip)."""
    scenarios_played: int = 0
    last_scenario: int | None = None
    last_scenario_campaign: bool = False
    next_scenario: int | None = None
    next_direct: bool = False
    """The party goes to ``next_scenario`` straight from the last one, not through town."""
    scenario_effects: list[str] = []
    """Event effects waiting for the party's next scenario."""


def copy_state(state: CampaignState) -> CampaignState:
    """An independent deep copy (a msgpack round trip: fast and exact)."""
    return msgspec.msgpack.decode(msgspec.msgpack.encode(state), type=CampaignState)


def encode_state(state: CampaignState) -> bytes:
    return msgspec.json.encode(state)


def decode_state(raw: bytes | str) -> CampaignState:
    return msgspec.json.decode(raw, type=CampaignState)
