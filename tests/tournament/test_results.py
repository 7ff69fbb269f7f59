"""Claiming and scoring a match: write-once results, leases, retries (no runner involved).

These tests drive the service functions with hand-made outcomes; the pipeline tests in
``test_pipeline.py`` run real matches through real workers.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import IntegrityError, transaction
from django.utils import timezone

from bots.outcome import CRASH, MatchOutcome, SeatResult
from tournament import execution, ratings
from tournament.models import Bot, BotVersion, Match, ScoredResult
from tournament.results import record_result
from tournament.scheduler import schedule_ladder
from tournament.tasks import reap_matches
from tournament.versions import UploadRejected, code_root, create_version

pytestmark = pytest.mark.django_db


def outcome_for(match: Match, ranks: list[int], forfeit_seat: int | None = None) -> MatchOutcome:
    seats = [
        SeatResult(
            seat=seat,
            rank=rank,
            score=float(10 - rank),
            forfeit=CRASH if seat == forfeit_seat else None,
            stderr=f"log of seat {seat}",
            move_times_ms=[1.5, 2.5],
        )
        for seat, rank in enumerate(ranks)
    ]
    return MatchOutcome(
        game=match.game,
        engine_version="test",
        num_players=len(ranks),
        seed=match.seed,
        options=match.options,
        seats=seats,
        reason="victory",
        actions=[{"type": "a"}],
        events=[],
        final_state={"done": True},
    )


@pytest.fixture
def match(house_bots) -> Match:
    (match_id,) = schedule_ladder("catan", 1)
    return Match.objects.get(id=match_id)


def test_a_result_is_written_once(match) -> None:
    claimed, _ = execution.claim(match.id, "w1")
    result = outcome_for(claimed, [1, 2, 3])
    assert record_result(claimed.id, claimed.claim_token, result) is True
    assert record_result(claimed.id, claimed.claim_token, result) is False
    assert ScoredResult.objects.filter(match=match).count() == 1
    match.refresh_from_db()
    assert match.status == Match.FINISHED
    versions = [p.version for p in match.participants.select_related("version")]
    assert [v.games_played for v in versions] == [1, 1, 1]


def test_the_database_refuses_a_second_scored_result(match) -> None:
    ScoredResult.objects.create(match=match)
    with pytest.raises(IntegrityError), transaction.atomic():
        ScoredResult.objects.create(match=match)


def test_a_taken_over_claim_writes_nothing(match, settings) -> None:
    first, _ = execution.claim(match.id, "w1")
    Match.objects.filter(id=match.id).update(lease_expires=timezone.now() - timedelta(seconds=1))
    second, _ = execution.claim(match.id, "w2")
    assert second is not None and second.attempts == 2
    assert record_result(first.id, first.claim_token, outcome_for(first, [1, 2, 3])) is False
    assert not ScoredResult.objects.filter(match=match).exists()
    assert record_result(second.id, second.claim_token, outcome_for(second, [1, 2, 3])) is True
    match.refresh_from_db()
    assert "w1 pid" in match.error_reason and "lost" in match.error_reason


def test_a_live_lease_makes_other_deliveries_wait(match) -> None:
    execution.claim(match.id, "w1")
    again, verdict = execution.claim(match.id, "w2")
    assert again is None and verdict.status == "busy" and verdict.retry_in > 0


def test_a_finished_match_is_not_claimed_again(match) -> None:
    claimed, _ = execution.claim(match.id, "w1")
    record_result(claimed.id, claimed.claim_token, outcome_for(claimed, [1, 2, 3]))
    again, verdict = execution.claim(match.id, "w2")
    assert again is None and verdict.status == "stale"


def test_ratings_follow_the_ranking_and_are_recorded_per_seat(match) -> None:
    claimed, _ = execution.claim(match.id, "w1")
    record_result(claimed.id, claimed.claim_token, outcome_for(claimed, [3, 1, 2], forfeit_seat=0))
    seats = list(match.participants.select_related("version__bot"))
    expected = ratings.update([ratings.Rating()] * 3, [3, 1, 2])
    for participant, after in zip(seats, expected, strict=True):
        assert participant.elo_before == ratings.ELO_START
        assert (participant.elo_after, participant.mu_after, participant.sigma_after) == (
            after.elo,
            after.mu,
            after.sigma,
        )
        assert participant.version.elo == after.elo
        assert participant.version.bot.elo == after.elo
    assert seats[0].forfeit == CRASH and seats[0].version.forfeits == 1
    assert seats[1].version.wins == 1
    assert seats[0].log.stderr == "log of seat 0"


def test_platform_failures_are_retried_then_marked_error(match, settings) -> None:
    settings.ARENA_MATCH_MAX_ATTEMPTS = 2
    claimed, _ = execution.claim(match.id, "w1")
    verdict = execution.platform_failure(match.id, claimed.claim_token, "engine exploded")
    assert verdict.status == "retry"
    match.refresh_from_db()
    assert match.status == Match.QUEUED
    claimed, _ = execution.claim(match.id, "w1")
    verdict = execution.platform_failure(match.id, claimed.claim_token, "engine exploded again")
    assert verdict.status == "error"
    match.refresh_from_db()
    assert match.status == Match.ERROR
    assert "attempt 1: engine exploded" in match.error_reason
    assert "attempt 2: engine exploded again" in match.error_reason
    assert not ScoredResult.objects.filter(match=match).exists()
    assert all(p.version.games_played == 0 for p in match.participants.all())


def test_a_match_lost_too_often_is_marked_error(match, settings) -> None:
    settings.ARENA_MATCH_MAX_ATTEMPTS = 1
    execution.claim(match.id, "w1")
    Match.objects.filter(id=match.id).update(lease_expires=timezone.now() - timedelta(seconds=1))
    again, verdict = execution.claim(match.id, "w2")
    assert again is None and verdict.status == "error"
    match.refresh_from_db()
    assert match.status == Match.ERROR and "lost" in match.error_reason


def test_an_upload_is_validated_before_anything_is_stored(users, settings, tmp_path) -> None:
    settings.MEDIA_ROOT = str(tmp_path)
    bot = Bot.objects.create(owner=users["alice"], game="catan", name="b")
    with pytest.raises(UploadRejected, match="zip"):
        create_version(bot, "bot.exe", b"MZ...")
    assert not BotVersion.objects.exists()
    assert not code_root().exists()


def test_the_reaper_resends_lost_and_forgotten_matches_only(house_bots, settings) -> None:
    settings.ARENA_REQUEUE_AFTER_SECONDS = 60
    reap_matches()  # a Redis broker's life is known now: only the rules below decide
    long_ago = timezone.now() - timedelta(minutes=10)
    lost, live, forgotten, fresh = (
        Match.objects.get(id=i) for i in schedule_ladder("catan", 4, respect_bot_limit=False)
    )
    for match, status, lease in ((lost, Match.RUNNING, -5), (live, Match.RUNNING, 30)):
        Match.objects.filter(id=match.id).update(
            status=status,
            lease_expires=timezone.now() + timedelta(seconds=lease),
            sent_at=long_ago,
        )
    Match.objects.filter(id=forgotten.id).update(created=long_ago, sent_at=None)
    Match.objects.filter(id=fresh.id).update(sent_at=timezone.now())
    before = timezone.now()
    reap_matches()
    resent = set(Match.objects.filter(sent_at__gte=before).values_list("id", flat=True))
    assert resent == {lost.id, forgotten.id}


@pytest.mark.django_db(transaction=True)  # execute() closes the connection it finds
def test_errors_that_follow_one_bots_answers_name_it_for_staff(
    match, settings, monkeypatch, client, django_user_model
) -> None:
    """Issue 12: a match that fails on every attempt right after one seat's answer says so on
    the match page, for staff: the bot may have found an engine crash to void its losses."""
    from bots.outcome import PlatformError

    settings.ARENA_MATCH_MAX_ATTEMPTS = 2

    def crash_after_seat_1(_match: Match) -> MatchOutcome:
        error = PlatformError("catan engine failed: KeyError")
        error.after_answer_of = 1
        raise error

    monkeypatch.setattr(execution, "play", crash_after_seat_1)
    assert execution.execute(match.id, "w1").status == "retry"
    assert execution.execute(match.id, "w1").status == "error"
    match.refresh_from_db()
    label = match.participants.get(seat=1).version.label
    assert match.error_reason.count(f"the last answer before it was seat 1's ({label})") == 2
    summary = f"every attempt failed right after an answer of seat 1 ({label})"
    assert summary in match.error_reason
    client.force_login(django_user_model.objects.create_user("staffer", is_staff=True))
    assert summary in client.get(f"/matches/{match.id}/").content.decode()


@pytest.mark.django_db(transaction=True)
def test_errors_after_different_seats_get_no_summary(match, settings, monkeypatch) -> None:
    from bots.outcome import PlatformError

    settings.ARENA_MATCH_MAX_ATTEMPTS = 2
    seats = iter([0, 2])

    def crash(_match: Match) -> MatchOutcome:
        error = PlatformError("sandbox failed")
        error.after_answer_of = next(seats)
        raise error

    monkeypatch.setattr(execution, "play", crash)
    execution.execute(match.id, "w1")
    assert execution.execute(match.id, "w1").status == "error"
    match.refresh_from_db()
    assert "seat 0's" in match.error_reason and "seat 2's" in match.error_reason
    assert "every attempt failed" not in match.error_reason


def test_the_ladder_average_score_leaves_a_walkover_out_for_the_survivors(match) -> None:
    from tournament.history import recompute

    claimed, _ = execution.claim(match.id, "w1")
    # Seat 0 forfeits (score 7 under outcome_for's 10 - rank); seats 1 and 2 played on.
    record_result(claimed.id, claimed.claim_token, outcome_for(claimed, [3, 1, 2], forfeit_seat=0))
    versions = [p.version for p in match.participants.select_related("version__bot")]
    assert (versions[0].score_total, versions[0].scored_games) == (7.0, 1)
    assert versions[0].average_score == 7.0
    # A walkover for seats 1 and 2: it counts as a game, not in their average.
    assert [v.games_played for v in versions[1:]] == [1, 1]
    assert [v.scored_games for v in versions[1:]] == [0, 0]
    assert [v.average_score for v in versions[1:]] == [None, None]
    assert versions[1].bot.scored_games == 0
    assert recompute().mismatches() == []


def test_the_ladder_average_score_counts_a_game_played_out(match) -> None:
    claimed, _ = execution.claim(match.id, "w1")
    record_result(claimed.id, claimed.claim_token, outcome_for(claimed, [2, 1, 3]))
    versions = [p.version for p in match.participants.select_related("version")]
    assert [v.average_score for v in versions] == [8.0, 9.0, 7.0]
