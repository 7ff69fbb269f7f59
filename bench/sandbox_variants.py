"""Start-up cost of the sandbox's variants: slot cgroup backends and bwrap's stdout hand-over.

    python bench/sandbox_variants.py [--spawns 40]      (as root, with bubblewrap)

1. The runner (slot lock, staging, cgroup, launcher, bwrap) until the bot's first answer, with
   the slot cgroups in cgroup v1, in cgroup v2 (a cgroup2 hierarchy mounted at a private path
   for the run, and removed after), and with none (the CPU clock then walks /proc).
2. Bare bubblewrap, started as a slot uid, until the first answer: the bot's stdout pipe as
   bwrap's own fd 1, against handed over above fd 2 and moved to fd 1 by the one-line shell
   (``sandbox._stdout_shim``, which lets a bot's closed stdout show as EOF), above fd 9.

3. The shim alone, without bubblewrap around it (shorter, so less noisy): ``/usr/bin/true``
   started directly, against started through the shim, with the pipe at fd 9 or below (dash
   moves it) and above (bash does; the usual case in a worker with many files open).

Variants are interleaved so that changes in load hit all alike. Prints figures only.
"""

from __future__ import annotations

import argparse
import contextlib
import fcntl
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench import protocol as protocol_bench
from bots import cgroups, protocol, sandbox, seccomp_filter
from bots.limits import SandboxLimits

ECHO_BOT = """import sys
for line in sys.stdin:
    sys.stdout.write('{"action":0}\\n')
    sys.stdout.flush()
"""
MESSAGE = {"type": "act", "observation": {}, "legal_actions": [0]}


@contextlib.contextmanager
def private_cgroup2() -> Iterator[Path]:
    """A fresh cgroup on a cgroup2 mount of our own; both are gone afterwards."""
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(["mount", "-t", "cgroup2", "none", tmp], check=True)
        root = Path(tmp) / f"arena-bench-{os.getpid()}"
        try:
            root.mkdir()
            yield root
        finally:
            for slot in root.glob(f"{cgroups.SLOT_PREFIX}*"):
                slot.rmdir()
            root.rmdir()
            subprocess.run(["umount", tmp], check=True)


def runner_startup(bot: Path, backend: str, v2_root: Path) -> float:
    """``bench/protocol.py``'s runner start-up, with the slot cgroups of ``backend``."""
    os.environ[cgroups.BACKEND_ENV] = backend
    os.environ[cgroups.V2_ROOT_ENV] = str(v2_root) if backend == "v2" else ""
    cgroups.detect(refresh=True)
    return protocol_bench.runner_startup(bot, MESSAGE)


def bare_bwrap_startup(bot: Path, shim: bool) -> float:
    with sandbox.acquire_slot() as slot:
        entry = slot.stage(bot)
        seccomp_fd = os.memfd_create("seccomp", 0)
        os.write(seccomp_fd, seccomp_filter.filter_program())
        os.lseek(seccomp_fd, 0, os.SEEK_SET)
        env = sandbox._bot_env(slot, sandbox.TIER_BWRAP)
        argv = sandbox._bwrap_argv(slot, SandboxLimits(), env, seccomp_fd)
        read_end, write_end = high_pipe()
        if shim:
            argv += sandbox._stdout_shim(write_end)
        argv += sandbox.bot_command(slot, entry, sandbox.TIER_BWRAP)
        start = time.perf_counter()
        process = subprocess.Popen(
            argv, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL if shim else write_end,
            pass_fds=(seccomp_fd, write_end), user=slot.uid, group=slot.uid, extra_groups=[],
            env={"PATH": "/usr/bin"},
        )  # fmt: skip
        os.close(write_end)
        os.close(seccomp_fd)
        assert process.stdin is not None
        process.stdin.write(protocol.encode(MESSAGE))
        process.stdin.flush()
        with open(read_end, "rb") as answers:
            answers.readline()
            elapsed = time.perf_counter() - start
            process.stdin.close()
            process.wait()
    return elapsed


def high_pipe() -> tuple[int, int]:
    """A pipe whose write end is above fd 9, as in a worker process with many files open."""
    read_end, write_end = os.pipe()
    high = fcntl.fcntl(write_end, fcntl.F_DUPFD_CLOEXEC, 10)
    os.close(write_end)
    return read_end, high


def exec_time(shim: bool, high_fd: bool = False) -> float:
    read_end, write_end = high_pipe() if high_fd else os.pipe()
    argv = [*sandbox._stdout_shim(write_end), "/usr/bin/true"] if shim else ["/usr/bin/true"]
    start = time.perf_counter()
    subprocess.run(argv, stdout=subprocess.DEVNULL, pass_fds=(write_end,), check=True)
    elapsed = time.perf_counter() - start
    os.close(read_end)
    os.close(write_end)
    return elapsed


def report(label: str, seconds: list[float]) -> None:
    ms = sorted(s * 1e3 for s in seconds)
    quartiles = statistics.quantiles(ms, n=4)
    print(
        f"{label:<44} median {statistics.median(ms):6.1f} ms"
        f"  (quartiles {quartiles[0]:.1f}–{quartiles[2]:.1f})"
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--spawns", type=int, default=40)
    args = parser.parse_args()
    if os.geteuid() != 0:
        sys.exit("run as root: the v2 variant mounts a cgroup2 hierarchy")
    print(f"load average before: {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    with tempfile.TemporaryDirectory() as tmp, private_cgroup2() as v2_root:
        bot = Path(tmp) / "echo.py"
        bot.write_text(ECHO_BOT)
        bot.chmod(0o644)
        Path(tmp).chmod(0o755)
        variants: dict[str, Callable[[], float]] = {
            "runner, slot cgroups v1": lambda: runner_startup(bot, "v1", v2_root),
            "runner, slot cgroups v2 (no caps here)": lambda: runner_startup(bot, "v2", v2_root),
            "runner, no slot cgroups": lambda: runner_startup(bot, "off", v2_root),
            "bare bwrap, pipe as bwrap's fd 1": lambda: bare_bwrap_startup(bot, shim=False),
            "bare bwrap, pipe moved by the stdout shim": lambda: bare_bwrap_startup(bot, shim=True),
        }
        times: dict[str, list[float]] = {label: [] for label in variants}
        sandbox.probe()
        for _ in range(args.spawns):
            for label, run in variants.items():
                times[label].append(run())
        os.environ.pop(cgroups.BACKEND_ENV)
        os.environ.pop(cgroups.V2_ROOT_ENV)
        cgroups.detect(refresh=True)
    print(f"start-up until the first answer, {args.spawns} interleaved spawns each")
    for label, seconds in times.items():
        report(label, seconds)
    direct, low, high = [], [], []
    for _ in range(args.spawns * 10):
        direct.append(exec_time(shim=False))
        low.append(exec_time(shim=True))
        high.append(exec_time(shim=True, high_fd=True))
    print(f"/usr/bin/true until it exits, {args.spawns * 10} interleaved runs each")
    report("direct", direct)
    report("through the stdout shim, fd <= 9 (dash)", low)
    report("through the stdout shim, fd > 9 (bash)", high)
    print(f"load average after: {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
