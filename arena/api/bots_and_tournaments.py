"""The REST API for bot authors' and organisers' scripts: list bots, read one, upload a bot or a
new version; list tournaments, read one (progress, standings, the knockout bracket), create one,
cancel one, retry one of its error games.

``POST /api/bots/`` takes the same fields as the upload page (multipart: ``game``, ``name``,
``code``) and answers with the new version; ``POST /api/tournaments/`` takes JSON (see
:class:`NewTournamentSerializer`). Authenticate with a session or HTTP Basic
(``REST_FRAMEWORK`` in ``arena/settings.py``: a wrong password is a 401 with
``WWW-Authenticate``). Creating is for organisers, cancelling and retrying for the event's
organiser and staff: anyone else gets 403. ``GET /api/bots/`` and ``GET /api/tournaments/`` are
paginated (:class:`ApiPagination`).
"""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema, extend_schema_field
from rest_framework import serializers, status
from rest_framework.decorators import api_view, permission_classes, renderer_classes
from rest_framework.exceptions import NotAuthenticated, PermissionDenied
from rest_framework.permissions import IsAuthenticated
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response

from arena.api.pagination import ApiPagination
from arena.api.schema import answers, page_of
from games.registry import GAMES, game_title
from tournament import registration
from tournament.access import may_see_log, owns_or_staff
from tournament.brackets import MAX_GAMES_PER_PAIRING, tie_name, tie_number
from tournament.models import (
    HEAVY_VERSION_FIELDS,
    Bot,
    BotVersion,
    MatchParticipant,
    RatingFields,
    Tournament,
    TournamentMatch,
)
from tournament.organiser import cancel_tournament, may_organise, retry_game
from tournament.tournaments import TournamentRefused, create_tournament, tournament_summary
from tournament.upload_form import UploadForm
from tournament.versions import UploadRejected, validation_matches


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


@extend_schema_field(OpenApiTypes.STR)
class GameTitleField(serializers.Field):
    """``game_title`` beside ``game``: the title people read; ``game`` stays the id to use."""

    def __init__(self) -> None:
        super().__init__(source="game", read_only=True)

    def to_representation(self, value: str) -> str:
        return game_title(value)


class BotSerializer(serializers.ModelSerializer):
    owner = serializers.CharField(source="owner.username")
    live_version = serializers.IntegerField(source="current_version.number", default=None)
    game_title = GameTitleField()

    class Meta:
        model = Bot
        fields = [
            "id",
            "game",
            "game_title",
            "name",
            "owner",
            "live_version",
            *RatingFields.RATING_COLUMNS,
        ]


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


class UploadRequestSerializer(serializers.Serializer):
    game = serializers.ChoiceField(choices=sorted(GAMES))
    name = serializers.CharField(max_length=64)
    code = serializers.FileField(help_text="a .py file, or a .zip with main.py")


class UploadedSerializer(VersionSerializer):
    bot = serializers.IntegerField()
    validation_match = serializers.IntegerField(allow_null=True)

    class Meta(VersionSerializer.Meta):
        fields = ["bot", *VersionSerializer.Meta.fields, "validation_match"]


@extend_schema(
    methods=["GET"],
    operation_id="api_bots_list",
    parameters=[BotListQuery],
    responses=answers(page_of(BotSerializer, "BotPage"), 400, 401),
)
@extend_schema(
    methods=["POST"],
    request={"multipart/form-data": UploadRequestSerializer},
    responses=answers(UploadedSerializer, 400, 401, 403, status=201),
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
    bots = (
        Bot.objects.select_related("owner", "current_version")
        .defer(*(f"current_version__{field}" for field in HEAVY_VERSION_FIELDS))
        .order_by("game", "-conservative", "id")
    )
    if game := query.validated_data.get("game"):
        bots = bots.filter(game=game)
    if query.validated_data["mine"]:
        if not request.user.is_authenticated:
            raise NotAuthenticated("sign in to list your own bots")
        bots = bots.filter(owner=request.user)
    paginator = ApiPagination()
    # The page's ids first (the bot_list index), then only those rows with their joins: a far
    # page otherwise joined every bot it skipped.
    ids = paginator.paginate_queryset(bots.values_list("id", flat=True), request)
    place = {bot_id: n for n, bot_id in enumerate(ids)}
    page = sorted(bots.filter(id__in=ids), key=lambda bot: place[bot.id])
    return paginator.get_paginated_response(BotSerializer(page, many=True).data)


def invalid_query(errors: dict[str, list[str]]) -> Response:
    messages = [str(message) for field_errors in errors.values() for message in field_errors]
    return Response({"detail": "; ".join(messages), "errors": errors}, status=400)


class VersionDetailSerializer(VersionSerializer):
    validation_match = serializers.IntegerField(allow_null=True)
    validation_log = serializers.CharField(required=False, help_text="owner and staff only")

    class Meta(VersionSerializer.Meta):
        fields = [*VersionSerializer.Meta.fields, "validation_match", "validation_log"]


class BotDetailSerializer(BotSerializer):
    versions = VersionDetailSerializer(many=True)

    class Meta(BotSerializer.Meta):
        fields = [*BotSerializer.Meta.fields, "versions"]


@extend_schema(responses=answers(BotDetailSerializer, 404))
@api_view(["GET"])
def bot_detail(request: Request, bot_id: int) -> Response:
    """One bot with all its versions and their validation matches; validation logs for its
    owner and staff."""
    bot = get_object_or_404(Bot.objects.select_related("owner", "current_version"), id=bot_id)
    versions = VersionSerializer(
        bot.versions.defer(*HEAVY_VERSION_FIELDS).order_by("-number"), many=True
    ).data
    validations = validation_matches(version["id"] for version in versions)
    for version in versions:
        version["validation_match"] = validations.get(version["id"])
    if owns_or_staff(request.user, bot):
        logs = dict(bot.versions.values_list("id", "validation_log"))
        for version in versions:
            version["validation_log"] = logs[version["id"]]
    return Response({**BotSerializer(bot).data, "versions": versions})


class SeatLogSerializer(serializers.Serializer):
    match = serializers.IntegerField()
    seat = serializers.IntegerField()
    stderr = serializers.CharField(allow_blank=True)
    move_times_ms = serializers.ListField(child=serializers.FloatField())
    forfeit_evidence = serializers.CharField(allow_blank=True)


@extend_schema(responses=answers(SeatLogSerializer, 401, 403, 404))
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
    game_title = GameTitleField()

    class Meta:
        model = Tournament
        fields = [
            "id",
            "name",
            "game",
            "game_title",
            "format",
            "games_per_pairing",
            "format_settings",
            "players_per_match",
            "options",
            "time_control",
            "seeding",
            "status",
            "registration_deadline",
            "starts_at",
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
    entrants = serializers.ListField(child=serializers.IntegerField(), allow_empty=True)

    def validate(self, data: dict[str, object]) -> dict[str, object]:
        if not data["entrants"] and not data.get("registration"):
            raise serializers.ValidationError({"entrants": ["name the entrants"]})
        return data

    seeding = serializers.ChoiceField(choices=Tournament.SEEDINGS, default=Tournament.BY_RATING)
    games_per_pairing = serializers.IntegerField(
        min_value=1, max_value=MAX_GAMES_PER_PAIRING, default=1
    )
    players_per_match = serializers.IntegerField(required=False, allow_null=True, default=None)
    options = serializers.DictField(required=False, default=dict)
    time_control = serializers.DictField(required=False, default=dict)
    format_settings = serializers.DictField(required=False, default=dict)
    """The format's own settings: ``rounds`` (Swiss, table Swiss), ``heats`` (table
    advancement); left out, the format's default."""
    registration = serializers.BooleanField(required=False, default=False)
    """Create a draft whose entries bot owners make (``entrants`` may then be empty: the
    organiser's own first entries)."""
    registration_deadline = serializers.DateTimeField(required=False, allow_null=True, default=None)
    starts_at = serializers.DateTimeField(required=False, allow_null=True, default=None)
    duplicate = serializers.BooleanField(required=False, default=False)
    """Duplicate sets (any format): ``games_per_pairing`` counts sets, each one game per seat
    rotation on one shared seed."""


class TournamentListQuery(serializers.Serializer):
    game = choice_filter("game", sorted(GAMES))
    status = choice_filter("status", [value for value, _ in Tournament.STATUSES])


TOURNAMENT_BODY = OpenApiResponse(
    OpenApiTypes.OBJECT,
    description="the tournament with its entrants, progress, standings, games and bracket",
)


@extend_schema(
    methods=["GET"],
    operation_id="api_tournaments_list",
    parameters=[TournamentListQuery],
    responses=answers(page_of(TournamentSerializer, "TournamentPage"), 400),
)
@extend_schema(
    methods=["POST"],
    request=NewTournamentSerializer,
    responses=answers(TOURNAMENT_BODY, 400, 401, 403, status=201),
)
@api_view(["GET", "POST"])
def tournament_list(request: Request) -> Response:
    """GET: every tournament, newest first, a page at a time (``?game=``, ``?status=``,
    ``?limit=&offset=``); POST: create one."""
    if request.method == "POST":
        return _create_tournament(request)
    query = TournamentListQuery(data=request.query_params)
    if not query.is_valid():
        return invalid_query(query.errors)
    tournaments = Tournament.objects.select_related("organiser", "cancelled_by").order_by("-id")
    if game := query.validated_data.get("game"):
        tournaments = tournaments.filter(game=game)
    if status_filter := query.validated_data.get("status"):
        tournaments = tournaments.filter(status=status_filter)
    paginator = ApiPagination()
    page = paginator.paginate_queryset(tournaments, request)
    return paginator.get_paginated_response(TournamentSerializer(page, many=True).data)


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
            format_settings={
                **data["format_settings"],
                **({"duplicate": True} if data["duplicate"] else {}),
            },
            registration=data["registration"],
            registration_deadline=data["registration_deadline"],
            starts_at=data["starts_at"],
        )
    except TournamentRefused as exc:
        return Response({"detail": str(exc)}, status=400)
    return Response(_tournament_body(tournament), status=status.HTTP_201_CREATED)


@extend_schema(responses=answers(TOURNAMENT_BODY, 404))
@api_view(["GET"])
def tournament_detail(request: Request, tournament_id: int) -> Response:
    """One tournament: entrants by seed, progress, standings, games and (knockout) bracket."""
    tournament = get_object_or_404(
        Tournament.objects.select_related("organiser", "cancelled_by"), id=tournament_id
    )
    return Response(_tournament_body(tournament))


@extend_schema(request=None, responses=answers(TOURNAMENT_BODY, 401, 403, 404, 409))
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


class RetrySerializer(serializers.Serializer):
    match = serializers.IntegerField()
    retry_of = serializers.IntegerField()


@extend_schema(request=None, responses=answers(RetrySerializer, 401, 403, 404, 409, status=201))
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
    ``"Champion"``) and ``position`` the settled place, null while the entrant is still in.
    A knockout's games and ties carry the tie's number in its round (``tie``, top to bottom as
    the bracket draws them) and its name (``"Semi-final 2"``); ``progress.waiting`` counts the
    games held back until their bots have room (the per-bot fair share)."""
    summary = tournament_summary(tournament)
    bracket = None
    if summary["bracket"] is not None:
        bracket = [
            [
                {
                    "round": tie.round,
                    "slot": tie.slot,
                    "tie": tie_number(tie.slot),
                    "name": tie_name(len(summary["names"]), tie.round, tie.slot),
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
            "waiting": summary["waiting"],
        },
        "standings": summary["standings"],
        "games": summary["games"],
        "bracket": bracket,
        "double_elimination": _double_elimination_body(summary),
        "standing_columns": summary["columns"],
        "duplicate": summary["duplicate"],
        "entries": summary["entries"],
        "byes": summary["byes"],
        "sets": summary["sets"],
    }


def _double_elimination_body(summary: dict[str, object]) -> list[dict[str, object]] | None:
    """A double elimination's ties by round: its name, each tie's seeds (null for a bye or an
    entrant not known yet), wins, winner and whether it was played."""
    event = summary["double_elimination"]
    if event is None:
        return None
    names = summary["names"]
    rounds = []
    for number, ties in enumerate(event.rounds):
        rounds.append(
            {
                "round": number,
                "name": event.round_name(number),
                "ties": [
                    {
                        "slot": slot.key[1],
                        "name": event.tie_name(number, slot.key[1]),
                        "seeds": [None if e is None else e + 1 for e in entrants],
                        "names": [None if e is None else names[e] for e in entrants],
                        "wins": list(slot.tie.wins) if slot.tie is not None else [0, 0],
                        "winner": None if slot.winner is None else slot.winner + 1,
                        "played": slot.played,
                        "decided": slot.decided,
                        "matches": summary["tie_matches"].get(slot.key, []),
                    }
                    for slot, entrants in ((slot, event.sides_of(slot)) for slot in ties)
                ],
            }
        )
    return rounds


class EntryRequestSerializer(serializers.Serializer):
    bot = serializers.IntegerField(help_text="the id of the bot to enter")


@extend_schema(
    request=EntryRequestSerializer,
    responses=answers(TOURNAMENT_BODY, 400, 401, 403, 404, 409, status=201),
)
@api_view(["POST"])
@permission_classes([IsAuthenticated])
def tournament_entries(request: Request, tournament_id: int) -> Response:
    """Enter a bot (``{"bot": id}``): its owner while registration is open, or the organiser;
    409 with the reason when refused."""
    tournament = get_object_or_404(Tournament, id=tournament_id)
    bot_id = request.data.get("bot")
    if isinstance(bot_id, bool) or not isinstance(bot_id, int):
        return Response({"detail": 'give the bot\'s id as an integer: {"bot": 12}'}, status=400)
    try:
        registration.enter(tournament.id, request.user, bot_id)
    except TournamentRefused as exc:
        return Response({"detail": str(exc)}, status=409)
    tournament.refresh_from_db()
    return Response(_tournament_body(tournament), status=201)


@extend_schema(
    responses=answers(OpenApiResponse(description="withdrawn"), 401, 403, 404, 409, status=204)
)
@api_view(["DELETE"])
@permission_classes([IsAuthenticated])
def tournament_entry(request: Request, tournament_id: int, bot_id: int) -> Response:
    """Withdraw a bot while entries are open (its owner, or the organiser)."""
    tournament = get_object_or_404(Tournament, id=tournament_id)
    try:
        registration.withdraw(tournament.id, request.user, bot_id)
    except TournamentRefused as exc:
        return Response({"detail": str(exc)}, status=409)
    return Response(status=204)


@extend_schema(
    operation_id="api_tournaments_step",
    request=None,
    responses=answers(TOURNAMENT_BODY, 401, 403, 404, 409),
)
@api_view(["POST"])
@permission_classes([IsAuthenticated])
def tournament_step(request: Request, tournament_id: int, step: str) -> Response:
    """``open`` registration, ``close`` the entries (frozen to exact versions; ``dropped`` says
    which could not be), ``start`` a closed event: its organiser and staff; 409 when refused."""
    tournament = get_object_or_404(Tournament, id=tournament_id)
    steps = {
        "open": registration.open_registration,
        "close": registration.close_entries,
        "start": registration.start,
    }
    if step not in steps:
        return Response({"detail": f"unknown step {step!r}; use open, close or start"}, status=404)
    try:
        result = steps[step](tournament.id, request.user)
    except TournamentRefused as exc:
        return Response({"detail": str(exc)}, status=409)
    tournament.refresh_from_db()
    dropped = result if isinstance(result, list) else []
    return Response({**_tournament_body(tournament), "dropped": dropped})


class OptionSpecSerializer(serializers.Serializer):
    name = serializers.CharField()
    type = serializers.ChoiceField(["bool", "int", "choice"])
    default = serializers.JSONField()
    minimum = serializers.IntegerField(allow_null=True)
    maximum = serializers.IntegerField(allow_null=True)
    choices = serializers.ListField(child=serializers.JSONField())


class GameOptionsSerializer(serializers.Serializer):
    game = serializers.CharField()
    game_title = serializers.CharField()
    options = OptionSpecSerializer(many=True)


@extend_schema(responses=answers(GameOptionsSerializer, 404))
@api_view(["GET"])
def game_options(request: Request, game: str) -> Response:
    """A game's options as the engine describes them (``game.option_specs()``): name, type
    (``bool``, ``int``, ``choice``), default, ``minimum``/``maximum`` or ``choices``; what the
    tournament form offers and the engine accepts in ``options``."""
    if game not in GAMES:
        return Response({"detail": f"unknown game {game!r}"}, status=404)
    return Response(
        {
            "game": game,
            "game_title": GAMES[game].title,
            "options": [spec.to_dict() for spec in GAMES[game].option_specs()],
        }
    )
