"""Starting a bot process inside the strongest isolation this machine offers, and killing it.

Tiers, probed once per process (``../shared/reference/sandbox.md`` measured them here):

``bwrap``
    The service is root: bubblewrap is started as the runner slot's own unprivileged uid
    (61000 + slot) with every namespace unshared (no network), only ``/usr``, the bot's code and
    the SDK mounted read-only, a size-capped tmpfs as scratch, a clean environment, a seccomp
    filter denying inet sockets, its own PID namespace and ``--die-with-parent``.
``bwrap-user``
    The same, for a non-root runner (a developer, the non-root image): bwrap runs in a user
    namespace as the runner's own uid, so the bots share its process limit, and the kill
    sweep goes by process tree instead of by uid.
``uid-seccomp``
    Root without a working bwrap (bubblewrap missing, or unprivileged user namespaces turned
    off): between fork and exec the child makes the same world as bwrap itself (new network,
    IPC, UTS and mount namespaces; a read-only tmpfs root holding ``/usr``, the bot's code and
    the SDK read-only, a size-capped tmpfs ``/tmp``, a minimal read-only ``/dev`` and a
    ``/proc`` that hides other users' processes; ``chroot`` into it), then drops to the slot
    uid, sets rlimits and loads the seccomp filter. No PID namespace: kill is by uid sweep
    with this process as child subreaper. Where those namespaces cannot be made (a container
    without ``CAP_SYS_ADMIN``) the probe fails and the tier is refused.
``unsafe``
    No isolation. Only with ``ARENA_UNSAFE_NO_SANDBOX=1``, and it says so loudly.

Everywhere: rlimits (memory, CPU, processes, file size, open files, no core dumps), a cgroup
per slot where one can be made (``bots/cgroups.py``: memory and pids caps, CPU of the whole
tree), and a kill that leaves no process of the slot's uid behind.
"""

from __future__ import annotations

import contextlib
import ctypes
import fcntl
import os
import resource
import shutil
import signal
import stat
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from bots import cgroups, seccomp_filter
from bots.limits import SandboxLimits
from bots.outcome import PlatformError
from bots.proctree import GONE, descendants

TIER_BWRAP = "bwrap"
TIER_BWRAP_USER = "bwrap-user"
TIER_UID_SECCOMP = "uid-seccomp"
TIER_UNSAFE = "unsafe"
TIERS = (TIER_BWRAP, TIER_BWRAP_USER, TIER_UID_SECCOMP, TIER_UNSAFE)

UNSAFE_ENV = "ARENA_UNSAFE_NO_SANDBOX"
TIER_ENV = "ARENA_SANDBOX_TIER"
"""Force a weaker tier than the probe would pick (tests of the fallback use it)."""
DIR_ENV = "ARENA_SANDBOX_DIR"
SLOTS_ENV = "ARENA_SANDBOX_SLOTS"

BWRAP = "/usr/bin/bwrap"
PRLIMIT = "/usr/bin/prlimit"  # util-linux, essential on Debian
SETPRIV = "/usr/bin/setpriv"
PYTHON = "/usr/bin/python3"
"""Debian's interpreter: the service's virtualenv may live where a slot uid cannot read."""
FIRST_SLOT_UID = 61000
PROBE_SLOT = 999
SDK_DIR = Path(__file__).resolve().parent / "sdk"

_libc = ctypes.CDLL(None, use_errno=True)
_PR_SET_PDEATHSIG = 1
_PR_SET_CHILD_SUBREAPER = 36
_CLONE_NEWNET = 0x40000000
_CLONE_NEWIPC = 0x08000000
_CLONE_NEWUTS = 0x04000000
_CLONE_NEWNS = 0x00020000
_MS_RDONLY = 1
_MS_NOSUID = 2
_MS_NODEV = 4
_MS_NOEXEC = 8
_MS_REMOUNT = 32
_MS_BIND = 4096
_MS_REC = 16384
_MS_PRIVATE = 1 << 18
MOUNTED_TIERS = (TIER_BWRAP, TIER_BWRAP_USER, TIER_UID_SECCOMP)
"""Tiers whose bot sees only ``/usr``, ``/bot``, ``/sdk``, ``/tmp``, ``/dev`` and ``/proc``."""
_DEVICES = ("null", "zero", "full", "random", "urandom", "tty")
"""The device nodes a bot gets (bwrap's ``--dev`` set)."""


class SandboxUnavailable(PlatformError):
    """No isolation is possible and the unsafe development flag is not set."""


@dataclass(frozen=True)
class SandboxInfo:
    tier: str
    detail: str
    cgroups: str
    """The slot cgroups' backend and what it gives (``cgroups.describe()``); "" for none."""

    @property
    def isolated(self) -> bool:
        return self.tier != TIER_UNSAFE


# ---------------------------------------------------------------------------------------------
# Probe


_probed: SandboxInfo | None = None


def probe(refresh: bool = False) -> SandboxInfo:
    """Pick the strongest working tier (cached); raise if none and unsafe mode is off."""
    global _probed
    if _probed is not None and not refresh:
        return _probed
    _probed = None
    # Orphans of a bot (its namespace's init, a process that escaped its session) re-parent to
    # us instead of the host's init, so the sweep reaps them at once and no zombie keeps
    # counting against the slot uid's process limit. Before the trial runs below: theirs too.
    _libc.prctl(_PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)
    cgroups.detect(refresh=refresh)
    forced = os.environ.get(TIER_ENV, "")
    if forced and forced not in TIERS:
        raise PlatformError(f"{TIER_ENV}={forced!r} is not one of {', '.join(TIERS)}")
    is_root = os.geteuid() == 0
    failures: list[str] = []
    candidates = [TIER_BWRAP, TIER_UID_SECCOMP] if is_root else [TIER_BWRAP_USER]
    if forced:
        candidates = candidates[candidates.index(forced) :] if forced in candidates else []
    info = None
    for tier in candidates:
        problem = _try_tier(tier)
        if problem is None:
            info = SandboxInfo(tier, f"{tier} isolation works", cgroups.describe())
            break
        failures.append(f"{tier}: {problem}")
    if info is None:
        why = "; ".join(failures) or f"{TIER_ENV}={forced} selects no isolation"
        if os.environ.get(UNSAFE_ENV) != "1":
            raise SandboxUnavailable(
                f"cannot isolate bots on this machine ({why}); refusing to run uploaded code. "
                f"Set {UNSAFE_ENV}=1 to run bots WITHOUT any sandbox on a development machine."
            )
        sys.stderr.write(
            "\n!!! WARNING: bots run WITHOUT A SANDBOX ("
            f"{UNSAFE_ENV}=1). They can read your files, use the network and kill processes. "
            f"Never do this with code you did not write. ({why})\n\n"
        )
        info = SandboxInfo(TIER_UNSAFE, why, "")
    _probed = info
    return info


def _try_tier(tier: str) -> str | None:
    """Run ``true`` in ``tier``; return why it failed, or None."""
    if tier in (TIER_BWRAP, TIER_BWRAP_USER) and not os.access(BWRAP, os.X_OK):
        return f"{BWRAP} is not installed (apt-get install bubblewrap)"
    if not seccomp_filter.is_supported():
        return "no seccomp filter for this architecture"
    if tier == TIER_UID_SECCOMP and os.geteuid() != 0:
        return "needs root to switch to the slot uid"
    try:
        with acquire_slot(PROBE_SLOT) as slot:
            slot.stage(None)
            process = start(slot, ["/bin/true"], SandboxLimits(), tier=tier, use_cgroups=False)
            _, err = process.communicate(timeout=20)
            slot.kill_all(process)
            if process.returncode != 0:
                return f"exit {process.returncode}: {err.decode(errors='replace').strip()[:300]}"
    except (OSError, subprocess.SubprocessError) as exc:
        return str(exc)
    return None


# ---------------------------------------------------------------------------------------------
# Runner slots


def base_dir() -> Path:
    """Root-owned directory holding the slot locks and staged bot code."""
    path = Path(os.environ.get(DIR_ENV) or f"/tmp/arena-sandbox-{os.geteuid()}")
    path.mkdir(mode=0o711, exist_ok=True)
    info = path.lstat()
    if not stat.S_ISDIR(info.st_mode) or info.st_uid != os.geteuid() or info.st_mode & 0o022:
        raise PlatformError(f"{path} is not a private directory of uid {os.geteuid()}")
    return path


class Slot:
    """One concurrent bot's place: a reserved uid, staging directories and a cgroup."""

    def __init__(self, index: int, lock_fd: int) -> None:
        self.index = index
        self.lock_fd = lock_fd
        self.uid = FIRST_SLOT_UID + index
        self.dir = base_dir() / f"slot-{index}"
        self.bot_dir = self.dir / "bot-0"
        self._staged = 0
        self.sdk_dir = self.dir / "sdk"
        self.scratch_dir = self.dir / "scratch"
        self.root_dir = self.dir / "root"
        """Where the ``uid-seccomp`` tier mounts the bot's root (in its own mount namespace)."""
        self.cgroup = cgroups.for_slot(index)

    # The slot directory is root:slot-gid 0750, so only this slot's uid can enter it. It and
    # its SDK copy outlive a match; the bot's code and scratch are replaced for every bot.
    def stage(self, bot_path: Path | None) -> str:
        """Copy the bot's code (and the SDK) where the slot uid can read it; return its entry."""
        self.kill_all(None, everywhere=self.cgroup is None or bool(self.cgroup.pids()))
        owner = os.geteuid() == 0
        self.dir.mkdir(mode=0o750, exist_ok=True)
        if owner:
            os.chown(self.dir, 0, self.uid)
        os.chmod(self.dir, 0o750)
        self._stage_sdk()
        self.root_dir.mkdir(mode=0o755, exist_ok=True)
        # A fresh folder per bot: removing the last one can take milliseconds (its mounts in
        # the dying namespace), so that waits for clear() after the match.
        self._staged += 1
        self.bot_dir = self.dir / f"bot-{self._staged}"
        if self.bot_dir.exists():
            shutil.rmtree(self.bot_dir)
        if not self.scratch_dir.exists():
            self.scratch_dir.mkdir(mode=0o700)
            if owner:
                os.chown(self.scratch_dir, self.uid, self.uid)
        entry = "main.py"
        if bot_path is None:
            self.bot_dir.mkdir()
        elif bot_path.is_dir():
            # Links stay links (uploads have none): never copy what a link points to.
            shutil.copytree(
                bot_path,
                self.bot_dir,
                symlinks=True,
                ignore=shutil.ignore_patterns("__pycache__"),
            )
        else:
            self.bot_dir.mkdir()
            if bot_path.suffix != ".py":
                entry = bot_path.name
            shutil.copy2(bot_path, self.bot_dir / entry)
        _make_readable(self.bot_dir)
        return entry

    def _stage_sdk(self) -> None:
        self.sdk_dir.mkdir(mode=0o755, exist_ok=True)
        for source in SDK_DIR.glob("*.py"):
            target = self.sdk_dir / source.name
            info = source.stat()
            with contextlib.suppress(FileNotFoundError):
                staged = target.stat()
                if (staged.st_mtime_ns, staged.st_size) == (info.st_mtime_ns, info.st_size):
                    continue
            shutil.copy2(source, target)
            os.chmod(target, 0o644)

    def clear(self) -> None:
        """Remove the staged bots' code and the scratch files."""
        for path in [*self.dir.glob("bot-*"), self.scratch_dir]:
            if path.exists():
                shutil.rmtree(path)

    def kill_all(
        self, process: subprocess.Popen[bytes] | None, *, everywhere: bool = False
    ) -> None:
        """Kill every process of this slot and reap what is ours; nothing may survive.

        The slot's processes are found in its cgroup and among our descendants (we are the
        child subreaper, so even a bot that escaped its session is one); ``everywhere`` also
        scans all of ``/proc`` for the slot's uid (before a bot starts: a runner that died
        may have left something).

        In the ``bwrap-user`` tier the bots run as our own uid, like the bots of our other
        slots, so the uid says nothing: there the tree below ``process`` is taken before the
        kill, and orphaned namespace inits are reaped (see :func:`_orphaned_namespace_init`).
        """
        # Only while unreaped: a reaped bwrap's pid may already be someone else's.
        running = process is not None and process.poll() is None
        tree = set(descendants(process.pid)) if running else set()
        if running:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGKILL)
            with contextlib.suppress(ProcessLookupError):
                process.kill()
        if self.cgroup is not None:
            self.cgroup.kill()  # v2: the whole tree at once, before a fork bomb can grow it
        me = os.getpid()
        skip = process.pid if process is not None else -1  # reaped by Popen, not by us
        for _attempt in range(400):
            found = self._processes(everywhere, tree)
            for pid, (state, _parent) in found.items():
                if state not in "ZX":
                    with contextlib.suppress(ProcessLookupError):
                        os.kill(pid, signal.SIGKILL)
                elif _parent == me and pid != skip:
                    with contextlib.suppress(ChildProcessError):
                        os.waitpid(pid, os.WNOHANG)
            if process is not None and process.poll() is None:
                with contextlib.suppress(subprocess.TimeoutExpired):
                    process.wait(timeout=0.005)
            alive = process is not None and process.poll() is None
            # Done when only zombies someone else reaps are left (ours still count against the
            # uid's RLIMIT_NPROC for the next bot, so they are reaped above first).
            if not alive and all(st in "ZX" and parent != me for st, parent in found.values()):
                return
            time.sleep(0.005)
        raise PlatformError(f"processes of sandbox slot {self.index} survived SIGKILL")

    def _processes(self, everywhere: bool, tree: set[int]) -> dict[int, tuple[str, int]]:
        """The slot uid's processes and ``tree``: pid -> (state letter, parent pid)."""
        candidates = set(descendants(os.getpid())) | tree
        if self.cgroup is not None:
            candidates.update(self.cgroup.pids())
        if everywhere and os.geteuid() == 0:
            candidates.update(uid_processes(self.uid))
        found = {}
        for pid in candidates:
            try:
                if (
                    pid not in tree
                    and os.stat(f"/proc/{pid}").st_uid != self.uid
                    and not _orphaned_namespace_init(pid)
                ):
                    continue
                with open(f"/proc/{pid}/stat", "rb") as f:
                    fields = f.read().rsplit(b")", 1)[1].split()
            except GONE:
                continue
            found[pid] = (fields[0].decode(), int(fields[1]))
        return found


def _orphaned_namespace_init(pid: int) -> bool:
    """Whether ``pid`` is the PID 1 of a sandbox's namespace whose bwrap is gone.

    bwrap's outer process exits as soon as its PID 1 inside reports the bot's exit (or dies
    first when killed), so that PID 1 is orphaned and, we being the child subreaper, becomes
    our child: dying, then our zombie. As root these are found by their slot uid; in the
    ``bwrap-user`` tier they run as us, and are told by being a namespace's PID 1 whose parent
    is us (each bwrap we start is the parent of its own PID 1 while it lives). Left unreaped,
    they would pile up against our own process limit.
    """
    try:
        with open(f"/proc/{pid}/status", "rb") as f:
            status = f.read()
    except GONE:
        return False
    fields = dict(line.split(b":", 1) for line in status.splitlines() if b":" in line)
    return (
        fields.get(b"NSpid", b"").split()[1:] == [b"1"]
        and int(fields.get(b"PPid", b"0")) == os.getpid()
    )


def _make_readable(root: Path) -> None:
    os.chmod(root, 0o755)
    for folder, dirs, files in os.walk(root):
        for name in dirs + files:
            path = os.path.join(folder, name)
            if os.path.islink(path):
                continue  # chmod would follow it to the target
            executable = os.path.isdir(path) or os.access(path, os.X_OK)
            os.chmod(path, 0o755 if executable else 0o644)


@contextlib.contextmanager
def acquire_slot(index: int | None = None) -> Iterator[Slot]:
    """Hold a free slot (an flock, released if this process dies) for the block."""
    locks = base_dir() / "locks"
    locks.mkdir(mode=0o700, exist_ok=True)
    count = int(os.environ.get(SLOTS_ENV, "64"))
    for candidate in [index] if index is not None else range(count):
        fd = os.open(locks / f"{candidate}.lock", os.O_CREAT | os.O_RDWR | os.O_CLOEXEC, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | (0 if index is not None else fcntl.LOCK_NB))
        except BlockingIOError:
            os.close(fd)
            continue
        slot = Slot(candidate, fd)
        try:
            yield slot
        finally:
            with contextlib.suppress(PlatformError):
                slot.kill_all(None)
            with contextlib.suppress(OSError):
                slot.clear()
            if slot.cgroup is not None:
                slot.cgroup.remove()  # leave no cgroup behind in a hierarchy we do not own
            os.close(fd)
        return
    raise PlatformError(f"all {count} sandbox slots are busy")


def uid_processes(uid: int) -> list[int]:
    """Pids owned by ``uid``, zombies included (for tests and the sweep)."""
    found = []
    for entry in os.scandir("/proc"):
        if entry.name.isdigit():
            with contextlib.suppress(*GONE):
                if entry.stat().st_uid == uid:
                    found.append(int(entry.name))
    return found


# ---------------------------------------------------------------------------------------------
# Starting a process


def bot_command(slot: Slot, entry: str, tier: str) -> list[str]:
    """The command line of the bot inside its sandbox (paths as the bot sees them)."""
    bot_root = "/bot" if tier in MOUNTED_TIERS else str(slot.bot_dir)
    target = f"{bot_root}/{entry}"
    # -s: no user site-packages; not -I, so a zip bot can import the modules beside main.py.
    return [PYTHON, "-s", target] if entry.endswith(".py") else [target]


def start(
    slot: Slot,
    command: list[str],
    limits: SandboxLimits,
    *,
    tier: str | None = None,
    use_cgroups: bool = True,
) -> subprocess.Popen[bytes]:
    """Start ``command`` (from :func:`bot_command`) in ``slot`` with pipes on all three fds."""
    tier = tier or probe().tier
    cgroup = slot.cgroup if use_cgroups else None
    if cgroup is not None:
        cgroup.configure(limits)
    is_root = os.geteuid() == 0
    env = _bot_env(slot, tier)
    pass_fds: tuple[int, ...] = ()
    argv = command
    cwd = str(slot.scratch_dir)
    stdout: int = subprocess.PIPE
    stdout_read: int | None = None
    if tier in (TIER_BWRAP, TIER_BWRAP_USER):
        seccomp_fd = os.memfd_create("arena-seccomp", 0)
        os.write(seccomp_fd, seccomp_filter.filter_program())
        os.lseek(seccomp_fd, 0, os.SEEK_SET)
        stdout_read, stdout_write = os.pipe()
        pass_fds = (seccomp_fd, stdout_write)
        stdout = subprocess.DEVNULL
        argv = _bwrap_argv(slot, limits, env, seccomp_fd) + _stdout_shim(stdout_write) + command
        env = {"PATH": "/usr/bin:/bin"}  # bwrap's own environment: no secret, even in /proc/1
        cwd = "/"
    uid = slot.uid if is_root and tier != TIER_UNSAFE else None
    rlimits = _rlimits(limits, uid)
    preexec: _Preexec | None = None
    if tier == TIER_UID_SECCOMP:
        # Namespaces, mounts and the filter must be set up between fork and exec.
        mounts = _MountPlan(slot.root_dir, slot.bot_dir, slot.sdk_dir, limits.scratch_bytes, uid)
        preexec = _Preexec(rlimits, uid, seccomp_filter.filter_program(), mounts)
        cwd = "/"
    else:
        # No Python between fork and exec, so subprocess can vfork: forking a big worker
        # process costs tens of milliseconds. util-linux's prlimit and setpriv do the rest.
        argv = _launcher_argv(rlimits, uid) + argv
    try:
        process = subprocess.Popen(
            argv,
            stdin=subprocess.PIPE,
            stdout=stdout,
            stderr=subprocess.PIPE,
            env=env,
            cwd=cwd,
            pass_fds=pass_fds,
            start_new_session=True,
            preexec_fn=preexec,
        )
    except BaseException:
        if stdout_read is not None:
            os.close(stdout_read)
        raise
    finally:
        for fd in pass_fds:
            os.close(fd)
    if stdout_read is not None:
        process.stdout = open(stdout_read, "rb")  # noqa: SIM115 (the caller closes it)
    if cgroup is not None:
        cgroup.adopt_tree(process.pid)
    return process


def _stdout_shim(fd: int) -> list[str]:
    """Run the bot with ``fd`` as its stdout, and nothing else holding it.

    bwrap's monitor outside the sandbox and its PID 1 inside keep their own fds 0-2 open for
    the bot's whole life (they close only the fds above 2). Were the stdout pipe bwrap's fd 1,
    a bot that closes its stdout would never show EOF, and would lose on the wall-clock
    backstop instead of at once. So bwrap gets /dev/null as stdout and the pipe as ``fd``;
    this shell moves it to fd 1 and execs the bot (dash, ~0.4 ms; bash for fds above 9, which
    dash cannot name).
    """
    shell = "/bin/sh" if fd <= 9 else "/bin/bash"
    return [shell, "-c", f'exec "$@" >&{fd} {fd}>&-', "bot"]


def _bot_env(slot: Slot, tier: str) -> dict[str, str]:
    inside = tier in MOUNTED_TIERS
    return {
        "PATH": "/usr/bin:/bin",
        "HOME": "/tmp" if inside else str(slot.scratch_dir),
        "TMPDIR": "/tmp" if inside else str(slot.scratch_dir),
        "LANG": "C.UTF-8",
        "PYTHONPATH": "/sdk" if inside else str(slot.sdk_dir),
        "PYTHONDONTWRITEBYTECODE": "1",
        "PYTHONUNBUFFERED": "1",
    }


def _bwrap_argv(slot: Slot, limits: SandboxLimits, env: dict[str, str], fd: int) -> list[str]:
    argv = [
        BWRAP,
        "--ro-bind", "/usr", "/usr",
        "--symlink", "usr/lib", "/lib",
        "--symlink", "usr/lib64", "/lib64",
        "--symlink", "usr/bin", "/bin",
        "--symlink", "usr/sbin", "/sbin",
        "--proc", "/proc",
        "--dev", "/dev",
        "--ro-bind", str(slot.bot_dir), "/bot",
        "--ro-bind", str(slot.sdk_dir), "/sdk",
        "--size", str(limits.scratch_bytes), "--tmpfs", "/tmp",
        "--chdir", "/tmp",
        "--remount-ro", "/",
        "--remount-ro", "/dev",  # bwrap's /dev is a writable, unbounded tmpfs otherwise
        "--unshare-all",
        "--die-with-parent",
        "--new-session",
        "--hostname", "bot",
        "--cap-drop", "ALL",
        "--clearenv",
    ]  # fmt: skip
    for key, value in env.items():
        argv += ["--setenv", key, value]
    return [*argv, "--seccomp", str(fd), "--"]


@dataclass
class _MountPlan:
    """The bot's view of the files in the ``uid-seccomp`` tier: what bwrap's mounts give.

    Made in the child's own mount namespace (every mount private, none reaches the host), so
    the host's files are out of reach, not just out of permission: the service's database,
    media, ``var/``, settings, other bots' code, and the world-writable ``/var/tmp`` and
    ``/dev/shm`` where a file would outlive the match. The only writable place is the tmpfs
    ``/tmp``, gone with the namespace when the bot's last process exits.
    """

    root: Path
    bot: Path
    sdk: Path
    scratch_bytes: int
    uid: int | None

    def enter(self) -> None:
        """Build the root and ``chroot`` into it (in the child, as root, before the uid drop)."""
        root = str(self.root)
        _mount(None, "/", None, _MS_REC | _MS_PRIVATE)
        _mount("tmpfs", root, "tmpfs", _MS_NOSUID | _MS_NODEV, "size=1m,mode=0755")
        for name in ("usr", "bot", "sdk", "tmp", "proc", "dev"):
            os.mkdir(f"{root}/{name}", 0o755)
        for name, target in (("lib", "usr/lib"), ("lib64", "usr/lib64"), ("bin", "usr/bin")):
            os.symlink(target, f"{root}/{name}")
        os.symlink("usr/sbin", f"{root}/sbin")
        for source, target in (("/usr", "usr"), (self.bot, "bot"), (self.sdk, "sdk")):
            _bind_read_only(str(source), f"{root}/{target}")
        owner = f",uid={self.uid},gid={self.uid}" if self.uid is not None else ""
        _mount(
            "tmpfs",
            f"{root}/tmp",
            "tmpfs",
            _MS_NOSUID | _MS_NODEV,
            f"size={self.scratch_bytes},mode=0700{owner}",
        )
        # A proc of our own: without a PID namespace it lists the host's processes, so hide
        # every other uid's (the runner's environment, other bots).
        _mount("proc", f"{root}/proc", "proc", _MS_NOSUID | _MS_NODEV | _MS_NOEXEC, "hidepid=2")
        dev = f"{root}/dev"
        _mount("tmpfs", dev, "tmpfs", _MS_NOSUID | _MS_NOEXEC, "size=64k,mode=0755")
        for name in _DEVICES:
            if not os.path.exists(f"/dev/{name}"):
                continue  # a minimal container's /dev may lack tty
            os.close(os.open(f"{dev}/{name}", os.O_CREAT | os.O_WRONLY, 0o666))
            _mount(f"/dev/{name}", f"{dev}/{name}", None, _MS_BIND)
        os.mkdir(f"{dev}/shm", 0o755)
        for name, target in (("fd", "/proc/self/fd"), ("stdin", "/proc/self/fd/0")):
            os.symlink(target, f"{dev}/{name}")
        os.symlink("/proc/self/fd/1", f"{dev}/stdout")
        os.symlink("/proc/self/fd/2", f"{dev}/stderr")
        _mount(None, dev, None, _MS_REMOUNT | _MS_RDONLY | _MS_NOSUID | _MS_NOEXEC)
        _mount(None, root, None, _MS_REMOUNT | _MS_RDONLY | _MS_NOSUID | _MS_NODEV)
        os.chroot(root)
        os.chdir("/tmp")


def _mount(
    source: str | None, target: str, fstype: str | None, flags: int, data: str | None = None
) -> None:
    def arg(text: str | None) -> bytes | None:
        return text.encode() if text is not None else None

    if _libc.mount(arg(source), arg(target), arg(fstype), flags, arg(data)) != 0:
        errno = ctypes.get_errno()
        raise OSError(errno, f"mount {source} on {target}: {os.strerror(errno)}")


def _bind_read_only(source: str, target: str) -> None:
    _mount(source, target, None, _MS_BIND | _MS_REC)
    _mount(None, target, None, _MS_REMOUNT | _MS_BIND | _MS_RDONLY | _MS_NOSUID | _MS_NODEV)


@dataclass
class _Preexec:
    """What the uid-seccomp child does between fork and exec (the runner is single-threaded)."""

    rlimits: list[tuple[int, int, int]]
    uid: int | None
    seccomp: bytes
    mounts: _MountPlan

    def __call__(self) -> None:
        namespaces = _CLONE_NEWNET | _CLONE_NEWIPC | _CLONE_NEWUTS | _CLONE_NEWNS
        if _libc.unshare(namespaces) != 0:
            raise OSError(ctypes.get_errno(), "unshare(CLONE_NEWNET|CLONE_NEWNS) failed")
        self.mounts.enter()
        for which, soft, hard in self.rlimits:
            resource.setrlimit(which, (soft, hard))
        if self.uid is not None:
            os.setgroups([])
            os.setresgid(self.uid, self.uid, self.uid)
            os.setresuid(self.uid, self.uid, self.uid)
        # After the uid change, which clears it: the bot gets SIGKILL when the runner dies.
        _libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
        seccomp_filter.install(self.seccomp)


_PRLIMIT_FLAGS = {
    resource.RLIMIT_AS: "--as",
    resource.RLIMIT_CPU: "--cpu",
    resource.RLIMIT_NPROC: "--nproc",
    resource.RLIMIT_FSIZE: "--fsize",
    resource.RLIMIT_NOFILE: "--nofile",
    resource.RLIMIT_CORE: "--core",
}


def _rlimits(limits: SandboxLimits, uid: int | None) -> list[tuple[int, int, int]]:
    """(resource, soft, hard) for a bot; SIGXCPU at the CPU soft limit, SIGKILL a second on."""
    nproc = limits.processes
    if uid is None:
        nproc += len(uid_processes(os.getuid()))  # our own uid already runs processes
    return [
        (resource.RLIMIT_AS, limits.memory_bytes, limits.memory_bytes),
        (resource.RLIMIT_CPU, limits.cpu_game_s, limits.cpu_game_s + 1),
        (resource.RLIMIT_NPROC, nproc, nproc),
        (resource.RLIMIT_FSIZE, limits.file_bytes, limits.file_bytes),
        (resource.RLIMIT_NOFILE, limits.open_files, limits.open_files),
        (resource.RLIMIT_CORE, 0, 0),
    ]


def _launcher_argv(rlimits: list[tuple[int, int, int]], uid: int | None) -> list[str]:
    """``prlimit`` (limits, set while still root) then ``setpriv`` (drop to the slot uid, with
    SIGKILL as the parent-death signal, restored after the uid change)."""
    argv = [PRLIMIT]
    argv += [f"{_PRLIMIT_FLAGS[which]}={soft}:{hard}" for which, soft, hard in rlimits]
    argv += ["--", SETPRIV, "--pdeathsig=KILL"]
    if uid is not None:
        argv += [f"--reuid={uid}", f"--regid={uid}", "--clear-groups"]
    return [*argv, "--"]
