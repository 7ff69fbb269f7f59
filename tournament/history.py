"""Reading the match history back: rating recomputation and replay re-simulation.

Recomputation replays every rated result in :class:`~tournament.models.ScoredResult` sequence
order through the same pure functions the pipeline used, so it must land on the stored values
exactly (floats compared with ``==``).

On a live system results keep arriving while that runs, so the history and the stored ratings
are read as of one moment (:func:`snapshot`), or, to overwrite them, with every rating row
locked (:func:`ratings_locked`).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from django.db import connection, transaction
from django.db.models import QuerySet

from games.common.families import BASE
from games.registry import get_game
from tournament import forfeits, ratings
from tournament.models import (
    Bot,
    BotVersion,
    FamilyRating,
    Match,
    MatchParticipant,
    RatingFields,
    ScoredResult,
)

RATED_COLUMNS = ("id", *RatingFields.RATING_COLUMNS)
"""What recomputation reads and writes of a version or bot row (never a version's upload)."""


@dataclass
class Tally:
    rating: ratings.Rating = field(default_factory=ratings.Rating)
    games: int = 0
    wins: int = 0
    forfeits: int = 0
    score_total: float = 0.0
    scored_games: int = 0


@dataclass
class Recomputation:
    versions: dict[tuple[str, int], Tally]
    """By (family, version id)."""
    bots: dict[tuple[str, int], Tally]
    """By (family, bot id)."""
    matches: int

    def mismatches(self) -> list[str]:
        """Every stored rating or counter that differs from the recomputed one."""
        problems = []
        for rows, tallies, key in rating_tables(self):
            for row in rows.order_by("id").iterator(5000):
                tally = tallies.get(key(row), Tally())
                stored = (
                    row.elo,
                    row.mu,
                    row.sigma,
                    row.games_played,
                    row.wins,
                    row.forfeits,
                    row.score_total,
                    row.scored_games,
                )
                expected = (
                    tally.rating.elo,
                    tally.rating.mu,
                    tally.rating.sigma,
                    tally.games,
                    tally.wins,
                    tally.forfeits,
                    tally.score_total,
                    tally.scored_games,
                )
                if stored != expected:
                    problems.append(f"{type(row).__name__} {row.id}: stored {stored} != {expected}")
        return problems


def rating_tables(result: Recomputation) -> list[tuple[QuerySet, dict, Callable[[Any], tuple]]]:
    """Each set of stored rating rows with its tallies and a row's tally key: versions and bots
    (the base family), then the other families' rows of versions and of bots
    (``tournament/family_ratings.py``); only the columns recomputation reads and writes."""
    family_rows = FamilyRating.objects.only("family", "version_id", "bot_id", *RATED_COLUMNS)
    return [
        (BotVersion.objects.only(*RATED_COLUMNS), result.versions, lambda row: (BASE, row.id)),
        (Bot.objects.only(*RATED_COLUMNS), result.bots, lambda row: (BASE, row.id)),
        (
            family_rows.filter(version__isnull=False),
            result.versions,
            lambda row: (row.family, row.version_id),
        ),
        (family_rows.filter(bot__isnull=False), result.bots, lambda row: (row.family, row.bot_id)),
    ]


class Seat(NamedTuple):
    """What recomputation reads of a seat: a few columns, not the participant and version rows
    (a version row carries its uploaded bytes)."""

    version_id: int
    bot_id: int
    seat: int
    rank: int
    score: float | None
    forfeit: str


def _rated_results(batch: int = 5000) -> Iterator[tuple[str, list[Seat]]]:
    """The family and the seats of each scored rated match, in scoring order, ``batch`` matches
    a query: the next sequence numbers after the last batch's (keyset), so no list of every
    match is held."""
    last = 0
    while True:
        chunk = list(
            ScoredResult.objects.filter(match__rated=True, sequence__gt=last)
            .order_by("sequence")
            .values_list("sequence", "match_id", "match__family")[:batch]
        )
        if not chunk:
            return
        last = chunk[-1][0]
        by_match: dict[int, list[Seat]] = defaultdict(list)
        rows = (
            MatchParticipant.objects.filter(match_id__in=[m for _, m, _ in chunk])
            .order_by("match_id", "seat")
            .values_list(
                "match_id", "version_id", "version__bot_id", "seat", "rank", "score", "forfeit"
            )
        )
        for match_id, *seat in rows:
            by_match[match_id].append(Seat(*seat))
        for _, match_id, family in chunk:
            yield family, by_match[match_id]


@contextmanager
def snapshot() -> Iterator[None]:
    """Everything read inside sees the database as of one moment, while writers go on.

    Otherwise a result scored between reading the history and reading the stored ratings is
    in the ratings but not in the recomputation: a false mismatch. Any moment is a consistent
    one: a result is numbered after it locks its rating rows, so of two results sharing a bot
    the later-numbered one commits after the other. PostgreSQL: a REPEATABLE READ, READ ONLY
    transaction. SQLite (WAL): a deferred transaction, whose first read fixes what it sees
    without taking the write lock. Inside a caller's transaction, that transaction decides.
    """
    if connection.in_atomic_block:
        yield
    elif connection.vendor == "postgresql":
        with transaction.atomic():
            with connection.cursor() as cursor:
                cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
            yield
    elif connection.vendor == "sqlite":
        # The project's connections begin IMMEDIATE (the write lock: every worker would wait);
        # a read needs only DEFERRED.
        connection.ensure_connection()
        mode, connection.transaction_mode = connection.transaction_mode, "DEFERRED"
        try:
            with transaction.atomic():
                yield
        finally:
            connection.transaction_mode = mode
    else:
        raise NotImplementedError(f"no snapshot for database vendor {connection.vendor}")


@contextmanager
def ratings_locked() -> Iterator[None]:
    """A transaction holding every version, bot and family rating row (in the order results
    lock them): no result can be applied until it ends, and every result applied before is
    visible."""
    with transaction.atomic():
        for model in (BotVersion, Bot, FamilyRating):
            list(model.objects.select_for_update().order_by("id").values_list("id", flat=True))
        yield


def recompute() -> Recomputation:
    versions: dict[tuple[str, int], Tally] = defaultdict(Tally)
    bots: dict[tuple[str, int], Tally] = defaultdict(Tally)
    matches = 0
    for family, seats in _rated_results():
        matches += 1
        ranks = [p.rank for p in seats]
        scores = [p.score or 0.0 for p in seats]
        forfeited = [bool(p.forfeit) for p in seats]
        computed: tuple[list[ratings.Rating], list[ratings.Rating]] | None = None
        for tallies, keys in (
            (versions, [(family, p.version_id) for p in seats]),
            (bots, [(family, p.bot_id) for p in seats]),
        ):
            before = [tallies[k].rating for k in keys]
            # A bot whose version has played all its games rates exactly as the version:
            # the same pure function of the same numbers, computed once.
            if computed is not None and computed[0] == before:
                after = computed[1]
            else:
                after = ratings.update(before, ranks)
                computed = (before, after)
            for key, new, p in zip(keys, after, seats, strict=True):
                tally = tallies[key]
                tally.rating = new
                tally.games += 1
                tally.wins += p.rank == 1
                tally.forfeits += bool(p.forfeit)
                score, counted, _, _ = forfeits.average_parts(scores, forfeited, p.seat)
                tally.score_total += score
                tally.scored_games += counted
    return Recomputation(dict(versions), dict(bots), matches)


def store(result: Recomputation) -> None:
    """Overwrite the stored ratings with a recomputation (e.g. after changing K)."""
    with transaction.atomic():
        for table, tallies, key in rating_tables(result):
            rows = list(table.select_for_update().order_by("id"))
            for row in rows:
                tally = tallies.get(key(row), Tally())
                row.set_rating(tally.rating)
                row.games_played, row.wins, row.forfeits = tally.games, tally.wins, tally.forfeits
                row.score_total, row.scored_games = tally.score_total, tally.scored_games
            table.model.objects.bulk_update(rows, RatingFields.RATING_COLUMNS, batch_size=2000)


def resimulate(match: Match) -> dict[str, Any]:
    """Replay a finished match from its seed and action list and compare with what was stored.

    Returns a report with ``ok`` and the list of differences. A match that stopped early
    (forfeits) is compared on its final state only, since the engine's own result then differs
    from the stored ranks by design.
    """
    from games.common.replay import replay, stored_final_state

    data = match.replay.unpack()
    game = get_game(match.game)
    problems = []
    if data["engine_version"] != getattr(game, "version", data["engine_version"]):
        problems.append(
            f"engine version changed: stored {data['engine_version']}, now {game.version}"
        )
    state = replay(game, data["num_players"], data["seed"], data["options"], data["actions"])
    if state.to_dict() != stored_final_state(data):
        problems.append("final state differs")
    if state.is_terminal() and not any(data["forfeits"]):
        result = state.result()
        ranking = sorted(range(data["num_players"]), key=lambda s: (data["ranks"][s], s))
        if list(result["ranking"]) != ranking:
            problems.append(f"ranking differs: replay {result['ranking']} != stored {ranking}")
        if [float(s) for s in result["scores"]] != data["scores"]:
            problems.append(f"scores differ: replay {result['scores']} != stored {data['scores']}")
    return {
        "match": match.id,
        "ok": not problems,
        "problems": problems,
        "actions": len(data["actions"]),
    }
