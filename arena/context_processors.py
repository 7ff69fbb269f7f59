"""What every page's header needs: the games whose leaderboards the nav links."""

from __future__ import annotations

from django.http import HttpRequest

from games.registry import GAMES


def site_nav(request: HttpRequest) -> dict[str, object]:
    return {"nav_games": sorted(GAMES)}
