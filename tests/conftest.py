"""Test-wide set-up: a private Celery queue per test run, so stale tasks never interfere."""

from __future__ import annotations

import os
import uuid

import pytest


def pytest_configure(config: pytest.Config) -> None:
    from arena.celery import app

    app.conf.task_default_queue = f"test-{os.getpid()}-{uuid.uuid4().hex[:8]}"


def uses_real_services() -> bool:
    return bool(os.environ.get("DATABASE_URL")) and bool(os.environ.get("CELERY_BROKER_URL"))


requires_services = pytest.mark.skipif(
    not uses_real_services(),
    reason="needs DATABASE_URL (PostgreSQL) and CELERY_BROKER_URL (Redis); .ci/run sets both",
)


@pytest.fixture(autouse=True)
def own_sign_in_counts(monkeypatch) -> None:
    """Each test counts failed sign-ins afresh (arena/throttle.py): the counts live in the cache,
    which outlives a test (the process's memory, or Redis)."""
    from arena import throttle

    monkeypatch.setattr(throttle, "KEY_PREFIX", f"signin-test-{uuid.uuid4().hex[:12]}")


@pytest.fixture(autouse=True)
def own_api_allowance(monkeypatch) -> None:
    """Each test starts with a fresh API allowance (DRF's throttles count in the cache, which
    outlives a test): their counts go to a cache of the test's own."""
    from django.core.cache.backends.locmem import LocMemCache
    from rest_framework.throttling import SimpleRateThrottle

    monkeypatch.setattr(SimpleRateThrottle, "cache", LocMemCache(uuid.uuid4().hex, {}))


@pytest.fixture
def stand_in_family(monkeypatch) -> str:
    """A board game family with no rule of its own, playable for one test (tests/families.py)."""
    from tests.families import register_stand_in

    return register_stand_in(monkeypatch)
