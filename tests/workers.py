"""Real Celery worker processes for tests (never eager mode)."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

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


def _process_env(extra_env: dict[str, str] | None) -> dict[str, str]:
    """The environment of a process that joins this test run: its database, and the broker,
    result store and queue this process's Celery app uses now (see :func:`broker_at`)."""
    env = dict(os.environ)
    env.update(
        DATABASE_URL=test_database_url(),
        CELERY_BROKER_URL=celery_app.conf.broker_url,
        CELERY_RESULT_BACKEND=celery_app.conf.result_backend,
        ARENA_CELERY_QUEUE=celery_app.conf.task_default_queue,
    )
    if celery_app.conf.broker_url.startswith("filesystem://"):
        env.pop("CELERY_BROKER_URL")  # the process derives the same folders from ARENA_VAR_DIR
    env.update(extra_env or {})
    return env


@contextlib.contextmanager
def _service_process(
    name: str, argv: list[str], extra_env: dict[str, str] | None
) -> Iterator[subprocess.Popen[bytes]]:
    """Run ``argv`` in its own session, logging to ``var/<name>.log``; on exit stop it with its
    whole process group, so no process outlives the test."""
    log = open(ROOT / "var" / f"{name}.log", "wb")  # noqa: SIM115 - closed below
    process = subprocess.Popen(
        argv,
        cwd=ROOT,
        env=_process_env(extra_env),
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    try:
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


@contextlib.contextmanager
def worker_process(
    name: str = "worker", concurrency: int = 1, extra_env: dict[str, str] | None = None
) -> Iterator[subprocess.Popen[bytes]]:
    """Start ``celery worker`` against this test run's broker, queue and database.

    The worker is ready when it has answered a ping task.
    """
    with _service_process(name, worker_argv(name, concurrency, standalone=True), extra_env) as p:
        from arena.tasks import ping

        ping.delay("ready").get(timeout=60)
        yield p


@contextlib.contextmanager
def beat_process(
    schedule_file: Path, extra_env: dict[str, str] | None = None
) -> Iterator[subprocess.Popen[bytes]]:
    """Start ``celery beat`` (the project's schedule; its timings from ``extra_env``) sending to
    this test run's broker and queue; its state lives in ``schedule_file``."""
    argv = [sys.executable, "-m", "celery", "-A", "arena", "beat", "--loglevel=INFO"]
    with _service_process("beat", [*argv, f"--schedule={schedule_file}"], extra_env) as p:
        yield p


@contextlib.contextmanager
def broker_at(url: str) -> Iterator[None]:
    """This process's Celery app (and the processes started here) use the broker (and result
    store) at ``url`` instead of the configured one."""
    conf = celery_app.conf
    # Celery reads these variables before its settings: they must follow too.
    variables = ("CELERY_BROKER_URL", "CELERY_RESULT_BACKEND")
    saved_env = {name: os.environ.get(name) for name in variables}
    saved = conf.broker_url, conf.result_backend

    def use(broker_url: str, backend_url: str) -> None:
        for name, value in zip(variables, (broker_url, backend_url), strict=True):
            if saved_env[name] is not None:
                os.environ[name] = value
        conf.broker_url, conf.result_backend = broker_url, backend_url
        assert (conf.broker_url, conf.result_backend) == (broker_url, backend_url)
        # Forget (not close: kombu keeps them per URL for the whole process) the connection and
        # producer pools.
        celery_app._after_fork()
        celery_app._backend_cache = None
        celery_app._local = threading.local()  # and the result store

    use(url, url)
    try:
        yield
    finally:
        use(*saved)
