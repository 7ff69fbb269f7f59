"""The match service in the Django admin: ladder settings are edited here."""

from __future__ import annotations

from django.contrib import admin

from tournament.models import (
    Bot,
    BotVersion,
    GameLadder,
    Match,
    MatchParticipant,
    ParticipantLog,
    RatingFields,
    Replay,
    ScoredResult,
    Tournament,
    TournamentEntrant,
)

RATING_FIELDS = RatingFields.RATING_COLUMNS


@admin.register(GameLadder)
class GameLadderAdmin(admin.ModelAdmin):
    list_display = (
        "game",
        "family",
        "enabled",
        "players_per_match",
        "matches_in_flight",
        "max_concurrent_per_bot",
        "settled_sigma",
    )
    list_editable = ("enabled", "players_per_match", "matches_in_flight", "max_concurrent_per_bot")


@admin.register(Bot)
class BotAdmin(admin.ModelAdmin):
    list_display = ("name", "game", "owner", "current_version", *RATING_FIELDS)
    list_filter = ("game",)
    search_fields = ("name", "owner__username")
    readonly_fields = RATING_FIELDS


@admin.register(BotVersion)
class BotVersionAdmin(admin.ModelAdmin):
    list_display = ("__str__", "game", "status", "created", *RATING_FIELDS)
    list_filter = ("game", "status")
    readonly_fields = ("content_hash", "size", "code_path", *RATING_FIELDS)


class ParticipantInline(admin.TabularInline):
    model = MatchParticipant
    extra = 0
    readonly_fields = (
        "version",
        "seat",
        "rank",
        "score",
        "forfeit",
        "elo_before",
        "elo_after",
        "mu_before",
        "mu_after",
        "sigma_before",
        "sigma_after",
    )


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin):
    list_display = ("id", "game", "kind", "status", "attempts", "worker", "created", "finished")
    list_filter = ("game", "status", "kind")
    readonly_fields = ("claim_token", "lease_expires", "error_reason", "engine_version")
    inlines = [ParticipantInline]


admin.site.register(ParticipantLog)
admin.site.register(Replay)
admin.site.register(ScoredResult)


class TournamentEntrantInline(admin.TabularInline):
    model = TournamentEntrant
    raw_id_fields = ("version",)
    extra = 0


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    """Tournaments are created on the site (which queues their games); here they are read."""

    list_display = ("name", "game", "format", "status", "planned_matches", "organiser", "created")
    list_filter = ("game", "format", "status")
    readonly_fields = ("planned_matches", "created", "finished", "cancelled", "cancelled_by")
    inlines = [TournamentEntrantInline]

    def has_add_permission(self, request: object) -> bool:
        return False
