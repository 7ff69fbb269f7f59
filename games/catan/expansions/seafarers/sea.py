"""The sea and the islands of a Seafarers board: which paths take ships or roads, which
intersections take buildings, and which land hexes form one island (an area).

Tables are derived from the state's terrains (fog places turn into land or sea when discovered),
so they are rebuilt with the state's caches (the ``rebuild`` hook), never stored; states with the
same board and terrains share them (never changed in place).

* A **ship path** (SF-SH-01, SF-GE-02) has a sea hex on at least one side and is not on or inside
  the frame: both of its sides are hexes, and not both are frame hexes.
* A **road path** has a land hex (not sea, not an undiscovered fog place) on at least one side.
* A **land intersection** touches a land hex; only there may a settlement stand.
* An **area** is a group of land hexes joined side to side that carry the same zone tag of the
  layout (``sites["zones"]``; untagged hexes group among themselves): the main island, the
  Through the Desert strip, each small island.
* **Fog left** (``sf_fog``): the intersections of the undiscovered fog places, a frozenset, so a
  new piece touches one (SF-FI-04) when one of its ends is in it; empty (false) on every map but
  Fog Islands, and there once all are turned up.

Rules: SF-GE-02, SF-SH-01, SF-SH-03.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from games.catan.board_memo import BoardMemo

NOT_LAND = frozenset({"sea", "fog"})
"""Terrains that are no land: the sea and a fog place not yet discovered."""


def is_land(terrain: str) -> bool:
    return terrain not in NOT_LAND


@cache
def zone_of_hex(board: Any) -> tuple[str | None, ...]:
    """Each hex's zone tag (the layout's ``sites["zones"]``), or None. Kept per board: the
    areas are found again at each fog discovery."""
    zones: list[str | None] = [None] * board.num_hexes
    for tag, hexes in board.sites.get("zones", {}).items():
        for h in hexes:
            zones[h] = tag
    return tuple(zones)


def build_tables(state: Any, changed: int = -1) -> None:
    """Set the derived tables on ``state`` from its terrains (``sf_*`` attributes).

    The tables depend only on the board and its terrains, so they are made once per board and
    terrains (every new game, every load and every fog discovery asks again) and shared between
    states: they are never changed in place, only replaced. ``changed``: the one hex whose
    terrain changed since the state's last tables (a fog discovery): if so (the terrains the
    state's tables were made for, ``sf_sea_terrains``, differ there only), new tables are made
    from those by the paths and intersections at that hex alone."""
    board, terrains = state.board, tuple(state.terrains)
    kept = _TABLES.of(board)
    tables = kept.get(terrains)
    if tables is None:
        before = getattr(state, "sf_sea_terrains", None) if changed >= 0 else None
        if (
            before is not None
            and len(before) == len(terrains)
            and before[:changed] == terrains[:changed]
            and before[changed + 1 :] == terrains[changed + 1 :]
        ):
            tables = _tables_after(board, terrains, changed, _state_tables(state))
        else:
            tables = _tables(board, terrains)
        kept[terrains] = tables
    state.sf_sea_terrains = terrains
    (
        state.sf_ship_path,
        state.sf_land_vertex,
        state.sf_no_road,
        state.sf_area,
        state.sf_hex_sides,
        state.sf_fog,
    ) = tables


_TABLES = BoardMemo(256)
"""Per board: its sea tables per terrains (256 terrain layouts at most)."""


def _tables(board: Any, terrains: tuple[str, ...]) -> tuple[Any, ...]:
    framed, hex_sides = _board_tables(board)
    land = [t not in NOT_LAND for t in terrains]
    sea = [t == "sea" for t in terrains]
    is_sea, is_land_hex = sea.__getitem__, land.__getitem__  # any(map(...)): no frame per path
    ship_path = [
        not framed[e] and any(map(is_sea, hexes)) for e, hexes in enumerate(board.edge_hexes)
    ]
    return (
        ship_path,
        [any(map(is_land_hex, hexes)) for hexes in board.vertex_hexes],
        frozenset(
            [e for e, hexes in enumerate(board.edge_hexes) if not any(map(is_land_hex, hexes))]
        ),
        areas(board, land),
        hex_sides,
        frozenset([v for h, t in enumerate(terrains) if t == "fog" for v in board.hex_vertices[h]]),
    )


def _state_tables(state: Any) -> tuple[Any, ...]:
    return (
        state.sf_ship_path,
        state.sf_land_vertex,
        state.sf_no_road,
        state.sf_area,
        state.sf_hex_sides,
        state.sf_fog,
    )


def _tables_after(
    board: Any, terrains: tuple[str, ...], h: int, before: tuple[Any, ...]
) -> tuple[Any, ...]:
    """:func:`_tables` of ``terrains`` from ``before`` (those of the same terrains but at hex
    ``h``): only ``h``'s six paths and six intersections may read differently (the areas are
    found again when ``h`` became land or stopped being land: a new land hex may join two)."""
    framed = _board_tables(board)[0]
    ship_path, land_vertex, no_road = list(before[0]), list(before[1]), set(before[2])
    edge_hexes, vertex_hexes = board.edge_hexes, board.vertex_hexes
    for e in before[4][h]:
        hexes = edge_hexes[e]
        ship_path[e] = not framed[e] and any(terrains[g] == "sea" for g in hexes)
        if any(terrains[g] not in NOT_LAND for g in hexes):
            no_road.discard(e)
        else:
            no_road.add(e)
    fog = set(before[5])
    for v in board.hex_vertices[h]:
        land_vertex[v] = any(terrains[g] not in NOT_LAND for g in vertex_hexes[v])
        if any(terrains[g] == "fog" for g in vertex_hexes[v]):
            fog.add(v)
        else:
            fog.discard(v)
    area = before[3]
    if (terrains[h] not in NOT_LAND) != (area[h] != -1):  # the land changed: areas may join
        area = areas(board, [t not in NOT_LAND for t in terrains])
    return ship_path, land_vertex, frozenset(no_road), area, before[4], frozenset(fog)


@cache
def _board_tables(board: Any) -> tuple[list[bool], list[tuple[int, ...]]]:
    """What depends on the board alone: the paths that never take a ship (a single side, or
    both sides frame hexes) and each hex's six paths. Kept per board (as :func:`zone_of_hex`;
    boards hash by identity, and the cache keeps them alive)."""
    frame = set(board.sites.get("frame", ()))
    framed = [len(hexes) != 2 or all(h in frame for h in hexes) for hexes in board.edge_hexes]
    hex_sides = [
        tuple(board.edge_of_pair[(c[i], c[(i + 1) % 6])] for i in range(6))
        for c in board.hex_vertices
    ]
    return framed, hex_sides


def areas(board: Any, land: list[bool]) -> list[int]:
    """Each hex's area id (-1 for no land): land hexes joined side to side with the same zone."""
    zones = zone_of_hex(board)
    area = [-1] * board.num_hexes
    count = 0
    for start in range(board.num_hexes):
        if not land[start] or area[start] != -1:
            continue
        area[start] = count
        todo = [start]
        while todo:
            h = todo.pop()
            for g in board.hex_neighbors[h]:
                if land[g] and area[g] == -1 and zones[g] == zones[start]:
                    area[g] = count
                    todo.append(g)
        count += 1
    return area


def vertex_areas(state: Any, v: int) -> list[int]:
    """The areas whose hexes touch intersection ``v`` (sorted, no repeats)."""
    area = state.sf_area
    return sorted({area[h] for h in state.board.vertex_hexes[v] if area[h] != -1})
