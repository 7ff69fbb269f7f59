"""``manage.py serve``: the web site, Celery workers and beat, stopped together by Ctrl-C."""

from __future__ import annotations

import errno
import socket
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from arena.supervisor import Supervisor, service_programs


def check_port_free(host: str, port: int) -> None:
    """Refuse to start anything when the web server could not listen on ``host:port``.

    Said before the workers start, so a taken port is one plain line rather than a
    traceback lost between the workers' banners.
    """
    try:
        with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as probe:
            # As the web server does: a port whose last connections linger in TIME_WAIT is free.
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            probe.bind((host, port))
    except OSError as exc:
        if exc.errno == errno.EADDRINUSE:
            raise CommandError(
                f"Port {port} on {host} is taken by another program. Stop it, or choose "
                f"another port: PORT={port + 100} make run (or manage.py serve --port "
                f"{port + 100})."
            ) from None
        raise CommandError(f"Cannot listen on {host}:{port}: {exc.strerror}.") from None


class Command(BaseCommand):
    help = "Run the web server, Celery worker(s) and beat until Ctrl-C."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--host", default="127.0.0.1")
        parser.add_argument("--port", type=int, default=8000)
        parser.add_argument("--workers", type=int, default=1, help="worker processes to start")
        parser.add_argument("--concurrency", type=int, default=2, help="tasks per worker")

    def handle(self, *args: Any, **options: Any) -> None:
        check_port_free(options["host"], options["port"])
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
