"""``/healthz`` reports the database and the broker."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from arena import health
from arena.models import WorkerHeartbeat


@pytest.mark.django_db
def test_it_returns_200_when_database_and_broker_answer(client) -> None:
    response = client.get("/healthz")
    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "ok"
    assert body["database"]["ok"] is True
    assert body["broker"]["ok"] is True


@pytest.mark.django_db
def test_it_returns_503_when_the_broker_is_down(client, settings) -> None:
    settings.CELERY_BROKER_URL = "redis://127.0.0.1:1/0"  # nothing listens on port 1
    response = client.get("/healthz")
    assert response.status_code == 503
    body = response.json()
    assert body["status"] == "fail"
    assert body["broker"]["ok"] is False
    assert body["database"]["ok"] is True


@pytest.mark.django_db
def test_it_returns_503_when_the_database_fails(client, monkeypatch) -> None:
    def broken() -> dict:
        return {"ok": False, "vendor": "x", "error": "connection refused"}

    monkeypatch.setattr(health, "database_health", broken)
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json()["database"]["ok"] is False


@pytest.mark.django_db
def test_it_counts_workers_with_a_recent_heartbeat(client) -> None:
    WorkerHeartbeat.objects.create(hostname="fresh@x", last_seen=timezone.now())
    WorkerHeartbeat.objects.create(
        hostname="stale@x", last_seen=timezone.now() - timedelta(hours=1)
    )
    workers = client.get("/healthz").json()["workers"]
    assert workers["alive"] == 1
    assert workers["hostnames"] == ["fresh@x"]


@pytest.mark.django_db
def test_home_page_renders(client) -> None:
    response = client.get("/")
    assert response.status_code == 200
    assert b"Catan Arena" in response.content
