"""Campaign rule switches between editions, as data (§16.2, §16.4, §17.C6, §17.C9).

>>> get("frosthaven").max_start_level(5)
3
>>> get("gloomhaven").max_start_level(5)
5
"""

from __future__ import annotations

import msgspec

from delvekit.core.errors import InputError
from delvekit.gloomhaven.campaign.tables import StartingGoldRule


class CampaignRules(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    name: str
    starting_gold: StartingGoldRule = "fifteen_per_level"
    """GH1e 15 × (level + 1); the GH2E switch 10 × prosperity + 15 (unconfirmed)."""
    start_at_half_prosperity: bool = False
    """Frosthaven: a new character starts at most at ceil(prosperity / 2) (GHS #444)."""
    bonus_perk_scenario: int | None = None
    """Jaws of the Lion: completing this scenario grants every character one extra perk (GHS #526)."""

    def max_start_level(self, prosperity: int) -> int:
        return (prosperity + 1) // 2 if self.start_at_half_prosperity else prosperity


PRESETS: dict[str, CampaignRules] = {
    "gloomhaven": CampaignRules(name="gloomhaven"),
    "jaws_of_the_lion": CampaignRules(name="jaws_of_the_lion", bonus_perk_scenario=3),
    "frosthaven": CampaignRules(name="frosthaven", start_at_half_prosperity=True),
    "gloomhaven_2e": CampaignRules(name="gloomhaven_2e", starting_gold="prosperity_based"),
}


def get(name: str) -> CampaignRules:
    try:
        return PRESETS[name]
    except KeyError:
        known = ", ".join(PRESETS)
        raise InputError(f"unknown campaign rules {name!r}; known: {known}", where="edition") from None
