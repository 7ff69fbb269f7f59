"""The read API for scripts and the ``arena`` CLI, and the token endpoints.

- ``/api/me/``: who the request is authenticated as.
- ``/api/tokens/``: the caller's personal API tokens (list, create: the key is in the answer
  once), ``/api/tokens/<id>/`` (DELETE revokes).
- ``/api/matches/`` (filters: game, status, kind, bot, version, result, options, since, until),
  ``/api/matches/<id>/`` (seats with ranks, scores, forfeits), ``/api/matches/<id>/replay``
  (the replay file, ``docs/replay-format.md``).
- ``/api/leaderboards/<game>/``: active versions ranked as the leaderboard page ranks them.
- ``/api/bots/<id>/ratings``, ``/api/versions/<id>/ratings``: rating after each rated game.
- ``/api/head-to-head/?a=<bot>&b=<bot>``: how two bots fared where both sat.

Lists page like the rest of the API (``?limit=&offset=``); a bad filter is a 400 whose
``detail`` says what is allowed.
"""

from __future__ import annotations

import json
import re
from typing import Any

from django.db.models import QuerySet
from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema, extend_schema_field
from rest_framework import serializers, status
from rest_framework.decorators import api_view, permission_classes
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response

from arena.api.bots_and_tournaments import GameTitleField, choice_filter, invalid_query
from arena.api.models import ApiToken
from arena.api.pagination import ApiPagination
from arena.api.schema import answers, page_of
from arena.api.tokens import TooManyTokens, issue
from games.registry import GAMES
from tournament import pausing, records
from tournament.models import (
    HEAVY_VERSION_FIELDS,
    Bot,
    BotVersion,
    Match,
    MatchParticipant,
    light_seats,
)
from tournament.organiser import may_organise
from tournament.replay_files import match_replay

LEADERBOARD_SORTS = {"conservative": "-conservative", "mu": "-mu", "elo": "-elo"}
OPTION_FILTER = re.compile(r"^(?P<name>[a-z_][a-z0-9_]{0,40}):(?P<value>.{1,100})$")


# --- who am I, and my tokens -----------------------------------------------------------------


class MeSerializer(serializers.Serializer):
    username = serializers.CharField()
    is_staff = serializers.BooleanField()
    organiser = serializers.BooleanField()
    bots = serializers.IntegerField()
    authenticated_by = serializers.ChoiceField(["token", "password"])


@extend_schema(responses=answers(MeSerializer, 401))
@api_view(["GET"])
@permission_classes([IsAuthenticated])
def me(request: Request) -> Response:
    user = request.user
    return Response(
        {
            "username": user.username,
            "is_staff": user.is_staff,
            "organiser": may_organise(user),
            "bots": Bot.objects.filter(owner=user).count(),
            "authenticated_by": "token" if isinstance(request.auth, ApiToken) else "password",
        }
    )


class TokenSerializer(serializers.ModelSerializer):
    class Meta:
        model = ApiToken
        fields = ["id", "name", "prefix", "created", "last_used"]


class NewTokenSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=100)


class TokenListSerializer(serializers.Serializer):
    results = TokenSerializer(many=True)


class MadeTokenSerializer(TokenSerializer):
    key = serializers.CharField(help_text="shown in this answer only, never again")

    class Meta(TokenSerializer.Meta):
        fields = [*TokenSerializer.Meta.fields, "key"]


@extend_schema(methods=["GET"], responses=answers(TokenListSerializer, 401))
@extend_schema(
    methods=["POST"],
    request=NewTokenSerializer,
    responses=answers(MadeTokenSerializer, 400, 401, status=201),
)
@api_view(["GET", "POST"])
@permission_classes([IsAuthenticated])
def token_list(request: Request) -> Response:
    """GET: the caller's tokens (never their keys); POST ``{"name"}``: a new token, whose
    ``key`` is in this answer and nowhere else, ever."""
    if request.method == "GET":
        tokens = ApiToken.objects.filter(user=request.user)
        return Response({"results": TokenSerializer(tokens, many=True).data})
    given = NewTokenSerializer(data=request.data)
    if not given.is_valid():
        return invalid_query(given.errors)
    try:
        token, key = issue(request.user, given.validated_data["name"])
    except TooManyTokens as exc:
        return Response({"detail": str(exc)}, status=status.HTTP_400_BAD_REQUEST)
    return Response({**TokenSerializer(token).data, "key": key}, status=status.HTTP_201_CREATED)


@extend_schema(responses=answers(OpenApiResponse(description="revoked"), 401, 404, status=204))
@api_view(["DELETE"])
@permission_classes([IsAuthenticated])
def token_revoke(request: Request, token_id: int) -> Response:
    """Revoke one of the caller's tokens; another user's token is a 404 (no hint it exists)."""
    get_object_or_404(ApiToken, id=token_id, user=request.user).delete()
    return Response(status=status.HTTP_204_NO_CONTENT)


# --- matches ---------------------------------------------------------------------------------


class SeatBodySerializer(serializers.Serializer):
    """A seat of a match as the API gives it (read from a ``MatchParticipant``)."""

    seat = serializers.IntegerField()
    bot = serializers.IntegerField(source="version.bot_id")
    bot_name = serializers.CharField(source="version.bot.name")
    owner = serializers.CharField(source="version.bot.owner.username")
    version = serializers.IntegerField(source="version.number")
    version_id = serializers.IntegerField()
    rank = serializers.IntegerField(allow_null=True)
    score = serializers.FloatField(allow_null=True)
    forfeit = serializers.SerializerMethodField()
    forfeit_detail = serializers.CharField(allow_blank=True)

    def get_forfeit(self, participant: MatchParticipant) -> str | None:
        return participant.forfeit or None


class MatchBodySerializer(serializers.Serializer):
    """A match as the API gives it; needs the request in its context for the addresses."""

    id = serializers.IntegerField()
    game = serializers.CharField()
    game_title = GameTitleField()
    kind = serializers.CharField()
    rated = serializers.BooleanField()
    status = serializers.CharField()
    options = serializers.DictField()
    created = serializers.DateTimeField()
    finished = serializers.DateTimeField(allow_null=True)
    end_reason = serializers.CharField(allow_blank=True)
    seats = serializers.SerializerMethodField()
    page = serializers.SerializerMethodField()
    replay = serializers.SerializerMethodField()

    @extend_schema_field(SeatBodySerializer(many=True))
    def get_seats(self, match: Match) -> list[dict[str, Any]]:
        seats = sorted(match.participants.all(), key=lambda participant: participant.seat)
        return SeatBodySerializer(seats, many=True).data

    def get_page(self, match: Match) -> str:
        return self.context["request"].build_absolute_uri(f"/matches/{match.id}/")

    @extend_schema_field(OpenApiTypes.URI)
    def get_replay(self, match: Match) -> str | None:
        if match.status != Match.FINISHED:
            return None
        return self.context["request"].build_absolute_uri(f"/api/matches/{match.id}/replay")


class MatchListQuery(serializers.Serializer):
    game = choice_filter("game", sorted(GAMES))
    status = choice_filter("status", [s for s, _ in Match.STATUSES])
    kind = choice_filter("kind", [k for k, _ in Match.KINDS])
    bot = serializers.IntegerField(required=False, min_value=1)
    version = serializers.IntegerField(required=False, min_value=1)
    result = choice_filter("result", list(records.RESULTS))
    options = serializers.CharField(required=False)
    since = serializers.DateTimeField(required=False)
    until = serializers.DateTimeField(required=False)

    def validate_options(self, value: str) -> list[tuple[str, Any]]:
        wanted = []
        for part in value.split(","):
            found = OPTION_FILTER.match(part.strip())
            if not found:
                raise serializers.ValidationError(
                    f'options filter "{part}": write name:value, e.g. masters:true'
                )
            try:
                wanted.append((found["name"], json.loads(found["value"])))
            except ValueError:
                wanted.append((found["name"], found["value"]))
        return wanted

    def validate(self, data: dict[str, Any]) -> dict[str, Any]:
        if "result" in data and not ("bot" in data or "version" in data):
            raise serializers.ValidationError(
                "result filters need a bot or a version: whose result?"
            )
        return data


@extend_schema(
    operation_id="api_matches_list",
    parameters=[MatchListQuery],
    responses=answers(page_of(MatchBodySerializer, "MatchPage"), 400),
)
@api_view(["GET"])
def match_list(request: Request) -> Response:
    """Matches, newest first, a page at a time, with the filters of :class:`MatchListQuery`."""
    query = MatchListQuery(data=request.query_params)
    if not query.is_valid():
        return invalid_query(query.errors)
    matches = records.filtered_matches(query.validated_data).prefetch_related(light_seats())
    paginator = ApiPagination()
    page = paginator.paginate_queryset(matches, request)
    body = MatchBodySerializer(page, many=True, context={"request": request}).data
    return paginator.get_paginated_response(body)


@extend_schema(responses=answers(MatchBodySerializer, 404))
@api_view(["GET"])
def match_detail(request: Request, match_id: int) -> Response:
    match = get_object_or_404(Match.objects.prefetch_related(light_seats()), id=match_id)
    return Response(MatchBodySerializer(match, context={"request": request}).data)


@extend_schema(
    responses=answers(
        OpenApiResponse(OpenApiTypes.OBJECT, description="docs/replay-format.md"), 404
    )
)
@api_view(["GET"])
def match_replay_file(request: Request, match_id: int) -> Response:
    """The match's replay file (``docs/replay-format.md``); 404 until it has finished."""
    match = get_object_or_404(Match, id=match_id)
    return Response(match_replay(match, request._request))


# --- leaderboards, ratings, head-to-head -----------------------------------------------------


class LeaderboardQuery(serializers.Serializer):
    sort = choice_filter("sort", list(LEADERBOARD_SORTS))


class LeaderboardRowSerializer(serializers.Serializer):
    """A row of a leaderboard (read from a ``BotVersion`` with its ``rank`` on the board)."""

    rank = serializers.IntegerField()
    bot = serializers.IntegerField(source="bot_id")
    bot_name = serializers.CharField(source="bot.name")
    owner = serializers.CharField(source="bot.owner.username")
    version = serializers.IntegerField(source="number")
    version_id = serializers.IntegerField(source="id")
    conservative = serializers.FloatField()
    mu = serializers.FloatField()
    sigma = serializers.FloatField()
    elo = serializers.FloatField()
    games_played = serializers.IntegerField()
    wins = serializers.IntegerField()
    forfeits = serializers.IntegerField()


@extend_schema(
    parameters=[LeaderboardQuery],
    responses=answers(page_of(LeaderboardRowSerializer, "LeaderboardPage"), 400, 404),
)
@api_view(["GET"])
def leaderboard(request: Request, game: str) -> Response:
    """Active versions of ``game``, best first by μ − 3σ (``?sort=mu`` or ``elo``)."""
    if game not in GAMES:
        return Response(
            {"detail": f'unknown game "{game}"; choose one of {", ".join(sorted(GAMES))}'},
            status=status.HTTP_404_NOT_FOUND,
        )
    query = LeaderboardQuery(data=request.query_params)
    if not query.is_valid():
        return invalid_query(query.errors)
    order = LEADERBOARD_SORTS[query.validated_data.get("sort", "conservative")]
    versions = (
        BotVersion.objects.filter(game=game, status=BotVersion.ACTIVE, bot__paused__isnull=True)
        .defer(*HEAVY_VERSION_FIELDS)
        .select_related("bot__owner")
        .order_by(order, "id")
    )
    paginator = ApiPagination()
    page = paginator.paginate_queryset(versions, request)
    for place, version in enumerate(page, start=paginator.offset + 1):
        version.rank = place
    return paginator.get_paginated_response(LeaderboardRowSerializer(page, many=True).data)


class RatingPointSerializer(serializers.Serializer):
    """A point of a rating history (read from a seat's values)."""

    match = serializers.IntegerField(source="match_id")
    version = serializers.IntegerField(source="version__number")
    rank = serializers.IntegerField(allow_null=True)
    elo = serializers.FloatField(source="elo_after")
    mu = serializers.FloatField(source="mu_after")
    sigma = serializers.FloatField(source="sigma_after")
    finished = serializers.DateTimeField(source="match__finished", allow_null=True)


def rating_history(request: Request, rated: QuerySet[MatchParticipant]) -> Response:
    rows = (
        rated.filter(elo_after__isnull=False)
        .order_by("match__scored__sequence")
        .values(
            "match_id",
            "version__number",
            "rank",
            "elo_after",
            "mu_after",
            "sigma_after",
            "match__finished",
        )
    )
    paginator = ApiPagination()
    page = paginator.paginate_queryset(rows, request)
    return paginator.get_paginated_response(RatingPointSerializer(page, many=True).data)


RATING_HISTORY = answers(page_of(RatingPointSerializer, "RatingHistoryPage"), 404)


@extend_schema(responses=RATING_HISTORY)
@api_view(["GET"])
def bot_ratings(request: Request, bot_id: int) -> Response:
    """The bot's ratings after each of its rated games, oldest first (all its versions)."""
    bot = get_object_or_404(Bot, id=bot_id)
    return rating_history(request, MatchParticipant.objects.filter(version__bot=bot))


@extend_schema(responses=RATING_HISTORY)
@api_view(["GET"])
def version_ratings(request: Request, version_id: int) -> Response:
    """One version's ratings after each of its rated games, oldest first."""
    version = get_object_or_404(BotVersion, id=version_id)
    return rating_history(request, MatchParticipant.objects.filter(version=version))


class HeadToHeadQuery(serializers.Serializer):
    a = serializers.IntegerField(min_value=1)
    b = serializers.IntegerField(min_value=1)

    def validate(self, data: dict[str, Any]) -> dict[str, Any]:
        if data["a"] == data["b"]:
            raise serializers.ValidationError("a and b must be two different bots")
        return data


class BotNameSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    owner = serializers.CharField()


class HeadToHeadSerializer(serializers.Serializer):
    a = BotNameSerializer()
    b = BotNameSerializer()
    games = serializers.IntegerField()
    a_ahead = serializers.IntegerField()
    b_ahead = serializers.IntegerField()
    level = serializers.IntegerField()
    latest = serializers.ListField(child=serializers.IntegerField())


@extend_schema(parameters=[HeadToHeadQuery], responses=answers(HeadToHeadSerializer, 400, 404))
@api_view(["GET"])
def head_to_head(request: Request) -> Response:
    """``?a=<bot id>&b=<bot id>``: in the finished games both played, how often each placed
    ahead of the other (any versions; in a 3–4 seat game only their two places count)."""
    query = HeadToHeadQuery(data=request.query_params)
    if not query.is_valid():
        return invalid_query(query.errors)
    a = get_object_or_404(Bot.objects.select_related("owner"), id=query.validated_data["a"])
    b = get_object_or_404(Bot.objects.select_related("owner"), id=query.validated_data["b"])
    record = records.head_to_head(a, b)
    return Response(
        {
            "a": {"id": a.id, "name": a.name, "owner": a.owner.username},
            "b": {"id": b.id, "name": b.name, "owner": b.owner.username},
            "games": record.games,
            "a_ahead": record.a_ahead,
            "b_ahead": record.b_ahead,
            "level": record.level,
            "latest": record.latest,
        }
    )


class PausedSerializer(serializers.Serializer):
    bot = serializers.IntegerField()
    paused = serializers.DateTimeField(allow_null=True)
    cancelled_matches = serializers.IntegerField(required=False)


PAUSE_ANSWERS = answers(PausedSerializer, 401, 403, 404)


@extend_schema(request=None, responses=PAUSE_ANSWERS)
@api_view(["POST"])
@permission_classes([IsAuthenticated])
def bot_pause(request: Request, bot_id: int) -> Response:
    """Take one of your bots off the ladder (``tournament/pausing.py``); ratings are kept."""
    bot = get_object_or_404(Bot, id=bot_id)
    cancelled = pausing.pause_bot(bot, request.user)
    return Response({"bot": bot.id, "paused": bot.paused, "cancelled_matches": cancelled})


@extend_schema(request=None, responses=PAUSE_ANSWERS)
@api_view(["POST"])
@permission_classes([IsAuthenticated])
def bot_resume(request: Request, bot_id: int) -> Response:
    """Put one of your paused bots back on the ladder."""
    bot = get_object_or_404(Bot, id=bot_id)
    pausing.resume_bot(bot, request.user)
    return Response({"bot": bot.id, "paused": None})
