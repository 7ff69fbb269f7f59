"""Running a tournament: create it, queue its games, advance it as results come in.

The rules of each format are pure functions in ``tournament/brackets.py``; this module stores
what they decide. :func:`advance` is the one place that creates games: it holds the tournament
row's lock (``SELECT … FOR UPDATE``), reads every game of the event, asks the format which games
should exist, creates the missing ones and finishes the event when nothing is left. It is
idempotent, so it is called after every scored or failed tournament match (on commit) and by
beat (``tournament.advance_tournaments``) to catch up on a hook that was missed; two workers
finishing the last two games of a round at once take the lock in turn, and the second finds
the next round already there. The unique (tournament, round, slot, game) constraint is the last
guard (SQLite has no row locks).

A match that ends in ``error`` (the platform gave up on it) counts as forfeited by every seat:
nobody wins it, nobody scores. Re-running it would hold the event up for a fault that is not
the bots'; staff see the error on the match page.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone

from tournament import brackets
from tournament.matches import create_match
from tournament.models import (
    BotVersion,
    Match,
    Tournament,
    TournamentEntrant,
    TournamentMatch,
)
from tournament.scheduler import ladder_for

log = logging.getLogger(__name__)


class TournamentRefused(ValueError):
    """The tournament cannot be created as asked; the message says why."""


def create_tournament(
    organiser: Any,
    game: str,
    name: str,
    format: str,
    version_ids: Sequence[int],
    *,
    games_per_pairing: int = 1,
    options: dict[str, Any] | None = None,
    time_control: dict[str, Any] | None = None,
) -> Tournament:
    """A running tournament of ``version_ids`` (seed order) with its first games queued.

    Raises:
        TournamentRefused: unknown or inactive versions, a duplicate, or a size over the caps.
    """
    ladder = ladder_for(game)
    if len(set(version_ids)) != len(version_ids):
        raise TournamentRefused("an entrant is listed twice")
    active = set(
        BotVersion.objects.filter(
            id__in=version_ids, game=game, status=BotVersion.ACTIVE
        ).values_list("id", flat=True)
    )
    if missing := [v for v in version_ids if v not in active]:
        raise TournamentRefused(f"not active {game} bot versions: {missing}")
    try:
        planned = brackets.check_size(
            len(version_ids), games_per_pairing, ladder.players_per_match, format
        )
    except brackets.TournamentTooLarge as exc:
        raise TournamentRefused(str(exc)) from exc
    with transaction.atomic():
        tournament = Tournament.objects.create(
            game=game,
            name=name,
            organiser=organiser,
            format=format,
            games_per_pairing=games_per_pairing,
            players_per_match=ladder.players_per_match,
            options=dict(ladder.options if options is None else options),
            time_control=dict(ladder.time_control if time_control is None else time_control),
            sandbox_limits=dict(ladder.sandbox_limits),
            planned_matches=planned,
            status=Tournament.RUNNING,
        )
        TournamentEntrant.objects.bulk_create(
            TournamentEntrant(tournament=tournament, version_id=version_id, seed=seed)
            for seed, version_id in enumerate(version_ids)
        )
        advance(tournament.id)
    return tournament


def advance(tournament_id: int) -> list[int]:
    """Create the games the format wants next, finish the event when done; new match ids.

    The new matches are sent to the workers after commit.
    """
    try:
        with transaction.atomic():
            tournament = Tournament.objects.select_for_update().get(id=tournament_id)
            if tournament.status == Tournament.FINISHED:
                return []
            state = TournamentState.load(tournament)
            created = [_create_game(tournament, state, p) for p in state.missing_pairings()]
            if not created and state.is_complete():
                tournament.status = Tournament.FINISHED
                tournament.finished = timezone.now()
                tournament.save(update_fields=["status", "finished"])
            for match_id in created:
                transaction.on_commit(lambda match_id=match_id: _send(match_id))
    except IntegrityError:
        # Another process created the same game between our read and our write (SQLite has
        # no row locks): its transaction did the work.
        log.info("tournament %s: advanced concurrently elsewhere", tournament_id)
        return []
    return created


def after_match(match: Match) -> None:
    """Called inside the transaction that finished or failed ``match``: advance after commit."""
    if match.kind != Match.TOURNAMENT:
        return
    transaction.on_commit(lambda: _advance_quietly(match.id))


def _advance_quietly(match_id: int) -> None:
    tournament_id = (
        TournamentMatch.objects.filter(match_id=match_id)
        .values_list("tournament_id", flat=True)
        .first()
    )
    if tournament_id is None:
        return
    try:
        advance(tournament_id)
    except Exception:  # the result is stored; beat's advance_tournaments catches up
        log.exception("tournament %s: advancing after match %s failed", tournament_id, match_id)


def _send(match_id: int) -> None:
    from tournament.tasks import send_match  # tasks → execution → results → here

    send_match(match_id)


def _create_game(tournament: Tournament, state: TournamentState, pairing: brackets.Pairing) -> int:
    match = create_match(
        ladder_for(tournament.game),
        [state.version_ids[entrant] for entrant in pairing.seats],
        kind=Match.TOURNAMENT,
        rated=False,
        options=tournament.options,
        time_control=tournament.time_control,
        sandbox_limits=tournament.sandbox_limits,
    )
    TournamentMatch.objects.create(
        match=match,
        tournament=tournament,
        round=pairing.round,
        slot=pairing.slot,
        game=pairing.game,
    )
    return match.id


class TournamentState:
    """A tournament's entrants and games as the pure format functions see them."""

    def __init__(
        self,
        tournament: Tournament,
        version_ids: list[int],
        games: list[TournamentMatch],
    ) -> None:
        self.tournament = tournament
        self.version_ids = version_ids
        self.games = games
        self.entrant_of = entrant_of = {
            version_id: seed for seed, version_id in enumerate(version_ids)
        }
        self.results: dict[tuple[int, int], list[brackets.GameResult]] = {}
        self.done = 0
        for game in sorted(games, key=lambda g: (g.round, g.slot, g.game)):
            result = game_result(game.match, entrant_of)
            if result is not None:
                self.done += 1
                self.results.setdefault((game.round, game.slot), []).append(result)

    @classmethod
    def load(cls, tournament: Tournament) -> TournamentState:
        version_ids = list(
            tournament.entrants.order_by("seed").values_list("version_id", flat=True)
        )
        games = list(
            tournament.games.select_related("match").prefetch_related("match__participants")
        )
        return cls(tournament, version_ids, games)

    @property
    def is_knockout(self) -> bool:
        return self.tournament.format == brackets.KNOCKOUT

    def bracket(self) -> list[list[brackets.Tie]]:
        return brackets.knockout(
            len(self.version_ids), self.tournament.games_per_pairing, self.results
        )

    def wanted_pairings(self) -> list[brackets.Pairing]:
        if not self.is_knockout:
            return brackets.round_robin(
                len(self.version_ids),
                self.tournament.players_per_match,
                self.tournament.games_per_pairing,
            )
        best_of = self.tournament.games_per_pairing
        return [
            pairing
            for ties in self.bracket()
            for tie in ties
            for pairing in brackets.knockout_pairings(tie, best_of)
        ]

    def missing_pairings(self) -> list[brackets.Pairing]:
        existing = {(g.round, g.slot, g.game) for g in self.games}
        return [p for p in self.wanted_pairings() if (p.round, p.slot, p.game) not in existing]

    def is_complete(self) -> bool:
        if self.is_knockout:
            return brackets.champion(self.bracket()) is not None
        return self.done == self.tournament.planned_matches

    def standings(self) -> list[brackets.Standing]:
        flat = [result for results in self.results.values() for result in results]
        return brackets.standings(len(self.version_ids), flat)


def game_result(match: Match, entrant_of: dict[int, int]) -> brackets.GameResult | None:
    """A finished match as the formats see it; an ``error`` match is void (all forfeited)."""
    seats = sorted(match.participants.all(), key=lambda p: p.seat)
    entrants = tuple(entrant_of[p.version_id] for p in seats)
    if match.status == Match.FINISHED:
        return brackets.GameResult(
            seats=entrants,
            ranks=tuple(p.rank or len(seats) for p in seats),
            scores=tuple(p.score or 0.0 for p in seats),
            forfeits=tuple(bool(p.forfeit) for p in seats),
        )
    if match.status == Match.ERROR:
        return brackets.GameResult(
            seats=entrants,
            ranks=(len(seats),) * len(seats),
            scores=(0.0,) * len(seats),
            forfeits=(True,) * len(seats),
        )
    return None


def tournament_summary(tournament: Tournament) -> dict[str, Any]:
    """What the tournament page and the API show: entrants, progress, standings, bracket."""
    state = TournamentState.load(tournament)
    entrants = list(tournament.entrants.select_related("version__bot__owner").order_by("seed"))
    names = [f"{e.version.bot.name} v{e.version.number}" for e in entrants]
    rows = []
    for position, standing in enumerate(state.standings(), start=1):
        entrant = entrants[standing.entrant]
        rows.append(
            {
                "position": position,
                "seed": standing.entrant + 1,
                "name": names[standing.entrant],
                "bot_id": entrant.version.bot_id,
                "owner": entrant.version.bot.owner.username,
                "played": standing.played,
                "wins": standing.wins,
                "forfeits": standing.forfeits,
                "average_score": round(standing.average_score, 2),
                "average_rank": round(standing.average_rank, 2),
            }
        )
    ordered = sorted(state.games, key=lambda g: (g.round, g.slot, g.game))
    tie_matches: dict[tuple[int, int], list[int]] = {}
    for game in ordered:
        tie_matches.setdefault((game.round, game.slot), []).append(game.match_id)
    bracket = state.bracket() if state.is_knockout else None
    rounds = len(bracket) if bracket else 1
    # A knockout's ties may end early: until it finishes, its total is only an upper bound.
    finished = tournament.status == Tournament.FINISHED
    planned = state.done if finished else tournament.planned_matches
    return {
        "names": names,
        "done": state.done,
        "planned": planned,
        "planned_is_upper_bound": not finished
        and state.is_knockout
        and tournament.games_per_pairing > 1,
        "percent": round(100 * state.done / planned) if planned else 100,
        "standings": rows,
        "bracket": bracket,
        "tie_matches": tie_matches,
        "games": [
            {
                "match": game.match_id,
                "round": game.round,
                "round_name": brackets.round_name(game.round, rounds) if bracket else "",
                "slot": game.slot,
                "game": game.game,
                "status": game.match.status,
                "seats": [
                    names[state.entrant_of[p.version_id]]
                    for p in sorted(game.match.participants.all(), key=lambda p: p.seat)
                ],
            }
            for game in ordered
        ],
    }
