"""The REST API for bot authors' scripts: list bots, read one, upload a bot or a new version;
list tournaments and read one (progress, standings, the knockout bracket) as JSON.

``POST /api/bots/`` takes the same fields as the upload page (multipart: ``game``, ``name``,
``code``) and answers with the new version; authenticate with a session or HTTP Basic
(``REST_FRAMEWORK`` in ``arena/settings.py``: a wrong password is a 401 with
``WWW-Authenticate``). ``GET /api/bots/`` is paginated (:class:`ApiPagination`).
"""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from rest_framework import serializers, status
from rest_framework.decorators import api_view, permission_classes, renderer_classes
from rest_framework.exceptions import NotAuthenticated, PermissionDenied
from rest_framework.pagination import LimitOffsetPagination
from rest_framework.permissions import IsAuthenticated
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response

from games.registry import GAMES
from tournament.access import may_see_log, owns_or_staff
from tournament.forms import UploadForm
from tournament.models import Bot, BotVersion, MatchParticipant, RatingFields, Tournament
from tournament.tournaments import tournament_summary
from tournament.versions import UploadRejected, validation_matches


class ApiPagination(LimitOffsetPagination):
    """``?limit=&offset=``; ``PAGE_SIZE`` (50) a page unless asked, never more than 500."""

    max_limit = 500


class VersionSerializer(serializers.ModelSerializer):
    class Meta:
        model = BotVersion
        fields = [
            "id",
            "number",
            "status",
            "created",
            "filename",
            "size",
            *RatingFields.RATING_COLUMNS,
        ]


class BotSerializer(serializers.ModelSerializer):
    owner = serializers.CharField(source="owner.username")
    live_version = serializers.IntegerField(source="current_version.number", default=None)

    class Meta:
        model = Bot
        fields = ["id", "game", "name", "owner", "live_version", *RatingFields.RATING_COLUMNS]


def choice_filter(what: str, choices: list[str]) -> serializers.ChoiceField:
    """An optional ``?what=`` filter whose 400 names the values it knows."""
    return serializers.ChoiceField(
        choices=choices,
        required=False,
        error_messages={
            "invalid_choice": f'unknown {what} "{{input}}"; choose one of {", ".join(choices)}'
        },
    )


class BotListQuery(serializers.Serializer):
    """The filters of ``GET /api/bots/``; anything else is a 400 that says what is allowed."""

    game = choice_filter("game", sorted(GAMES))
    mine = serializers.BooleanField(
        required=False,
        default=False,
        error_messages={"invalid": 'mine is a boolean ("1"/"0", "true"/"false"), not "{input}"'},
    )


@api_view(["GET", "POST"])
def bot_list(request: Request) -> Response:
    """GET: every bot, a page at a time (``?game=``, ``?mine=1``, ``?limit=&offset=``);
    POST: upload a bot or a new version of one."""
    if request.method == "POST":
        return _upload(request)
    query = BotListQuery(data=request.query_params)
    if not query.is_valid():
        return invalid_query(query.errors)
    bots = Bot.objects.select_related("owner", "current_version").order_by(
        "game", "-conservative", "id"
    )
    if game := query.validated_data.get("game"):
        bots = bots.filter(game=game)
    if query.validated_data["mine"]:
        if not request.user.is_authenticated:
            raise NotAuthenticated("sign in to list your own bots")
        bots = bots.filter(owner=request.user)
    paginator = ApiPagination()
    page = paginator.paginate_queryset(bots, request)
    return paginator.get_paginated_response(BotSerializer(page, many=True).data)


def invalid_query(errors: dict[str, list[str]]) -> Response:
    messages = [str(message) for field_errors in errors.values() for message in field_errors]
    return Response({"detail": "; ".join(messages), "errors": errors}, status=400)


@api_view(["GET"])
def bot_detail(request: Request, bot_id: int) -> Response:
    """One bot with all its versions and their validation matches; validation logs for its
    owner and staff."""
    bot = get_object_or_404(Bot.objects.select_related("owner", "current_version"), id=bot_id)
    versions = VersionSerializer(bot.versions.order_by("-number"), many=True).data
    validations = validation_matches(version["id"] for version in versions)
    for version in versions:
        version["validation_match"] = validations.get(version["id"])
    if owns_or_staff(request.user, bot):
        logs = dict(bot.versions.values_list("id", "validation_log"))
        for version in versions:
            version["validation_log"] = logs[version["id"]]
    return Response({**BotSerializer(bot).data, "versions": versions})


@api_view(["GET"])
@permission_classes([IsAuthenticated])
@renderer_classes([JSONRenderer])
def seat_log(request: Request, match_id: int, seat: int) -> Response:
    """A seat's stderr, move timings and forfeit evidence as JSON, for its bot's owner and staff
    only (``/matches/<id>/seats/<n>/log``, linked from the match page): a session or HTTP Basic,
    like the rest of the API; JSON even in a browser, since the match page links here."""
    participant = get_object_or_404(
        MatchParticipant.objects.select_related("version__bot", "log"),
        match_id=match_id,
        seat=seat,
    )
    if not may_see_log(request.user, participant):
        raise PermissionDenied("only the bot's owner and staff see its log")
    log = getattr(participant, "log", None)
    return Response(
        {
            "match": match_id,
            "seat": seat,
            "stderr": log.stderr if log else "",
            "move_times_ms": log.move_times_ms if log else [],
            "forfeit_evidence": log.forfeit_evidence if log else "",
        }
    )


def _upload(request: Request) -> Response:
    form = UploadForm(request.data, request.FILES)
    if not form.is_valid():
        errors = {field: [str(e) for e in errs] for field, errs in form.errors.items()}
        return Response({"detail": "invalid upload", "errors": errors}, status=400)
    try:
        version = form.upload(request.user)
    except UploadRejected as exc:
        return Response({"detail": str(exc)}, status=400)
    body = {
        "bot": version.bot_id,
        **VersionSerializer(version).data,
        "validation_match": version.validation_match_id,
    }
    return Response(body, status=status.HTTP_201_CREATED)


class TournamentSerializer(serializers.ModelSerializer):
    organiser = serializers.CharField(source="organiser.username")

    class Meta:
        model = Tournament
        fields = [
            "id",
            "name",
            "game",
            "format",
            "games_per_pairing",
            "players_per_match",
            "status",
            "planned_matches",
            "created",
            "finished",
            "organiser",
        ]


class TournamentListQuery(serializers.Serializer):
    game = choice_filter("game", sorted(GAMES))
    status = choice_filter("status", [value for value, _ in Tournament.STATUSES])


@api_view(["GET"])
def tournament_list(request: Request) -> Response:
    """Every tournament, newest first (``?game=``, ``?status=``)."""
    query = TournamentListQuery(data=request.query_params)
    if not query.is_valid():
        return invalid_query(query.errors)
    tournaments = Tournament.objects.select_related("organiser").order_by("-id")
    if game := query.validated_data.get("game"):
        tournaments = tournaments.filter(game=game)
    if status_filter := query.validated_data.get("status"):
        tournaments = tournaments.filter(status=status_filter)
    return Response(TournamentSerializer(tournaments[:500], many=True).data)


@api_view(["GET"])
def tournament_detail(request: Request, tournament_id: int) -> Response:
    """One tournament: entrants by seed, progress, standings, games and (knockout) bracket."""
    tournament = get_object_or_404(Tournament.objects.select_related("organiser"), id=tournament_id)
    summary = tournament_summary(tournament)
    bracket = None
    if summary["bracket"] is not None:
        bracket = [
            [
                {
                    "round": tie.round,
                    "slot": tie.slot,
                    "seeds": [None if e is None else e + 1 for e in tie.entrants],
                    "names": [None if e is None else summary["names"][e] for e in tie.entrants],
                    "wins": list(tie.wins),
                    "scores": list(tie.scores),
                    "winner": None if tie.winner is None else tie.winner + 1,
                    "bye": tie.bye,
                    "matches": summary["tie_matches"].get((tie.round, tie.slot), []),
                }
                for tie in ties
            ]
            for ties in summary["bracket"]
        ]
    return Response(
        {
            **TournamentSerializer(tournament).data,
            "entrants": [{"seed": i + 1, "name": n} for i, n in enumerate(summary["names"])],
            "progress": {
                "done": summary["done"],
                "planned": summary["planned"],
                "planned_is_upper_bound": summary["planned_is_upper_bound"],
            },
            "standings": summary["standings"],
            "games": summary["games"],
            "bracket": bracket,
        }
    )
