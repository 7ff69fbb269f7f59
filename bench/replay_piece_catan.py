"""What one piece of the engine costs in a seeded random game: its answers recorded, then replayed.

Usage: ``python bench/replay_piece_catan.py record|replay|plain PIECE MAP [--players N]
[--seeds 0,1]`` with PIECE one of ``trail`` (Seafarers' Longest Trade Route hook), ``moves`` (the
ship move list), and the trade route's parts:
``kept`` (the count of the changed components), ``grow`` (a new piece's walk from its free end),
``tree`` (one component searched), ``cored`` (a cyclic one's search), ``parts`` (the components
after a change), ``roads`` (the seat's roads found again), ``walk`` (components walked again);
and the move list's parts: ``movable`` (the movable ships), ``ends`` (their route search on a
memo miss), ``spots`` (the ship starts and spots).
``record`` plays the bench's ``play`` for the seeds and stores the piece's answers (in the
system's temporary directory);
``replay`` plays the same games with the piece answering from the record, doing none of its work;
``plain`` plays them as they are. Run ``plain`` and ``replay`` under ``valgrind --tool=cachegrind
--cache-sim=no`` (with ``PYTHONHASHSEED=0``): the difference of the two instruction counts is what
the piece costs in those games, a ceiling for any change to it. Each run prints its decisions: equal
counts show that the replayed games are the recorded ones.
"""

from __future__ import annotations

import pickle
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import games.catan.expansions.seafarers as seafarers
import games.catan.longest_road as longest_road
from bench.engine_catan import play
from games.catan.expansions.seafarers import ships

PIECES: dict[str, tuple[Any, str]] = {
    "trail": (seafarers.Seafarers, "trail"),
    "moves": (ships, "cached_moves"),
    "kept": (seafarers, "longest_route_kept"),
    "grow": (seafarers, "longer_route_with"),
    "tree": (longest_road, "_tree_route"),
    "cored": (longest_road, "_cored_route"),
    "parts": (longest_road, "_parts_after"),
    "roads": (ships, "road_paths"),
    "walk": (longest_road, "_route_components"),
    "movable": (ships, "kept_route_ends"),  # what the move list reads (its filter inline)
    "ends": (ships, "_route_ends"),
    "spots": (ships, "cached_spots"),
}
"""Where each piece is looked up when called (the class or module, the name)."""


def _moves_record(found: list[dict[str, Any]]) -> list[tuple[int, int]]:
    return [(a["from"], a["to"]) for a in found]


def _moves_replay(kept: list[tuple[int, int]], state: Any, p: int) -> list[dict[str, Any]]:
    """The list kept where ``cached_moves`` keeps it: the plug-in reads ``spot_cache`` itself
    and asks only on a miss, so a list not kept there would be asked for again, beyond the
    record."""
    found = state.spot_cache[ships.MOVES_KEY[p]] = [ships.move_ship_action(e, f) for e, f in kept]
    return found


def _same(value: Any, *call: Any) -> Any:
    return value


STORED: dict[str, tuple[Callable[[Any], Any], Callable[..., Any]]] = {
    "trail": (_same, _same),
    "moves": (_moves_record, _moves_replay),
    "kept": (_same, _same),
    "grow": (_same, _same),
    "tree": (_same, _same),
    "cored": (_same, _same),
    "parts": (_same, _same),
    "roads": (_same, _same),
    "walk": (_same, _same),
    "movable": (_same, _same),
    "ends": (_same, _same),
    "spots": (_same, _same),  # the starts a frozenset: a snapshot
}
"""How an answer is stored, and made again from the store and the call's arguments (move
actions are shared objects, stored as pairs)."""


def main() -> None:
    args = sys.argv[1:]
    players, seeds = 3, [0, 1]
    if "--players" in args:
        at = args.index("--players")
        players = int(args[at + 1])
        del args[at : at + 2]
    if "--seeds" in args:
        at = args.index("--seeds")
        seeds = [int(s) for s in args[at + 1].split(",")]
        del args[at : at + 2]
    mode, piece, scenario_map = args
    owner, name = PIECES[piece]
    store, remake = STORED[piece]
    path = Path(tempfile.gettempdir()) / f"replay_{piece}_{scenario_map}_{players}.pkl"
    answers: list[Any] = []
    if mode == "record":
        real = getattr(owner, name)

        def recorded(*call: Any) -> Any:
            found = real(*call)
            answers.append(store(found))
            return found

        setattr(owner, name, recorded)
    elif mode == "replay":
        stored = pickle.loads(path.read_bytes())
        kept: Iterator[Any] = iter(stored)
        setattr(owner, name, lambda *call: remake(next(kept), *call))
    decisions = sum(play(players, seed, {"seafarers": scenario_map})[0] for seed in seeds)
    print("decisions", decisions)
    if mode == "replay":  # all answers read, none beyond: the recorded games were replayed
        left = sum(1 for _ in kept)
        print("replayed", len(stored) - left, "of", len(stored), "answers")
    if mode == "record":
        path.write_bytes(pickle.dumps(answers))
        print("recorded", len(answers), "answers in", path)


if __name__ == "__main__":
    main()
