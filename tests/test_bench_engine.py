"""The board engine bench's fresh-process rows play the same games as its one-process rows."""

from __future__ import annotations

import pytest

from bench.engine_catan import run_row, run_row_fresh


def test_a_fresh_row_plays_the_same_games_in_a_new_process() -> None:
    here = run_row(3, 2, {"masters": False, "layout": "variable"})
    fresh = run_row_fresh(3, 2, {"masters": False, "layout": "variable"})
    assert (fresh.players, fresh.games) == (3, 2)
    assert (fresh.decisions, fresh.chance) == (here.decisions, here.chance)
    assert fresh.cpu > 0 and fresh.wall > 0


def test_a_fresh_row_refused_by_the_options_raises_value_error_as_in_one_process() -> None:
    options = {"masters": False, "layout": "variable", "cities_and_knights": True}
    with pytest.raises(ValueError):
        run_row(2, 1, options)
    with pytest.raises(ValueError):
        run_row_fresh(2, 1, options)
