"""Settings come from the environment and refuse unsafe production configurations."""

from __future__ import annotations

import os
import subprocess
import sys

from tests.workers import ROOT


def load_settings(**env: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if k not in ("SECRET_KEY", "DEBUG", "ARENA_ENV")}
    clean.update(env)
    return subprocess.run(
        [
            sys.executable,
            "-c",
            "import django; django.setup(); from django.conf import settings;"
            " print(settings.DEBUG, settings.DATABASES['default']['ENGINE'])",
        ],
        cwd=ROOT,
        env=clean,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_production_refuses_to_start_without_a_secret_key() -> None:
    run = load_settings(ARENA_ENV="production", DEBUG="false")
    assert run.returncode != 0
    assert "needs SECRET_KEY" in run.stderr


def test_production_refuses_to_start_with_debug_on() -> None:
    run = load_settings(ARENA_ENV="production", SECRET_KEY="s3cret", DEBUG="true")
    assert run.returncode != 0
    assert "DEBUG on" in run.stderr


def test_production_starts_with_a_secret_key_and_debug_off() -> None:
    run = load_settings(ARENA_ENV="production", SECRET_KEY="s3cret")
    assert run.returncode == 0, run.stderr
    assert run.stdout.split()[0] == "False"


def test_a_bad_boolean_is_an_error_not_a_guess() -> None:
    run = load_settings(DEBUG="maybe")
    assert run.returncode != 0
    assert "DEBUG='maybe'" in run.stderr


def test_the_embedded_default_database_is_sqlite() -> None:
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    run = subprocess.run(
        [
            sys.executable,
            "-c",
            "import django; django.setup(); from django.conf import settings;"
            " print(settings.DATABASES['default']['ENGINE'], settings.CELERY_BROKER_URL)",
        ],
        cwd=ROOT,
        env={**{k: v for k, v in env.items() if k != "CELERY_BROKER_URL"}},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.split() == ["django.db.backends.sqlite3", "filesystem://"]


def test_debug_is_off_unless_asked_for_so_visitors_never_see_debug_pages() -> None:
    assert load_settings().stdout.split()[0] == "False"
    assert load_settings(DEBUG="true").stdout.split()[0] == "True"
