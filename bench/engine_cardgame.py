"""Random-play throughput of the card game engine (engine only, one process, one core).

Usage: ``python bench/engine_cardgame.py [games]`` (default 200). Prints games/s, decisions/s,
all steps (decisions + chance outcomes)/s, the mean decisions per game and turn-cap hits.
A "decision" is one ``apply`` of a seat's action picked uniformly from ``legal_actions()``;
chance outcomes are drawn with ``sample_chance`` from the match's per-kind streams.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.cardgame import GAME, VERSION
from games.common.api import CHANCE, TERMINAL
from games.common.chance import ChanceStreams


def play(seed: int) -> tuple[int, int, str]:
    """One random-vs-random game; returns (decisions, chance outcomes, end reason)."""
    state = GAME.new_game(2, seed, {})
    streams = ChanceStreams(seed)
    choice = random.Random(seed)
    decisions = chance = 0
    while True:
        actor = state.current_player()
        if actor == TERMINAL:
            return decisions, chance, state.result()["reason"]
        if actor == CHANCE:
            state.apply(streams.sample(state))
            chance += 1
        else:
            legal = state.legal_actions()
            state.apply(legal[int(choice.random() * len(legal))])
            decisions += 1


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    decisions = chance = capped = 0
    start, cpu_start = time.perf_counter(), time.process_time()
    for seed in range(games):
        d, c, reason = play(seed)
        decisions += d
        chance += c
        capped += reason != "victory"
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu_start
    print(f"cardgame engine {VERSION}, random vs random, {games} games, one core")
    print(f"games/s            {games / elapsed:10.2f}")
    print(f"decisions/s        {decisions / elapsed:10.0f}")
    print(f"steps/s            {(decisions + chance) / elapsed:10.0f}  (decisions + chance)")
    print(f"decisions/game     {decisions / games:10.1f}")
    print(f"chance steps/game  {chance / games:10.1f}")
    print(f"turn-cap hits      {capped:10d}")
    print(f"seconds            {elapsed:10.2f}  wall, {cpu:.2f} CPU")
    # On a shared machine the wall-clock rates above undercount; per CPU second:
    print(f"decisions/CPU-s    {decisions / cpu:10.0f}")
    print(f"games/CPU-s        {games / cpu:10.2f}")


if __name__ == "__main__":
    main()
