"""A finished match as a replay file (``games/common/replayfile.py``, ``docs/replay-format.md``).

Replays are public once a match is over (the viewer already shows every hand and draw), so the
file is too. Each seat names its bot, version and owner, and what the platform said of its
forfeit; what only an owner sees (stderr, the bot's own words) never goes in.
"""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.urls import reverse

from games.common import replayfile
from games.common.replay import stored_final_state
from tournament.models import Match


def match_replay(match: Match, request: HttpRequest | None = None) -> dict[str, Any]:
    """The replay file's document of a finished match.

    Raises:
        Http404: the match has no replay (not finished, or it ended in a platform error).
    """
    if match.status != Match.FINISHED or not hasattr(match, "replay"):
        raise Http404("only a finished match has a replay")
    payload = match.replay.unpack()
    participants = match.participants.select_related("version__bot__owner").order_by("seat")
    page = reverse("front:match_detail", args=[match.id])
    return replayfile.build(
        game=payload["game"],
        engine_version=payload["engine_version"],
        num_players=payload["num_players"],
        seed=payload["seed"],
        options=payload["options"],
        actions=payload["actions"],
        reason=payload["reason"],
        ranks=payload["ranks"],
        scores=payload["scores"],
        forfeits=payload["forfeits"],
        seats=[
            {
                "name": seat.version.bot.name,
                "version": seat.version.number,
                "owner": seat.version.bot.owner.username,
                "forfeit_detail": seat.forfeit_detail,
            }
            for seat in participants
        ],
        final_state=stored_final_state(payload),
        source={
            "match": match.id,
            "url": request.build_absolute_uri(page) if request is not None else page,
            "kind": match.kind,
            "finished": match.finished.isoformat() if match.finished else None,
        },
    )


def file_name(match: Match) -> str:
    return f"match-{match.id}-{match.game}.replay.json"


def download(request: HttpRequest, match_id: int) -> HttpResponse:
    """``/matches/<id>/replay.json``: the replay file, as an attachment."""
    match = get_object_or_404(Match, id=match_id)
    response = HttpResponse(
        replayfile.dumps(match_replay(match, request)), content_type="application/json"
    )
    response["Content-Disposition"] = f'attachment; filename="{file_name(match)}"'
    return response
