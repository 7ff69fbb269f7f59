"""Running a tournament: create it, queue its games, advance it as results come in.

The rules of each format are pure functions in ``tournament/brackets.py``; this module stores
what they decide. :func:`advance` is the one place that creates games: it holds the tournament
row's lock (``SELECT … FOR UPDATE``), reads every game of the event, asks the format which games
should exist, creates the missing ones and finishes the event when nothing is left. It is
idempotent, so it is called after every scored or failed match of one of its bots (on commit)
and by beat (``tournament.advance_tournaments``) to catch up on a hook that was missed; two workers
finishing the last two games of a round at once take the lock in turn, and the second finds
the next round already there. The unique (tournament, round, slot, game) constraint is the last
guard (SQLite has no row locks).

Fair share: a game whose bot is already in as many unfinished matches as it may be (the
ladder's rule, ``scheduler.event_bot_share``) is not created yet (:class:`BotRoom`); the
advance after any match of that bot creates it, so one slow entrant never fills every worker
slot and an event of fast bots is never kept waiting for a wave or a beat tick.

A match that ends in ``error`` (the platform gave up on it) counts as forfeited by every seat:
nobody wins it, nobody scores, and the event goes on without waiting. Its organiser or staff may
retry it (``tournament/organiser.py``): a new match takes its slot, and the error game, kept as a
record, no longer counts. A cancelled tournament is left alone: it creates nothing more.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone

from games.registry import BASE, family_of, game_title, get_family
from tournament import brackets
from tournament.event_settings import SettingsRefused, event_settings
from tournament.formats import double_elimination, registry, sets
from tournament.matches import create_match
from tournament.models import (
    BotVersion,
    FamilyRating,
    GameLadder,
    Match,
    MatchParticipant,
    Tournament,
    TournamentEntrant,
    TournamentEntry,
    TournamentMatch,
)
from tournament.scheduler import bot_loads, event_bot_share, ladder_for, match_slots

log = logging.getLogger(__name__)


CANCELLED_REASON = "its tournament was cancelled"
"""The end reason of a game dropped unplayed because its tournament was cancelled."""


class TournamentRefused(ValueError):
    """The tournament cannot be created or changed as asked; the message says why."""


def create_tournament(
    organiser: Any,
    game: str,
    name: str,
    format: str,
    version_ids: Sequence[int],
    *,
    family: str = BASE,
    seeding: str = Tournament.BY_RATING,
    games_per_pairing: int = 1,
    players_per_match: int | None = None,
    options: dict[str, Any] | None = None,
    time_control: dict[str, Any] | None = None,
    format_settings: dict[str, Any] | None = None,
    registration: bool = False,
    registration_deadline: Any = None,
    starts_at: Any = None,
) -> Tournament:
    """A running tournament of ``version_ids`` with its first games queued; with
    ``registration``, a draft whose entries bot owners make once its organiser opens them
    (``tournament/registration.py``), ``version_ids`` being the organiser's own first entries.

    Its games play the game ``family`` (``games/common/families.py``); every entrant must be
    enabled for it. Seeds go by rating in that family (μ − 3σ, the older version first on
    equal ratings) or, with ``seeding`` ``"manual"``, follow the order of ``version_ids``.
    Players per match, options and time control default to the family's ladder's; given ones
    are merged over them (``event_settings``) and must stay in the family.
    ``format_settings`` are the format's own (``formats.registry.SETTINGS``: Swiss rounds,
    table advancement heats); missing ones take the format's defaults.

    Raises:
        TournamentRefused: unknown or inactive versions, a duplicate, an unknown seeding, a
            setting the engine or the clock ranges refuse, or a size over the caps. Nothing
            is stored then.
    """
    try:
        get_family(game, family)
    except ValueError as exc:
        raise TournamentRefused(str(exc)) from exc
    ladder = ladder_for(game, family)
    if seeding not in dict(Tournament.SEEDINGS):
        raise TournamentRefused(f"unknown seeding {seeding!r}; use rating or manual")
    if len(set(version_ids)) != len(version_ids):
        raise TournamentRefused("an entrant is listed twice")
    active = BotVersion.objects.filter(id__in=version_ids, game=game, status=BotVersion.ACTIVE)
    ratings = dict(active.values_list("id", "conservative"))
    if missing := [v for v in version_ids if v not in ratings]:
        raise TournamentRefused(f"not active {game_title(game)} bot versions: {missing}")
    if off := [v for v, on in active.values_list("id", "families") if family not in on]:
        raise TournamentRefused(f"bot versions not enabled for the family {family}: {sorted(off)}")
    if family != BASE:
        ratings.update(
            FamilyRating.objects.filter(version_id__in=version_ids, family=family).values_list(
                "version_id", "conservative"
            )
        )
    if seeding == Tournament.BY_RATING:
        version_ids = sorted(version_ids, key=lambda v: (-ratings[v], v))
    if registration and starts_at and registration_deadline and starts_at < registration_deadline:
        raise TournamentRefused("the start must not come before the registration deadline")
    try:
        chosen = event_settings(
            ladder,
            players_per_match=players_per_match,
            options=options,
            time_control=time_control,
        )
        if (played := family_of(game, chosen.options)) != family:
            raise SettingsRefused(f"these options play the family {played}, not {family}")
        # With registration the field is not known yet: check the format with the smallest
        # field it could have; the size is checked again when entries close.
        field_size = max(2, chosen.players_per_match) if registration else len(version_ids)
        planned, settled = registry.settle(
            format, field_size, games_per_pairing, chosen.players_per_match, format_settings
        )
    except (SettingsRefused, brackets.TournamentTooLarge) as exc:
        raise TournamentRefused(str(exc)) from exc
    with transaction.atomic():
        tournament = Tournament.objects.create(
            game=game,
            family=family,
            name=name,
            organiser=organiser,
            format=format,
            games_per_pairing=games_per_pairing,
            players_per_match=chosen.players_per_match,
            options=chosen.options,
            time_control=chosen.time_control,
            sandbox_limits=chosen.sandbox_limits,
            # A draft's size and defaults are settled when its entries close.
            planned_matches=0 if registration else planned,
            format_settings=dict(format_settings or {}) if registration else settled,
            seeding=seeding,
            status=Tournament.DRAFT if registration else Tournament.RUNNING,
            registration_deadline=registration_deadline if registration else None,
            starts_at=starts_at if registration else None,
        )
        if registration:
            for version in BotVersion.objects.filter(id__in=version_ids):
                TournamentEntry.objects.get_or_create(
                    tournament=tournament, bot_id=version.bot_id, defaults={"entered_by": organiser}
                )
            return tournament
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
            if tournament.status not in (Tournament.RUNNING, Tournament.PENDING):
                return []
            # The game's ladder row is the lock of every bot's share (the ladder scheduler
            # holds it too), so two processes cannot both give a bot its last free place.
            ladder = GameLadder.objects.select_for_update().get(pk=ladder_for(tournament.game).pk)
            state = TournamentState.load(tournament)
            room = BotRoom.now(state, event_bot_share(ladder, match_slots()))
            created = [
                create_game(tournament, state, pairing)
                for pairing in state.missing_pairings()
                if room.take(pairing)
            ]
            state.keep_paired_rounds()
            if not created and state.is_complete():
                tournament.status = Tournament.FINISHED
                tournament.finished = timezone.now()
                tournament.save(update_fields=["status", "finished"])
    except IntegrityError:
        # Another process created the same game between our read and our write (SQLite has
        # no row locks): its transaction did the work.
        log.info("tournament %s: advanced concurrently elsewhere", tournament_id)
        return []
    return created


def after_match(match: Match) -> None:
    """Called inside the transaction that finished or failed ``match`` (of any kind): after
    commit, advance every running tournament one of its bots is entered in. Its own
    tournament may have games to create, and the place each bot frees may let another event
    queue a game it held back (:class:`BotRoom`). ``results.after_match`` registers this before
    the ladder's refill, so a held-back tournament game gets a freed bot first."""
    transaction.on_commit(lambda: _advance_quietly(match.id))


def _advance_quietly(match_id: int) -> None:
    bots = MatchParticipant.objects.filter(match_id=match_id).values("version__bot")
    tournament_ids = (
        Tournament.objects.filter(status=Tournament.RUNNING, entrants__version__bot__in=bots)
        .distinct()
        .values_list("id", flat=True)
    )
    for tournament_id in tournament_ids:
        try:
            advance(tournament_id)
        except Exception:  # the result is stored; beat's advance_tournaments catches up
            log.exception("tournament %s: advancing after match %s failed", tournament_id, match_id)


def is_cancelled_game(match: Match) -> bool:
    """Whether ``match`` belongs to a cancelled tournament, so it must not be played (again)."""
    return (
        match.kind == Match.TOURNAMENT
        and Tournament.objects.filter(
            games__match_id=match.id, status=Tournament.CANCELLED
        ).exists()
    )


def _send(match_id: int) -> None:
    from tournament.tasks import send_match  # tasks → execution → results → here

    send_match(match_id)


def create_game(
    tournament: Tournament,
    state: TournamentState,
    pairing: brackets.Pairing,
    *,
    replacing: TournamentMatch | None = None,
) -> int:
    """Queue the game of ``pairing`` (sent after commit); its match id.

    With ``replacing``, the new match takes that game's place: the old row is marked retried
    before the new one is written, which the unique constraint on the games not retried needs.
    Call with the tournament row locked.
    """
    match = create_match(
        ladder_for(tournament.game, tournament.family),
        [state.version_ids[entrant] for entrant in pairing.seats],
        kind=Match.TOURNAMENT,
        rated=False,
        options=tournament.options,
        time_control=tournament.time_control,
        sandbox_limits=tournament.sandbox_limits,
        seed=state.seed_for(pairing),
    )
    if replacing is not None:
        replacing.retried_as = match
        replacing.save(update_fields=["retried_as"])
    TournamentMatch.objects.create(
        match=match,
        tournament=tournament,
        round=pairing.round,
        slot=pairing.slot,
        game=pairing.game,
    )
    transaction.on_commit(lambda: _send(match.id))
    return match.id


@dataclass
class BotRoom:
    """How many more games each bot may be given now: a tournament holds back the game of a
    bot already in ``share`` unfinished matches (of any kind, as the ladder counts them), so
    one slow entrant never fills every worker slot. Held-back games are created by a later
    :func:`advance`, run as soon as a match of one of their bots ends."""

    share: int
    loads: dict[int, int]
    """Unfinished matches per bot id, counting the games given here."""
    bot_of: dict[int, int]
    """Entrant number → its bot's id (two versions of one bot share its place)."""

    @classmethod
    def now(cls, state: TournamentState, share: int) -> BotRoom:
        bot_of = dict(
            BotVersion.objects.filter(id__in=state.version_ids).values_list("id", "bot_id")
        )
        entrant_bots = {seed: bot_of[version] for seed, version in enumerate(state.version_ids)}
        return cls(share, bot_loads(entrant_bots.values()), entrant_bots)

    def take(self, pairing: brackets.Pairing) -> bool:
        """Give ``pairing``'s bots one more game each if every one of them has room."""
        bots = {self.bot_of[entrant] for entrant in pairing.seats}
        if any(self.loads.get(bot, 0) >= self.share for bot in bots):
            return False
        for bot in bots:
            self.loads[bot] = self.loads.get(bot, 0) + 1
        return True


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
        self._event: registry.Event | None = None
        self.set_size = sets.set_size(
            tournament.players_per_match, bool(tournament.format_settings.get("duplicate"))
        )
        self.set_seeds: dict[tuple[int, int, int], int] = {}
        """(round, slot, set) → the seed every game of that duplicate set is played on."""
        self.done = 0
        by_set: dict[tuple[int, int, int], list[tuple[int, TournamentMatch]]] = {}
        for game in games:
            number, position = sets.set_of(game.game, self.set_size)
            by_set.setdefault((game.round, game.slot, number), []).append((position, game))
            self.set_seeds[(game.round, game.slot, number)] = game.match.seed
        for (round_, slot, _), members in sorted(by_set.items()):
            members.sort(key=lambda member: member[0])
            played = [game_result(game.match, entrant_of) for _, game in members]
            finished = [result for result in played if result is not None]
            self.done += len(finished)
            if len(finished) < self.set_size:
                continue
            result = finished[0]
            if self.set_size > 1:
                first_seats = sets.rotated(finished[0].seats, -members[0][0])
                result = sets.set_result(first_seats, finished)
            self.results.setdefault((round_, slot), []).append(result)

    @classmethod
    def load(cls, tournament: Tournament) -> TournamentState:
        version_ids = list(
            tournament.entrants.order_by("seed").values_list("version_id", flat=True)
        )
        games = list(
            tournament.games.filter(retried_as__isnull=True)
            .select_related("match")
            .prefetch_related("match__participants")
        )
        return cls(tournament, version_ids, games)

    def without(self, match_id: int) -> TournamentState:
        """The event as if the game of ``match_id`` had never been played."""
        games = [game for game in self.games if game.match_id != match_id]
        return TournamentState(self.tournament, self.version_ids, games)

    def pairing_of(self, game: TournamentMatch) -> brackets.Pairing:
        """``game``'s place and seats as the formats see them."""
        seats = sorted(game.match.participants.all(), key=lambda p: p.seat)
        return brackets.Pairing(
            round=game.round,
            slot=game.slot,
            game=game.game,
            seats=tuple(self.entrant_of[p.version_id] for p in seats),
        )

    @property
    def is_knockout(self) -> bool:
        return self.tournament.format == brackets.KNOCKOUT

    @property
    def event(self) -> registry.Event | None:
        """The event of a format of ``tournament/formats/`` (None for round robin, knockout)."""
        if self.tournament.format not in registry.EVENT_FORMATS:
            return None
        if self._event is None:
            self._event = registry.build(
                self.tournament.format,
                len(self.version_ids),
                self.tournament.games_per_pairing,
                self.tournament.players_per_match,
                self.tournament.format_settings,
                self.results,
                self.tournament.format_state,
            )
        return self._event

    def keep_paired_rounds(self) -> None:
        """Store the rounds the event paired (call under the tournament row's lock), so a
        round never changes once paired, even when a retried game changes an earlier result."""
        if self.event is None:
            return
        kept = registry.state_of(self.event)
        if kept != self.tournament.format_state:
            self.tournament.format_state = kept
            self.tournament.save(update_fields=["format_state"])

    def bracket(self) -> list[list[brackets.Tie]]:
        return brackets.knockout(
            len(self.version_ids), self.tournament.games_per_pairing, self.results
        )

    def wanted_pairings(self) -> list[brackets.Pairing]:
        if self.event is not None:
            return self.event.wanted()
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
        """The games wanted and not created yet (a duplicate set's games, one per rotation)."""
        existing = {(g.round, g.slot, g.game) for g in self.games}
        return [
            game
            for pairing in self.wanted_pairings()
            for game in sets.set_games(pairing, self.set_size)
            if (game.round, game.slot, game.game) not in existing
        ]

    def seed_for(self, pairing: brackets.Pairing) -> int | None:
        """The seed of a game: its duplicate set's, drawn once for the whole set (None: a
        fresh one, when sets are single games)."""
        if self.set_size == 1:
            return None
        key = (pairing.round, pairing.slot, pairing.game // self.set_size)
        if key not in self.set_seeds:
            self.set_seeds[key] = secrets.randbits(62)
        return self.set_seeds[key]

    def is_complete(self) -> bool:
        if self.event is not None:
            return self.event.complete
        if self.is_knockout:
            return brackets.champion(self.bracket()) is not None
        return self.done == self.tournament.planned_matches

    def retry_refusal(self, game: TournamentMatch) -> str | None:
        """Why ``game`` may not be played again now; None when it may.

        Only a game that ended in ``error`` and was not retried yet, of a tournament that is
        not cancelled; in a knockout, only while the retry cannot rewrite the bracket
        (``brackets.retry_refusal``).
        """
        if self.tournament.status == Tournament.CANCELLED:
            return "the tournament is cancelled"
        if game.retried_as_id is not None:
            return f"it was retried already, as match {game.retried_as_id}"
        if game.match.status != Match.ERROR:
            return f"only a game that ended in error can be retried, not a {game.match.status} one"
        if self.tournament.format == registry.DOUBLE_ELIMINATION:
            return double_elimination.retry_refusal(
                self.without(game.match_id).event,  # type: ignore[arg-type]
                game.round,
                game.slot,
                {(g.round, g.slot) for g in self.games},
            )
        if self.event is not None:
            if any(other.round > game.round for other in self.games):
                return "the next round is already paired on its result"
            return None
        if not self.is_knockout:
            return None
        return brackets.retry_refusal(
            self.without(game.match_id).bracket(),
            game.round,
            game.slot,
            {(g.round, g.slot) for g in self.games},
        )

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
    """What the tournament page and the API show: entrants by seed, progress (with the games
    held back until their bots have room, ``waiting``), standings, bracket and every game with
    its tie (a knockout's) and result (retried error games too, marked with the match that
    replaced them, and their replacements with the match they replace; ``retry`` says whether
    a game may be retried now).

    Every bot is named with its owner (``BotVersion.label``) and carries its version id: two
    authors may give their bots the same name.
    """
    entries = _entries(tournament)
    if tournament.status in (Tournament.DRAFT, Tournament.REGISTRATION):
        return {
            "names": [],
            "entrants": [],
            "entries": entries,
            "options": [_option_text(k, v) for k, v in sorted(tournament.options.items())],
            "done": 0,
            "planned": 0,
            "planned_is_upper_bound": False,
            "percent": 0,
            "waiting": 0,
            "standings": [],
            "byes": [],
            "columns": [],
            "duplicate": bool(tournament.format_settings.get("duplicate")),
            "sets": [],
            "bracket": None,
            "double_elimination": None,
            "tie_matches": {},
            "games": [],
        }
    state = TournamentState.load(tournament)
    entrants = [
        _entrant(entrant)
        for entrant in tournament.entrants.select_related("version__bot__owner").order_by("seed")
    ]
    names = [entrant["name"] for entrant in entrants]
    tie_matches: dict[tuple[int, int], list[int]] = {}
    for game in sorted(state.games, key=lambda g: (g.round, g.slot, g.game)):
        tie_matches.setdefault((game.round, game.slot), []).append(game.match_id)
    retried = list(
        tournament.games.filter(retried_as__isnull=False)
        .select_related("match")
        .prefetch_related("match__participants")
    )
    every_game = sorted(state.games + retried, key=lambda g: (g.round, g.slot, g.game, g.match_id))
    replaced = {game.retried_as_id: game.match_id for game in retried}
    bracket = state.bracket() if state.is_knockout else None
    round_names = brackets.round_names(len(names)) if bracket else []
    event = state.event
    # A knockout's ties may end early: until it finishes, its total is only an upper bound.
    finished = tournament.status == Tournament.FINISHED
    planned = state.done if finished else tournament.planned_matches
    return {
        "names": names,
        "entrants": entrants,
        "options": [_option_text(key, value) for key, value in sorted(tournament.options.items())],
        "done": state.done,
        "planned": planned,
        "planned_is_upper_bound": not finished
        and (
            (state.is_knockout and tournament.games_per_pairing > 1)
            or tournament.format == registry.DOUBLE_ELIMINATION
        ),
        "percent": round(100 * state.done / planned) if planned else 100,
        # Games the event wants now whose bots are at their fair share: queued as they free up.
        "waiting": len(state.missing_pairings()) if tournament.status == Tournament.RUNNING else 0,
        "standings": _standings(state, entrants, bracket, round_names),
        "columns": _format_columns(event),
        "entries": entries,
        "byes": [
            {
                "round": number,
                "round_name": event.round_name(number),
                "names": [names[e] for e in who],
            }
            for number, who in sorted(event.sat_out().items())
        ]
        if event is not None
        else [],
        "duplicate": state.set_size > 1,
        "sets": _sets(state, entrants) if state.set_size > 1 else [],
        "bracket": bracket,
        "double_elimination": event if tournament.format == registry.DOUBLE_ELIMINATION else None,
        "tie_matches": tie_matches,
        "games": [
            {
                "match": game.match_id,
                "round": game.round,
                "round_name": (
                    event.round_name(game.round)
                    if event is not None
                    else round_names[game.round]
                    if round_names
                    else ""
                ),
                "slot": game.slot,
                **_tie(state, game),
                "game": game.game,
                "set": game.game // state.set_size + 1,
                "set_game": game.game % state.set_size + 1,
                "status": game.match.status,
                **_game_result(game.match, state.entrant_of, entrants),
                "retried_as": game.retried_as_id,
                "replaces": replaced.get(game.match_id),
                "retry": game.match.status == Match.ERROR and state.retry_refusal(game) is None,
            }
            for game in every_game
        ],
    }


def _tie(state: TournamentState, game: TournamentMatch) -> dict[str, Any]:
    """A knockout game's tie: its number in its round and its name ("Semi-final 2"), so two
    ties of one round read apart; a round robin has no ties (None and ""). The other formats
    name their pairings and tables ("Round 2, board 3", "Losers' final", "Heat 1, table 2")."""
    if state.event is not None:
        return {
            "tie": game.slot + 1,
            "tie_name": state.event.tie_name(game.round, game.slot),
        }
    if not state.is_knockout:
        return {"tie": None, "tie_name": ""}
    return {
        "tie": brackets.tie_number(game.slot),
        "tie_name": brackets.tie_name(len(state.version_ids), game.round, game.slot),
    }


def tournament_game(match: Match) -> dict[str, Any] | None:
    """Where a tournament match sits, for its own page; None for any other match.

    Its tournament, its tie's name in a knockout, its game number, and the retries around it:
    the error match it replaces and the match that replaced it.
    """
    place = TournamentMatch.objects.select_related("tournament").filter(match=match).first()
    if place is None:
        return None
    tournament = place.tournament
    tie = ""
    if tournament.format == brackets.KNOCKOUT:
        tie = brackets.tie_name(tournament.entrants.count(), place.round, place.slot)
    elif tournament.format in registry.EVENT_FORMATS:
        event = TournamentState.load(tournament).event
        tie = event.tie_name(place.round, place.slot) if event is not None else ""
    return {
        "tournament": tournament,
        "tie_name": tie,
        "game": place.game + 1,
        "replaces": TournamentMatch.objects.filter(retried_as=match)
        .values_list("match_id", flat=True)
        .first(),
        "retried_as": place.retried_as_id,
    }


CHAMPION = "Champion"
"""What a knockout's standings say the champion reached (the others reached a round)."""


def _entrant(entrant: TournamentEntrant) -> dict[str, Any]:
    version = entrant.version
    return {
        "seed": entrant.seed + 1,
        "name": version.label,
        "version": version.id,
        "bot": version.bot.name,
        "bot_id": version.bot_id,
        "owner": version.bot.owner.username,
    }


def _standings(
    state: TournamentState,
    entrants: list[dict[str, Any]],
    bracket: list[list[brackets.Tie]] | None,
    round_names: list[str],
) -> list[dict[str, Any]]:
    """The standings rows. A round robin's by wins (``brackets.standings``), ``position`` the
    row's number; a knockout's by how far each entrant got (``brackets.knockout_places``),
    ``position`` its settled place (losers of one round share one; None while still in play)
    and ``reached`` the round it got to."""
    table = state.standings()
    columns: dict[int, list[dict[str, Any]]] = {}
    if state.event is not None:
        order = []
        for place in state.event.places():
            order.append((place.entrant, place.place, place.note or None))
            columns[place.entrant] = [
                {"name": name, "value": value} for name, value in place.columns
            ]
    elif bracket is None:
        order = [(row.entrant, position, None) for position, row in enumerate(table, start=1)]
    else:
        names = [*round_names, CHAMPION]
        order = [
            (place.entrant, place.place, names[place.reached])
            for place in brackets.knockout_places(bracket)
        ]
    by_entrant = {row.entrant: row for row in table}
    return [
        {
            "position": position,
            "reached": reached,
            **entrants[entrant],
            "played": by_entrant[entrant].played,
            "wins": by_entrant[entrant].wins,
            "forfeits": by_entrant[entrant].forfeits,
            "average_score": round(by_entrant[entrant].average_score, 2),
            "average_rank": round(by_entrant[entrant].average_rank, 2),
            "columns": columns.get(entrant, []),
        }
        for entrant, position, reached in order
    ]


def _entries(tournament: Tournament) -> list[dict[str, Any]]:
    """The bots entered while registration is open (before their versions are frozen)."""
    return [
        {
            "bot_id": entry.bot_id,
            "bot": entry.bot.name,
            "owner": entry.bot.owner.username,
            "entered_by": entry.entered_by.username,
            "entered": entry.created.isoformat(),
        }
        for entry in tournament.entries.select_related("bot__owner", "entered_by")
    ]


def _sets(state: TournamentState, entrants: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each duplicate set with its games side by side: per entrant, its seat, rank and score in
    every game of the set (same seed, seats rotated), then its games won and total VP in the
    set; ``winner`` is the set's (games won, then total VP), None while it is played or drawn."""
    grouped: dict[tuple[int, int, int], list[TournamentMatch]] = {}
    for game in state.games:
        grouped.setdefault((game.round, game.slot, game.game // state.set_size), []).append(game)
    rows = []
    for (round_, slot, number), games in sorted(grouped.items()):
        games.sort(key=lambda g: g.game)
        results = [game_result(g.match, state.entrant_of) for g in games]
        first = sorted(games[0].match.participants.all(), key=lambda p: p.seat)
        order = [state.entrant_of[p.version_id] for p in first]
        if games[0].game % state.set_size:
            order = list(sets.rotated(order, -(games[0].game % state.set_size)))
        done = len(games) == state.set_size and all(r is not None for r in results)
        summary = sets.set_result(order, [r for r in results if r is not None]) if done else None
        winner = summary.winner() if summary is not None else None
        lines = []
        for entrant in order:
            cells = []
            for game, result in zip(games, results, strict=True):
                if result is None:
                    cells.append({"match": game.match_id, "status": game.match.status})
                    continue
                seat = result.seats.index(entrant)
                cells.append(
                    {
                        "match": game.match_id,
                        "status": game.match.status,
                        "seat": seat + 1,
                        "rank": result.ranks[seat],
                        "score": result.scores[seat],
                        "forfeit": result.forfeits[seat],
                        "won": result.winner() == entrant,
                    }
                )
            index = order.index(entrant)
            lines.append(
                {
                    **entrants[entrant],
                    "games": cells,
                    "wins": sum(cell.get("won", False) for cell in cells),
                    "vp": summary.scores[index] if summary is not None else None,
                    "won": winner == entrant,
                }
            )
        event = state.event
        rows.append(
            {
                "round": round_,
                "slot": slot,
                "set": number + 1,
                "seed": games[0].match.seed if done else None,
                "name": event.tie_name(round_, slot)
                if event is not None
                else _plain_name(state, round_, slot),
                "entrants": lines,
                "winner": None if winner is None else winner + 1,
                "finished": done,
            }
        )
    return rows


def _plain_name(state: TournamentState, round_: int, slot: int) -> str:
    if state.is_knockout:
        return brackets.tie_name(len(state.version_ids), round_, slot)
    return f"Group {slot + 1}"


def _format_columns(event: registry.Event | None) -> list[str]:
    """The names of the format's own standings columns ("Points", "Buchholz"…), in order."""
    if event is None:
        return []
    places = event.places()
    return [name for name, _ in places[0].columns] if places else []


def _game_result(
    match: Match, entrant_of: dict[int, int], entrants: list[dict[str, Any]]
) -> dict[str, Any]:
    """A game's seats in seat order, each with its rank, score and forfeit once the game is
    finished, and its winner's seed (None for a draw, a void or an unfinished game)."""
    result = game_result(match, entrant_of)
    winner = result.winner() if result is not None else None
    seats = []
    for participant in sorted(match.participants.all(), key=lambda p: p.seat):
        entrant = entrant_of[participant.version_id]
        seats.append(
            {
                **entrants[entrant],
                "rank": participant.rank,
                "score": participant.score,
                "forfeit": participant.forfeit,
                "forfeit_detail": participant.forfeit_detail,
                "won": entrant == winner,
            }
        )
    return {"seats": seats, "winner": None if winner is None else winner + 1}


def _option_text(key: str, value: Any) -> str:
    """``masters on``, ``victory_points 3``: an option as the tournament page lists it."""
    if isinstance(value, bool):
        return f"{key} {'on' if value else 'off'}"
    return f"{key} {value}"
