"""The ladder scheduler: who plays whom, in which seat, and how many matches are in flight.

Pairing: the next match is built around the active version that most needs games (versions
whose σ is above the ladder's ``settled_sigma`` first, then the fewest games played or
scheduled), joined by opponents of similar conservative rating (μ − 3σ), picked at random among
the nearest few so pairings vary. Seats: of all seatings of the group, the one that most evens
out each version's seat counts. Options: the ladder's, with one variant of its option mix drawn
per match (``tournament/variants.py``).

Fair share: a bot (all its versions together, in matches of any kind) already in
:func:`bot_share` unfinished matches is left out. The share is ``max_concurrent_per_bot`` but
always less than the matches that can run at once, so a slow bot never holds every slot while
the others wait. What can run at once is the smaller of the ladder's ``matches_in_flight`` and
the workers' slots, ``ARENA_MATCH_SLOTS`` (worker processes × concurrency; ``manage.py serve``
sets it for the workers and the web server it starts). Tournaments hold back a bot's games by
the same rule with the slots alone (:func:`event_bot_share`, applied in
``tournament/tournaments.py``). A finished ladder match is replaced at once
(:func:`after_match`), not at beat's next tick, so a ladder whose bots may each play only one
match at a time still keeps the slots busy.
"""

from __future__ import annotations

import itertools
import logging
import random
import secrets
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime

from django.conf import settings
from django.db import transaction
from django.db.models import Count
from django.utils import timezone

from games.registry import BASE, GAMES, game_families, get_family, get_game
from tournament import variants
from tournament.family_ratings import family_ratings_of
from tournament.matches import create_match
from tournament.models import (
    BotVersion,
    GameLadder,
    Match,
    MatchParticipant,
    Tournament,
    TournamentEntrant,
)

log = logging.getLogger(__name__)

UNFINISHED = (Match.QUEUED, Match.RUNNING)
NEAREST_OPPONENTS = 3
"""How many of the nearest-rated opponents a pick is drawn from (variety vs. closeness)."""


@dataclass(slots=True)
class Candidate:
    version_id: int
    bot_id: int
    conservative: float
    sigma: float
    games: int
    """Games played plus matches already scheduled: the need for more games."""
    load: int
    """Unfinished matches of this version's bot now, all its versions together."""
    seat_counts: list[int] | None = field(default_factory=list)
    """Ladder matches scheduled per seat; None until read (only a match's group needs them)."""


def ladder_for(game: str, family: str = BASE) -> GameLadder:
    """The ladder settings of one family of a game, created with defaults the first time."""
    ladder, _ = GameLadder.objects.get_or_create(
        game=game, family=family, defaults=_ladder_defaults(game, family)
    )
    return ladder


def ladder_or_defaults(game: str, family: str = BASE) -> GameLadder:
    """The family's ladder settings as :func:`ladder_for` gives them, without creating the row
    (an unsaved one when there is none yet): for pages that only show them."""
    return GameLadder.objects.filter(game=game, family=family).first() or GameLadder(
        game=game, family=family, **_ladder_defaults(game, family)
    )


def _ladder_defaults(game: str, family: str = BASE) -> dict[str, object]:
    """The game's ``ARENA_LADDER_DEFAULTS``; for another family than the base, with the family's
    options laid over the game's, no option mix (a mix of the base game, such as Masters, need
    not combine with the family), a player count the family is played with, and then the
    settings' ``"<game>:<family>"`` entry if any."""
    configured = getattr(settings, "ARENA_LADDER_DEFAULTS", {})
    defaults: dict[str, object] = {"players_per_match": get_game(game).min_players}
    defaults.update(configured.get(game, {}))
    if family == BASE:
        return defaults
    chosen = get_family(game, family)
    defaults.pop("option_mix", None)
    defaults["options"] = {**dict(defaults.get("options") or {}), **chosen.options}
    if defaults["players_per_match"] not in chosen.players:
        defaults["players_per_match"] = max(chosen.players)
    defaults.update(configured.get(f"{game}:{family}", {}))
    return defaults


def match_slots() -> int:
    """How many matches the workers run at once (worker processes × concurrency)."""
    return max(1, int(getattr(settings, "ARENA_MATCH_SLOTS", 2)))


def bot_share(ladder: GameLadder, slots: int) -> int:
    """The most unfinished matches one bot may be in when the ladder pairs it: its fair share
    of what can run at once.

    At most ``max_concurrent_per_bot``, and one less than what can run at once (the smaller of
    the ladder's ``matches_in_flight`` and the workers' ``slots``), so one match is always left
    for the other bots. Only when a single match can run at all does a bot get that one.
    """
    return _share(ladder.max_concurrent_per_bot, min(slots, ladder.matches_in_flight))


def event_bot_share(ladder: GameLadder, slots: int) -> int:
    """The most unfinished matches one bot may be in when a tournament queues its games.

    The same rule as :func:`bot_share`, but what can run at once is the workers' ``slots``
    alone: a tournament's games are not the ladder's matches in flight, so an event of many
    bots may use every slot. At least one, so a ladder throttled to zero does not freeze an
    event (an operator stops the ladder with ``enabled``, and an event by cancelling it).
    """
    return max(1, _share(ladder.max_concurrent_per_bot, slots))


def _share(per_bot: int, running_capacity: int) -> int:
    return min(per_bot, max(1, running_capacity - 1))


def bot_loads(bot_ids: Iterable[int]) -> dict[int, int]:
    """Each bot's unfinished matches now, all its versions and every kind of match together
    (a retired version may still be playing); a bot that has none is left out."""
    return dict(
        MatchParticipant.objects.filter(match__status__in=UNFINISHED, version__bot__in=set(bot_ids))
        .values_list("version__bot")
        .annotate(n=Count("match", distinct=True))
    )


def enabled_games() -> list[str]:
    """The games with an enabled ladder in any family."""
    enabled = GameLadder.objects.filter(enabled=True).values_list("game", flat=True)
    return sorted({g for g in enabled if g in GAMES})


def family_ladders(game: str) -> list[GameLadder]:
    """The enabled ladder of every family of ``game`` the engine plays now, a family's row
    created the first time (a scenario's ladder opens as soon as its plug-in is merged)."""
    ladders = [ladder_for(game, family.id) for family in game_families(game)]
    return [ladder for ladder in ladders if ladder.enabled]


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
    # Sorted once for every seat of the group (stable, so dropping the bots already taken
    # leaves the order each seat's own sort would give).
    by_distance = sorted(free, key=lambda c: (abs(c.conservative - anchor.conservative), c.games))
    while len(group) < size:
        taken = {c.bot_id for c in group}
        others = (c for c in by_distance if c.bot_id not in taken)
        group.append(rng.choice(list(itertools.islice(others, NEAREST_OPPONENTS))))
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


def _candidates(game: str, family: str = BASE) -> list[Candidate]:
    """Every active version of ``game`` enabled for ``family`` with its need for games (in that
    family) and its bot's load (every match).

    Paused bots are left out (``tournament/pausing.py``). Only the columns pairing reads (never
    a version's uploaded bytes), and the unfinished seats in one query by match status (a
    handful of rows) instead of a filter on thousands of ids: this runs after every ladder match.
    """
    versions = family_ratings_of(game, family)
    scheduled: Counter[int] = Counter()
    bot_matches: dict[int, set[int]] = defaultdict(set)
    unfinished = MatchParticipant.objects.filter(match__status__in=UNFINISHED).values_list(
        "match_id", "version_id", "version__bot_id", "match__family"
    )
    for match_id, version_id, bot_id, match_family in unfinished:
        scheduled[version_id] += match_family == family
        bot_matches[bot_id].add(match_id)
    return [
        Candidate(
            version_id=version_id,
            bot_id=bot_id,
            conservative=conservative,
            sigma=sigma,
            games=games_played + scheduled[version_id],
            load=len(bot_matches.get(bot_id, ())),
            seat_counts=None,
        )
        for version_id, bot_id, conservative, sigma, games_played in versions
    ]


def _read_seat_counts(group: Sequence[Candidate]) -> None:
    """Fill in the seat counts of the group's candidates that have not been read yet."""
    unread = [c for c in group if c.seat_counts is None]
    if unread:
        stored = dict(
            BotVersion.objects.filter(id__in=[c.version_id for c in unread]).values_list(
                "id", "seat_counts"
            )
        )
        for candidate in unread:
            candidate.seat_counts = list(stored.get(candidate.version_id) or [])


def schedule_ladder(
    game: str,
    count: int | None = None,
    *,
    family: str = BASE,
    at_most: int | None = None,
    spare_bots: Iterable[int] = (),
    respect_bot_limit: bool = True,
    rng: random.Random | None = None,
) -> list[int]:
    """Create ladder matches (queued) of one family and return their ids; the caller sends
    their tasks.

    Without ``count`` the family's ladder is topped up to its ``matches_in_flight`` (by
    ``at_most`` matches at most); with it, exactly that many are created if enough versions are
    free (an operator's batch). With ``respect_bot_limit`` no bot gets more than
    :func:`bot_share` unfinished matches. The ``spare_bots`` (kept for a waiting family,
    :func:`schedule_game`) get none.
    """
    rng = rng or random.Random(secrets.randbits(64))
    created: list[int] = []
    with transaction.atomic():
        # The game's base ladder row is the lock of every bot's share (a tournament's games
        # take it too), then the family's row: one scheduler per game at a time.
        rows = {ladder_for(game).pk, ladder_for(game, family).pk}
        locked = GameLadder.objects.select_for_update().filter(pk__in=rows).order_by("pk")
        ladder = next(row for row in locked if row.family == family)
        if count is None:
            if not ladder.enabled:
                return []
            count = ladder.matches_in_flight - in_flight(game, family)
            if at_most is not None:
                count = min(count, at_most)
        spared = set(spare_bots)
        candidates = [c for c in _candidates(game, family) if c.bot_id not in spared]
        max_load = bot_share(ladder, match_slots()) if respect_bot_limit else None
        mix = variants.parse_mix(ladder.option_mix)
        touched: dict[int, Candidate] = {}
        for _ in range(max(count, 0)):
            group = pick_group(
                candidates, ladder.players_per_match, ladder.settled_sigma, max_load, rng
            )
            if group is None:
                break
            _read_seat_counts(group)
            seated = assign_seats(group, rng)
            match = create_match(
                ladder,
                [c.version_id for c in seated],
                kind=Match.LADDER,
                options=variants.draw_options(ladder.options, mix, rng),
                seed=rng.randrange(2**62),
            )
            created.append(match.id)
            for seat, candidate in enumerate(seated):
                counts = candidate.seat_counts + [0] * (seat + 1 - len(candidate.seat_counts))
                counts[seat] += 1
                candidate.seat_counts = counts
                candidate.games += 1
                touched[candidate.version_id] = candidate
            playing = {c.bot_id for c in seated}
            for candidate in candidates:
                candidate.load += candidate.bot_id in playing
        BotVersion.objects.bulk_update(
            [BotVersion(id=c.version_id, seat_counts=c.seat_counts) for c in touched.values()],
            ["seat_counts"],
        )
        if created:
            GameLadder.objects.filter(pk=ladder.pk).update(last_scheduled=timezone.now())
    return created


def in_flight(game: str, family: str) -> int:
    """The family's ladder matches queued or running."""
    return Match.objects.filter(
        game=game, family=family, kind=Match.LADDER, status__in=UNFINISHED
    ).count()


def schedule_game(game: str, rng: random.Random | None = None) -> list[int]:
    """Top up the ladder of every enabled family of ``game``, one match per family in turn.

    Fair share among families: the bots several families share are handed out a match at a
    time, the family with the fewest matches in flight first, then the one whose last match was
    queued longest ago (each family still stops at its own ``matches_in_flight``). A family
    with no match in flight that has enough enabled bots but too few of them free is
    *waiting*: until it has a match, no family after it in that order takes a bot enabled for
    it, so the bots it needs come free together instead of each being taken by a bigger family
    as soon as it finishes (the ladder keeps every family with enough bots playing). The bots of
    an idle tournament are kept the same way (:func:`idle_event_bots`). A family that can pair
    nobody drops out of the round.
    """
    ladders = {ladder.family: ladder for ladder in family_ladders(game)}
    playing = {f: in_flight(game, f) for f in ladders}
    never = datetime.min.replace(tzinfo=UTC)
    order = sorted(  # the neediest first: fewest in flight, then waiting longest
        ladders, key=lambda f: (playing[f], ladders[f].last_scheduled or never)
    )
    families = list(order)
    # The bots of the families without a match in flight (only those may wait).
    enabled = {
        f: {bot for _, bot, *_ in family_ratings_of(game, f)} for f in order if not playing[f]
    }
    waiting = {f for f, bots in enabled.items() if len(bots) >= ladders[f].players_per_match}
    held = idle_event_bots(game)
    created: list[int] = []
    while families:
        for family in list(families):
            ahead = order[: order.index(family)]
            spared = held.union(*(enabled[f] for f in ahead if f in waiting))
            made = schedule_ladder(game, family=family, at_most=1, spare_bots=spared, rng=rng)
            created += made
            if made:
                waiting.discard(family)
            else:
                families.remove(family)
    return created


def idle_event_bots(game: str) -> set[int]:
    """The bots entered in a running tournament of ``game`` that has no game queued or running:
    the ladders leave them alone until it has one, so an event whose table needs several of
    them at once is not starved by ladders that take each as soon as it is free."""
    busy = Match.objects.filter(
        kind=Match.TOURNAMENT, status__in=UNFINISHED, tournament_slot__isnull=False
    ).values("tournament_slot__tournament")
    idle = Tournament.objects.filter(game=game, status=Tournament.RUNNING).exclude(id__in=busy)
    return set(
        TournamentEntrant.objects.filter(tournament__in=idle).values_list(
            "version__bot_id", flat=True
        )
    )


def after_match(match: Match) -> None:
    """Called inside the transaction that finished or failed ``match``: refill its game's
    ladders after commit, so the slot it frees is used at once instead of at beat's next tick
    (by whichever family the freed bots serve, :func:`schedule_game`)."""
    if match.kind != Match.LADDER:
        return
    transaction.on_commit(lambda: _refill_quietly(match.game))


def _refill_quietly(game: str) -> None:
    from tournament.tasks import send_match  # tasks → execution → results → here

    try:
        for match_id in schedule_game(game):
            send_match(match_id)
    except Exception:  # the result is stored; beat's next tick schedules instead
        log.exception("ladder %s: refilling after a match failed", game)
