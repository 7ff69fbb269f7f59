"""Many seeded random games of the board game with some options: do they all end cleanly?

Usage: ``python bench/random_games_catan.py GAMES [--options JSON] [--players 3,4]
[--first-seed S] [--alternate] [--only N] [--every N]`` (a progress line every N games, 500 unless
given; ``--only N`` plays only the seeds of player count N, to finish one count of a long run).
Plays seeds ``S..S+GAMES-1`` (``S`` is 0 unless given) for each player count, or with
``--alternate`` each seed once with the player count ``PLAYERS[seed % len(PLAYERS)]`` (so a long
run can be continued from the first seed not yet played, in several processes side by side),
with uniformly random decisions, checks the
engine's invariants (cards, pieces, VP, holders; ``tests/games/catan/randomplay.py``) at the end
of every game and a ``to_dict``/``from_dict`` round trip of the final state, and prints how the
games ended (victory, no_progress, turn_limit) with the turns they took (range and median per
ending), any error with its seed, decisions per game and the time taken. The figure for a
scenario goes into its README or docs/PERFORMANCE.md.
"""

from __future__ import annotations

import json
import os
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
    first = 0
    if "--first-seed" in args:
        at = args.index("--first-seed")
        first = int(args[at + 1])
        del args[at : at + 2]
    every = 500
    if "--every" in args:
        at = args.index("--every")
        every = int(args[at + 1])
        del args[at : at + 2]
    only = 0
    if "--only" in args:
        at = args.index("--only")
        only = int(args[at + 1])
        del args[at : at + 2]
    alternate = "--alternate" in args
    if alternate:
        args.remove("--alternate")
    games = int(args[0]) if args else 1000
    check = check_invariants
    if options.get("cities_and_knights"):  # its own invariants (commodities, cards, knights)
        from tests.games.catan.expansions.cities_knights.checks import check_ck as check
    seeds = range(first, first + games)
    print(
        f"catan random games: seeds {first}..{first + games - 1}"
        f" {'alternating' if alternate else 'for each of'} player counts {players},"
        f" options {options}, load {os.getloadavg()[0]:.2f}",
        flush=True,
    )
    start = time.perf_counter()
    for n in players:
        if only and n != only:
            continue
        played = [s for s in seeds if players[s % len(players)] == n] if alternate else seeds
        reasons: Counter[str] = Counter()
        errors = []
        capped: list[int] = []
        turns: dict[str, list[int]] = {}
        decisions = 0
        for count, seed in enumerate(played, 1):
            try:
                state, _, made = random_game(n, seed, options, check=False)
                check(state)
                again = GAME.from_dict(json.loads(json.dumps(state.to_dict())))
                assert again.to_dict() == state.to_dict()
                reason = state.result()["reason"]
                reasons[reason] += 1
                turns.setdefault(reason, []).append(state.turn)
                if reason == "turn_limit":  # the safety net: worth a look
                    capped.append(seed)
                decisions += made
            except Exception:  # every failure is reported with its seed
                errors.append((seed, traceback.format_exc(limit=3)))
            if count % every == 0:
                print(
                    f"  {n} players: {count} games (last seed {seed}), {len(errors)} errors,"
                    f" {dict(sorted(reasons.items()))}, {time.perf_counter() - start:,.0f} s,"
                    f" load {os.getloadavg()[0]:.2f}",
                    flush=True,
                )
        print(
            f"{n} players: {len(played)} games, {dict(sorted(reasons.items()))}, "
            f"errors {len(errors)}, "
            f"{decisions / max(1, len(played) - len(errors)):,.0f} decisions/game, "
            f"{time.perf_counter() - start:,.0f} s so far, load {os.getloadavg()[0]:.2f}",
            flush=True,
        )
        for reason, ended in sorted(turns.items()):
            ended.sort()
            print(
                f"  {reason}: turns {ended[0]}-{ended[-1]}, median {ended[len(ended) // 2]}",
                flush=True,
            )
        if capped:
            print(f"  turn_limit seeds: {capped[:20]}")
        for seed, trace in errors[:5]:
            print(f"  seed {seed}:\n{trace}")


if __name__ == "__main__":
    main()
