"""Operator batches: queue N ladder matches, wait for them, and measure the throughput."""

from __future__ import annotations

import time
from typing import Any

from django.db.models import Count, Max, Min

from tournament.models import Match
from tournament.scheduler import schedule_ladder
from tournament.tasks import send_match


def queue_batch(game: str, matches: int) -> list[int]:
    """Create and send ``matches`` ladder matches now (the per-bot limit does not apply)."""
    ids = schedule_ladder(game, matches, respect_bot_limit=False)
    for match_id in ids:
        send_match(match_id)
    return ids


def summarize(ids: list[int], started: float) -> dict[str, Any]:
    rows = Match.objects.filter(id__in=ids)
    by_status = dict(rows.values_list("status").annotate(n=Count("id")))
    finished = by_status.get(Match.FINISHED, 0)
    span = rows.filter(status=Match.FINISHED).aggregate(first=Min("started"), last=Max("finished"))
    elapsed = time.monotonic() - started
    return {
        "queued": len(ids),
        "finished": finished,
        "errors": by_status.get(Match.ERROR, 0),
        "pending": by_status.get(Match.QUEUED, 0) + by_status.get(Match.RUNNING, 0),
        "seconds": round(elapsed, 2),
        # Throughput over the whole wait, from queueing to the last result.
        "matches_per_minute": round(finished / elapsed * 60.0, 2) if elapsed > 0 else 0.0,
        "first_start": span["first"].isoformat() if span["first"] else None,
        "last_finish": span["last"].isoformat() if span["last"] else None,
    }


def wait_for(ids: list[int], timeout: float, poll: float = 0.5) -> bool:
    """Wait until every match is finished or in error; False on timeout."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        pending = Match.objects.filter(id__in=ids, status__in=[Match.QUEUED, Match.RUNNING]).count()
        if not pending:
            return True
        time.sleep(poll)
    return False
