"""A cgroup per sandbox slot: the memory and process caps, CPU time and kill of a bot's whole tree.

Two backends, chosen once per process by :func:`detect`:

``v2`` (the unified hierarchy: current distributions, Docker on them)
    Slot cgroups ``arena-slot-N`` are made in this process's own cgroup, or in the delegated
    directory named by ``ARENA_CGROUP2_ROOT`` (which must hold no process itself: a cgroup with
    members cannot hand controllers to its children, e.g. systemd ``Delegate=yes`` with
    ``DelegateSubgroup=``). ``memory.max``, ``memory.swap.max`` and ``pids.max`` cap the tree
    where the memory and pids controllers could be enabled there; ``cpu.stat``, ``cgroup.procs``
    and ``cgroup.kill`` (Linux 5.14+) need no controller and work in any writable cgroup.
``v1`` (hybrid hosts such as this development VM)
    ``arena-slot-N`` in the memory, pids and cpuacct hierarchies, under this process's own
    cgroups, and in the cpu hierarchy where it is mounted; needs root.

CPU share: where the cpu controller is there (v2: enabled like the caps; v1: its hierarchy),
every slot gets the same weight (``cpu.weight`` 100, ``cpu.shares`` 1024) and a quota of
``SandboxLimits.cpu_cores`` (``cpu.max``, ``cpu.cfs_quota_us``). A slot's whole tree is then
one scheduler entity: a bot that spins many children (each its own session, and so its own
autogroup outside a cgroup) weighs no more than its opponent's one process and uses at most
its quota, so the opponent's wall time per decision stays what it was.

``auto`` (the default) prefers v2 with both caps, then v1, then v2 without caps (CPU and kill
of the tree only; the rlimits still cap each process). ``ARENA_CGROUPS`` forces ``v1``, ``v2``
or ``off``.
"""

from __future__ import annotations

import contextlib
import os
import signal
from abc import ABC, abstractmethod
from dataclasses import dataclass
from pathlib import Path

from bots.limits import SandboxLimits
from bots.outcome import PlatformError
from bots.proctree import descendants, has_exited

BACKEND_ENV = "ARENA_CGROUPS"
BACKENDS = ("auto", "v1", "v2", "off")
V2_ROOT_ENV = "ARENA_CGROUP2_ROOT"
"""A cgroup2 directory, delegated to this service, to make the slot cgroups in."""
SLOT_PREFIX = "arena-slot-"

V1_CONTROLLERS = ("memory", "pids", "cpuacct")
V1_OPTIONAL = ("cpu",)
"""Used where mounted and writable (the CPU share); a v1 host without it still gets the caps."""
V2_CAPS = ("memory", "pids")
"""The v2 controllers that cap a slot; everything else v2 gives is there without one."""
V2_OPTIONAL = ("cpu",)
"""Enabled where available, like the caps (the CPU share); not needed to prefer v2."""
CPU_PERIOD_US = 100_000
V1_CPU_SHARES = 1024
V2_CPU_WEIGHT = 100


class SlotCgroup(ABC):
    """The cgroup(s) of one runner slot, created on construction and kept until :meth:`remove`."""

    oom_kills_before = 0

    def __init__(self, cpu_counter: Path) -> None:
        self._cpu_counter = cpu_counter
        self._cpu_fd: int | None = None

    @abstractmethod
    def configure(self, limits: SandboxLimits) -> None:
        """Set the caps for the next bot and start its CPU and OOM counts from here."""

    @abstractmethod
    def cpu_seconds(self) -> float:
        """CPU time of the whole tree since :meth:`configure`."""

    @abstractmethod
    def oom_kills(self) -> int:
        """How many processes the kernel has killed here for want of memory."""

    @abstractmethod
    def pids(self) -> list[int]:
        """Live members (a zombie has already left its cgroup)."""

    @abstractmethod
    def attach(self, pids: list[int]) -> None:
        """Move ``pids`` in (those that have exited are skipped)."""

    @abstractmethod
    def remove(self) -> None:
        """Remove the (empty) cgroup(s): leave nothing in a hierarchy we do not own."""

    def kill(self) -> None:
        """SIGKILL every member (one at a time here; v2 overrides with ``cgroup.kill``)."""
        for pid in self.pids():
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)

    def adopt_tree(self, root: int) -> None:
        """Move ``root`` and all its descendants in, until none is outside.

        Done from the runner after the start, not in the child before exec: joining a v1
        cgroup waits for an RCU grace period (~10 ms), which then overlaps the sandbox's own
        start-up. A process forked by a member is born a member, so once a pass finds every
        process of the tree inside, it stays inside. (Until then the bot is still held by its
        rlimits; what it used before joining is not counted against it.)
        """
        for _ in range(100):
            members = set(self._last_joined())
            outside = [pid for pid in [root, *descendants(root)] if pid not in members]
            # A zombie has left its cgroup and cannot join one; a bot that exits at once
            # leaves zombies until its parent reaps them, and has nothing left to hold.
            outside = [pid for pid in outside if not has_exited(pid)]
            if not outside:
                return
            self.attach(outside)
        raise PlatformError("a bot's processes kept escaping its cgroup")

    def _last_joined(self) -> list[int]:
        """Members of the hierarchy :meth:`attach` joins last (a process in it is in all)."""
        return self.pids()

    def close(self) -> None:
        """Release the open CPU counter (the cgroup stays for the slot's next bot)."""
        if self._cpu_fd is not None:
            os.close(self._cpu_fd)
            self._cpu_fd = None

    def _read_counter(self) -> bytes:
        # Kept open, its path built once: the clock reads it after every answer, where a
        # pathlib join alone would cost more than the read.
        if self._cpu_fd is None:
            self._cpu_fd = os.open(self._cpu_counter, os.O_RDONLY)
        return os.pread(self._cpu_fd, 512, 0)


def _write(path: Path, text: str) -> None:
    """Write a control file; one that is missing raises (never made, as ``write_text`` would)."""
    fd = os.open(path, os.O_WRONLY | os.O_TRUNC)
    try:
        os.write(fd, text.encode())
    finally:
        os.close(fd)


def _procs(path: Path) -> list[int]:
    with contextlib.suppress(OSError, ValueError):
        return [int(p) for p in (path / "cgroup.procs").read_text().split()]
    return []


def _write_procs(path: Path, pids: list[int]) -> None:
    for pid in pids:
        with contextlib.suppress(ProcessLookupError):
            _write(path / "cgroup.procs", str(pid))


def _flat_keyed(text: str, key: str) -> int:
    """The value of ``key`` in a ``key value`` per line file (memory.events, cpu.stat …)."""
    for line in text.splitlines():
        name, _, value = line.partition(" ")
        if name == key:
            return int(value)
    return 0


# ---------------------------------------------------------------------------------------------
# v1


class V1SlotCgroup(SlotCgroup):
    """A slot's cgroups in the v1 memory, pids and cpuacct hierarchies."""

    def __init__(self, roots: dict[str, Path], index: int) -> None:
        self.paths = {}
        for controller, root in roots.items():
            path = root / f"{SLOT_PREFIX}{index}"
            path.mkdir(exist_ok=True)
            self.paths[controller] = path
        super().__init__(self.paths["cpuacct"] / "cpuacct.usage")

    def configure(self, limits: SandboxLimits) -> None:
        if "cpu" in self.paths:
            cpu = self.paths["cpu"]
            _write(cpu / "cpu.shares", str(V1_CPU_SHARES))
            _write(cpu / "cpu.cfs_period_us", str(CPU_PERIOD_US))
            _write(cpu / "cpu.cfs_quota_us", str(_quota_us(limits)))
        memory = self.paths["memory"]
        swap = memory / "memory.memsw.limit_in_bytes"  # absent without swap accounting
        with contextlib.suppress(OSError):
            swap.write_text("-1")  # memory may not rise above memsw: lift memsw first
        (memory / "memory.limit_in_bytes").write_text(str(limits.memory_bytes))
        with contextlib.suppress(OSError):
            swap.write_text(str(limits.memory_bytes))
        (self.paths["pids"] / "pids.max").write_text(str(limits.processes))
        self._cpu_counter.write_text("0")
        self.oom_kills_before = self.oom_kills()

    def cpu_seconds(self) -> float:
        return int(self._read_counter()) / 1e9

    def oom_kills(self) -> int:
        return _flat_keyed((self.paths["memory"] / "memory.oom_control").read_text(), "oom_kill")

    def pids(self) -> list[int]:
        return _procs(self.paths["pids"])

    def _last_joined(self) -> list[int]:
        return _procs(self.paths["cpuacct"])

    def attach(self, pids: list[int]) -> None:
        # Once per hierarchy: co-mounted controllers ("cpu,cpuacct") share one directory.
        for path in dict.fromkeys(self.paths.values()):
            _write_procs(path, pids)

    def remove(self) -> None:
        self.close()
        for path in dict.fromkeys(self.paths.values()):
            with contextlib.suppress(OSError):
                path.rmdir()


def _v1_root(controller: str, proc_cgroup: str) -> Path | None:
    for line in proc_cgroup.splitlines():
        _, names, path = line.split(":", 2)
        if controller in names.split(","):
            root = Path("/sys/fs/cgroup") / controller / path.lstrip("/")
            return root if root.is_dir() else None
    return None


# ---------------------------------------------------------------------------------------------
# v2


class V2SlotCgroup(SlotCgroup):
    """A slot's cgroup in the unified hierarchy; ``caps`` are the controllers it has."""

    def __init__(self, root: Path, index: int, caps: frozenset[str]) -> None:
        self.path = root / f"{SLOT_PREFIX}{index}"
        self.path.mkdir(exist_ok=True)
        super().__init__(self.path / "cpu.stat")
        self.caps = caps
        self._cpu_usec_before = 0

    def configure(self, limits: SandboxLimits) -> None:
        if "memory" in self.caps:
            _write(self.path / "memory.max", str(limits.memory_bytes))
            # Absent without swap accounting; where present, a bot must not page out instead.
            with contextlib.suppress(FileNotFoundError):
                _write(self.path / "memory.swap.max", "0")
        if "pids" in self.caps:
            _write(self.path / "pids.max", str(limits.processes))
        if "cpu" in self.caps:
            _write(self.path / "cpu.weight", str(V2_CPU_WEIGHT))
            quota = _quota_us(limits)
            _write(self.path / "cpu.max", f"{quota if quota > 0 else 'max'} {CPU_PERIOD_US}")
        # v2 counters cannot be reset: count from here.
        self._cpu_usec_before = self._cpu_usec()
        self.oom_kills_before = self.oom_kills()

    def _cpu_usec(self) -> int:
        return _flat_keyed(self._read_counter().decode(), "usage_usec")

    def cpu_seconds(self) -> float:
        return (self._cpu_usec() - self._cpu_usec_before) / 1e6

    def oom_kills(self) -> int:
        if "memory" not in self.caps:
            return 0
        return _flat_keyed((self.path / "memory.events").read_text(), "oom_kill")

    def pids(self) -> list[int]:
        return _procs(self.path)

    def attach(self, pids: list[int]) -> None:
        _write_procs(self.path, pids)

    def kill(self) -> None:
        """All members at once, so a fork bomb cannot outrun the kill (Linux 5.14+)."""
        try:
            _write(self.path / "cgroup.kill", "1")
        except FileNotFoundError:
            super().kill()

    def remove(self) -> None:
        self.close()
        with contextlib.suppress(OSError):
            self.path.rmdir()


def own_cgroup2_dir(mountinfo: str, proc_cgroup: str) -> Path | None:
    """This process's cgroup in the unified hierarchy, as a directory, if one is mounted.

    ``mountinfo`` and ``proc_cgroup`` are the texts of ``/proc/self/mountinfo`` and
    ``/proc/self/cgroup``.
    """
    own = next((line[3:] for line in proc_cgroup.splitlines() if line.startswith("0::")), None)
    if own is None:
        return None
    for line in mountinfo.splitlines():
        fields = line.split()
        separator = fields.index("-")
        if fields[separator + 1] != "cgroup2":
            continue
        mount_root, mount_point = fields[3], fields[4]
        # In a cgroup namespace both are relative to the namespace's root.
        relative = os.path.relpath(own, mount_root) if own.startswith(mount_root) else own
        path = Path(mount_point) / relative.lstrip("/") if relative != "." else Path(mount_point)
        return path if path.is_dir() else None
    return None


def _quota_us(limits: SandboxLimits) -> int:
    """The CPU quota per period for ``limits``, or -1 for none (v1's spelling)."""
    return round(limits.cpu_cores * CPU_PERIOD_US) if limits.cpu_cores > 0 else -1


def _enable_caps(root: Path) -> frozenset[str]:
    """Hand the memory, pids and cpu controllers to ``root``'s children where we can."""
    available = set((root / "cgroup.controllers").read_text().split())
    subtree = root / "cgroup.subtree_control"
    enabled = {name.lstrip("+") for name in subtree.read_text().split()}
    wanted = (*V2_CAPS, *V2_OPTIONAL)
    missing = [name for name in wanted if name in available and name not in enabled]
    # One write enables all its names or none, and cpu can fail alone (EINVAL while a realtime
    # thread sits outside the root cgroup): then the caps without it.
    for names in (missing, [name for name in missing if name in V2_CAPS]):
        if not names:
            break
        try:
            _write(subtree, " ".join(f"+{name}" for name in names))
            break
        except OSError:
            continue  # EBUSY when the cgroup has member processes (and is not the root)
    enabled = {name.lstrip("+") for name in subtree.read_text().split()}
    return frozenset(enabled & set(wanted))


# ---------------------------------------------------------------------------------------------
# Choosing a backend


@dataclass(frozen=True)
class Backend:
    """Where and how slot cgroups are made on this machine."""

    version: str
    v1_roots: dict[str, Path] | None = None
    v2_root: Path | None = None
    v2_caps: frozenset[str] = frozenset()

    def slot(self, index: int) -> SlotCgroup:
        if self.version == "v1":
            assert self.v1_roots is not None
            return V1SlotCgroup(self.v1_roots, index)
        assert self.v2_root is not None
        return V2SlotCgroup(self.v2_root, index, self.v2_caps)

    def describe(self) -> str:
        if self.version == "v1":
            assert self.v1_roots is not None
            share = ", cpu share" if "cpu" in self.v1_roots else "; no cpu hierarchy: no share"
            return f"v1 (memory, pids, cpuacct{share})"
        given = [f"{name} cap" for name in V2_CAPS if name in self.v2_caps]
        if "cpu" in self.v2_caps:
            given.append("cpu share")
        missing = [name for name in V2_CAPS if name not in self.v2_caps]
        text = f"v2 at {self.v2_root} ({', '.join([*given, 'cpu.stat, cgroup.procs'])}"
        if missing:
            text += f"; no {' or '.join(missing)} controller here: rlimits only"
        return text + ")"


def _v1_backend() -> Backend | None:
    if os.geteuid() != 0:
        return None  # the v1 hierarchies are root's
    proc_cgroup = Path("/proc/self/cgroup").read_text()
    roots = {}
    for controller in (*V1_CONTROLLERS, *V1_OPTIONAL):
        root = _v1_root(controller, proc_cgroup)
        usable = root is not None and os.access(root, os.W_OK)
        if usable and controller == "cpu":  # the quota needs CONFIG_CFS_BANDWIDTH
            usable = all((root / name).is_file() for name in ("cpu.shares", "cpu.cfs_quota_us"))
        if not usable:
            if controller in V1_OPTIONAL:
                continue
            return None
        roots[controller] = root
    return Backend("v1", v1_roots=roots)


def _v2_backend() -> Backend | None:
    configured = os.environ.get(V2_ROOT_ENV)
    if configured:
        root: Path | None = Path(configured)
        if not (root / "cgroup.controllers").is_file():
            raise PlatformError(f"{V2_ROOT_ENV}={configured} is not a cgroup v2 directory")
    else:
        root = own_cgroup2_dir(
            Path("/proc/self/mountinfo").read_text(), Path("/proc/self/cgroup").read_text()
        )
    # The slot directories must be ours to make, and their members ours to move.
    if (
        root is None
        or not os.access(root, os.W_OK)
        or not os.access(root / "cgroup.procs", os.W_OK)
    ):
        return None
    return Backend("v2", v2_root=root, v2_caps=_enable_caps(root))


_detected: tuple[Backend | None] | None = None


def detect(refresh: bool = False) -> Backend | None:
    """The backend slots use here (cached), or None: then CPU is read from /proc."""
    global _detected
    if _detected is not None and not refresh:
        return _detected[0]
    choice = os.environ.get(BACKEND_ENV) or "auto"
    if choice not in BACKENDS:
        raise PlatformError(f"{BACKEND_ENV}={choice!r} is not one of {', '.join(BACKENDS)}")
    backend = None
    if choice in ("auto", "v2"):
        backend = _v2_backend()
        if choice == "auto" and backend is not None and not set(V2_CAPS) <= backend.v2_caps:
            backend = _v1_backend() or backend  # v1 has the caps v2 lacks here
    elif choice == "v1":
        backend = _v1_backend()
    if backend is None and choice == "auto":
        backend = _v1_backend()
    if backend is None and choice in ("v1", "v2"):
        raise PlatformError(f"{BACKEND_ENV}={choice}, but no writable cgroup {choice} is here")
    _detected = (backend,)
    return backend


def usable() -> bool:
    """Whether slots get cgroups here."""
    return detect() is not None


def describe() -> str:
    """Which backend slots use and what it gives, or "" for none."""
    backend = detect()
    return backend.describe() if backend is not None else ""


def for_slot(index: int) -> SlotCgroup | None:
    """The cgroup of runner slot ``index`` (created if missing), or None where there are none."""
    backend = detect()
    return backend.slot(index) if backend is not None else None
