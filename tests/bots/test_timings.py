"""Move times: a game's first move (start-up included) apart from the others."""

from __future__ import annotations

import pytest

from bots.timings import MoveTimes


def test_one_game_first_move_apart_mean_and_max_over_the_rest() -> None:
    times = MoveTimes.of_game([80.0, 1.0, 5.0, 3.0])
    assert times.moves == 4
    assert times.mean_first_move_ms == 80.0
    assert times.mean_ms == pytest.approx(3.0)
    assert times.max_ms == 5.0


def test_several_games_each_first_move_apart() -> None:
    times = MoveTimes()
    times.add_game([60.0, 2.0])
    times.add_game([40.0, 4.0, 9.0])
    assert times.moves == 5
    assert times.mean_first_move_ms == 50.0
    assert times.mean_ms == 5.0 and times.max_ms == 9.0


def test_no_later_move_has_no_mean() -> None:
    assert MoveTimes.of_game([]).mean_first_move_ms is None
    only_one = MoveTimes.of_game([12.0])
    assert only_one.mean_first_move_ms == 12.0
    assert only_one.mean_ms is None and only_one.max_ms is None
