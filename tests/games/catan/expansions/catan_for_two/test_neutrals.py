"""Catan for Two: the neutral colours (C2-NB-…).

Neutral 2 starts at intersection 13 (hexes 1, 4, 5), neutral 3 at 40; seat 0 lives at 0.
"""

from __future__ import annotations

from games.catan import actions as A
from games.catan.constants import KNIGHT, ROAD_BUILDING
from tests.games.catan.expansions.catan_for_two.positions import (
    NORTH,
    SOUTH,
    after_rolls,
    chain,
    cleared,
    edge_between,
    kinds,
)
from tests.games.catan.fixtures import dice_for, put, set_hand


def _road_ready(state) -> None:
    put(state, 0, settlements=[0])
    after_rolls(state, 12, 11)
    set_hand(state, 0, lumber=1, brick=1)


def test_c2_nb_01_a_road_owes_a_neutral_road_of_the_builders_choice() -> None:
    """C2-NB-01: the player who builds a road then builds one free road for either neutral
    colour, where he likes among its legal paths; then his turn goes on."""
    state = cleared()
    _road_ready(state)
    state.apply(A.BUILD_ROAD[edge_between(state, 0, 3)])
    assert state.phase == "neutral_build" and state.actor == 0
    offered = state.legal_actions()
    assert {a["owner"] for a in offered} == {2, 3}
    assert {a["type"] for a in offered} == {"neutral_road"}
    road = edge_between(state, NORTH, 18)
    state.apply({"type": "neutral_road", "owner": 2, "edge": road})
    assert state.edge_owner[road] == 2 and state.roads_left[2] == 14
    assert state.phase == "main" and state.actor == 0
    assert state.road_length[2] == 1


def test_c2_nb_04_neutral_pieces_follow_their_own_colours_rules() -> None:
    """C2-NB-04 (A-C2-02): a neutral road joins that neutral's own settlement or roads; a
    neutral settlement stands on that neutral's roads and keeps the distance rule."""
    state = cleared()
    _road_ready(state)
    state.apply(A.BUILD_ROAD[edge_between(state, 0, 3)])
    board = state.board
    offered = {(a["owner"], a["edge"]) for a in state.legal_actions()}
    expected = {(2, e) for e in board.vertex_edges[NORTH]} | {
        (3, e) for e in board.vertex_edges[SOUTH]
    }
    assert offered == expected
    state.apply({"type": "neutral_road", "owner": 2, "edge": edge_between(state, NORTH, 18)})
    # a second road for neutral 2 reaches 23, a legal site two steps from its settlement
    state.apply(A.END_TURN)
    after_rolls(state, 12, 11)
    put(state, 1, settlements=[50])
    set_hand(state, 1, lumber=1, brick=1, wool=1, grain=1)
    put(state, 1, roads=chain(state, 50, 46))
    set_hand(state, 1, lumber=2, brick=2, wool=1, grain=1)
    state.apply(A.BUILD_ROAD[state.road_spots(1)[0]])
    state.apply({"type": "neutral_road", "owner": 2, "edge": edge_between(state, 18, 23)})
    spot = state.settlement_spots(1)[0]
    state.apply(A.BUILD_SETTLEMENT[spot])
    settlements = {(a["owner"], a["vertex"]) for a in state.legal_actions()}
    assert settlements == {(2, 23)}  # 18 is next to 13; neutral 3 has no road yet
    state.apply({"type": "neutral_settlement", "owner": 2, "vertex": 23})
    assert state.vertex_owner[23] == 2 and state.settlements_left[2] == 3
    assert state.phase == "main" and state.actor == 1


def test_c2_nb_02_a_settlement_owes_a_neutral_settlement_else_a_road() -> None:
    """C2-NB-02: with no neutral settlement site anywhere, the owed settlement is a road."""
    state = cleared()
    put(state, 0, settlements=[0], roads=chain(state, 0, 3, 7))
    after_rolls(state, 12, 11)
    set_hand(state, 0, lumber=1, brick=1, wool=1, grain=1)
    state.apply(A.BUILD_SETTLEMENT[7])
    assert state.phase == "neutral_build"
    assert {a["type"] for a in state.legal_actions()} == {"neutral_road"}
    put(state, 2, roads=chain(state, NORTH, 18, 23))
    state._legal = None
    assert {a["type"] for a in state.legal_actions()} == {"neutral_settlement"}


def test_c2_nb_03_cities_and_development_cards_owe_nothing() -> None:
    """C2-NB-03: a city or a development card triggers no neutral build."""
    state = cleared()
    put(state, 0, settlements=[0])
    after_rolls(state, 12, 11)
    set_hand(state, 0, ore=4, grain=3, wool=1)
    state.apply(A.BUILD_CITY[0])
    assert state.phase == "main"
    state.apply(A.BUY_DEVELOPMENT)
    state.apply(state.chance_outcomes()[0][0])
    assert state.phase == "main"
    assert not any(e["type"].startswith("neutral") for e in state.events[-4:])


def test_c2_nb_05_no_legal_neutral_piece_builds_nothing() -> None:
    """C2-NB-05: when no neutral colour can take the owed piece (nor a road for a
    settlement), nothing is built and the turn goes on."""
    state = cleared()
    state.roads_left[2] = state.roads_left[3] = 0
    put(state, 0, settlements=[0], roads=chain(state, 0, 3, 7))
    after_rolls(state, 12, 11)
    set_hand(state, 0, lumber=2, brick=2, wool=1, grain=1)
    state.apply(A.BUILD_SETTLEMENT[7])
    assert state.phase == "main"
    assert state.events[-1]["type"] == "neutral_none"
    state.apply(A.BUILD_ROAD[edge_between(state, 7, 11)])
    assert state.phase == "main" and state.events[-1]["type"] == "neutral_none"


def test_c2_nb_06_road_building_roads_owe_neutral_roads() -> None:
    """C2-NB-06: each road of the Road Building card gives one neutral road."""
    state = cleared()
    put(state, 0, settlements=[0])
    state.dev_hand[0][ROAD_BUILDING] = 1
    state.dev_deck[ROAD_BUILDING] -= 1
    state.apply(A.PLAY_ROAD_BUILDING)
    phases = []
    for a, b in ((0, 3), (3, 7)):
        state.apply(A.BUILD_ROAD[edge_between(state, a, b)])
        phases.append(state.phase)
        state.apply(state.legal_actions()[0])
        phases.append(state.phase)
    assert phases == ["neutral_build", "road_building", "neutral_build", "pre_roll"]
    assert state.edge_owner.count(2) + state.edge_owner.count(3) == 2


def test_c2_nb_07_neutrals_never_produce_nor_are_robbed_but_block() -> None:
    """C2-NB-07: a neutral's settlement gets nothing on its number (hex 1 shows 2) and is
    never robbed; seat 1 beside it is."""
    state = cleared()
    put(state, 1, settlements=[1])  # top of hex 1 (pasture, 2)
    state.apply(A.ROLL)
    state.apply(dice_for(2))
    production = [e for e in state.events if e["type"] == "production"][-1]
    assert production["gains"] == [[1, "wool", 1]]
    assert len(state.hand) == 2
    state.apply(dice_for(7))
    state.apply(A.MOVE_ROBBER[4])  # hex 4: only neutral 2's settlement at 13
    assert state.phase == "main" and state.events[-1]["type"] == "move_robber"
    set_hand(state, 1, ore=1)
    state.dev_hand[0][KNIGHT] = 1
    state.apply(A.PLAY_KNIGHT)
    state.apply(A.MOVE_ROBBER[1])  # hex 1: seat 1 and neutral 2; only seat 1 is a victim
    assert state.phase == "steal" and state.victim == 1


def test_c2_nb_07_a_neutral_settlement_breaks_a_road() -> None:
    """C2-NB-07: the neutral settlement cuts seat 0's 5-road trail at 12, and seat 0 loses
    Longest Road."""
    state = cleared()
    put(state, 0, settlements=[0], roads=chain(state, 0, 3, 7, 12, 17, 23))
    put(state, 2, roads=chain(state, NORTH, 8, 12))
    state.longest_road = 0
    after_rolls(state, 12, 11)
    assert state.road_length[0] == 5
    set_hand(state, 0, lumber=1, brick=1, wool=1, grain=1)
    state.apply(A.BUILD_SETTLEMENT[23])
    assert {"type": "neutral_settlement", "owner": 2, "vertex": 12} in state.legal_actions()
    state.apply({"type": "neutral_settlement", "owner": 2, "vertex": 12})
    assert state.road_length[0] == 3 and state.longest_road == -1


def test_c2_nb_08_a_neutral_can_hold_longest_road() -> None:
    """C2-NB-08, A-C2-05: the neutral's fifth road takes Longest Road; its 2 VP are nobody's;
    Largest Army stays among the two seats."""
    state = cleared()
    put(state, 2, roads=chain(state, NORTH, 18, 23, 17, 12))
    _road_ready(state)
    state.apply(A.BUILD_ROAD[edge_between(state, 0, 3)])
    state.apply({"type": "neutral_road", "owner": 2, "edge": edge_between(state, 12, 7)})
    assert state.road_length[2] == 5 and state.longest_road == 2
    assert state.observation(0)["longest_road"] == 2
    assert [state.public_vp(p) for p in (0, 1)] == [1, 0]
    assert len(state.knights) == 2
    assert "neutral_build" not in kinds(state)
