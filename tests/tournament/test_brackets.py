"""The tournament formats as pure functions: pairings, byes, advancement, tie-breaks, standings."""

from __future__ import annotations

from collections import Counter

import pytest

from tournament.brackets import (
    KNOCKOUT,
    MAX_MATCHES,
    ROUND_ROBIN,
    GameResult,
    TournamentTooLarge,
    champion,
    check_size,
    knockout,
    knockout_pairings,
    knockout_places,
    retry_refusal,
    round_names,
    round_robin,
    seed_positions,
    standings,
    tie_name,
    tie_number,
)


def won(seats: tuple[int, ...], winner_seat: int = 0, scores=None, forfeit_seat=None) -> GameResult:
    """A game where ``seats[winner_seat]`` is ranked first and the rest follow in seat order."""
    order = [winner_seat] + [s for s in range(len(seats)) if s != winner_seat]
    ranks = [0] * len(seats)
    for rank, seat in enumerate(order, start=1):
        ranks[seat] = rank
    return GameResult(
        seats=seats,
        ranks=tuple(ranks),
        scores=tuple(scores or [10.0 - r for r in ranks]),
        forfeits=tuple(seat == forfeit_seat for seat in range(len(seats))),
    )


def test_two_player_round_robin_plays_every_pair_n_times_with_seats_alternated() -> None:
    pairings = round_robin(5, 2, 2)
    assert len(pairings) == 10 * 2
    by_pair = Counter(frozenset(p.seats) for p in pairings)
    assert set(by_pair.values()) == {2} and len(by_pair) == 10
    for slot in range(10):
        first, second = [p.seats for p in pairings if p.slot == slot]
        assert first == second[::-1]


@pytest.mark.parametrize("entrants,per_match", [(4, 3), (5, 3), (6, 4), (5, 4)])
def test_multi_player_round_robin_plays_every_combination_with_seats_rotated(
    entrants: int, per_match: int
) -> None:
    from math import comb

    games = per_match  # a full rotation per group: every entrant of a group sits everywhere
    pairings = round_robin(entrants, per_match, games)
    assert len(pairings) == comb(entrants, per_match) * games
    seats = Counter((entrant, seat) for p in pairings for seat, entrant in enumerate(p.seats))
    per_entrant = comb(entrants - 1, per_match - 1) * games // per_match
    assert set(seats.values()) == {per_entrant}


def test_one_game_per_group_still_spreads_the_seats() -> None:
    pairings = round_robin(6, 3, 1)
    seats = Counter((entrant, seat) for p in pairings for seat, entrant in enumerate(p.seats))
    counts = [seats[(e, s)] for e in range(6) for s in range(3)]
    # 10 games per entrant over 3 seats: 3 or 4 each ideally; greedy gets within one of that.
    assert max(counts) - min(counts) <= 2


def test_sizes_over_the_cap_are_refused_with_a_reason() -> None:
    with pytest.raises(TournamentTooLarge, match=f"at most {MAX_MATCHES}"):
        check_size(40, 3, 3, ROUND_ROBIN)
    with pytest.raises(TournamentTooLarge, match="two-player"):
        check_size(8, 1, 3, KNOCKOUT)
    with pytest.raises(TournamentTooLarge, match="odd"):
        check_size(8, 2, 2, KNOCKOUT)
    with pytest.raises(TournamentTooLarge, match="cannot fill"):
        check_size(2, 1, 3, ROUND_ROBIN)
    assert check_size(8, 3, 2, KNOCKOUT) == 21
    assert check_size(4, 1, 3, ROUND_ROBIN) == 4


def test_seeding_puts_one_against_the_last_and_the_top_two_in_opposite_halves() -> None:
    assert seed_positions(8) == [0, 7, 3, 4, 1, 6, 2, 5]
    positions = seed_positions(16)
    assert positions.index(0) < 8 <= positions.index(1)
    pairs = {frozenset(positions[i : i + 2]) for i in range(0, 16, 2)}
    assert all(sum(pair) == 15 for pair in pairs)


def test_byes_go_to_the_top_seeds() -> None:
    rounds = knockout(6, 1, {})
    first_round = rounds[0]
    byes = [tie for tie in first_round if tie.bye]
    assert sorted(tie.winner for tie in byes) == [0, 1]
    assert [tie.entrants for tie in first_round if not tie.bye] == [(3, 4), (2, 5)]
    assert len(rounds) == 3
    # The second round already knows the seeds that had a bye.
    assert rounds[1][0].entrants == (0, None) and rounds[1][1].entrants == (1, None)


def test_advancement_to_a_champion() -> None:
    results: dict[tuple[int, int], list[GameResult]] = {}
    rounds = knockout(4, 1, results)
    assert [tie.entrants for tie in rounds[0]] == [(0, 3), (1, 2)]
    # The lower seed wins the first semi-final, the higher seed the second.
    results[(0, 0)] = [won((0, 3), winner_seat=1)]
    results[(0, 1)] = [won((1, 2), winner_seat=0)]
    rounds = knockout(4, 1, results)
    assert rounds[1][0].entrants == (3, 1) and rounds[1][0].ready
    assert champion(rounds) is None
    results[(1, 0)] = [won((1, 3), winner_seat=1)]
    assert champion(knockout(4, 1, results)) == 3


def test_a_best_of_three_queues_two_games_and_a_third_only_after_a_split() -> None:
    tie = knockout(2, 3, {})[0][0]
    assert [g.seats for g in knockout_pairings(tie, 3)] == [(0, 1), (1, 0)]
    one_all = [won((0, 1), 1), won((1, 0), 1)]
    tie = knockout(2, 3, {(0, 0): one_all})[0][0]
    assert tie.wins == (1, 1) and tie.winner is None
    assert [g.seats for g in knockout_pairings(tie, 3)] == [(0, 1), (1, 0), (0, 1)]
    # A game still running counts as not played: nothing beyond what could be needed.
    leading = knockout(2, 3, {(0, 0): [won((0, 1), 1)]})[0][0]
    assert len(knockout_pairings(leading, 3)) == 2
    assert len(knockout_pairings(knockout(2, 5, {})[0][0], 5)) == 3


def test_a_majority_ends_the_tie_at_once() -> None:
    two_wins_for_the_underdog = [won((0, 1), 1), won((1, 0), 0)]
    decided = knockout(2, 3, {(0, 0): two_wins_for_the_underdog})[0][0]
    assert decided.wins == (0, 2) and decided.winner == 1
    assert knockout_pairings(decided, 3) == []


def test_a_tie_without_a_majority_goes_to_total_score_then_seed() -> None:
    draw = GameResult(seats=(0, 1), ranks=(1, 1), scores=(5.0, 5.0), forfeits=(False, False))
    by_score = [won((0, 1), 0, scores=(3.0, 2.0)), won((1, 0), 0, scores=(9.0, 1.0)), draw]
    decided = knockout(2, 3, {(0, 0): by_score})[0][0]
    assert decided.wins == (1, 1) and decided.scores == (9.0, 16.0) and decided.winner == 1
    level = [won((0, 1), 0, scores=(6.0, 4.0)), won((1, 0), 0, scores=(6.0, 4.0)), draw]
    assert knockout(2, 3, {(0, 0): level})[0][0].winner == 0
    # Two games in, one each: not decided yet.
    assert knockout(2, 3, {(0, 0): level[:2]})[0][0].winner is None


def test_a_void_game_gives_no_win() -> None:
    void = GameResult(seats=(0, 1), ranks=(2, 2), scores=(0.0, 0.0), forfeits=(True, True))
    assert void.winner() is None
    forfeited_winner = GameResult(
        seats=(0, 1), ranks=(1, 2), scores=(1.0, 0.0), forfeits=(True, False)
    )
    assert forfeited_winner.winner() is None


def test_standings_order_by_wins_then_average_score_then_rank_and_count_forfeits() -> None:
    results = [
        won((0, 1, 2), 2, scores=(4.0, 2.0, 9.0)),
        won((1, 2, 0), 0, scores=(8.0, 3.0, 5.0)),
        won((2, 0, 1), 1, scores=(1.0, 6.0, 2.0), forfeit_seat=0),
    ]
    table = standings(3, results)
    # One win each. Entrant 2 forfeited the third game: a walkover for entrants 0 and 1, left
    # out of their average scores (tournament/forfeits.py), so entrant 1 averages 5.0 (2, 8),
    # entrant 0 4.5 (4, 5) and entrant 2 4.33 (9, 3, 1).
    assert [row.entrant for row in table] == [1, 0, 2]
    assert [row.wins for row in table] == [1, 1, 1]
    assert table[0].average_score == pytest.approx(5.0)
    assert table[1].average_score == pytest.approx(4.5)
    assert [row.forfeits for row in table] == [0, 0, 1]
    assert all(row.played == 3 for row in table)


def test_a_knockout_stands_by_how_far_each_entrant_got_then_by_seed() -> None:
    # Five entrants: seeds 1-3 (entrants 0-2) have byes; entrant 4 beats 3, then the top seed
    # in the semi-finals, where entrant 2 beats entrant 1. The final is still to play.
    semis_played = {
        (0, 1): [won((3, 4), 1)],
        (1, 0): [won((0, 4), 1)],
        (1, 1): [won((1, 2), 1)],
    }
    places = knockout_places(knockout(5, 1, semis_played))
    assert [p.entrant for p in places] == [2, 4, 0, 1, 3]
    assert [p.reached for p in places] == [2, 2, 1, 1, 0]
    # The finalists are still in; the losing semi-finalists share third, by seed.
    assert [p.place for p in places] == [None, None, 3, 3, 5]

    final_played = {**semis_played, (2, 0): [won((2, 4), 1)]}
    places = knockout_places(knockout(5, 1, final_played))
    assert [(p.entrant, p.place) for p in places] == [(4, 1), (2, 2), (0, 3), (1, 3), (3, 5)]
    assert places[0].reached == 3  # the champion got past the last round


def test_in_a_full_bracket_quarter_final_losers_share_fifth() -> None:
    # Eight entrants, the better seed wins every tie.
    rounds = knockout(8, 1, {})
    results = {}
    for number in range(3):
        for tie in knockout(8, 1, results)[number]:
            results[(number, tie.slot)] = [won(tie.entrants, tie.entrants.index(min(tie.entrants)))]
    places = knockout_places(knockout(8, 1, results))
    assert [p.entrant for p in places] == list(range(8))
    assert [p.place for p in places] == [1, 2, 3, 3, 5, 5, 5, 5]
    # Before anything is played everyone is still in, in the first round, by seed.
    assert [(p.place, p.reached) for p in knockout_places(rounds)] == [(None, 0)] * 8


@pytest.mark.parametrize(
    ("entrants", "names"),
    [
        (2, ["Final"]),
        (3, ["Round 1", "Final"]),
        (4, ["Semi-finals", "Final"]),
        (5, ["Round 1", "Semi-finals", "Final"]),
        (6, ["Round 1", "Semi-finals", "Final"]),
        (7, ["Round 1", "Semi-finals", "Final"]),
        (8, ["Quarter-finals", "Semi-finals", "Final"]),
        (9, ["Round 1", "Quarter-finals", "Semi-finals", "Final"]),
    ],
)
def test_rounds_are_named_from_the_end_only_when_full(entrants: int, names: list[str]) -> None:
    """Five entrants play one real tie and three byes first: that is not a quarter-final."""
    assert round_names(entrants) == names
    rounds = knockout(entrants, 1, {})
    assert len(rounds) == len(names)
    first_round_has_byes = any(tie.bye for tie in rounds[0])
    assert first_round_has_byes == (names[0] == "Round 1")


def test_rounds_beyond_the_quarter_finals_are_numbered() -> None:
    assert round_names(16) == ["Round 1", "Quarter-finals", "Semi-finals", "Final"]
    assert round_names(17)[:2] == ["Round 1", "Round 2"]


@pytest.mark.parametrize(
    ("entrants", "names"),
    [
        (2, [["Final"]]),
        (4, [["Semi-final 1", "Semi-final 2"], ["Final"]]),
        (
            5,
            [
                ["Round 1, tie 1", "Round 1, tie 2", "Round 1, tie 3", "Round 1, tie 4"],
                ["Semi-final 1", "Semi-final 2"],
                ["Final"],
            ],
        ),
        (
            8,
            [
                [f"Quarter-final {n}" for n in (1, 2, 3, 4)],
                ["Semi-final 1", "Semi-final 2"],
                ["Final"],
            ],
        ),
    ],
)
def test_every_tie_of_a_round_has_a_name_of_its_own(entrants: int, names: list[list[str]]) -> None:
    """Numbered top to bottom as the bracket draws them, byes included; the final alone."""
    rounds = knockout(entrants, 1, {})
    assert [[tie_name(entrants, tie.round, tie.slot) for tie in ties] for ties in rounds] == names
    assert [tie_number(tie.slot) for tie in rounds[0]] == list(range(1, len(rounds[0]) + 1))


def test_ties_of_numbered_rounds_are_numbered_too() -> None:
    assert tie_name(16, 0, 7) == "Round 1, tie 8"
    assert tie_name(32, 1, 0) == "Round 2, tie 1"
    assert tie_name(32, 2, 3) == "Quarter-final 4"


def void(seats: tuple[int, int]) -> GameResult:
    """A game the platform could not run: forfeited by every seat."""
    return GameResult(seats=seats, ranks=(2, 2), scores=(0.0, 0.0), forfeits=(True, True))


def test_a_void_game_may_be_retried_while_its_tie_is_open_and_nothing_built_on_it() -> None:
    # Four entrants; semi-final 0 (seeds 1 v 4) was void, so seed 1 went through on seeding.
    void_semi = {(0, 0): [void((0, 3))], (0, 1): [won((1, 2))]}
    assert knockout(4, 1, void_semi)[0][0].winner == 0
    without = knockout(4, 1, {(0, 1): [won((1, 2))]})
    assert retry_refusal(without, 0, 0, {(0, 0), (0, 1)}) is None
    # Once the final has a game, the semi-final's result is built on: no retry.
    assert "next round" in retry_refusal(without, 0, 0, {(0, 0), (0, 1), (1, 0)})


def test_a_void_game_that_cannot_change_its_tie_is_not_retried() -> None:
    # Best of three: game 0 void, then seed 2 won games 1 and 2: decided without game 0.
    two_wins = [won((1, 0), 0), won((0, 1), 1)]
    without = knockout(2, 3, {(0, 0): two_wins})
    assert "decided without it" in retry_refusal(without, 0, 0, {(0, 0)})
    # One win each besides the void game: the void game decides, so it may be played again.
    split = [won((1, 0), 0), won((0, 1), 0)]
    assert retry_refusal(knockout(2, 3, {(0, 0): split}), 0, 0, {(0, 0)}) is None
