"""Plain server-rendered pages: leaderboards, matches, bots, an author's uploads, tournaments.

A seat's stderr and move timings are shown only to the owner of that seat's bot and to staff;
platform error reasons only to staff. A tournament's cancel and retry buttons are shown only to
its organiser and staff (``tournament/organiser.py`` refuses anyone else with 403).
"""

from __future__ import annotations

import heapq
import itertools
import math
from collections import Counter, defaultdict

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.db.models import Count, Q, QuerySet
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.defaultfilters import pluralize
from django.urls import reverse
from django.views.decorators.http import require_http_methods, require_POST

from arena.front.charts import (
    Series,
    bracket_chart,
    double_elimination_chart,
    move_time_chart,
    rating_chart,
)
from arena.front.forms import TournamentForm
from arena.front.paging import BoundedPaginator
from arena.front.record_views import bot_games_context
from arena.front.viewer import parse_int, seat_names, viewer_context
from bots.limits import TimeControl
from bots.outcome import evidence_beyond_stderr
from bots.timings import MoveTimes
from games.registry import GAMES
from tournament import records, registration
from tournament.access import may_see_log, owns_or_staff
from tournament.live import live_context
from tournament.models import (
    HEAVY_VERSION_FIELDS,
    Bot,
    BotVersion,
    Match,
    MatchParticipant,
    ParticipantLog,
    Tournament,
)
from tournament.organiser import (
    cancel_refusal,
    cancel_tournament,
    may_manage,
    may_organise,
    retry_game,
)
from tournament.tournaments import TournamentRefused, tournament_game, tournament_summary
from tournament.upload_form import UploadForm
from tournament.versions import UploadRejected, validation_matches

SORTS = {
    "conservative": ("-conservative", "μ − 3σ"),
    "mu": ("-mu", "μ"),
    "elo": ("-elo", "Elo"),
}
PAGE_SIZE = 50
MERGED_VERSIONS = 20
"""Versions a bot-name filter merges index streams of; a fragment fitting more goes by a join."""
MATCH_LIST_PAGES = 20
"""Numbered pages of the match list (1,000 matches); older ones follow ``?before=``."""
CHART_GAMES = 2000
"""Rated games a bot's rating chart draws: its latest."""
CHART_POINTS = 600
"""Points a line of the chart draws at most: about one per pixel of its width."""


def leaderboard(request: HttpRequest, game: str) -> HttpResponse:
    if game not in GAMES:
        raise Http404(f"unknown game {game}")
    sort = request.GET.get("sort", "conservative")
    if sort not in SORTS:
        sort = "conservative"
    versions = (
        BotVersion.objects.filter(game=game, status=BotVersion.ACTIVE, bot__paused__isnull=True)
        .defer(*HEAVY_VERSION_FIELDS)
        .select_related("bot__owner")
        .order_by(SORTS[sort][0], "id")
    )
    page = Paginator(versions, PAGE_SIZE).get_page(request.GET.get("page"))
    return render(
        request,
        "front/leaderboard.html",
        {
            "game": game,
            "page": page,
            "sort": sort,
            "sort_label": SORTS[sort][1],
            "sorts": {key: label for key, (_, label) in SORTS.items()},
            "rank_offset": page.start_index() - 1 if page.object_list else 0,
        },
    )


def match_list(request: HttpRequest) -> HttpResponse:
    """Matches, newest first, filtered by game, status and (part of) a seated bot's name.

    Numbered pages reach the newest ``MATCH_LIST_PAGES`` pages of what the filters select; the
    last of them links to the matches older than its last one (``?before=<id>``), and so on, so
    no page counts or skips more than that many rows on a table of millions.
    """
    game = request.GET.get("game", "")
    status = request.GET.get("status", "")
    bot = request.GET.get("bot", "").strip()
    before = parse_int(request.GET.get("before"), "before")
    filters = {"game": game, "status": status, "id__lt": before}
    filters = {field: value for field, value in filters.items() if value not in ("", None)}
    cap = MATCH_LIST_PAGES * PAGE_SIZE + 1
    listed: QuerySet | list[int] = (
        Match.objects.filter(**filters).order_by("-id").values_list("id", flat=True)
    )
    if bot:
        versions = list(
            BotVersion.objects.filter(bot__name__icontains=bot).values_list("id", flat=True)
        )
        if len(versions) <= MERGED_VERSIONS:
            listed = newest_seated(versions, filters, cap)
        else:  # a fragment of many bots' names: most matches have one of them
            listed = listed.filter(participants__version__in=versions).distinct()
    paginator = BoundedPaginator(listed, PAGE_SIZE, max_pages=MATCH_LIST_PAGES)
    page = paginator.get_page(request.GET.get("page"))
    page.object_list = with_seats(
        Match.objects.order_by("-id").filter(id__in=list(page.object_list))
    )
    older = paginator.truncated and page.number == paginator.num_pages and page.object_list
    return render(
        request,
        "front/match_list.html",
        {
            "page": page,
            "filters": {"game": game, "status": status, "bot": bot},
            "before": before,
            "older_than": page.object_list[-1].id if older else None,
            "games": sorted(GAMES),
            "statuses": [value for value, _ in Match.STATUSES],
        },
    )


def with_seats(matches: QuerySet) -> list[Match]:
    """The matches, each with ``seats``: its seats in order as ``label``, ``rank``, ``score``,
    ``forfeit`` and ``forfeit_detail``.

    Read as values in one query: a page of 50 matches made 600 model rows (seat, version, bot,
    owner), most of its time."""
    listed = list(matches)
    seats: dict[int, list[dict[str, object]]] = defaultdict(list)
    rows = (
        MatchParticipant.objects.filter(match__in=[match.id for match in listed])
        .order_by("match_id", "seat")
        .values_list(
            "match_id",
            "version__bot__owner__username",
            "version__bot__name",
            "version__number",
            "rank",
            "score",
            "forfeit",
            "forfeit_detail",
        )
    )
    for match_id, owner, name, number, rank, score, forfeit, detail in rows:
        seats[match_id].append(
            {
                "label": BotVersion.label_of(owner, name, number),
                "rank": rank,
                "score": score,
                "forfeit": forfeit,
                "forfeit_detail": detail,
            }
        )
    for match in listed:
        match.seats = seats[match.id]
    return listed


def newest_seated(versions: list[int], match_filters: dict[str, object], limit: int) -> list[int]:
    """The ids of the newest ``limit`` matches (of those ``match_filters`` select) that any of
    ``versions`` sat in, newest first.

    Each version's seats are read newest first from the participant_by_version index (version,
    match descending), at most ``limit`` of them, and merged: a busy bot's 70,000 seats cost
    ``limit`` index entries, where a join of every seat with the bots' names read them all and
    sorted them.
    """
    seat_filters = {f"match__{field}": value for field, value in match_filters.items()}
    streams = [
        MatchParticipant.objects.filter(version_id=version, **seat_filters)
        .order_by("-match_id")
        .values_list("match_id", flat=True)[:limit]
        for version in versions
    ]
    merged = dict.fromkeys(heapq.merge(*streams, reverse=True))  # a match may seat two
    return list(itertools.islice(merged, limit))


def match_detail(request: HttpRequest, match_id: int) -> HttpResponse:
    match = get_object_or_404(Match, id=match_id)
    seats = []
    seats_of = match.participants.select_related("version__bot__owner", "log")
    for participant in seats_of.defer(*(f"version__{f}" for f in HEAVY_VERSION_FIELDS)):
        log = getattr(participant, "log", None) if may_see_log(request.user, participant) else None
        seats.append({"participant": participant, "log": log, **owner_view(log)})
    return render(
        request,
        "front/match_detail.html",
        {
            "match": match,
            "seats": seats,
            "show_errors": request.user.is_staff,
            "clock": clock_of(match) if any(seat["log"] for seat in seats) else None,
            "tournament_game": tournament_game(match),
            **viewer_context(request, match),
            **live_context(match, seat_names(match)),
        },
    )


def clock_of(match: Match) -> TimeControl | None:
    """The match's time control, or None if what was stored no longer reads as one."""
    try:
        return TimeControl.from_dict(match.time_control)
    except (TypeError, ValueError):
        return None


def owner_view(log: ParticipantLog | None) -> dict[str, object]:
    """What only the seat's owner (and staff) see of it: its move times summarised and charted,
    and what it wrote at its forfeit unless that only repeats the end of its stderr."""
    if log is None:
        return {}
    return {
        "times": MoveTimes.of_game(log.move_times_ms),
        "time_chart": move_time_chart(log.move_times_ms),
        "evidence": evidence_beyond_stderr(log.forfeit_evidence, log.stderr),
    }


@login_required
def my_bots(request: HttpRequest) -> HttpResponse:
    """The author's bots, and the form that uploads a new bot or a new version of one."""
    form = UploadForm(request.POST or None, request.FILES or None, initial=request.GET.dict())
    if request.method == "POST" and form.is_valid():
        try:
            version = form.upload(request.user)
        except UploadRejected as exc:
            form.add_error(None, str(exc))
        else:
            messages.success(
                request,
                f"{version.bot.name} v{version.number} is stored; it joins the ladder once it "
                "has played its validation game.",
            )
            return redirect("front:bot_detail", bot_id=version.bot_id)
    bots = list(
        Bot.objects.filter(owner=request.user)
        .select_related("current_version")
        .prefetch_related("versions")
        .order_by("game", "name")
    )
    recent_forfeits = records.forfeits_since(bots)
    for bot in bots:
        bot.latest = max(bot.versions.all(), key=lambda v: v.number, default=None)
        bot.forfeits_today = recent_forfeits.get(bot.id, 0)
        bot.watch = records.forfeit_watch(bot.current_version) if bot.current_version else None
    return render(
        request,
        "front/my_bots.html",
        {"form": form, "bots": bots},
        status=400 if form.errors else 200,
    )


def bot_detail(request: HttpRequest, bot_id: int) -> HttpResponse:
    """A bot's career and every version; validation logs for its owner and staff."""
    bot = get_object_or_404(Bot.objects.select_related("owner", "current_version"), id=bot_id)
    versions = list(bot.versions.defer("upload").order_by("-number"))
    validations = validation_matches(v.id for v in versions)
    for version in versions:
        version.validation_match = validations.get(version.id)
    return render(
        request,
        "front/bot_detail.html",
        {
            "bot": bot,
            "versions": versions,
            "is_owner": owns_or_staff(request.user, bot),
            "chart": rating_chart(career_series(bot)),
            "watch": records.forfeit_watch(bot.current_version) if bot.current_version else None,
            **bot_games_context(request, bot),
        },
    )


def career_series(bot: Bot) -> list[Series]:
    """Each version's Elo after each of the bot's last ``CHART_GAMES`` rated games, numbered
    over its whole career (``games_played`` is the number of its rated games).

    A busy bot has tens of thousands: drawing them all cost a scan of every one of its seats
    and a page of a megabyte, for a line no wider than the chart. Per version, the newest seats
    come from the participant_by_version index alone, in the order the matches were created:
    matches of the bot that ran at the same time may have been scored in another order, which
    swaps neighbouring points the line (a point a pixel at most) does not tell apart, where
    each seat's scoring sequence cost two more index lookups per point.
    """
    seats: list[tuple[int, int, float]] = []
    for version in bot.versions.filter(games_played__gt=0).only("id", "number"):
        rated = (
            MatchParticipant.objects.filter(version=version, elo_after__isnull=False)
            .order_by("-match_id")
            .values_list("match_id", "elo_after")[:CHART_GAMES]
        )
        seats.extend((match_id, version.number, elo) for match_id, elo in rated)
    seats = sorted(seats)[-CHART_GAMES:]
    first = bot.games_played - len(seats) + 1
    by_version: dict[int, list[tuple[int, float]]] = {}
    for game_number, (_, version_number, elo) in enumerate(seats, start=max(1, first)):
        by_version.setdefault(version_number, []).append((game_number, elo))
    return [
        Series(f"v{number}", thinned(points, CHART_POINTS))
        for number, points in sorted(by_version.items())
    ]


def thinned(points: list[tuple[int, float]], most: int) -> list[tuple[int, float]]:
    """At most about ``most`` of ``points``, evenly spread, the first and the last kept."""
    if len(points) <= most:
        return points
    stride = math.ceil(len(points) / most)
    return points[::stride] + ([points[-1]] if (len(points) - 1) % stride else [])


def tournament_list(request: HttpRequest) -> HttpResponse:
    """Tournaments, newest first, each with its entrants and settled games counted: for the
    page's tournaments only (counting every event's games before taking a page grew with them).
    """
    tournaments = Tournament.objects.select_related("organiser").order_by("-id")
    page = Paginator(tournaments, PAGE_SIZE).get_page(request.GET.get("page"))
    settled = Q(
        games__match__status__in=(Match.FINISHED, Match.ERROR), games__retried_as__isnull=True
    )
    counts = {
        row["id"]: row
        for row in Tournament.objects.filter(id__in=[t.id for t in page.object_list])
        .annotate(
            done=Count("games", filter=settled, distinct=True),
            entrant_count=Count("entrants", distinct=True),
        )
        .values("id", "done", "entrant_count")
    }
    for tournament in page.object_list:
        tournament.done = counts[tournament.id]["done"]
        tournament.entrant_count = counts[tournament.id]["entrant_count"]
    return render(
        request,
        "front/tournament_list.html",
        {"page": page, "may_organise": may_organise(request.user)},
    )


@login_required
def tournament_new(request: HttpRequest) -> HttpResponse:
    if not may_organise(request.user):
        raise PermissionDenied("only organisers create tournaments")
    form = TournamentForm(request.POST or None, initial={"game": request.GET.get("game")})
    if request.method == "POST" and form.is_valid():
        try:
            tournament = form.create(request.user)
        except TournamentRefused as exc:
            form.add_error(None, str(exc))
        else:
            messages.success(request, f"{tournament.name} has started.")
            return redirect("front:tournament_detail", tournament_id=tournament.id)
    return render(
        request,
        "front/tournament_new.html",
        {"form": form},
        status=400 if form.errors else 200,
    )


FORMAT_HELP = {
    "swiss": "Ordered by points (a won pairing 1, a drawn one ½, a bye 1), then Buchholz (the "
    "opponents' points), then Sonneborn–Berger, then head-to-head, then seed.",
    "double_elimination": "Two lost ties and an entrant is out. Ordered by how far each "
    "entrant got: the champion, the grand finalist, then the entrants knocked out in each "
    "losers' round, the later round first; the losers of one round share a place.",
    "table_swiss": "Ordered by points by placing (at p seats: p − 1 for first … 0 for last; "
    "a bye scores the average), then victory points, then seed.",
    "table_advancement": "The final table first, by its games; then the other semi-finalists; "
    "then the heats by points by placing, victory points and seed.",
}
"""How each format's standings are ordered, under the table (round robin and knockout say it
in the template)."""


def tournament_detail(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = get_object_or_404(
        Tournament.objects.select_related("organiser", "cancelled_by"), id=tournament_id
    )
    summary = tournament_summary(tournament)
    bracket = ""
    links = {
        key: reverse("front:match_detail", args=[match_ids[0]])
        for key, match_ids in summary["tie_matches"].items()
    }
    if summary["bracket"] is not None:
        bracket = bracket_chart(summary["bracket"], summary["names"], links)
    elif summary["double_elimination"] is not None:
        bracket = double_elimination_chart(summary["double_elimination"], summary["names"], links)
    manager = may_manage(request.user, tournament)
    return render(
        request,
        "front/tournament_detail.html",
        {
            "tournament": tournament,
            "summary": summary,
            "bracket": bracket,
            "knockout": summary["bracket"] is not None,
            "eliminating": tournament.format in ("knockout", "double_elimination"),
            "named_games": tournament.format != "round_robin",
            "format_help": FORMAT_HELP.get(tournament.format, ""),
            "set_columns": range(1, tournament.players_per_match + 1),
            "clock": TimeControl.from_dict(tournament.time_control),
            "may_cancel": manager and tournament.status in Tournament.OPEN,
            "may_retry": manager,
            "manager": manager,
            "my_bots": _enterable_bots(request.user, tournament, summary),
        },
    )


def _enterable_bots(user: object, tournament: Tournament, summary: dict) -> list:
    """The signed-in user's bots of the event's game with an active version, not entered yet,
    while registration is open."""
    if tournament.status != Tournament.REGISTRATION or not getattr(user, "is_authenticated", 0):
        return []
    entered = {entry["bot_id"] for entry in summary["entries"]}
    return [
        bot
        for bot in Bot.objects.filter(
            owner=user, game=tournament.game, current_version__status=BotVersion.ACTIVE
        ).order_by("name")
        if bot.id not in entered
    ]


REGISTRATION_STEPS = {
    "open": ("Registration is open.", registration.open_registration),
    "close": ("Entries are closed and frozen to their exact versions.", registration.close_entries),
    "start": ("The tournament has started.", registration.start),
}


@require_POST
def tournament_registration(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """Enter or withdraw a bot (its owner, or the organiser), or move the event on (open,
    close, start: its organiser and staff). Refusals come back as messages on the page."""
    tournament = get_object_or_404(Tournament, id=tournament_id)
    if not request.user.is_authenticated:
        raise PermissionDenied("sign in to enter a bot")
    action = request.POST.get("action", "")
    try:
        if action in ("enter", "withdraw"):
            bot_id = int(request.POST.get("bot", "0") or 0)
            if action == "enter":
                registration.enter(tournament.id, request.user, bot_id)
                messages.success(request, "Your bot is entered.")
            else:
                registration.withdraw(tournament.id, request.user, bot_id)
                messages.success(request, "The bot is withdrawn.")
        elif action in REGISTRATION_STEPS:
            done, step = REGISTRATION_STEPS[action]
            result = step(tournament.id, request.user)
            messages.success(request, done)
            for line in result if isinstance(result, list) else []:
                messages.warning(request, f"Dropped: {line}")
        else:
            messages.error(request, f"Unknown action {action!r}.")
    except (TournamentRefused, ValueError) as exc:
        messages.error(request, str(exc))
    return redirect("front:tournament_detail", tournament_id=tournament.id)


@require_http_methods(["GET", "POST"])
def tournament_cancel(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """GET: the confirmation page, which says what cancelling drops; POST (its button): cancel.

    A confirmation page rather than a script's ``confirm()``: it works without JavaScript and
    can give the numbers (queued games dropped, running ones that may finish). Only the
    organiser and staff see it or cancel; anyone else gets 403.
    """
    tournament = get_object_or_404(Tournament, id=tournament_id)
    if request.method == "GET":
        if not may_manage(request.user, tournament):
            raise PermissionDenied("only the tournament's organiser and staff may cancel it")
        if refusal := cancel_refusal(tournament):
            messages.error(request, refusal)
            return redirect("front:tournament_detail", tournament_id=tournament.id)
        games = Counter(
            Match.objects.filter(tournament_slot__tournament=tournament).values_list(
                "status", flat=True
            )
        )
        return render(
            request,
            "front/tournament_cancel.html",
            {
                "tournament": tournament,
                "queued": games[Match.QUEUED],
                "running": games[Match.RUNNING],
            },
        )
    try:
        dropped = cancel_tournament(tournament.id, request.user)
    except TournamentRefused as exc:
        messages.error(request, str(exc))
    else:
        messages.success(
            request,
            f"{tournament.name} is cancelled: {dropped} queued game{pluralize(dropped)} will "
            "not be played; games already running may finish.",
        )
    return redirect("front:tournament_detail", tournament_id=tournament.id)


@require_POST
def tournament_retry(request: HttpRequest, tournament_id: int, match_id: int) -> HttpResponse:
    """Play an error game of the tournament again (its organiser and staff; others get 403)."""
    tournament = get_object_or_404(Tournament, id=tournament_id)
    try:
        new_match_id = retry_game(tournament.id, match_id, request.user)
    except TournamentRefused as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, f"Match {match_id} is played again as match {new_match_id}.")
    return redirect("front:tournament_detail", tournament_id=tournament.id)
