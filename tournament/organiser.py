"""Who may organise and manage tournaments, and what managing one means: cancel it, retry a game.

Staff and holders of the ``tournament.add_tournament`` permission create tournaments; an event's
own organiser and staff may cancel it or retry its failed games. The actions check that
themselves (``PermissionDenied``, which pages and the API answer with 403), so no caller can
forget to.

- **Cancel** (a pending or running event): the event is marked ``cancelled``; its queued games
  are marked ``cancelled`` in the same transaction and are never played (a worker that still
  receives one drops it: ``tournament/execution.py``); games already running may finish and are
  recorded, but :func:`tournaments.advance` creates nothing for a cancelled event.
- **Retry** (a game that ended in ``error``): a new match takes the game's place with the same
  seats and a **new seed**. The platform already ran the old seed up to
  ``ARENA_MATCH_MAX_ATTEMPTS`` times, so a fault tied to that deal would only come back, and
  the failed attempt may have shown its dice and cards to spectators and bot authors (live view,
  logs) while nothing of it was scored: a fresh deal costs no fairness and leaks nothing. The
  error match stays as a record but no longer counts; an event that had finished runs again.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied
from django.db import IntegrityError, transaction
from django.utils import timezone

from tournament.models import Match, Tournament, TournamentMatch
from tournament.tournaments import (
    CANCELLED_REASON,
    TournamentRefused,
    TournamentState,
    create_game,
)


def may_organise(user: Any) -> bool:
    """Staff, or users given the ``tournament.add_tournament`` permission in the admin."""
    return bool(
        getattr(user, "is_authenticated", False)
        and (user.is_staff or user.has_perm("tournament.add_tournament"))
    )


def may_manage(user: Any, tournament: Tournament) -> bool:
    """The tournament's organiser and staff may cancel it and retry its games."""
    return bool(
        getattr(user, "is_authenticated", False)
        and (user.is_staff or tournament.organiser_id == user.id)
    )


def cancel_tournament(tournament_id: int, user: Any) -> int:
    """Cancel a pending or running tournament; the number of queued games dropped.

    Raises:
        PermissionDenied: ``user`` is neither the organiser nor staff.
        TournamentRefused: the tournament is finished or already cancelled.
    """
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(id=tournament_id)
        _check_may_manage(user, tournament)
        if refusal := cancel_refusal(tournament):
            raise TournamentRefused(refusal)
        now = timezone.now()
        tournament.status = Tournament.CANCELLED
        tournament.cancelled = now
        tournament.cancelled_by = user
        tournament.save(update_fields=["status", "cancelled", "cancelled_by"])
        # A worker that claimed one of these a moment ago holds its row: the update skips it,
        # and that game plays to the end like any running one.
        return Match.objects.filter(
            tournament_slot__tournament=tournament, status=Match.QUEUED
        ).update(status=Match.CANCELLED, finished=now, end_reason=CANCELLED_REASON)


def cancel_refusal(tournament: Tournament) -> str | None:
    """Why ``tournament`` cannot be cancelled; None when it can."""
    if tournament.status in Tournament.OPEN:
        return None
    return (
        f"{tournament.name} is already {tournament.status}: only a tournament that has not "
        "finished can be cancelled"
    )


def retry_game(tournament_id: int, match_id: int, user: Any) -> int:
    """Play the tournament's error game ``match_id`` again; the new match's id (sent on commit).

    Raises:
        PermissionDenied: ``user`` is neither the organiser nor staff.
        TournamentRefused: not a game of this tournament, or one that may not be retried
            (``TournamentState.retry_refusal`` says why).
    """
    try:
        with transaction.atomic():
            tournament = Tournament.objects.select_for_update().get(id=tournament_id)
            _check_may_manage(user, tournament)
            game = (
                TournamentMatch.objects.select_related("match")
                .prefetch_related("match__participants")
                .filter(tournament=tournament, match_id=match_id)
                .first()
            )
            if game is None:
                raise TournamentRefused(f"match {match_id} is not a game of {tournament.name}")
            state = TournamentState.load(tournament)
            if refusal := state.retry_refusal(game):
                raise TournamentRefused(f"match {match_id} cannot be retried: {refusal}")
            new_match_id = create_game(tournament, state, state.pairing_of(game), replacing=game)
            if tournament.status == Tournament.FINISHED:
                tournament.status = Tournament.RUNNING
                tournament.finished = None
                tournament.save(update_fields=["status", "finished"])
    except IntegrityError as exc:
        # SQLite, which has no row locks: another request retried the same game first.
        raise TournamentRefused(f"match {match_id} was retried at the same time") from exc
    return new_match_id


def _check_may_manage(user: Any, tournament: Tournament) -> None:
    if not may_manage(user, tournament):
        raise PermissionDenied("only the tournament's organiser and staff may do this")
