"""The fuzzing suite's tiers and tallies.

Every property runs twice: a few hundred cases in all (derandomized, so `make test` is stable)
and, under ``@pytest.mark.slow`` (`make test-all`), thousands with fresh randomness. Each test
adds the cases it tried to a tally printed at the end of the run ("fuzz cases tried")."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

TALLY: Counter[str] = Counter()
FAILURES: Counter[str] = Counter()


def tiers(fast: int, slow: int) -> Any:
    """``@tiers(fast, slow)``: parametrize a test's ``cases`` argument with both tiers."""
    return pytest.mark.parametrize(
        "cases",
        [
            pytest.param(fast, id=f"{fast}-cases"),
            pytest.param(slow, id=f"{slow}-cases", marks=pytest.mark.slow),
        ],
    )


def run_cases(area: str, cases: int, test: Callable[..., None]) -> None:
    """Run the hypothesis test ``test`` (decorated with ``@given``) for ``cases`` examples and
    count what it tried under ``area``."""
    fast = cases < 1000
    counted = settings(
        max_examples=cases,
        deadline=None,
        derandomize=fast,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much],
    )
    inner = test.hypothesis.inner_test  # type: ignore[attr-defined]

    def tallied(*args: Any, **kwargs: Any) -> None:
        TALLY[area] += 1
        try:
            inner(*args, **kwargs)
        except Exception as exc:
            if not type(exc).__module__.startswith("hypothesis"):  # not its own control flow
                FAILURES[area] += 1
            raise

    test.hypothesis.inner_test = tallied  # type: ignore[attr-defined]
    counted(test)()


@pytest.fixture(scope="session", autouse=True)
def _report_tally(request: pytest.FixtureRequest) -> Iterator[None]:
    yield
    if TALLY:
        line = ", ".join(f"{area} {n}" for area, n in sorted(TALLY.items()))
        failed = sum(FAILURES.values())
        request.config.stash[_SUMMARY] = f"fuzz cases tried: {line}; failing examples seen: {failed}"


_SUMMARY = pytest.StashKey[str]()


def pytest_terminal_summary(terminalreporter: Any, config: pytest.Config) -> None:
    summary = config.stash.get(_SUMMARY, None)
    if summary:
        terminalreporter.write_line(summary)
