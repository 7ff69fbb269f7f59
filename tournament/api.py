"""The REST API for bot authors' and organisers' scripts: list bots, read one, upload a bot or a
new version; list tournaments, read one (progress, standings, the knockout bracket), create one,
cancel one, retry one of its error games.

``POST /api/bots/`` takes the same fields as the upload page (multipart: ``game``, ``name``,
``code``) and answers with the new version; ``POST /api/tournaments/`` takes JSON (see
:class:`NewTournamentSerializer`). Authenticate with a session or HTTP Basic. Creating is for
organisers, cancelling and retrying for the event's organiser and staff: anyone else gets 403.
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404
from rest_framework import serializers, status
from rest_framework.decorators import api_view
from rest_framework.request import Request
from rest_framework.response import Response

from games.registry import GAMES
from tournament.brackets import MAX_GAMES_PER_PAIRING
from tournament.forms import UploadForm
from tournament.models import Bot, BotVersion, RatingFields, Tournament, TournamentMatch
from tournament.organiser import cancel_tournament, may_organise, retry_game
from tournament.tournaments import TournamentRefused, create_tournament, tournament_summary
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
        return _invalid("invalid upload", form.errors)
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


def _invalid(detail: str, errors: dict[str, list[object]]) -> Response:
    fields = {field: [str(e) for e in errs] for field, errs in errors.items()}
    return Response({"detail": detail, "errors": fields}, status=400)


class TournamentSerializer(serializers.ModelSerializer):
    organiser = serializers.CharField(source="organiser.username")
    cancelled_by = serializers.CharField(source="cancelled_by.username", default=None)

    class Meta:
        model = Tournament
        fields = [
            "id",
            "name",
            "game",
            "format",
            "games_per_pairing",
            "players_per_match",
            "options",
            "time_control",
            "seeding",
            "status",
            "planned_matches",
            "created",
            "finished",
            "cancelled",
            "cancelled_by",
            "organiser",
        ]


class NewTournamentSerializer(serializers.Serializer):
    """``POST /api/tournaments/``: what the create page asks, as JSON.

    ``entrants`` are bot version ids; with ``seeding`` ``"manual"`` their order is the seed
    order, otherwise they are seeded by rating. ``players_per_match``, ``options`` (merged over
    the ladder's) and ``time_control`` (``move_cpu_s``, ``bank_cpu_s``) are optional: the
    ladder's settings stand for what is left out; the engine and the clock ranges check the rest.
    """

    name = serializers.CharField(max_length=100)
    game = serializers.ChoiceField(choices=sorted(GAMES))
    format = serializers.ChoiceField(choices=Tournament.FORMATS)
    entrants = serializers.ListField(child=serializers.IntegerField(), allow_empty=False)
    seeding = serializers.ChoiceField(choices=Tournament.SEEDINGS, default=Tournament.BY_RATING)
    games_per_pairing = serializers.IntegerField(
        min_value=1, max_value=MAX_GAMES_PER_PAIRING, default=1
    )
    players_per_match = serializers.IntegerField(required=False, allow_null=True, default=None)
    options = serializers.DictField(required=False, default=dict)
    time_control = serializers.DictField(required=False, default=dict)


@api_view(["GET", "POST"])
def tournament_list(request: Request) -> Response:
    """GET: every tournament, newest first (``?game=``, ``?status=``); POST: create one."""
    if request.method == "POST":
        return _create_tournament(request)
    tournaments = Tournament.objects.select_related("organiser", "cancelled_by").order_by("-id")
    if game := request.query_params.get("game"):
        tournaments = tournaments.filter(game=game)
    if status_filter := request.query_params.get("status"):
        tournaments = tournaments.filter(status=status_filter)
    return Response(TournamentSerializer(tournaments[:500], many=True).data)


def _create_tournament(request: Request) -> Response:
    if not may_organise(request.user):
        raise PermissionDenied("only organisers create tournaments")
    body = NewTournamentSerializer(data=request.data)
    if not body.is_valid():
        return _invalid("invalid tournament", body.errors)
    data = body.validated_data
    try:
        tournament = create_tournament(
            request.user,
            data["game"],
            data["name"],
            data["format"],
            data["entrants"],
            seeding=data["seeding"],
            games_per_pairing=data["games_per_pairing"],
            players_per_match=data["players_per_match"],
            options=data["options"],
            time_control=data["time_control"],
        )
    except TournamentRefused as exc:
        return Response({"detail": str(exc)}, status=400)
    return Response(_tournament_body(tournament), status=status.HTTP_201_CREATED)


@api_view(["GET"])
def tournament_detail(request: Request, tournament_id: int) -> Response:
    """One tournament: entrants by seed, progress, standings, games and (knockout) bracket."""
    tournament = get_object_or_404(
        Tournament.objects.select_related("organiser", "cancelled_by"), id=tournament_id
    )
    return Response(_tournament_body(tournament))


@api_view(["POST"])
def tournament_cancel(request: Request, tournament_id: int) -> Response:
    """Cancel a pending or running tournament (its organiser and staff); 409 when it is not."""
    tournament = get_object_or_404(Tournament, id=tournament_id)
    try:
        dropped = cancel_tournament(tournament.id, request.user)
    except TournamentRefused as exc:
        return Response({"detail": str(exc)}, status=409)
    tournament.refresh_from_db()
    return Response({**_tournament_body(tournament), "dropped_games": dropped})


@api_view(["POST"])
def tournament_retry(request: Request, tournament_id: int, match_id: int) -> Response:
    """Play an error game again (its organiser and staff); 409 when it may not be retried."""
    game = get_object_or_404(TournamentMatch, tournament_id=tournament_id, match_id=match_id)
    try:
        new_match_id = retry_game(game.tournament_id, match_id, request.user)
    except TournamentRefused as exc:
        return Response({"detail": str(exc)}, status=409)
    return Response({"match": new_match_id, "retry_of": match_id}, status=201)


def _tournament_body(tournament: Tournament) -> dict[str, object]:
    """The tournament as JSON. Every bot it names comes with its owner and version id
    (``entrants``, ``standings`` rows and each game's ``seats``: ``name`` is ``owner/bot vN``,
    ``bot``, ``owner``, ``version``); the bracket's ties give seeds, names and version ids.
    A knockout's standings go by how far each entrant got: ``reached`` is the round (or
    ``"Champion"``) and ``position`` the settled place, null while the entrant is still in."""
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
                    "versions": [
                        None if e is None else summary["entrants"][e]["version"]
                        for e in tie.entrants
                    ],
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
    return {
        **TournamentSerializer(tournament).data,
        "entrants": summary["entrants"],
        "progress": {
            "done": summary["done"],
            "planned": summary["planned"],
            "planned_is_upper_bound": summary["planned_is_upper_bound"],
        },
        "standings": summary["standings"],
        "games": summary["games"],
        "bracket": bracket,
    }
