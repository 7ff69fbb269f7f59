"""Running one match on a worker: claim it, keep the claim alive, play, record or retry.

A claim is a lease: the worker renews it from a background thread while the match plays, so an
expired lease means the worker was lost and the match may be claimed again (by a redelivered
task or by the reaper). Platform failures and lost workers count as attempts; after
``ARENA_MATCH_MAX_ATTEMPTS`` the match is marked ``error`` with every reason, for staff.

A game of a cancelled tournament is never started or started again: a delivery that finds one
still queued (or with its worker lost) marks it ``cancelled`` instead of claiming it, and a
platform failure of one that was already running does not queue it again. One running when its
tournament was cancelled may finish and is recorded; the tournament creates nothing after it.
"""

from __future__ import annotations

import os
import re
import threading
import traceback
import uuid
from dataclasses import dataclass
from datetime import timedelta

from django.conf import settings
from django.db import DatabaseError, close_old_connections, connection, transaction
from django.utils import timezone

from bots.outcome import MatchOutcome
from tournament import tournaments
from tournament.live import LivePublisher
from tournament.models import BotVersion, LiveView, Match
from tournament.results import after_match, record_result


def lease_seconds() -> float:
    return float(getattr(settings, "ARENA_MATCH_LEASE_SECONDS", 30))


def max_attempts() -> int:
    return int(getattr(settings, "ARENA_MATCH_MAX_ATTEMPTS", 3))


@dataclass(frozen=True)
class Verdict:
    """What became of one delivery of a match task."""

    status: str
    """``finished``, ``retry`` (platform error, queued again), ``error`` (gave up), ``busy``
    (another worker holds a live lease), ``stale`` (nothing to do), ``lost`` (our claim was
    taken over before we could write), ``cancelled`` (its tournament was cancelled: dropped
    unplayed, or not played again)."""
    retry_in: float | None = None
    detail: str = ""


def claim(match_id: int, worker: str) -> tuple[Match | None, Verdict | None]:
    """Take the match for this worker, or say why not."""
    with transaction.atomic():
        match = Match.objects.select_for_update().filter(id=match_id).first()
        if match is None:
            return None, Verdict("stale", detail="no such match")
        now = timezone.now()
        if match.status == Match.RUNNING and match.lease_expires and match.lease_expires > now:
            remaining = (match.lease_expires - now).total_seconds()
            return None, Verdict("busy", retry_in=remaining + 1.0)
        if match.status not in (Match.QUEUED, Match.RUNNING):
            return None, Verdict("stale", detail=match.status)
        if match.status == Match.RUNNING:
            # The previous holder's lease ran out: it died (or stalled) mid-match.
            match.error_reason += f"attempt {match.attempts}: worker {match.worker} lost\n"
        if tournaments.is_cancelled_game(match):
            _drop(match, now)
            return None, Verdict("cancelled", detail=tournaments.CANCELLED_REASON)
        if match.attempts >= max_attempts():
            _give_up(match, now)
            return None, Verdict("error", detail=match.error_reason)
        match.status = Match.RUNNING
        match.attempts += 1
        match.claim_token = uuid.uuid4().hex
        match.worker = f"{worker} pid {os.getpid()}"
        match.started = now
        match.lease_expires = now + timedelta(seconds=lease_seconds())
        match.save(
            update_fields=[
                "status",
                "attempts",
                "claim_token",
                "worker",
                "started",
                "lease_expires",
                "error_reason",
            ]
        )
        return match, None


def _give_up(match: Match, now: object) -> None:
    LiveView.objects.filter(match=match).delete()
    match.status = Match.ERROR
    match.finished = now
    match.lease_expires = None
    match.claim_token = ""
    match.save(update_fields=["status", "finished", "lease_expires", "claim_token", "error_reason"])
    after_match(match)
    if match.kind == Match.VALIDATION:
        BotVersion.objects.filter(participations__match=match, status=BotVersion.VALIDATING).update(
            validation_log=f"Validation match {match.id} could not be run (platform error); "
            "staff can requeue it."
        )


def _drop(match: Match, now: object) -> None:
    """End a game of a cancelled tournament without playing it (again); nothing is scored."""
    LiveView.objects.filter(match=match).delete()
    match.status = Match.CANCELLED
    match.finished = now
    match.lease_expires = None
    match.claim_token = ""
    match.end_reason = tournaments.CANCELLED_REASON
    match.save(
        update_fields=[
            "status",
            "finished",
            "lease_expires",
            "claim_token",
            "end_reason",
            "error_reason",
        ]
    )


class LeaseKeeper(threading.Thread):
    """Renews a claim's lease until stopped; notices when the claim was taken over."""

    def __init__(self, match_id: int, token: str) -> None:
        super().__init__(name=f"lease-{match_id}", daemon=True)
        self.match_id = match_id
        self.token = token
        self.lost = False
        self._stop_event = threading.Event()

    def run(self) -> None:
        interval = max(lease_seconds() / 3.0, 0.5)
        try:
            while not self._stop_event.wait(interval):
                try:
                    renewed = Match.objects.filter(
                        id=self.match_id, status=Match.RUNNING, claim_token=self.token
                    ).update(lease_expires=timezone.now() + timedelta(seconds=lease_seconds()))
                except DatabaseError:
                    # A busy database: try again next time; two more tries remain in the lease.
                    connection.close()
                    continue
                if not renewed:
                    self.lost = True
                    return
        finally:
            connection.close()  # this thread's own connection

    def stop(self) -> None:
        self._stop_event.set()
        self.join()


def play(match: Match) -> MatchOutcome:
    """Play the claimed match through the bot runner (sandbox + engine)."""
    from bots.runner import BotSpec, play_match
    from tournament.versions import code_dir

    participants = list(match.participants.select_related("version__bot").order_by("seat"))
    specs = [
        BotSpec(path=code_dir(p.version), name=f"{p.version.bot.name} v{p.version.number}")
        for p in participants
    ]
    return play_match(
        match.game,
        specs,
        seed=match.seed,
        options=match.options,
        time_control=match.time_control or None,
        limits=match.sandbox_limits or None,
        on_step=LivePublisher(match.id, match.game, names=[spec.name for spec in specs]),
    )


def execute(match_id: int, worker: str) -> Verdict:
    """One delivery of a match task, start to finish."""
    close_old_connections()
    match, verdict = claim(match_id, worker)
    if match is None:
        assert verdict is not None
        return verdict
    keeper = LeaseKeeper(match.id, match.claim_token)
    keeper.start()
    try:
        outcome = play(match)
    except Exception as exc:
        # PlatformError (engine, sandbox), bad settings, or our own bug: never scored.
        keeper.stop()
        reason = traceback.format_exc(limit=8)
        seat = getattr(exc, "after_answer_of", None)
        if seat is not None:
            reason += _after_answer(match, seat)  # last: the reason is kept from its end
        return platform_failure(match.id, match.claim_token, reason)
    keeper.stop()
    try:
        written = record_result(match.id, match.claim_token, outcome)
    except Exception:
        # The transaction rolled back: nothing was scored, so the match may run again.
        return platform_failure(match.id, match.claim_token, traceback.format_exc(limit=8))
    if written:
        return Verdict("finished")
    return Verdict("lost", detail="the claim was taken over before the result was written")


_AFTER_ANSWER = "the last answer before it was seat {seat}'s ({label})"
_AFTER_ANSWER_RE = re.compile(r"the last answer before it was seat (\d+)'s \(([^\n]*)\)\n")


def _after_answer(match: Match, seat: int) -> str:
    """The line of an attempt's reason naming the bot whose answer came just before it failed."""
    participant = match.participants.select_related("version__bot__owner").filter(seat=seat).first()
    label = participant.version.label if participant is not None else "unknown bot"
    return _AFTER_ANSWER.format(seat=seat, label=label)


def _common_lead(error_reason: str) -> str:
    """A closing line for staff when every failed attempt followed one seat's answer.

    A bot that finds an engine crash can make its match fail on every attempt, and a match in
    ``error`` is never scored: staff should look at that bot's answers (its seat log holds
    them) before retrying, and fix the engine.
    """
    attempts = error_reason.count("\nattempt ") + error_reason.startswith("attempt ")
    seats = _AFTER_ANSWER_RE.findall(error_reason)
    if attempts < 2 or len(seats) != attempts or len(set(seats)) != 1:
        return ""
    seat, label = seats[0]
    return (
        f"every attempt failed right after an answer of seat {seat} ({label}): a bot that "
        "keeps finding an engine crash; see its answers in the seat log\n"
    )


def platform_failure(match_id: int, token: str, reason: str) -> Verdict:
    """Queue the match again, or give up after the last attempt."""
    with transaction.atomic():
        match = Match.objects.select_for_update().filter(id=match_id, claim_token=token).first()
        if match is None or match.status != Match.RUNNING:
            return Verdict("lost", detail="the claim was taken over")
        match.error_reason += f"attempt {match.attempts}: {reason.strip()[-2000:]}\n"
        if tournaments.is_cancelled_game(match):
            _drop(match, timezone.now())
            return Verdict("cancelled", detail=reason)
        if match.attempts >= max_attempts():
            match.error_reason += _common_lead(match.error_reason)
            _give_up(match, timezone.now())
            return Verdict("error", detail=reason)
        match.status = Match.QUEUED
        match.claim_token = ""
        match.lease_expires = None
        match.save(update_fields=["status", "claim_token", "lease_expires", "error_reason"])
        backoff = min(2.0**match.attempts, 60.0)
    return Verdict("retry", retry_in=backoff, detail=reason)
