"""The campaign pages as a newcomer reads them: a rule's reason in the page's words, not the
command line's action names or content ids ("record it with fulfill_quest", "'the-power-of-
enhancement'" were shown on a character's sheet)."""

from __future__ import annotations

import html
import re
import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest

from delvekit.web.app import create_app

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient


@pytest.fixture
def web(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(db=tmp_path / "c.sqlite3")) as c:
        c.post("/api/campaigns", json={"name": "Gloom Hold", "party": "The Lost"})
        ana = {"action": "create_character", "name": "Ana", "class": "brute"}
        c.post("/api/campaigns/Gloom Hold/actions", json=ana)
        yield c


def test_a_characters_sheet_gives_its_reasons_in_the_pages_words(web: TestClient) -> None:
    page = html.unescape(web.get("/campaigns/Gloom%20Hold/characters/Ana").text)
    reasons = re.findall(r'class="[^"]*cw-why[^"]*">([^<]*)<', page)
    said = " ".join(reasons + re.findall(r"Not possible: ([^<]*)<", page))
    assert "“Record the personal quest fulfilled”" in said and "fulfill_quest" not in said
    assert "“The Power of Enhancement”" in page and "'the-power-of-enhancement'" not in page
