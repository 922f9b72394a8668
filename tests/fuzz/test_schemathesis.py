"""Schemathesis over the OpenAPI schema (`make test-all`): cases generated from the schema, valid
and invalid, for every operation; no answer is a 5xx, every 4xx carries a one-line JSON detail."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

schemathesis = pytest.importorskip("schemathesis", reason="schemathesis is in the dev extra")

from delvekit.web.app import create_app  # noqa: E402

from .conftest import TALLY  # noqa: E402

schema = schemathesis.openapi.from_asgi("/api/openapi.json", create_app())


@pytest.mark.slow
@schema.parametrize()
@settings(
    max_examples=400,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much, HealthCheck.data_too_large],
)
def test_no_operation_answers_a_server_error(case: Any) -> None:
    TALLY["schemathesis"] += 1
    response = case.call()
    assert response.status_code < 500, (case.method, case.path, response.status_code, response.text[:300])
    if response.status_code >= 400 and response.status_code != 405:
        body = json.loads(response.text)
        assert isinstance(body["detail"], str) and "\n" not in body["detail"], body
