"""Ratings per game family: the base family's are the version's and the bot's own fields (as
before families existed); every other family's are :class:`~tournament.models.FamilyRating`
rows, one per (version, family) and (bot, family), made when the version goes live with that
family enabled. Both are :class:`~tournament.models.RatingFields`, so a result, a leaderboard and
the recomputation treat them alike once they hold the right rows.
"""

from __future__ import annotations

from django.db.models import QuerySet

from games.common.families import BASE, Family
from games.registry import GAMES, game_families
from tournament.models import HEAVY_VERSION_FIELDS, Bot, BotVersion, FamilyRating, RatingFields

PAIRING_COLUMNS = ("conservative", "sigma", "games_played")
"""What the scheduler reads of a rating to pair versions."""


def open_families(version: BotVersion) -> None:
    """Give a version going live, and its bot, a rating row in each family it is enabled for
    beyond the base (the bot's career row may exist from an earlier version)."""
    rows = [
        FamilyRating(game=version.game, family=family, **owner)
        for family in version.families
        if family != BASE
        for owner in ({"version_id": version.id}, {"bot_id": version.bot_id})
    ]
    FamilyRating.objects.bulk_create(rows, ignore_conflicts=True)


def family_ratings_of(game: str, family: str) -> QuerySet:
    """``(version id, bot id, conservative, σ, games played)`` in ``family`` of every active
    version of an unpaused bot enabled for it: the scheduler's candidates."""
    if family == BASE:
        return _active(game).values_list("id", "bot_id", *PAIRING_COLUMNS)
    return _live(game, family).values_list("version_id", "version__bot_id", *PAIRING_COLUMNS)


def leaderboard_rows(game: str, family: str, order: str) -> QuerySet:
    """The rating rows of ``family``'s leaderboard in ``order`` (``-conservative``, ...): the
    versions themselves for the base family, else their family rows with the version, its bot
    and owner (:func:`as_versions` shows them as versions)."""
    if family == BASE:
        return (
            _active(game)
            .defer(*HEAVY_VERSION_FIELDS)
            .select_related("bot__owner")
            .order_by(order, "id")
        )
    return (
        _live(game, family)
        .select_related("version__bot__owner")
        .defer(*(f"version__{field}" for field in HEAVY_VERSION_FIELDS))
        .order_by(order, "version_id")
    )


def as_versions(rows: list[RatingFields]) -> list[BotVersion]:
    """A leaderboard page's rows as versions carrying the family's ratings (in memory only), so
    a page or a serializer written for the base leaderboard shows any family's."""
    if not rows or isinstance(rows[0], BotVersion):
        return list(rows)
    shown = []
    for row in rows:
        version = row.version
        for column in RatingFields.RATING_COLUMNS:
            setattr(version, column, getattr(row, column))
        shown.append(version)
    return shown


def _active(game: str) -> QuerySet:
    """The active versions of the game's unpaused bots: the base family's ladder."""
    return BotVersion.objects.filter(game=game, status=BotVersion.ACTIVE, bot__paused__isnull=True)


def _live(game: str, family: str) -> QuerySet:
    """The family rows of the active versions of the game's unpaused bots."""
    return FamilyRating.objects.filter(
        game=game,
        family=family,
        version__status=BotVersion.ACTIVE,
        version__bot__paused__isnull=True,
    )


def rating_rows(
    family: str, versions: dict[int, BotVersion], bots: dict[int, Bot]
) -> dict[int, tuple[RatingFields, RatingFields]]:
    """The (version, bot) rows a rated result of ``family`` moves, by version id: the versions
    and bots themselves for the base family, else their family rows, made if missing and locked
    (after the versions and bots the caller locked, by id: one global order, no deadlock)."""
    if family == BASE:
        return {i: (v, bots[v.bot_id]) for i, v in versions.items()}
    game = next(iter(versions.values())).game
    for owner, ids in (("version_id", versions), ("bot_id", bots)):
        FamilyRating.objects.bulk_create(
            [FamilyRating(game=game, family=family, **{owner: i}) for i in ids],
            ignore_conflicts=True,
        )
    locked = FamilyRating.objects.select_for_update().filter(family=family)
    by_version = {
        r.version_id: r for r in locked.filter(version_id__in=list(versions)).order_by("id")
    }
    by_bot = {r.bot_id: r for r in locked.filter(bot_id__in=list(bots)).order_by("id")}
    return {i: (by_version[i], by_bot[v.bot_id]) for i, v in versions.items()}


def family_careers(bot: Bot) -> list[tuple[Family, FamilyRating]]:
    """The bot's career in each family beyond the base that the engine still plays, in the
    engine's order: what its page shows beside the base career."""
    rows = {r.family: r for r in FamilyRating.objects.filter(bot=bot)}
    return [(f, rows[f.id]) for f in game_families(bot.game) if f.id in rows]


def family_titles(game: str) -> dict[str, str]:
    """Family id -> title of the game's families (a family since removed shows as its id)."""
    return {f.id: f.title for f in game_families(game)} if game in GAMES else {}
