"""``manage.py ladder --game GAME --matches N --wait``: a batch of ladder matches, measured."""

from __future__ import annotations

import json
import time
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from tournament.batches import queue_batch, summarize, wait_for


class Command(BaseCommand):
    help = (
        "Queue N ladder matches for GAME (workers must be running); with --wait, wait for "
        "them and print a JSON summary (finished, errors, matches per minute)."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--game", required=True)
        parser.add_argument("--matches", type=int, required=True)
        parser.add_argument("--wait", action="store_true")
        parser.add_argument("--timeout", type=float, default=3600.0, help="seconds to wait")

    def handle(self, *args: Any, **options: Any) -> None:
        started = time.monotonic()
        ids = queue_batch(options["game"], options["matches"])
        if len(ids) < options["matches"]:
            raise CommandError(
                f"only {len(ids)} of {options['matches']} matches could be paired: too few "
                f"active bots for {options['game']} (manage.py seed_example_bots)"
            )
        complete = True
        if options["wait"]:
            complete = wait_for(ids, options["timeout"])
        summary = {"game": options["game"], **summarize(ids, started), "complete": complete}
        self.stdout.write(json.dumps(summary))
        if not complete:
            raise CommandError("timed out waiting for the matches")
