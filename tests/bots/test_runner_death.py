"""A worker that dies mid-match (OOM killer, SIGKILL) takes its bots with it."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bots import sandbox
from tests.bots.conftest import HOSTILE, can_sandbox_as_root

ROOT = Path(__file__).resolve().parents[2]
RUNNER = f"""
from pathlib import Path
from bots.runner import BotSpec, play_match
from tests.bots.toygame import TOY
specs = [BotSpec(Path({str(HOSTILE / "setsid_escape.py")!r}), "escaper")] * 2
play_match(TOY, specs, seed=1, options={{}}, time_control={{"wall_backstop_s": 60}})
"""


def descendants(root: int) -> set[int]:
    found: set[int] = set()
    stack = [root]
    while stack:
        pid = stack.pop()
        try:
            for task in os.listdir(f"/proc/{pid}/task"):
                with open(f"/proc/{pid}/task/{task}/children") as f:
                    children = {int(c) for c in f.read().split()}
        except FileNotFoundError:
            continue
        stack.extend(children - found)
        found |= children
    return found


def alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            return f.read().rsplit(b")", 1)[1].split()[0] not in (b"Z", b"X")
    except FileNotFoundError:
        return False


@can_sandbox_as_root
def test_bots_die_when_their_runner_is_killed() -> None:
    if sandbox.probe().tier != sandbox.TIER_BWRAP:
        pytest.skip("without PID namespaces, orphans are swept when the slot is next used")
    runner = subprocess.Popen([sys.executable, "-c", RUNNER], cwd=ROOT, start_new_session=True)
    bots: set[int] = set()
    try:
        # Each bot is bwrap, bwrap's init in the PID namespace and the bot; seat 0 (asked
        # first) has also escaped a sleeper into its own session: 7 processes.
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and len(bots) < 7:
            bots = {pid for pid in descendants(runner.pid) if alive(pid)}
            time.sleep(0.05)
        assert len(bots) >= 7, f"the bots never started: {bots}"
    finally:
        os.kill(runner.pid, signal.SIGKILL)
        runner.wait()
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline and any(alive(pid) for pid in bots):
        time.sleep(0.05)
    assert [pid for pid in bots if alive(pid)] == []
