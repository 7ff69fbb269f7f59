"""``manage.py seed_example_bots``: the example bots of every game join its ladder."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from tournament.examples import seed_all


class Command(BaseCommand):
    help = "Register the example bots of every installed game as active ladder bots."

    def handle(self, *args: Any, **options: Any) -> None:
        for game, bots in seed_all().items():
            names = (
                ", ".join(
                    f"{b.name} v{b.current_version.number} ({' '.join(b.current_version.families)})"
                    for b in bots
                )
                or "none"
            )
            self.stdout.write(f"{game}: {names}")
