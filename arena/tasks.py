"""Service tasks: the worker heartbeat and a round-trip probe."""

from __future__ import annotations

from typing import Any

from celery import shared_task
from celery.signals import worker_ready
from django.utils import timezone

from arena.models import WorkerHeartbeat


def record_heartbeat(hostname: str) -> None:
    WorkerHeartbeat.objects.update_or_create(
        hostname=hostname, defaults={"last_seen": timezone.now()}
    )


@shared_task(name="arena.heartbeat", ignore_result=True)
def heartbeat() -> None:
    """Scheduled by beat; whichever worker runs it proves it is alive."""
    record_heartbeat(heartbeat.request.hostname or "unknown")


@worker_ready.connect
def _announce_worker(sender: Any = None, **_: Any) -> None:
    # A fresh worker reports at once instead of waiting for beat's next tick.
    record_heartbeat(getattr(sender, "hostname", None) or "unknown")


@shared_task(name="arena.ping")
def ping(payload: Any = None) -> dict[str, Any]:
    """Echo ``payload`` with the worker's identity: proves a task round trip."""
    import os

    return {"pong": payload, "hostname": ping.request.hostname, "pid": os.getpid()}
