"""One alert for one user."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class Alert(models.Model):
    VALIDATION_FAILED = "validation_failed"
    FORFEITING = "forfeiting"
    TOURNAMENT_STARTED = "tournament_started"
    TOURNAMENT_FINISHED = "tournament_finished"
    KINDS = [
        (VALIDATION_FAILED, "a version failed its validation game"),
        (FORFEITING, "a version forfeits often"),
        (TOURNAMENT_STARTED, "a tournament with one of your bots started"),
        (TOURNAMENT_FINISHED, "a tournament with one of your bots finished"),
    ]

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="alerts"
    )
    kind = models.CharField(max_length=32, choices=KINDS)
    subject = models.CharField(max_length=200)
    text = models.TextField()
    url = models.CharField(max_length=200, help_text="the page it is about, on this site")
    about = models.CharField(
        max_length=64, help_text="what it is about (version:12, tournament:3): one alert each"
    )
    created = models.DateTimeField(auto_now_add=True)
    read = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created", "-id"]
        indexes = [models.Index(fields=["user", "read"], name="alert_unread")]

    def __str__(self) -> str:
        return f"{self.user}: {self.subject}"
