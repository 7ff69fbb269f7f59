"""An owner pauses a bot: it leaves the ladder and its leaderboard and keeps its ratings.

While paused, the ladder scheduler gives it no games (``scheduler._candidates``), its queued
ladder matches are cancelled at once (a worker that already claimed one plays it to the end,
as with a cancelled tournament), and the leaderboards leave it out. New versions are still
validated, and an organiser may still enter its versions in tournaments: pausing is about the
ladder. Resuming puts it back with the ratings it had.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils import timezone

from tournament.access import owns_or_staff
from tournament.models import Bot, Match

PAUSED_REASON = "cancelled: its bot was paused by its owner"


def pause_bot(bot: Bot, user: Any) -> int:
    """Pause ``bot``; the number of its queued ladder matches cancelled.

    Raises:
        PermissionDenied: ``user`` is neither its owner nor staff.
    """
    if not owns_or_staff(user, bot):
        raise PermissionDenied("only a bot's owner and staff may pause it")
    with transaction.atomic():
        now = timezone.now()
        Bot.objects.filter(id=bot.id, paused__isnull=True).update(paused=now)
        bot.refresh_from_db(fields=["paused"])
        return Match.objects.filter(
            kind=Match.LADDER, status=Match.QUEUED, participants__version__bot=bot
        ).update(status=Match.CANCELLED, finished=now, end_reason=PAUSED_REASON)


def resume_bot(bot: Bot, user: Any) -> None:
    """Put ``bot`` back on the ladder; the scheduler finds it at its next step.

    Raises:
        PermissionDenied: ``user`` is neither its owner nor staff.
    """
    if not owns_or_staff(user, bot):
        raise PermissionDenied("only a bot's owner and staff may resume it")
    Bot.objects.filter(id=bot.id).update(paused=None)
    bot.refresh_from_db(fields=["paused"])
