"""Catan for Two: players, components and set-up (C2-CO-…, C2-SU-…)."""

from __future__ import annotations

import pytest

from games.catan import GAME
from games.catan import actions as A
from games.catan.constants import DEV_COUNTS
from games.common.api import CHANCE
from tests.games.catan.expansions.catan_for_two.positions import (
    C2,
    NORTH,
    SOUTH,
    founded_c2,
    new_c2,
    play_order_roll,
)
from tests.games.catan.fixtures import set_hand


def test_c2_co_01_exactly_two_players_without_allow_two_players() -> None:
    """C2-CO-01: two real players, no other count."""
    state = GAME.new_game(2, 1, dict(C2))
    assert state.n == 2 and state.owners == 4
    for n in (3, 4):
        with pytest.raises(ValueError, match="catan_for_two is played with 2 players"):
            GAME.new_game(n, 1, dict(C2))


def test_c2_su_03_needs_the_founding_placement() -> None:
    """C2-SU-03: the real players found in snake order; the beginner pieces are refused."""
    with pytest.raises(ValueError, match="placement 'founding'"):
        GAME.new_game(2, 1, {**C2, "placement": "beginner"})


def test_c2_co_02_c2_su_02_neutral_start_settlements_and_supplies() -> None:
    """C2-CO-02, C2-SU-02 (A-C2-01): one settlement of each neutral colour, no road, on the two
    centre-axis intersections, before anyone places; 5 settlements, 15 roads, no city each."""
    state = new_c2()
    assert state.vertex_owner[NORTH] == 2 and state.vertex_owner[SOUTH] == 3
    assert set(state.board.vertex_hexes[NORTH]) == {1, 4, 5}
    assert set(state.board.vertex_hexes[SOUTH]) == {13, 14, 17}
    assert state.edge_owner.count(2) == state.edge_owner.count(3) == 0
    assert state.settlements_left[2:] == [4, 4]
    assert state.roads_left[2:] == [15, 15]
    assert state.cities_left[2:] == [0, 0]
    static = GAME.static_info(dict(C2))
    assert static["neutral_owners"] == [2, 3] and static["neutral_start"] == [NORTH, SOUTH]
    play_order_roll(state)
    spots = {a["vertex"] for a in state.legal_actions()}
    for v in (NORTH, SOUTH):  # the distance rule holds around them from the first placement
        assert v not in spots
        assert not spots & set(state.board.vertex_neighbors[v])


def test_c2_co_03_c2_co_04_twenty_tokens_five_each() -> None:
    """C2-CO-03/04: 20 trade tokens, 5 to each player, 10 stay in the supply."""
    state = new_c2()
    obs = state.observation(0)["catan_for_two"]
    assert obs["trade_tokens"] == [5, 5] and obs["token_supply"] == 10


def test_c2_su_01_variable_board_laid_by_chance() -> None:
    """C2-SU-01: the base board with the usual variable set-up (terrain and tokens by chance)."""
    state = new_c2(layout="variable")
    assert state.current_player() == CHANCE and state.chance_kind() == "board"
    while state.phase in ("board_terrain", "board_tokens"):
        state.apply(state.chance_outcomes()[-1][0])
    assert len(state.terrains) == 19 and state.terrains.count("desert") == 1
    assert state.phase == "order_roll"


def test_c2_su_03_c2_su_04_snake_order_and_no_neutral_builds_in_founding() -> None:
    """C2-SU-03/04: snake order 0, 1, 1, 0; income for the second settlement; afterwards each
    player has 2 settlements and 2 roads, each neutral still 1 settlement and no road."""
    state = new_c2()
    play_order_roll(state)
    order = []
    while state.turn == 0:
        assert state.phase in ("setup_settlement", "setup_road")
        if state.phase == "setup_settlement":
            order.append(state.actor)
        state.apply(state.legal_actions()[0])
    assert order == [0, 1, 1, 0]
    assert [e["type"] for e in state.events].count("founding_income") == 2
    for seat in (0, 1):
        assert state.vertex_owner.count(seat) == 2 and state.edge_owner.count(seat) == 2
    for q in (2, 3):
        assert state.vertex_owner.count(q) == 1 and state.edge_owner.count(q) == 0
    assert not any(e["type"].startswith("neutral_road") for e in state.events)
    assert state.phase == "pre_roll" and state.turn == 1


def test_c2_su_05_c2_tt_04_founding_settlements_earn_tokens() -> None:
    """C2-SU-05, C2-TT-04: a coastal founding settlement earns its token at once."""
    state = new_c2()
    play_order_roll(state)
    state.apply(A.PLACE_SETTLEMENT[0])  # the top corner of hex 0: coast, not the desert
    assert state.c2_tokens == [6, 5] and state.c2_supply == 9
    assert state.events[-1]["type"] == "trade_tokens"


def test_c2_co_05_base_components_unchanged() -> None:
    """C2-CO-05: the 25 development cards, bought and drawn as usual."""
    state = founded_c2()
    assert tuple(state.dev_deck) == DEV_COUNTS and sum(DEV_COUNTS) == 25
    state.apply(A.ROLL)
    state.apply(state.chance_outcomes()[0][0])
    state.apply(state.chance_outcomes()[0][0])
    set_hand(state, 0, ore=1, wool=1, grain=1)
    state.apply(A.BUY_DEVELOPMENT)
    assert state.chance_kind() == "deck:development"
    state.apply(state.chance_outcomes()[0][0])
    assert sum(state.dev_deck) == 24 and sum(state.dev_hand[0]) == 1
