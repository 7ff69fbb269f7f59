"""The forfeit scoring rule (tournament/forfeits.py) and where it applies: tournament standings,
knockout ties and the ladder's average score."""

from __future__ import annotations

import pytest

from tournament import forfeits
from tournament.brackets import GameResult, knockout, standings


def test_the_winner_of_a_forfeit_is_credited_at_least_the_forfeiters_score() -> None:
    # A two-player game stopped at a forfeit: the engine's scores are unfinished ones.
    assert forfeits.credited_scores((0.0, 3.0), (False, True)) == (3.0, 3.0)
    assert forfeits.credited_scores((5.0, 3.0), (False, True)) == (5.0, 3.0)
    # Several forfeiters: the best of them is the floor; a forfeiter keeps its own score.
    assert forfeits.credited_scores((1.0, 4.0, 2.0, 6.0), (True, False, True, False)) == (
        1.0,
        4.0,
        2.0,
        6.0,
    )
    assert forfeits.credited_scores((1.0, 0.0, 2.0), (True, False, True)) == (1.0, 2.0, 2.0)
    # No forfeit, or a void game (every seat forfeited): the engine's scores stand.
    assert forfeits.credited_scores((7.0, 9.0), (False, False)) == (7.0, 9.0)
    assert forfeits.credited_scores((0.0, 0.0), (True, True)) == (0.0, 0.0)


def test_a_walkover_is_left_out_of_the_survivors_average_but_not_the_forfeiters() -> None:
    assert not forfeits.counts_in_average((False, True), 0)
    assert forfeits.counts_in_average((False, True), 1)
    assert forfeits.counts_in_average((False, False), 0)
    assert forfeits.counts_in_average((True, True), 0)
    assert forfeits.average(0.0, 0, 6.0, 2) == 3.0  # nothing but walkovers
    assert forfeits.average(10.0, 2, 6.0, 2) == 5.0
    assert forfeits.average(0.0, 0, 0.0, 0) == 0.0


def game(seats, ranks, scores, forfeited) -> GameResult:
    return GameResult(seats=seats, ranks=ranks, scores=scores, forfeits=forfeited)


def test_a_win_by_forfeit_keeps_the_winners_tie_break_in_the_standings() -> None:
    # Entrant 0 beats 2 at 10-6 and wins by forfeit against 1 at 0-0 (the game stopped).
    # Entrant 1 beats 2 at 10-9. Entrant 0's average is 10, not (10 + 0) / 2.
    results = [
        game((0, 2), (1, 2), (10.0, 6.0), (False, False)),
        game((1, 0), (2, 1), (0.0, 0.0), (True, False)),
        game((1, 2), (1, 2), (10.0, 9.0), (False, False)),
    ]
    table = {row.entrant: row for row in standings(3, results)}
    assert table[0].wins == 2 and table[0].played == 2
    assert table[0].average_score == pytest.approx(10.0)
    assert table[1].average_score == pytest.approx(5.0)  # its forfeit counts: (0 + 10) / 2
    assert table[1].forfeits == 1


def test_a_forfeit_win_does_not_rank_the_winner_below_an_equal_rival_on_average_score() -> None:
    # Entrants 0 and 1 both have one win and one loss against entrant 2 at 8 points; entrant
    # 0's win was by forfeit at 0-0. Without the rule entrant 0 would average 4 and stand
    # below entrant 1; with it both average 8 and the seed decides.
    results = [
        game((0, 2), (1, 2), (0.0, 0.0), (False, True)),
        game((2, 0), (1, 2), (10.0, 8.0), (False, False)),
        game((1, 2), (1, 2), (8.0, 7.0), (False, False)),
        game((2, 1), (1, 2), (10.0, 8.0), (False, False)),
    ]
    order = [row.entrant for row in standings(3, results)]
    assert order.index(0) < order.index(1)


def test_a_knockout_ties_total_score_uses_credited_scores() -> None:
    # Best of three: entrant 1 wins game 1 at 10-2, entrant 0 wins game 2 by forfeit at 0-4
    # (credited 4), game 3 is a draw at 5-5 (nobody wins). Wins 1-1: the total decides.
    # Uncredited, entrant 0 would total 2 + 0 + 5 = 7 against 19 for entrant 1; credited,
    # 2 + 4 + 5 = 11 against 19: entrant 1 still wins, but by the credited totals.
    results = {
        (0, 0): [
            game((0, 1), (2, 1), (2.0, 10.0), (False, False)),
            game((1, 0), (2, 1), (4.0, 0.0), (True, False)),
            game((0, 1), (1, 1), (5.0, 5.0), (False, False)),
        ]
    }
    tie = knockout(2, 3, results)[0][0]
    assert tie.wins == (1, 1)
    assert tie.scores == (11.0, 19.0)
    assert tie.winner == 1
