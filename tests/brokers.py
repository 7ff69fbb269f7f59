"""A Redis server of a test's own, to kill and restart (never the machine's shared one)."""

from __future__ import annotations

import contextlib
import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import redis

requires_redis_server = pytest.mark.skipif(
    shutil.which("redis-server") is None, reason="needs the redis-server program"
)


def free_loopback_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class RedisServer:
    """A private ``redis-server`` that keeps nothing on disk: a restart loses every message."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.port = free_loopback_port()
        assert self.port != 6379  # never the machine's server
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        argv = ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1"]
        argv += ["--save", "", "--appendonly", "no", "--dir", str(self.folder)]
        log = open(self.folder / "redis.log", "ab")  # noqa: SIM115 - the server's own log
        self.process = subprocess.Popen(
            argv, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
        )
        log.close()
        client = redis.Redis(port=self.port, socket_connect_timeout=1)
        deadline = time.monotonic() + 30
        while not self._answers(client):
            assert time.monotonic() < deadline, "redis-server did not start"
            time.sleep(0.05)

    @staticmethod
    def _answers(client: redis.Redis) -> bool:
        try:
            return bool(client.ping())
        except redis.ConnectionError:
            return False

    def kill(self) -> None:
        assert self.process is not None
        self.process.kill()
        self.process.wait()

    @contextlib.contextmanager
    def running(self) -> Iterator[RedisServer]:
        self.start()
        try:
            yield self
        finally:
            if self.process is not None and self.process.poll() is None:
                self.kill()

    def restart_empty(self) -> None:
        """Kill the server and start it again: every message it held is gone."""
        self.kill()
        self.start()
