"""Duplicate sets (tournament/formats/sets.py): the games of a set share their seed with the
seats rotated, the set is won by games then total VP, and every format plays sets."""

from __future__ import annotations

import pytest
from django.urls import reverse

from bots.outcome import MatchOutcome, SeatResult
from tests.tournament.conftest import queued
from tournament import execution
from tournament.brackets import GameResult, Pairing
from tournament.formats.sets import set_games, set_result
from tournament.models import Match, Tournament, TournamentMatch
from tournament.results import record_result
from tournament.tournaments import TournamentRefused, TournamentState, create_tournament


def test_a_set_is_one_game_per_rotation() -> None:
    assert set_games(Pairing(1, 2, 0, (5, 7)), 2) == [
        Pairing(1, 2, 0, (5, 7)),
        Pairing(1, 2, 1, (7, 5)),
    ]
    assert [p.seats for p in set_games(Pairing(0, 0, 1, (1, 2, 3, 4)), 4)] == [
        (1, 2, 3, 4),
        (2, 3, 4, 1),
        (3, 4, 1, 2),
        (4, 1, 2, 3),
    ]
    assert [p.game for p in set_games(Pairing(0, 0, 1, (1, 2, 3)), 3)] == [3, 4, 5]


def result(seats, ranks, scores, forfeits=None) -> GameResult:
    return GameResult(seats, ranks, scores, forfeits or (False,) * len(seats))


def test_a_set_goes_to_games_won_then_total_vp() -> None:
    # One game each: the total VP decides (10 + 6 against 8 + 10).
    split = set_result((0, 1), [result((0, 1), (1, 2), (10, 8)), result((1, 0), (1, 2), (10, 6))])
    assert split.ranks == (2, 1) and split.scores == (16.0, 18.0) and split.winner() == 1
    # Two games won beat more VP.
    swept = set_result((0, 1), [result((0, 1), (1, 2), (10, 9)), result((1, 0), (2, 1), (9, 10))])
    assert swept.winner() == 0
    # Level on games and VP: a drawn set, nobody wins it.
    level = set_result((0, 1), [result((0, 1), (1, 2), (10, 8)), result((1, 0), (1, 2), (10, 8))])
    assert level.ranks == (1, 1) and level.winner() is None
    # A forfeit: the winner is credited the forfeiter's points; the forfeiter forfeits the set
    # only if it forfeited every game of it.
    walkover = set_result(
        (0, 1),
        [
            result((0, 1), (2, 1), (3.0, 0.0), (True, False)),
            result((1, 0), (1, 2), (10, 7)),
        ],
    )
    assert walkover.scores == (10.0, 13.0) and walkover.winner() == 1
    assert walkover.forfeits == (False, False)
    # Three seats: places by games won, then VP.
    three = set_result(
        (0, 1, 2),
        [
            result((0, 1, 2), (1, 2, 3), (10, 7, 5)),
            result((1, 2, 0), (1, 2, 3), (10, 9, 8)),
            result((2, 0, 1), (1, 2, 3), (10, 9, 4)),
        ],
    )
    # One win each; VP 10 + 8 + 9 = 27, 7 + 10 + 4 = 21, 5 + 9 + 10 = 24.
    assert three.scores == (27.0, 21.0, 24.0)
    assert three.ranks == (1, 3, 2) and three.winner() == 0


def finish_with(match: Match, scores_by_version: dict[int, float], capture) -> None:
    """Score ``match``: ranks by the given points (higher better), as a worker would."""
    claimed, _ = execution.claim(match.id, "test-worker")
    seats = list(claimed.participants.order_by("seat"))
    points = [scores_by_version[p.version_id] for p in seats]
    ranks = [1 + sum(other > mine for other in points) for mine in points]
    outcome = MatchOutcome(
        game=claimed.game,
        engine_version="test",
        num_players=len(seats),
        seed=claimed.seed,
        options=claimed.options,
        seats=[
            SeatResult(seat=i, rank=rank, score=score)
            for i, (rank, score) in enumerate(zip(ranks, points, strict=True))
        ],
        reason="victory",
        actions=[],
        events=[],
        final_state={},
    )
    with capture(execute=True):
        assert record_result(claimed.id, claimed.claim_token, outcome)


def seats_of(match: Match) -> list[int]:
    return [p.version_id for p in match.participants.order_by("seat")]


def test_a_knockout_tie_of_duplicate_sets_shares_the_seed_and_swaps_the_seats(
    fair_share_off, card_versions, users, sent, django_capture_on_commit_callbacks, client
) -> None:
    a, b = (v.id for v in card_versions[:2])
    with django_capture_on_commit_callbacks(execute=True):
        cup = create_tournament(
            users["staff"],
            "cardgame",
            "Duplicate duel",
            "knockout",
            [a, b],
            seeding="manual",
            games_per_pairing=3,
            format_settings={"duplicate": True},
        )
    assert cup.planned_matches == 6 and cup.format_settings == {"duplicate": True}
    # The best of three sets: two sets at once (four games), each two games on one seed.
    games = queued(cup)
    assert len(games) == 4
    by_set: dict[int, list[Match]] = {}
    for game in games:
        by_set.setdefault(TournamentMatch.objects.get(match=game).game // 2, []).append(game)
    for pair in by_set.values():
        first, second = sorted(pair, key=lambda m: TournamentMatch.objects.get(match=m).game)
        assert first.seed == second.seed
        assert seats_of(second) == list(reversed(seats_of(first)))
    assert by_set[0][0].seed != by_set[1][0].seed
    # Set 1: a game each, b more VP → b. Set 2: a wins both → a. 1–1 in sets: a third set.
    first, second = by_set[0]
    finish_with(first, {a: 10, b: 9}, django_capture_on_commit_callbacks)
    finish_with(second, {a: 5, b: 10}, django_capture_on_commit_callbacks)
    for game in by_set[1]:
        finish_with(game, {a: 10, b: 8}, django_capture_on_commit_callbacks)
    third = queued(cup)
    assert len(third) == 2 and third[0].seed == third[1].seed
    assert {TournamentMatch.objects.get(match=m).game for m in third} == {4, 5}
    for game in third:
        finish_with(game, {a: 10, b: 4}, django_capture_on_commit_callbacks)
    cup.refresh_from_db()
    assert cup.status == Tournament.FINISHED
    state = TournamentState.load(cup)
    final = state.bracket()[0][0]
    assert final.wins == (2, 1) and final.winner == 0
    html = client.get(reverse("front:tournament_detail", args=[cup.id])).content.decode()
    assert "Duplicate sets" in html and "won the set" in html and "set 3, game 2" in html
    body = client.get(reverse("api:tournament_detail", args=[cup.id])).json()
    assert body["format_settings"] == {"duplicate": True}
    assert [game["set_game"] for game in body["games"]] == [1, 2, 1, 2, 1, 2]
    assert body["duplicate"] and [row["winner"] for row in body["sets"]] == [2, 1, 1]
    sets = _sets_of(cup)
    assert [s["winner"] for s in sets] == [2, 1, 1]
    assert sets[0]["entrants"][0]["games"][0]["seat"] == 1
    assert sets[0]["entrants"][0]["games"][1]["seat"] == 2
    assert [line["vp"] for line in sets[0]["entrants"]] == [15.0, 19.0]


def _sets_of(tournament: Tournament) -> list[dict]:
    from tournament.tournaments import tournament_summary

    return tournament_summary(tournament)["sets"]


def test_a_three_seat_round_robin_set_plays_every_rotation_on_one_seed(
    fair_share_off, catan_versions, users, sent, django_capture_on_commit_callbacks
) -> None:
    ids = [v.id for v in catan_versions[:3]]
    league = create_tournament(
        users["staff"],
        "catan",
        "Duplicate league",
        "round_robin",
        ids,
        seeding="manual",
        format_settings={"duplicate": True},
    )
    games = queued(league)
    assert len(games) == 3 == league.planned_matches
    assert len({game.seed for game in games}) == 1
    orders = [seats_of(game) for game in games]
    assert orders == [ids, ids[1:] + ids[:1], ids[2:] + ids[:2]]
    for game in games:
        finish_with(
            game, dict(zip(ids, (5.0, 4.0, 3.0), strict=True)), django_capture_on_commit_callbacks
        )
    league.refresh_from_db()
    assert league.status == Tournament.FINISHED
    table = TournamentState.load(league).standings()
    assert [row.entrant for row in table] == [0, 1, 2]
    assert table[0].played == 1 and table[0].wins == 1  # one set, won on three games


def test_a_swiss_of_duplicate_sets_and_the_size_cap_counts_games(
    fair_share_off, card_versions, users, sent, django_capture_on_commit_callbacks
) -> None:
    ids = [v.id for v in card_versions[:4]]
    swiss = create_tournament(
        users["staff"], "cardgame", "S", "swiss", ids, format_settings={"duplicate": True}
    )
    assert swiss.planned_matches == 3 * 2 * 2  # 3 rounds, 2 pairings, sets of 2 games
    assert len(queued(swiss)) == 4
    with pytest.raises(TournamentRefused, match="duplicate sets"):
        create_tournament(
            users["staff"],
            "cardgame",
            "Too big",
            "swiss",
            ids,
            games_per_pairing=9,  # 20 rounds · 2 pairings · 9 sets = 360 sets, 720 games
            format_settings={"duplicate": True, "rounds": 20},
        )
    with pytest.raises(TournamentRefused, match="true or false"):
        create_tournament(
            users["staff"], "cardgame", "No", "swiss", ids, format_settings={"duplicate": "yes"}
        )
