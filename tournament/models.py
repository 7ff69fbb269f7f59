"""The match service's data: ladders, bots and their versions, matches, results and ratings.

Ratings live on the rows they rate (a version, a bot) so a leaderboard is one indexed scan; the
match history (participants ordered by :class:`ScoredResult` sequence) is the source of truth
they are recomputed from.
"""

from __future__ import annotations

import json
import zlib
from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models

from bots.limits import SandboxLimits, TimeControl
from games.common.families import BASE
from tournament import forfeits as forfeit_rule
from tournament import ratings, variants

FAMILY_LENGTH = 48


def base_only() -> list[str]:
    """A version's families before its author chose any: the game's own rules."""
    return [BASE]


class GameLadder(models.Model):
    """The ladder settings of one family of a game (``games/common/families.py``), editable in
    the admin: every family has its own ladder row, matches and leaderboard."""

    game = models.CharField(max_length=32)
    family = models.CharField(
        max_length=FAMILY_LENGTH,
        default=BASE,
        help_text="the game family this ladder plays; its options are laid over the family's",
    )
    enabled = models.BooleanField(default=True)
    players_per_match = models.PositiveSmallIntegerField(default=2)
    options = models.JSONField(default=dict, blank=True, help_text="the game's options")
    option_mix = models.JSONField(
        default=list,
        blank=True,
        help_text="weighted variants laid over the options, one drawn per ladder match, e.g. "
        '[{"weight": 3, "options": {}}, {"weight": 1, "options": {"masters": true}}]; '
        "empty = the options alone",
    )
    time_control = models.JSONField(
        default=dict, blank=True, help_text="bots.limits.TimeControl fields; empty = defaults"
    )
    sandbox_limits = models.JSONField(
        default=dict, blank=True, help_text="bots.limits.SandboxLimits fields; empty = defaults"
    )
    matches_in_flight = models.PositiveIntegerField(
        default=4, help_text="queued + running ladder matches the scheduler keeps"
    )
    max_concurrent_per_bot = models.PositiveIntegerField(
        default=2,
        help_text="unfinished matches one bot may be in (all its versions); the scheduler "
        "always gives it fewer than can run at once (ARENA_MATCH_SLOTS, matches in flight)",
    )
    settled_sigma = models.FloatField(
        default=4.0, help_text="a version with a larger σ is new: it gets priority for games"
    )
    last_scheduled = models.DateTimeField(
        null=True,
        blank=True,
        editable=False,
        help_text="when the scheduler last queued a match of it: of a game's families with as "
        "many matches in flight, the one that waited longest goes first",
    )

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "family"], name="ladder_unique_family"),
        ]

    def __str__(self) -> str:
        return f"ladder {self.game}" + ("" if self.family == BASE else f" {self.family}")

    def clean(self) -> None:
        """Refuse settings that would put every match of the ladder in error or forfeit."""
        try:
            variants.check_ladder_options(
                self.game, self.players_per_match, self.options, self.option_mix, self.family
            )
        except ValueError as exc:
            raise ValidationError(str(exc)) from exc
        for field, kind in (("time_control", TimeControl), ("sandbox_limits", SandboxLimits)):
            try:
                kind.from_dict(getattr(self, field))
            except (TypeError, ValueError) as exc:
                raise ValidationError({field: str(exc)}) from exc


class RatingFields(models.Model):
    """Elo and OpenSkill (Plackett–Luce) ratings plus counters, kept on a bot or a version."""

    elo = models.FloatField(default=ratings.ELO_START)
    mu = models.FloatField(default=ratings.MU_START)
    sigma = models.FloatField(default=ratings.SIGMA_START)
    conservative = models.FloatField(
        default=ratings.conservative(ratings.MU_START, ratings.SIGMA_START),
        help_text="μ − 3σ, stored so the default leaderboard is an index scan",
    )
    games_played = models.PositiveIntegerField(default=0)
    wins = models.PositiveIntegerField(default=0)
    forfeits = models.PositiveIntegerField(default=0)
    score_total = models.FloatField(
        default=0.0, help_text="credited score of the games that count in the average"
    )
    scored_games = models.PositiveIntegerField(
        default=0, help_text="games that count in the average score (walkovers do not)"
    )

    RATING_COLUMNS = (
        "elo",
        "mu",
        "sigma",
        "conservative",
        "games_played",
        "wins",
        "forfeits",
        "score_total",
        "scored_games",
    )
    """What a rating update writes (``save(update_fields=...)``)."""

    class Meta:
        abstract = True

    @property
    def average_score(self) -> float | None:
        """The average score under the forfeit rule (``tournament/forfeits.py``): walkovers
        are left out; None before any game is played out."""
        return self.score_total / self.scored_games if self.scored_games else None

    def count_scores(self, scores: list[float], forfeits: list[bool], seat: int) -> None:
        """Add one rated game's score at ``seat`` under the forfeit rule."""
        score, counted, _, _ = forfeit_rule.average_parts(scores, forfeits, seat)
        self.score_total += score
        self.scored_games += counted

    def rating_state(self) -> ratings.Rating:
        return ratings.Rating(elo=self.elo, mu=self.mu, sigma=self.sigma)

    def set_rating(self, rating: ratings.Rating) -> None:
        self.elo, self.mu, self.sigma = rating.elo, rating.mu, rating.sigma
        self.conservative = ratings.conservative(rating.mu, rating.sigma)


class Bot(RatingFields):
    """A user's bot for one game; its ratings are its career across all its versions."""

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="bots"
    )
    game = models.CharField(max_length=32)
    name = models.CharField(max_length=64)
    created = models.DateTimeField(auto_now_add=True)
    current_version = models.OneToOneField(
        "BotVersion", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    paused = models.DateTimeField(
        null=True,
        blank=True,
        help_text="paused by its owner: off the ladder and its leaderboard, ratings kept",
    )

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["owner", "game", "name"], name="bot_unique_name"),
        ]
        indexes = [
            models.Index(fields=["game", "-conservative", "id"], name="bot_list"),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.game})"


class FamilyRating(RatingFields):
    """A version's or a bot's ratings in one family other than ``base`` (whose ratings are the
    version's and the bot's own fields, as before families existed): one row per (version,
    family) and per (bot, family), made when its first rated game in that family is scored."""

    game = models.CharField(max_length=32)
    family = models.CharField(max_length=FAMILY_LENGTH)
    version = models.ForeignKey(
        "BotVersion", null=True, blank=True, on_delete=models.CASCADE, related_name="family_ratings"
    )
    bot = models.ForeignKey(
        Bot, null=True, blank=True, on_delete=models.CASCADE, related_name="family_ratings"
    )

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["version", "family"], name="family_rating_version"),
            models.UniqueConstraint(fields=["bot", "family"], name="family_rating_bot"),
            models.CheckConstraint(
                condition=models.Q(version__isnull=True, bot__isnull=False)
                | models.Q(version__isnull=False, bot__isnull=True),
                name="family_rating_one_owner",
            ),
        ]
        indexes = [
            models.Index(fields=["game", "family", "-conservative"], name="family_leaderboard"),
        ]

    def __str__(self) -> str:
        return f"{self.version or self.bot} in {self.family}"


HEAVY_VERSION_FIELDS = ("upload", "validation_log")
"""What no list of versions shows: the uploaded bytes (up to 1 MiB a version) and the log; pages
load versions without them (``BotVersion.objects.defer(*HEAVY_VERSION_FIELDS)``,
:func:`light_seats`)."""


class BotVersion(RatingFields):
    """One immutable upload of a bot. Ratings here start fresh: a new version is a new player."""

    VALIDATING, ACTIVE, FAILED, RETIRED = "validating", "active", "failed", "retired"
    STATUSES = [(s, s) for s in (VALIDATING, ACTIVE, FAILED, RETIRED)]

    bot = models.ForeignKey(Bot, on_delete=models.CASCADE, related_name="versions")
    game = models.CharField(max_length=32, help_text="the bot's game, copied for the indexes")
    number = models.PositiveIntegerField()
    content_hash = models.CharField(max_length=64, help_text="sha256 of the uploaded bytes")
    size = models.PositiveIntegerField()
    filename = models.CharField(max_length=255)
    code_path = models.CharField(
        max_length=500, help_text="where the uploading machine unpacked it (a dir with main.py)"
    )
    upload = models.BinaryField(
        default=b"",
        editable=False,
        help_text="uploaded bytes (≤ 1 MiB): a worker on any machine can unpack them",
    )
    created = models.DateTimeField(auto_now_add=True)
    status = models.CharField(max_length=16, choices=STATUSES, default=VALIDATING)
    validation_log = models.TextField(blank=True)
    seat_counts = models.JSONField(
        default=list, blank=True, help_text="ladder matches scheduled per seat, for rotation"
    )
    validated_in = models.ForeignKey(
        "Match",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        help_text="its first validation match (none for trusted example bots)",
    )
    families = models.JSONField(
        default=base_only,
        blank=True,
        help_text="the game families its author enabled it for (an upload setting): it is "
        "validated in each and plays on each one's ladder",
    )

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["bot", "number"], name="version_unique_number"),
        ]
        indexes = [
            models.Index(fields=["game", "status", "conservative"], name="version_ladder"),
            models.Index(fields=["game", "status", "elo"], name="version_ladder_elo"),
            models.Index(fields=["game", "status", "mu"], name="version_ladder_mu"),
        ]

    def __str__(self) -> str:
        return f"{self.bot.name} v{self.number}"

    @property
    def label(self) -> str:
        """How the site names this version wherever bots meet: ``alice/alice_card v1``.

        Bot names are unique per owner only, so two authors may both upload ``alice_card``; the
        owner's name tells their versions apart (neither a username nor a bot name holds a
        ``/``). Load ``bot__owner`` with the version (``select_related``) where many are shown.
        """
        return self.label_of(self.bot.owner.username, self.bot.name, self.number)

    @staticmethod
    def label_of(owner: str, bot: str, number: int) -> str:
        """:attr:`label` from its parts, for lists that read them as values, not rows."""
        return f"{owner}/{bot} v{number}"


class Match(models.Model):
    QUEUED, RUNNING, FINISHED, ERROR = "queued", "running", "finished", "error"
    CANCELLED = "cancelled"
    """A tournament game dropped unplayed because its tournament was cancelled."""
    STATUSES = [(s, s) for s in (QUEUED, RUNNING, FINISHED, ERROR, CANCELLED)]
    LADDER, VALIDATION, MANUAL, TOURNAMENT = "ladder", "validation", "manual", "tournament"
    KINDS = [(k, k) for k in (LADDER, VALIDATION, MANUAL, TOURNAMENT)]

    game = models.CharField(max_length=32)
    family = models.CharField(
        max_length=FAMILY_LENGTH, default=BASE, help_text="whose ratings a rated result moves"
    )
    kind = models.CharField(max_length=16, choices=KINDS, default=LADDER)
    rated = models.BooleanField(default=True)
    options = models.JSONField(default=dict, blank=True)
    time_control = models.JSONField(default=dict, blank=True)
    sandbox_limits = models.JSONField(default=dict, blank=True)
    seed = models.BigIntegerField()
    engine_version = models.CharField(max_length=64, blank=True)
    status = models.CharField(max_length=16, choices=STATUSES, default=QUEUED)
    created = models.DateTimeField(auto_now_add=True)
    started = models.DateTimeField(null=True, blank=True)
    finished = models.DateTimeField(null=True, blank=True)
    # The claim: who runs it now. A worker renews its lease while it plays; an expired lease
    # means the worker was lost, and the match may be claimed again.
    attempts = models.PositiveSmallIntegerField(default=0)
    claim_token = models.CharField(max_length=32, blank=True)
    worker = models.CharField(max_length=255, blank=True)
    lease_expires = models.DateTimeField(null=True, blank=True)
    sent_at = models.DateTimeField(
        null=True, blank=True, help_text="last time its task was sent (the reaper resends)"
    )
    end_reason = models.CharField(max_length=255, blank=True)
    error_reason = models.TextField(blank=True, help_text="platform failures (staff only)")

    class Meta:
        verbose_name_plural = "matches"
        indexes = [
            models.Index(fields=["game", "-id"], name="match_list_game"),
            models.Index(fields=["game", "status", "-id"], name="match_list"),
            models.Index(fields=["status", "lease_expires"], name="match_leases"),
            # The home page's latest finished games and the status page's recent counts.
            models.Index(fields=["status", "-finished"], name="match_status_finished"),
            # A version's validation match (the bot page, the API): a hash join of its seats
            # with the few validation matches, not a lookup of each of its seats' match.
            models.Index(
                fields=["id"], condition=models.Q(kind="validation"), name="match_validation"
            ),
        ]

    def __str__(self) -> str:
        return f"match {self.pk} ({self.game}, {self.status})"


class MatchParticipant(models.Model):
    """One seat of a match, with its result and the version's ratings around it."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="participants")
    version = models.ForeignKey(BotVersion, on_delete=models.PROTECT, related_name="participations")
    seat = models.PositiveSmallIntegerField()
    rank = models.PositiveSmallIntegerField(null=True, blank=True)
    score = models.FloatField(null=True, blank=True)
    forfeit = models.CharField(max_length=32, blank=True)
    forfeit_detail = models.TextField(blank=True)
    elo_before = models.FloatField(null=True, blank=True)
    elo_after = models.FloatField(null=True, blank=True)
    mu_before = models.FloatField(null=True, blank=True)
    mu_after = models.FloatField(null=True, blank=True)
    sigma_before = models.FloatField(null=True, blank=True)
    sigma_after = models.FloatField(null=True, blank=True)

    class Meta:
        ordering = ["seat"]
        constraints = [
            models.UniqueConstraint(fields=["match", "seat"], name="participant_unique_seat"),
        ]
        indexes = [models.Index(fields=["version", "-match"], name="participant_by_version")]

    def __str__(self) -> str:
        return f"{self.match_id}#{self.seat} {self.version}"


def light_seats() -> models.Prefetch:
    """``prefetch_related`` of a match list's seats, each with its version (no upload), bot and
    owner, in seat order: a page of 50 matches otherwise loads 150 versions' uploaded bytes."""
    seats = MatchParticipant.objects.select_related("version__bot__owner").defer(
        *(f"version__{field}" for field in HEAVY_VERSION_FIELDS)
    )
    return models.Prefetch("participants", queryset=seats)


class ParticipantLog(models.Model):
    """A seat's capped stderr and move timings: visible only to the bot's owner and staff."""

    participant = models.OneToOneField(
        MatchParticipant, on_delete=models.CASCADE, primary_key=True, related_name="log"
    )
    stderr = models.TextField(blank=True)
    move_times_ms = models.JSONField(default=list, blank=True)
    forfeit_evidence = models.TextField(
        blank=True, help_text="what the bot wrote that shows its fault (never shown publicly)"
    )


class ScoredResult(models.Model):
    """The write-once guard of a match result and the order results were scored in.

    Its primary key is the match, so a second result for the same match is a unique violation
    in the database; ``sequence`` increases with every scored result (it is assigned after the
    rating rows are locked), and the rating recomputation replays matches in that order.
    """

    sequence = models.BigAutoField(primary_key=True)
    match = models.OneToOneField(Match, on_delete=models.PROTECT, related_name="scored")
    scored_at = models.DateTimeField(auto_now_add=True)


class LiveView(models.Model):
    """The public picture of a running match (no hidden card), kept current by its worker."""

    match = models.OneToOneField(
        Match, on_delete=models.CASCADE, primary_key=True, related_name="live"
    )
    step = models.PositiveIntegerField()
    turn = models.PositiveIntegerField()
    view = models.JSONField(help_text="the game's picture.public_view(state)")
    lines = models.JSONField(
        default=list, blank=True, help_text="the latest public events in words, oldest first"
    )
    updated = models.DateTimeField(auto_now=True)


class Replay(models.Model):
    """Seed + every applied action and chance outcome + the event log, zlib-compressed JSON."""

    match = models.OneToOneField(
        Match, on_delete=models.CASCADE, primary_key=True, related_name="replay"
    )
    data = models.BinaryField()

    @staticmethod
    def pack(payload: dict[str, Any]) -> bytes:
        return zlib.compress(json.dumps(payload, separators=(",", ":")).encode(), 6)

    def unpack(self) -> dict[str, Any]:
        return json.loads(zlib.decompress(bytes(self.data)))


class Tournament(models.Model):
    """An organiser's event: pinned bot versions play a round robin or a knockout, unrated.

    Players per match, options, time control and sandbox limits are copied from the game's
    ladder row when the tournament is created, with the organiser's settings merged over them
    (``tournament/event_settings.py``), so later ladder edits do not change a running event.
    """

    PENDING, RUNNING, FINISHED, CANCELLED = "pending", "running", "finished", "cancelled"
    DRAFT, REGISTRATION, CLOSED = "draft", "registration", "closed"
    STATUSES = [
        (s, s) for s in (DRAFT, REGISTRATION, CLOSED, PENDING, RUNNING, FINISHED, CANCELLED)
    ]
    OPEN = (DRAFT, REGISTRATION, CLOSED, PENDING, RUNNING)
    """The statuses an organiser may still cancel."""
    BEFORE_START = (DRAFT, REGISTRATION, CLOSED)
    """The lifecycle before play (``tournament/registration.py``): a draft, registration open
    to bot owners, entries closed and frozen to exact versions."""
    FORMATS = [
        ("round_robin", "round robin"),
        ("knockout", "knockout"),
        ("swiss", "Swiss"),
        ("double_elimination", "double elimination"),
        ("table_swiss", "table Swiss"),
        ("table_advancement", "table advancement"),
    ]
    BY_RATING, MANUAL_SEEDING = "rating", "manual"
    SEEDINGS = [(BY_RATING, "by rating (μ − 3σ)"), (MANUAL_SEEDING, "in the organiser's order")]

    game = models.CharField(max_length=32)
    name = models.CharField(max_length=100)
    organiser = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="tournaments"
    )
    format = models.CharField(max_length=24, choices=FORMATS)
    games_per_pairing = models.PositiveSmallIntegerField(
        default=1,
        help_text="round robin, Swiss: games per pairing; knockout, double elimination: a tie "
        "is the best of this; table formats: games per table",
    )
    format_settings = models.JSONField(
        default=dict,
        blank=True,
        help_text="the format's own settings: rounds (Swiss, table Swiss), heats (table "
        "advancement)",
    )
    format_state = models.JSONField(
        default=dict,
        blank=True,
        help_text="rounds paired so far (Swiss and table formats), kept so a round never "
        "changes once paired",
    )
    family = models.CharField(
        max_length=FAMILY_LENGTH, default=BASE, help_text="the game family its matches play"
    )
    players_per_match = models.PositiveSmallIntegerField()
    options = models.JSONField(default=dict, blank=True)
    time_control = models.JSONField(default=dict, blank=True)
    sandbox_limits = models.JSONField(default=dict, blank=True)
    planned_matches = models.PositiveIntegerField(help_text="games the whole event will play")
    seeding = models.CharField(max_length=8, choices=SEEDINGS, default=BY_RATING)
    status = models.CharField(max_length=16, choices=STATUSES, default=PENDING)
    created = models.DateTimeField(auto_now_add=True)
    finished = models.DateTimeField(null=True, blank=True)
    cancelled = models.DateTimeField(null=True, blank=True)
    registration_deadline = models.DateTimeField(
        null=True, blank=True, help_text="bot owners may enter until then; entries close then"
    )
    starts_at = models.DateTimeField(
        null=True, blank=True, help_text="the event starts itself then (entries closed first)"
    )
    cancelled_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )

    class Meta:
        indexes = [models.Index(fields=["status", "-id"], name="tournament_list")]

    def __str__(self) -> str:
        return f"{self.name} ({self.game} {self.format})"


class TournamentEntrant(models.Model):
    """A pinned bot version in a tournament; ``seed`` 0 is the top seed."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entrants")
    version = models.ForeignKey(BotVersion, on_delete=models.PROTECT, related_name="+")
    seed = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["seed"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "seed"], name="entrant_unique_seed"),
            models.UniqueConstraint(
                fields=["tournament", "version"], name="entrant_unique_version"
            ),
        ]


class TournamentMatch(models.Model):
    """Where a tournament match sits: its round, its slot (a tie or a group) and game number.

    A game that ended in ``error`` and was retried keeps its row, pointing at the match that
    replaced it (``retried_as``); it no longer counts. The unique constraint over the games not
    retried is the last guard against creating a game twice; the flow also holds the tournament
    row's lock while it creates games.
    """

    match = models.OneToOneField(
        Match, on_delete=models.CASCADE, primary_key=True, related_name="tournament_slot"
    )
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="games")
    round = models.PositiveSmallIntegerField()
    slot = models.PositiveSmallIntegerField()
    game = models.PositiveSmallIntegerField()
    retried_as = models.OneToOneField(
        Match, null=True, blank=True, on_delete=models.PROTECT, related_name="retry_of"
    )

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "round", "slot", "game"],
                condition=models.Q(retried_as__isnull=True),
                name="tournament_unique_game",
            ),
        ]


class TournamentEntry(models.Model):
    """A bot entered while registration is open; its exact version is pinned (as a
    :class:`TournamentEntrant`) when entries close."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entries")
    bot = models.ForeignKey(Bot, on_delete=models.CASCADE, related_name="+")
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "bot"], name="entry_unique_bot"),
        ]


class OpenedReplay(models.Model):
    """A replay file someone opened in the viewer (``tournament/opened_replays.py``), kept by its
    digest so its address can be shared and every web process can draw its frames."""

    digest = models.CharField(max_length=64, primary_key=True)
    game = models.CharField(max_length=32)
    data = models.BinaryField(help_text="the replay file's document, zlib-compressed JSON")
    opened = models.DateTimeField(auto_now_add=True, db_index=True)

    def document(self) -> dict[str, Any]:
        return json.loads(zlib.decompress(bytes(self.data)))
