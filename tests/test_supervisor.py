"""``make run``'s supervisor stops every process it started, children included."""

from __future__ import annotations

import os
import signal
import sys
import time

from arena.supervisor import Program, Supervisor, service_programs


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # A zombie is dead for our purposes.
    with open(f"/proc/{pid}/stat") as stat:
        return stat.read().split(")")[-1].split()[0] != "Z"


def test_it_stops_every_child_and_grandchild_on_sigint(tmp_path) -> None:
    pidfile = tmp_path / "grandchild.pid"
    # A child that ignores SIGTERM and has a child of its own: the worst case for clean-up.
    stubborn = (
        "import os, signal, subprocess, sys, time\n"
        "signal.signal(signal.SIGTERM, signal.SIG_IGN)\n"
        "p = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(600)'])\n"
        f"open({str(pidfile)!r}, 'w').write(str(p.pid))\n"
        "time.sleep(600)\n"
    )
    supervisor = Supervisor(
        [
            Program("stubborn", [sys.executable, "-c", stubborn]),
            Program("sleeper", [sys.executable, "-c", "import time; time.sleep(600)"]),
        ],
        grace_seconds=1.0,
    )
    supervisor.start()
    for _ in range(100):
        if pidfile.exists() and pidfile.read_text():
            break
        time.sleep(0.05)
    grandchild = int(pidfile.read_text())
    pids = [child.pid for child in supervisor.children.values()] + [grandchild]
    assert all(alive(pid) for pid in pids)
    supervisor.stop()
    time.sleep(0.2)
    assert not any(alive(pid) for pid in pids)


def test_run_returns_when_a_child_dies_and_cleans_up_the_rest() -> None:
    supervisor = Supervisor(
        [
            Program("quitter", [sys.executable, "-c", "raise SystemExit(3)"]),
            Program("sleeper", [sys.executable, "-c", "import time; time.sleep(600)"]),
        ],
        grace_seconds=1.0,
    )
    assert supervisor.run() == 1
    assert all(child.poll() is not None for child in supervisor.children.values())
    assert signal.getsignal(signal.SIGINT) is not supervisor._request_stop


def test_the_service_programs_are_web_worker_and_beat() -> None:
    names = [program.name for program in service_programs(workers=2)]
    assert names == ["web", "worker1", "worker2", "beat"]


def test_workers_and_web_are_told_how_many_matches_run_at_once(monkeypatch) -> None:
    monkeypatch.delenv("ARENA_MATCH_SLOTS", raising=False)
    programs = {p.name: p for p in service_programs(workers=3, concurrency=2)}
    assert [programs[f"worker{i}"].env["ARENA_MATCH_SLOTS"] for i in (1, 2, 3)] == ["6"] * 3
    # The web server queues a new tournament's first games within the same fair share.
    assert programs["web"].env["ARENA_MATCH_SLOTS"] == "6"
    # Set by the operator (workers on other machines count too): passed on unchanged.
    monkeypatch.setenv("ARENA_MATCH_SLOTS", "10")
    assert service_programs(workers=1)[1].env["ARENA_MATCH_SLOTS"] == "10"


def test_a_program_runs_with_its_extra_environment(tmp_path) -> None:
    out = tmp_path / "seen"
    script = f"import os; open({str(out)!r}, 'w').write(os.environ['ARENA_MATCH_SLOTS'])"
    supervisor = Supervisor(
        [Program("reader", [sys.executable, "-c", script], env={"ARENA_MATCH_SLOTS": "7"})],
        grace_seconds=1.0,
    )
    supervisor.start()
    supervisor.children["reader"].wait(timeout=30)
    supervisor.stop()
    assert out.read_text() == "7"


def test_serve_says_plainly_that_its_port_is_taken_and_starts_nothing() -> None:
    import socket

    import pytest
    from django.core.management import call_command
    from django.core.management.base import CommandError

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        with pytest.raises(CommandError, match=f"Port {port} on 127.0.0.1 is taken") as refused:
            call_command("serve", "--port", str(port))
    assert f"PORT={port + 100} make run" in str(refused.value)
