"""Where camels may go, how caravans grow, merge and end, and what camels are worth."""

from __future__ import annotations

from itertools import pairwise

from games.catan import actions as A
from tests.games.catan.expansions.caravans.positions import (
    START_LEFT,
    START_RIGHT,
    START_TOP,
    bid,
    camel,
    caravans,
    spot_action,
    spots,
    trail,
    upgrade_and_end,
)
from tests.games.catan.fixtures import put, roll, set_hand

OASIS = 9


def _path(state, a: int, b: int) -> tuple[int, int]:
    """The spot from vertex ``a`` to vertex ``b``."""
    return state.board.edge_of_pair[(a, b)], b


def _route(state, *vertices: int) -> list[tuple[int, int]]:
    return [_path(state, a, b) for a, b in pairwise(vertices)]


def test_ca_pl_01_a_path_holds_one_camel_and_a_road_beside_it() -> None:
    """CA-PL-01: a camel may join a road's path and a road may be built on a camel's path;
    a path with a camel is never offered to another camel."""
    state = caravans()
    put(state, 0, roads=[12, 13])  # 12-8-13, from seat 0's settlement at 12
    camel(state, *START_TOP)  # path 20 (18-13), no road yet
    camel(state, *_path(state, 13, 8))  # path 13 already holds seat 0's road
    assert state.edge_owner[13] == 0 and state.camel_head[13] == 8
    roll(state, 8)
    set_hand(state, 0, lumber=1, brick=1)
    assert A.BUILD_ROAD[20] in state.legal_actions()
    state.apply(A.BUILD_ROAD[20])
    assert state.edge_owner[20] == 0 and state.camel_head[20] == 13
    assert all(edge not in (13, 20) for edge, _ in spots(state))


def test_ca_pl_02_every_camel_faces_one_end_of_its_path() -> None:
    """CA-PL-02: the observation gives each camel's path and the vertex its head faces."""
    state = caravans()
    trail(state, [START_TOP, _path(state, 13, 9)])
    assert state.observation(2)["caravans"]["camels"] == [[14, 9], [20, 13]]


def test_ca_pl_03_first_camels_leave_the_oasis_from_three_arrows() -> None:
    """CA-PL-03, CA-CO-01: the first vote offers the path each arrow points at, facing away
    from the oasis, each from another arrow, none along an oasis edge."""
    state = caravans()
    upgrade_and_end(state, s0={"wool": 1})
    bid(state, wool=1)
    board = state.board
    offered = [(a["edge"], a["toward"]) for a in state.legal_actions()]
    assert sorted(offered) == sorted([START_TOP, START_RIGHT, START_LEFT])
    for edge, head in offered:
        tail = next(v for v in board.edge_vertices[edge] if v != head)
        assert tail in board.hex_vertices[OASIS] and head not in board.hex_vertices[OASIS]
        assert OASIS not in board.edge_hexes[edge]


def test_ca_pl_04_a_caravan_grows_from_its_front_facing_away() -> None:
    """CA-PL-04: after the top caravan's first camel (facing 13), its two spots are the two
    free paths at 13, facing away; the other arrows stay open."""
    state = caravans()
    upgrade_and_end(state, s0={"wool": 1})
    bid(state, wool=1)
    state.apply(spot_action("place_camel", START_TOP))
    assert state.caravan_fronts[0] == 13
    assert spots(state) == sorted(
        [_path(state, 13, 8), _path(state, 13, 9), START_RIGHT, START_LEFT]
    )


def test_a_ca_03_an_open_arrow_may_start_a_caravan_later() -> None:
    """A-CA-03: with the top caravan 3 camels long, the other two arrows are still offered."""
    state = caravans()
    trail(state, _route(state, 18, 13, 8, 4))
    assert START_RIGHT in spots(state) and START_LEFT in spots(state)
    camel(state, *START_RIGHT)
    assert state.caravan_fronts == [4, 36, -1]


def test_ca_pl_05_coastal_paths_and_oasis_edges_on_the_way_back() -> None:
    """CA-PL-05: at the coast (vertex 4) both coastal paths are offered; a caravan that winds
    back to the oasis (vertex 35) may go along the oasis edges."""
    state = caravans()
    board = state.board
    trail(state, _route(state, 18, 13, 8, 4))
    from_coast = {spot for spot in spots(state) if board.edge_vertices[spot[0]].count(4)}
    assert from_coast == {_path(state, 4, 0), _path(state, 4, 1)}
    assert all(edge in board.coastal_edges for edge, _ in from_coast)
    trail(state, _route(state, 30, 36, 41, 45, 40, 35))
    at_oasis = {spot for spot in spots(state) if 35 in board.edge_vertices[spot[0]]}
    assert at_oasis == {_path(state, 35, 30), _path(state, 35, 29)}
    assert all(OASIS in board.edge_hexes[edge] for edge, _ in at_oasis)


def test_ca_pl_06_caravans_whose_fronts_meet_merge_and_a_blocked_one_ends() -> None:
    """CA-PL-06: the right and left caravans meet at 40 and move on as one; the top caravan
    ends at 18 when all three paths there hold camels."""
    state = caravans()
    trail(state, _route(state, 30, 36, 41, 45, 40))
    trail(state, _route(state, 29, 34, 39, 44, 40))
    assert state.caravan_fronts[1:] == [40, 40]
    camel(state, *_path(state, 40, 35))
    assert state.caravan_fronts[1:] == [35, 35]
    state = caravans()
    trail(state, _route(state, 18, 13, 9, 14, 19, 24, 18))
    assert _path(state, 18, 23) in spots(state)
    trail(state, _route(state, 29, 34, 28, 22, 17, 23, 18))
    assert state.caravan_fronts == [18, -1, 18]
    assert spots(state) == [START_RIGHT]  # both caravans there have ended


def test_ca_tr_03_no_vote_once_the_camels_are_used_up() -> None:
    """CA-TR-03, CA-CO-02: the 22nd camel is the last; after it no vote is held."""
    state = caravans()
    assert state.camels_left == 22
    state.camels_left = 1
    upgrade_and_end(state)
    state.apply(spot_action("place_camel", START_TOP))
    assert state.camels_left == 0 and state.current_player() == 1
    state = caravans()
    state.camels_left = 0
    upgrade_and_end(state, s1={"wool": 3})
    assert (state.phase, state.current_player()) == ("pre_roll", 1)
    assert not any(e["type"] == "caravan_vote" for e in state.events)


def test_a_single_spot_left_takes_the_camel_without_a_vote() -> None:
    """CA-PL-06 with one spot: nothing to vote on, nobody pays, the camel goes there."""
    state = caravans()
    trail(state, _route(state, 18, 13, 9, 14, 19, 24, 18))
    trail(state, _route(state, 29, 34, 28, 22, 17, 23, 18))
    upgrade_and_end(state, s1={"wool": 3})
    assert state.camel_head[START_RIGHT[0]] == START_RIGHT[1]
    assert state.hand[1][2] == 3 and state.current_player() == 1


def test_ca_ef_01_a_road_beside_a_camel_counts_two() -> None:
    """CA-EF-01: 4 roads, 2 beside camels, make a road of 6 (and Longest Road)."""
    state = caravans()
    put(state, 0, roads=[12, 13, 20])  # 7-12-8-13-18 with the starting road 11
    assert state.road_length[0] == 4 and state.longest_road == -1
    camel(state, *START_TOP)
    assert state.road_length[0] == 5
    camel(state, *_path(state, 13, 8))
    assert state.road_length[0] == 6
    assert state.observation(1)["players"][0]["road_length"] == 6
    assert state.longest_road == 0


def test_a_ca_04_any_players_road_on_a_camel_path_counts_two_for_its_owner() -> None:
    """A-CA-04: seat 1's roads beside camels count double for seat 1."""
    state = caravans()
    put(state, 1, roads=[13, 20])
    assert state.road_length[1] == 2
    trail(state, [START_TOP, _path(state, 13, 8)])
    assert state.road_length[1] == 4


def test_ca_ef_02_a_building_between_two_camels_gains_a_vp() -> None:
    """CA-EF-02, A-CA-01: a building where two camel paths meet (13) gains 1 VP; one at the
    loose end of the caravan (8, one camel) gains nothing."""
    state = caravans()
    put(state, 1, settlements=[13])
    put(state, 2, settlements=[8])
    before = [state.public_vp(p) for p in range(4)]
    trail(state, [START_TOP, _path(state, 13, 8)])
    assert [state.public_vp(p) - before[p] for p in range(4)] == [0, 1, 0, 0]
    assert state.observation(0)["players"][1]["public_vp"] == before[1] + 1
    assert state.observation(0)["caravans"]["crossings"] == [13]


def test_a_ca_02_the_vp_counts_once_per_building() -> None:
    """A-CA-02: three camel paths meeting at a city's corner still give it one VP."""
    state = caravans()
    put(state, 3, cities=[18])
    before = state.public_vp(3)
    trail(state, _route(state, 18, 13, 9, 14, 19, 24, 18))
    trail(state, _route(state, 29, 34, 28, 22, 17, 23, 18))
    assert sum(1 for e in state.board.vertex_edges[18] if state.camel_head[e] != -1) == 3
    assert state.public_vp(3) == before + 1


def test_ca_ef_02_the_camel_placed_by_a_vote_pays_the_vp() -> None:
    """CA-EF-02 through a vote: the camel that makes 13 a crossing gives seat 1 its VP."""
    state = caravans()
    put(state, 1, settlements=[13])
    camel(state, *START_TOP)
    before = state.public_vp(1)
    upgrade_and_end(state, s0={"grain": 1})
    bid(state, grain=1)
    state.apply(spot_action("place_camel", _path(state, 13, 9)))
    assert state.public_vp(1) == before + 1
