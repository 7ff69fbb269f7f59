"""Health of the services a deployment depends on."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import connection
from django.utils import timezone

from arena.celery import app as celery_app
from arena.models import WorkerHeartbeat


def database_health() -> dict[str, Any]:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception as exc:  # any driver error means "down"; the message says which
        return {"ok": False, "vendor": connection.vendor, "error": str(exc)[:200]}
    return {"ok": True, "vendor": connection.vendor}


def broker_health() -> dict[str, Any]:
    url = settings.CELERY_BROKER_URL
    transport = url.split("://", 1)[0]
    try:
        with celery_app.connection_for_write(url) as conn:
            conn.ensure_connection(max_retries=1, interval_start=0, interval_step=0.2, timeout=2)
            # Some transports connect lazily; a round trip proves the server answers.
            client = getattr(conn.default_channel, "client", None)
            if client is not None and hasattr(client, "ping"):
                client.ping()
    except Exception as exc:  # kombu raises transport-specific errors
        return {"ok": False, "transport": transport, "error": str(exc)[:200]}
    return {"ok": True, "transport": transport}


def worker_health() -> dict[str, Any]:
    """Workers whose heartbeat is recent; informational (a deploy may run web alone)."""
    window = timedelta(seconds=3 * settings.HEARTBEAT_SECONDS)
    try:
        beats = list(WorkerHeartbeat.objects.filter(last_seen__gte=timezone.now() - window))
    except Exception as exc:
        return {"alive": 0, "error": str(exc)[:200]}
    return {"alive": len(beats), "hostnames": sorted(b.hostname for b in beats)}


def service_health() -> tuple[bool, dict[str, Any]]:
    database = database_health()
    broker = broker_health()
    workers = worker_health() if database["ok"] else {"alive": 0}
    ok = database["ok"] and broker["ok"]
    return ok, {
        "status": "ok" if ok else "fail",
        "database": database,
        "broker": broker,
        "workers": workers,
    }
