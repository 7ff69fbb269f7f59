"""``manage.py run_match ID``: run one queued match in this process (debugging, operators)."""

from __future__ import annotations

import json
import socket
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from tournament.execution import execute


class Command(BaseCommand):
    help = "Claim and run one match here, exactly as a worker would, and print the verdict."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("match_id", type=int)

    def handle(self, *args: Any, **options: Any) -> None:
        verdict = execute(options["match_id"], worker=f"manage@{socket.gethostname()}")
        self.stdout.write(
            json.dumps(
                {
                    "match": options["match_id"],
                    "status": verdict.status,
                    "detail": verdict.detail[-2000:],
                }
            )
        )
