"""The board: trade hexes with plazas, the island without desert, tokens without 2 and 12."""

from __future__ import annotations

import random
from collections import Counter

from games.catan import GAME
from games.catan import actions as A

from .helpers import OPTIONS, founded, give, main_phase, new, plaza, trade_hex

TRADE = ("castle", "quarry", "glassworks")


def _board_laid(seed: int = 3):
    state = new(4, seed)
    rng = random.Random(seed)
    while state.phase in ("board_terrain", "board_tokens"):
        state.apply(state.sample_chance(rng))
    return state


def test_TB_CO_01_TB_SU_01_three_trade_hexes_at_alternate_corners_with_plazas() -> None:
    """TB-CO-01, TB-SU-01: castle, quarry and glassworks lie at three alternate corners of the
    island (120 degrees apart), each with 3 sides on the sea, each with a plaza."""
    state = _board_laid()
    hexes = [trade_hex(state, name) for name in TRADE]
    assert [state.terrains[h] for h in hexes] == list(TRADE)
    board = state.board
    for h in hexes:
        assert len(board.hex_neighbors[h]) == 3  # a corner hex: three sides on the sea
    coords = [board.hex_coords[h] for h in hexes]
    # 120 degrees apart: the three corner positions sum to the centre
    assert tuple(map(sum, zip(*coords, strict=True))) == (0, 0)
    for name in TRADE:
        assert board.vertex_hexes[plaza(state, name)] == (trade_hex(state, name),)


def test_TB_TH_01_a_plaza_is_reached_by_four_interior_paths() -> None:
    """TB-TH-01: 4 interior paths join the plaza to the trade hex's 4 land corners."""
    state = _board_laid()
    board = state.board
    for name in TRADE:
        h, v = trade_hex(state, name), plaza(state, name)
        assert len(board.vertex_edges[v]) == 4
        for w in board.vertex_neighbors[v]:
            assert w in board.hex_vertices[h]
            assert len(board.vertex_hexes[w]) >= 2  # a land corner (touches another hex)


def test_TB_SU_02_TB_CO_09_sixteen_land_hexes_without_desert() -> None:
    """TB-SU-02, TB-CO-09: the other 16 places are the base hexes minus desert, 1 pasture and
    1 fields, laid at random."""
    seen = set()
    for seed in range(4):
        state = _board_laid(seed)
        land = [t for t in state.terrains if t not in TRADE]
        assert Counter(land) == {
            "forest": 4,
            "pasture": 3,
            "fields": 3,
            "hills": 3,
            "mountains": 3,
        }
        seen.add(tuple(state.terrains))
    assert len(seen) > 1  # shuffled


def test_TB_SU_03_TB_TH_04_tokens_skip_the_trade_hexes_and_leave_out_2_and_12() -> None:
    """TB-SU-03, TB-TH-04: 16 tokens on the 16 land hexes, none on a trade hex, no 2 or 12."""
    state = _board_laid()
    tokens = [n for h, n in enumerate(state.numbers) if state.terrains[h] not in TRADE]
    assert sorted(tokens) == sorted([5, 6, 3, 8, 10, 9, 11, 4, 8, 10, 9, 4, 5, 6, 3, 11])
    assert all(state.numbers[trade_hex(state, name)] == 0 for name in TRADE)


def test_TB_TH_04_trade_hexes_produce_nothing() -> None:
    """TB-TH-04: a settlement beside a trade hex gets nothing from it on any roll."""
    state = founded(3, 2)
    before = [list(h) for h in state.hand]
    main_phase(state)
    production = [e for e in state.events if e["type"] == "production"][-1]
    for _p, resource, _ in production["gains"]:
        assert resource in ("lumber", "brick", "wool", "grain", "ore")
    assert state.hand != before or production["gains"] == []


def test_TB_CO_09_no_robber_no_desert_and_no_base_development_cards() -> None:
    """TB-CO-09: no robber on the board, the base development deck is not used."""
    state = founded(3, 4)
    assert state.robber == -1
    assert "desert" not in state.terrains
    assert sum(state.dev_deck) == 0
    main_phase(state)
    give(state, state.turn_player, wool=1, grain=1, ore=1)
    kinds = {a["type"] for a in state.legal_actions()}
    assert "buy_development" not in kinds and "buy_scenario_card" in kinds


def test_TB_CO_09_longest_road_is_not_awarded() -> None:
    """TB-CO-09: a road of 5 and more earns no Longest Road card."""
    state = founded(3, 5)
    p = state.turn_player
    main_phase(state)
    for _ in range(6):
        give(state, p, lumber=1, brick=1)
        roads = [a for a in state.legal_actions() if a["type"] == "build_road"]
        state.apply(roads[0])
    assert state.road_length[p] >= 5 or state.roads_left[p] < 10
    assert state.longest_road == -1
    assert not any(e["type"] == "longest_road" for e in state.events)


def test_TB_TH_02_roads_on_interior_paths_but_never_on_the_sea_sides() -> None:
    """TB-TH-02: an interior path takes a road under the normal rules; the 3 sea sides never."""
    state = founded(3, 6)
    p = state.turn_player
    main_phase(state)
    board = state.board
    castle = plaza(state, "castle")
    corner = board.vertex_neighbors[castle][0]
    spoke = board.edge_of_pair[(castle, corner)]
    state.edge_owner[board.vertex_edges[corner][0]] = -1
    # a road of p reaching the corner makes the spoke buildable
    for e in board.vertex_edges[corner]:
        if e != spoke and e not in board.road_closed and state.edge_owner[e] == -1:
            state._put_road(p, e)
            break
    give(state, p, lumber=1, brick=1)
    roads = {a["edge"] for a in state.legal_actions() if a["type"] == "build_road"}
    assert spoke in roads
    state.apply(A.BUILD_ROAD[spoke])
    assert state.edge_owner[spoke] == p
    # the sea sides (3 per trade hex): never offered, even touching the seat's network
    for h in (trade_hex(state, name) for name in TRADE):
        hv = board.hex_vertices[h]
        sides = [board.edge_of_pair[(hv[i], hv[(i + 1) % 6])] for i in range(6)]
        assert len([e for e in sides if e in board.road_closed]) == 3
    for e in board.road_closed:
        state.network[p].update(board.edge_vertices[e])
    state.spot_cache.clear()
    give(state, p, lumber=1, brick=1)
    state._legal = None
    roads = {a["edge"] for a in state.legal_actions() if a["type"] == "build_road"}
    assert not roads & board.road_closed
    assert len(board.road_closed) == 9


def test_TB_CO_02_no_harbour_on_a_trade_hex() -> None:
    """TB-CO-02: the replaced frame keeps harbours off the trade hexes' sea sides; all 9
    harbours serve two intersections where a settlement may stand."""
    state = _board_laid()
    board = state.board
    assert len(board.harbor_vertices) == 9
    closed = set(board.building_closed)
    for a, b in board.harbor_vertices:
        assert a not in closed and b not in closed
    static = GAME.static_info(dict(OPTIONS))
    assert static["layout"] == "traders_barbarians"
    assert set(static["sites"]["trade_hexes"]) == set(TRADE)


def test_a_plaza_and_its_paths_in_words() -> None:
    """The live view names a plaza (a hub at a trade hex's centre) and the paths to it (a
    Catan for Two neutral road there failed a ladder match's live view)."""
    from games.catan.places import Island

    state = _board_laid()
    island = Island(state)
    for name in TRADE:
        v = plaza(state, name)
        assert island.corner(v) == f"the centre of the {name}"
        for e in state.board.vertex_edges[v]:
            assert island.path(e).startswith(f"from the centre of the {name} to its ")
            assert island.path(e).endswith(" corner")
