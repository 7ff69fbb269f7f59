"""Matches per minute through the whole pipeline: queue → Celery workers → sandbox → result.

Runs real worker processes against a private, fresh installation (SQLite and the filesystem
broker in a temporary folder) unless ``--use-env`` keeps ``DATABASE_URL``/``CELERY_BROKER_URL``
(then it uses a private queue on them). The ladder is seeded with the example bots, exactly as
``make run`` does, and ``N`` ladder matches are queued at once; the figure is finished matches
divided by the wall time from queueing to the last result.

    .venv/bin/python bench/pipeline.py --game cardgame --matches 40 --workers 2
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="cardgame")
    parser.add_argument("--matches", type=int, default=40)
    parser.add_argument("--workers", type=int, default=2, help="worker processes")
    parser.add_argument("--concurrency", type=int, default=1, help="pool size of each worker")
    parser.add_argument(
        "--options", default=None, help="engine options as JSON (default: the ladder's, mix too)"
    )
    parser.add_argument("--players", type=int, default=None, help="seats per match")
    parser.add_argument("--use-env", action="store_true", help="use DATABASE_URL/broker as set")
    parser.add_argument("--timeout", type=float, default=1800.0)
    return parser.parse_args()


def start_workers(count: int, concurrency: int) -> list[subprocess.Popen[bytes]]:
    from arena.supervisor import worker_argv  # importable once main() has set sys.path

    workers = []
    for index in range(count):
        workers.append(
            subprocess.Popen(
                worker_argv(f"bench{index}", concurrency, "WARNING", standalone=True),
                cwd=ROOT,
                env=dict(os.environ),
                stdout=subprocess.DEVNULL,
                start_new_session=True,
            )
        )
    return workers


def stop_workers(workers: list[subprocess.Popen[bytes]]) -> None:
    for worker in workers:
        if worker.poll() is None:
            worker.send_signal(signal.SIGTERM)
    for worker in workers:
        with contextlib.suppress(subprocess.TimeoutExpired):
            worker.wait(timeout=20)
        with contextlib.suppress(ProcessLookupError):
            os.killpg(worker.pid, signal.SIGKILL)
        worker.wait()


def main() -> None:
    args = parse_args()
    if not args.use_env:
        os.environ.pop("DATABASE_URL", None)
        os.environ.pop("CELERY_BROKER_URL", None)
        os.environ["ARENA_VAR_DIR"] = tempfile.mkdtemp(prefix="arena-bench-")
    os.environ["ARENA_CELERY_QUEUE"] = f"bench-{uuid.uuid4().hex[:8]}"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "arena.settings")
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.core.management import call_command

    from tournament.batches import queue_batch, summarize, wait_for
    from tournament.examples import seed_game
    from tournament.scheduler import ladder_for

    call_command("migrate", verbosity=0)
    ladder = ladder_for(args.game)
    if args.options is not None:
        ladder.options = json.loads(args.options)
        ladder.option_mix = []  # exactly these options in every match
    if args.players is not None:
        ladder.players_per_match = args.players
    ladder.enabled = False  # only the batch runs; no beat here anyway
    ladder.save()
    bots = seed_game(args.game)
    if not bots:
        raise SystemExit(f"no example bots for {args.game} under bots/examples/{args.game}/")
    workers = start_workers(args.workers, args.concurrency)
    try:
        from arena.tasks import ping

        for _ in range(args.workers):
            ping.delay("ready").get(timeout=120)
        started = time.monotonic()
        ids = queue_batch(args.game, args.matches)
        complete = wait_for(ids, args.timeout)
        summary = summarize(ids, started)
    finally:
        stop_workers(workers)
    print(
        json.dumps(
            {
                "bench": "pipeline",
                "game": args.game,
                "players": ladder.players_per_match,
                "options": ladder.options,
                "option_mix": ladder.option_mix,
                "bots": [b.name for b in bots],
                "workers": args.workers,
                "concurrency": args.concurrency,
                "cpus": os.cpu_count(),
                "database": "env" if args.use_env else "sqlite (fresh)",
                "complete": complete,
                **summary,
            }
        )
    )


if __name__ == "__main__":
    main()
