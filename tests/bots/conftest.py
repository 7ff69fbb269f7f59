"""Shared helpers of the bot tests: the toy game, small limits, and the no-survivor check."""

from __future__ import annotations

import dataclasses
import fcntl
import os
import shutil
from pathlib import Path

import pytest

from bots import sandbox
from bots.limits import SandboxLimits, TimeControl

HERE = Path(__file__).resolve().parent
HOSTILE = HERE / "hostile"
FIRST_LEGAL = HERE / "bots" / "first_legal.py"

# Small limits keep the hostile suite fast: a memory bomb hits 256 MB, a spinner 0.5 s of CPU.
TEST_LIMITS = SandboxLimits(
    memory_bytes=256 * 1024 * 1024,
    cpu_game_s=20,
    processes=24,
    file_bytes=4 * 1024 * 1024,
    scratch_bytes=8 * 1024 * 1024,
    line_bytes=64 * 1024,
    output_bytes=1024 * 1024,
)
TEST_CLOCK = TimeControl(move_cpu_s=0.2, bank_cpu_s=0.5, wall_backstop_s=2.0, startup_wall_s=5.0)
# For attacks that must lose on CPU time: a wall-clock backstop far enough away that even a
# loaded machine gives the spinner its 0.7 s of CPU first.
CPU_CLOCK = dataclasses.replace(TEST_CLOCK, wall_backstop_s=15.0)

can_sandbox_as_root = pytest.mark.skipif(
    os.geteuid() != 0 or not shutil.which("bwrap"),
    reason="needs root (to drop to the slot uids) and bubblewrap; CI runs as root with both",
)


def storable(text: str) -> bool:
    """Whether a database stores ``text`` as it is: UTF-8 (no lone surrogate) and no NUL."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return "\x00" not in text


def bot_processes() -> list[int]:
    """Live processes of sandbox slot uids that no runner holds, and zombies left to us.

    Slots locked by another process (another runner on this machine) are skipped: their bots
    are alive by right. Ours are all released when ``play_match`` returns. A zombie whose
    parent is someone else (another runner's, waiting for init) is dead and not ours.
    """
    found = []
    locks = sandbox.base_dir() / "locks"
    count = int(os.environ.get(sandbox.SLOTS_ENV, "64"))
    for index in [*range(count), sandbox.PROBE_SLOT]:
        if _held_elsewhere(locks / f"{index}.lock"):
            continue
        for pid in sandbox.uid_processes(sandbox.FIRST_SLOT_UID + index):
            state, parent = _state_and_parent(pid)
            if state not in ("Z", "X", "") or parent == os.getpid():
                found.append(pid)
    return found


def _state_and_parent(pid: int) -> tuple[str, int]:
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            fields = f.read().rsplit(b")", 1)[1].split()
    except FileNotFoundError:
        return "", 0
    return fields[0].decode(), int(fields[1])


def _held_elsewhere(lock: Path) -> bool:
    if not lock.exists():
        return False
    fd = os.open(lock, os.O_RDWR | os.O_CLOEXEC)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    finally:
        os.close(fd)
    return False


needs_root = pytest.mark.skipif(
    os.geteuid() != 0, reason="needs root (to drop to the slot uids); CI runs as root"
)


@pytest.fixture(params=[sandbox.TIER_BWRAP, sandbox.TIER_UID_SECCOMP])
def tier(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Run the test under each tier root can use: bwrap, and the fallback without bubblewrap.

    Each runs wherever the machine can run it (CI, as root with bubblewrap: both); a tier the
    machine should run but cannot start fails the test rather than skipping it.
    """
    if os.geteuid() != 0:
        pytest.skip("needs root (to drop to the slot uids); CI runs as root")
    if request.param == sandbox.TIER_BWRAP and not shutil.which("bwrap"):
        pytest.skip("bubblewrap is not installed (make install installs it)")
    monkeypatch.setenv(sandbox.TIER_ENV, request.param)
    info = sandbox.probe(refresh=True)
    assert info.tier == request.param
    yield request.param
    monkeypatch.undo()
    sandbox.probe(refresh=True)
