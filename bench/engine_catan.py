"""Random-play throughput of the board game engine (engine only, one process, one core).

Usage: ``python bench/engine_catan.py [games_per_config] [--masters] [--no-domestic-trade]``.
Prints games/s,
player decisions/s and all steps (decisions + chance outcomes)/s for 2, 3 and 4 players, and
decisions per CPU second (the better figure on a loaded machine).
A "decision" is one ``apply`` of a seat's action chosen uniformly from ``legal_actions()``
(the dice roll is a decision, as in Catanatron, and its outcome a chance step).
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.catan import GAME
from games.common.api import CHANCE, TERMINAL


def play(num_players: int, seed: int, options: dict) -> tuple[int, int, str]:
    state = GAME.new_game(num_players, seed, options)
    rng = random.Random(seed)
    chance_rng = random.Random(seed + 1)
    decisions = chance = 0
    while True:
        actor = state.current_player()
        if actor == TERMINAL:
            break
        if actor == CHANCE:
            state.apply(state.sample_chance(chance_rng))
            chance += 1
        else:
            legal = state.legal_actions()
            state.apply(legal[int(rng.random() * len(legal))])
            decisions += 1
    return decisions, chance, state.result()["reason"]


def main() -> None:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    games = int(args[0]) if args else 200
    options = {"masters": "--masters" in sys.argv, "layout": "variable"}
    if "--no-domestic-trade" in sys.argv:
        options["trade_proposals_per_turn"] = 0  # Catanatron's action set has no player trade
    print(f"catan engine, random play, {games} games per row, options {options}")
    print(
        f"{'players':>7} {'games/s':>9} {'decisions/s':>12} {'steps/s':>10} "
        f"{'decisions/cpu-s':>16} {'decisions/game':>15} {'no_progress':>11} {'turn_limit':>10}"
    )
    for n in (2, 3, 4):
        opts = dict(options, allow_two_players=(n == 2))
        total_decisions = total_chance = capped = stalled = 0
        start = time.perf_counter()
        cpu_start = time.process_time()
        for seed in range(games):
            d, c, reason = play(n, seed, opts)
            total_decisions += d
            total_chance += c
            capped += reason == "turn_limit"
            stalled += reason == "no_progress"
        elapsed = time.perf_counter() - start
        cpu = time.process_time() - cpu_start
        print(
            f"{n:>7} {games / elapsed:>9.1f} {total_decisions / elapsed:>12,.0f} "
            f"{(total_decisions + total_chance) / elapsed:>10,.0f} "
            f"{total_decisions / cpu:>16,.0f} "
            f"{total_decisions / games:>15,.0f} {stalled:>11} {capped:>10}"
        )


if __name__ == "__main__":
    main()
