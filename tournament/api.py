"""The REST API for bot authors' scripts: list bots, read one, upload a bot or a new version;
list tournaments and read one (progress, standings, the knockout bracket) as JSON.

``POST /api/bots/`` takes the same fields as the upload page (multipart: ``game``, ``name``,
``code``) and answers with the new version; authenticate with a session or HTTP Basic.
"""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from rest_framework import serializers, status
from rest_framework.decorators import api_view
from rest_framework.request import Request
from rest_framework.response import Response

from tournament.forms import UploadForm
from tournament.models import Bot, BotVersion, RatingFields, Tournament
from tournament.tournaments import tournament_summary
from tournament.versions import UploadRejected


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


@api_view(["GET", "POST"])
def bot_list(request: Request) -> Response:
    """GET: every bot (``?game=``, ``?mine=1``); POST: upload a bot or a new version of one."""
    if request.method == "POST":
        return _upload(request)
    bots = Bot.objects.select_related("owner", "current_version").order_by("game", "-conservative")
    if game := request.query_params.get("game"):
        bots = bots.filter(game=game)
    if request.query_params.get("mine"):
        if not request.user.is_authenticated:
            return Response({"detail": "sign in to list your own bots"}, status=403)
        bots = bots.filter(owner=request.user)
    return Response(BotSerializer(bots, many=True).data)


@api_view(["GET"])
def bot_detail(request: Request, bot_id: int) -> Response:
    """One bot with all its versions; validation logs for its owner and staff."""
    bot = get_object_or_404(Bot.objects.select_related("owner", "current_version"), id=bot_id)
    versions = VersionSerializer(bot.versions.order_by("-number"), many=True).data
    user = request.user
    if user.is_authenticated and (user.is_staff or bot.owner_id == user.id):
        logs = dict(bot.versions.values_list("id", "validation_log"))
        for version in versions:
            version["validation_log"] = logs[version["id"]]
    return Response({**BotSerializer(bot).data, "versions": versions})


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


@api_view(["GET"])
def tournament_list(request: Request) -> Response:
    """Every tournament, newest first (``?game=``, ``?status=``)."""
    tournaments = Tournament.objects.select_related("organiser").order_by("-id")
    if game := request.query_params.get("game"):
        tournaments = tournaments.filter(game=game)
    if status_filter := request.query_params.get("status"):
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
