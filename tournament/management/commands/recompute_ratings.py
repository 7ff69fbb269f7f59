"""``manage.py recompute_ratings``: replay the rated history and check (or rewrite) ratings."""

from __future__ import annotations

import json
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from tournament.history import ratings_locked, recompute, snapshot, store


class Command(BaseCommand):
    help = (
        "Recompute every rating from the match history in scoring order; fail if the stored "
        "ratings differ (or overwrite them with --store)."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--store", action="store_true", help="overwrite the stored ratings")

    def handle(self, *args: Any, **options: Any) -> None:
        # Results keep arriving on a live system: read one moment of it, or stop it to write.
        with ratings_locked() if options["store"] else snapshot():
            result = recompute()
            problems = result.mismatches()
            if options["store"]:
                store(result)
        self.stdout.write(
            json.dumps(
                {
                    "matches": result.matches,
                    "versions": len(result.versions),
                    "bots": len(result.bots),
                    "mismatches": len(problems),
                    "stored": bool(options["store"]),
                }
            )
        )
        for line in problems[:50]:
            self.stderr.write(line)
        if problems and not options["store"]:
            raise CommandError(f"{len(problems)} stored ratings differ from the recomputation")
