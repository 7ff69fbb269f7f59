"""Real Celery worker processes for tests (never eager mode)."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
from collections.abc import Iterator
from pathlib import Path

from django.conf import settings
from django.db import connection

from arena.celery import app as celery_app
from arena.supervisor import worker_argv

ROOT = Path(__file__).resolve().parent.parent


def test_database_url() -> str:
    """A URL for the database the test run uses, for processes started by the test."""
    db = connection.settings_dict
    if connection.vendor == "sqlite":
        return f"sqlite:///{db['NAME']}"
    if connection.vendor == "postgresql":
        host = db.get("HOST") or "127.0.0.1"
        port = db.get("PORT") or 5432
        password = f":{db['PASSWORD']}" if db.get("PASSWORD") else ""
        return f"postgres://{db.get('USER') or ''}{password}@{host}:{port}/{db['NAME']}"
    raise RuntimeError(f"no URL form for database vendor {connection.vendor}")


@contextlib.contextmanager
def worker_process(
    name: str = "worker", concurrency: int = 1, extra_env: dict[str, str] | None = None
) -> Iterator[subprocess.Popen[bytes]]:
    """Start ``celery worker`` against this test run's broker, queue and database.

    The worker is ready when it has answered a ping task. On exit it is stopped with its whole
    process group, so no process outlives the test.
    """
    env = dict(os.environ)
    env.update(
        DATABASE_URL=test_database_url(),
        CELERY_BROKER_URL=settings.CELERY_BROKER_URL,
        CELERY_RESULT_BACKEND=settings.CELERY_RESULT_BACKEND,
        ARENA_CELERY_QUEUE=celery_app.conf.task_default_queue,
        **(extra_env or {}),
    )
    if settings.CELERY_BROKER_URL.startswith("filesystem://"):
        env.pop("CELERY_BROKER_URL")  # the worker derives the same folders from ARENA_VAR_DIR
    log = open(ROOT / "var" / f"{name}.log", "wb")  # noqa: SIM115 - closed below
    process = subprocess.Popen(
        worker_argv(name, concurrency, standalone=True),
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    try:
        from arena.tasks import ping

        ping.delay("ready").get(timeout=60)
        yield process
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
            with contextlib.suppress(subprocess.TimeoutExpired):
                process.wait(timeout=20)
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait()
        log.close()
