"""Who may see a bot's private side: its stderr, timings, forfeit evidence and validation logs.

Only the bot's owner and staff: a bot's output may hold its owner's secrets. Pages and the API
ask here, so the rule is written once.
"""

from __future__ import annotations

from tournament.models import Bot, MatchParticipant


def owns_or_staff(user: object, bot: Bot) -> bool:
    if not getattr(user, "is_authenticated", False):
        return False
    return bool(user.is_staff or bot.owner_id == user.id)


def may_see_log(user: object, participant: MatchParticipant) -> bool:
    return owns_or_staff(user, participant.version.bot)
