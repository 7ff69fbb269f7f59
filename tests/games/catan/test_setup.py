"""Founding phase (snake order) and the beginner set-up."""

from __future__ import annotations

import pytest

from games.catan import actions as A
from games.common.api import CHANCE
from games.errors import IllegalAction
from tests.games.catan.fixtures import dice_for, founded, new


def _order_roll(state, totals):
    for t in totals:
        assert state.current_player() == CHANCE and state.chance_kind() == "dice"
        state.apply(dice_for(t))


def _found(state, picks=None):
    """Play the founding phase; each seat takes the first free intersection and first road."""
    placed = []
    while state.phase in ("setup_settlement", "setup_road"):
        legal = state.legal_actions()
        action = legal[0] if picks is None else picks(state, legal)
        if state.phase == "setup_settlement":
            placed.append((state.current_player(), action["vertex"]))
        state.apply(action)
    return placed


def test_bg_setup_02_highest_roll_places_first_ties_reroll() -> None:
    """BG-SETUP-02: every seat rolls; ties at the top roll again."""
    state = new(4)
    _order_roll(state, [9, 11, 5, 11])  # seats 1 and 3 tie
    assert state.current_player() == CHANCE and state.order_contenders == [1, 3]
    _order_roll(state, [4, 8])
    assert state.phase == "setup_settlement" and state.current_player() == 3


def test_bg_setup_03_05_08_snake_order_and_first_turn() -> None:
    """BG-SETUP-03 BG-SETUP-05 BG-SETUP-08: A B C D D C B A, then A starts with production."""
    state = new(4)
    _order_roll(state, [12, 2, 3, 4])
    placed = _found(state)
    assert [seat for seat, _ in placed] == [0, 1, 2, 3, 3, 2, 1, 0]
    assert state.phase == "pre_roll" and state.current_player() == 0 and state.turn == 1
    assert A.ROLL in state.legal_actions()


def test_bg_setup_03_road_touches_the_new_settlement_any_direction() -> None:
    """BG-SETUP-03: the founding road leaves the settlement just placed, in any direction."""
    state = new(3)
    _order_roll(state, [12, 2, 3])
    state.apply(A.PLACE_SETTLEMENT[24])
    assert {a["edge"] for a in state.legal_actions()} == set(state.board.vertex_edges[24])


def test_bg_setup_04_06_distance_rule_from_the_first_settlement() -> None:
    """BG-SETUP-04 BG-SETTL-02: no founding settlement next to any settlement; a spot far away
    and unconnected is allowed."""
    state = new(3)
    _order_roll(state, [12, 2, 3])
    state.apply(A.PLACE_SETTLEMENT[24])
    state.apply(A.PLACE_ROAD[state.board.vertex_edges[24][0]])
    spots = {a["vertex"] for a in state.legal_actions()}
    assert 24 not in spots and not spots & set(state.board.vertex_neighbors[24])
    assert 0 in spots  # far away, unconnected: allowed


def test_bg_setup_06_second_settlement_unconnected_distance_rule_road_any_way() -> None:
    """BG-SETUP-06: the second settlement is really placed away from the first (no road joins
    them), the distance rule still holds against every settlement, and its road may leave it in
    any direction while no road may start from the first settlement."""
    state = new(3)
    _order_roll(state, [12, 2, 3])
    edges, neighbors = state.board.vertex_edges, state.board.vertex_neighbors
    for v in (0, 2, 11):  # seats 0, 1, 2: first settlements, each with its first road
        state.apply(A.PLACE_SETTLEMENT[v])
        state.apply(A.PLACE_ROAD[edges[v][0]])
    assert state.current_player() == 2 and state.phase == "setup_settlement"
    spots = {a["vertex"] for a in state.legal_actions()}
    for v in (0, 2, 11):
        assert v not in spots and not spots & set(neighbors[v])
    with pytest.raises(IllegalAction):
        state.apply(A.PLACE_SETTLEMENT[neighbors[11][0]])
    first_road = edges[11][0]
    assert 44 in spots and not set(edges[44]) & {first_road, *edges[11]}
    state.apply(A.PLACE_SETTLEMENT[44])
    assert state.vertex_owner[44] == 2 and state.vertex_owner[11] == 2
    assert {a["edge"] for a in state.legal_actions()} == set(edges[44])
    for edge in edges[11]:
        with pytest.raises(IllegalAction):
            state.apply(A.PLACE_ROAD[edge])
    state.apply(A.PLACE_ROAD[edges[44][-1]])
    assert state.edge_owner[edges[44][-1]] == 2 and state.current_player() == 1


def test_bg_setup_07_second_settlement_pays_income_first_does_not() -> None:
    """BG-SETUP-07: 1 card per hex next to the second settlement; desert gives nothing."""
    state = new(3)
    _order_roll(state, [12, 2, 3])
    desert_vertex = 24  # touches pasture, desert, forest on the beginner board
    assert state.terrains[9] == "desert" and 9 in state.board.vertex_hexes[desert_vertex]
    order = [0, 1, 2, 2, 1, 0]
    spots = iter([0, 2, 11, 44, 50, desert_vertex])
    for seat in order:
        v = next(spots)
        assert state.current_player() == seat
        before = sum(state.hand[seat])
        state.apply(A.PLACE_SETTLEMENT[v])
        gained = sum(state.hand[seat]) - before
        if seat == 0 and v == desert_vertex:
            assert gained == 2  # pasture + forest, desert nothing
        elif v in (0, 2, 11):
            assert gained == 0  # first round: no income
        state.apply(state.legal_actions()[0])


def test_bg_setup_09_hands_are_hidden_from_opponents() -> None:
    """BG-SETUP-09: another seat's observation shows only the number of cards."""
    state = founded()
    obs = state.observation(1)
    assert obs["players"][0]["resource_cards"] == sum(state.hand[0])
    assert "resources" not in obs["players"][0]
    assert obs["you"]["resources"]["grain"] == state.hand[1][3]


def test_bg_setup_beg_01_02_03_04_fixed_pieces_star_income_oldest_starts() -> None:
    """BG-SETUP-BEG-01 BG-SETUP-BEG-02 BG-SETUP-BEG-03 BG-SETUP-BEG-04: two settlements and two
    roads per colour at fixed spots, income from the starred one, seat 0 starts, 2 VP each."""
    state = founded(4)
    data = state.board.layout["starting_positions"]
    for entry in data:
        p = entry["seat"]
        assert {v for v, o in enumerate(state.vertex_owner) if o == p} == set(entry["settlements"])
        assert {e for e, o in enumerate(state.edge_owner) if o == p} == set(entry["roads"])
        assert state.public_vp(p) == 2 and state.roads_left[p] == 13
        expected = [0] * 5
        for h in state.board.vertex_hexes[entry["income_from"]]:
            if state.hex_resource[h] >= 0:
                expected[state.hex_resource[h]] += 1
        assert state.hand[p] == expected
    # Seat 0's starred settlement: 1 lumber, 1 ore, 1 wool, as blue's in the seed's example.
    assert state.hand[0] == [1, 0, 1, 0, 1]
    assert state.current_player() == 0 and state.phase == "pre_roll"
