"""Site-wide pages: the home page, the health check and signing up."""

from __future__ import annotations

from django.contrib.auth import login
from django.contrib.auth.forms import UserCreationForm
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render

from arena.health import service_health
from games.registry import GAMES

LIVE_ON_HOME = 8
"""Running matches listed on the home page (newest first)."""
TOURNAMENTS_ON_HOME = 4


def home(request: HttpRequest) -> HttpResponse:
    from tournament.models import Match, Tournament

    live = (
        Match.objects.filter(status=Match.RUNNING)
        .prefetch_related("participants__version__bot")
        .order_by("-started")[:LIVE_ON_HOME]
    )
    tournaments = Tournament.objects.order_by("-id")[:TOURNAMENTS_ON_HOME]
    return render(
        request,
        "home.html",
        {"games": sorted(GAMES), "live": live, "tournaments": tournaments},
    )


def healthz(request: HttpRequest) -> JsonResponse:
    """200 when the database and the broker answer, 503 otherwise."""
    ok, report = service_health()
    return JsonResponse(report, status=200 if ok else 503)


def signup(request: HttpRequest) -> HttpResponse:
    """A new account, signed in at once, straight to the upload page."""
    form = UserCreationForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        login(request, form.save())
        return redirect("tournament:my_bots")
    return render(
        request, "registration/signup.html", {"form": form}, status=400 if form.errors else 200
    )
