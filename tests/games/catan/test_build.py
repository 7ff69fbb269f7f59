"""Building roads, settlements and cities; costs and piece limits."""

from __future__ import annotations

import random
from typing import Any

import pytest

from games.catan import GAME
from games.catan import actions as A
from games.catan.constants import ROAD_BUILDING
from games.catan.expansions.seafarers.scenarios import pirate_islands
from games.catan.hooks import Expansion, Hooks
from games.errors import IllegalAction
from tests.games.catan.expansions.rivers.helpers import cleared as rivers_cleared
from tests.games.catan.expansions.traders_barbarians.helpers import new as traders_barbarians_new
from tests.games.catan.fixtures import empty_board, hand, put, roll, set_hand, types


def _main(**options):
    state = empty_board(3, **options)
    put(state, 0, settlements=[12], roads=[11])  # road 12-7
    roll(state, 2)
    return state


def test_bg_build_01_keep_building_while_resources_last() -> None:
    """BG-BUILD-01: pay the bank and place; repeat while cards and pieces last."""
    state = _main()
    set_hand(state, 0, lumber=3, brick=3)
    for _ in range(3):
        road = next(a for a in state.legal_actions() if a["type"] == "build_road")
        state.apply(road)
    assert hand(state, 0) == {} and "build_road" not in types(state)
    assert state.bank[0] == 19 and state.bank[1] == 19


@pytest.mark.parametrize(
    ("cards", "kind", "spent"),
    [
        ({"lumber": 1, "brick": 1}, "build_road", "BG-BUILD-02"),
        ({"lumber": 1, "brick": 1, "wool": 1, "grain": 1}, "build_settlement", "BG-BUILD-03"),
        ({"ore": 3, "grain": 2}, "build_city", "BG-BUILD-04"),
        ({"ore": 1, "wool": 1, "grain": 1}, "buy_development", "BG-BUILD-05"),
    ],
)
def test_bg_build_02_03_04_05_costs(cards: dict, kind: str, spent: str) -> None:
    """BG-BUILD-02 BG-BUILD-03 BG-BUILD-04 BG-BUILD-05: exact costs; one card short forbids it."""
    state = _main()
    put(state, 0, roads=[10])  # makes vertex 11 a settlement spot
    set_hand(state, 0, **cards)
    assert kind in types(state)
    action = next(a for a in state.legal_actions() if a["type"] == kind)
    state.apply(action)
    assert hand(state, 0) == {}
    short = dict(cards)
    first = next(iter(short))
    short[first] -= 1
    state2 = _main()
    put(state2, 0, roads=[10])
    set_hand(state2, 0, **short)
    assert kind not in types(state2)


def test_bg_piece_01_road_limit_fifteen() -> None:
    """BG-PIECE-01: no 16th road."""
    state = _main()
    state.roads_left[0] = 0
    set_hand(state, 0, lumber=1, brick=1)
    assert "build_road" not in types(state)


def test_bg_piece_02_03_city_returns_the_settlement_roads_and_cities_stay() -> None:
    """BG-PIECE-02 BG-PIECE-03 BG-CITY-01: a city replaces one's own settlement; the settlement
    returns to the supply; roads and cities are never removed."""
    state = _main()
    set_hand(state, 0, ore=3, grain=2)
    assert [a["vertex"] for a in state.legal_actions() if a["type"] == "build_city"] == [12]
    state.apply(A.BUILD_CITY[12])
    assert state.settlements_left[0] == 5 and state.cities_left[0] == 3
    assert state.vertex_level[12] == 2 and state.edge_owner[11] == 0
    assert "build_city" not in {a["type"] for a in state.legal_actions()}


def test_bg_city_01_no_city_on_an_empty_intersection() -> None:
    """BG-CITY-01: a city only upgrades one's own settlement."""
    state = _main()
    put(state, 1, settlements=[22])
    set_hand(state, 0, ore=3, grain=2)
    with pytest.raises(IllegalAction):
        state.apply(A.BUILD_CITY[7])
    with pytest.raises(IllegalAction):
        state.apply(A.BUILD_CITY[22])


def test_bg_piece_04_all_settlements_placed_upgrade_first() -> None:
    """BG-PIECE-04: with 5 settlements on the board no further settlement can be built."""
    state = _main()
    put(state, 0, roads=[10])
    state.settlements_left[0] = 0
    set_hand(state, 0, lumber=1, brick=1, wool=1, grain=1)
    assert "build_settlement" not in types(state)


def test_bg_road_01_02_one_road_per_path_connected_to_own_pieces() -> None:
    """BG-ROAD-01 BG-ROAD-02: roads go on free paths touching the player's road or building."""
    state = _main()
    put(state, 1, roads=[10])
    set_hand(state, 0, lumber=1, brick=1)
    spots = {a["edge"] for a in state.legal_actions() if a["type"] == "build_road"}
    vertex_edges = state.board.vertex_edges
    expected = (set(vertex_edges[12]) | set(vertex_edges[7])) - {11, 10}
    assert spots == expected
    with pytest.raises(IllegalAction):
        state.apply(A.BUILD_ROAD[10])  # occupied
    with pytest.raises(IllegalAction):
        state.apply(A.BUILD_ROAD[60])  # not connected


def test_ri_br_01_no_road_on_a_bridge_site() -> None:
    """RI-BR-01 (a layout's ``no_roads``): in The Rivers of Catan road options leave the bridge
    sites out, also beside the player's own settlement, and such a road is refused."""
    state = rivers_cleared()
    e = state.board.sites["bridge_sites"][0]
    put(state, 0, settlements=[state.board.edge_vertices[e][0]])
    roll(state, 3)
    set_hand(state, 0, lumber=1, brick=1)
    assert "build_road" in types(state) and A.BUILD_ROAD[e] not in state.legal_actions()
    with pytest.raises(IllegalAction):
        state.apply(A.BUILD_ROAD[e])


def test_tb_th_03_a_tb_02_no_building_on_a_plaza_nor_the_sea_corners() -> None:
    """TB-TH-03, A-TB-02 (a layout's ``no_buildings``): in Traders & Barbarians the founding
    never offers a plaza or a trade hex's sea corner; the two inland corners of a trade hex are
    allowed."""
    state = traders_barbarians_new(4, 3)
    rng = random.Random(3)
    while state.phase != "setup_settlement":  # the board laid, then the first-player rolls
        state.apply(state.sample_chance(rng))
    spots = {a["vertex"] for a in state.legal_actions()}
    board = state.board
    for site in board.sites["trade_hexes"].values():
        assert site["plaza"] not in spots
        corners = board.hex_vertices[site["hex"]]
        inland = [v for v in corners if len(board.vertex_hexes[v]) == 3]
        coast = [v for v in corners if len(board.vertex_hexes[v]) < 3]
        assert len(inland) == 2 and set(inland) <= spots
        assert len(coast) == 4 and not set(coast) & spots


def test_bg_road_03_no_extension_through_an_opponents_building() -> None:
    """BG-ROAD-03: from an intersection holding an opponent's settlement no road continues."""
    state = _main()
    put(state, 1, settlements=[7])
    set_hand(state, 0, lumber=1, brick=1)
    spots = {a["edge"] for a in state.legal_actions() if a["type"] == "build_road"}
    assert spots == set(state.board.vertex_edges[12]) - {11}


def test_bg_road_04_roads_give_no_points_alone() -> None:
    """BG-ROAD-04: four roads score nothing; only the Longest Road card gives road points."""
    state = _main()
    put(state, 0, roads=[10, 18, 23])
    assert state.public_vp(0) == 1 and state.longest_road == -1


def test_bg_settl_01_02_settlement_needs_own_road_and_distance() -> None:
    """BG-SETTL-01 BG-SETTL-02: a free intersection on one's own road, no building adjacent."""
    state = _main()
    put(state, 0, roads=[10])  # 12-7-11
    set_hand(state, 0, lumber=1, brick=1, wool=1, grain=1)
    spots = [a["vertex"] for a in state.legal_actions() if a["type"] == "build_settlement"]
    assert spots == [11]  # 7 is next to 12 (distance rule); 11 is two paths away
    state.apply(A.BUILD_SETTLEMENT[11])
    assert state.public_vp(0) == 2


def test_bg_settl_03_and_city_02_points_one_and_two() -> None:
    """BG-SETTL-03 BG-CITY-02: settlement 1 VP (at most 3 adjacent hexes), city 2 VP."""
    state = _main()
    assert state.public_vp(0) == 1
    set_hand(state, 0, ore=3, grain=2)
    state.apply(A.BUILD_CITY[12])
    assert state.public_vp(0) == 2


def test_each_seat_is_offered_its_own_spots_as_turns_pass_without_building() -> None:
    """BG-ROAD-02 BG-SETTL-01: the offered roads and settlements are the deciding seat's own,
    even after other seats' turns in which nothing was built."""
    state = empty_board(4)
    homes = {0: 12, 1: 14, 2: 39, 3: 46}
    vertex_edges, edge_vertices = state.board.vertex_edges, state.board.edge_vertices
    for seat, v in homes.items():
        put(state, seat, settlements=[v], roads=[vertex_edges[v][0]])
    for seat in range(4):
        if seat:
            state.apply(A.END_TURN)
        assert state.current_player() == seat
        set_hand(state, seat, lumber=1, brick=1, wool=1, grain=3, ore=3)  # every kind of build
        roll(state, 2)
        legal = state.legal_actions()
        roads = {a["edge"] for a in legal if a["type"] == "build_road"}
        spots = {a["vertex"] for a in legal if a["type"] == "build_settlement"}
        cities = {a["vertex"] for a in legal if a["type"] == "build_city"}
        assert roads == set(state.road_spots(seat)) and roads
        assert spots == set(state.settlement_spots(seat))
        assert cities == {homes[seat]}
        assert all(
            seat in {state.vertex_owner[v] for v in edge_vertices[e]}
            or any(state.edge_owner[f] == seat for v in edge_vertices[e] for f in vertex_edges[v])
            for e in roads
        )
        set_hand(state, seat)


class _Listener(Expansion):
    """A plug-in that only listens: what the core tells its ``built`` hook and asks its
    ``build_actions`` hook (games/catan/hooks.py), allowing every build."""

    name = "listener"

    def __init__(self) -> None:
        self.told: list[tuple[int, str, int]] = []
        self.asked: list[tuple[int, str, frozenset[str]]] = []

    def built(self, state: Any, p: int, piece: str, where: int) -> None:
        self.told.append((p, piece, where))

    def build_actions(self, state: Any, p: int, piece: str, actions: list) -> list:
        self.asked.append((p, piece, frozenset(a["type"] for a in actions)))
        return actions


def test_plug_ins_are_told_which_piece_was_built_and_asked_about_each_kind() -> None:
    """The hooks' contract (games/catan/hooks.py): ``build_actions`` is asked once per kind of
    piece with that kind's actions, and ``built`` is told the seat, the piece and its place for
    a road, a settlement and a city (BG-BUILD-02..04). Expansions read the piece (Rivers' gold
    by a river for a road or a settlement only, Seafarers' founding route)."""
    state = _main()
    listener = _Listener()
    state.hooks = Hooks((listener,))
    state.plugged = True
    put(state, 0, roads=[10])  # makes vertex 11 a settlement spot
    set_hand(state, 0, lumber=2, brick=2, wool=1, grain=3, ore=3)
    state.legal_actions()
    assert listener.asked == [
        (0, "road", frozenset({"build_road"})),
        (0, "settlement", frozenset({"build_settlement"})),
        (0, "city", frozenset({"build_city"})),
    ]
    road = next(e for e in state.board.vertex_edges[11] if e != 10)
    state.apply(A.BUILD_ROAD[road])
    state.apply(A.BUILD_SETTLEMENT[11])
    state.apply(A.BUILD_CITY[12])
    assert listener.told == [(0, "road", road), (0, "settlement", 11), (0, "city", 12)]


def test_bg_prog_rb_01_plug_ins_are_told_of_each_free_road() -> None:
    """BG-PROG-RB-01 (the hooks' contract, games/catan/hooks.py): each road of a Road Building
    card is told to the ``built`` hook as a road at its place, as a paid road is."""
    state = _main()
    listener = _Listener()
    state.hooks = Hooks((listener,))
    state.plugged = True
    state.dev_hand[0][ROAD_BUILDING] += 1
    state.dev_deck[ROAD_BUILDING] -= 1
    state.touch()
    state.apply(A.PLAY_ROAD_BUILDING)
    laid = []
    while state.phase == "road_building":
        action = next(a for a in state.legal_actions() if a["type"] == "build_road")
        state.apply(action)
        laid.append(action["edge"])
    assert len(laid) == 2 and state.phase == "main"
    assert listener.told == [(0, "road", e) for e in laid]


def test_sf_pr_07_the_build_hook_is_told_which_piece_it_filters() -> None:
    """SF-PR-07: on the pirate islands a settlement stands only at the seat's waypoint; the
    plug-in's ``build_actions`` hook (reached through the core's ``allowed_builds``) closes the
    other corners to settlements but not to roads, so it must be told which piece it judges."""
    state = GAME.new_game(4, 1, {"seafarers": "pirate_islands"})
    corners = sorted(pirate_islands.pirate_island_corners(state))
    way = pirate_islands.seat_corner(state.board, "waypoint_intersections", 0)
    assert way in corners and len(corners) > 1
    offered = [A.BUILD_SETTLEMENT[v] for v in corners]
    assert state.allowed_builds(0, "settlement", offered) == [A.BUILD_SETTLEMENT[way]]
    assert state.allowed_builds(0, "road", offered) == offered
