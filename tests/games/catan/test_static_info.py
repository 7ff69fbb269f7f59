"""The island's geometry a bot receives once (``GAME.static_info``), checked for consistency."""

from __future__ import annotations

import json

import pytest

from games.catan import GAME


def test_bg_board_05_06_07_the_geometry_sent_to_bots_is_consistent() -> None:
    """BG-BOARD-05 BG-BOARD-06 BG-BOARD-07: 19 hexes of 6 intersections, 54 intersections of 1 to
    3 hexes (1 or 2 on the coast), 72 paths joining two neighbouring intersections, 9 harbours on
    coastal paths; every table agrees with the others and is plain JSON."""
    board = GAME.static_info({})
    assert json.loads(json.dumps(board)) == board
    assert len(board["hex_coords"]) == len(board["hex_vertices"]) == 19
    assert all(len(vs) == 6 for vs in board["hex_vertices"])
    assert len(board["vertex_hexes"]) == len(board["vertex_points"]) == 54
    for hexagon, corners in enumerate(board["hex_vertices"]):
        assert all(hexagon in board["vertex_hexes"][v] for v in corners)
    sizes = {len(h) for h in board["vertex_hexes"]}
    assert sizes == {1, 2, 3}
    assert len(board["edge_vertices"]) == 72
    for edge, (a, b) in enumerate(board["edge_vertices"]):
        assert b in board["vertex_neighbors"][a] and a in board["vertex_neighbors"][b]
        assert edge in board["vertex_edges"][a] and edge in board["vertex_edges"][b]
    for v, edges in enumerate(board["vertex_edges"]):
        assert len(edges) == len(board["vertex_neighbors"][v]) in (2, 3)
    assert len(board["harbor_edges"]) == len(board["harbor_vertices"]) == 9
    for edge, ends in zip(board["harbor_edges"], board["harbor_vertices"], strict=True):
        assert sorted(ends) == sorted(board["edge_vertices"][edge])
        assert all(len(board["vertex_hexes"][v]) < 3 for v in ends)  # on the coast


def test_the_geometry_is_that_of_the_map_the_game_is_played_on() -> None:
    """A map may depend on the player count (Seafarers' New Shores: one for 3 players, a larger
    one for 4); without a count, the 4-player map, with its named places (``sites``). An active
    expansion adds its own part (here ``seafarers``: the map's name, the ship's cost, the ships
    per player); the base game has none. Options that are not a dict are refused."""
    options = {"seafarers": "new_shores"}
    for players in (3, 4):
        static = GAME.static_info(options, num_players=players)
        state = GAME.new_game(players, 1, options)
        assert static["layout"] == state.board.name == f"seafarers_new_shores_{players}"
        assert static["sites"] == state.board.sites and static["sites"]["zones"]  # its places
        assert len(static["hex_coords"]) == state.board.num_hexes
        assert static["seafarers"]["map"] == "new_shores"
        assert static["seafarers"]["ship_cost"] == {"lumber": 1, "wool": 1}
    assert GAME.static_info(options) == GAME.static_info(options, num_players=4)
    assert len(GAME.static_info(options, 3)["hex_coords"]) < len(
        GAME.static_info(options)["hex_coords"]
    )
    assert "seafarers" not in GAME.static_info({})
    with pytest.raises(ValueError, match=r"^options must be a dict$"):
        GAME.static_info([])  # type: ignore[arg-type]
