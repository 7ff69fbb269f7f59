"""What the masters may not do: rules of the Masters book that bind only with other extensions.

The engine has neither the 5–6 player extension nor Seafarers; these tests pin that down through
the engine, so a change that brings either in without the masters' limits fails here.
"""

from __future__ import annotations

import pytest

from games.catan import GAME
from tests.games.random_game import play_random

BUILDS = {"build_road", "build_settlement", "build_city", "buy_development"}
MASTER_BUILDS = {"use_louis", "use_vincent", "use_william"}


@pytest.mark.parametrize("players", [5, 6])
def test_ma_use_09_no_five_or_six_player_game_exists_with_masters(players: int) -> None:
    """MA-USE-09: the 5–6 player extension (and its special building phase) cannot be started."""
    with pytest.raises(ValueError, match="3 or 4 players"):
        GAME.new_game(players, 1, {"masters": True})


def test_ma_use_09_nobody_builds_or_uses_a_building_master_out_of_turn() -> None:
    """MA-USE-09: through whole Masters games, a seat deciding in another seat's turn is never
    offered a build, a purchase or a building master (Louis, Vincent, William): there is no
    special building phase in which masters could be used."""
    out_of_turn = 0

    def check(state) -> bool:
        nonlocal out_of_turn
        seat = state.current_player()
        founding = state.phase in ("setup_settlement", "setup_road")
        if seat >= 0 and seat != state.turn_player and not founding:
            types = {a["type"] for a in state.legal_actions()}
            assert not types & (BUILDS | MASTER_BUILDS), (state.phase, types)
            out_of_turn += 1
        return False

    for seed in (3, 4):
        state, _ = play_random("catan", 4, seed, {"masters": True}, stop_when=check)
        assert state.is_terminal()
    assert out_of_turn > 20  # trades, discards, Marianne, Negotiant payments were really checked


def test_ma_louis_03_seafarers_cannot_be_combined_with_masters() -> None:
    """MA-LOUIS-03: Masters is not combined with Seafarers, so Louis judges a road only by
    roads and buildings; the engine refuses a Seafarers game with Masters rather than play one
    without the ship rule."""
    with pytest.raises(ValueError, match="masters and seafarers cannot be combined"):
        GAME.new_game(4, 1, {"masters": True, "seafarers": "new_shores"})
    with pytest.raises(ValueError, match="unknown catan option"):
        GAME.new_game(4, 1, {"masters": True, "ships": True})
