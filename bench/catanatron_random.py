"""Catanatron's random-vs-random throughput, for ``engine_catan.py --catanatron PYTHON``.

Runs inside a Python that has ``catanatron`` installed (it is not a dependency of the arena:
``python3 -m venv /tmp/catanatron && /tmp/catanatron/bin/pip install catanatron==3.2.1``, the
PyPI release that ``../shared/reference/engines.md`` measured). Usage:
``python bench/catanatron_random.py PLAYERS GAMES``; prints one JSON line: games, decisions (every
ply in ``game.state.actions``, the roll included, as Catanatron counts them), wall and CPU seconds.
"""

from __future__ import annotations

import json
import random
import sys
import time

from catanatron import Color, Game, RandomPlayer

COLOURS = (Color.RED, Color.BLUE, Color.WHITE, Color.ORANGE)


def main() -> None:
    players, games = int(sys.argv[1]), int(sys.argv[2])
    decisions = 0
    start, cpu_start = time.perf_counter(), time.process_time()
    for seed in range(games):
        random.seed(seed)
        game = Game([RandomPlayer(c) for c in COLOURS[:players]], seed=seed)
        game.play()
        decisions += len(game.state.actions)
    wall, cpu = time.perf_counter() - start, time.process_time() - cpu_start
    print(json.dumps({"games": games, "decisions": decisions, "wall": wall, "cpu": cpu}))


if __name__ == "__main__":
    main()
