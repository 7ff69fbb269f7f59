"""The slot cgroup backends.

cgroup v2 is tested two ways. Against a fake directory tree: everything a controller provides
(``memory.max``, ``memory.swap.max``, ``pids.max``, ``memory.events``) and the parsing of
``/proc/self/{mountinfo,cgroup}``, because the development machine binds the memory and pids
controllers to v1 and a v2 hierarchy here has none of them. For real, on a cgroup2 hierarchy
mounted at a private path: creating and removing slot cgroups, moving a process tree in,
``cpu.stat``, ``cgroup.procs`` and ``cgroup.kill``, and whole matches with hostile bots.
"""

from __future__ import annotations

import contextlib
import dataclasses
import errno
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from bots import cgroups, proctree, sandbox
from bots.limits import SandboxLimits
from bots.outcome import MEMORY_LIMIT, PROTOCOL_ERROR, TIMEOUT, PlatformError
from tests.bots.conftest import CPU_CLOCK, TEST_CLOCK, can_sandbox_as_root
from tests.bots.test_hostile import assert_forfeit, play_hostile

LIMITS = SandboxLimits(memory_bytes=300_000_000, processes=17)


# ---------------------------------------------------------------------------------------------
# Finding our own cgroup2 directory


def _mountinfo(*mounts: tuple[str, str, str]) -> str:
    """mountinfo lines for (root, mount point, filesystem type)."""
    return "".join(
        f"{30 + i} 23 0:{28 + i} {root} {point} rw,relatime shared:9 - {fstype} {fstype} rw\n"
        for i, (root, point, fstype) in enumerate(mounts)
    )


def test_own_cgroup2_dir_on_a_pure_v2_host(tmp_path: Path) -> None:
    service = tmp_path / "system.slice" / "arena.service"
    service.mkdir(parents=True)
    mountinfo = _mountinfo(("/", "/proc", "proc"), ("/", str(tmp_path), "cgroup2"))
    assert cgroups.own_cgroup2_dir(mountinfo, "0::/system.slice/arena.service\n") == service


def test_own_cgroup2_dir_on_a_hybrid_host(tmp_path: Path) -> None:
    unified = tmp_path / "unified"
    unified.mkdir()
    mountinfo = _mountinfo(
        ("/", str(tmp_path), "tmpfs"),
        ("/", str(tmp_path / "memory"), "cgroup"),
        ("/", str(unified), "cgroup2"),
    )
    proc_cgroup = "4:memory:/process_api/x\n1:cpu:/\n0::/\n"
    assert cgroups.own_cgroup2_dir(mountinfo, proc_cgroup) == unified


def test_no_cgroup2_dir_without_a_v2_hierarchy(tmp_path: Path) -> None:
    v1_only = _mountinfo(("/", str(tmp_path), "cgroup"))
    assert cgroups.own_cgroup2_dir(v1_only, "4:memory:/\n") is None
    assert cgroups.own_cgroup2_dir(v1_only, "4:memory:/\n0::/\n") is None


# ---------------------------------------------------------------------------------------------
# v2 against a fake tree


@pytest.fixture
def fake_v2_root(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A directory shaped like a delegated cgroup2 directory, and slot 0's files in it.

    The kernel fills a new cgroup's directory itself; here slot 0 is made beforehand with what
    a kernel with the memory and pids controllers would put there.
    """
    root = tmp_path / "delegated"
    root.mkdir()
    (root / "cgroup.controllers").write_text("cpuset cpu io memory hugetlb pids rdma misc\n")
    (root / "cgroup.subtree_control").write_text("")
    (root / "cgroup.procs").write_text("")
    slot = root / f"{cgroups.SLOT_PREFIX}0"
    slot.mkdir()
    files = {
        "cgroup.procs": "",
        "cgroup.kill": "",
        "cpu.stat": "usage_usec 250000\nuser_usec 200000\nsystem_usec 50000\n",
        "memory.max": "max\n",
        "memory.swap.max": "max\n",
        "memory.events": "low 0\nhigh 0\nmax 4\noom 2\noom_kill 2\noom_group_kill 0\n",
        "pids.max": "max\n",
        "cpu.weight": "100\n",
        "cpu.max": "max 100000\n",
    }
    for name, text in files.items():
        (slot / name).write_text(text)
    monkeypatch.setenv(cgroups.BACKEND_ENV, "v2")
    monkeypatch.setenv(cgroups.V2_ROOT_ENV, str(root))
    yield root
    monkeypatch.undo()
    cgroups.detect(refresh=True)


def test_v2_backend_enables_memory_pids_and_cpu_for_the_slots(fake_v2_root: Path) -> None:
    backend = cgroups.detect(refresh=True)
    assert backend is not None and backend.version == "v2"
    assert backend.v2_root == fake_v2_root
    assert backend.v2_caps == {"memory", "pids", "cpu"}
    assert (fake_v2_root / "cgroup.subtree_control").read_text() == "+memory +pids +cpu"
    assert "memory cap, pids cap, cpu share" in backend.describe()
    assert "rlimits only" not in backend.describe()


def test_v2_slot_sets_caps_and_counts_from_configure(fake_v2_root: Path) -> None:
    slot_cgroup = cgroups.detect(refresh=True).slot(0)
    path = fake_v2_root / f"{cgroups.SLOT_PREFIX}0"
    slot_cgroup.configure(LIMITS)
    assert (path / "memory.max").read_text() == "300000000"
    assert (path / "memory.swap.max").read_text() == "0"
    assert (path / "pids.max").read_text() == "17"
    # Every slot the same weight, and one core at most (SandboxLimits.cpu_cores).
    assert (path / "cpu.weight").read_text() == "100"
    assert (path / "cpu.max").read_text() == "100000 100000"
    assert slot_cgroup.cpu_seconds() == 0.0  # counted from configure(): v2 cannot reset it
    (path / "cpu.stat").write_text("usage_usec 1750000\nuser_usec 1\nsystem_usec 2\n")
    assert slot_cgroup.cpu_seconds() == pytest.approx(1.5)
    assert slot_cgroup.oom_kills() == slot_cgroup.oom_kills_before == 2
    (path / "memory.events").write_text("low 0\nmax 9\noom 3\noom_kill 3\n")
    assert slot_cgroup.oom_kills() == 3
    (path / "cgroup.procs").write_text("101\n102\n")
    assert slot_cgroup.pids() == [101, 102]
    slot_cgroup.kill()
    assert (path / "cgroup.kill").read_text() == "1"
    slot_cgroup.close()


def test_v2_slot_without_controllers_leaves_their_files_alone(
    fake_v2_root: Path,
) -> None:
    (fake_v2_root / "cgroup.controllers").write_text("cpuset io\n")
    backend = cgroups.detect(refresh=True)
    assert backend.v2_caps == frozenset()
    assert "no memory or pids controller here: rlimits only" in backend.describe()
    slot_cgroup = backend.slot(0)
    path = fake_v2_root / f"{cgroups.SLOT_PREFIX}0"
    slot_cgroup.configure(LIMITS)
    assert (path / "memory.max").read_text() == "max\n"
    assert (path / "pids.max").read_text() == "max\n"
    assert (path / "cpu.max").read_text() == "max 100000\n"
    (path / "memory.events").write_text("oom_kill 5\n")
    assert slot_cgroup.oom_kills() == 0  # without the controller the file is not the kernel's
    slot_cgroup.close()


def test_a_cgroup_with_members_cannot_pass_controllers_on(
    fake_v2_root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The kernel's EBUSY (our own cgroup holds processes): v2 without caps."""
    write = cgroups._write

    def busy(path: Path, text: str) -> None:
        if path.name == "cgroup.subtree_control":
            raise OSError(errno.EBUSY, "Device or resource busy")
        write(path, text)

    monkeypatch.setattr(cgroups, "_write", busy)
    backend = cgroups.detect(refresh=True)
    assert backend.version == "v2" and backend.v2_caps == frozenset()


def test_a_cpu_controller_that_will_not_enable_leaves_the_caps(
    fake_v2_root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """cpu alone can fail (EINVAL with a realtime thread outside the root): the memory and pids
    caps are enabled on their own, so the slots keep them and only the CPU share is missing."""
    write = cgroups._write

    def no_cpu(path: Path, text: str) -> None:
        if path.name == "cgroup.subtree_control" and "+cpu" in text:
            raise OSError(errno.EINVAL, "Invalid argument")
        write(path, text)

    monkeypatch.setattr(cgroups, "_write", no_cpu)
    backend = cgroups.detect(refresh=True)
    assert backend.version == "v2" and backend.v2_caps == {"memory", "pids"}
    assert "cpu share" not in backend.describe()


@pytest.mark.parametrize(
    ("controllers", "v1_here", "chosen"),
    [
        ("memory pids", True, "v2"),  # v2 with both caps first
        ("memory", True, "v1"),  # then v1, which has the caps v2 lacks here
        ("memory", False, "v2"),  # then v2 for CPU and kill only
    ],
)
def test_auto_prefers_the_backend_with_the_caps(
    fake_v2_root: Path,
    monkeypatch: pytest.MonkeyPatch,
    controllers: str,
    v1_here: bool,
    chosen: str,
) -> None:
    (fake_v2_root / "cgroup.controllers").write_text(controllers)
    v1 = cgroups.Backend("v1", v1_roots={}) if v1_here else None
    monkeypatch.setattr(cgroups, "_v1_backend", lambda: v1)
    monkeypatch.setenv(cgroups.BACKEND_ENV, "auto")
    assert cgroups.detect(refresh=True).version == chosen


def test_v2_kill_without_cgroup_kill_signals_each_member(fake_v2_root: Path) -> None:
    """Before Linux 5.14 there is no cgroup.kill: the members are killed one by one."""
    path = fake_v2_root / f"{cgroups.SLOT_PREFIX}0"
    (path / "cgroup.kill").unlink()
    sleeper = subprocess.Popen(["sleep", "60"])
    try:
        (path / "cgroup.procs").write_text(f"{sleeper.pid}\n")
        cgroups.detect(refresh=True).slot(0).kill()
        assert sleeper.wait(timeout=5) == -9
    finally:
        sleeper.kill()
        sleeper.wait()


def test_a_v2_root_that_is_no_cgroup_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(cgroups.V2_ROOT_ENV, str(tmp_path))
    with pytest.raises(PlatformError, match="not a cgroup v2 directory"):
        cgroups.detect(refresh=True)
    monkeypatch.setenv(cgroups.V2_ROOT_ENV, "")
    monkeypatch.setenv(cgroups.BACKEND_ENV, "v3")
    with pytest.raises(PlatformError, match="not one of"):
        cgroups.detect(refresh=True)
    monkeypatch.undo()
    cgroups.detect(refresh=True)


def test_off_means_no_cgroups(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(cgroups.BACKEND_ENV, "off")
    assert cgroups.detect(refresh=True) is None
    assert cgroups.for_slot(0) is None and cgroups.describe() == ""
    monkeypatch.undo()
    cgroups.detect(refresh=True)


# ---------------------------------------------------------------------------------------------
# v2 for real, on a private mount of the unified hierarchy


@pytest.fixture
def real_v2_root(tmp_path: Path) -> Iterator[Path]:
    """A fresh cgroup under a cgroup2 mount of our own; both are gone afterwards."""
    if os.geteuid() != 0:
        pytest.skip("mounting a cgroup2 hierarchy needs root; CI runs as root")
    mount_point = tmp_path / "cgroup2"
    mount_point.mkdir()
    mounted = subprocess.run(
        ["mount", "-t", "cgroup2", "none", str(mount_point)], capture_output=True, text=True
    )
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount cgroup2 here: {mounted.stderr.strip()}")
    root = mount_point / f"arena-test-{os.getpid()}"
    try:
        root.mkdir()
        yield root
    finally:
        for leftover in sorted(root.glob(f"{cgroups.SLOT_PREFIX}*")):
            (leftover / "cgroup.kill").write_text("1")
            time.sleep(0.05)
            leftover.rmdir()
        if root.exists():
            root.rmdir()
        subprocess.run(["umount", str(mount_point)], check=True)


@can_sandbox_as_root
def test_real_v2_slot_holds_a_tree_counts_its_cpu_and_kills_it(
    real_v2_root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(cgroups.BACKEND_ENV, "v2")
    monkeypatch.setenv(cgroups.V2_ROOT_ENV, str(real_v2_root))
    backend = cgroups.detect(refresh=True)
    assert backend is not None and backend.v2_root == real_v2_root
    slot_cgroup = backend.slot(7)
    path = real_v2_root / f"{cgroups.SLOT_PREFIX}7"
    assert (path / "cgroup.procs").is_file()  # the kernel made it a cgroup
    slot_cgroup.configure(SandboxLimits())
    # A parent that spins, with a child that left its session (killpg would miss it).
    spinner = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import os, time\n"
            "if os.fork() == 0:\n"
            "    os.setsid()\n"
            "    while True: pass\n"
            "end = time.process_time() + 0.3\n"
            "while time.process_time() < end: pass\n"
            "time.sleep(60)\n",
        ]
    )
    try:
        deadline = time.monotonic() + 10
        while len(slot_cgroup.pids()) < 2 and time.monotonic() < deadline:
            slot_cgroup.adopt_tree(spinner.pid)
            time.sleep(0.01)
        members = slot_cgroup.pids()
        assert spinner.pid in members and len(members) == 2
        while slot_cgroup.cpu_seconds() < 0.5 and time.monotonic() < deadline:
            time.sleep(0.02)
        assert slot_cgroup.cpu_seconds() >= 0.5  # both processes' CPU, from cpu.stat
        assert (path / "cgroup.kill").is_file()
        slot_cgroup.kill()
        assert spinner.wait(timeout=5) == -9
        while slot_cgroup.pids() and time.monotonic() < deadline:
            time.sleep(0.01)
        assert slot_cgroup.pids() == []  # the setsid child too
        (escaper,) = set(members) - {spinner.pid}
        with contextlib.suppress(ChildProcessError):
            os.waitpid(escaper, 0)  # ours if an earlier test made us the child subreaper
    finally:
        spinner.kill()
        spinner.wait()
        slot_cgroup.close()
    slot_cgroup.remove()
    assert not path.exists()
    monkeypatch.undo()
    cgroups.detect(refresh=True)


@pytest.fixture
def v2_sandbox(real_v2_root: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Matches run with slot cgroups on the real v2 mount (bwrap tier)."""
    monkeypatch.setenv(cgroups.BACKEND_ENV, "v2")
    monkeypatch.setenv(cgroups.V2_ROOT_ENV, str(real_v2_root))
    info = sandbox.probe(refresh=True)
    assert info.cgroups.startswith(f"v2 at {real_v2_root}"), info.cgroups
    yield real_v2_root
    monkeypatch.undo()
    sandbox.probe(refresh=True)
    assert list(real_v2_root.glob(f"{cgroups.SLOT_PREFIX}*")) == []  # released slots removed


@can_sandbox_as_root
@pytest.mark.parametrize(
    ("bot", "reason", "detail"),
    [
        ("infinite_loop", TIMEOUT, "CPU"),  # charged from cpu.stat
        ("early_spinner", TIMEOUT, "CPU"),  # a child forked before the first message too
        ("fork_bomb", TIMEOUT, "CPU"),
        ("setsid_escape", TIMEOUT, "wall-clock"),  # and cgroup.kill leaves no survivor
        ("memory_bomb", MEMORY_LIMIT, "memory"),  # RLIMIT_AS: no memory controller here
        ("close_stdout", PROTOCOL_ERROR, "closed its stdout"),
    ],
)
def test_hostile_bots_lose_with_v2_slot_cgroups(
    v2_sandbox: Path, bot: str, reason: str, detail: str
) -> None:
    outcome = play_hostile(bot, clock=CPU_CLOCK if detail == "CPU" else TEST_CLOCK)
    assert_forfeit(outcome, reason)
    assert detail in outcome.seats[0].forfeit_detail


# ---------------------------------------------------------------------------------------------
# Adoption


@can_sandbox_as_root
def test_adoption_passes_over_zombies_of_a_bot_that_exits_at_once() -> None:
    """A zombie has left its cgroup and can never join one: were it counted as outside, a bot
    whose processes exit before their parent reaps them would fail as a platform error."""
    if cgroups.detect(refresh=True) is None:
        pytest.skip("no cgroups on this machine")
    parent = subprocess.Popen(
        [sys.executable, "-c", "import os, time\nif os.fork() == 0: os._exit(0)\ntime.sleep(30)"]
    )
    try:
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            zombies = [pid for pid in proctree.descendants(parent.pid) if _state(pid) == "Z"]
            if zombies:
                break
            time.sleep(0.01)
        assert zombies, "the child never became a zombie"
        with sandbox.acquire_slot() as slot:
            assert slot.cgroup is not None
            slot.cgroup.adopt_tree(parent.pid)
            assert parent.pid in slot.cgroup.pids()
            parent.kill()
            parent.wait()
    finally:
        parent.kill()
        parent.wait()


def _state(pid: int) -> str:
    with open(f"/proc/{pid}/stat") as f:
        return f.read().rsplit(")", 1)[1].split()[0]


@can_sandbox_as_root
def test_v1_slot_gets_an_equal_cpu_weight_and_a_quota(monkeypatch: pytest.MonkeyPatch) -> None:
    """On this hybrid VM (and CI): the cpu hierarchy's slot cgroup, configured per bot."""
    monkeypatch.setenv(cgroups.BACKEND_ENV, "v1")
    try:
        backend = cgroups.detect(refresh=True)
    except PlatformError:
        pytest.skip("no writable cgroup v1 here")
    assert backend is not None and backend.v1_roots is not None
    if "cpu" not in backend.v1_roots:
        pytest.skip("no v1 cpu hierarchy here")
    assert "cpu share" in backend.describe()
    slot_cgroup = backend.slot(PROBE_SLOT_FOR_CPU)
    try:
        slot_cgroup.configure(dataclasses.replace(LIMITS, cpu_cores=1.5))
        path = backend.v1_roots["cpu"] / f"{cgroups.SLOT_PREFIX}{PROBE_SLOT_FOR_CPU}"
        assert (path / "cpu.shares").read_text().strip() == "1024"
        assert (path / "cpu.cfs_period_us").read_text().strip() == "100000"
        assert (path / "cpu.cfs_quota_us").read_text().strip() == "150000"
        slot_cgroup.configure(dataclasses.replace(LIMITS, cpu_cores=0))
        assert (path / "cpu.cfs_quota_us").read_text().strip() == "-1"
    finally:
        slot_cgroup.remove()
        monkeypatch.undo()
        cgroups.detect(refresh=True)
    assert not path.exists()


PROBE_SLOT_FOR_CPU = 997
"""A slot index no runner uses (they count from 0; the sandbox probe has 999)."""
