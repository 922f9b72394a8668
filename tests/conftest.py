"""Settings for the whole test suite.

Two tiers (docs/architecture.md): ``make test`` runs ``-m "not slow"`` on two xdist workers;
``make test-all`` runs everything. Browser tests share one worker (one Chromium, one server).

Hypothesis example counts come from a profile, never from a test: ``fast`` (the default, used by
``make test``) and ``thorough`` (``make test-all``, or ``HYPOTHESIS_PROFILE=thorough``).
"""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

_QUIET = [HealthCheck.too_slow, HealthCheck.function_scoped_fixture]
settings.register_profile("fast", max_examples=25, deadline=None, suppress_health_check=_QUIET)
settings.register_profile("thorough", max_examples=300, deadline=None, suppress_health_check=_QUIET)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "fast"))


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Every browser test runs on the same xdist worker (``--dist loadgroup``)."""
    for item in items:
        if item.get_closest_marker("browser") is not None:
            item.add_marker(pytest.mark.xdist_group("browser"))
