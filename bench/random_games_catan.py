"""Many seeded random games of the board game with some options: do they all end cleanly?

Usage: ``python bench/random_games_catan.py GAMES [--options JSON] [--players 3,4]``.
Plays seeds ``0..GAMES-1`` for each player count with uniformly random decisions, checks the
engine's invariants (cards, pieces, VP, holders; ``tests/games/catan/randomplay.py``) at the end
of every game and a ``to_dict``/``from_dict`` round trip of the final state, and prints how the
games ended (victory, no_progress, turn_limit), any error with its seed, decisions per game and
the time taken. The figure for a scenario goes into its README or docs/PERFORMANCE.md.
"""

from __future__ import annotations

import json
import sys
import time
import traceback
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.catan import GAME
from tests.games.catan.randomplay import check_invariants, random_game


def main() -> None:
    args = sys.argv[1:]
    options: dict = {}
    if "--options" in args:
        at = args.index("--options")
        options = json.loads(args[at + 1])
        del args[at : at + 2]
    players = [3, 4]
    if "--players" in args:
        at = args.index("--players")
        players = [int(n) for n in args[at + 1].split(",")]
        del args[at : at + 2]
    games = int(args[0]) if args else 1000
    check = check_invariants
    if options.get("cities_and_knights"):  # its own invariants (commodities, cards, knights)
        from tests.games.catan.expansions.cities_knights.checks import check_ck as check
    print(f"catan random games: {games} per player count {players}, options {options}")
    start = time.perf_counter()
    for n in players:
        reasons: Counter[str] = Counter()
        errors = []
        capped: list[int] = []
        decisions = 0
        for seed in range(games):
            try:
                state, _, made = random_game(n, seed, options, check=False)
                check(state)
                again = GAME.from_dict(json.loads(json.dumps(state.to_dict())))
                assert again.to_dict() == state.to_dict()
                reason = state.result()["reason"]
                reasons[reason] += 1
                if reason == "turn_limit":  # the safety net: worth a look
                    capped.append(seed)
                decisions += made
            except Exception:  # every failure is reported with its seed
                errors.append((seed, traceback.format_exc(limit=3)))
            if (seed + 1) % 500 == 0:
                print(f"  {n} players: {seed + 1} games, {len(errors)} errors", flush=True)
        print(
            f"{n} players: {games} games, {dict(sorted(reasons.items()))}, errors {len(errors)}, "
            f"{decisions / max(1, games - len(errors)):,.0f} decisions/game, "
            f"{time.perf_counter() - start:,.0f} s so far",
            flush=True,
        )
        if capped:
            print(f"  turn_limit seeds: {capped[:20]}")
        for seed, trace in errors[:5]:
            print(f"  seed {seed}:\n{trace}")


if __name__ == "__main__":
    main()
