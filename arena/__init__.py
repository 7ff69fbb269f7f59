"""Catan Arena's Django project: settings, URLs, the Celery app and service health."""

from arena.celery import app as celery_app

__all__ = ["celery_app"]
