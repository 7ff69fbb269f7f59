"""A bot's record as its author and spectators read it: its games filtered, its head-to-head
against another bot, the opponents it met most, and whether a version forfeits too often.

Pages (the bot page, "My bots", the head-to-head page) and the API read these, so each rule is
written once.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.db.models import Min, Q, QuerySet
from django.utils import timezone

from tournament.models import Bot, BotVersion, Match, MatchParticipant, light_seats

RESULTS = ("win", "loss", "forfeit")
"""A seat's result filters: first without forfeiting, placed below first, forfeited."""
WATCH_GAMES = 20
"""A version's forfeit rate is judged over its last this many finished games."""
WATCH_RATE = 0.25
WATCH_LEAST = 3
"""At least this many forfeits before a rate counts (one crash in two games is no pattern)."""
RECENT_FOR_OPPONENTS = 200


def result_filter(result: str) -> Q:
    """The seats whose result is ``result`` (one of :data:`RESULTS`)."""
    return {
        "win": Q(rank=1, forfeit=""),
        "loss": Q(rank__gt=1),
        "forfeit": ~Q(forfeit=""),
    }[result]


def filtered_matches(query: dict[str, Any]) -> QuerySet[Match]:
    """Matches, newest first, narrowed by any of: ``game``, ``status``, ``kind``; ``bot`` or
    ``version`` (ids) seated, with ``result`` for that seat; ``opponent`` (a bot id seated
    too); ``options`` (pairs of option name and value the match was played with); ``since``
    and ``until`` (its creation time)."""
    matches = Match.objects.order_by("-id")
    for name in ("game", "status", "kind"):
        if query.get(name):
            matches = matches.filter(**{name: query[name]})
    if query.get("bot") or query.get("version"):
        seated = MatchParticipant.objects.all()
        if query.get("bot"):
            seated = seated.filter(version__bot_id=query["bot"])
        if query.get("version"):
            seated = seated.filter(version_id=query["version"])
        if query.get("result"):
            seated = seated.filter(result_filter(query["result"]))
        matches = matches.filter(id__in=seated.values("match_id"))
    if query.get("opponent"):
        met = MatchParticipant.objects.filter(version__bot_id=query["opponent"])
        matches = matches.filter(id__in=met.values("match_id"))
    for name, value in query.get("options", []):
        matches = matches.filter(**{f"options__{name}": value})
    if query.get("since"):
        matches = matches.filter(created__gte=query["since"])
    if query.get("until"):
        matches = matches.filter(created__lt=query["until"])
    return matches


@dataclass(frozen=True)
class HeadToHead:
    """Finished games both bots played: how often each placed ahead of the other."""

    a_ahead: int
    b_ahead: int
    level: int
    latest: list[int]
    """The latest such games' match ids, newest first."""

    @property
    def games(self) -> int:
        return self.a_ahead + self.b_ahead + self.level


def head_to_head(a: Bot, b: Bot, latest: int = 20) -> HeadToHead:
    """In a 3–4 seat game only the two bots' own places count; a bot seated twice (two of its
    versions) counts with its best place."""
    both = (
        Match.objects.filter(status=Match.FINISHED, participants__version__bot=a)
        .filter(participants__version__bot=b)
        .distinct()
    )
    best: dict[int, dict[int, int]] = {}
    places = MatchParticipant.objects.filter(match__in=both, version__bot__in=(a, b))
    for match_id, bot_id, rank in places.values_list("match_id", "version__bot_id", "rank"):
        seats = best.setdefault(match_id, {})
        seats[bot_id] = min(rank, seats.get(bot_id, rank))
    tally = Counter(
        "a" if seats[a.id] < seats[b.id] else "b" if seats[b.id] < seats[a.id] else "level"
        for seats in best.values()
        if len(seats) == 2
    )
    newest = sorted(best, reverse=True)[:latest]
    return HeadToHead(tally["a"], tally["b"], tally["level"], newest)


def frequent_opponents(bot: Bot, top: int = 8) -> list[tuple[Bot, int]]:
    """The bots met most often in this bot's last :data:`RECENT_FOR_OPPONENTS` finished games."""
    recent = list(
        MatchParticipant.objects.filter(version__bot=bot, match__status=Match.FINISHED)
        .order_by("-match_id")
        .values_list("match_id", flat=True)[:RECENT_FOR_OPPONENTS]
    )
    met = Counter(
        bot_id  # a game counts once per opponent, even where it sat twice
        for _, bot_id in MatchParticipant.objects.filter(match_id__in=recent)
        .exclude(version__bot=bot)
        .values_list("match_id", "version__bot_id")
        .order_by()  # no ordering column in the SELECT DISTINCT
        .distinct()
    )
    bots = Bot.objects.select_related("owner").in_bulk(
        [bot_id for bot_id, _ in met.most_common(top)]
    )
    return [(bots[bot_id], count) for bot_id, count in met.most_common(top) if bot_id in bots]


@dataclass(frozen=True)
class ForfeitWatch:
    """A version's recent forfeits: ``alarming`` when its author should look."""

    version: BotVersion
    games: int
    forfeits: Counter[str]

    @property
    def count(self) -> int:
        return sum(self.forfeits.values())

    @property
    def alarming(self) -> bool:
        return self.count >= WATCH_LEAST and self.count >= WATCH_RATE * self.games

    def __str__(self) -> str:
        reasons = ", ".join(f"{reason} {n}" for reason, n in self.forfeits.most_common())
        return (
            f"v{self.version.number} forfeited {self.count} of its last {self.games} games "
            f"({reasons})"
        )


def forfeit_watch(version: BotVersion) -> ForfeitWatch:
    reasons = list(
        MatchParticipant.objects.filter(version=version, match__status=Match.FINISHED)
        .order_by("-match_id")
        .values_list("forfeit", flat=True)[:WATCH_GAMES]
    )
    return ForfeitWatch(version, len(reasons), Counter(reason for reason in reasons if reason))


def forfeits_since(bots: list[Bot], hours: int = 24) -> dict[int, int]:
    """Each bot's forfeits in matches that finished in the last ``hours``."""
    since = timezone.now() - timedelta(hours=hours)
    rows = (
        MatchParticipant.objects.filter(version__bot__in=bots, match__finished__gte=since)
        .exclude(forfeit="")
        .values_list("version__bot_id", flat=True)
    )
    return Counter(rows)


WATCH_AMONG = 300
"""A game worth watching is picked among the game's latest this many finished ladder matches."""


def worth_watching(game: str) -> Match | None:
    """A recent ladder game between strong bots: of the latest :data:`WATCH_AMONG` finished
    ones, the one whose weakest seat has the best rating (μ − 3σ) now; the newest on a tie."""
    recent = list(
        Match.objects.filter(game=game, kind=Match.LADDER, status=Match.FINISHED)
        .order_by("-id")
        .values_list("id", flat=True)[:WATCH_AMONG]
    )
    return (
        Match.objects.filter(id__in=recent)
        .annotate(weakest=Min("participants__version__conservative"))
        .order_by("-weakest", "-id")
        .prefetch_related(light_seats())
        .first()
    )
