"""Game options: every bound is inclusive, every refusal says what is wrong."""

from __future__ import annotations

import re

import pytest

from games.catan import GAME

BOUNDS = {"victory_points": (3, 20), "trade_proposals_per_turn": (0, 20), "max_turns": (10, 100000)}


@pytest.mark.parametrize("key", sorted(BOUNDS))
def test_integer_options_take_both_bounds_and_nothing_beyond(key: str) -> None:
    low, high = BOUNDS[key]
    for value in (low, high):
        assert GAME.new_game(3, 1, {key: value}).options[key] == value
    for value in (low - 1, high + 1, True, "5"):
        with pytest.raises(
            ValueError, match=rf"^option {key} must be an integer in {low}\.\.{high}$"
        ):
            GAME.new_game(3, 1, {key: value})


def test_refusals_say_what_is_wrong() -> None:
    """BG-COMP-06 and the option checks: each refusal names its cause."""
    cases = [
        ((3, 1, []), "options must be a dict"),
        ((3, "1", {}), "seed must be an int"),
        ((2, 1, {}), "2 players needs the option allow_two_players (BG-COMP-06: 3–4)"),
        ((3, 1, {"placement": "beginner", "layout": "variable"}), "placement 'beginner' needs "),
        ((5, 1, {}), "catan takes 3 or 4 players"),
    ]
    for (players, seed, options), message in cases:
        with pytest.raises(ValueError, match="^" + re.escape(message)):
            GAME.new_game(players, seed, options)
