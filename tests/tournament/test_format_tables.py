"""The table formats for 3–4 player games (tournament/formats/table_swiss.py and
table_advancement.py), played out for every field from 3 (or 4) to 64 entrants."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from tests.tournament.format_play import play_out, stored_pairs
from tournament.brackets import GameResult
from tournament.formats.table_advancement import (
    TableAdvancementEvent,
    default_heats,
    semi_final_tables,
    snake,
)
from tournament.formats.table_advancement import planned_games as advancement_games
from tournament.formats.table_swiss import TableSwissEvent
from tournament.formats.table_swiss import planned_games as swiss_games
from tournament.formats.tables import bye_points, default_rounds, rotated

FIELDS = [(players, n) for players in (3, 4) for n in range(players, 65)]


def table_swiss(entrants, players, games=1):
    rounds = default_rounds(entrants, players)
    return lambda results, stored: TableSwissEvent(
        entrants, players, rounds, games, results, stored_pairs(stored)
    )


def advancement(entrants, players, games=1):
    heats = default_heats(entrants, players)
    return lambda results, stored: TableAdvancementEvent(
        entrants, players, heats, games, results, stored_pairs(stored)
    )


def check_rounds(entrants, players, event, played, games) -> None:
    """Each round seats n // p tables of p different entrants, everyone at most once; the rest
    sit out with byes shared as evenly as possible."""
    by_round: dict[int, list] = {}
    for pairing in played:
        assert len(pairing.seats) == players
        assert len(set(pairing.seats)) == players, "nobody plays himself"
        by_round.setdefault(pairing.round, []).append(pairing)
    for number, tables in enumerate(event.tables):
        assert len(tables) == entrants // players
        seated = [e for table in tables for e in table]
        assert len(seated) == len(set(seated))
        assert set(event.byes[number]) == set(range(entrants)) - set(seated)
        games_of = [p for p in by_round.get(number, []) if p.game >= 0]
        for pairing in games_of:
            assert pairing.seats == rotated(tables[pairing.slot], pairing.game)
    byes = [record.byes for record in event.records]
    assert max(byes) - min(byes) <= 1, "a bye goes to someone who has had fewer"


@pytest.mark.parametrize("players,entrants", FIELDS)
def test_table_swiss_plays_every_round_with_balanced_seats(players, entrants) -> None:
    event, _, played = play_out(table_swiss(entrants, players), random.Random(entrants))
    rounds = default_rounds(entrants, players)
    assert len(event.tables) == rounds
    assert len(played) == swiss_games(entrants, players, rounds, 1)
    check_rounds(entrants, players, event, played, 1)
    # Seats: with one game per table, nobody's seats differ by more than two games.
    for record in event.records:
        assert max(record.seat_counts) - min(record.seat_counts) <= 2
        assert sum(record.seat_counts) == record.games
    # Points by placing: every game hands out 0 + 1 + … + (p − 1); a bye the average.
    total_byes = sum(record.byes for record in event.records)
    per_game = players * (players - 1) / 2
    assert sum(r.points for r in event.records) == pytest.approx(
        len(played) * per_game + total_byes * bye_points(players, 1)
    )
    order = [place.entrant for place in event.places()]
    assert sorted(order) == list(range(entrants))
    keys = [(event.records[e].points, event.records[e].vp) for e in order]
    assert keys == sorted(keys, reverse=True)


@pytest.mark.parametrize("players,entrants", [(3, 7), (4, 9), (4, 16), (3, 20)])
def test_a_table_playing_a_full_rotation_seats_everyone_in_every_seat(players, entrants) -> None:
    event, _, played = play_out(table_swiss(entrants, players, players), random.Random(1))
    check_rounds(entrants, players, event, played, players)
    for record in event.records:
        assert len(set(record.seat_counts)) == 1, record


def test_later_rounds_seat_the_standings_in_order_and_the_first_spreads_the_seeds() -> None:
    event, results, _ = play_out(table_swiss(16, 4), random.Random(3))
    assert [sorted(t) for t in event.tables[0]] == [
        [0, 4, 8, 12],
        [1, 5, 9, 13],
        [2, 6, 10, 14],
        [3, 7, 11, 15],
    ]
    # Rebuild the standings after round 1 and check round 2's first table holds its leaders
    # up to swaps between entrants level on points.
    after_one = TableSwissEvent(16, 4, 1, 1, {k: v for k, v in results.items() if k[0] == 0})
    leaders = after_one.order()[:4]
    top_points = sorted((after_one.records[e].points for e in leaders), reverse=True)
    table_points = sorted((after_one.records[e].points for e in event.tables[1][0]), reverse=True)
    assert table_points == top_points


@pytest.mark.parametrize("players,entrants", FIELDS)
def test_table_advancement_runs_heats_semi_finals_and_a_final(players, entrants) -> None:
    event, results, played = play_out(advancement(entrants, players), random.Random(entrants))
    heats = default_heats(entrants, players)
    assert len(played) == advancement_games(entrants, players, heats, 1)
    check_rounds(entrants, players, event.heats, [p for p in played if p.round < heats], 1)
    for pairing in played:
        assert len(set(pairing.seats)) == players
    semis = semi_final_tables(entrants, players)
    if semis:
        # The semi-finals hold the leaders after the heats, snaked over the tables.
        leaders = event.heat_order[: semis * players]
        assert [sorted(t) for t in event.semis] == [sorted(g) for g in snake(leaders, semis)]
        # The final: every semi-final table's winner, the best runners-up to fill it.
        assert len(event.final) == players
        for slot in range(len(event.semis)):
            games = results[(event.semi_round, slot)]
            game = games[0]
            winner = game.seats[game.ranks.index(min(game.ranks))]
            assert winner in event.final or sum(r == 1 for r in game.ranks) > 1
        assert set(event.final) <= set(leaders)
    else:
        assert sorted(event.final) == sorted(event.heat_order[:players])
    places = event.places()
    assert [p.place for p in places] == list(range(1, entrants + 1))
    assert sorted(p.entrant for p in places) == list(range(entrants))
    # The final table comes first, ordered by its game.
    final_game = results[(event.final_round, 0)][0]
    top = [p.entrant for p in places[:players]]
    assert set(top) == set(event.final)
    ranks = {e: final_game.ranks[final_game.seats.index(e)] for e in top}
    assert [ranks[e] for e in top] == sorted(ranks[e] for e in top)


def test_snake_spreads_the_leaders() -> None:
    assert snake(list(range(8)), 2) == [[0, 3, 4, 7], [1, 2, 5, 6]]
    assert snake(list(range(12)), 3) == [[0, 5, 6, 11], [1, 4, 7, 10], [2, 3, 8, 9]]


def test_a_bye_scores_the_average_placing_points_and_rotates() -> None:
    # Five entrants at four seats: one sits out each round, never the same twice in 5 rounds.
    event, _, _ = play_out(
        lambda r, s: TableSwissEvent(5, 4, 5, 1, r, stored_pairs(s)), random.Random(2)
    )
    assert Counter(e for byes in event.byes for e in byes) == Counter(range(5))
    assert bye_points(4, 1) == 1.5
    assert all(record.byes == 1 for record in event.records)


def test_placing_points_follow_the_ranks() -> None:
    game = GameResult((2, 0, 1, 3), (2, 1, 4, 3), (7.0, 10.0, 3.0, 5.0), (False,) * 4)
    event = TableSwissEvent(4, 4, 1, 1, {(0, 0): [game]}, {0: [(2, 0, 1, 3)]})
    assert [event.records[e].points for e in range(4)] == [3.0, 0.0, 2.0, 1.0]
    assert [place.entrant for place in event.places()] == [0, 2, 3, 1]
