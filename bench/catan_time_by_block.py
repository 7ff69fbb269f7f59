"""Process time per decision by position in the game (blocks of 1,000 decisions), random play.

Usage: ``python bench/catan_time_by_block.py GAMES [--players 3,4] [--options JSON]
[--trim-log] [--gc on|off|freeze] [--block N]``.

Plays the bench's random games (``bench/engine_catan.py``: seeds 0..GAMES-1 per player count,
a seat's action chosen uniformly from ``legal_actions()``) and reads the process time every
``--block`` decisions of a game, so that the cost of an early decision and of a late one can be
compared (C&K games are 2-3x longer than base games). The set-up (``new_game``) is outside the
blocks. Experiments only, they change no rule: ``--trim-log`` cuts ``state.events`` to its last
8 events every 64 decisions (the engine reads only ``events[-1]``), ``--gc off`` disables the
collector, ``--gc freeze`` runs ``gc.collect(); gc.freeze()`` after each game's set-up (outside
the timed loop). Prints one JSON line: decisions, process time per decision of the game loops,
and per block the time per decision and the number of games that reached it.
"""

from __future__ import annotations

import argparse
import gc
import json
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.engine_catan import play_out
from games.catan import GAME


def play_timed(
    num_players: int, seed: int, options: dict, block: int, trim_log: bool, freeze: bool
) -> tuple[int, float, list[float]]:
    """One game of the bench's random play: decisions, loop time, each full block's time."""
    state = GAME.new_game(num_players, seed, options)
    if freeze:
        gc.collect()
        gc.freeze()
    blocks: list[float] = []
    block_start = start = time.process_time()

    def after_decision(state: Any, decisions: int) -> None:
        nonlocal block_start
        if trim_log and not decisions & 63:
            del state.events[:-8]
        if not decisions % block:
            now = time.process_time()
            blocks.append(now - block_start)
            block_start = now

    decisions, _ = play_out(state, seed, after_decision)
    loop = time.process_time() - start
    if freeze:
        gc.unfreeze()
    return decisions, loop, blocks


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", type=int)
    parser.add_argument("--players", default="3,4")
    parser.add_argument("--options", default="{}")
    parser.add_argument("--trim-log", action="store_true")
    parser.add_argument("--gc", choices=("on", "off", "freeze"), default="on")
    parser.add_argument("--block", type=int, default=1000)
    args = parser.parse_args()
    options = {"masters": False, "layout": "variable", **json.loads(args.options)}
    if args.gc == "off":
        gc.disable()
    total = 0
    loop_time = 0.0
    block_time: dict[int, float] = {}
    block_games: dict[int, int] = {}
    for players in (int(p) for p in args.players.split(",")):
        for seed in range(args.games):
            decisions, loop, blocks = play_timed(
                players, seed, options, args.block, args.trim_log, args.gc == "freeze"
            )
            total += decisions
            loop_time += loop
            for index, seconds in enumerate(blocks):
                block_time[index] = block_time.get(index, 0.0) + seconds
                block_games[index] = block_games.get(index, 0) + 1
    per_block = {
        f"{index * args.block}-{(index + 1) * args.block}": {
            "us_per_decision": round(
                block_time[index] / (block_games[index] * args.block) * 1e6, 3
            ),
            "games": block_games[index],
        }
        for index in sorted(block_time)
    }
    print(
        json.dumps(
            {
                "options": options,
                "decisions": total,
                "us_per_decision": round(loop_time / total * 1e6, 3),
                "blocks": per_block,
            }
        )
    )


if __name__ == "__main__":
    main()
