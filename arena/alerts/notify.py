"""When an author is alerted, and what the alert says (in the feed and by e-mail).

- A version failed its validation game: its owner, once per version.
- The live version forfeits often (``tournament.records.forfeit_watch``): its owner, at most
  once a day per version.
- A tournament that entered one of their bots started, or finished: each entrant's owner, once
  per tournament and kind.

E-mail goes through Django's mail settings (``EMAIL_BACKEND``: the console unless set) to users
who gave an address; a failure to send never loses the feed's alert.
"""

from __future__ import annotations

import logging
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.core.mail import send_mail
from django.db import transaction
from django.db.models.signals import post_save
from django.urls import reverse
from django.utils import timezone

from arena.alerts.models import Alert
from tournament import records
from tournament.models import BotVersion, Match, MatchParticipant, Tournament
from tournament.signals import match_recorded

log = logging.getLogger(__name__)
FORFEIT_ALERT_EVERY = timedelta(days=1)


def connect() -> None:
    match_recorded.connect(after_match, dispatch_uid="alerts.after_match")
    post_save.connect(after_tournament_save, sender=Tournament, dispatch_uid="alerts.tournament")


def alert(user: Any, kind: str, about: str, subject: str, text: str, url: str) -> Alert:
    made = Alert.objects.create(
        user=user, kind=kind, about=about, subject=subject, text=text, url=url
    )
    if user.email:
        link = settings.SITE_URL.rstrip("/") + url
        try:
            send_mail(f"[Catan Arena] {subject}", f"{text}\n\n{link}\n", None, [user.email])
        except Exception:  # the feed has it; a mail server's trouble is only logged
            log.exception("alert %s: e-mail to %s failed", made.id, user.email)
    return made


def after_match(sender: Any, match: Match, **_: Any) -> None:
    seats = list(MatchParticipant.objects.filter(match=match).select_related("version__bot__owner"))
    for seat in seats:
        version = seat.version
        if match.kind == Match.VALIDATION and version.status == BotVersion.FAILED:
            _validation_failed(version, seat)
        elif seat.forfeit and match.kind != Match.VALIDATION:
            _maybe_forfeiting(version)


def _validation_failed(version: BotVersion, seat: MatchParticipant) -> None:
    about = f"version:{version.id}"
    if Alert.objects.filter(kind=Alert.VALIDATION_FAILED, about=about).exists():
        return
    bot = version.bot
    alert(
        bot.owner,
        Alert.VALIDATION_FAILED,
        about,
        f"{bot.name} v{version.number} failed its validation game",
        f"{bot.name} v{version.number} forfeited its validation game ({seat.forfeit}: "
        f"{seat.forfeit_detail}), so it does not join the ladder. Its page has the log.",
        reverse("front:bot_detail", args=[bot.id]) + f"#validation-v{version.number}",
    )


def _maybe_forfeiting(version: BotVersion) -> None:
    about = f"version:{version.id}"
    recent = timezone.now() - FORFEIT_ALERT_EVERY
    if Alert.objects.filter(kind=Alert.FORFEITING, about=about, created__gte=recent).exists():
        return
    watch = records.forfeit_watch(version)
    if not watch.alarming:
        return
    bot = version.bot
    alert(
        bot.owner,
        Alert.FORFEITING,
        about,
        f"{bot.name} v{version.number} forfeits often",
        f"{bot.name} {watch}. Its games and logs show why.",
        reverse("front:bot_detail", args=[bot.id])
        + f"?result=forfeit&version={version.number}#games",
    )


TOURNAMENT_ALERTS = {
    Tournament.RUNNING: Alert.TOURNAMENT_STARTED,
    Tournament.FINISHED: Alert.TOURNAMENT_FINISHED,
}


def after_tournament_save(
    sender: Any, instance: Tournament, update_fields: Any = None, **_: Any
) -> None:
    if update_fields is not None and "status" not in update_fields:
        return  # a running event saving its round state: nothing to tell
    # After commit: a new event's entrants are written after its row, in the same transaction.
    if instance.status in TOURNAMENT_ALERTS:
        tournament_id = instance.id
        transaction.on_commit(lambda: tournament_alerts(tournament_id))


def tournament_alerts(tournament_id: int) -> None:
    """Tell each entrant's owner that the event started or finished, once per kind."""
    instance = Tournament.objects.filter(id=tournament_id).first()
    kind = TOURNAMENT_ALERTS.get(instance.status) if instance else None
    if kind is None:
        return
    about = f"tournament:{instance.id}"
    told = set(Alert.objects.filter(kind=kind, about=about).values_list("user_id", flat=True))
    entrants = instance.entrants.select_related("version__bot__owner").order_by("seed")
    url = reverse("front:tournament_detail", args=[instance.id])
    for entrant in entrants:
        owner = entrant.version.bot.owner
        if owner.id in told:
            continue
        told.add(owner.id)
        happened = "has started" if kind == Alert.TOURNAMENT_STARTED else "has finished"
        alert(
            owner,
            kind,
            about,
            f"{instance.name} {happened}",
            f"The tournament {instance.name}, in which {entrant.version.label} plays, {happened}.",
            url,
        )
