"""One bot process for one game: talking to it under the clock, and ending it for good.

All reads are non-blocking into capped buffers (a bot can flood neither memory nor the runner),
every wait has a deadline, and CPU is measured on the bot's whole process tree (its cgroup
where available, else a walk of ``/proc``).
"""

from __future__ import annotations

import contextlib
import os
import select
import signal
import subprocess
import time
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from bots import protocol, sandbox
from bots.limits import SandboxLimits, TimeControl
from bots.outcome import (
    CRASH,
    MEMORY_LIMIT,
    OUTPUT_LIMIT,
    PROTOCOL_ERROR,
    STDERR_TAIL_LABEL,
    TIMEOUT,
    storable_text,
)
from bots.protocol import BotFault
from bots.sizes import format_size

_CPU_POLL_S = 0.02
"""While a bot thinks, how often its CPU use is checked against its remaining time."""
_CPU_POLL_MS = _CPU_POLL_S * 1000
_EXIT_GRACE_S = 0.5
_CLK_TCK = os.sysconf("SC_CLK_TCK")


@dataclass
class BotSpec:
    """A bot to run: a ``.py`` file, a directory with ``main.py``, or an executable file."""

    path: Path
    name: str

    def __post_init__(self) -> None:
        self.path = Path(self.path)


@dataclass
class Clock:
    """A seat's remaining time: its CPU bank, and the wall time left of its game budget."""

    time_control: TimeControl
    bank_s: float = field(init=False)
    wall_left_s: float = field(init=False)
    """What is left of ``game_wall_s``: each answer is charged the wall time it was waited for."""

    def __post_init__(self) -> None:
        self.bank_s = self.time_control.bank_cpu_s
        self.wall_left_s = self.time_control.game_wall_s

    def budget_s(self) -> float:
        return self.time_control.move_cpu_s + self.bank_s

    def charge(self, used_s: float) -> None:
        over_s = used_s - self.time_control.move_cpu_s
        if over_s > 0:
            self.bank_s -= over_s

    def to_dict(self) -> dict[str, float]:
        return {
            "move_cpu_s": self.time_control.move_cpu_s,
            "bank_cpu_s": round(max(self.bank_s, 0.0), 4),
            "game_wall_s": round(max(self.wall_left_s, 0.0), 3),
        }


class BotProcess:
    """A started bot in its slot; every fault surfaces as :class:`BotFault`."""

    def __init__(
        self, slot: sandbox.Slot, spec: BotSpec, limits: SandboxLimits, time_control: TimeControl
    ) -> None:
        self.slot = slot
        self.spec = spec
        self.limits = limits
        self.clock = Clock(time_control)
        self._wall_backstop_s = time_control.wall_backstop_s
        # True while the current wait ends at the game's wall budget rather than the backstop.
        self._budget_binds = False
        self._move_cpu_s: list[float] = []
        self._stderr = bytearray()
        self._stderr_dropped = 0
        self._stderr_open = True
        self._stdout = bytearray()
        self._stdout_total = 0
        self._cpu_mark = 0.0
        self._started_at = 0.0
        self._first_request = True
        self.process: subprocess.Popen[bytes] | None = None

    # -- life cycle ------------------------------------------------------------------------

    def start(self) -> None:
        entry = self.slot.stage(self.spec.path)
        tier = sandbox.probe().tier
        self.process = sandbox.start(
            self.slot, sandbox.bot_command(self.slot, entry, tier), self.limits
        )
        assert self.process.stdin and self.process.stdout and self.process.stderr
        self._stdin_fd = self.process.stdin.fileno()
        self._stdout_fd = self.process.stdout.fileno()
        self._stderr_fd = self.process.stderr.fileno()
        self._poller = select.poll()
        for fd in (self._stdin_fd, self._stdout_fd, self._stderr_fd):
            os.set_blocking(fd, False)
        self._poller.register(self._stdout_fd, select.POLLIN)
        self._poller.register(self._stderr_fd, select.POLLIN)
        cgroup = self.slot.cgroup
        self._cpu_seconds = (
            cgroup.cpu_seconds
            if cgroup is not None
            else partial(_tree_cpu_seconds, self.process.pid)
        )
        self._started_at = time.monotonic()

    def close(self) -> None:
        """Give the bot a moment to exit after ``end``, then kill whatever is left."""
        process = self.process
        if process is None:
            return
        with contextlib.suppress(OSError):
            assert process.stdin is not None
            process.stdin.close()
        deadline = time.monotonic() + _EXIT_GRACE_S
        while process.poll() is None and time.monotonic() < deadline:
            self._drain_stderr()
            time.sleep(0.005)
        self._drain_stderr()
        self.slot.kill_all(process)
        self._drain_stderr()
        for stream in (process.stdout, process.stderr):
            with contextlib.suppress(OSError):
                assert stream is not None
                stream.close()
        if self.slot.cgroup is not None:
            self.slot.cgroup.close()

    def kill(self) -> None:
        if self.process is not None:
            self.slot.kill_all(self.process)

    @property
    def move_times_ms(self) -> list[float]:
        """CPU time of the bot's process tree for each answered request, in milliseconds."""
        return [round(used * 1000, 3) for used in self._move_cpu_s]

    @property
    def stderr_text(self) -> str:
        text = storable_text(self._stderr.decode("utf-8", errors="replace"))
        if self._stderr_dropped:
            text += f"\n[… {format_size(self._stderr_dropped)} more of stderr dropped]"
        return text

    # -- messages --------------------------------------------------------------------------

    def notify(self, message: dict[str, Any]) -> None:
        """Send a message that needs no answer."""
        self._budget_binds = False
        self._send(
            protocol.encode(message), time.monotonic() + self.clock.time_control.wall_backstop_s
        )

    def request(self, message: dict[str, Any]) -> bytes:
        """Send ``message`` and return the answer line; charge its CPU time to the clock."""
        return self.request_line(protocol.encode(message))

    def request_line(self, data: bytes) -> bytes:
        """Send an encoded message and return the answer line, under the seat's clock.

        The usual decision costs three or four system calls: one write, one read, one read of
        the bot's CPU counter, which settles the move exactly, and a poll with the deadline
        only when the answer was not there yet. While the bot thinks, its CPU is also checked
        each time the wait times out (every ``_CPU_POLL_S``) against what is left of its move
        and bank. The wall time from the write to the answer is charged to the game's wall
        budget (two ``time.monotonic()`` reads, which need no system call).
        """
        clock = self.clock
        asked_at = time.monotonic()
        wait_s = self._wall_backstop_s
        if self._first_request:
            wait_s += clock.time_control.startup_wall_s
            self._first_request = False
        self._budget_binds = clock.wall_left_s < wait_s
        deadline = asked_at + min(wait_s, clock.wall_left_s)
        self._send(data, deadline)
        # A bot on this CPU has usually answered by the time the write returns (the wake-up
        # preempts us), so one read before the first wait often saves the poll.
        self._read_stdout()
        line = self._take_line() if self._stdout else None
        if line is None:
            line = self._wait_for_line(deadline)
        clock.wall_left_s -= time.monotonic() - asked_at
        cpu = self._cpu_seconds()
        used = cpu - self._cpu_mark
        self._cpu_mark = cpu
        self._move_cpu_s.append(used)
        clock.charge(used)
        if clock.bank_s < 0:
            # What was left before this move: its allowance plus the bank before the charge.
            left = used + clock.bank_s
            raise BotFault(TIMEOUT, f"used {used:.3f} s CPU, {left:.3f} s were left")
        if clock.wall_left_s < 0:
            raise self._wall_fault("answered too late")
        return line

    def _wait_for_line(self, deadline: float) -> bytes:
        """Wait for the answer line; between waits, hold the bot to its wall and CPU limits."""
        while True:
            left_s = deadline - time.monotonic()
            self._pump(_CPU_POLL_MS if left_s > _CPU_POLL_S else max(left_s, 0.0) * 1000)
            line = self._take_line()
            if line is not None:
                return line
            if time.monotonic() >= deadline:
                raise self._wall_fault()
            used = self._cpu_seconds() - self._cpu_mark
            budget = self.clock.budget_s()
            if used > budget:
                raise BotFault(TIMEOUT, f"used {used:.3f} s CPU, {budget:.3f} s were left")

    # -- pipes -----------------------------------------------------------------------------

    def _send(self, data: bytes, deadline: float) -> None:
        fd = self._stdin_fd
        sent = 0
        watching_stdin = False
        try:
            while True:
                try:
                    sent += os.write(fd, data[sent:] if sent else data)
                except BlockingIOError:
                    pass
                except BrokenPipeError:
                    raise self._death_fault("stopped reading its stdin") from None
                if sent >= len(data):
                    return  # usually at once: a message fits in the pipe
                now = time.monotonic()
                if now >= deadline:
                    raise self._wall_fault("did not read its input")
                if not watching_stdin:  # wake up as soon as the pipe has room again
                    self._poller.register(fd, select.POLLOUT)
                    watching_stdin = True
                # Drain its output while waiting, so a bot blocked writing cannot deadlock us.
                self._pump(min(_CPU_POLL_S, deadline - now) * 1000)
        finally:
            if watching_stdin:
                self._poller.unregister(fd)

    def _pump(self, timeout_ms: float) -> None:
        """Wait up to ``timeout_ms`` (>= 0) for output (or room to write); take in what came."""
        for fd, _event in self._poller.poll(timeout_ms):
            if fd == self._stdout_fd:
                self._read_stdout()
            elif fd == self._stderr_fd:
                self._drain_stderr()

    def _read_stdout(self) -> None:
        try:
            chunk = os.read(self._stdout_fd, 1 << 16)
        except BlockingIOError:
            return
        if not chunk:
            raise self._death_fault("closed its stdout")
        self._stdout += chunk
        self._stdout_total += len(chunk)
        if self._stdout_total > self.limits.output_bytes:
            raise BotFault(OUTPUT_LIMIT, f"wrote more than {format_size(self.limits.output_bytes)}")

    def _take_line(self) -> bytes | None:
        newline = self._stdout.find(b"\n")
        if newline < 0:
            if len(self._stdout) > self.limits.line_bytes:
                raise self._long_line_fault()
            return None
        if newline > self.limits.line_bytes:
            raise self._long_line_fault()
        line = bytes(self._stdout[:newline])
        del self._stdout[: newline + 1]
        return line

    def _long_line_fault(self) -> BotFault:
        return BotFault(
            OUTPUT_LIMIT, f"answer line longer than {format_size(self.limits.line_bytes)}"
        )

    def _drain_stderr(self) -> None:
        if self.process is None or self.process.stderr is None or self.process.stderr.closed:
            return
        fd = self.process.stderr.fileno()
        for _ in range(64):  # bounded: a bot flooding stderr cannot keep us here
            try:
                chunk = os.read(fd, 1 << 16)
            except (BlockingIOError, OSError):
                return
            if not chunk:
                if self._stderr_open:  # closed: stop watching it, or poll spins
                    self._stderr_open = False
                    self._poller.unregister(fd)
                return
            room = self.limits.stderr_bytes - len(self._stderr)
            self._stderr += chunk[: max(room, 0)]
            self._stderr_dropped += max(0, len(chunk) - max(room, 0))

    # -- faults and CPU --------------------------------------------------------------------

    def _wall_fault(self, what: str = "no answer") -> BotFault:
        """A wall-clock timeout, naming the limit that ran out: the game's or the decision's."""
        if self._budget_binds or self.clock.wall_left_s < 0:
            game_s = self.clock.time_control.game_wall_s
            return BotFault(
                TIMEOUT,
                f"{what}: its wall-clock budget for the game ran out ({game_s:g} s of waiting "
                "for its answers in all)",
            )
        return BotFault(
            TIMEOUT, f"{what} within the {self._wall_backstop_s:g} s wall-clock backstop"
        )

    def _death_fault(self, what: str) -> BotFault:
        """Classify a bot whose pipe closed: memory, CPU limit, crash, or a protocol breach."""
        assert self.process is not None
        deadline = time.monotonic() + _EXIT_GRACE_S
        while self.process.poll() is None and time.monotonic() < deadline:
            time.sleep(0.01)
        self._drain_stderr()
        code = self.process.poll()
        cgroup = self.slot.cgroup
        oom = cgroup is not None and cgroup.oom_kills() > cgroup.oom_kills_before
        if oom or b"MemoryError" in self._stderr:
            return BotFault(
                MEMORY_LIMIT,
                f"{what}: ran out of its {format_size(self.limits.memory_bytes)} of memory",
            )
        if code is None:
            return BotFault(PROTOCOL_ERROR, f"{what} while still running")
        if code in (-signal.SIGXCPU, 128 + signal.SIGXCPU):
            return BotFault(
                TIMEOUT, f"{what}: hit the per-game CPU limit ({self.limits.cpu_game_s} s)"
            )
        tail = self._stderr[-300:].decode("utf-8", errors="replace").strip()
        evidence = f"{STDERR_TAIL_LABEL}{tail}" if tail else ""
        return BotFault(CRASH, f"{what}: exited with {_describe_exit(code)}", evidence)


def _describe_exit(code: int) -> str:
    if code < 0:
        return f"signal {signal.Signals(-code).name}"
    if code > 128 and code - 128 in signal.Signals._value2member_map_:
        return f"code {code} (signal {signal.Signals(code - 128).name})"
    return f"code {code}"


def _tree_cpu_seconds(root: int) -> float:
    """utime+stime of ``root`` and its live descendants, plus the children they have reaped."""
    total = 0
    stack = [root]
    while stack:
        pid = stack.pop()
        try:
            with open(f"/proc/{pid}/stat", "rb") as f:
                fields = f.read().rsplit(b")", 1)[1].split()
            total += sum(int(x) for x in fields[11:15])  # utime stime cutime cstime
            for task in os.listdir(f"/proc/{pid}/task"):
                with open(f"/proc/{pid}/task/{task}/children", "rb") as f:
                    stack.extend(int(c) for c in f.read().split())
        except (FileNotFoundError, ProcessLookupError):
            continue
    return total / _CLK_TCK
