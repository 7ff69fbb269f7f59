"""The ladder scheduler: who plays whom, in which seat, and how many matches are in flight.

Pairing: the next match is built around the active version that most needs games (versions
whose σ is above the ladder's ``settled_sigma`` first, then the fewest games played or
scheduled), joined by opponents of similar conservative rating (μ − 3σ), picked at random among
the nearest few so pairings vary. Seats: of all seatings of the group, the one that most evens
out each version's seat counts. A bot already in ``max_concurrent_per_bot`` unfinished matches
is left out, so one slow bot holds up only its own games.
"""

from __future__ import annotations

import itertools
import random
import secrets
from collections.abc import Sequence
from dataclasses import dataclass, field

from django.conf import settings
from django.db import transaction
from django.db.models import Count

from games.registry import GAMES, get_game
from tournament.matches import create_match
from tournament.models import BotVersion, GameLadder, Match, MatchParticipant

UNFINISHED = (Match.QUEUED, Match.RUNNING)
NEAREST_OPPONENTS = 3
"""How many of the nearest-rated opponents a pick is drawn from (variety vs. closeness)."""


@dataclass
class Candidate:
    version_id: int
    bot_id: int
    conservative: float
    sigma: float
    games: int
    """Games played plus matches already scheduled: the need for more games."""
    load: int
    """Unfinished matches of this version now."""
    seat_counts: list[int] = field(default_factory=list)


def ladder_for(game: str) -> GameLadder:
    """The game's ladder settings, created with defaults the first time."""
    ladder, _ = GameLadder.objects.get_or_create(game=game, defaults=_ladder_defaults(game))
    return ladder


def ladder_or_defaults(game: str) -> GameLadder:
    """The game's ladder settings as :func:`ladder_for` gives them, without creating the row
    (an unsaved one when there is none yet): for pages that only show them."""
    return GameLadder.objects.filter(game=game).first() or GameLadder(
        game=game, **_ladder_defaults(game)
    )


def _ladder_defaults(game: str) -> dict[str, object]:
    defaults: dict[str, object] = {"players_per_match": get_game(game).min_players}
    defaults.update(getattr(settings, "ARENA_LADDER_DEFAULTS", {}).get(game, {}))
    return defaults


def enabled_games() -> list[str]:
    return [
        g
        for g in GameLadder.objects.filter(enabled=True).values_list("game", flat=True)
        if g in GAMES
    ]


def pick_group(
    candidates: Sequence[Candidate],
    size: int,
    settled_sigma: float,
    max_load: int | None,
    rng: random.Random,
) -> list[Candidate] | None:
    """The versions of the next match, or None when too few are free."""
    free = [c for c in candidates if max_load is None or c.load < max_load]
    if len({c.bot_id for c in free}) < size:
        return None
    anchor = min(free, key=lambda c: (c.sigma <= settled_sigma, c.games, rng.random()))
    group = [anchor]
    while len(group) < size:
        taken = {c.bot_id for c in group}
        others = [c for c in free if c.bot_id not in taken]
        others.sort(key=lambda c: (abs(c.conservative - anchor.conservative), c.games))
        group.append(rng.choice(others[:NEAREST_OPPONENTS]))
    return group


def assign_seats(group: Sequence[Candidate], rng: random.Random) -> list[Candidate]:
    """Order the group by seat so that every version's seat counts stay as even as possible."""
    size = len(group)

    def imbalance(order: Sequence[Candidate]) -> tuple[int, int]:
        # The seat a version would get, weighted by how often it already had it.
        counts = [(c.seat_counts + [0] * size)[seat] for seat, c in enumerate(order)]
        return sum(counts), max(counts)

    orders = list(itertools.permutations(group))
    rng.shuffle(orders)
    return list(min(orders, key=imbalance))


def _candidates(game: str) -> list[Candidate]:
    versions = list(BotVersion.objects.filter(game=game, status=BotVersion.ACTIVE))
    loads = dict(
        MatchParticipant.objects.filter(
            match__status__in=UNFINISHED, version__in=[v.id for v in versions]
        )
        .values_list("version")
        .annotate(n=Count("id"))
    )
    return [
        Candidate(
            version_id=v.id,
            bot_id=v.bot_id,
            conservative=v.conservative,
            sigma=v.sigma,
            games=v.games_played + loads.get(v.id, 0),
            load=loads.get(v.id, 0),
            seat_counts=list(v.seat_counts or []),
        )
        for v in versions
    ]


def schedule_ladder(
    game: str,
    count: int | None = None,
    *,
    respect_bot_limit: bool = True,
    rng: random.Random | None = None,
) -> list[int]:
    """Create ladder matches (queued) and return their ids; the caller sends their tasks.

    Without ``count`` the ladder is topped up to its ``matches_in_flight``; with it, exactly
    that many are created if enough versions are free (an operator's batch).
    """
    rng = rng or random.Random(secrets.randbits(64))
    created: list[int] = []
    with transaction.atomic():
        # One scheduler per game at a time: the ladder row is the lock.
        ladder = GameLadder.objects.select_for_update().get(pk=ladder_for(game).pk)
        if count is None:
            if not ladder.enabled:
                return []
            in_flight = Match.objects.filter(
                game=game, kind=Match.LADDER, status__in=UNFINISHED
            ).count()
            count = ladder.matches_in_flight - in_flight
        candidates = _candidates(game)
        max_load = ladder.max_concurrent_per_bot if respect_bot_limit else None
        options = dict(ladder.options)
        touched: dict[int, Candidate] = {}
        for _ in range(max(count, 0)):
            group = pick_group(
                candidates, ladder.players_per_match, ladder.settled_sigma, max_load, rng
            )
            if group is None:
                break
            seated = assign_seats(group, rng)
            match = create_match(
                ladder,
                [c.version_id for c in seated],
                kind=Match.LADDER,
                options=options,
                seed=rng.randrange(2**62),
            )
            created.append(match.id)
            for seat, candidate in enumerate(seated):
                counts = candidate.seat_counts + [0] * (seat + 1 - len(candidate.seat_counts))
                counts[seat] += 1
                candidate.seat_counts = counts
                candidate.games += 1
                candidate.load += 1
                touched[candidate.version_id] = candidate
        for candidate in touched.values():
            BotVersion.objects.filter(id=candidate.version_id).update(
                seat_counts=candidate.seat_counts
            )
    return created
