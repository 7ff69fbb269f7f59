"""Service bookkeeping: which Celery workers are alive."""

from __future__ import annotations

from django.db import models


class WorkerHeartbeat(models.Model):
    """The last time a worker ran the heartbeat task; ``/healthz`` reads it."""

    hostname = models.CharField(max_length=255, unique=True)
    last_seen = models.DateTimeField(db_index=True)

    def __str__(self) -> str:
        return f"{self.hostname} @ {self.last_seen:%Y-%m-%d %H:%M:%S}"
