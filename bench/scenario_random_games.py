"""Many seeded random games of one set of options, to the end: how they end and how long.

Usage: ``python bench/scenario_random_games.py GAMES --options JSON [--players 3,4]``.
Plays GAMES games split over the player counts (seeds 0..), each to its end with random legal
actions, and prints how many ended by victory, ``no_progress`` or ``turn_limit``, any exception
(a failure: the seed and the error), decisions per game and the time taken.
"""

from __future__ import annotations

import json
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.engine_catan import play


def main() -> int:
    args = sys.argv[1:]
    options = json.loads(args[args.index("--options") + 1])
    players = [3, 4]
    if "--players" in args:
        players = [int(x) for x in args[args.index("--players") + 1].split(",")]
    games = int(args[0])
    reasons: Counter[str] = Counter()
    failures = []
    decisions = 0
    start = time.perf_counter()
    for seed in range(games):
        n = players[seed % len(players)]
        try:
            d, _, reason = play(n, seed, options)
        except Exception as exc:  # a failure is reported, never hidden
            failures.append((seed, n, repr(exc)))
            continue
        decisions += d
        reasons[reason] += 1
    wall = time.perf_counter() - start
    print(f"{games} games of {options} ({'/'.join(map(str, players))} players) in {wall:.0f} s")
    ended = max(1, sum(reasons.values()))
    print(f"endings: {dict(reasons)}; decisions per game {decisions / ended:,.0f}")
    print(f"failures: {len(failures)}")
    for failure in failures[:10]:
        print("  seed", *failure)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
