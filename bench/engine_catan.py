"""Random-play throughput of the board game engine (engine only, one process, one core).

Usage: ``python bench/engine_catan.py [games_per_config] [--masters] [--no-domestic-trade]
[--repeat N] [--catanatron PYTHON] [--options JSON] [--fresh]``.
Prints games/s,
player decisions/s and all steps (decisions + chance outcomes)/s for 2, 3 and 4 players, and
decisions per CPU second (the better figure on a loaded machine), with the load average.
A "decision" is one ``apply`` of a seat's action chosen uniformly from ``legal_actions()``
(the dice roll is a decision, as in Catanatron, and its outcome a chance step).
With ``--repeat N`` every row is played N times (the same games each time) and a summary gives
the median and the best of decisions/s and decisions per CPU second: on a shared machine the
best run is the one least disturbed by other work.
With ``--catanatron PYTHON`` (a Python with ``catanatron`` installed, see
``bench/catanatron_random.py``) every row is followed by the same number of Catanatron
random-vs-random games with the same player count, in a child process, side by side in the same
run; the summary gives the ratio of decisions/s (wall) and of decisions per CPU second.
With ``--options JSON`` (an expansion, e.g. ``'{"scenario": "rivers"}'``) every base row is
followed by the same games with those options added (player counts it refuses are skipped), side
by side in the same run; the summary gives the expansion's decisions/s as a share of the base's.
With ``--fresh`` every row is played in a new Python process of its own (the same games), so that
no row is timed in a process that earlier rows have left behind: measured on 2026-11-28, base rows
played after Cities & Knights rows in one process ran ~20 % slower than in a new process (the
expansion's share read 0.52 in one process and 0.45 with fresh processes), which flatters an
expansion in the one-process summary.
"""

from __future__ import annotations

import json
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.catan import GAME
from games.common.api import CHANCE, TERMINAL


def play(num_players: int, seed: int, options: dict) -> tuple[int, int, str]:
    state = GAME.new_game(num_players, seed, options)
    decisions, chance = play_out(state, seed)
    return decisions, chance, state.result()["reason"]


def play_out(
    state: Any, seed: int, after_decision: Callable[[Any, int], None] | None = None
) -> tuple[int, int]:
    """The bench's random play from ``state`` to the end: (decisions, chance steps).
    ``after_decision(state, decisions)``, if given, runs after each decision (experiments)."""
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
            if after_decision is not None:
                after_decision(state, decisions)
    return decisions, chance


@dataclass
class Row:
    """One batch of games with the same player count and options."""

    players: int
    games: int
    decisions: int
    chance: int
    stalled: int
    capped: int
    wall: float
    cpu: float
    load: float

    @property
    def decisions_per_second(self) -> float:
        return self.decisions / self.wall

    @property
    def decisions_per_cpu_second(self) -> float:
        return self.decisions / self.cpu


def run_row(num_players: int, games: int, options: dict) -> Row:
    opts = dict(options, allow_two_players=(num_players == 2))
    total_decisions = total_chance = capped = stalled = 0
    start = time.perf_counter()
    cpu_start = time.process_time()
    for seed in range(games):
        d, c, reason = play(num_players, seed, opts)
        total_decisions += d
        total_chance += c
        capped += reason == "turn_limit"
        stalled += reason == "no_progress"
    wall = time.perf_counter() - start
    cpu = time.process_time() - cpu_start
    load = os.getloadavg()[0]
    return Row(num_players, games, total_decisions, total_chance, stalled, capped, wall, cpu, load)


def run_row_fresh(num_players: int, games: int, options: dict) -> Row:
    """:func:`run_row` in a new Python process (``--row``); ValueError if the options refuse
    the player count, as in :func:`run_row`."""
    spec = json.dumps({"players": num_players, "games": games, "options": options})
    out = subprocess.run(
        [sys.executable, str(Path(__file__).resolve()), "--row", spec],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    data = json.loads(out.strip().splitlines()[-1])
    if "refused" in data:
        raise ValueError(data["refused"])
    return Row(**data)


def _print_row_json(spec: str) -> None:
    """The child's side of :func:`run_row_fresh`: one row, printed as one JSON line."""
    row_spec = json.loads(spec)
    try:
        row = run_row(row_spec["players"], row_spec["games"], row_spec["options"])
    except ValueError as refused:
        print(json.dumps({"refused": str(refused)}))
        return
    print(json.dumps(asdict(row)))


def run_catanatron(python: str, num_players: int, games: int) -> Row:
    """The same row played by Catanatron (random players) in a child process."""
    script = Path(__file__).resolve().parent / "catanatron_random.py"
    out = subprocess.run(
        [python, str(script), str(num_players), str(games)],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    data = json.loads(out.strip().splitlines()[-1])
    load = os.getloadavg()[0]
    return Row(num_players, games, data["decisions"], 0, 0, 0, data["wall"], data["cpu"], load)


def print_row(row: Row) -> None:
    print(
        f"{row.players:>7} {row.games / row.wall:>9.1f} {row.decisions_per_second:>12,.0f} "
        f"{(row.decisions + row.chance) / row.wall:>10,.0f} "
        f"{row.decisions_per_cpu_second:>16,.0f} "
        f"{row.decisions / row.games:>15,.0f} {row.stalled:>11} {row.capped:>10} {row.load:>5.2f}"
    )


def main() -> None:
    args = sys.argv[1:]
    if args[:1] == ["--row"]:
        _print_row_json(args[1])
        return
    repeat = 1
    if "--repeat" in args:
        at = args.index("--repeat")
        repeat = int(args[at + 1])
        del args[at : at + 2]
    extra: dict = {}
    if "--options" in args:
        at = args.index("--options")
        extra = json.loads(args[at + 1])
        del args[at : at + 2]
    catanatron = None
    if "--catanatron" in args:
        at = args.index("--catanatron")
        catanatron = args[at + 1]
        del args[at : at + 2]
    numbers = [a for a in args if not a.startswith("--")]
    games = int(numbers[0]) if numbers else 200
    options = {"masters": "--masters" in args, "layout": "variable"}
    play_row = run_row_fresh if "--fresh" in args else run_row
    if "--no-domestic-trade" in args:
        options["trade_proposals_per_turn"] = 0  # Catanatron's action set has no player trade
    where = "each row in a new process" if "--fresh" in args else "one process"
    print(f"catan engine, random play, {games} games per row, options {options}, {where}")
    print(f"load average at start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(
        f"{'players':>7} {'games/s':>9} {'decisions/s':>12} {'steps/s':>10} "
        f"{'decisions/cpu-s':>16} {'decisions/game':>15} {'no_progress':>11} {'turn_limit':>10} "
        f"{'load':>5}"
    )
    rows: dict[int, list[Row]] = {2: [], 3: [], 4: []}
    peers: dict[int, list[Row]] = {2: [], 3: [], 4: []}
    plugged: dict[int, list[Row]] = {2: [], 3: [], 4: []}
    for _ in range(repeat):
        for n in rows:
            row = play_row(n, games, options)
            rows[n].append(row)
            print_row(row)
            if extra:
                try:
                    with_extra = play_row(n, games, {**options, **extra})
                except ValueError:
                    continue  # a player count the expansion is not played with
                plugged[n].append(with_extra)
                print("+options", end="")
                print_row(with_extra)
            if catanatron:
                peer = run_catanatron(catanatron, n, games)
                peers[n].append(peer)
                print("catanatron", end="")
                print_row(peer)
    if repeat > 1:
        print(f"over {repeat} runs: decisions/s and decisions per CPU second, median (best)")
        for n, runs in rows.items():
            wall = [r.decisions_per_second for r in runs]
            cpu = [r.decisions_per_cpu_second for r in runs]
            print(
                f"{n:>7} players: {statistics.median(wall):>9,.0f} ({max(wall):,.0f}) wall, "
                f"{statistics.median(cpu):>9,.0f} ({max(cpu):,.0f}) per CPU s, "
                f"load {min(r.load for r in runs):.2f}-{max(r.load for r in runs):.2f}"
            )
    if extra:
        print(f"with {json.dumps(extra)}: decisions/s as a share of the base game's, same run")
        for n, runs in plugged.items():
            if not runs:
                continue
            pairs = list(zip(rows[n], runs, strict=True))
            wall = [e.decisions_per_second / b.decisions_per_second for b, e in pairs]
            cpu = [e.decisions_per_cpu_second / b.decisions_per_cpu_second for b, e in pairs]
            print(
                f"{n:>7} players: wall {statistics.median(wall):.2f}, "
                f"per CPU s {statistics.median(cpu):.2f} (median of {len(pairs)})"
            )
    if catanatron:
        print("ratio to Catanatron, same run, per row: wall decisions/s, decisions per CPU s")
        for n, runs in rows.items():
            pairs = list(zip(runs, peers[n], strict=True))
            wall = [r.decisions_per_second / c.decisions_per_second for r, c in pairs]
            cpu = [r.decisions_per_cpu_second / c.decisions_per_cpu_second for r, c in pairs]
            catan_wall = statistics.median(c.decisions_per_second for c in peers[n])
            catan_cpu = statistics.median(c.decisions_per_cpu_second for c in peers[n])
            print(
                f"{n:>7} players: wall {min(wall):.1f}-{max(wall):.1f}x "
                f"(median {statistics.median(wall):.1f}x), "
                f"per CPU s {min(cpu):.1f}-{max(cpu):.1f}x (median {statistics.median(cpu):.1f}x); "
                f"Catanatron median {catan_wall:,.0f} wall, {catan_cpu:,.0f} per CPU s"
            )


if __name__ == "__main__":
    main()
