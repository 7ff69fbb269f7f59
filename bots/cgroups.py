"""A cgroup per sandbox slot: the memory and process caps, CPU time and kill of a bot's whole tree.

cgroup v1 (memory, pids, cpuacct), nested under this process's own cgroups.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

from bots.limits import SandboxLimits
from bots.outcome import PlatformError
from bots.proctree import descendants

_CONTROLLERS = ("memory", "pids", "cpuacct")


def _cgroup_root(controller: str) -> Path | None:
    with open("/proc/self/cgroup") as f:
        for line in f:
            _, names, path = line.rstrip("\n").split(":", 2)
            if controller in names.split(","):
                root = Path("/sys/fs/cgroup") / controller / path.lstrip("/")
                return root if root.is_dir() else None
    return None


_cgroups_cache: bool | None = None


def usable() -> bool:
    """Whether slots get cgroups here (cached)."""
    global _cgroups_cache
    if _cgroups_cache is None:
        roots = [_cgroup_root(c) for c in _CONTROLLERS] if os.geteuid() == 0 else [None]
        _cgroups_cache = all(r is not None and os.access(r, os.W_OK) for r in roots)
    return _cgroups_cache


class SlotCgroup:
    """A slot's cgroups in the v1 memory, pids and cpuacct hierarchies."""

    def __init__(self, index: int) -> None:
        self.paths = {}
        for controller in _CONTROLLERS:
            root = _cgroup_root(controller)
            assert root is not None
            path = root / f"arena-slot-{index}"
            path.mkdir(exist_ok=True)
            self.paths[controller] = path
        self._cpu_fd: int | None = None

    def configure(self, limits: SandboxLimits) -> None:
        memory = self.paths["memory"]
        swap = memory / "memory.memsw.limit_in_bytes"  # absent without swap accounting
        with contextlib.suppress(OSError):
            swap.write_text("-1")  # memory may not rise above memsw: lift memsw first
        (memory / "memory.limit_in_bytes").write_text(str(limits.memory_bytes))
        with contextlib.suppress(OSError):
            swap.write_text(str(limits.memory_bytes))
        (self.paths["pids"] / "pids.max").write_text(str(limits.processes))
        (self.paths["cpuacct"] / "cpuacct.usage").write_text("0")
        self.oom_kills_before = self.oom_kills()

    def cpu_seconds(self) -> float:
        if self._cpu_fd is None:
            self._cpu_fd = os.open(self.paths["cpuacct"] / "cpuacct.usage", os.O_RDONLY)
        return int(os.pread(self._cpu_fd, 64, 0)) / 1e9

    def oom_kills(self) -> int:
        text = (self.paths["memory"] / "memory.oom_control").read_text()
        for line in text.splitlines():
            if line.startswith("oom_kill "):
                return int(line.split()[1])
        return 0

    def pids(self, controller: str = "pids") -> list[int]:
        """Live members (a zombie has already left its cgroup)."""
        with contextlib.suppress(OSError, ValueError):
            return [int(p) for p in (self.paths[controller] / "cgroup.procs").read_text().split()]
        return []

    def attach(self, pids: list[int]) -> None:
        for path in self.paths.values():
            for pid in pids:
                with contextlib.suppress(ProcessLookupError):
                    (path / "cgroup.procs").write_text(str(pid))

    def adopt_tree(self, root: int) -> None:
        """Move ``root`` and all its descendants in, until none is outside.

        Done from the runner after the start, not in the child before exec: joining a v1
        cgroup waits for an RCU grace period (~10 ms), which then overlaps the sandbox's own
        start-up. A process forked by a member is born a member, so once a pass finds every
        process of the tree inside, it stays inside. (Until then the bot is still held by its
        rlimits; what it used before joining is not counted against it.)
        """
        for _ in range(100):
            members = set(self.pids("cpuacct"))  # the controller joined last
            outside = [pid for pid in [root, *descendants(root)] if pid not in members]
            if not outside:
                return
            self.attach(outside)
        raise PlatformError("a bot's processes kept escaping its cgroup")

    def remove(self) -> None:
        self.close()
        for path in self.paths.values():
            with contextlib.suppress(OSError):
                path.rmdir()

    def close(self) -> None:
        if self._cpu_fd is not None:
            os.close(self._cpu_fd)
            self._cpu_fd = None


def for_slot(index: int) -> SlotCgroup | None:
    """The cgroup of runner slot ``index`` (created if missing), or None where there are none."""
    return SlotCgroup(index) if usable() else None
