"""The replay viewer: pictures of any step of a finished match, and the events around it.

A stored replay is a seed plus every applied action; re-simulating a whole game costs tens to
hundreds of milliseconds, too slow for every click. So the first request for a match replays it
once and keeps a :class:`Timeline` in this process: the event log, where each step's events end,
the turn at each step, and a snapshot of the state every ``CHECKPOINT_EVERY`` steps (taken
without the event log, which the timeline already holds). A step is then one ``from_dict`` of
the checkpoint before it plus at most ``CHECKPOINT_EVERY - 1`` actions, and a window of frames
costs one such rebuild plus one action and one picture per frame. ``bench/replay_viewer.py``
prints what a step and a window cost.

Replays are only stored for finished matches, so the pictures show everything (each hand
included); a view of a game in progress must use a picture module's ``public_view`` instead.
"""

from __future__ import annotations

import zlib
from collections import OrderedDict
from dataclasses import dataclass, field
from importlib import import_module
from threading import Lock
from types import ModuleType
from typing import Any

from django.core.exceptions import BadRequest
from django.http import Http404, HttpRequest, JsonResponse
from django.shortcuts import get_object_or_404
from django.views.decorators.gzip import gzip_page

from games.common.api import State
from games.registry import GAMES
from tournament.models import Match, Replay

CHECKPOINT_EVERY = 100
MAX_WINDOW = 40
"""Most frames one request may ask for (each carries an SVG of about 30 KB)."""
RECENT_EVENTS = 10
"""Events listed under the picture: this step's and the ones just before it."""
CACHED_TIMELINES = 8


class UnreadableReplay(Exception):
    """The stored replay does not replay with this engine (another engine version, a bad row)."""


@dataclass
class Timeline:
    """A finished game, indexed by step (0 = the initial position, ``steps`` = the final one)."""

    game_name: str
    num_players: int
    seed: int
    options: dict[str, Any]
    actions: list[dict[str, Any]]
    events: list[dict[str, Any]] = field(default_factory=list)
    event_ends: list[int] = field(default_factory=list)
    """``events[:event_ends[step]]`` happened up to and including ``step``."""
    turns: list[int] = field(default_factory=list)
    checkpoints: list[dict[str, Any]] = field(default_factory=list)
    """The state at steps 0, CHECKPOINT_EVERY, 2 * CHECKPOINT_EVERY, … (``to_dict``, no events)."""

    @classmethod
    def from_payload(cls, payload: dict[str, Any]) -> Timeline:
        """Replay the game once, recording checkpoints, event offsets and turns."""
        timeline = cls(
            game_name=payload["game"],
            num_players=payload["num_players"],
            seed=payload["seed"],
            options=payload["options"],
            actions=payload["actions"],
        )
        game = GAMES[timeline.game_name]
        picture = timeline.picture
        state = game.new_game(
            num_players=timeline.num_players, seed=timeline.seed, options=timeline.options
        )
        timeline._record(state, 0, picture)
        for step, action in enumerate(timeline.actions, start=1):
            state.apply(action)
            timeline._record(state, step, picture)
        timeline.events = state.events
        return timeline

    def _record(self, state: State, step: int, picture: ModuleType) -> None:
        self.event_ends.append(len(state.events))
        self.turns.append(picture.turn(state))
        if step % CHECKPOINT_EVERY == 0:
            events, state.events = state.events, []  # the timeline keeps the log itself
            try:
                self.checkpoints.append(state.to_dict())
            finally:
                state.events = events

    @property
    def steps(self) -> int:
        return len(self.actions)

    @property
    def picture(self) -> ModuleType:
        return import_module(f"games.{self.game_name}.picture")

    @property
    def narrate(self) -> ModuleType:
        return import_module(f"games.{self.game_name}.narrate")

    def state_at(self, step: int) -> State:
        """The position after ``step`` actions (0 ≤ step ≤ steps)."""
        base = step - step % CHECKPOINT_EVERY
        state = GAMES[self.game_name].from_dict(self.checkpoints[base // CHECKPOINT_EVERY])
        for action in self.actions[base:step]:
            state.apply(action)
        return state

    def step_of_turn(self, turn: int) -> int | None:
        """The first step at which the game is in ``turn`` (or later), None past the end."""
        for step, step_turn in enumerate(self.turns):
            if step_turn >= turn:
                return step
        return None

    def turn_starts(self) -> list[list[int]]:
        """``[turn, first step]`` for each turn, for the page's jump-to-turn box."""
        starts: list[list[int]] = []
        for step, turn in enumerate(self.turns):
            if not starts or starts[-1][0] != turn:
                starts.append([turn, step])
        return starts

    def frames(self, start: int, count: int, names: list[str]) -> list[dict[str, Any]]:
        """Pictures and recent events of steps ``start .. start + count - 1`` (within the game)."""
        picture, narrate = self.picture, self.narrate
        end = min(self.steps, start + count - 1)
        state = self.state_at(start)
        frames = []
        for step in range(start, end + 1):
            if step > start:
                state.apply(self.actions[step - 1])
            frames.append(
                {
                    "step": step,
                    "turn": self.turns[step],
                    "svg": picture.draw(picture.full_view(state), names),
                    "events": self.recent_events(step, names, narrate),
                }
            )
        return frames

    def recent_events(
        self, step: int, names: list[str], narrate: ModuleType | None = None
    ) -> list[dict[str, Any]]:
        """The events up to ``step`` (at most RECENT_EVENTS), newest last; ``new`` if of it."""
        narrate = narrate or self.narrate
        first_new = self.event_ends[step - 1] if step > 0 else 0
        end = self.event_ends[step]
        return [
            {"text": narrate.describe(event, names), "new": index >= first_new}
            for index, event in enumerate(
                self.events[max(0, end - RECENT_EVENTS) : end], start=max(0, end - RECENT_EVENTS)
            )
        ]


_timelines: OrderedDict[tuple[int, int], Timeline] = OrderedDict()
_timelines_lock = Lock()


def timeline_for(replay: Replay) -> Timeline:
    """The match's timeline, built on first use and kept for the next CACHED_TIMELINES matches.

    Keyed by the match id and a checksum of the stored bytes, so a replaced row (a re-run in
    tests, a restored database) is never answered from a stale timeline.

    Raises:
        UnreadableReplay: the actions do not replay (e.g. recorded by another engine version).
    """
    data = bytes(replay.data)
    key = (replay.match_id, zlib.crc32(data))
    with _timelines_lock:
        timeline = _timelines.get(key)
        if timeline is not None:
            _timelines.move_to_end(key)
            return timeline
    try:
        timeline = Timeline.from_payload(replay.unpack())
    except (ValueError, KeyError, TypeError, IndexError) as exc:  # IllegalAction is a ValueError
        raise UnreadableReplay(f"this replay cannot be shown by the current engine: {exc}") from exc
    with _timelines_lock:
        _timelines[key] = timeline
        while len(_timelines) > CACHED_TIMELINES:
            _timelines.popitem(last=False)
    return timeline


def seat_names(match: Match) -> list[str]:
    participants = match.participants.select_related("version__bot").order_by("seat")
    return [f"{p.version.bot.name} v{p.version.number}" for p in participants]


def parse_int(value: str | None, name: str) -> int | None:
    """``value`` as an int, None if absent; anything else is the client's mistake (400)."""
    if value is None or value == "":
        return None
    try:
        return int(value)
    except ValueError:
        raise BadRequest(f"{name} must be an integer") from None


def viewer_context(request: HttpRequest, match: Match) -> dict[str, Any]:
    """What the match page needs to show the replay at ``?step=`` (or ``?turn=``).

    Raises:
        BadRequest: ``step`` or ``turn`` is not an integer.
        Http404: the step or turn is not in this game.
    """
    replay = Replay.objects.filter(match=match).first()
    if replay is None:
        return {"viewer": None}
    try:
        timeline = timeline_for(replay)
    except UnreadableReplay as exc:
        return {"viewer": None, "viewer_error": str(exc)}
    step = parse_int(request.GET.get("step"), "step")
    turn = parse_int(request.GET.get("turn"), "turn")
    if step is None and turn is not None:
        step = timeline.step_of_turn(turn)
        if step is None or turn < 0:
            raise Http404(f"turn {turn} is not in this game")
    if step is None:
        step = timeline.steps
    if not 0 <= step <= timeline.steps:
        raise Http404(f"step {step} is not in this game (0..{timeline.steps})")
    frame = timeline.frames(step, 1, seat_names(match))[0]
    return {
        "viewer": {
            "frame": frame,
            "steps": timeline.steps,
            "previous": max(0, step - 1),
            "next": min(timeline.steps, step + 1),
            "turn_starts": timeline.turn_starts(),
            "window": MAX_WINDOW,
        }
    }


@gzip_page  # pictures repeat themselves: a window of frames shrinks about tenfold
def replay_frames(request: HttpRequest, match_id: int) -> JsonResponse:
    """``GET …/replay/frames?start=K&count=N``: N frames (≤ MAX_WINDOW) from step K as JSON."""
    match = get_object_or_404(Match, id=match_id)
    replay = Replay.objects.filter(match=match).first()
    if replay is None:
        raise Http404("this match has no replay (yet)")
    start = parse_int(request.GET.get("start"), "start")
    count = parse_int(request.GET.get("count"), "count")
    start = 0 if start is None else start
    count = 1 if count is None else count
    if not 1 <= count <= MAX_WINDOW:
        raise BadRequest(f"count must be 1..{MAX_WINDOW}")
    try:
        timeline = timeline_for(replay)
    except UnreadableReplay as exc:
        raise Http404(str(exc)) from exc
    if not 0 <= start <= timeline.steps:
        raise Http404(f"step {start} is not in this game (0..{timeline.steps})")
    return JsonResponse(
        {
            "match": match.id,
            "steps": timeline.steps,
            "frames": timeline.frames(start, count, seat_names(match)),
        }
    )
