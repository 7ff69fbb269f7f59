"""Walking a process tree through ``/proc`` (the sandbox's kill sweep and the cgroup adoption)."""

from __future__ import annotations

import os

GONE = (FileNotFoundError, ProcessLookupError)
"""What reading ``/proc/<pid>/…`` raises when the process has exited (ENOENT) or is exiting
(ESRCH) meanwhile; either way it is no longer ours to find."""


def has_exited(pid: int) -> bool:
    """Whether ``pid`` is gone or a zombie (dead, waiting to be reaped by its parent)."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            state = f.read().rsplit(b")", 1)[1].split(maxsplit=1)[0]
    except GONE:
        return True
    return state in (b"Z", b"X")


def descendants(root: int) -> list[int]:
    """Every process below ``root`` (zombies included), from the kernel's children lists."""
    found: list[int] = []
    stack = [root]
    while stack:
        pid = stack.pop()
        try:
            tasks = os.listdir(f"/proc/{pid}/task")
        except GONE:
            continue
        for task in tasks:
            try:
                with open(f"/proc/{pid}/task/{task}/children", "rb") as f:
                    children = [int(c) for c in f.read().split()]
            except GONE:
                continue
            found += children
            stack += children
    return found
