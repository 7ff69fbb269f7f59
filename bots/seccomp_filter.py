"""The seccomp filter every bot runs under: no inet sockets, no namespace or kernel tricks.

The classic-BPF program is assembled here in pure Python (no libseccomp binding is needed in the
service's virtualenv). It is handed to bubblewrap with ``--seccomp FD`` (tier A) or loaded in
the child just before ``exec`` with :func:`install` (tier B). Only x86-64 is described; on any
other machine :func:`filter_program` raises and the sandbox probe falls back or refuses.
"""

from __future__ import annotations

import ctypes
import errno
import platform
import struct

# struct seccomp_data: int nr; u32 arch; u64 ip; u64 args[6]
_OFFSET_NR = 0
_OFFSET_ARCH = 4
_OFFSET_ARG0_LOW = 16  # little endian: the low 32 bits of args[0]

_LD_W_ABS = 0x20
_JEQ_K = 0x15
_JGE_K = 0x35
_JSET_K = 0x45
_RET_K = 0x06

_RET_ALLOW = 0x7FFF0000
_RET_KILL_PROCESS = 0x80000000
_AUDIT_ARCH_X86_64 = 0xC000003E
_X32_SYSCALL_BIT = 0x40000000
_AF_UNIX = 1
_CLONE_NAMESPACE_FLAGS = 0x7E020000  # NEWNS|NEWCGROUP|NEWUTS|NEWIPC|NEWUSER|NEWPID|NEWNET

_SYS_SOCKET = 41
_SYS_CLONE = 56
_SYS_CLONE3 = 435
# Calls a game bot never needs and an attacker would love: tracing other processes, mounting,
# new namespaces, loading kernel code, io_uring (a frequent kernel bug source), keyrings.
_DENIED_X86_64 = {
    "ptrace": 101,
    "personality": 135,
    "pivot_root": 155,
    "chroot": 161,
    "acct": 163,
    "mount": 165,
    "umount2": 166,
    "swapon": 167,
    "swapoff": 168,
    "reboot": 169,
    "init_module": 175,
    "delete_module": 176,
    "kexec_load": 246,
    "add_key": 248,
    "request_key": 249,
    "keyctl": 250,
    "unshare": 272,
    "perf_event_open": 298,
    "name_to_handle_at": 303,
    "open_by_handle_at": 304,
    "setns": 308,
    "process_vm_readv": 310,
    "process_vm_writev": 311,
    "finit_module": 313,
    "kexec_file_load": 320,
    "bpf": 321,
    "userfaultfd": 323,
    "io_uring_setup": 425,
    "io_uring_enter": 426,
    "io_uring_register": 427,
    "open_tree": 428,
    "move_mount": 429,
    "fsopen": 430,
    "fsconfig": 431,
    "fsmount": 432,
    "fspick": 433,
    "mount_setattr": 442,
}


def _ins(code: int, jt: int, jf: int, k: int) -> bytes:
    return struct.pack("=HBBI", code, jt, jf, k)


def _ret_errno(err: int) -> bytes:
    return _ins(_RET_K, 0, 0, 0x00050000 | err)


def is_supported() -> bool:
    return platform.system() == "Linux" and platform.machine() in ("x86_64", "AMD64")


def filter_program() -> bytes:
    """The filter as the raw ``struct sock_filter`` array bwrap's ``--seccomp`` reads."""
    if not is_supported():
        raise OSError(f"no seccomp filter is described for {platform.machine()}")
    prog = [
        _ins(_LD_W_ABS, 0, 0, _OFFSET_ARCH),
        _ins(_JEQ_K, 1, 0, _AUDIT_ARCH_X86_64),
        _ins(_RET_K, 0, 0, _RET_KILL_PROCESS),
        _ins(_LD_W_ABS, 0, 0, _OFFSET_NR),
        _ins(_JGE_K, 0, 1, _X32_SYSCALL_BIT),
        _ret_errno(errno.ENOSYS),
        # socket(): only AF_UNIX (Python's multiprocessing and asyncio use socketpairs).
        _ins(_JEQ_K, 0, 4, _SYS_SOCKET),
        _ins(_LD_W_ABS, 0, 0, _OFFSET_ARG0_LOW),
        _ins(_JEQ_K, 0, 1, _AF_UNIX),
        _ins(_RET_K, 0, 0, _RET_ALLOW),
        _ret_errno(errno.EACCES),
        # clone(): threads and forks yes, new namespaces no.
        _ins(_JEQ_K, 0, 4, _SYS_CLONE),
        _ins(_LD_W_ABS, 0, 0, _OFFSET_ARG0_LOW),
        _ins(_JSET_K, 0, 1, _CLONE_NAMESPACE_FLAGS),
        _ret_errno(errno.EPERM),
        _ins(_RET_K, 0, 0, _RET_ALLOW),
        # clone3() passes its flags in memory a filter cannot read: ENOSYS makes libc use clone().
        _ins(_JEQ_K, 0, 1, _SYS_CLONE3),
        _ret_errno(errno.ENOSYS),
    ]
    for number in _DENIED_X86_64.values():
        prog.append(_ins(_JEQ_K, 0, 1, number))
        prog.append(_ret_errno(errno.EPERM))
    prog.append(_ins(_RET_K, 0, 0, _RET_ALLOW))
    return b"".join(prog)


class _SockFprog(ctypes.Structure):
    _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.c_void_p)]


_PR_SET_NO_NEW_PRIVS = 38
_PR_SET_SECCOMP = 22
_SECCOMP_MODE_FILTER = 2


def install(program: bytes) -> None:
    """Load ``program`` into the calling process (for a child between fork and exec)."""
    libc = ctypes.CDLL(None, use_errno=True)
    buffer = ctypes.create_string_buffer(program, len(program))
    fprog = _SockFprog(len(program) // 8, ctypes.cast(buffer, ctypes.c_void_p))
    if libc.prctl(_PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0:
        raise OSError(ctypes.get_errno(), "prctl(PR_SET_NO_NEW_PRIVS) failed")
    if libc.prctl(_PR_SET_SECCOMP, _SECCOMP_MODE_FILTER, ctypes.byref(fprog), 0, 0) != 0:
        raise OSError(ctypes.get_errno(), "prctl(PR_SET_SECCOMP) failed")
