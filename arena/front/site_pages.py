"""Site-wide pages: the home page, the health check, signing up, and what a bot author reads and
downloads before writing a bot ("Write a bot", the protocol)."""

from __future__ import annotations

import re
from datetime import timedelta
from importlib import import_module

from django.contrib.auth import login
from django.contrib.auth.forms import UserCreationForm
from django.db.models import Count, QuerySet
from django.http import FileResponse, Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.templatetags.static import static
from django.utils import timezone
from django.utils.safestring import mark_safe
from django.views import defaults

from arena import throttle
from arena.front import authoring
from arena.health import service_health
from games.registry import GAMES

LIVE_ON_HOME = 8
"""Running matches listed on the home page (newest first)."""
JUST_FINISHED_ON_HOME = 5
"""Finished matches the home page offers when none is running (example bots play a game in
well under a second, so there is often nothing live to watch)."""
TOURNAMENTS_ON_HOME = 4
THROUGHPUT_WINDOWS = {"last_minute": timedelta(minutes=1), "last_10_minutes": timedelta(minutes=10)}
"""Finished matches are counted, not averaged: a rate over ten minutes of a service started two
minutes ago would understate it fivefold."""


WATCH_SPEED = 1
"""Steps a second the home page's "worth watching" games play at: a person's pace (a ladder game
of example bots is over in well under a second)."""


def home(request: HttpRequest) -> HttpResponse:
    from tournament import records
    from tournament.models import Match, Tournament, light_seats

    live = (
        Match.objects.filter(status=Match.RUNNING)
        .prefetch_related(light_seats())
        .order_by("-started")[:LIVE_ON_HOME]
    )
    tournaments = Tournament.objects.order_by("-id")[:TOURNAMENTS_ON_HOME]
    just_finished = (
        Match.objects.filter(status=Match.FINISHED)
        .prefetch_related(light_seats())
        .order_by("-finished")[:JUST_FINISHED_ON_HOME]
        if not live
        else []
    )
    featured = [(game, records.worth_watching(game)) for game in sorted(GAMES)]
    return render(
        request,
        "home.html",
        {
            "games": sorted(GAMES),
            "featured": [(game, match) for game, match in featured if match is not None],
            "watch_speed": WATCH_SPEED,
            "live": live,
            "just_finished": just_finished,
            "tournaments": tournaments,
        },
    )


API_PATH = re.compile(r"^/api/|^/matches/[^/]+/seats/[^/]+/log$")
"""The API's addresses: ``/api/…`` and the seat log, which the match page links as JSON."""


def not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    """404: the site's page, or at an API address the API's error body (one shape everywhere)."""
    if API_PATH.match(request.path):
        return JsonResponse({"detail": "Not found."}, status=404)
    return defaults.page_not_found(request, exception)


def server_error(request: HttpRequest) -> HttpResponse:
    """500: the site's page, or at an API address the API's error body."""
    if API_PATH.match(request.path):
        return JsonResponse({"detail": "The server failed; the fault is logged."}, status=500)
    return defaults.server_error(request)


def favicon(request: HttpRequest) -> HttpResponse:
    """``/favicon.ico``, which browsers and feed readers ask for whatever the page's link says."""
    return redirect(static("favicon.svg"), permanent=True)


def healthz(request: HttpRequest) -> JsonResponse:
    """200 when the database and the broker answer, 503 otherwise."""
    ok, report = service_health()
    return JsonResponse(report, status=200 if ok else 503)


def status(request: HttpRequest) -> HttpResponse:
    """``/healthz`` for people: the services, the workers, and the matches flowing through them
    per game (waiting, playing, finished in the last minute and ten minutes, errors today)."""

    ok, report = service_health()
    games = match_flow() if report["database"]["ok"] else []
    return render(
        request,
        "status.html",
        {"ok": ok, "report": report, "games": games},
        status=200 if ok else 503,
    )


def match_flow() -> list[dict[str, object]]:
    """Per game that has matches: waiting, playing, finished in each throughput window, errors
    in the last 24 hours.

    Each count reads only the rows it counts (the unfinished matches by ``status``, the recent
    ones by ``status, finished``: the ``match_status_finished`` index), never the whole table.
    """
    from tournament.models import Match

    now = timezone.now()
    counts: dict[str, dict[str, int]] = {}

    def add(name: str, matches: QuerySet) -> None:
        for game, n in matches.values_list("game").annotate(n=Count("id")).order_by():
            counts.setdefault(game, {})[name] = n

    add("queued", Match.objects.filter(status=Match.QUEUED))
    add("running", Match.objects.filter(status=Match.RUNNING))
    for name, window in THROUGHPUT_WINDOWS.items():
        add(name, Match.objects.filter(status=Match.FINISHED, finished__gte=now - window))
    add("errors", Match.objects.filter(status=Match.ERROR, finished__gte=now - timedelta(days=1)))
    names = ("queued", "running", *THROUGHPUT_WINDOWS, "errors")
    return [
        {"game": game, **{name: counts.get(game, {}).get(name, 0) for name in names}}
        for game in sorted(GAMES)
        if game in counts or Match.objects.filter(game=game).exists()
    ]


def signup(request: HttpRequest) -> HttpResponse:
    """A new account, signed in at once, straight to the upload page; a few per address and
    hour (``throttle.signup_wait``), then a 429 that says when to come back."""
    form = UserCreationForm(request.POST or None)
    if request.method == "POST" and (wait := throttle.signup_wait(request)):
        context = {
            "form": form,
            "throttled": f"Too many new accounts from your address; "
            f"try again in {throttle.minutes(wait)}.",
        }
        response = render(request, "registration/signup.html", context, status=429)
        response["Retry-After"] = str(wait)
        return response
    if request.method == "POST" and form.is_valid():
        login(request, form.save())
        throttle.record_signup(request)
        return redirect("front:my_bots")
    return render(
        request, "registration/signup.html", {"form": form}, status=400 if form.errors else 200
    )


def write_a_bot(request: HttpRequest) -> HttpResponse:
    """What a bot is, the files to start from, and how to try a bot before uploading it."""
    from tournament.scheduler import ladder_for

    games = []
    for game in sorted(GAMES):
        examples = authoring.game_examples(game)
        seats = ladder_for(game).players_per_match
        games.append(
            {
                "name": game,
                "seats": seats,
                "examples": examples,
                "command": authoring.runner_command(game, seats, examples[0]) if examples else "",
            }
        )
    return render(
        request,
        "write_a_bot.html",
        {"sdk": authoring.sdk_files(), "template": authoring.template_file(), "games": games},
    )


def rules(request: HttpRequest, game: str) -> HttpResponse:
    """A game's components, costs and options, from the engine's own data."""
    if game not in GAMES:
        raise Http404(f"unknown game {game}")
    sections = import_module(f"games.{game}.reference").components()
    return render(
        request, "rules.html", {"game": game, "sections": sections, "games": sorted(GAMES)}
    )


def protocol(request: HttpRequest) -> HttpResponse:
    """docs/protocol.md as a page."""
    return render(request, "protocol.html", {"body": mark_safe(authoring.protocol_html())})


DOWNLOAD_TYPES = {
    ".py": "text/x-python; charset=utf-8",
    ".json": "application/json",
    ".md": "text/markdown; charset=utf-8",
}


def bot_file(request: HttpRequest, name: str) -> FileResponse:
    """One of the files ``authoring.all_downloads`` lists, as a download; any other name is 404."""
    download = authoring.all_downloads().get(name)
    if download is None:
        raise Http404(f"no file {name} to download")
    return FileResponse(
        download.path.open("rb"),
        as_attachment=True,
        filename=download.path.name,
        content_type=DOWNLOAD_TYPES.get(download.path.suffix, "text/plain; charset=utf-8"),
    )
