"""The shell that gives a bwrap-started bot its stdout pipe as fd 1 and keeps no copy of it."""

from __future__ import annotations

import contextlib
import fcntl
import os
import select
import subprocess
import sys
from pathlib import Path

from bots import sandbox

REPO = Path(__file__).resolve().parents[2]
# Says it is ready, closes its stdout and lives on: the reader must see EOF while it lives.
CLOSE_AND_STAY = ["/bin/sh", "-c", "echo ready; exec >&-; sleep 30"]


def check_shim(lowest_fd: int) -> str:
    """Hand a pipe over at the first free fd from ``lowest_fd``; return the shell that moved it."""
    read_end, write_end = os.pipe()
    fd = fcntl.fcntl(write_end, fcntl.F_DUPFD_CLOEXEC, lowest_fd)
    os.close(write_end)
    shim = sandbox._stdout_shim(fd)
    process = subprocess.Popen([*shim, *CLOSE_AND_STAY], stdout=subprocess.DEVNULL, pass_fds=(fd,))
    os.close(fd)
    try:
        with open(read_end, "rb") as reader:
            assert select.select([reader], [], [], 10)[0], "no output"
            assert reader.readline() == b"ready\n"
            assert select.select([reader], [], [], 10)[0], "no EOF"
            assert reader.read() == b""  # EOF: the shell kept no copy of the pipe
        assert process.poll() is None  # and the bot still runs
    finally:
        with contextlib.suppress(ProcessLookupError):
            process.kill()
        process.wait()
    return shim[0]


def test_dash_moves_a_single_digit_fd() -> None:
    # In a fresh interpreter, where fds 3-9 are free (here pytest holds them).
    run = subprocess.run(
        [
            sys.executable,
            "-c",
            "from tests.bots.test_stdout_shim import check_shim as c; print(c(3))",
        ],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "/bin/sh"


def test_bash_moves_an_fd_above_9() -> None:
    assert check_shim(40) == "/bin/bash"  # dash names fds 0-9 only
