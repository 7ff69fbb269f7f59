"""Positions of Seafarers games for the rule tests: a laid map, a cleared board, pieces put
directly, and places found on the map (a coast, a line of ship paths)."""

from __future__ import annotations

import random
from typing import Any

from games.catan import GAME
from games.catan.state import CatanState
from games.common.api import CHANCE
from tests.games.catan.fixtures import found_at_random, lift_pieces
from tests.games.catan.fixtures import put as put_land


def laid(seafarers: str = "new_shores", n: int = 4, seed: int = 1) -> CatanState:
    """A new game with its board laid (harbours shuffled): the first seat to found."""
    state = GAME.new_game(n, seed, {"seafarers": seafarers})
    rng = random.Random(seed)
    while state.phase != "setup_settlement":
        state.apply(state.sample_chance(rng))
    return state


def founded(seafarers: str = "new_shores", n: int = 4, seed: int = 1) -> CatanState:
    """The founding played by seeded random choices; the first player before the roll."""
    state = laid(seafarers, n, seed)
    rng = random.Random(seed)
    found_at_random(state, rng)
    return state


def cleared(seafarers: str = "new_shores", n: int = 4, seed: int = 1) -> CatanState:
    """A founded map with every piece lifted and empty hands; seat 0 in its main phase."""
    state = founded(seafarers, n, seed)
    lift_pieces(state)
    state.ship_owner = [-1] * state.board.num_edges
    state.ships_left = [15] * n
    state.island_marks = [[] for _ in range(n)]
    state.dev_hand = [[0] * 5 for _ in range(n)]
    state.dev_new = [[0] * 5 for _ in range(n)]
    state.largest_army = -1
    state.turn_player = 0
    state.rolled = True
    state.ships_new = []
    state.ship_moved = False
    state._set_phase("main", 0)
    state._rebuild_derived()
    state.vp_dirty = True
    return state


def put(state: CatanState, seat: int, settlements=(), cities=(), roads=(), ships=()) -> None:
    """Place pieces directly (no cost) and refresh the derived tables and the trails."""
    for e in ships:
        state.ship_owner[e] = seat
        state.ships_left[seat] -= 1
    put_land(state, seat, settlements, cities, roads)
    state.recount_trails()


def zone_hexes(state: CatanState, zone: str) -> set[int]:
    return set(state.board.sites["zones"][zone])


def coast(state: CatanState, hexes: set[int] | None = None) -> int:
    """A land intersection (of ``hexes``, if given) with a ship path and a road path at it."""
    b = state.board
    for v in range(b.num_vertices):
        if not state.sf_land_vertex[v]:
            continue
        if hexes is not None and not set(b.vertex_hexes[v]) & hexes:
            continue
        edges = b.vertex_edges[v]
        if any(state.sf_ship_path[e] for e in edges) and any(
            e not in state.sf_no_road for e in edges
        ):
            return v
    raise AssertionError("no coast")


def sea_line(
    state: CatanState, start: int, length: int, avoid: Any = frozenset(), land_free: bool = False
) -> list[int]:
    """``length`` ship paths in a line from ``start`` (with ``land_free``, inner intersections
    touch no land), avoiding the pirate's sides and ``avoid``."""
    b = state.board
    from games.catan.expansions.seafarers.ships import pirate_sides

    blocked = set(pirate_sides(state)) | set(avoid)
    path: list[int] = []

    def grow(v: int, used: set[int]) -> bool:
        if len(path) == length:
            return True
        for e in b.vertex_edges[v]:
            if not state.sf_ship_path[e] or e in used or e in blocked:
                continue
            a, c = b.edge_vertices[e]
            w = c if a == v else a
            if land_free and len(path) < length - 1 and state.sf_land_vertex[w]:
                continue
            if any(w in b.edge_vertices[f] for f in path) or w == start:
                continue
            path.append(e)
            if grow(w, used | {e}):
                return True
            path.pop()
        return False

    if not grow(start, set()):
        raise AssertionError("no sea line")
    return list(path)


def other_end(state: CatanState, e: int, v: int) -> int:
    a, b = state.board.edge_vertices[e]
    return b if a == v else a


def line_end(state: CatanState, start: int, line: list[int]) -> int:
    v = start
    for e in line:
        v = other_end(state, e, v)
    return v


def types(state: CatanState) -> set[str]:
    return {a["type"] for a in state.legal_actions()}


def edges_of(state: CatanState, kind: str) -> set[int]:
    return {a["edge"] for a in state.legal_actions() if a["type"] == kind}


def set_hand(state: CatanState, seat: int, **counts: int) -> None:
    from tests.games.catan.fixtures import set_hand as base_set_hand

    base_set_hand(state, seat, **counts)


def play_to(state: CatanState, phase: str, rng: Any = None) -> None:
    """Apply chance outcomes (seeded) until ``phase``."""
    rng = rng or random.Random(0)
    while state.phase != phase:
        assert state.current_player() == CHANCE, state.phase
        state.apply(state.sample_chance(rng))
