"""Elo from a final ranking and OpenSkill Plackett–Luce without drift."""

from __future__ import annotations

import math

from tournament import ratings


def test_two_player_elo_is_classic_elo() -> None:
    # Equal ratings, K=32: the winner gains exactly K/2.
    assert ratings.elo_updates([1500.0, 1500.0], [1, 2], k=32) == [1516.0, 1484.0]


def test_elo_favourite_gains_less_than_underdog() -> None:
    fav_win = ratings.elo_updates([1700.0, 1500.0], [1, 2], k=32)
    dog_win = ratings.elo_updates([1700.0, 1500.0], [2, 1], k=32)
    assert 0 < fav_win[0] - 1700 < 16 < dog_win[1] - 1500


def test_multiplayer_elo_is_pairwise_zero_sum_and_scaled() -> None:
    after = ratings.elo_updates([1500.0] * 4, [1, 2, 3, 4], k=30)
    assert math.isclose(sum(after), 6000.0)
    # Winner beats 3 equal opponents: 3 × 0.5 × K/3.
    assert math.isclose(after[0], 1515.0)
    assert math.isclose(after[3], 1485.0)
    assert math.isclose(after[1] - 1500, 5.0)


def test_equal_ranks_are_draws() -> None:
    assert ratings.elo_updates([1500.0, 1500.0], [1, 1], k=32) == [1500.0, 1500.0]


def test_openskill_winner_gains_and_uncertainty_shrinks() -> None:
    start = (ratings.MU_START, ratings.SIGMA_START)
    (mu_w, sigma_w), (mu_l, sigma_l) = ratings.openskill_updates([start, start], [1, 2])
    assert mu_w > ratings.MU_START > mu_l
    assert sigma_w < ratings.SIGMA_START and sigma_l < ratings.SIGMA_START


def test_sigma_never_grows_within_a_version() -> None:
    # No dynamic factor (tau = 0): a long run of games only ever shrinks σ.
    players = [(ratings.MU_START, ratings.SIGMA_START)] * 3
    for game in range(200):
        ranks = [1 + (game + seat) % 3 for seat in range(3)]
        after = ratings.openskill_updates(players, ranks)
        assert all(new[1] <= old[1] for new, old in zip(after, players, strict=True))
        players = after


def test_update_is_deterministic() -> None:
    before = [
        ratings.Rating(1510.0, 26.0, 7.0),
        ratings.Rating(),
        ratings.Rating(1490.0, 24.0, 8.0),
    ]
    assert ratings.update(before, [2, 1, 3], k=32) == ratings.update(before, [2, 1, 3], k=32)


def test_conservative_is_mu_minus_three_sigma() -> None:
    assert ratings.conservative(25.0, 25.0 / 3.0) == 0.0
