"""An organiser's hand on a running event: cancel it, retry its error games (hand-made results;
the real-worker cancel is in ``test_pipeline_tournaments.py``)."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied
from django.utils import timezone

from tests.tournament.conftest import finish, queued
from tests.tournament.test_results import outcome_for
from tournament import execution, tasks, tournaments
from tournament.models import Match, ScoredResult, Tournament, TournamentMatch
from tournament.organiser import cancel_tournament, may_manage, retry_game
from tournament.results import record_result
from tournament.tournaments import TournamentRefused, TournamentState, create_tournament

# What an event shows and does, with its games queued at once (the fair share has its own tests).
pytestmark = pytest.mark.usefixtures("fair_share_off")


def games_of(tournament: Tournament) -> list[Match]:
    return list(Match.objects.filter(tournament_slot__tournament=tournament).order_by("id"))


def fail(match: Match, capture) -> None:
    """The platform gives up on ``match`` (one attempt allowed), running the hooks."""
    claimed, _ = execution.claim(match.id, "w")
    with capture(execute=True):
        verdict = execution.platform_failure(claimed.id, claimed.claim_token, "engine crashed")
    assert verdict.status == "error"


# --- Cancel --------------------------------------------------------------------------------


def test_cancelling_drops_queued_games_lets_running_ones_finish_and_creates_nothing(
    card_versions, users, sent, django_capture_on_commit_callbacks
) -> None:
    ids = [v.id for v in card_versions]
    cup = create_tournament(users["alice"], "cardgame", "Cup", "knockout", ids)
    # Five entrants: seeds 4 v 5 play first, seeds 2 v 3 meet in a semi-final at once.
    running, waiting = queued(cup)
    assert {p.version_id for p in running.participants.all()} == {ids[3], ids[4]}
    claimed, _ = execution.claim(running.id, "w")
    assert cancel_tournament(cup.id, users["alice"]) == 1
    cup.refresh_from_db()
    assert cup.status == Tournament.CANCELLED and cup.cancelled_by == users["alice"]
    assert cup.cancelled is not None
    waiting.refresh_from_db()
    assert waiting.status == Match.CANCELLED and waiting.finished is not None
    # A worker that still receives the dropped game does not play it.
    assert execution.claim(waiting.id, "w2") == (
        None,
        execution.Verdict("stale", detail="cancelled"),
    )
    waiting.refresh_from_db()
    assert waiting.status == Match.CANCELLED and waiting.attempts == 0
    # The running game finishes and is recorded; its winner's semi-final against seed 1 (due
    # in a running event) is not created, by the hook, a catch-up or beat.
    with django_capture_on_commit_callbacks(execute=True):
        assert record_result(claimed.id, claimed.claim_token, outcome_for(claimed, [1, 2]))
    assert tournaments.advance(cup.id) == []
    tasks.advance_tournaments()
    assert TournamentMatch.objects.filter(tournament=cup).count() == 2
    assert ScoredResult.objects.filter(match__in=[running.id, waiting.id]).count() == 1
    cup.refresh_from_db()
    assert cup.status == Tournament.CANCELLED and cup.finished is None


def test_a_game_queued_again_after_the_cancel_is_dropped_by_the_worker(
    card_versions, users, sent
) -> None:
    """A platform retry that put a game back in the queue just as the event was cancelled:
    the next delivery finds the event cancelled and drops the game instead of playing it."""
    cup = create_tournament(
        users["staff"], "cardgame", "Cup", "knockout", [card_versions[0].id, card_versions[1].id]
    )
    (game,) = queued(cup)
    cancel_tournament(cup.id, users["staff"])
    Match.objects.filter(id=game.id).update(status=Match.QUEUED, finished=None)
    claimed, verdict = execution.claim(game.id, "w")
    assert claimed is None and verdict.status == "cancelled" and verdict.retry_in is None
    game.refresh_from_db()
    assert game.status == Match.CANCELLED and game.attempts == 0
    assert game.end_reason == tournaments.CANCELLED_REASON


def test_a_running_game_of_a_cancelled_event_is_not_run_again(
    card_versions, users, sent, settings
) -> None:
    settings.ARENA_MATCH_MAX_ATTEMPTS = 3
    cup = create_tournament(
        users["staff"], "cardgame", "Cup", "knockout", [v.id for v in card_versions[:4]]
    )
    first, second = queued(cup)
    for_failure, _ = execution.claim(first.id, "w")
    lost, _ = execution.claim(second.id, "w")
    cancel_tournament(cup.id, users["staff"])
    # A platform failure would queue it again: not for a cancelled event.
    verdict = execution.platform_failure(for_failure.id, for_failure.claim_token, "sandbox died")
    assert verdict.status == "cancelled" and verdict.retry_in is None
    # A worker lost mid-game: the lease runs out, and the takeover drops the game instead.
    Match.objects.filter(id=lost.id).update(lease_expires=timezone.now())
    assert execution.claim(lost.id, "w2")[1].status == "cancelled"
    for match in (first, second):
        match.refresh_from_db()
        assert match.status == Match.CANCELLED and match.attempts == 1
    assert "sandbox died" in Match.objects.get(id=first.id).error_reason


def test_cancelling_twice_or_a_finished_event_says_why(
    card_versions, users, sent, django_capture_on_commit_callbacks
) -> None:
    ids = [v.id for v in card_versions[:2]]
    duel = create_tournament(users["staff"], "cardgame", "Duel", "knockout", ids)
    cancel_tournament(duel.id, users["staff"])
    with pytest.raises(TournamentRefused, match="already cancelled"):
        cancel_tournament(duel.id, users["staff"])
    done = create_tournament(users["staff"], "cardgame", "Done", "knockout", ids)
    (game,) = queued(done)
    finish(game, ids[0], django_capture_on_commit_callbacks)
    with pytest.raises(TournamentRefused, match="already finished"):
        cancel_tournament(done.id, users["staff"])
    assert Tournament.objects.get(id=done.id).status == Tournament.FINISHED


def test_only_the_organiser_and_staff_manage_an_event(card_versions, users, sent) -> None:
    ids = [v.id for v in card_versions[:2]]
    duel = create_tournament(users["alice"], "cardgame", "Duel", "knockout", ids)
    assert may_manage(users["alice"], duel) and may_manage(users["staff"], duel)
    assert not may_manage(users["bob"], duel)
    with pytest.raises(PermissionDenied):
        cancel_tournament(duel.id, users["bob"])
    (game,) = queued(duel)
    with pytest.raises(PermissionDenied):
        retry_game(duel.id, game.id, users["bob"])
    assert Tournament.objects.get(id=duel.id).status == Tournament.RUNNING
    cancel_tournament(duel.id, users["staff"])
    assert Tournament.objects.get(id=duel.id).status == Tournament.CANCELLED


# --- Retry ---------------------------------------------------------------------------------


def test_a_retried_error_game_replaces_the_void_result_and_the_event_runs_again(
    catan_versions, users, sent, settings, django_capture_on_commit_callbacks
) -> None:
    settings.ARENA_MATCH_MAX_ATTEMPTS = 1
    ids = [v.id for v in catan_versions]
    league = create_tournament(users["alice"], "catan", "League", "round_robin", ids)
    broken, *others = queued(league)
    fail(broken, django_capture_on_commit_callbacks)
    for game in others:
        finish(game, game.participants.all()[0].version_id, django_capture_on_commit_callbacks)
    league.refresh_from_db()
    assert league.status == Tournament.FINISHED
    void_forfeits = sum(row.forfeits for row in TournamentState.load(league).standings())
    assert void_forfeits == 3  # the error game counts as forfeited by its three seats

    sent.clear()
    with django_capture_on_commit_callbacks(execute=True):
        new_id = retry_game(league.id, broken.id, users["alice"])
    assert sent == [new_id]
    league.refresh_from_db()
    assert league.status == Tournament.RUNNING and league.finished is None
    fresh = Match.objects.get(id=new_id)
    seats = lambda m: list(m.participants.order_by("seat").values_list("version_id", flat=True))  # noqa: E731
    assert seats(fresh) == seats(broken) and fresh.status == Match.QUEUED
    assert fresh.seed != broken.seed and fresh.options == broken.options
    old_slot = TournamentMatch.objects.get(match=broken)
    assert old_slot.retried_as_id == new_id
    assert Match.objects.get(id=broken.id).status == Match.ERROR  # kept as a record
    # The void result no longer counts: the slot is open until the new game is played.
    state = TournamentState.load(league)
    assert state.done == league.planned_matches - 1
    assert sum(row.forfeits for row in state.standings()) == 0
    assert tournaments.advance(league.id) == []  # nothing else is missing

    winner = fresh.participants.order_by("seat").last().version_id
    finish(fresh, winner, django_capture_on_commit_callbacks)
    league.refresh_from_db()
    assert league.status == Tournament.FINISHED
    assert sum(row.played for row in TournamentState.load(league).standings()) == 4 * 3
    with pytest.raises(TournamentRefused, match=f"retried already, as match {new_id}"):
        retry_game(league.id, broken.id, users["alice"])


def test_a_knockout_retry_may_not_rewrite_the_bracket(
    card_versions, users, sent, settings, django_capture_on_commit_callbacks
) -> None:
    settings.ARENA_MATCH_MAX_ATTEMPTS = 1
    ids = [v.id for v in card_versions[:4]]
    cup = create_tournament(users["staff"], "cardgame", "Cup", "knockout", ids)
    semi_one, semi_two = queued(cup)
    fail(semi_one, django_capture_on_commit_callbacks)  # void: seed 1 goes through on seeding
    # The other semi-final is still running, so the final does not exist yet: a retry is fine.
    assert queued(cup) == [semi_two]
    with django_capture_on_commit_callbacks(execute=True):
        replay_id = retry_game(cup.id, semi_one.id, users["staff"])
    fail(Match.objects.get(id=replay_id), django_capture_on_commit_callbacks)
    finish(semi_two, ids[2], django_capture_on_commit_callbacks)
    (final,) = [m for m in queued(cup) if m.id not in (semi_two.id, replay_id)]
    assert {p.version_id for p in final.participants.all()} == {ids[0], ids[2]}
    # Now the final is built on the void semi-final: retrying it would rewrite the bracket.
    with pytest.raises(TournamentRefused, match="already plays in the next round"):
        retry_game(cup.id, replay_id, users["staff"])
    with pytest.raises(TournamentRefused, match="only a game that ended in error"):
        retry_game(cup.id, semi_two.id, users["staff"])
    with pytest.raises(TournamentRefused, match="not a game of Cup"):
        retry_game(cup.id, 10**9, users["staff"])
    cancel_tournament(cup.id, users["staff"])
    with pytest.raises(TournamentRefused, match="cancelled"):
        retry_game(cup.id, replay_id, users["staff"])
