"""The distributed path for real: PostgreSQL, Redis and a Celery worker process."""

from __future__ import annotations

import os

import pytest
from django.conf import settings
from django.db import connection

from arena.tasks import ping
from tests.conftest import requires_services
from tests.workers import worker_process


@requires_services
def test_database_is_postgresql_when_database_url_says_so(db) -> None:
    assert os.environ["DATABASE_URL"].startswith(("postgres://", "postgresql://"))
    assert connection.vendor == "postgresql"
    with connection.cursor() as cursor:
        cursor.execute("SELECT version()")
        assert cursor.fetchone()[0].startswith("PostgreSQL")


@requires_services
def test_broker_is_redis_when_celery_broker_url_says_so() -> None:
    assert settings.CELERY_BROKER_URL.startswith("redis://")
    from arena.celery import app

    with app.connection_for_write() as conn:
        assert conn.transport.driver_type == "redis"
        conn.ensure_connection(max_retries=1)


@requires_services
@pytest.mark.django_db(transaction=True)
def test_a_real_worker_process_runs_a_task_and_returns_its_result() -> None:
    with worker_process("pingworker") as worker:
        result = ping.delay({"n": 42}).get(timeout=30)
        assert result["pong"] == {"n": 42}
        assert result["pid"] != os.getpid()
        assert result["hostname"].startswith("pingworker@")
        assert worker.poll() is None


@pytest.mark.django_db(transaction=True)
def test_a_worker_process_works_on_the_embedded_broker_too() -> None:
    """Without servers, the filesystem broker still moves tasks between real processes."""
    if settings.CELERY_BROKER_URL != "filesystem://":
        pytest.skip("this run uses a real broker; covered by the Redis test")
    with worker_process("fsworker") as worker:
        assert ping.delay("x").get(timeout=30)["pong"] == "x"
        assert worker.poll() is None
