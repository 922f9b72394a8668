from __future__ import annotations

from typing import Any

import pytest

from delvekit.core.errors import DelvekitError
from delvekit.gloomhaven.campaign import Campaign, action_from_object, summary

from .fixture import content


class Play:
    """A campaign driven by JSON-shaped actions, as the log and the command line give them."""

    def __init__(self, seed: int = 1, edition: str = "gloomhaven") -> None:
        self.campaign = Campaign.new(content(), seed=seed, edition=edition)

    @property
    def state(self) -> Any:
        return self.campaign.state

    def do(self, name: str, /, **fields: Any) -> dict[str, Any]:
        self.campaign.apply(action_from_object({**fields, "action": name}))
        return self.show()

    def refused(self, name: str, match: str, /, **fields: Any) -> DelvekitError:
        before = self.show()
        with pytest.raises(DelvekitError, match=match) as info:
            self.campaign.apply(action_from_object({**fields, "action": name}))
        assert self.show() == before, "a refused action changed the campaign"
        return info.value

    def show(self) -> dict[str, Any]:
        return summary(self.campaign.catalog, self.campaign.state)

    def ch(self, name: str) -> dict[str, Any]:
        return self.show()["characters"][name]  # type: ignore[no-any-return]


@pytest.fixture
def play() -> Play:
    p = Play()
    p.do("new_party", name="The Lost")
    return p
