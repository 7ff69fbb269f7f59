"""The tournament flow with hand-made results: queueing, advancing, finishing, forfeits."""

from __future__ import annotations

import logging
import threading

import pytest
from django.db import connection

from tests.conftest import requires_services
from tests.tournament.conftest import finish, queued
from tests.tournament.test_results import outcome_for
from tournament import execution, tasks, tournaments
from tournament.models import BotVersion, GameLadder, Match, Tournament, TournamentMatch
from tournament.results import record_result
from tournament.tournaments import TournamentRefused, TournamentState, create_tournament


def test_a_knockout_with_byes_runs_to_a_champion(
    card_versions, users, sent, django_capture_on_commit_callbacks
) -> None:
    ids = [v.id for v in card_versions]
    with django_capture_on_commit_callbacks(execute=True):
        tournament = create_tournament(users["staff"], "cardgame", "Cup", "knockout", ids)
    assert tournament.planned_matches == 4 and tournament.status == Tournament.RUNNING
    # Five entrants in a bracket of eight: seeds 1, 2 and 3 have byes, 4 plays 5; seeds 2 and
    # 3 meet in the other semi-final at once, while seed 1 waits for the winner of 4 v 5.
    first, other_semi = queued(tournament)
    assert sent == [first.id, other_semi.id]
    assert {p.version_id for p in first.participants.all()} == {ids[3], ids[4]}
    assert {p.version_id for p in other_semi.participants.all()} == {ids[1], ids[2]}
    assert first.kind == Match.TOURNAMENT and not first.rated
    assert first.options == GameLadder.objects.get(game="cardgame").options
    finish(first, ids[4], django_capture_on_commit_callbacks)
    (semi,) = [m for m in queued(tournament) if m.id != other_semi.id]
    assert {p.version_id for p in semi.participants.all()} == {ids[0], ids[4]}
    finish(semi, ids[4], django_capture_on_commit_callbacks)
    assert queued(tournament) == [other_semi]  # the final waits for the other semi-final
    finish(other_semi, ids[2], django_capture_on_commit_callbacks)
    (final,) = queued(tournament)
    finish(final, ids[2], django_capture_on_commit_callbacks)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.FINISHED and tournament.finished is not None
    state = TournamentState.load(tournament)
    bracket = state.bracket()
    assert state.version_ids[bracket[-1][0].winner] == ids[2]
    assert TournamentMatch.objects.filter(tournament=tournament).count() == 4
    # Ratings are untouched: tournament games are unrated.
    assert all(v.games_played == 0 for v in BotVersion.objects.filter(id__in=ids))


def test_advancing_again_creates_nothing_twice(
    card_versions, users, sent, django_capture_on_commit_callbacks
) -> None:
    ids = [v.id for v in card_versions[:4]]
    tournament = create_tournament(users["staff"], "cardgame", "Cup", "knockout", ids)
    semis = queued(tournament)
    assert len(semis) == 2
    for semi in semis:
        finish(semi, semi.participants.all()[0].version_id, django_capture_on_commit_callbacks)
    before = TournamentMatch.objects.filter(tournament=tournament).count()
    # A missed hook and the beat task both run after the hooks already advanced the event.
    assert tournaments.advance(tournament.id) == []
    tasks.advance_tournaments()
    assert TournamentMatch.objects.filter(tournament=tournament).count() == before == 3


def test_the_beat_task_catches_up_when_the_hook_was_missed(
    fair_share_off, card_versions, users, sent, django_capture_on_commit_callbacks
) -> None:
    ids = [v.id for v in card_versions[:2]]
    tournament = create_tournament(
        users["staff"], "cardgame", "Duel", "knockout", ids, games_per_pairing=3
    )

    def seat_zero_wins_without_hooks(games: list[Match]) -> None:
        for game in games:
            claimed, _ = execution.claim(game.id, "w")
            record_result(claimed.id, claimed.claim_token, outcome_for(claimed, [1, 2]))

    first_two = queued(tournament)
    assert len(first_two) == 2
    seat_zero_wins_without_hooks(first_two)  # seats alternate: one win each
    assert queued(tournament) == []
    tasks.advance_tournaments()  # beat notices the split and queues the decider
    (decider,) = queued(tournament)
    seat_zero_wins_without_hooks([decider])
    assert Tournament.objects.get(id=tournament.id).status == Tournament.RUNNING
    tasks.advance_tournaments()
    assert Tournament.objects.get(id=tournament.id).status == Tournament.FINISHED


def test_an_error_match_is_void_and_the_tie_goes_to_the_better_seed(
    card_versions, users, sent, settings, django_capture_on_commit_callbacks
) -> None:
    settings.ARENA_MATCH_MAX_ATTEMPTS = 1
    ids = [v.id for v in card_versions[:2]]
    tournament = create_tournament(users["staff"], "cardgame", "Duel", "knockout", ids)
    (game,) = queued(tournament)
    claimed, _ = execution.claim(game.id, "w")
    with django_capture_on_commit_callbacks(execute=True):
        verdict = execution.platform_failure(claimed.id, claimed.claim_token, "engine crashed")
    assert verdict.status == "error"
    tournament.refresh_from_db()
    assert tournament.status == Tournament.FINISHED
    state = TournamentState.load(tournament)
    assert state.bracket()[0][0].winner == 0
    assert [row.forfeits for row in state.standings()] == [1, 1]


def test_a_three_player_round_robin_queues_every_group_and_ranks_the_entrants(
    fair_share_off, catan_versions, users, sent, django_capture_on_commit_callbacks
) -> None:
    ids = [v.id for v in catan_versions]
    tournament = create_tournament(users["staff"], "catan", "League", "round_robin", ids)
    games = queued(tournament)
    assert len(games) == tournament.planned_matches == 4
    assert all(m.participants.count() == 3 for m in games)
    for game in games:
        entrants = {p.version_id for p in game.participants.all()}
        winner = ids[3] if ids[3] in entrants else ids[0]
        finish(game, winner, django_capture_on_commit_callbacks)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.FINISHED
    table = TournamentState.load(tournament).standings()
    assert [(row.entrant, row.wins, row.played) for row in table[:2]] == [(3, 3, 3), (0, 1, 3)]


def test_refusals_say_why(card_versions, catan_versions, users) -> None:
    ids = [v.id for v in card_versions]
    with pytest.raises(TournamentRefused, match="twice"):
        create_tournament(users["staff"], "cardgame", "x", "knockout", [ids[0], ids[0]])
    with pytest.raises(TournamentRefused, match="not active"):
        create_tournament(
            users["staff"], "cardgame", "x", "knockout", [ids[0], catan_versions[0].id]
        )
    with pytest.raises(TournamentRefused, match="two-player"):
        create_tournament(users["staff"], "catan", "x", "knockout", [v.id for v in catan_versions])
    with pytest.raises(TournamentRefused, match="odd"):
        create_tournament(users["staff"], "cardgame", "x", "knockout", ids, games_per_pairing=2)
    assert not Tournament.objects.exists()


def test_a_stale_second_advance_is_stopped_by_the_unique_game_constraint(
    card_versions, users, sent, monkeypatch
) -> None:
    """Two processes advancing at once where row locks do not exist (SQLite): the second one
    computed the same next round from the same games; the database refuses its duplicate."""
    ids = [v.id for v in card_versions[:4]]
    tournament = create_tournament(users["staff"], "cardgame", "Cup", "knockout", ids)
    for semi in queued(tournament):  # results written, hooks not run: the final is due
        claimed, _ = execution.claim(semi.id, "w")
        record_result(claimed.id, claimed.claim_token, outcome_for(claimed, [1, 2]))
    stale = TournamentState.load(tournament)
    assert len(stale.missing_pairings()) == 1
    assert len(tournaments.advance(tournament.id)) == 1  # the first process creates the final
    monkeypatch.setattr(TournamentState, "load", classmethod(lambda cls, t: stale))
    assert tournaments.advance(tournament.id) == []  # the second one's insert is refused
    assert TournamentMatch.objects.filter(tournament=tournament).count() == 3


@requires_services
@pytest.mark.django_db(transaction=True)
def test_two_workers_advancing_at_once_wait_for_the_row_lock(
    card_versions, users, sent, caplog, monkeypatch
) -> None:
    """On PostgreSQL the second advance waits for the first one's lock, then finds the final
    already there: no duplicate, and no refused insert either (the lock did the work)."""
    ids = [v.id for v in card_versions[:4]]
    tournament = create_tournament(users["staff"], "cardgame", "Cup", "knockout", ids)
    with monkeypatch.context() as hooks_off:  # both results in, neither has advanced yet
        hooks_off.setattr(tournaments, "after_match", lambda match: None)
        for semi in queued(tournament):
            claimed, _ = execution.claim(semi.id, "w")
            record_result(claimed.id, claimed.claim_token, outcome_for(claimed, [1, 2]))
    assert TournamentMatch.objects.filter(tournament=tournament).count() == 2
    barrier = threading.Barrier(2)
    created: list[list[int]] = []

    def worker() -> None:
        try:
            barrier.wait()
            created.append(tournaments.advance(tournament.id))
        finally:
            connection.close()

    threads = [threading.Thread(target=worker) for _ in range(2)]
    with caplog.at_level(logging.INFO, logger="tournament.tournaments"):
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    assert sorted(len(ids) for ids in created) == [0, 1]
    assert "concurrently" not in caplog.text
    assert TournamentMatch.objects.filter(tournament=tournament).count() == 3
