"""Fixtures for the web app's tests: an in-process client, a live server and Debian's Chromium."""

from __future__ import annotations

import os
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed")

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from delvekit.web.app import create_app
from delvekit.web.live import running_server

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture(scope="session")
def client() -> Iterator[TestClient]:
    with TestClient(create_app()) as c:
        yield c


@pytest.fixture(scope="session")
def live_url() -> Iterator[str]:
    with running_server() as url:
        yield url


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Debian's Chromium through Playwright (never a downloaded browser: see tools/ensure-chromium.sh)."""
    if not os.path.exists(CHROMIUM):
        pytest.fail(f"{CHROMIUM} is missing: run tools/ensure-chromium.sh (make test does)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield b
        finally:
            b.close()


@pytest.fixture
def page(browser: Any, live_url: str) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1400, "height": 900}, accept_downloads=True)
    context.set_default_timeout(10_000)
    pg = context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda exc: errors.append(str(exc)))
    pg.base_url = live_url  # type: ignore[attr-defined]
    try:
        yield pg
    finally:
        context.close()
    assert not errors, f"script errors on the page: {errors}"


@pytest.fixture
def web(tmp_path: Path) -> Iterator[TestClient]:
    """A web app on a fresh database with campaign "Gloom Hold": Ana (Brute) and Bo (Mindthief)."""
    with TestClient(create_app(db=tmp_path / "c.sqlite3")) as c:
        c.post("/api/campaigns", json={"name": "Gloom Hold", "party": "The Lost"})
        for name, cls in (("Ana", "brute"), ("Bo", "mindthief")):
            c.post(
                "/api/campaigns/Gloom Hold/actions",
                json={"action": "create_character", "name": name, "class": cls},
            )
        yield c
