"""The pipeline for real: matches run by Celery worker processes through the bot runner, the
sandbox and the engines. Nothing here is mocked; the embedded defaults (SQLite, filesystem
broker) and the real services (PostgreSQL, Redis; ``.ci/run``) both run these tests.
"""

from __future__ import annotations

import io
import json
import os
import signal
import time
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from django.test import Client
from django.utils import timezone

from bots.outcome import CRASH
from tests.tournament.conftest import FAST_GAME, basic_auth, code, make_bot
from tests.workers import worker_process
from tournament.batches import queue_batch, wait_for
from tournament.history import recompute, resimulate
from tournament.matches import create_match
from tournament.models import BotVersion, LiveView, Match, ScoredResult
from tournament.tasks import reap_matches, schedule_ladders, send_match
from tournament.versions import create_version

pytestmark = pytest.mark.django_db(transaction=True)


def wait_until(condition, timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.2)
    raise AssertionError(f"timed out waiting for {what}")


def test_200_ladder_matches_on_two_workers_finish_exactly_once(house_bots, fast_ladder) -> None:
    # Only the batch runs: an enabled ladder would refill itself as the batch's last matches end.
    fast_ladder.enabled = False
    fast_ladder.save()
    started = time.monotonic()
    with worker_process("pipe1"), worker_process("pipe2"):
        ids = queue_batch(FAST_GAME, 200)
        assert len(ids) == 200
        assert wait_for(ids, timeout=1200), "matches still pending"
    elapsed = time.monotonic() - started
    matches = Match.objects.filter(id__in=ids)
    assert matches.filter(status=Match.FINISHED).count() == 200, list(
        matches.exclude(status=Match.FINISHED).values_list("id", "status", "error_reason")
    )
    assert ScoredResult.objects.filter(match__in=ids).count() == 200
    assert set(matches.values_list("attempts", flat=True)) == {1}
    workers = {w.split("@")[0] for w in matches.values_list("worker", flat=True)}
    assert workers == {"pipe1", "pipe2"}
    # Concurrent results for the same versions lost no update: every seat was counted...
    versions = BotVersion.objects.filter(bot__in=house_bots)
    assert sum(v.games_played for v in versions) == 200 * fast_ladder.players_per_match
    # ...and the stored ratings are exactly the history replayed in scoring order.
    recomputation = recompute()
    assert recomputation.matches == 200
    assert recomputation.mismatches() == []
    print(f"\n200 matches through 2 workers in {elapsed:.1f} s")


def test_the_ladder_command_runs_a_batch_and_replays_reproduce_it(house_bots, fast_ladder) -> None:
    fast_ladder.enabled = False  # only the batch runs
    fast_ladder.save()
    out = io.StringIO()
    with worker_process("replayer"):
        call_command("ladder", "--game", FAST_GAME, "--matches", "3", "--wait", stdout=out)
    summary = json.loads(out.getvalue())
    assert summary["finished"] == 3 and summary["errors"] == 0 and summary["pending"] == 0
    assert summary["matches_per_minute"] > 0
    ids = list(Match.objects.filter(status=Match.FINISHED).values_list("id", flat=True))
    assert len(ids) == 3
    out = io.StringIO()
    call_command("replay_match", *map(str, ids), stdout=out)
    reports = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [r["ok"] for r in reports] == [True] * 3 and all(r["actions"] > 0 for r in reports)
    call_command("recompute_ratings", stdout=io.StringIO())  # raises on any mismatch
    # A tampered replay does not pass.
    match = Match.objects.get(id=ids[0])
    data = match.replay.unpack()
    data["actions"] = data["actions"][:-1]
    match.replay.data = match.replay.pack(data)
    match.replay.save()
    assert not resimulate(Match.objects.get(id=ids[0]))["ok"]
    with pytest.raises(CommandError):
        call_command("replay_match", str(ids[0]), stdout=io.StringIO())
    # So does a stored rating that the history does not explain.
    BotVersion.objects.filter(id=house_bots[0].current_version_id).update(elo=1234.0)
    with pytest.raises(CommandError):
        call_command("recompute_ratings", stdout=io.StringIO(), stderr=io.StringIO())


def test_validation_activates_a_good_version_and_fails_a_crashing_one(users, house_bots) -> None:
    good = make_bot(users["alice"], "good", "random_legal.py", validate=True)
    bad = make_bot(users["bob"], "bad", "crash_on_first_move.py", validate=True)
    good_version, bad_version = good.versions.get(), bad.versions.get()
    assert good_version.status == bad_version.status == BotVersion.VALIDATING
    assert good.current_version is None
    with worker_process("validator"):
        wait_until(
            lambda: not BotVersion.objects.filter(status=BotVersion.VALIDATING).exists(),
            timeout=300,
            what="validation games",
        )
    good_version.refresh_from_db()
    bad_version.refresh_from_db()
    good.refresh_from_db()
    bad.refresh_from_db()
    assert good_version.status == BotVersion.ACTIVE and good.current_version == good_version
    assert bad_version.status == BotVersion.FAILED and bad.current_version is None
    assert "crash" in bad_version.validation_log
    assert "about to crash" in bad_version.validation_log
    # Validation games are not rated, and a failed version never enters the ladder.
    assert good_version.games_played == 0
    ladder_versions = BotVersion.objects.filter(game=FAST_GAME, status=BotVersion.ACTIVE)
    assert bad_version not in ladder_versions

    # A second upload replaces the first once it passes.
    data = (Path(good_version.code_path) / "main.py").read_bytes()
    second = create_version(good, "v2.py", data + b"\n# v2\n")
    with worker_process("validator2"):
        wait_until(
            lambda: BotVersion.objects.get(id=second.id).status != BotVersion.VALIDATING,
            timeout=300,
            what="the second validation",
        )
    good_version.refresh_from_db()
    good.refresh_from_db()
    assert good.current_version_id == second.id
    assert good_version.status == BotVersion.RETIRED


def test_a_bot_uploaded_through_the_api_is_validated_by_a_worker_and_joins_the_ladder(
    users, house_bots
) -> None:
    users["alice"].set_password("pw-of-alice")
    users["alice"].save()
    response = Client().post(
        "/api/bots/",
        {"game": FAST_GAME, "name": "uploaded", "code": code()},
        **basic_auth("alice", "pw-of-alice"),
    )
    assert response.status_code == 201, response.content
    version_id = response.json()["id"]
    with worker_process("uploads"):
        wait_until(
            lambda: BotVersion.objects.get(id=version_id).status != BotVersion.VALIDATING,
            timeout=300,
            what="the uploaded bot's validation game",
        )
    version = BotVersion.objects.select_related("bot").get(id=version_id)
    assert version.status == BotVersion.ACTIVE, version.validation_log
    assert version.bot.current_version_id == version_id


def test_a_crashing_bot_forfeits_and_is_scored_last(users, house_bots, fast_ladder) -> None:
    crasher = make_bot(users["bob"], "crasher", "crash_on_first_move.py")
    seats = [
        house_bots[0].current_version_id,
        crasher.current_version_id,
        house_bots[1].current_version_id,
    ]
    match = create_match(fast_ladder, seats)
    with worker_process("forfeits"):
        send_match(match.id)
        assert wait_for([match.id], timeout=300)
    match.refresh_from_db()
    assert match.status == Match.FINISHED
    seat = match.participants.get(seat=1)
    assert seat.forfeit == CRASH and seat.rank == 3
    assert "about to crash" in seat.log.stderr
    crasher.refresh_from_db()
    version = crasher.current_version
    assert version.games_played == 1 and version.forfeits == 1
    assert version.elo < 1500.0 and seat.elo_after == version.elo
    assert crasher.games_played == 1 and crasher.forfeits == 1


def test_platform_errors_are_retried_then_marked_error_unscored(house_bots, fast_ladder) -> None:
    # Options the engine rejects: the platform's fault (a bad setting), never a bot's.
    seats = [b.current_version_id for b in house_bots[:3]]
    match = create_match(fast_ladder, seats, options={"no_such_option": 1})
    with worker_process("retrier", extra_env={"ARENA_MATCH_MAX_ATTEMPTS": "2"}):
        send_match(match.id)
        assert wait_for([match.id], timeout=120)
    match.refresh_from_db()
    assert match.status == Match.ERROR
    assert match.attempts == 2
    assert "attempt 1:" in match.error_reason and "attempt 2:" in match.error_reason
    assert "no_such_option" in match.error_reason
    assert not ScoredResult.objects.filter(match=match).exists()
    assert not BotVersion.objects.filter(games_played__gt=0).exists()


def test_spectators_see_a_running_match_live_and_its_replay_once_it_ends(
    users, house_bots, fast_ladder
) -> None:
    slow = make_bot(users["alice"], "slow", "slow_first_move.py")
    seats = [slow.current_version_id] + [b.current_version_id for b in house_bots[:2]]
    match = create_match(fast_ladder, seats)
    client = Client()
    with worker_process("live"):
        send_match(match.id)
        # The slow bot thinks for seconds on its first move: the board is set up by then.
        wait_until(
            lambda: LiveView.objects.filter(match=match, match__status=Match.RUNNING).exists(),
            timeout=60,
            what="the worker to publish the running match",
        )
        page = client.get(f"/matches/{match.id}/").content.decode()
        assert "Live" in page and "<svg" in page and "hidden cards stay hidden" in page
        assert wait_for([match.id], timeout=120)
    assert not LiveView.objects.filter(match=match).exists()
    page = client.get(f"/matches/{match.id}/").content.decode()
    assert "data-ended" in page and 'id="viewer"' in page


def test_a_match_killed_with_its_worker_is_rerun_by_another_and_scored_once(
    users, house_bots, fast_ladder, settings
) -> None:
    lease = {"ARENA_MATCH_LEASE_SECONDS": "3"}
    settings.ARENA_MATCH_LEASE_SECONDS = 3  # the reaper below runs in this process
    slow = make_bot(users["alice"], "slow", "slow_first_move.py")
    seats = [slow.current_version_id] + [b.current_version_id for b in house_bots[:2]]
    match = create_match(fast_ladder, seats)
    with worker_process("victim", extra_env=lease) as victim:
        send_match(match.id)
        wait_until(
            lambda: Match.objects.filter(
                id=match.id, status=Match.RUNNING, worker__startswith="victim@"
            ).exists(),
            timeout=60,
            what="the victim to start the match",
        )
        time.sleep(1.0)  # mid-match: the slow bot is thinking
        os.killpg(victim.pid, signal.SIGKILL)  # the whole worker, pool and all
        victim.wait()
    assert Match.objects.get(id=match.id).status == Match.RUNNING
    with worker_process("rescuer", extra_env=lease):
        wait_until(
            lambda: Match.objects.get(id=match.id).lease_expires < timezone.now(),
            timeout=30,
            what="the lost lease to expire",
        )
        reap_matches()  # what beat runs every 30 s
        assert wait_for([match.id], timeout=120)
    match.refresh_from_db()
    assert match.status == Match.FINISHED
    assert match.attempts == 2
    assert match.worker.startswith("rescuer@")
    assert "victim@" in match.error_reason and "lost" in match.error_reason
    assert ScoredResult.objects.filter(match=match).count() == 1
    slow.refresh_from_db()
    assert slow.current_version.games_played == 1


def test_a_match_whose_pool_process_is_killed_is_requeued_and_scored_once(
    users, house_bots, fast_ladder
) -> None:
    """Only the process playing the match dies: its worker rejects the task back to the queue."""
    lease = {"ARENA_MATCH_LEASE_SECONDS": "3"}
    slow = make_bot(users["alice"], "slow", "slow_first_move.py")
    seats = [slow.current_version_id] + [b.current_version_id for b in house_bots[:2]]
    match = create_match(fast_ladder, seats)
    with worker_process("pool1", extra_env=lease), worker_process("pool2", extra_env=lease):
        send_match(match.id)
        wait_until(
            lambda: Match.objects.filter(id=match.id, status=Match.RUNNING).exists(),
            timeout=60,
            what="a worker to start the match",
        )
        time.sleep(1.0)
        first = Match.objects.get(id=match.id).worker
        os.kill(int(first.rsplit(" pid ", 1)[1]), signal.SIGKILL)
        assert wait_for([match.id], timeout=120)
    match.refresh_from_db()
    assert match.status == Match.FINISHED
    assert match.attempts == 2
    assert f"{first} lost" in match.error_reason
    assert ScoredResult.objects.filter(match=match).count() == 1
    slow.refresh_from_db()
    assert slow.current_version.games_played == 1


def test_beat_keeps_the_ladder_running_and_ratings_move(house_bots, fast_ladder) -> None:
    fast_ladder.matches_in_flight = 2
    fast_ladder.save()
    with worker_process("ladder1", concurrency=2):
        deadline = time.monotonic() + 180
        while Match.objects.filter(status=Match.FINISHED).count() < 6:
            assert time.monotonic() < deadline, "the ladder did not play 6 matches"
            schedule_ladders()  # what beat runs every few seconds
            assert Match.objects.filter(status__in=[Match.QUEUED, Match.RUNNING]).count() <= 2
            time.sleep(0.5)
    rated = BotVersion.objects.filter(bot__in=house_bots, games_played__gt=0)
    assert rated.count() == 4
    assert len({v.conservative for v in rated}) > 1


def test_a_slow_bot_holds_one_slot_while_the_ladder_plays_on_until_its_budget_ends_it(
    users, house_bots, fast_ladder
) -> None:
    """The audit's set-up: one worker of concurrency 2 (two slots), and a legal bot that sleeps
    on every move. Its match holds one slot; the other keeps playing ladder matches, each
    replaced as soon as it ends; the slow bot's game wall budget ends its match."""
    fast_ladder.matches_in_flight = 2
    fast_ladder.time_control = {"game_wall_s": 6.0}
    fast_ladder.save()
    house = [*house_bots, *(make_bot(users["bob"], f"more_{i}", "random_legal.py") for i in (1, 2))]
    BotVersion.objects.filter(bot__in=house).update(games_played=50, sigma=2.0)
    slow = make_bot(users["alice"], "sleepy", "sleepy.py")  # every pairing's first pick
    with worker_process("slots", concurrency=2):
        schedule_ladders()  # one beat tick; the ladder refills itself from then on
        slow_match = Match.objects.get(participants__version__bot=slow)
        assert wait_for([slow_match.id], timeout=120)
        slow_match.refresh_from_db()
        others = Match.objects.exclude(participants__version__bot=slow).filter(
            status=Match.FINISHED, finished__lt=slow_match.finished
        )
        assert others.count() >= 3, "the other slot did not keep playing"
        print(f"\n{others.count()} other matches finished while the slow bot's match ran")
    seat = slow_match.participants.get(version__bot=slow)
    assert seat.forfeit == "timeout"
    assert "wall-clock budget for the game ran out (6 s" in seat.forfeit_detail
    assert slow_match.status == Match.FINISHED
    assert (slow_match.finished - slow_match.started).total_seconds() < 60
