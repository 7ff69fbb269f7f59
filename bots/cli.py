"""The local runner: many games between local bots, with exactly the workers' sandbox and clock.

``python manage.py play --game cardgame a.py b.py --games 200 --seed 1 [--json] [--replays DIR]``
(or ``python -m bots.cli`` with the same arguments); ``--move-cpu``, ``--bank-cpu`` and
``--game-wall`` change the server's clock. No database is touched. Game ``i`` uses seed
``seed + i`` and rotates the seats, so every bot plays every seat equally often.

Times are CPU milliseconds of the bot's process tree per move. A game's first move also pays
for the bot's start-up (its interpreter, its imports), so it is reported apart ("1st move ms",
``mean_first_move_ms``) and the per-move mean and maximum count the other moves
(``bots.timings``, as on the match page).
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from bots.limits import SandboxLimits, TimeControl
from bots.outcome import MatchOutcome
from bots.runner import BotSpec, play_match
from bots.timings import MoveTimes
from bots.uploads import UploadError, unpack_upload, validate_upload
from games.common import replayfile
from games.common.api import Game
from games.registry import GAMES


@dataclass
class BotTally:
    name: str
    games: int = 0
    wins: int = 0
    score_total: float = 0.0
    forfeits: Counter[str] = field(default_factory=Counter)
    times: MoveTimes = field(default_factory=MoveTimes)
    forfeit_examples: dict[str, str] = field(default_factory=dict)

    def add(self, outcome: MatchOutcome, seat: int) -> None:
        result = outcome.seats[seat]
        self.games += 1
        self.wins += result.rank == 1
        self.score_total += result.score
        self.times.add_game(result.move_times_ms)
        if result.forfeit:
            self.forfeits[result.forfeit] += 1
            # The author's own bots on the author's machine: the evidence is theirs to see.
            self.forfeit_examples.setdefault(
                result.forfeit, forfeit_example(result.forfeit_detail, result.forfeit_evidence)
            )

    def summary(self) -> dict[str, Any]:
        times = self.times
        return {
            "name": self.name,
            "games": self.games,
            "wins": self.wins,
            "win_rate": round(self.wins / self.games, 4) if self.games else 0.0,
            "average_score": round(self.score_total / self.games, 3) if self.games else 0.0,
            "forfeits": dict(sorted(self.forfeits.items())),
            "forfeit_examples": dict(sorted(self.forfeit_examples.items())),
            "moves": times.moves,
            "mean_move_ms": round(times.mean_ms or 0.0, 3),
            "max_move_ms": round(times.max_ms or 0.0, 3),
            "mean_first_move_ms": round(times.mean_first_move_ms or 0.0, 3),
        }


EXAMPLE_CHARS = 200
"""How much of a forfeit's words the summary quotes, on one line."""


def forfeit_example(detail: str, evidence: str, limit: int = EXAMPLE_CHARS) -> str:
    """A forfeit's words on one line of at most ``limit`` characters, ending with their last line.

    A crash's evidence is the bot's stderr tail, a traceback whose last line names the
    exception: that line is what its author needs, so a long text keeps its start and its
    last line and drops the middle.
    """
    lines = [line.strip() for line in f"{detail}\n{evidence}".splitlines() if line.strip()]
    text = " ".join(lines)
    if len(text) <= limit:
        return text
    last = lines[-1][: limit // 2]
    return f"{text[: limit - len(last) - 3].rstrip()} … {last}"


def unique_names(paths: Sequence[Path]) -> list[str]:
    """Bot names from file names (``main.py`` bots take their folder's name), made unique."""
    names: list[str] = []
    for path in paths:
        base = path.parent.name if path.name == "main.py" else path.stem
        if path.is_dir():
            base = path.name
        elif path.suffix.lower() not in ("", ".py", ".zip"):
            base = path.name  # random_bot.sh beside random_bot.py: keep them apart
        name, n = base, 2
        while name in names:
            name, n = f"{base}#{n}", n + 1
        names.append(name)
    return names


def run_local(
    game: str | Game,
    bot_paths: Sequence[Path],
    *,
    games: int,
    seed: int,
    options: dict[str, Any] | None = None,
    replays_dir: Path | None = None,
    time_control: TimeControl | None = None,
    limits: SandboxLimits | None = None,
    progress: TextIO | None = None,
) -> dict[str, Any]:
    """Play ``games`` games and return the summary (what ``--json`` prints).

    ``.py`` and ``.zip`` bots pass the server's upload checks first and a ``.zip`` is unpacked
    as the server unpacks it, so what runs here is what would run there; a folder with
    ``main.py`` or an executable file is run as it is (the server takes neither).
    """
    if games < 1:
        raise ValueError(f"--games must be at least 1, got {games}")
    paths = [Path(p) for p in bot_paths]
    names = unique_names(paths)
    with tempfile.TemporaryDirectory(prefix="arena-play-") as unpacked:
        runnable = [_as_uploaded(path, Path(unpacked) / str(i)) for i, path in enumerate(paths)]
        return _play_games(
            game, runnable, names, games, seed, options, replays_dir, time_control, limits, progress
        )


def _as_uploaded(path: Path, scratch: Path) -> Path:
    """The bot as the server would run it (see :func:`run_local`)."""
    if not path.exists():
        raise ValueError(f"no such bot: {path}")
    if path.suffix.lower() not in (".py", ".zip"):
        return path
    try:
        upload = validate_upload(path.name, path.read_bytes())
    except UploadError as exc:
        raise ValueError(f"{path}: the server would refuse this bot: {exc}") from None
    # Staged alone as main.py even for a .py: a module beside it on the author's disk must
    # not make a bot work here that fails on the server.
    return unpack_upload(upload, scratch)


def _play_games(
    game: str | Game,
    paths: list[Path],
    names: list[str],
    games: int,
    seed: int,
    options: dict[str, Any] | None,
    replays_dir: Path | None,
    time_control: TimeControl | None,
    limits: SandboxLimits | None,
    progress: TextIO | None,
) -> dict[str, Any]:
    tallies = [BotTally(name) for name in names]
    game_name = game if isinstance(game, str) else game.name
    if replays_dir is not None:
        replays_dir.mkdir(parents=True, exist_ok=True)
    started = time.monotonic()
    n = len(paths)
    for index in range(games):
        order = [(index + seat) % n for seat in range(n)]  # seat -> bot index
        specs = [BotSpec(paths[b], names[b]) for b in order]
        outcome = play_match(
            game,
            specs,
            seed=seed + index,
            options=options,
            time_control=time_control,
            limits=limits,
        )
        for seat, bot in enumerate(order):
            tallies[bot].add(outcome, seat)
        if replays_dir is not None:
            path = replays_dir / f"{game_name}-{seed + index}.json"
            path.write_text(replayfile.dumps(local_replay(outcome, specs)))
        if progress is not None:
            _draw_progress(progress, index + 1, games, time.monotonic() - started)
    if progress is not None:
        progress.write("\n")
    return {
        "game": game_name,
        "games": games,
        "seed": seed,
        "seconds": round(time.monotonic() - started, 2),
        "replays": str(replays_dir) if replays_dir is not None else None,
        "bots": [t.summary() for t in tallies],
    }


def _draw_progress(out: TextIO, done: int, total: int, elapsed: float) -> None:
    width = 30
    filled = width * done // total
    eta = elapsed / done * (total - done)
    bar = "#" * filled + "." * (width - filled)
    out.write(f"\r[{bar}] {done}/{total} games  {elapsed:5.0f}s elapsed, ~{eta:4.0f}s left ")
    out.flush()


def local_replay(outcome: MatchOutcome, specs: Sequence[BotSpec]) -> dict[str, Any]:
    """The replay file of a local game (``docs/replay-format.md``). Beside each seat's name it
    keeps what the site shows only a bot's owner (the forfeit's words, CPU ms per move): on the
    author's own machine, the author is the owner."""
    return replayfile.build(
        game=outcome.game,
        engine_version=outcome.engine_version,
        num_players=outcome.num_players,
        seed=outcome.seed,
        options=outcome.options,
        actions=outcome.actions,
        reason=outcome.reason,
        ranks=[seat.rank for seat in outcome.seats],
        scores=[seat.score for seat in outcome.seats],
        forfeits=[seat.forfeit for seat in outcome.seats],
        seats=[
            {
                "name": spec.name,
                "forfeit_detail": seat.forfeit_detail,
                "move_times_ms": seat.move_times_ms,
            }
            for spec, seat in zip(specs, outcome.seats, strict=True)
        ],
        final_state=outcome.final_state,
        source={"runner": "local"},
    )


def format_table(summary: dict[str, Any]) -> str:
    """The human summary: one row per bot."""
    header = (
        "bot", "games", "wins", "win %", "avg score", "forfeits", "ms/move", "max ms", "1st move ms"
    )  # fmt: skip
    rows = [header]
    for bot in summary["bots"]:
        forfeits = ", ".join(f"{r} {c}" for r, c in bot["forfeits"].items()) or "-"
        rows.append(
            (
                bot["name"],
                str(bot["games"]),
                str(bot["wins"]),
                f"{100 * bot['win_rate']:.1f}",
                f"{bot['average_score']:.2f}",
                forfeits,
                f"{bot['mean_move_ms']:.2f}",
                f"{bot['max_move_ms']:.1f}",
                f"{bot['mean_first_move_ms']:.1f}",
            )
        )
    widths = [max(len(row[i]) for row in rows) for i in range(len(header))]
    lines = ["  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)) for row in rows]
    lines.insert(1, "  ".join("-" * w for w in widths))
    title = f"{summary['game']}: {summary['games']} games, seed {summary['seed']}, "
    title += f"{summary['seconds']} s"
    notes = [
        f"  {bot['name']} {reason}: {detail}"
        for bot in summary["bots"]
        for reason, detail in bot["forfeit_examples"].items()
    ]
    if notes:
        lines += ["", "forfeits (first of each kind):", *notes]
    if summary.get("replays"):
        lines += ["", f"replays: {summary['replays']}"]
    return "\n".join([title, *lines])


CLOCK_FLAGS = {
    "--move-cpu": ("move_cpu_s", "CPU seconds each move may use for free"),
    "--bank-cpu": ("bank_cpu_s", "CPU seconds of time bank for the game"),
    "--game-wall": ("game_wall_s", "wall-clock seconds a seat may take over all its answers"),
}
"""The flags that set the server's clock (``bots.limits.TimeControl``): its field, its help."""


def build_parser(parser: argparse.ArgumentParser | None = None) -> argparse.ArgumentParser:
    parser = parser or argparse.ArgumentParser(prog="play", description=__doc__)
    parser.add_argument("--game", help="game id: cardgame or catan")
    parser.add_argument(
        "--replay",
        type=Path,
        metavar="FILE",
        help="re-simulate a replay file (docs/replay-format.md) and check its result; no bots",
    )
    parser.add_argument(
        "bots",
        nargs="*",
        type=Path,
        help="bots: .py or .zip with main.py (as uploaded); a folder with main.py; an executable",
    )
    parser.add_argument("--games", type=int, default=10, help="number of games (default 10)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game (default 1)")
    parser.add_argument("--options", default="{}", help="game options as JSON")
    parser.add_argument("--json", action="store_true", help="print the summary as one JSON object")
    parser.add_argument(
        "--replays", type=Path, default=None, help="folder for replays (default replays/GAME)"
    )
    defaults = TimeControl()
    for flag, (setting, help_text) in CLOCK_FLAGS.items():
        parser.add_argument(
            flag,
            type=float,
            default=None,
            dest=setting,
            metavar="SECONDS",
            help=f"{help_text} (default {getattr(defaults, setting):g})",
        )
    return parser


def check_replay(path: Path, out: TextIO) -> int:
    """``--replay FILE``: re-simulate a replay file with this engine and say whether it holds."""
    try:
        document = replayfile.parse(path.read_bytes())
    except OSError as exc:
        raise ValueError(f"cannot read {path}: {exc.strerror}") from None
    if document["game"] not in GAMES:
        raise ValueError(f"{path}: unknown game {document['game']!r} (known: {', '.join(GAMES)})")
    verdict = replayfile.verify(document, GAMES[document["game"]])
    seats = ", ".join(str(seat.get("name", seat["seat"])) for seat in document["seats"])
    said = f"{path}: {document['game']}, seed {document['seed']}, {seats}; "
    said += f"{verdict.actions_applied} of {len(document['actions'])} actions replayed"
    out.write(said + (": the result holds\n" if verdict.ok else "\n"))
    for problem in verdict.problems:
        out.write(f"  problem: {problem}\n")
    return 0 if verdict.ok else 1


def run_from_args(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    if args.replay is not None:
        return check_replay(args.replay, out)
    if not args.game or not args.bots:
        raise ValueError("name the game and its bots (--game GAME BOT [BOT ...]), or --replay FILE")
    clock = {
        setting: getattr(args, setting)
        for setting, _ in CLOCK_FLAGS.values()
        if getattr(args, setting) is not None
    }
    try:
        options = json.loads(args.options)
    except ValueError as exc:
        raise ValueError(f"--options is not valid JSON ({exc}): {args.options}") from None
    if not isinstance(options, dict):
        raise ValueError(f"--options must be a JSON object, got: {args.options}")
    summary = run_local(
        args.game,
        args.bots,
        games=args.games,
        seed=args.seed,
        options=options,
        replays_dir=args.replays or Path("replays") / args.game,
        time_control=TimeControl.from_dict(clock),
        progress=err,
    )
    out.write((json.dumps(summary) if args.json else format_table(summary)) + "\n")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return run_from_args(args, sys.stdout, sys.stderr)
    except ValueError as exc:
        sys.stderr.write(f"error: {exc}\n")
        return 2


if __name__ == "__main__":
    raise SystemExit(main())
