"""Settings for the whole test suite.

Two tiers (docs/architecture.md): ``make test`` runs ``-m "not slow"`` on two xdist workers
(``--dist loadfile``: each test module runs whole on one worker, so a module's fixtures, such as
a browser walkthrough's server, hold for all its steps); ``make test-all`` runs everything.

Hypothesis example counts come from a profile, never from a test: ``fast`` (the default, used by
``make test``) and ``thorough`` (``make test-all``, or ``HYPOTHESIS_PROFILE=thorough``).
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

_QUIET = [HealthCheck.too_slow, HealthCheck.function_scoped_fixture]
settings.register_profile("fast", max_examples=25, deadline=None, suppress_health_check=_QUIET)
settings.register_profile("thorough", max_examples=300, deadline=None, suppress_health_check=_QUIET)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "fast"))

