"""``manage.py play``: the local runner (``bots.cli``); it never touches the database."""

from __future__ import annotations

import argparse
import json
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from bots import cli


class Command(BaseCommand):
    help = "Play games between local bots in the real sandbox and print a summary table."
    requires_system_checks: list[str] = []
    requires_migrations_checks = False

    def add_arguments(self, parser: argparse.ArgumentParser) -> None:
        cli.build_parser(parser)

    def handle(self, *args: Any, **options: Any) -> None:
        namespace = argparse.Namespace(**options)
        try:
            status = cli.run_from_args(namespace, self.stdout, self.stderr)
        except (ValueError, json.JSONDecodeError) as exc:
            raise CommandError(str(exc)) from exc
        if status:
            raise CommandError("the replay does not hold (problems above)", returncode=status)
