"""The runner as an unprivileged user (a developer's ``manage.py`` or the non-root image).

CI runs as root, so the test drops a subprocess to a spare uid (no entry in /etc/passwd, no
capability) with a writable sandbox folder of its own. There the probe must pick the
``bwrap-user`` tier (bubblewrap in a user namespace) and hostile bots must still lose.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import uuid
from pathlib import Path

import pytest

from bots import sandbox
from bots.outcome import CRASH, MEMORY_LIMIT, PROTOCOL_ERROR, TIMEOUT
from tests.bots.conftest import can_sandbox_as_root

REPO = Path(__file__).resolve().parents[2]
SPARE_UID = 60999
"""Below the slot uids (61000 +) and unused on the machines we run on."""


@pytest.fixture(scope="module")
def report() -> dict:
    if sandbox.uid_processes(SPARE_UID):
        pytest.skip(f"uid {SPARE_UID} is in use on this machine")
    base = Path(tempfile.mkdtemp(prefix="arena-nonroot-"))
    os.chown(base, SPARE_UID, SPARE_UID)
    canary = f"canary-{uuid.uuid4().hex}"
    env = {
        "PATH": "/usr/bin:/bin",
        "LANG": "C.UTF-8",
        sandbox.DIR_ENV: str(base),
        sandbox.SLOTS_ENV: "4",
        "ARENA_TEST_SECRET": canary,  # in the runner's environment: no bot may see it
    }
    drop = [sandbox.SETPRIV, f"--reuid={SPARE_UID}", f"--regid={SPARE_UID}", "--clear-groups"]
    bots = ["first_legal", "net", "secrets", "close_stdout", "fork_bomb", "setsid_escape"]
    bots.append("memory_bomb")
    try:
        run = subprocess.run(
            [*drop, sys.executable, "-m", "tests.bots.nonroot_match", *bots],
            cwd=REPO,
            env=env,
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert run.returncode == 0, run.stderr
        assert sandbox.uid_processes(SPARE_UID) == [], "a process of the runner's uid survived"
    finally:
        shutil.rmtree(base)
    result = json.loads(run.stdout)
    assert canary not in run.stdout
    print(json.dumps({k: v for k, v in result.items() if k != "matches"}))  # for the log
    return result


pytestmark = can_sandbox_as_root


def test_probe_picks_the_user_namespace_tier(report: dict) -> None:
    assert report["uid"] == SPARE_UID
    assert report["tier"] == sandbox.TIER_BWRAP_USER
    assert report["left_over"] == []


def test_without_bwrap_it_refuses_to_run_bots(report: dict) -> None:
    assert report["without_bwrap"].startswith("refused: cannot isolate bots")
    assert "/nonexistent/bwrap is not installed" in report["without_bwrap"]
    assert sandbox.UNSAFE_ENV in report["without_bwrap"]


def test_a_normal_match_plays(report: dict) -> None:
    assert report["matches"]["first_legal"]["forfeits"] == [None, None]


@pytest.mark.parametrize(
    ("bot", "reason", "detail", "blocked"),
    [
        ("net", CRASH, "exited with", "127.0.0.1:5432 errno=13"),  # seccomp's EACCES
        ("secrets", CRASH, "exited with", "/etc/shadow: errno=2"),  # not even mounted
        ("close_stdout", PROTOCOL_ERROR, "closed its stdout", ""),
        ("fork_bomb", TIMEOUT, "CPU", ""),
        ("setsid_escape", TIMEOUT, "wall-clock", ""),
        ("memory_bomb", MEMORY_LIMIT, "memory", ""),
    ],
)
def test_hostile_bots_still_lose(
    report: dict, bot: str, reason: str, detail: str, blocked: str
) -> None:
    match = report["matches"][bot]
    assert match["forfeits"] == [reason, None], match["detail"]
    assert detail in match["detail"]
    assert "ATTACK-SUCCEEDED" not in match["stderr"]
    assert blocked in match["stderr"]
