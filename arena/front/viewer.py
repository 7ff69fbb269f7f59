"""The replay viewer: pictures of any step of a finished match, and the events around it.

A stored replay is a seed plus every applied action; re-simulating a whole game costs tens to
hundreds of milliseconds, too slow for every click. So the first request for a match replays it
once and keeps a :class:`Timeline` in this process: the game in words (its events narrated once,
each at the position it left), where each step's lines end, the turn at each step, and a snapshot
of the state every ``CHECKPOINT_EVERY`` steps (taken without the event log, which the timeline
already holds in words). A step is then one ``from_dict`` of
the checkpoint before it plus at most ``CHECKPOINT_EVERY - 1`` actions, and a window of frames
costs one such rebuild plus one action and one picture per frame. ``bench/replay_viewer.py``
prints what a step and a window cost.

Replays are only stored for finished matches, so the pictures and the words show everything
(each hand, each bought card; a secret is told once, from its full event, not again from the
"hidden" copy the other seats got); a view of a game in progress must use a picture module's
``public_view`` instead. ``?seat=N`` watches it as seat N saw it at the table: its own hand
(``picture.seat_view``), and of the others' secrets only the copies it was shown.

The set-up (the chance steps before any seat decides: the card game's deal, the board game's
first-player rolls) is one step for "previous", "next" and playing; its steps stay addressable
(``?step=N`` is always the engine's step N), and a game whose set-up logs nothing says so in a
line of its own (``Narrator.setup``).
"""

from __future__ import annotations

import zlib
from collections import OrderedDict
from collections.abc import Callable
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
from games.common.narration import Narrator, is_hidden_copy
from games.registry import GAMES
from tournament.models import Match, Replay

CHECKPOINT_EVERY = 100
MAX_WINDOW = 12
"""Most frames one request may ask for, and the window the page fetches: each frame carries an
SVG of 30–50 KB, so 40 made a window of 1.9 MB of JSON (about 150 KB gzipped) to fetch before
a jump could show anything; 12 is half a second of the fastest play, fetched ahead."""
SPEEDS = (1, 3, 6, 12, 25)
"""Steps a second the viewer can play at; PLAY_SPEED is where it starts."""
PLAY_SPEED = 3
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
    names: list[str]
    """The seats' names the lines are written with."""
    seat: int | None = None
    """Whose point of view: None for everything open, else that seat's."""
    lines: list[str] = field(default_factory=list)
    """The game in words: every event told after the game (each secret once), in order."""
    line_ends: list[int] = field(default_factory=list)
    """``lines[:line_ends[step]]`` tell the game up to and including ``step``."""
    turns: list[int] = field(default_factory=list)
    checkpoints: list[dict[str, Any]] = field(default_factory=list)
    """The state at steps 0, CHECKPOINT_EVERY, 2 * CHECKPOINT_EVERY, … (``to_dict``, no events)."""
    opening: int = 0
    """The first step at which a seat decides: steps 1 .. opening - 1 are the set-up (chance
    only: deals, the board, first-player rolls), which stepping and playing pass in one go."""

    @classmethod
    def from_payload(
        cls, payload: dict[str, Any], names: list[str], seat: int | None = None
    ) -> Timeline:
        """Replay the game once, recording checkpoints, the game told step by step and turns."""
        timeline = cls(
            game_name=payload["game"],
            num_players=payload["num_players"],
            seed=payload["seed"],
            options=payload["options"],
            actions=payload["actions"],
            names=names,
            seat=seat,
        )
        game = GAMES[timeline.game_name]
        picture, narrator = timeline.picture, timeline.narrate.NARRATOR
        state = game.new_game(
            num_players=timeline.num_players, seed=timeline.seed, options=timeline.options
        )
        opening = None
        timeline._record(state, 0, 0, picture, narrator)
        for step, action in enumerate(timeline.actions, start=1):
            if opening is None and state.current_player() >= 0:
                opening = step - 1
            told = len(state.events)
            state.apply(action)
            timeline._record(state, step, told, picture, narrator)
        timeline.opening = timeline.steps if opening is None else opening
        if narrator.setup and timeline.opening > 1:
            # The set-up's silent steps in one line, told with the first of them.
            timeline.lines.insert(
                timeline.line_ends[0], narrator.setup.format(steps=timeline.opening)
            )
            timeline.line_ends[1:] = [end + 1 for end in timeline.line_ends[1:]]
        return timeline

    def _record(
        self, state: State, step: int, told: int, picture: ModuleType, narrator: Narrator
    ) -> None:
        fresh = [event for event in state.events[told:] if self.tells(event)]
        self.lines.extend(line for line in narrator.tell(fresh, self.names, state) if line)
        self.line_ends.append(len(self.lines))
        self.turns.append(picture.turn(state))
        if step % CHECKPOINT_EVERY == 0:
            events, state.events = state.events, []  # the timeline keeps the game in words
            try:
                self.checkpoints.append(state.to_dict())
            finally:
                state.events = events

    def tells(self, event: dict[str, Any]) -> bool:
        """Everything open: each event, a secret from its original; from a seat: what that seat
        was shown (public events, its own secrets, the copies of the others')."""
        if self.seat is None:
            return not is_hidden_copy(event)
        seen_by = event.get("visible_to", "all")
        return seen_by == "all" or self.seat in seen_by

    def view(self, state: State) -> dict[str, Any]:
        picture = self.picture
        if self.seat is None:
            return picture.full_view(state)
        return picture.seat_view(state, self.seat)

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

    def previous_step(self, step: int) -> int:
        """Where "previous" goes from ``step``: back over the set-up to 0 in one go."""
        return 0 if step <= self.opening else step - 1

    def next_step(self, step: int) -> int:
        """Where "next" (and playing) goes from ``step``: over the set-up in one go."""
        return min(self.steps, self.opening if step < self.opening else step + 1)

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

    def frames(self, start: int, count: int) -> list[dict[str, Any]]:
        """Pictures and recent events of steps ``start .. start + count - 1`` (within the game)."""
        picture = self.picture
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
                    "svg": picture.draw(self.view(state), self.names),
                    "events": self.recent_events(step),
                }
            )
        return frames

    def recent_events(self, step: int) -> list[dict[str, Any]]:
        """The lines up to ``step`` (at most RECENT_EVENTS), newest last; ``new`` for those told
        since the step "previous" goes to (all of the set-up at its end)."""
        end = self.line_ends[step]
        first_new = self.line_ends[self.previous_step(step)] if step > 0 else 0
        first = max(0, end - RECENT_EVENTS)
        return [
            {"text": line, "new": index >= first_new}
            for index, line in enumerate(self.lines[first:end], start=first)
        ]


_timelines: OrderedDict[tuple[Any, ...], Timeline] = OrderedDict()
_timelines_lock = Lock()


def cached_timeline(
    key: tuple[Any, ...], payload: Callable[[], dict[str, Any]], names: list[str], seat: int | None
) -> Timeline:
    """The timeline of ``payload()`` (a game's seed and actions), built on first use and kept
    for the next CACHED_TIMELINES games asked for.

    Raises:
        UnreadableReplay: the actions do not replay (e.g. recorded by another engine version).
    """
    key = (*key, tuple(names), seat)
    with _timelines_lock:
        timeline = _timelines.get(key)
        if timeline is not None:
            _timelines.move_to_end(key)
            return timeline
    try:
        timeline = Timeline.from_payload(payload(), names, seat)
    except (ValueError, KeyError, TypeError, IndexError) as exc:  # IllegalAction is a ValueError
        raise UnreadableReplay(f"this replay cannot be shown by the current engine: {exc}") from exc
    with _timelines_lock:
        _timelines[key] = timeline
        while len(_timelines) > CACHED_TIMELINES:
            _timelines.popitem(last=False)
    return timeline


def timeline_for(replay: Replay, names: list[str], seat: int | None = None) -> Timeline:
    """A stored match's timeline, keyed by the match id, a checksum of the stored bytes and the
    seats' names, so a replaced row (a re-run in tests, a restored database) or a renamed bot is
    never answered from a stale timeline.

    Raises:
        UnreadableReplay: the actions do not replay.
    """
    key = ("match", replay.match_id, zlib.crc32(bytes(replay.data)))
    return cached_timeline(key, replay.unpack, names, seat)


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


def seat_of(request: HttpRequest, names: list[str]) -> int | None:
    """``?seat=N``: whose point of view (None, or absent, for everything open).

    Raises:
        BadRequest: not an integer. Http404: no such seat in this match.
    """
    seat = parse_int(request.GET.get("seat"), "seat")
    if seat is not None and not 0 <= seat < len(names):
        raise Http404(f"seat {seat} is not in this match (0..{len(names) - 1})")
    return seat


def viewer_context(request: HttpRequest, match: Match) -> dict[str, Any]:
    """What the match page needs to show the replay at ``?step=`` (or ``?turn=``).

    Raises:
        BadRequest: ``step``, ``turn`` or ``seat`` is not an integer.
        Http404: the step, turn or seat is not in this game.
    """
    replay = Replay.objects.filter(match=match).first()
    if replay is None:
        return {"viewer": None}
    names = seat_names(match)
    seat = seat_of(request, names)
    try:
        timeline = timeline_for(replay, names, seat)
    except UnreadableReplay as exc:
        return {"viewer": None, "viewer_error": str(exc)}
    return {"viewer": at_step(request, timeline, names)}


def at_step(request: HttpRequest, timeline: Timeline, names: list[str]) -> dict[str, Any]:
    """The viewer at ``?step=`` (or ``?turn=``), the last step by default.

    Raises:
        BadRequest: ``step`` or ``turn`` is not an integer.
        Http404: the step or turn is not in this game.
    """
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
    seat = timeline.seat
    return {
        "frame": timeline.frames(step, 1)[0],
        "steps": timeline.steps,
        "opening": timeline.opening,
        "previous": timeline.previous_step(step),
        "next": timeline.next_step(step),
        "turn_starts": timeline.turn_starts(),
        "window": MAX_WINDOW,
        "speeds": SPEEDS,
        "speed": PLAY_SPEED,
        "seat": seat,
        "seat_query": "" if seat is None else f"&seat={seat}",
        "points_of_view": list(enumerate(names)),
    }


def frames_answer(request: HttpRequest, timeline: Timeline) -> JsonResponse:
    """``?start=K&count=N``: N frames (≤ MAX_WINDOW) of ``timeline`` from step K as JSON."""
    start = parse_int(request.GET.get("start"), "start")
    count = parse_int(request.GET.get("count"), "count")
    start = 0 if start is None else start
    count = 1 if count is None else count
    if not 1 <= count <= MAX_WINDOW:
        raise BadRequest(f"count must be 1..{MAX_WINDOW}")
    if not 0 <= start <= timeline.steps:
        raise Http404(f"step {start} is not in this game (0..{timeline.steps})")
    return JsonResponse({"steps": timeline.steps, "frames": timeline.frames(start, count)})


@gzip_page  # pictures repeat themselves: a window of frames shrinks about tenfold
def replay_frames(request: HttpRequest, match_id: int) -> JsonResponse:
    """``GET …/replay/frames?start=K&count=N[&seat=S]``: a stored match's frames as JSON."""
    match = get_object_or_404(Match, id=match_id)
    replay = Replay.objects.filter(match=match).first()
    if replay is None:
        raise Http404("this match has no replay (yet)")
    names = seat_names(match)
    try:
        timeline = timeline_for(replay, names, seat_of(request, names))
    except UnreadableReplay as exc:
        raise Http404(str(exc)) from exc
    return frames_answer(request, timeline)
