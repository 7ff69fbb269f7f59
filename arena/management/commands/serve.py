"""``manage.py serve``: the web site, Celery workers and beat, stopped together by Ctrl-C."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from arena.supervisor import Supervisor, service_programs


class Command(BaseCommand):
    help = "Run the web server, Celery worker(s) and beat until Ctrl-C."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--host", default="127.0.0.1")
        parser.add_argument("--port", type=int, default=8000)
        parser.add_argument("--workers", type=int, default=1, help="worker processes to start")
        parser.add_argument("--concurrency", type=int, default=2, help="tasks per worker")

    def handle(self, *args: Any, **options: Any) -> None:
        programs = service_programs(
            host=options["host"],
            port=options["port"],
            workers=options["workers"],
            concurrency=options["concurrency"],
        )
        self.stdout.write(
            f"Catan Arena at http://{options['host']}:{options['port']}/ (Ctrl-C stops everything)"
        )
        raise SystemExit(Supervisor(programs).run())
