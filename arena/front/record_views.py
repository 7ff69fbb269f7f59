"""The pages of a bot's record: its games on its page, head-to-head, and the forfeit warnings
of "My bots" (the rules are in ``tournament/records.py``)."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from arena.front.paging import BoundedPaginator
from tournament import pausing, records
from tournament.models import Bot, Match, light_seats

GAMES_PAGE = 25
GAMES_PAGES = 40
"""Numbered pages of a bot's games (1,000 games); older ones are in the API's match list."""


def seat_rows(matches: list[Match], bot: Bot) -> list[dict[str, Any]]:
    """One row per match: the bot's seat (its best if two of its versions sat) and the others."""
    rows = []
    for match in matches:
        seats = sorted(match.participants.all(), key=lambda p: p.seat)
        own = [p for p in seats if p.version.bot_id == bot.id]
        if not own:
            continue
        mine = min(own, key=lambda p: (p.rank or 99, p.seat))
        rows.append(
            {
                "match": match,
                "seat": mine,
                "opponents": [p for p in seats if p.version.bot_id != bot.id],
            }
        )
    return rows


def bot_games_context(request: HttpRequest, bot: Bot) -> dict[str, Any]:
    """The bot page's games table: filterable by result, version, opponent and kind."""
    filters = {
        "result": request.GET.get("result", ""),
        "version": request.GET.get("version", ""),
        "opponent": request.GET.get("opponent", ""),
        "kind": request.GET.get("kind", ""),
    }
    query: dict[str, Any] = {"bot": bot.id}
    if filters["result"] in records.RESULTS:
        query["result"] = filters["result"]
    if filters["kind"] in {kind for kind, _ in Match.KINDS}:
        query["kind"] = filters["kind"]
    if filters["version"].isdigit():
        version = bot.versions.filter(number=int(filters["version"])).first()
        query["version"] = version.id if version else -1
    if filters["opponent"].isdigit():
        query["opponent"] = int(filters["opponent"])
    matches = records.filtered_matches(query).prefetch_related(light_seats())
    # A busy bot has tens of thousands of games: count at most GAMES_PAGES pages of them.
    page = BoundedPaginator(matches, GAMES_PAGE, max_pages=GAMES_PAGES).get_page(
        request.GET.get("page")
    )
    opponents = records.frequent_opponents(bot)
    return {
        "games": page,
        "game_rows": seat_rows(list(page.object_list), bot),
        "game_filters": filters,
        "filtered": any(filters.values()),
        "results": records.RESULTS,
        "kinds": [kind for kind, _ in Match.KINDS],
        "opponents": opponents,
        "opponent_name": next(
            (o.name for o, _ in opponents if str(o.id) == filters["opponent"]), filters["opponent"]
        ),
    }


def head_to_head(request: HttpRequest, bot_id: int, other_id: int) -> HttpResponse:
    """``/bots/<a>/vs/<b>/``: two bots' record where both played, and those games."""
    if bot_id == other_id:
        raise Http404("a bot has no head-to-head record with itself")
    bot = get_object_or_404(Bot.objects.select_related("owner"), id=bot_id)
    other = get_object_or_404(Bot.objects.select_related("owner"), id=other_id)
    record = records.head_to_head(bot, other)
    matches = Match.objects.filter(id__in=record.latest).order_by("-id")
    matches = matches.prefetch_related(light_seats())
    return render(
        request,
        "front/head_to_head.html",
        {"bot": bot, "other": other, "record": record, "game_rows": seat_rows(list(matches), bot)},
    )


@login_required
@require_POST
def pause_or_resume(request: HttpRequest, bot_id: int) -> HttpResponse:
    """The bot page's Pause / Resume button (its owner and staff; anyone else gets 403)."""
    bot = get_object_or_404(Bot, id=bot_id)
    if request.POST.get("action") == "resume":
        pausing.resume_bot(bot, request.user)
        messages.success(request, f"{bot.name} is back on the ladder with its ratings.")
    else:
        cancelled = pausing.pause_bot(bot, request.user)
        dropped = f"; {cancelled} queued ladder game{'s' if cancelled != 1 else ''} dropped"
        messages.success(
            request,
            f"{bot.name} is paused: it plays no ladder games and leaves the leaderboard, "
            f"and keeps its ratings{dropped if cancelled else ''}.",
        )
    return redirect("front:bot_detail", bot_id=bot.id)
