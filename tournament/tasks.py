"""Celery tasks of the match service: run a match, keep the ladders full, recover lost work."""

from __future__ import annotations

import logging
from datetime import timedelta
from typing import Any

from celery import current_app, shared_task
from django.conf import settings
from django.db.models import Q
from django.utils import timezone

from arena import broker
from tournament import execution, scheduler, tournaments
from tournament.models import Match, Tournament

log = logging.getLogger(__name__)


@shared_task(name="tournament.run_match", bind=True, acks_late=True, reject_on_worker_lost=True)
def run_match(self: Any, match_id: int) -> dict[str, Any]:
    """Run one match. Late ack + reject on worker loss: a killed worker's match comes back."""
    verdict = execution.execute(match_id, worker=self.request.hostname or "worker")
    if verdict.retry_in is not None:
        # A platform failure to retry, or a live lease held elsewhere: look again later.
        send_match(match_id, countdown=verdict.retry_in)
    if verdict.status in ("error", "retry"):
        log.warning("match %s: %s: %s", match_id, verdict.status, verdict.detail[-500:])
    return {"match": match_id, "status": verdict.status}


def send_match(match_id: int, countdown: float | None = None) -> None:
    """Hand the match's task to the broker. The row is the record: when the message cannot be
    handed over (the broker is down), ``sent_at`` is left empty and the reaper sends it again,
    instead of the caller failing after its own work was committed.

    Nobody waits for the task's return value (the match row is the result), so it is not
    stored, and the sender does not follow it: with a Redis result store, following it made
    every send wait ~20 s for an absent broker before failing.
    """
    Match.objects.filter(id=match_id).update(sent_at=timezone.now())
    try:
        run_match.apply_async((match_id,), countdown=countdown, ignore_result=True)
    except Exception:
        Match.objects.filter(id=match_id).update(sent_at=None)
        log.exception("match %s: its message was not sent; the reaper sends it again", match_id)


@shared_task(name="tournament.schedule_ladders", ignore_result=True)
def schedule_ladders() -> None:
    """Beat: top every enabled ladder (each family of each game) up to its number of matches in
    flight, the families of a game taking turns (``scheduler.schedule_game``)."""
    for game in scheduler.enabled_games():
        for match_id in scheduler.schedule_game(game):
            send_match(match_id)


@shared_task(name="tournament.reap_matches", ignore_result=True)
def reap_matches() -> None:
    """Beat: re-send matches whose worker was lost and queued matches whose message was lost.

    A message is known to be lost when the broker lost its data (a Redis restart: every queued
    match is sent again at once) or refused it (``sent_at`` empty: sent again after a short
    grace); a message lost any other way is re-sent after ``ARENA_REQUEUE_AFTER_SECONDS``.
    Duplicated messages are harmless: a match is claimed by a conditional update, so the extra
    delivery finds it taken and does nothing.
    """
    resend_after_broker_loss()
    now = timezone.now()
    recently = now - timedelta(seconds=execution.lease_seconds())
    expired = Match.objects.filter(status=Match.RUNNING, lease_expires__lt=now).filter(
        Q(sent_at__isnull=True) | Q(sent_at__lt=recently)
    )
    stale_after = timedelta(seconds=float(getattr(settings, "ARENA_REQUEUE_AFTER_SECONDS", 900)))
    unsent_grace = timedelta(seconds=float(getattr(settings, "ARENA_UNSENT_GRACE_SECONDS", 30)))
    forgotten = Match.objects.filter(status=Match.QUEUED).filter(
        Q(sent_at__lt=now - stale_after) | Q(sent_at__isnull=True, created__lt=now - unsent_grace)
    )
    for match_id in list(expired.values_list("id", flat=True)[:500]) + list(
        forgotten.values_list("id", flat=True)[:500]
    ):
        send_match(match_id)


def resend_after_broker_loss() -> int:
    """Send every queued match again if the broker lost its messages since the last look
    (``arena.broker``); return how many. Only then is the broker's new life remembered, so a
    reaper that dies half-way leaves the rest to the next one."""
    life = broker.new_broker_life(current_app)
    if life is None:
        return 0
    queued = Match.objects.filter(status=Match.QUEUED).order_by("id")
    ids = list(queued.values_list("id", flat=True))
    for match_id in ids:
        send_match(match_id)
    broker.remember_broker_life(current_app, life)
    log.warning(
        "the broker is new or restarted (life %s) and may have lost messages: "
        "%d queued matches sent again",
        life,
        len(ids),
    )
    return len(ids)


@shared_task(name="tournament.advance_tournaments", ignore_result=True)
def advance_tournaments() -> None:
    """Beat: advance every running tournament, in case a hook after a result was missed (a
    game held back for its bots' fair share is then queued too)."""
    for tournament_id in Tournament.objects.filter(status=Tournament.RUNNING).values_list(
        "id", flat=True
    ):
        tournaments.advance(tournament_id)


@shared_task(name="tournament.run_tournament_schedule", ignore_result=True)
def run_tournament_schedule() -> None:
    """Beat: close the entries of events whose registration deadline has passed and start the
    events whose start time has come (``tournament/registration.py``)."""
    from tournament.registration import run_schedule

    run_schedule()
