"""Seafarers' ships, routes, moving and Longest Trade Route, played through the engine
(``expansions/seafarers.md`` §1, §3-§6, §9)."""

from __future__ import annotations

import pytest

from games.catan import actions as A
from games.errors import IllegalAction
from tests.games.catan.expansions.seafarers.positions import (
    cleared,
    coast,
    edges_of,
    line_end,
    other_end,
    put,
    sea_line,
    set_hand,
    types,
    zone_hexes,
)


def _harbour_town(state, seat: int = 0) -> int:
    """A settlement of ``seat`` on the main island's coast."""
    v = coast(state, zone_hexes(state, "main"))
    put(state, seat, settlements=[v])
    return v


def test_sf_co_01_a_ship_costs_lumber_and_wool_and_comes_from_fifteen() -> None:
    """SF-CO-01, SF-SH-01: 15 ships per colour; building one pays 1 lumber + 1 wool."""
    state = cleared()
    assert state.ships_left == [15] * 4
    v = _harbour_town(state)
    set_hand(state, 0, lumber=1, wool=1, grain=1)
    spots = edges_of(state, "build_ship")
    assert spots
    e = min(spots)
    state.apply({"type": "build_ship", "edge": e})
    assert state.ship_owner[e] == 0 and state.ships_left[0] == 14
    assert state.hand[0] == [0, 0, 0, 1, 0]
    assert "build_ship" not in types(state)  # nothing left to pay with
    assert v in state.board.edge_vertices[e]


def test_sf_sh_01_ships_only_on_paths_beside_the_sea() -> None:
    """SF-SH-01: every path offered for a ship has a sea hex on one side; none between two land
    hexes. SF-GE-02 / SF-CO-08: none on or inside the frame."""
    state = cleared()
    _harbour_town(state)
    set_hand(state, 0, lumber=1, wool=1)
    frame = set(state.board.sites["frame"])
    for e in edges_of(state, "build_ship"):
        hexes = state.board.edge_hexes[e]
        assert any(state.terrains[h] == "sea" for h in hexes)
        assert len(hexes) == 2 and not set(hexes) <= frame


def test_sf_sh_02_a_ship_line_grows_from_its_ends_and_branches() -> None:
    """SF-SH-02: a new ship touches the owner's coastal building or one of his ships."""
    state = cleared()
    v = _harbour_town(state)
    line = sea_line(state, v, 3)
    put(state, 0, ships=line[:2])
    set_hand(state, 0, lumber=1, wool=1)
    spots = edges_of(state, "build_ship")
    ends = {v, *state.board.edge_vertices[line[0]], *state.board.edge_vertices[line[1]]}
    assert line[2] in spots
    assert all(set(state.board.edge_vertices[e]) & ends for e in spots)
    far = [e for e in range(state.board.num_edges) if state.sf_ship_path[e] and e not in spots]
    with pytest.raises(IllegalAction):
        state.apply({"type": "build_ship", "edge": far[0]})


def test_sf_sh_03_a_coastal_path_holds_a_road_or_a_ship() -> None:
    """SF-SH-03: once a ship lies on a coastal path no road goes there, and the reverse."""
    state = cleared()
    v = _harbour_town(state)
    both = [
        e
        for e in state.board.vertex_edges[v]
        if state.sf_ship_path[e] and e not in state.sf_no_road
    ]
    assert both
    e = both[0]
    set_hand(state, 0, lumber=2, wool=1, brick=1)
    assert e in edges_of(state, "build_road") and e in edges_of(state, "build_ship")
    state.apply({"type": "build_ship", "edge": e})
    assert e not in edges_of(state, "build_road")
    state2 = cleared()
    v2 = _harbour_town(state2)
    set_hand(state2, 0, lumber=2, wool=1, brick=1)
    state2.apply(A.BUILD_ROAD[e])
    assert state2.edge_owner[e] == 0 and v2 == v
    assert e not in edges_of(state2, "build_ship")


def test_sf_sh_04_a_settlement_at_the_end_of_a_ship_line() -> None:
    """SF-SH-04: a ship line reaching a coast lets its owner settle there; the new settlement
    starts roads."""
    state = cleared()
    v = _harbour_town(state)
    line = sea_line(state, v, 3)
    put(state, 0, ships=line)
    end = line_end(state, v, line)
    assert state.sf_land_vertex[end]
    set_hand(state, 0, lumber=2, brick=2, wool=1, grain=1)
    assert A.BUILD_SETTLEMENT[end] in state.legal_actions()
    state.apply(A.BUILD_SETTLEMENT[end])
    roads = edges_of(state, "build_road")
    assert any(end in state.board.edge_vertices[e] for e in roads)


def test_sf_sh_05_no_ship_piece_left_no_ship() -> None:
    """SF-SH-05: with no ship left a player cannot build one."""
    state = cleared()
    _harbour_town(state)
    set_hand(state, 0, lumber=1, wool=1)
    assert "build_ship" in types(state)
    state.ships_left[0] = 0
    state.touch()
    assert "build_ship" not in types(state)


def _ships_and_a_road(state, v: int, ships: int) -> tuple[list[int], int]:
    """Seat 0's line of ``ships`` ships from his harbour town ``v`` and one road from ``v`` on
    land: (the line, the road)."""
    line = sea_line(state, v, ships)
    road = next(
        e for e in state.board.vertex_edges[v] if e not in state.sf_no_road and e not in line
    )
    put(state, 0, ships=line, roads=[road])
    return line, road


def test_sf_sr_01_roads_and_ships_join_only_at_a_settlement() -> None:
    """SF-SR-01: no road from a ship's end without a settlement there, no ship from a road's
    end; with the owner's settlement at the meeting point both grow from it."""
    state = cleared()
    v = _harbour_town(state)
    line = sea_line(state, v, 2)
    put(state, 0, ships=line)
    end = line_end(state, v, line)
    set_hand(state, 0, lumber=2, brick=1, wool=1)
    roads = edges_of(state, "build_road")
    assert not any(end in state.board.edge_vertices[e] for e in roads if e not in line)
    ship_ends = {w for e in line for w in state.board.edge_vertices[e]}
    road = next(
        e
        for e in state.board.vertex_edges[v]
        if e not in state.sf_no_road and e not in line and other_end(state, e, v) not in ship_ends
    )
    put(state, 0, roads=[road])
    road_end = other_end(state, road, v)
    assert any(state.sf_ship_path[e] for e in state.board.vertex_edges[road_end])
    ships = edges_of(state, "build_ship")
    assert not any(
        road_end in state.board.edge_vertices[e]
        and not set(state.board.edge_vertices[e]) & ship_ends
        for e in ships
    )


def test_sf_sr_02_roads_never_move_ships_may() -> None:
    """SF-SR-02: the move action names ships only; a road is never offered to move."""
    state = cleared()
    v = _harbour_town(state)
    line, road = _ships_and_a_road(state, v, 2)
    moves = [a for a in state.legal_actions() if a["type"] == "move_ship"]
    assert moves and {a["from"] for a in moves} == {line[-1]}
    with pytest.raises(IllegalAction):
        state.apply({"type": "move_ship", "from": road, "to": moves[0]["to"]})


def test_sf_rt_01_a_route_between_two_settlements_is_closed() -> None:
    """SF-RT-01, SF-MS-02: a route linking two of the owner's settlements never moves; another
    player's settlement at its end does not open it."""
    state = cleared()
    v = _harbour_town(state)
    line = sea_line(state, v, 3)
    end = line_end(state, v, line)
    put(state, 0, ships=line)
    assert "move_ship" in types(state)
    put(state, 0, settlements=[end])
    assert "move_ship" not in types(state)
    state2 = cleared()
    _harbour_town(state2)
    put(state2, 0, ships=line)
    put(state2, 1, settlements=[end])
    assert "move_ship" in types(state2)  # open: seat 1's settlement does not close it


def test_sf_ms_01_one_move_per_turn_after_the_roll_never_a_new_ship() -> None:
    """SF-MS-01: once per turn, in the build phase, not a ship built this turn."""
    state = cleared()
    v = _harbour_town(state)
    line = sea_line(state, v, 2)
    put(state, 0, ships=line[:1])
    set_hand(state, 0, lumber=1, wool=1)
    state.apply({"type": "build_ship", "edge": line[1]})
    moves = [a for a in state.legal_actions() if a["type"] == "move_ship"]
    assert line[1] not in {a["from"] for a in moves}
    assert not moves  # the old ship is no longer at an open end
    state.ships_new = []
    state.touch()
    move = next(a for a in state.legal_actions() if a["type"] == "move_ship")
    state.apply(move)
    assert "move_ship" not in types(state)
    state.rolled = False
    state._set_phase("pre_roll", 0)
    state.ship_moved = False
    state.touch()
    assert "move_ship" not in types(state)


def test_sf_ms_02_only_the_open_end_moves() -> None:
    """SF-MS-02: of an open route only the ship at its free end moves."""
    state = cleared()
    v = _harbour_town(state)
    line = sea_line(state, v, 4)
    put(state, 0, ships=line)
    froms = {a["from"] for a in state.legal_actions() if a["type"] == "move_ship"}
    assert froms == {line[-1]}


def test_sf_ms_03_a_ring_moves_anywhere_a_loop_at_both_ends() -> None:
    """SF-MS-03: a ring of ships touching no building is open everywhere; a route leaving a
    settlement and coming back to it moves at each end."""
    state = cleared()
    b = state.board
    sea_hex = next(
        h
        for h, t in enumerate(state.terrains)
        if t == "sea" and all(state.sf_ship_path[e] for e in state.sf_hex_sides[h])
    )
    ring = list(state.sf_hex_sides[sea_hex])
    state.pirate = -1
    put(state, 0, ships=ring)
    froms = {a["from"] for a in state.legal_actions() if a["type"] == "move_ship"}
    assert froms == set(ring)
    loop_hex = next(
        h
        for h, t in enumerate(state.terrains)
        if t == "sea"
        and all(state.sf_ship_path[e] for e in state.sf_hex_sides[h])
        and any(state.sf_land_vertex[v] for v in b.hex_vertices[h])
    )
    state2 = cleared()
    state2.pirate = -1
    corner = next(v for v in b.hex_vertices[loop_hex] if state2.sf_land_vertex[v])
    sides = list(state2.sf_hex_sides[loop_hex])
    put(state2, 0, settlements=[corner], ships=sides)
    froms = {a["from"] for a in state2.legal_actions() if a["type"] == "move_ship"}
    assert froms == {e for e in sides if corner in b.edge_vertices[e]}


def test_sf_ms_03_a_ring_left_by_its_lifted_branch_moves_anywhere() -> None:
    """SF-MS-02/03: a ring of ships with one branch moves only at the branch (its free end);
    the branch lifted, the kept route ends (renewed from those before, not walked again) are
    the whole ring's, as a ring touching no building moves anywhere."""
    from games.catan.expansions.seafarers import ships

    state = cleared()
    b = state.board
    for h, t in enumerate(state.terrains):
        ring = list(state.sf_hex_sides[h])
        corners = set(b.hex_vertices[h])
        if t != "sea" or not all(state.sf_ship_path[e] for e in ring):
            continue
        branch = next(
            (
                e
                for c in corners
                for e in b.vertex_edges[c]
                if e not in ring and state.sf_ship_path[e]
                if not corners.issuperset(b.edge_vertices[e])
            ),
            None,
        )
        if branch is not None:
            break
    state.pirate = -1
    put(state, 0, ships=[branch, *ring])
    assert ships.kept_route_ends(state, 0) == (branch,)
    ships.lift_ship(state, 0, branch)
    assert ships.kept_route_ends(state, 0) == tuple(sorted(ring))
    moves = {a["from"] for a in state.legal_actions() if a["type"] == "move_ship"}
    assert moves == set(ring)


def test_sf_ms_04_a_move_goes_where_a_ship_could_be_built_never_beside_the_pirate() -> None:
    """SF-MS-04: the targets are the legal new-ship paths (without the moved ship); a ship on a
    side of the pirate's hex cannot move, nor go there."""
    state = cleared()
    v = _harbour_town(state)
    line = sea_line(state, v, 3)
    put(state, 0, ships=line)
    targets = {a["to"] for a in state.legal_actions() if a["type"] == "move_ship"}
    state.ship_owner[line[-1]] = -1
    state.ships_left[0] += 1
    state._rebuild_derived()
    set_hand(state, 0, lumber=1, wool=1)
    built = edges_of(state, "build_ship") - {line[-1]}
    assert targets == built
    put(state, 0, ships=[line[-1]])
    pirate_hex = next(h for h in state.board.edge_hexes[line[-1]] if state.terrains[h] == "sea")
    state.pirate = pirate_hex
    state.touch()
    moves = [a for a in state.legal_actions() if a["type"] == "move_ship"]
    assert not moves or all(a["from"] != line[-1] for a in moves)
    assert all(a["to"] not in state.sf_hex_sides[pirate_hex] for a in moves)


def test_sf_lt_01_longest_trade_route_over_roads_and_ships() -> None:
    """SF-LT-01: 2 VP for 5 or more roads and ships in one chain."""
    state = cleared()
    v = _harbour_town(state)
    line = sea_line(state, v, 5)
    put(state, 0, ships=line[:4])
    assert state.road_length[0] == 4 and state.longest_road == -1
    set_hand(state, 0, lumber=1, wool=1)
    state.apply({"type": "build_ship", "edge": line[4]})
    assert state.road_length[0] == 5 and state.longest_road == 0
    assert state.public_vp(0) == 1 + 2


def test_sf_lt_02_roads_and_ships_count_together_only_through_a_settlement() -> None:
    """SF-LT-02: a road chain and a ship chain meeting at an empty intersection count apart;
    the owner's settlement there joins them."""
    state = cleared()
    v = _harbour_town(state)
    _ships_and_a_road(state, v, 3)
    assert state.road_length[0] == 4  # the settlement at v joins them already
    state.vertex_owner[v] = -1
    state.settlements_left[0] += 1
    state._rebuild_derived()
    state.recount_trails()
    assert state.road_length[0] == 3


def test_sf_lt_02_the_owners_settlement_where_his_road_and_ship_meet_joins_them() -> None:
    """SF-LT-02, SF-LT-03: built where his road and his ship chain meet, the owner's settlement
    joins them into one route at once (the builder's count is made when road and ship meet)."""
    state = cleared()
    v = _harbour_town(state)
    _ships_and_a_road(state, v, 3)
    state.vertex_owner[v] = -1  # lifted: the road and the ships count apart
    state.vertex_level[v] = 0
    state.settlements_left[0] += 1
    state._rebuild_derived()
    state.recount_trails()
    assert state.road_length[0] == 3
    set_hand(state, 0, lumber=1, brick=1, wool=1, grain=1)
    state.apply({"type": "build_settlement", "vertex": v})
    assert state.road_length[0] == 4


def _road_fork(state) -> tuple[int, list[int], int]:
    """An intersection ``w`` of the main island with three road paths, a road line of four
    through two of them (two on each side of ``w``) and the third path."""
    b, closed = state.board, state.sf_no_road
    main = zone_hexes(state, "main")
    for w in range(b.num_vertices):
        paths = [e for e in b.vertex_edges[w] if e not in closed]
        if len(paths) != 3 or not set(b.vertex_hexes[w]) <= main:
            continue
        line, used = [], {w}
        for e in paths[:2]:
            far = other_end(state, e, w)
            more = [
                f
                for f in b.vertex_edges[far]
                if f != e and f not in closed and other_end(state, f, far) not in used
            ]
            if not more:
                break
            used.update((far, other_end(state, more[0], far)))
            line += [e, more[0]]
        else:
            return w, line, paths[2]
    raise AssertionError("no fork")


def test_sf_lt_01_a_settlement_on_an_opponents_route_cuts_it() -> None:
    """SF-LT-01 (the base game's break rule, BG-LR-03) and SF-LT-03: a settlement built where
    two of an opponent's roads meet cuts his route there at once; the builder's own route,
    one road on a path of the same kind, stays."""
    state = cleared()
    w, line, spur = _road_fork(state)
    put(state, 1, roads=line)
    put(state, 0, roads=[spur])
    assert state.road_length[1] == 4 and state.road_length[0] == 1
    set_hand(state, 0, lumber=1, brick=1, wool=1, grain=1)
    state.apply({"type": "build_settlement", "vertex": w})
    assert state.road_length[1] == 2 and state.road_length[0] == 1


def test_sf_lt_03_a_moved_ship_is_counted_again() -> None:
    """SF-LT-03: the route is recomputed after a ship move (here it breaks)."""
    state = cleared()
    v = _harbour_town(state)
    line = sea_line(state, v, 5)
    put(state, 0, ships=line)
    assert state.longest_road == 0
    move = next(
        a
        for a in state.legal_actions()
        if a["type"] == "move_ship"
        and not set(state.board.edge_vertices[a["to"]]) & set(state.board.edge_vertices[line[3]])
    )
    state.apply(move)
    assert state.road_length[0] == 4 and state.longest_road == -1


def test_sf_ms_03_the_one_ship_joining_a_ring_to_a_building_does_not_move() -> None:
    """SF-MS-02/03: a ring of ships hung on a settlement by one ship has no open end; that ship
    would cut the ring loose, so nothing moves (a loop back to the settlement moves at its ends:
    the test above)."""
    from games.catan.expansions.seafarers.ships import movable_ships

    state = cleared()
    b = state.board
    frame = set(b.sites["frame"])
    for h, t in enumerate(state.terrains):
        if t != "sea" or h in frame:
            continue
        ring = list(state.sf_hex_sides[h])
        corners = set(b.hex_vertices[h])
        if not all(state.sf_ship_path[e] for e in ring):
            continue
        stick = next(
            (
                (e, v)
                for c in corners
                for e in b.vertex_edges[c]
                if e not in ring and state.sf_ship_path[e]
                for v in b.edge_vertices[e]
                if v != c and state.sf_land_vertex[v] and v not in corners
            ),
            None,
        )
        if stick is not None:
            break
    stick_edge, home = stick
    put(state, 0, settlements=[home], ships=[stick_edge, *ring])
    assert stick_edge not in movable_ships(state, 0)
    moves = {a["from"] for a in state.legal_actions() if a["type"] == "move_ship"}
    assert stick_edge not in moves
