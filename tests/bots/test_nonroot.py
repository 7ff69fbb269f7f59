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
from bots.outcome import (
    CRASH,
    ILLEGAL_ACTION,
    MEMORY_LIMIT,
    OUTPUT_LIMIT,
    PROTOCOL_ERROR,
    TIMEOUT,
)
from tests.bots.conftest import HOSTILE, can_sandbox_as_root
from tests.bots.test_hostile import BOT_WORLD, service_targets, service_tree

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
    bots = ["first_legal", *HOSTILE_EXPECTED]
    # The service-files attack, with its targets: a fake service as exposed as can be.
    service = service_tree()
    reader = base / "service_files"
    reader.mkdir()
    shutil.copy(HOSTILE / "service_files.py", reader / "main.py")
    (reader / "targets.json").write_text(json.dumps(service_targets(service, "nonroot")))
    for path in (reader, *reader.iterdir()):
        os.chown(path, SPARE_UID, SPARE_UID)
    bots.append(f"service_files={reader}")
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
        shutil.rmtree(service)
    result = json.loads(run.stdout)
    assert canary not in run.stdout
    print(json.dumps({k: v for k, v in result.items() if k != "matches"}))  # for the log
    return result


pytestmark = can_sandbox_as_root

HOSTILE_EXPECTED = {
    bot: (bot, reason, detail, blocked)
    for bot, reason, detail, blocked in [
        ("net", CRASH, "exited with", "127.0.0.1:5432 errno=13"),  # seccomp's EACCES
        ("secrets", CRASH, "exited with", "/etc/shadow: errno=2"),  # not even mounted
        ("close_stdout", PROTOCOL_ERROR, "closed its stdout", ""),
        ("fork_bomb", TIMEOUT, "CPU", ""),
        ("setsid_escape", TIMEOUT, "wall-clock", ""),
        ("memory_bomb", MEMORY_LIMIT, "memory", ""),
        ("write_outside", CRASH, "exited with", "/dev/shm/evil: errno=30"),
        ("fill_scratch", CRASH, "exited with", "errno=28"),
        ("infinite_loop", TIMEOUT, "CPU", ""),
        ("early_spinner", TIMEOUT, "CPU", ""),
        ("flood", OUTPUT_LIMIT, "answer line longer than 64 KiB", ""),
        ("close_stderr", TIMEOUT, "wall-clock", ""),
        ("crash", CRASH, "exited with code 1", "ZeroDivisionError: bot bug"),
        ("not_json", PROTOCOL_ERROR, "answer is not JSON", ""),
        ("illegal_action", ILLEGAL_ACTION, "rules do not allow", ""),
    ]
}
"""Every hostile bot of ``test_hostile.py``, in the ``bwrap-user`` tier: how it must lose."""


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


@pytest.mark.parametrize(("bot", "reason", "detail", "blocked"), HOSTILE_EXPECTED.values())
def test_hostile_bots_still_lose(
    report: dict, bot: str, reason: str, detail: str, blocked: str
) -> None:
    match = report["matches"][bot]
    assert match["forfeits"] == [reason, None], match["detail"]
    assert detail in match["detail"]
    assert "ATTACK-SUCCEEDED" not in match["stderr"]
    assert blocked in match["stderr"]


def test_the_services_files_are_out_of_reach(report: dict) -> None:
    match = report["matches"]["service_files"]
    assert match["forfeits"] == [CRASH, None], match["detail"]
    assert "attack blocked" in match["stderr"] and "ATTACK-SUCCEEDED" not in match["stderr"]
    assert "wrote its scratch" in match["stderr"]
    assert f"root holds {BOT_WORLD}" in match["stderr"]
    assert not [p for p in Path("/var/tmp").glob("arena-left-nonroot*")]
    assert not [p for p in Path("/dev/shm").glob("arena-left-nonroot*")]
    assert not [p for p in Path("/tmp").glob("arena-left-nonroot*")]
