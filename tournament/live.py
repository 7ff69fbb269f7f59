"""Live games: a running match's public picture, published by its worker about once a second.

The worker's runner calls :class:`LivePublisher` after every step; it writes the game's
``picture.public_view(state)`` (counts and public facts only, never a hidden card) to the
match's :class:`~tournament.models.LiveView` row when ``ARENA_LIVE_INTERVAL_MS`` has passed, so
spectators' pages cost the worker one small write a second, not one per step. With it go the
latest :data:`LIVE_LINES` events in words as the table sees them: public events, and of a secret
only the copy the other seats get ("steals a card from …"), never the original. The row is
deleted with the result: from then on the replay shows the game, hands included.
"""

from __future__ import annotations

import logging
import time
from collections import deque
from collections.abc import Callable
from importlib import import_module
from typing import Any

from django.conf import settings
from django.db import DatabaseError

from games.common.api import State
from games.common.narration import is_hidden_copy
from tournament.models import LiveView, Match

log = logging.getLogger(__name__)


LIVE_LINES = 12


def told_in_public(event: dict[str, Any]) -> bool:
    """Whether a spectator may read ``event``: a public one, or a secret's copy for the others."""
    return event.get("visible_to") == "all" or is_hidden_copy(event)


class LivePublisher:
    """``on_step`` callback for ``bots.runner.play_match`` that keeps a LiveView row current."""

    def __init__(
        self,
        match_id: int,
        game_name: str,
        interval_s: float | None = None,
        clock: Callable[[], float] = time.monotonic,
        names: list[str] | None = None,
    ) -> None:
        self.match_id = match_id
        self.picture = import_module(f"games.{game_name}.picture")
        self.narrator = import_module(f"games.{game_name}.narrate").NARRATOR
        self.names = names or []
        self.told = 0
        self.lines: deque[str] = deque(maxlen=LIVE_LINES)
        self.interval_s = (
            settings.ARENA_LIVE_INTERVAL_MS / 1000 if interval_s is None else interval_s
        )
        self.clock = clock
        self.next_at = float("-inf")
        self.published = 0

    def __call__(self, step: int, action: dict[str, Any], state: State) -> None:
        now = self.clock()
        if now < self.next_at:
            return
        self.next_at = now + self.interval_s
        fresh = [event for event in state.events[self.told :] if told_in_public(event)]
        self.told = len(state.events)
        names = self.names or [f"seat {seat}" for seat in range(8)]
        self.lines.extend(line for line in self.narrator.tell(fresh, names, state) if line)
        try:
            LiveView.objects.update_or_create(
                match_id=self.match_id,
                defaults={
                    "step": step,
                    "turn": self.picture.turn(state),
                    "view": self.picture.public_view(state),
                    "lines": list(self.lines),
                },
            )
        except DatabaseError:
            # A busy database costs spectators a frame, never the match.
            log.warning("live view of match %s not written", self.match_id, exc_info=True)
            return
        self.published += 1


def live_context(match: Match, names: list[str]) -> dict[str, Any]:
    """What the match page shows of a game in progress: its public picture, if one is written."""
    if match.status not in (Match.QUEUED, Match.RUNNING):
        return {"live": None, "live_refresh": False}
    live = LiveView.objects.filter(match=match, match__status=Match.RUNNING).first()
    if live is None:
        return {"live": None, "live_refresh": True}
    picture = import_module(f"games.{match.game}.picture")
    return {
        "live": {
            "step": live.step,
            "turn": live.turn,
            "updated": live.updated,
            "svg": picture.draw(live.view, names),
            "lines": live.lines,
        },
        "live_refresh": True,
    }
