"""A tournament's life before play: draft → registration open → closed → running.

- **Draft** (``create_tournament(..., registration=True)``): the organiser has set the event
  up; nobody may enter yet. The organiser may already enter bots.
- **Registration open** (:func:`open_registration`, the organiser): a bot owner enters their
  own bots of the event's game that have an active version (:func:`enter`), until the
  deadline; the organiser and staff may enter any such bot. An entrant may withdraw
  (:func:`withdraw`) while registration is open.
- **Closed** (:func:`close_entries`: the organiser, or beat at the deadline): every entry is
  frozen to its bot's exact current version (an entry whose bot has no active version then is
  dropped, and said so), seeded (by rating, or in entry order with manual seeding), and the
  format's size is checked with the real field. A field that does not fit stays open, with
  the reason.
- **Running** (:func:`start`: the organiser, or beat at ``starts_at``): the first games are
  queued, as for an event created running.
- Cancelled: any time before it finishes (``organiser.cancel_tournament``).

Every step takes the tournament row's lock, so two requests (or a request and beat) never
both move it.
"""

from __future__ import annotations

from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone

from games.registry import game_title
from tournament import brackets
from tournament.formats import registry
from tournament.models import Bot, BotVersion, Tournament, TournamentEntrant, TournamentEntry
from tournament.organiser import may_manage
from tournament.tournaments import TournamentRefused, advance


def open_registration(tournament_id: int, user: Any) -> Tournament:
    with transaction.atomic():
        tournament = _locked(tournament_id)
        _check_manager(user, tournament)
        if tournament.status != Tournament.DRAFT:
            raise TournamentRefused(
                f"registration opens from a draft, not a {tournament.status} event"
            )
        if tournament.registration_deadline and tournament.registration_deadline <= timezone.now():
            raise TournamentRefused("the registration deadline has passed: set a later one first")
        tournament.status = Tournament.REGISTRATION
        tournament.save(update_fields=["status"])
    return tournament


def enter(tournament_id: int, user: Any, bot_id: int) -> TournamentEntry:
    """Enter ``bot_id`` (the user's own, or any for the organiser and staff).

    Raises:
        TournamentRefused: registration is not open or past its deadline, not the user's bot,
            another game's bot, a bot without an active version, entered already, or full.
    """
    try:
        with transaction.atomic():
            tournament = _locked(tournament_id)
            manager = may_manage(user, tournament)
            if tournament.status not in (Tournament.REGISTRATION, Tournament.DRAFT) or (
                tournament.status == Tournament.DRAFT and not manager
            ):
                raise TournamentRefused(
                    f"registration is not open (the event is {tournament.status})"
                )
            if _past_deadline(tournament):
                raise TournamentRefused("the registration deadline has passed")
            bot = Bot.objects.filter(id=bot_id).select_related("current_version").first()
            if bot is None:
                raise TournamentRefused(f"no bot {bot_id}")
            if bot.owner_id != getattr(user, "id", None) and not manager:
                raise TournamentRefused("you may enter only your own bots")
            if bot.game != tournament.game:
                raise TournamentRefused(f"{bot.name} is not a {game_title(tournament.game)} bot")
            if bot.current_version is None or bot.current_version.status != BotVersion.ACTIVE:
                raise TournamentRefused(f"{bot.name} has no active version to enter")
            if tournament.family not in bot.current_version.families:
                raise TournamentRefused(
                    f"{bot.name} is not enabled for the family {tournament.family}: upload a "
                    "version with it enabled"
                )
            if TournamentEntry.objects.filter(tournament=tournament, bot=bot).exists():
                raise TournamentRefused(f"{bot.name} is entered already")
            if tournament.entries.count() >= brackets.MAX_ENTRANTS:
                raise TournamentRefused(f"the event is full ({brackets.MAX_ENTRANTS} entrants)")
            return TournamentEntry.objects.create(tournament=tournament, bot=bot, entered_by=user)
    except IntegrityError as exc:  # SQLite, no row locks: the same bot entered at once
        raise TournamentRefused("that bot is entered already") from exc


def withdraw(tournament_id: int, user: Any, bot_id: int) -> None:
    with transaction.atomic():
        tournament = _locked(tournament_id)
        if tournament.status not in (Tournament.DRAFT, Tournament.REGISTRATION):
            raise TournamentRefused("entries are closed")
        entry = TournamentEntry.objects.filter(tournament=tournament, bot_id=bot_id).first()
        if entry is None:
            raise TournamentRefused(f"bot {bot_id} is not entered")
        if entry.bot.owner_id != getattr(user, "id", None) and not may_manage(user, tournament):
            raise TournamentRefused("you may withdraw only your own bots")
        entry.delete()


def close_entries(tournament_id: int, user: Any = None) -> list[str]:
    """Freeze every entry to its bot's exact version now; what was dropped, in words.

    ``user`` None is beat at the deadline. Raises TournamentRefused when the field does not fit
    the format (too few, or too many games): the event stays open.
    """
    with transaction.atomic():
        tournament = _locked(tournament_id)
        if user is not None:
            _check_manager(user, tournament)
        if tournament.status not in (Tournament.DRAFT, Tournament.REGISTRATION):
            raise TournamentRefused(f"only open entries can close, not a {tournament.status} event")
        dropped = []
        versions = []
        for entry in tournament.entries.select_related("bot__current_version"):
            version = entry.bot.current_version
            if version is None or version.status != BotVersion.ACTIVE:
                dropped.append(f"{entry.bot.name}: no active version at the close")
                continue
            if tournament.family not in version.families:
                dropped.append(f"{entry.bot.name}: its live version is not enabled for the family")
                continue
            versions.append(version)
        if tournament.seeding == Tournament.BY_RATING:
            versions.sort(key=lambda v: (-v.conservative, v.id))
        try:
            planned, settled = registry.settle(
                tournament.format,
                len(versions),
                tournament.games_per_pairing,
                tournament.players_per_match,
                tournament.format_settings,
            )
        except brackets.TournamentTooLarge as exc:
            raise TournamentRefused(f"entries cannot close: {exc}") from exc
        TournamentEntrant.objects.bulk_create(
            TournamentEntrant(tournament=tournament, version=version, seed=seed)
            for seed, version in enumerate(versions)
        )
        tournament.status = Tournament.CLOSED
        tournament.planned_matches = planned
        tournament.format_settings = settled
        tournament.save(update_fields=["status", "planned_matches", "format_settings"])
    return dropped


def start(tournament_id: int, user: Any = None) -> Tournament:
    """Closed → running, its first games queued (``user`` None: beat at ``starts_at``)."""
    with transaction.atomic():
        tournament = _locked(tournament_id)
        if user is not None:
            _check_manager(user, tournament)
        if tournament.status != Tournament.CLOSED:
            raise TournamentRefused(f"only a closed event starts, not a {tournament.status} one")
        tournament.status = Tournament.RUNNING
        tournament.save(update_fields=["status"])
        advance(tournament.id)
    return tournament


def run_schedule(now: Any = None) -> dict[str, list[int]]:
    """Beat's work: close the entries whose deadline has passed, start the closed events whose
    time has come (closing their entries first when they have no deadline of their own)."""
    now = now or timezone.now()
    done: dict[str, list[int]] = {"closed": [], "started": [], "refused": []}
    due_to_close = Tournament.objects.filter(status=Tournament.REGISTRATION).filter(
        registration_deadline__lte=now
    ) | Tournament.objects.filter(status=Tournament.REGISTRATION, starts_at__lte=now)
    for tournament_id in due_to_close.values_list("id", flat=True).distinct():
        try:
            close_entries(tournament_id)
            done["closed"].append(tournament_id)
        except TournamentRefused:
            done["refused"].append(tournament_id)
    due_to_start = Tournament.objects.filter(status=Tournament.CLOSED, starts_at__lte=now)
    for tournament_id in due_to_start.values_list("id", flat=True):
        start(tournament_id)
        done["started"].append(tournament_id)
    return done


def _past_deadline(tournament: Tournament) -> bool:
    deadline = tournament.registration_deadline
    return deadline is not None and deadline <= timezone.now()


def _locked(tournament_id: int) -> Tournament:
    return Tournament.objects.select_for_update().get(id=tournament_id)


def _check_manager(user: Any, tournament: Tournament) -> None:
    from django.core.exceptions import PermissionDenied

    if not may_manage(user, tournament):
        raise PermissionDenied("only the tournament's organiser and staff may do this")
