"""What the replay viewer costs per click: building a timeline, one step, a window of steps.

Usage: ``python bench/replay_viewer.py [samples]`` (default 40). For one random game of each
engine (seed 11, as a finished match would store it) prints, in milliseconds of wall time:
the first request's timeline build (one full replay plus checkpoints and the game told in
words), one step at random positions (rebuild from the checkpoint before it + picture +
events), a window of MAX_WINDOW steps and its JSON size, and for comparison replaying from
scratch to the same steps, then the stored replay's size (the event log once, format 2, and
twice, format 1) and what the final state's ``to_dict`` costs with and without copying the log.
The 1-minute load average is printed with the figures (the machine is shared).
"""

from __future__ import annotations

import gzip
import json
import os
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "arena.settings")

import django

django.setup()

from arena.front.viewer import CHECKPOINT_EVERY, MAX_WINDOW, Timeline  # noqa: E402
from games.common.api import State  # noqa: E402
from games.common.replay import (  # noqa: E402
    final_state_sharing_log,
    final_state_to_store,
    replay,
)
from games.registry import GAMES  # noqa: E402
from tests.games.random_game import play_random  # noqa: E402
from tournament.models import Replay  # noqa: E402

SEATS = {"catan": 3, "cardgame": 2}


def millis(function, *args) -> float:
    start = time.perf_counter()
    function(*args)
    return (time.perf_counter() - start) * 1000


def summary(times: list[float]) -> str:
    ordered = sorted(times)
    p95 = ordered[int(0.95 * (len(ordered) - 1))]
    return f"median {statistics.median(times):6.1f}  p95 {p95:6.1f}  max {max(times):6.1f}"


def from_scratch(timeline: Timeline, step: int, names: list[str]) -> None:
    """What a step would cost without a timeline: replay from the seed, then draw."""
    game = GAMES[timeline.game_name]
    state = replay(
        game, timeline.num_players, timeline.seed, timeline.options, timeline.actions[:step]
    )
    picture = timeline.picture
    picture.draw(picture.full_view(state), names)


def print_storage(final: State, payload: dict[str, Any]) -> None:
    """What the stored replay weighs with the event log once (format 2) and twice (format 1),
    and what the final state's ``to_dict`` costs with the log and without copying it."""
    events = list(final.events)
    with_log = [millis(final.to_dict) for _ in range(5)]
    sharing = [millis(final_state_sharing_log, final, events) for _ in range(5)]
    full = final.to_dict()
    document = {**payload, "events": events}
    old = len(Replay.pack({**document, "final_state": full}))
    new = len(Replay.pack({**document, "format": 2, "final_state": final_state_to_store(full)}))
    print(
        f"  final to_dict: {statistics.median(with_log):.1f} ms; sharing the log "
        f"{statistics.median(sharing):.2f} ms"
    )
    print(
        f"  stored replay: {new / 1024:.0f} KiB (format 1, the log twice: {old / 1024:.0f} KiB;"
        f" format 2 saves {100 * (old - new) / old:.0f}% of it)"
    )


def main(samples: int) -> None:
    print(f"load average (1 min) {os.getloadavg()[0]:.2f}; checkpoint every {CHECKPOINT_EVERY}")
    for name, seats in SEATS.items():
        final, actions = play_random(name, seats, seed=11)
        payload = {
            "game": name,
            "num_players": seats,
            "seed": 11,
            "options": {},
            "actions": actions,
        }
        names = [f"seat {seat}" for seat in range(seats)]
        builds = [millis(Timeline.from_payload, payload, names) for _ in range(3)]
        timeline = Timeline.from_payload(payload, names)
        picks = random.Random(0).sample(range(timeline.steps + 1), samples)
        one_step = [millis(timeline.frames, step, 1) for step in picks]
        windows = [millis(timeline.frames, step, MAX_WINDOW) for step in picks[:10]]
        body = json.dumps({"frames": timeline.frames(picks[0], MAX_WINDOW)}).encode()
        size, gzipped = len(body), len(gzip.compress(body))

        scratch = [millis(from_scratch, timeline, step, names) for step in picks[:10]]
        print(f"{name}: {timeline.steps} steps, {len(final.events)} events")
        print(f"  timeline build (first request): {summary(builds)} ms")
        print(f"  one step (picture + events):    {summary(one_step)} ms")
        window = f"window of {MAX_WINDOW} steps:"
        print(f"  {window:<32}{summary(windows)} ms, {size / 1024:.0f} KiB JSON")
        print(f"  {'':<32}{gzipped / 1024:.0f} KiB gzipped (as sent to a browser that accepts it)")
        print(f"  replay from scratch + picture:  {summary(scratch)} ms")
        print_storage(final, payload)
    print(f"load average (1 min) {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 40)
