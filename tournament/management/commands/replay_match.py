"""``manage.py replay_match ID …``: re-simulate finished matches and compare with the stored."""

from __future__ import annotations

import json
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from tournament.history import resimulate
from tournament.models import Match


class Command(BaseCommand):
    help = "Re-simulate finished matches from seed + actions and check the stored result."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("match_ids", nargs="*", type=int)
        parser.add_argument("--all", action="store_true", help="every finished match")

    def handle(self, *args: Any, **options: Any) -> None:
        matches = Match.objects.filter(status=Match.FINISHED).order_by("id")
        if not options["all"]:
            if not options["match_ids"]:
                raise CommandError("give match ids or --all")
            matches = matches.filter(id__in=options["match_ids"])
        failed = 0
        for match in matches.select_related("replay").iterator():
            report = resimulate(match)
            failed += not report["ok"]
            self.stdout.write(json.dumps(report))
        if failed:
            raise CommandError(f"{failed} match(es) did not reproduce")
