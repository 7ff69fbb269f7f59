"""Chaos: the broker dies and comes back empty, a worker process dies mid-match (issue 12, item 9).

Everything is real: a Redis server of the test's own (on a free loopback port, never the
machine's), Celery worker processes, Celery beat running the project's schedule (ladder ticks,
the reaper, the tournaments' catch-up), the sandboxed bots and the engine. While a ladder and a
round robin play, the broker is killed and restarted without its data, losing every queued
message, and then the process playing a match is killed. Afterwards every match is finished or
``error``, none was scored twice, the ratings are the history's, and every replay reproduces.
"""

from __future__ import annotations

import io
import os
import signal
import time

import pytest
from django.core.management import call_command
from django.db.models import Count, Q, QuerySet
from django.utils import timezone

from tests.brokers import RedisServer, requires_redis_server
from tests.tournament.conftest import active_version, make_bot
from tests.tournament.test_pipeline import wait_until
from tests.workers import beat_process, broker_at, worker_process
from tournament.models import BotVersion, Match, MatchParticipant, ScoredResult, Tournament
from tournament.tournaments import create_tournament

pytestmark = [
    pytest.mark.django_db(transaction=True),
    requires_redis_server,
]

UNFINISHED = (Match.QUEUED, Match.RUNNING)
BROKER_RETURN_BOUND_S = 60
"""The longest a match whose message the broker lost may wait after the broker is back."""


def unfinished() -> QuerySet[Match]:
    return Match.objects.filter(status__in=UNFINISHED)


def test_a_lost_broker_and_a_killed_worker_lose_no_match_and_score_none_twice(
    users, house_bots, fast_ladder, settings, tmp_path
) -> None:
    # Six slots' worth of fair share but two workers playing: a backlog of queued matches,
    # whose messages the broker will lose.
    env = {
        "ARENA_MATCH_SLOTS": "6",
        "ARENA_MATCH_LEASE_SECONDS": "3",
        "ARENA_LADDER_TICK_SECONDS": "1",
        "ARENA_REAP_SECONDS": "2",
    }
    settings.ARENA_MATCH_SLOTS = 6
    settings.ARENA_MATCH_LEASE_SECONDS = 3
    fast_ladder.max_concurrent_per_bot = 2
    fast_ladder.matches_in_flight = 4
    fast_ladder.save()
    slow = make_bot(users["alice"], "slow", "slow_first_move.py")
    for name in ("extra_1", "extra_2"):
        make_bot(users["bob"], name, "random_legal.py")
    broker = RedisServer(tmp_path)
    with (
        broker.running(),
        broker_at(broker.url),
        worker_process("chaos1", extra_env=env),
        worker_process("chaos2", extra_env=env),
        beat_process(tmp_path / "beat-schedule", extra_env=env),
    ):
        league = create_tournament(
            users["staff"],
            "catan",
            "Chaos league",
            "round_robin",
            [active_version(bot).id for bot in house_bots],
        )
        wait_until(
            lambda: (
                Match.objects.filter(status=Match.FINISHED).count() >= 2
                and Match.objects.filter(status=Match.QUEUED).exists()
            ),
            timeout=120,
            what="matches to finish while others wait in the queue",
        )

        # The broker dies and comes back empty: every queued message is gone.
        lost = set(Match.objects.filter(status=Match.QUEUED).values_list("id", flat=True))
        broker.kill()
        time.sleep(2)
        broker.start()
        back, back_at = time.monotonic(), timezone.now()

        # A worker process dies mid-match: one of the slow bot's, which thinks for seconds.
        def slow_match_running() -> bool:
            return Match.objects.filter(
                status=Match.RUNNING, participants__version__bot=slow
            ).exists()

        wait_until(slow_match_running, timeout=90, what="the slow bot to play again")
        time.sleep(1.0)
        victim = Match.objects.filter(status=Match.RUNNING, participants__version__bot=slow).first()
        if victim is not None:  # else it ended this instant: no one to kill but that is fine
            os.kill(int(victim.worker.rsplit(" pid ", 1)[1]), signal.SIGKILL)

        # No match the broker lost waits long for it, and everything else goes on.
        wait_until(
            lambda: not Match.objects.filter(id__in=lost, status=Match.QUEUED).exists(),
            timeout=max(1.0, BROKER_RETURN_BOUND_S - (time.monotonic() - back)),
            what="every match the broker lost to be picked up again",
        )
        wait_until(
            lambda: Tournament.objects.get(id=league.id).status == Tournament.FINISHED,
            timeout=180,
            what="the round robin to finish",
        )
        fast_ladder.enabled = False  # the ladder stops refilling; what runs finishes
        fast_ladder.save()
        wait_until(lambda: not unfinished().exists(), timeout=180, what="every match to end")
        print(
            f"\nchaos: {len(lost)} messages lost; all ended {time.monotonic() - back:.0f} s later"
        )

    matches = Match.objects.all()
    assert set(matches.values_list("status", flat=True)) <= {Match.FINISHED, Match.ERROR}
    # The round robin played all its games, and the ladder went on after the broker came back.
    league_games = matches.filter(tournament_slot__tournament=league)
    assert league_games.count() == league.planned_matches
    assert set(league_games.values_list("status", flat=True)) == {Match.FINISHED}
    assert matches.filter(kind=Match.LADDER, created__gt=back_at, status=Match.FINISHED).exists()
    # None scored twice: one scored result per finished match, and every version counted each
    # of its finished rated games once.
    assert ScoredResult.objects.count() == matches.filter(status=Match.FINISHED).count()
    assert not ScoredResult.objects.exclude(match__status=Match.FINISHED).exists()
    played = dict(
        MatchParticipant.objects.filter(match__status=Match.FINISHED, match__rated=True)
        .values_list("version")
        .annotate(n=Count("id"))
    )
    for version in BotVersion.objects.filter(Q(games_played__gt=0) | Q(id__in=played)):
        assert version.games_played == played.get(version.id, 0), version
    assert victim is None or Match.objects.get(id=victim.id).attempts >= 2
    out = io.StringIO()
    call_command("recompute_ratings", stdout=out, stderr=io.StringIO())  # raises on a mismatch
    assert '"mismatches": 0' in out.getvalue()
    call_command("replay_match", "--all", stdout=io.StringIO())  # raises on a replay that differs
