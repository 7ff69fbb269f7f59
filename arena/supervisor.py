"""Run the web server, Celery workers and beat together, and stop them all together.

Used by ``manage.py serve`` (``make run``). Each child runs in its own session so that a
terminal's Ctrl-C reaches only the supervisor, which then stops every child's whole process
group: first politely, then with SIGKILL, so nothing is left behind.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

SLOTS_ENV = "ARENA_MATCH_SLOTS"
"""Matches the workers run at once: what the per-bot fair share is cut from (``arena/settings.py``,
``tournament/scheduler.py``)."""


@dataclass(frozen=True)
class Program:
    name: str
    argv: Sequence[str]
    env: Mapping[str, str] = field(default_factory=dict)
    """Variables added to the supervisor's own environment for this program."""


def worker_argv(
    hostname: str, concurrency: int, loglevel: str = "INFO", standalone: bool = False
) -> list[str]:
    """The command line of one Celery worker process of this project.

    ``standalone`` workers (tests, benchmarks) skip the cluster chatter (heartbeats, mingle,
    gossip) that only costs start-up time when no other worker needs to hear of them.
    """
    argv = [
        sys.executable,
        "-m",
        "celery",
        "-A",
        "arena",
        "worker",
        f"--loglevel={loglevel}",
        f"--concurrency={concurrency}",
        f"--hostname={hostname}@%h",
    ]
    if standalone:
        argv += ["--without-heartbeat", "--without-mingle", "--without-gossip"]
    return argv


def service_programs(
    host: str = "127.0.0.1", port: int = 8000, workers: int = 1, concurrency: int = 2
) -> list[Program]:
    """The processes of a complete one-machine deployment.

    The workers and the web server are told how many matches the workers run at once together
    (unless the environment already says, for workers on other machines too): the ladder
    scheduler and the tournaments' advance, which run in the workers and (for a new event) in
    the web server, keep every bot below that.
    """
    python = sys.executable
    slots = {SLOTS_ENV: os.environ.get(SLOTS_ENV) or str(workers * concurrency)}
    programs = [
        Program(
            "web", [python, "manage.py", "runserver", f"{host}:{port}", "--noreload"], env=slots
        )
    ]
    for index in range(1, workers + 1):
        programs.append(
            Program(f"worker{index}", worker_argv(f"worker{index}", concurrency), env=slots)
        )
    programs.append(
        Program("beat", [python, "-m", "celery", "-A", "arena", "beat", "--loglevel=INFO"])
    )
    return programs


class Supervisor:
    """Starts programs, watches them, and stops all of them when one dies or on a signal."""

    def __init__(self, programs: Sequence[Program], grace_seconds: float = 10.0) -> None:
        self.programs = list(programs)
        self.grace_seconds = grace_seconds
        self.children: dict[str, subprocess.Popen[bytes]] = {}
        self._stopping = False

    def start(self) -> None:
        for program in self.programs:
            self.children[program.name] = subprocess.Popen(
                list(program.argv), env={**os.environ, **program.env}, start_new_session=True
            )
            print(
                f"[serve] started {program.name} (pid {self.children[program.name].pid})",
                flush=True,
            )

    def _request_stop(self, signum: int, _frame: object) -> None:
        self._stopping = True

    def run(self) -> int:
        """Start everything, wait for Ctrl-C/SIGTERM or a child's death, then stop everything."""
        previous = {
            sig: signal.signal(sig, self._request_stop) for sig in (signal.SIGINT, signal.SIGTERM)
        }
        exit_code = 0
        try:
            self.start()
            while not self._stopping:
                for name, child in self.children.items():
                    if child.poll() is not None:
                        print(
                            f"[serve] {name} exited with {child.returncode}; stopping all",
                            flush=True,
                        )
                        exit_code = 1
                        self._stopping = True
                        break
                time.sleep(0.2)
        finally:
            self.stop()
            for sig, handler in previous.items():
                signal.signal(sig, handler)
        return exit_code

    def stop(self) -> None:
        for child in self.children.values():
            # The leader alone: Celery's main process shuts its own pool down cleanly.
            if child.poll() is None:
                child.send_signal(signal.SIGTERM)
        deadline = time.monotonic() + self.grace_seconds
        for child in self.children.values():
            with contextlib.suppress(subprocess.TimeoutExpired):
                child.wait(timeout=max(0.0, deadline - time.monotonic()))
        for name, child in self.children.items():
            # SIGKILL the whole group even when the leader is gone: its pool children may linger.
            _signal_group(child.pid, signal.SIGKILL)
            child.wait()
            print(f"[serve] stopped {name}", flush=True)


def _signal_group(pgid: int, sig: int) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pgid, sig)
