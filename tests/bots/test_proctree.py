"""The kill sweep reads /proc while processes die: one that vanishes is skipped, not an error."""

from __future__ import annotations

import errno
import os
import subprocess

from bots import proctree, sandbox


def test_descendants_lists_children_and_grandchildren() -> None:
    child = subprocess.Popen(["sh", "-c", "sleep 30 & wait"])
    try:
        for _ in range(200):
            found = proctree.descendants(os.getpid())
            if child.pid in found and len(proctree.descendants(child.pid)) == 1:
                break
            os.sched_yield()
        assert child.pid in found
        (grandchild,) = proctree.descendants(child.pid)
        assert grandchild in proctree.descendants(os.getpid())
    finally:
        child.kill()
        child.wait()


def exiting(*args: object, **kwargs: object) -> None:
    # What the kernel answers for /proc/<pid>/… of a process being torn down.
    raise ProcessLookupError(errno.ESRCH, "No such process")


def test_a_process_exiting_mid_walk_is_skipped(monkeypatch) -> None:
    monkeypatch.setattr(proctree.os, "listdir", exiting)
    assert proctree.descendants(os.getpid()) == []


def test_a_process_exiting_mid_sweep_is_not_a_namespace_init(monkeypatch) -> None:
    monkeypatch.setattr(sandbox, "open", exiting, raising=False)
    assert sandbox._orphaned_namespace_init(os.getpid()) is False
