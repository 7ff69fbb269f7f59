"""The docker deployment agrees with the settings (no Docker engine runs here)."""

from __future__ import annotations

import re
from pathlib import Path

import yaml

from tests.workers import ROOT

COMPOSE = yaml.safe_load((ROOT / "docker" / "compose.yaml").read_text())
SERVICES = COMPOSE["services"]
SETTINGS_SOURCE = (ROOT / "arena" / "settings.py").read_text()


def command_text(service: str) -> str:
    command = SERVICES[service]["command"]
    return command if isinstance(command, str) else " ".join(command)


def test_it_has_the_five_services_with_healthchecks() -> None:
    assert set(SERVICES) == {"web", "worker", "beat", "postgres", "redis"}
    for name in ("web", "worker", "postgres", "redis"):
        assert "healthcheck" in SERVICES[name], name


def test_worker_is_scalable() -> None:
    worker = SERVICES["worker"]
    assert "container_name" not in worker, "a fixed container name prevents --scale"
    assert "ports" not in worker, "published ports prevent --scale"


def test_app_services_share_one_image_built_from_the_dockerfile() -> None:
    for name in ("web", "worker", "beat"):
        service = SERVICES[name]
        assert service["image"] == "catan-arena:latest"
        assert service["build"]["dockerfile"] == "docker/Dockerfile"
        assert (ROOT / "docker" / service["build"]["context"] / "docker" / "Dockerfile").exists()


def test_commands_start_the_right_programs() -> None:
    assert "gunicorn arena.wsgi" in command_text("web")
    assert "migrate" in command_text("web")
    # The example bots are the ladder's first residents and every validation game's opponent.
    assert "seed_example_bots" in command_text("web")
    assert command_text("worker").startswith("celery -A arena worker")
    assert command_text("beat").startswith("celery -A arena beat")


def test_environment_uses_the_settings_variables_and_the_compose_services() -> None:
    for name in ("web", "worker", "beat"):
        env = SERVICES[name]["environment"]
        for variable in env:
            assert re.search(rf"\b{variable}\b", SETTINGS_SOURCE), f"{variable} unknown to settings"
        assert env["ARENA_ENV"] == "production"
        assert "SECRET_KEY" in env
        assert env["DATABASE_URL"].startswith("postgres://")
        assert "@postgres:5432/" in env["DATABASE_URL"]
        assert env["CELERY_BROKER_URL"] == "redis://redis:6379/0"
        depends = SERVICES[name]["depends_on"]
        assert depends["postgres"]["condition"] == "service_healthy"
        assert depends["redis"]["condition"] == "service_healthy"


def test_database_credentials_match_the_postgres_service() -> None:
    pg_env = SERVICES["postgres"]["environment"]
    url = SERVICES["web"]["environment"]["DATABASE_URL"]
    assert url.startswith(f"postgres://{pg_env['POSTGRES_USER']}:")
    assert url.endswith(f"/{pg_env['POSTGRES_DB']}")


def test_volumes_are_declared() -> None:
    declared = set(COMPOSE["volumes"])
    for service in SERVICES.values():
        for volume in service.get("volumes", []):
            source = volume.split(":", 1)[0]
            if not source.startswith((".", "/")):
                assert source in declared, source
    assert {"postgres-data", "redis-data"} <= declared


def test_the_image_runs_as_a_non_root_user() -> None:
    dockerfile = (ROOT / "docker" / "Dockerfile").read_text()
    users = re.findall(r"^USER\s+(\S+)", dockerfile, flags=re.MULTILINE)
    assert users and users[-1] not in ("root", "0")
    for path in re.findall(r"^COPY\s+(\S+)\s", dockerfile, flags=re.MULTILINE):
        assert (ROOT / path).exists(), f"Dockerfile copies missing {path}"
    assert "bubblewrap" in dockerfile


def test_compose_file_is_where_the_readme_says() -> None:
    assert (
        "docker compose -f docker/compose.yaml up --scale worker=4"
        in (Path(ROOT) / "README.md").read_text()
    )
