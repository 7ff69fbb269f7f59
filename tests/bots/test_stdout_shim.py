"""The shell that gives a bwrap-started bot its stdout pipe as fd 1 and keeps no copy of it."""

from __future__ import annotations

import contextlib
import fcntl
import os
import select
import subprocess

import pytest

from bots import sandbox

# Says it is ready, closes its stdout and lives on: the reader must see EOF while it lives.
CLOSE_AND_STAY = ["/bin/sh", "-c", "echo ready; exec >&-; sleep 30"]


def _free_fd(candidates: range) -> int:
    for fd in candidates:
        try:
            fcntl.fcntl(fd, fcntl.F_GETFD)
        except OSError:
            return fd
    pytest.skip(f"no free fd in {candidates}")


@pytest.mark.parametrize("numbers", [range(3, 10), range(40, 100)])  # dash names fds 0-9 only
def test_closing_stdout_shows_eof_while_the_bot_lives(numbers: range) -> None:
    read_end, write_end = os.pipe()
    fd = _free_fd(numbers)
    os.dup2(write_end, fd, inheritable=False)
    os.close(write_end)
    shim = sandbox._stdout_shim(fd)
    assert shim[0] == ("/bin/sh" if fd <= 9 else "/bin/bash")
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
