"""The Celery application: configured from Django settings, tasks discovered in the apps."""

from __future__ import annotations

import os

from celery import Celery

from arena import broker

broker.install()  # filesystem:// reads messages in the order they were written
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "arena.settings")

app = Celery("arena")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
