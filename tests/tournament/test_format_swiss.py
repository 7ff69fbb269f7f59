"""Swiss for two-player games (tournament/formats/swiss.py), played out for every field size
from 2 to 64 with random results: the right games, no self-pairing, byes, rematches, seats,
tie-breaks."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from tests.tournament.format_play import play_out, stored_pairs
from tournament.brackets import GameResult
from tournament.formats.swiss import SwissEvent, default_rounds, pairing_points, planned_games


def swiss(entrants: int, games_per_pairing: int = 1, rounds: int | None = None):
    rounds = rounds or default_rounds(entrants)
    return lambda results, stored: SwissEvent(
        entrants, rounds, games_per_pairing, results, stored_pairs(stored)
    )


def rematch_free_pairing_exists(players: list[int], met: set[frozenset[int]]) -> bool:
    """Whether ``players`` (an even number) can be paired without a rematch: plain search."""
    if not players:
        return True
    first, rest = players[0], players[1:]
    return any(
        frozenset((first, other)) not in met
        and rematch_free_pairing_exists([p for p in rest if p != other], met)
        for other in rest
    )


def test_default_rounds_are_log2_plus_one() -> None:
    assert [default_rounds(n) for n in (2, 3, 4, 5, 8, 9, 16, 33, 64)] == [
        2,
        3,
        3,
        4,
        4,
        5,
        5,
        7,
        7,
    ]


@pytest.mark.parametrize("entrants", range(2, 65))
def test_swiss_plays_every_round_with_right_games_byes_and_no_avoidable_rematch(entrants) -> None:
    rounds = default_rounds(entrants)
    event, _results, played = play_out(swiss(entrants), random.Random(entrants))
    assert len(event.paired) == rounds
    assert len(played) == planned_games(entrants, rounds, 1)
    met: set[frozenset[int]] = set()
    byes: Counter[int] = Counter()
    for this_round in event.paired:
        seated = [e for pair in this_round.pairs for e in pair]
        assert all(a != b for a, b in this_round.pairs), "nobody plays himself"
        assert len(seated) == len(set(seated)), "nobody plays twice in a round"
        assert len(this_round.pairs) == entrants // 2
        if entrants % 2:
            assert this_round.bye is not None and this_round.bye not in seated
            # A bye to a different entrant each time, while someone has had none.
            assert byes[this_round.bye] == min(byes[e] for e in range(entrants))
            byes[this_round.bye] += 1
        else:
            assert this_round.bye is None
        rematches = [pair for pair in this_round.pairs if frozenset(pair) in met]
        if rematches:
            # Only when no pairing of the round could avoid one (any bye among those due one).
            due = [
                e
                for e in range(entrants)
                if byes[e] - (e == this_round.bye)
                == min(byes[x] - (x == this_round.bye) for x in range(entrants))
            ]
            candidates = due if entrants % 2 else [None]
            for bye in candidates:
                players = [e for e in range(entrants) if e != bye]
                assert not rematch_free_pairing_exists(players, met), (this_round, rematches)
        met.update(frozenset(pair) for pair in this_round.pairs)
    if entrants >= 8:
        assert all(
            len(event.records[e].opponents) == len(event.records[e].results)
            for e in range(entrants)
        ), "eight or more entrants never need a rematch in ⌈log2 n⌉ + 1 rounds"
    # A bye counts as a win: points add up to the pairings plus the byes.
    assert sum(r.points for r in event.records) == pytest.approx(
        rounds * (entrants // 2) + sum(byes.values())
    )
    for entrant, count in byes.items():
        assert event.records[entrant].byes == count
    # Seat balance: seat-0 and seat-1 games differ by at most two for anyone.
    assert max(abs(r.seat_balance) for r in event.records) <= 2
    order = [place.entrant for place in event.places()]
    assert sorted(order) == list(range(entrants))
    points = [event.records[e].points for e in order]
    assert points == sorted(points, reverse=True)


@pytest.mark.parametrize("entrants,games", [(2, 2), (5, 2), (8, 3), (13, 2), (24, 3)])
def test_a_pairing_of_several_games_swaps_seats_and_balances_them(entrants, games) -> None:
    event, _results, played = play_out(swiss(entrants, games), random.Random(entrants))
    by_pairing: dict[tuple[int, int], list] = {}
    for pairing in played:
        by_pairing.setdefault((pairing.round, pairing.slot), []).append(pairing.seats)
    for seats in by_pairing.values():
        assert len(seats) == games
        for first, second in itertools.pairwise(seats):
            assert first == tuple(reversed(second))
    limit = 0 if games % 2 == 0 else 2
    assert max(abs(r.seat_balance) for r in event.records) <= limit


def won(first: int, second: int) -> GameResult:
    return GameResult((first, second), (1, 2), (10.0, 4.0), (False, False))


def drawn(first: int, second: int) -> GameResult:
    return GameResult((first, second), (1, 1), (7.0, 7.0), (False, False))


def test_pairing_points_are_one_half_or_nothing_for_a_void_pairing() -> None:
    assert pairing_points(0, 1, [won(0, 1)]) == (1.0, 0.0)
    assert pairing_points(0, 1, [won(1, 0)]) == (0.0, 1.0)
    assert pairing_points(0, 1, [won(0, 1), won(1, 0)]) == (0.5, 0.5)
    assert pairing_points(0, 1, [drawn(0, 1)]) == (0.5, 0.5)
    void = GameResult((0, 1), (2, 2), (0.0, 0.0), (True, True))
    assert pairing_points(0, 1, [void]) == (0.0, 0.0)


def test_tie_breaks_buchholz_then_sonneborn_berger_then_head_to_head_then_seed() -> None:
    # Four entrants, three rounds, results fixed by hand through stored pairings.
    stored = {0: [(0, 2), (1, 3)], 1: [(0, 1), (2, 3)], 2: [(0, 3), (1, 2)]}
    results = {
        (0, 0): [won(0, 2)],  # 0 beats 2
        (0, 1): [won(1, 3)],  # 1 beats 3
        (1, 0): [won(1, 0)],  # 1 beats 0
        (1, 1): [drawn(2, 3)],  # 2 and 3 draw
        (2, 0): [won(3, 0)],  # 3 beats 0
        (2, 1): [won(2, 1)],  # 2 beats 1
    }
    event = SwissEvent(4, 3, 1, results, stored)
    assert event.complete
    points = {e: event.records[e].points for e in range(4)}
    assert points == {0: 1.0, 1: 2.0, 2: 1.5, 3: 1.5}
    # Buchholz: 0 met 2, 1, 3 → 5; 1 met 3, 0, 2 → 4; 2 met 0, 3, 1 → 4.5; 3 met 1, 2, 0 → 4.5.
    assert [event.buchholz(e) for e in range(4)] == [5.0, 4.0, 4.5, 4.5]
    # Sonneborn–Berger: 2 beat 1 (2) and drew 3 (½ · 1.5); 3 beat 0 (1) and drew 2 (0.75).
    assert event.sonneborn_berger(2) == pytest.approx(2.75)
    assert event.sonneborn_berger(3) == pytest.approx(1.75)
    assert [place.entrant for place in event.places()] == [1, 2, 3, 0]


def test_head_to_head_then_seed_decide_between_entrants_tied_on_everything_else() -> None:
    # Two entrants, one round: a drawn pairing ties them on every count; the seed decides.
    event = SwissEvent(2, 1, 1, {(0, 0): [drawn(1, 0)]}, {0: [(1, 0)]})
    assert [place.entrant for place in event.places()] == [0, 1]
    # Entrants 0 and 1 tie on points (1), Buchholz (2) and Sonneborn–Berger (1), but 1 beat
    # 0: head-to-head puts 1 first although 0 is the better seed. Entrants 2 and 3 (1 point,
    # no opponents recorded) stand apart on Buchholz.
    records = SwissEvent(4, 0, 1, {}).records
    records[0].results, records[0].points = [(1, 0.0), (2, 1.0)], 1.0
    records[1].results, records[1].points = [(0, 1.0), (3, 0.0)], 1.0
    records[2].points = records[3].points = 1.0
    tied = SwissEvent(4, 0, 1, {})
    tied.records = records
    assert (tied.buchholz(0), tied.sonneborn_berger(0)) == (
        tied.buchholz(1),
        tied.sonneborn_berger(1),
    )
    assert tied.order()[:2] == [1, 0]
    records[1].results = [(0, 0.5), (3, 0.5)]  # a draw between them instead: the seed decides
    records[0].results = [(1, 0.5), (2, 0.5)]
    assert tied.order()[:2] == [0, 1]
