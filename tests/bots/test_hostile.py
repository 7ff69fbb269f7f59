"""One hostile bot per attack, each through the real sandbox (as root: dropped to slot uids).

Every test checks four things: the attack failed (the bot's own report, and the host's view),
the game ended, the offender forfeited with the right reason, and no bot process remains.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

import pytest

from bots import sandbox
from bots.limits import TimeControl
from bots.outcome import (
    CRASH,
    ILLEGAL_ACTION,
    MEMORY_LIMIT,
    OUTPUT_LIMIT,
    PROTOCOL_ERROR,
    TIMEOUT,
    MatchOutcome,
)
from bots.runner import BotSpec, play_match
from tests.bots.conftest import (
    CPU_CLOCK,
    FIRST_LEGAL,
    HOSTILE,
    TEST_CLOCK,
    TEST_LIMITS,
    bot_processes,
    needs_root,
)
from tests.bots.toygame import TOY

pytestmark = needs_root  # and the tier fixture: each tier the machine can run
REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def _in_every_tier(tier: str) -> None:
    """Every attack runs in every tier root can use here (CI too): bwrap and uid-seccomp.
    (``bwrap-user``, the non-root runner's, is ``test_nonroot.py``.)"""


def play_hostile(name: str, num_players: int = 2, clock: TimeControl = TEST_CLOCK) -> MatchOutcome:
    """The hostile bot takes seat 0 (it moves first) against first-legal bots."""
    specs = [BotSpec(HOSTILE / f"{name}.py", name)]
    specs += [BotSpec(FIRST_LEGAL, f"ok{i}") for i in range(1, num_players)]
    outcome = play_match(TOY, specs, seed=3, options={}, time_control=clock, limits=TEST_LIMITS)
    assert bot_processes() == [], "a bot process survived the match"
    return outcome


def assert_forfeit(outcome: MatchOutcome, reason: str) -> str:
    """Seat 0 forfeited for ``reason`` and ranks last; the other seat won. Returns its stderr."""
    offender = outcome.seats[0]
    assert offender.forfeit == reason, offender.forfeit_detail
    assert offender.rank == outcome.num_players
    assert outcome.ranking[0] != 0
    assert all(seat.forfeit is None for seat in outcome.seats[1:])
    assert "ATTACK-SUCCEEDED" not in offender.stderr
    return offender.stderr


def test_network_to_host_services_is_blocked(tier: str) -> None:
    stderr = assert_forfeit(play_hostile("net"), CRASH)
    assert "attack blocked" in stderr
    # EACCES from the seccomp filter for both inet families.
    assert stderr.count("errno=13") == 3, stderr


def test_secrets_are_not_visible(tier: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ARENA_TEST_SECRET", f"canary-{uuid.uuid4().hex}")
    stderr = assert_forfeit(play_hostile("secrets"), CRASH)
    assert "attack blocked" in stderr
    assert "/etc/shadow: errno=" in stderr


def test_writes_outside_scratch_fail(tier: str) -> None:
    stderr = assert_forfeit(play_hostile("write_outside"), CRASH)
    assert "attack blocked" in stderr
    assert "/dev/shm/evil: errno=30" in stderr
    for path in ("/usr/evil", "/evil", "/etc/evil", "/root/evil", "/var/tmp/evil", "/dev/shm/evil"):
        assert not Path(path).exists()


def test_filling_scratch_stops_at_its_size() -> None:
    stderr = assert_forfeit(play_hostile("fill_scratch"), CRASH)
    written = int(stderr.split("stopped after ")[1].split(" bytes")[0])
    assert written <= TEST_LIMITS.scratch_bytes
    assert "errno=28" in stderr  # ENOSPC: the tmpfs is full, the host disk untouched


def test_fork_bomb_is_contained(tier: str) -> None:
    outcome = play_hostile("fork_bomb", clock=CPU_CLOCK)
    assert_forfeit(outcome, TIMEOUT)
    assert "CPU" in outcome.seats[0].forfeit_detail


def test_memory_bomb_hits_the_cap(tier: str) -> None:
    outcome = play_hostile("memory_bomb")
    assert_forfeit(outcome, MEMORY_LIMIT)
    assert "ran out of its 256 MiB of memory" in outcome.seats[0].forfeit_detail


def test_infinite_loop_loses_on_cpu_time(tier: str) -> None:
    outcome = play_hostile("infinite_loop", clock=CPU_CLOCK)
    assert_forfeit(outcome, TIMEOUT)
    assert "CPU" in outcome.seats[0].forfeit_detail


def test_output_flood_is_cut(tier: str) -> None:
    outcome = play_hostile("flood")
    assert_forfeit(outcome, OUTPUT_LIMIT)
    assert outcome.seats[0].forfeit_detail == "answer line longer than 64 KiB"


def test_setsid_escaper_is_killed(tier: str) -> None:
    outcome = play_hostile("setsid_escape")
    assert_forfeit(outcome, TIMEOUT)
    assert "wall-clock" in outcome.seats[0].forfeit_detail
    # play_hostile already asserted that no process of any slot uid is left.


def test_closing_stdout_ends_the_bot(tier: str) -> None:
    """At once, in every tier: had a sandbox process of its own (bwrap's monitor or its PID 1)
    kept the pipe open behind the bot, no EOF would come and it would lose on time instead."""
    outcome = play_hostile("close_stdout")
    assert_forfeit(outcome, PROTOCOL_ERROR)
    assert "closed its stdout" in outcome.seats[0].forfeit_detail


def test_illegal_action_forfeits() -> None:
    outcome = play_hostile("illegal_action")
    assert_forfeit(outcome, ILLEGAL_ACTION)
    # The action the bot made up is its own text: kept for its owner, not in the public detail.
    assert "TOY-01" in outcome.seats[0].forfeit_evidence
    assert "TOY-01" not in outcome.seats[0].forfeit_detail


def test_non_json_answer_forfeits() -> None:
    outcome = play_hostile("not_json")
    stderr = assert_forfeit(outcome, PROTOCOL_ERROR)
    assert outcome.seats[0].forfeit_detail == "answer is not JSON"
    assert outcome.seats[0].forfeit_evidence.startswith("'")  # a preview of the bad line
    assert "about to misbehave" in stderr


def test_crash_is_recorded_with_its_traceback() -> None:
    outcome = play_hostile("crash")
    stderr = assert_forfeit(outcome, CRASH)
    assert "ZeroDivisionError: bot bug" in stderr
    # What the bot printed stays out of the public detail, which spectators read.
    assert "ZeroDivisionError" in outcome.seats[0].forfeit_evidence
    assert "ZeroDivisionError" not in outcome.seats[0].forfeit_detail
    assert outcome.seats[0].forfeit_detail.endswith("exited with code 1")


def test_multiplayer_game_goes_on_after_a_forfeit() -> None:
    outcome = play_hostile("crash", num_players=3)
    assert_forfeit(outcome, CRASH)
    assert outcome.reason == "target reached"  # the engine ended it, not the runner
    assert max(outcome.seats[1].score, outcome.seats[2].score) >= 15


def test_runner_survives_and_plays_on_after_attacks() -> None:
    """After the whole suite of attacks in this process, a normal match still works."""
    specs = [BotSpec(FIRST_LEGAL, "a"), BotSpec(FIRST_LEGAL, "b")]
    outcome = play_match(
        TOY, specs, seed=1, options={}, time_control=TEST_CLOCK, limits=TEST_LIMITS
    )
    assert [s.forfeit for s in outcome.seats] == [None, None]
    assert os.getpid() > 0 and bot_processes() == []


def test_closing_stderr_does_not_stall_the_runner(tier: str) -> None:
    outcome = play_hostile("close_stderr")
    assert_forfeit(outcome, TIMEOUT)
    assert "wall-clock" in outcome.seats[0].forfeit_detail


def test_cpu_of_a_child_forked_at_start_is_charged(tier: str) -> None:
    outcome = play_hostile("early_spinner", clock=CPU_CLOCK)
    assert_forfeit(outcome, TIMEOUT)
    assert "CPU" in outcome.seats[0].forfeit_detail


def test_a_link_in_a_bot_folder_is_not_followed(tmp_path: Path) -> None:
    """A folder bot whose helper is a link to a host secret gets the link, not the secret."""
    (tmp_path / "main.py").write_text(
        "import arena_bot\n"
        "def attack(turn):\n"
        "    try:\n"
        "        open('/bot/secret.txt').read()\n"
        "    except OSError as exc:\n"
        "        raise RuntimeError(f'attack blocked: errno={exc.errno}') from None\n"
        "    arena_bot.log('ATTACK-SUCCEEDED')\n"
        "    return 0\n"
        "arena_bot.run(attack)\n"
    )
    secret = tmp_path.parent / "host-secret.txt"
    secret.write_text("canary-host-file")
    (tmp_path / "secret.txt").symlink_to(secret)
    specs = [BotSpec(tmp_path, "linker"), BotSpec(FIRST_LEGAL, "ok")]
    outcome = play_match(
        TOY, specs, seed=3, options={}, time_control=TEST_CLOCK, limits=TEST_LIMITS
    )
    stderr = assert_forfeit(outcome, CRASH)
    assert "attack blocked" in stderr and "canary-host-file" not in stderr


BOT_WORLD = sorted(["bin", "bot", "dev", "lib", "lib64", "proc", "sbin", "sdk", "tmp", "usr"])
"""What ``/`` holds for a bot in every isolating tier, as ``service_files.py`` reports it."""


def service_tree() -> Path:
    """A fake service's files at their most exposed: world-readable, in a world-readable place."""
    base = Path(tempfile.mkdtemp(prefix="arena-service-", dir="/var/tmp"))
    for folder in ("var/media/bots/0a1b/", "arena/", "uploads/"):
        (base / folder).mkdir(parents=True, exist_ok=True)
    files = {
        "var/arena.sqlite3": "SQLite format 3 canary-db",
        "var/media/bots/0a1b/main.py": "# canary-other-bot",
        "arena/settings.py": "SECRET_KEY = 'canary-settings'",
        ".env": "DATABASE_URL=canary-env",
    }
    for name, text in files.items():
        (base / name).write_text(text)
    for path in [base, *base.rglob("*")]:
        path.chmod(0o755 if path.is_dir() else 0o644)
    (base / "uploads").chmod(0o1777)
    return base


def test_the_services_files_are_out_of_reach_and_nothing_outlives_the_match(
    tier: str, tmp_path: Path
) -> None:
    """Issue 12, item 3: under uid-seccomp a bot read the SQLite database, other bots' code
    under MEDIA_ROOT/bots/, and left files in /var/tmp and /dev/shm. In every tier the bot's
    world holds only /usr, its code, the SDK, its scratch, /dev and /proc."""
    started = time.time() - 1
    service = service_tree()
    marker = uuid.uuid4().hex
    targets = service_targets(service, marker)
    writes = targets["write"]
    bot = tmp_path / "bot"
    bot.mkdir()
    shutil.copy(HOSTILE / "service_files.py", bot / "main.py")
    (bot / "targets.json").write_text(json.dumps(targets))
    try:
        specs = [BotSpec(bot, "reader"), BotSpec(FIRST_LEGAL, "ok")]
        outcome = play_match(
            TOY, specs, seed=3, options={}, time_control=TEST_CLOCK, limits=TEST_LIMITS
        )
        stderr = assert_forfeit(outcome, CRASH)
        assert "attack blocked" in stderr
        assert f"read {service / 'var/arena.sqlite3'}: errno=2" in stderr  # not there at all
        assert f"root holds {BOT_WORLD}" in stderr
        assert "wrote its scratch" in stderr
        assert [path for path in [*writes, targets["scratch"]] if Path(path).exists()] == []
        slot_uids = range(sandbox.FIRST_SLOT_UID, sandbox.FIRST_SLOT_UID + 1000)
        for folder in ("/var/tmp", "/dev/shm", "/tmp", service / "uploads"):
            left = [p for p in Path(folder).iterdir() if _made_by(p, slot_uids, started)]
            assert left == [], f"a bot's file outlived its match in {folder}"
    finally:
        shutil.rmtree(service)


def service_targets(service: Path, marker: str) -> dict[str, Any]:
    """What ``hostile/service_files.py`` tries: read the service's files (the fake ``service``
    and this checkout's own), list other bots' code, and leave files named ``arena-left-…``."""
    left = f"arena-left-{marker}"
    read = ["var/arena.sqlite3", "var/media/bots/0a1b/main.py", "arena/settings.py", ".env"]
    return {
        "read": [str(service / name) for name in read]
        + [str(REPO / "arena" / "settings.py")]
        + [str(path) for path in (REPO / "var").glob("*.sqlite3")],
        "list": [str(service / "var" / "media" / "bots"), str(REPO / "var"), "/var/tmp", "/work"],
        "write": [f"/var/tmp/{left}", f"/dev/shm/{left}", str(service / "uploads" / left)],
        "scratch": f"/tmp/{left}",  # its own scratch: writable, and gone with the match
    }


def _made_by(path: Path, uids: range, since: float) -> bool:
    """Whether a bot of one of ``uids`` made ``path`` since ``since`` (not another run's)."""
    try:
        info = path.lstat()
    except FileNotFoundError:
        return False
    return info.st_uid in uids and info.st_ctime >= since
