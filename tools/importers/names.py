"""Display names the GHS data files leave to its English label file (data/gh/label/en.json,
read with the search tool): personal quests and achievements. Names are facts; no rule text."""

from __future__ import annotations

PERSONAL_QUESTS: dict[int, str] = {
    510: "Seeker of Xorn",
    511: "Merchant Class",
    512: "Greed Is Gold",
    513: "Finding the Cure",
    514: "A Study of Anatomy",
    515: "Law Bringer",
    516: "Pounds of Flesh",
    517: "Trophy Hunt",
    518: "Eternal Wanderer",
    519: "Battle Legend",
    520: "Implement of Light",
    521: "Take Back the Trees",
    522: "The Thin Places",
    523: "Aberrant Slayer",
    524: "Fearless Stand",
    525: "Piety in All Things",
    526: "Vengeance",
    527: "Zealot of the Blood Good",  # GHS spelling kept (probably "God"; no second source)
    528: "Goliath Toppler",
    529: "The Fall of Man",
    530: "Augmented Abilities",
    531: "Elemental Samples",
    532: "A Helping Hand",
    533: "The Perfect Poison",
}

GLOBAL_ACHIEVEMENTS: dict[str, str] = {
    "ancient-technology": "Ancient Technology",
    "annihilation-of-order": "Annihilation of Order",
    "artifact-cleansed": "Artifact: Cleansed",
    "artifact-lost": "Artifact: Lost",
    "artifact-recovered": "Artifact: Recovered",
    "city-rule-demonic": "City Rule: Demonic",
    "city-rule-economic": "City Rule: Economic",
    "city-rule-militaristic": "City Rule: Militaristic",
    "end-of-corruption": "End of Corruption",
    "end-of-gloom": "End of Gloom",
    "end-of-the-invasion": "End of the Invasion",
    "the-dead-invade": "The Dead Invade",
    "the-drake-aided": "The Drake Aided",
    "the-drake-slain": "The Drake Slain",
    "the-edge-of-darkness": "The Edge of Darkness",
    "the-merchant-flees": "The Merchant Flees",
    "the-power-of-enhancement": "The Power of Enhancement",
    "the-rift-neutralized": "The Rift Neutralized",
    "the-voice-freed": "The Voice Freed",
    "the-voice-silenced": "The Voice Silenced",
    "water-breathing": "Water-Breathing",
}

PARTY_ACHIEVEMENTS: dict[str, str] = {
    "a-demons-errand": "A Demon's Errand",
    "a-map-to-treasure": "A Map to Treasure",
    "across-the-divide": "Across the Divide",
    "an-invitation": "An Invitation",
    "bad-business": "Bad Business",
    "dark-bounty": "Dark Bounty",
    "debt-collection": "Debt Collection",
    "first-steps": "First Steps",
    "fishs-aid": "Fish's Aid",
    "following-clues": "Following Clues",
    "grave-job": "Grave Job",
    "high-sea-escort": "High Sea Escort",
    "jekserahs-plans": "Jekserah's Plans",
    "redthorns-aid": "Redthorn's Aid",
    "sin-ra": "Sin-Ra",
    "stonebreakers-censer": "Stonebreaker's Censer",
    "sun-blessed": "Sun-Blessed",
    "the-drakes-command": "The Drake's Command",
    "the-drakes-treasure": "The Drake's Treasure",
    "the-poisons-source": "The Poison's Source",
    "the-scepter-and-the-voice": "The Scepter and the Voice",
    "the-voices-command": "The Voice's Command",
    "the-voices-treasure": "The Voice's Treasure",
    "through-the-nest": "Through the Nest",
    "through-the-ruins": "Through the Ruins",
    "through-the-trench": "Through the Trench",
    "tremors": "Tremors",
    "water-staff": "Water Staff",
}

#: Achievement families named "Family: Variant" in the source (at most one is held at a time).
GROUPS: dict[str, str] = {
    ident: name.partition(":")[0].lower().replace(" ", "-")
    for ident, name in GLOBAL_ACHIEVEMENTS.items()
    if ":" in name
}
