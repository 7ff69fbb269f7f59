"""The API's OpenAPI schema is served, documented without a CDN, and true: Schemathesis fuzzes
every operation against it (no 5xx, every answer matches it), as an anonymous client and as a
signed-in author; throttling answers 429 with Retry-After; errors have one shape."""

from __future__ import annotations

import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections
from django.test import Client
from hypothesis import HealthCheck, settings
from rest_framework.throttling import AnonRateThrottle, UserRateThrottle
from schemathesis import checks

from arena.api.tokens import issue
from tests.tournament.replays import finished_match

pytestmark = pytest.mark.django_db

FUZZ_EXAMPLES = 5
"""Examples per operation and client (about 25 operations): a minute or so in all."""


@pytest.fixture
def world(users, monkeypatch):
    """Bots, finished games of both engines, an author with a token; no throttling in the way."""
    monkeypatch.setattr(AnonRateThrottle, "rate", raising=False, value="100000/minute")
    monkeypatch.setattr(UserRateThrottle, "rate", raising=False, value="100000/minute")
    finished_match("cardgame", seed=91)
    finished_match("catan", seed=92)
    _, key = issue(users["alice"], "fuzz")
    # As Django's test client does: the app must not close the test's database connection at
    # the end of each request (the test's transaction, or its in-memory SQLite, would go).
    for signal in (request_started, request_finished):
        signal.disconnect(close_old_connections)
    yield {"key": key}
    for signal in (request_started, request_finished):
        signal.connect(close_old_connections)


# Read from the running site at collection (the schema needs no database): what it serves is
# what is checked.
schema = schemathesis.openapi.from_wsgi("/api/schema/", get_wsgi_application())


CHECKS = [
    checks.not_a_server_error,
    checks.status_code_conformance,
    checks.content_type_conformance,
    checks.response_schema_conformance,
    checks.response_headers_conformance,
]
"""What must hold of every answer. Not asked: that the API take every request the schema
allows (it checks meaning too: a bot's code, a pair of different bots) or refuse every one it
does not (DRF reads "7" as a number)."""

FUZZ = settings(
    max_examples=FUZZ_EXAMPLES,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    derandomize=True,
)


@schema.parametrize()
@FUZZ
def test_every_answer_to_anyone_matches_the_schema_and_none_is_a_server_error(case, world) -> None:
    case.call_and_validate(checks=CHECKS)


@schema.parametrize()
@FUZZ
def test_every_answer_to_an_author_matches_the_schema_and_none_is_a_server_error(
    case, world
) -> None:
    case.call_and_validate(headers={"Authorization": f"Bearer {world['key']}"}, checks=CHECKS)


def test_the_schema_and_its_documentation_page_are_served_without_a_cdn(client) -> None:
    schema_answer = client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert schema_answer.status_code == 200
    document = schema_answer.json()
    assert document["openapi"].startswith("3.")
    for path in (
        "/api/matches/",
        "/api/tokens/",
        "/api/bots/{bot_id}/",
        "/api/leaderboards/{game}/",
    ):
        assert path in document["paths"], path
    assert {"basicAuth", "tokenAuth"} <= set(document["components"]["securitySchemes"])
    docs = client.get("/api/docs/").content.decode()
    assert "swagger-ui" in docs
    assert "http://" not in docs.replace("http://testserver", "") and "https://" not in docs
    assert (
        client.get(
            "/static/drf_spectacular_sidecar/swagger-ui-dist/swagger-ui-bundle.js"
        ).status_code
        == 200
    )


def test_a_client_past_its_rate_is_told_to_wait(users, monkeypatch) -> None:
    monkeypatch.setattr(AnonRateThrottle, "rate", raising=False, value="3/minute")
    client = Client()
    answers = [client.get("/api/matches/") for _ in range(4)]
    assert [a.status_code for a in answers] == [200, 200, 200, 429]
    assert int(answers[-1]["Retry-After"]) > 0
    assert "throttled" in answers[-1].json()["detail"]
    # A signed-in author has an allowance of its own.
    monkeypatch.setattr(UserRateThrottle, "rate", raising=False, value="5/minute")
    _, key = issue(users["alice"], "script")
    assert client.get("/api/matches/", HTTP_AUTHORIZATION=f"Bearer {key}").status_code == 200


def test_an_unknown_api_address_answers_in_the_apis_error_shape(client) -> None:
    answer = client.get("/api/no-such-thing/")
    assert answer.status_code == 404 and answer.json() == {"detail": "Not found."}
    page = client.get("/no-such-page/")
    assert page.status_code == 404 and "text/html" in page["Content-Type"]
