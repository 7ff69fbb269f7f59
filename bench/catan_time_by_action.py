"""Where a random game's time goes, by the type of the action chosen.

Usage: ``python bench/catan_time_by_action.py GAMES [--players N] [--options JSON]``.

Plays the bench's random games (``bench/engine_catan.py``: seeds 0..GAMES-1, the same seeds for
the seat's choice and the chance outcomes, an action chosen uniformly from ``legal_actions()``)
and times each decision's two halves with ``perf_counter_ns``: the ``legal_actions()`` call that
offered the action and the ``apply`` of it. Prints, per action type, its share of the decisions,
the microseconds of each half per such decision and what the type adds to the average decision,
so that an expansion's decision can be compared with the base game's type by type (e.g. a ship
move against a road). The clock reads add ~0.1 us to every decision (two pairs of calls); compare
runs of this script with each other, not with ``bench/engine_catan.py``.
The loop is the bench's (``play_out``) with the two halves of a decision timed apart, which its
callback cannot do.
"""

from __future__ import annotations

import argparse
import collections
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.catan import GAME
from games.common.api import CHANCE, TERMINAL


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", type=int)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--options", default="{}", help="expansion options as JSON")
    args = parser.parse_args()
    options = {"masters": False, "layout": "variable", **json.loads(args.options)}
    clock = time.perf_counter_ns
    legal_ns: collections.Counter[str] = collections.Counter()
    apply_ns: collections.Counter[str] = collections.Counter()
    chosen: collections.Counter[str] = collections.Counter()
    chance_ns = chance_steps = 0
    for seed in range(args.games):
        state = GAME.new_game(args.players, seed, options)
        rng = random.Random(seed)
        chance_rng = random.Random(seed + 1)
        while True:
            actor = state.current_player()
            if actor == TERMINAL:
                break
            if actor == CHANCE:
                start = clock()
                state.apply(state.sample_chance(chance_rng))
                chance_ns += clock() - start
                chance_steps += 1
                continue
            start = clock()
            legal = state.legal_actions()
            offered = clock()
            action = legal[int(rng.random() * len(legal))]
            kind = action["type"]
            applying = clock()
            state.apply(action)
            done = clock()
            legal_ns[kind] += offered - start
            apply_ns[kind] += done - applying
            chosen[kind] += 1
    decisions = sum(chosen.values())
    spent = sum(legal_ns.values()) + sum(apply_ns.values())
    print(f"catan, {args.players} players, {args.games} games, options {options}")
    print(
        f"decisions {decisions:,}; us per decision: legal+apply {spent / decisions / 1000:.2f}, "
        f"chance steps {chance_ns / decisions / 1000:.2f} "
        f"({chance_steps / decisions:.3f} per decision)"
    )
    print(f"{'action type':28} {'share':>6} {'us legal':>9} {'us apply':>9} {'us/decision':>12}")
    for kind, count in sorted(chosen.items(), key=lambda kc: -(legal_ns[kc[0]] + apply_ns[kc[0]])):
        print(
            f"{kind:28} {count / decisions:6.3f} {legal_ns[kind] / count / 1000:9.2f} "
            f"{apply_ns[kind] / count / 1000:9.2f} "
            f"{(legal_ns[kind] + apply_ns[kind]) / decisions / 1000:12.3f}"
        )


if __name__ == "__main__":
    main()
