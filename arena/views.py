"""Site-wide pages: the home page and the health check."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render

from arena.health import service_health
from games.registry import GAMES


def home(request: HttpRequest) -> HttpResponse:
    return render(request, "home.html", {"games": sorted(GAMES)})


def healthz(request: HttpRequest) -> JsonResponse:
    """200 when the database and the broker answer, 503 otherwise."""
    ok, report = service_health()
    return JsonResponse(report, status=200 if ok else 503)
