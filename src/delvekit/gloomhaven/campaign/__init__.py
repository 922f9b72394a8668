"""The Gloomhaven campaign: town, shop, prosperity, reputation, levels, perks, events, retirement
and enhancements, kept exactly by the rules digest (§15–§16).

A campaign is its content (:class:`CampaignContent`), its rule switches and a state changed only by
actions (:mod:`.actions`); every action is validated and refused with a reason or applied whole.
"""

from delvekit.gloomhaven.campaign.actions import Action, action_from_object, decode_action, encode_action
from delvekit.gloomhaven.campaign.content import CampaignContent, Catalog, decode_content, load_content
from delvekit.gloomhaven.campaign.rules import Campaign, apply_action, apply_scenario_result, new_state
from delvekit.gloomhaven.campaign.state import CampaignState, decode_state, encode_state
from delvekit.gloomhaven.campaign.view import render_text, summary

__all__ = [
    "Action",
    "Campaign",
    "CampaignContent",
    "CampaignState",
    "Catalog",
    "action_from_object",
    "apply_action",
    "apply_scenario_result",
    "decode_action",
    "decode_content",
    "decode_state",
    "encode_action",
    "encode_state",
    "load_content",
    "new_state",
    "render_text",
    "summary",
]
