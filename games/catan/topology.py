"""Board geometry of the 19-hex island, computed once at import and shared by every state.

Ids (documented for bots, see ``static_board()``):

* hexes ``0..18`` in reading order: rows top to bottom (3, 4, 5, 4, 3 hexes), left to right;
* intersections (vertices) ``0..53`` sorted by screen position (top to bottom, then left to right);
* paths (edges) ``0..71`` sorted by their two vertex ids;
* harbours ``0..8`` clockwise from the top-left, each serving the two vertices of one coastal path.

Hexes are pointy-top; axial coordinates ``(q, r)`` with ``r`` growing downwards. A hex centre is at
``x = 2q + r``, ``y = 3r`` (units of sqrt(3)/2 and 1/2 of the side), so every corner is an integer
point and vertices are found by exact equality.

Rules: BG-COMP-01, BG-BOARD-05, BG-BOARD-06, BG-BOARD-07 (M-BG-03, M-BG-04 filled as data).
"""

from __future__ import annotations

import math
from typing import Any

_CORNERS = ((0, -2), (1, -1), (1, 1), (0, 2), (-1, 1), (-1, -1))
_AXIAL_DIRECTIONS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))

HEX_COORDS: tuple[tuple[int, int], ...] = tuple(
    sorted(
        ((q, r) for r in range(-2, 3) for q in range(-2, 3) if abs(q + r) <= 2),
        key=lambda c: (c[1], c[0]),
    )
)
HEX_OF_COORD = {c: i for i, c in enumerate(HEX_COORDS)}
NUM_HEXES = len(HEX_COORDS)


def _hex_center(q: int, r: int) -> tuple[int, int]:
    return 2 * q + r, 3 * r


_corner_points = []
for _q, _r in HEX_COORDS:
    _cx, _cy = _hex_center(_q, _r)
    _corner_points.append([(_cx + dx, _cy + dy) for dx, dy in _CORNERS])
_all_points = sorted({p for pts in _corner_points for p in pts}, key=lambda p: (p[1], p[0]))
VERTEX_POINTS: tuple[tuple[int, int], ...] = tuple(_all_points)
_VERTEX_OF_POINT = {p: i for i, p in enumerate(VERTEX_POINTS)}
NUM_VERTICES = len(VERTEX_POINTS)

HEX_VERTICES: tuple[tuple[int, ...], ...] = tuple(
    tuple(_VERTEX_OF_POINT[p] for p in pts) for pts in _corner_points
)
"""The 6 corners of each hex, clockwise from the top."""

_edge_pairs = sorted(
    {tuple(sorted((hv[i], hv[(i + 1) % 6]))) for hv in HEX_VERTICES for i in range(6)}
)
EDGE_VERTICES: tuple[tuple[int, int], ...] = tuple((a, b) for a, b in _edge_pairs)
NUM_EDGES = len(EDGE_VERTICES)
EDGE_OF_PAIR = {pair: i for i, pair in enumerate(EDGE_VERTICES)}
for _i, (_a, _b) in enumerate(EDGE_VERTICES):
    EDGE_OF_PAIR[(_b, _a)] = _i

VERTEX_HEXES: tuple[tuple[int, ...], ...] = tuple(
    tuple(h for h in range(NUM_HEXES) if v in HEX_VERTICES[h]) for v in range(NUM_VERTICES)
)
VERTEX_EDGES: tuple[tuple[int, ...], ...] = tuple(
    tuple(e for e in range(NUM_EDGES) if v in EDGE_VERTICES[e]) for v in range(NUM_VERTICES)
)
VERTEX_NEIGHBORS: tuple[tuple[int, ...], ...] = tuple(
    tuple(sorted(a if b == v else b for a, b in (EDGE_VERTICES[e] for e in VERTEX_EDGES[v])))
    for v in range(NUM_VERTICES)
)
VERTEX_LINKS: tuple[tuple[tuple[int, int, int], ...], ...] = tuple(
    tuple((e, 1 << e, a if b == v else b) for e in VERTEX_EDGES[v] for a, b in (EDGE_VERTICES[e],))
    for v in range(NUM_VERTICES)
)
"""``(edge, 1 << edge, other end)`` for each path at a vertex (for trail searches)."""
EDGE_HEXES: tuple[tuple[int, ...], ...] = tuple(
    tuple(sorted(set(VERTEX_HEXES[a]) & set(VERTEX_HEXES[b]))) for a, b in EDGE_VERTICES
)
HEX_NEIGHBORS: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        sorted(
            HEX_OF_COORD[(q + dq, r + dr)]
            for dq, dr in _AXIAL_DIRECTIONS
            if (q + dq, r + dr) in HEX_OF_COORD
        )
    )
    for q, r in HEX_COORDS
)

COASTAL_EDGES: tuple[int, ...] = ()
"""The 30 sea-facing paths, clockwise from the top-left corner hex's upper-left side."""


def _screen_angle(x: float, y: float) -> float:
    """Angle of a point seen from the island centre, counter-clockwise on screen (y down)."""
    return math.atan2(-y * 0.5, x * math.sqrt(3) / 2)


def _coastal_edges_clockwise() -> tuple[int, ...]:
    coastal = [e for e in range(NUM_EDGES) if len(EDGE_HEXES[e]) == 1]

    def clockwise_key(e: int) -> float:
        (ax, ay), (bx, by) = (VERTEX_POINTS[v] for v in EDGE_VERTICES[e])
        angle = _screen_angle((ax + bx) / 2, (ay + by) / 2)
        # Clockwise from the upper-left (screen angle 150°, the top-left hex's outer side).
        return (math.radians(150) - angle) % (2 * math.pi)

    return tuple(sorted(coastal, key=clockwise_key))


COASTAL_EDGES = _coastal_edges_clockwise()

HARBOR_EDGE_SLOTS = (0, 3, 6, 10, 13, 16, 20, 23, 26)
"""Positions of the 9 harbours among the 30 coastal paths (gaps 3, 3, 4 three times round)."""
HARBOR_EDGES: tuple[int, ...] = tuple(COASTAL_EDGES[i] for i in HARBOR_EDGE_SLOTS)
HARBOR_VERTICES: tuple[tuple[int, int], ...] = tuple(EDGE_VERTICES[e] for e in HARBOR_EDGES)

CORNER_HEXES: tuple[int, ...] = tuple(
    HEX_OF_COORD[(2 * dq, 2 * dr)] for dq, dr in _AXIAL_DIRECTIONS
)
"""The 6 corner hexes of the outer ring (where the token spiral may start), in id order below."""
CORNER_HEXES = tuple(sorted(CORNER_HEXES))


def _ring_counterclockwise(ring: list[int], start: int) -> list[int]:
    def key(h: int) -> float:
        x, y = _hex_center(*HEX_COORDS[h])
        sx, sy = _hex_center(*HEX_COORDS[start])
        return (_screen_angle(x, y) - _screen_angle(sx, sy)) % (2 * math.pi)

    return sorted(ring, key=key)


def spiral_from_corner(corner: int) -> tuple[int, ...]:
    """The 19 hexes in token order: outer ring counter-clockwise from ``corner``, then inward.

    Rules: BG-BOARD-04.
    """
    q, r = HEX_COORDS[corner]
    outer = [h for h, (hq, hr) in enumerate(HEX_COORDS) if max(abs(hq), abs(hr), abs(hq + hr)) == 2]
    inner = [h for h, (hq, hr) in enumerate(HEX_COORDS) if max(abs(hq), abs(hr), abs(hq + hr)) == 1]
    inner_start = HEX_OF_COORD[(q // 2, r // 2)]
    center = HEX_OF_COORD[(0, 0)]
    return (
        tuple(_ring_counterclockwise(outer, corner))
        + tuple(_ring_counterclockwise(inner, inner_start))
        + (center,)
    )


SPIRALS: dict[int, tuple[int, ...]] = {c: spiral_from_corner(c) for c in CORNER_HEXES}


def static_board() -> dict[str, Any]:
    """The geometry every observation refers to by id (sent once, not per decision)."""
    return {
        "hex_coords": [list(c) for c in HEX_COORDS],
        "hex_vertices": [list(v) for v in HEX_VERTICES],
        "vertex_points": [list(p) for p in VERTEX_POINTS],
        "vertex_hexes": [list(h) for h in VERTEX_HEXES],
        "vertex_neighbors": [list(n) for n in VERTEX_NEIGHBORS],
        "vertex_edges": [list(e) for e in VERTEX_EDGES],
        "edge_vertices": [list(v) for v in EDGE_VERTICES],
        "harbor_edges": list(HARBOR_EDGES),
        "harbor_vertices": [list(v) for v in HARBOR_VERTICES],
    }


assert NUM_HEXES == 19 and NUM_VERTICES == 54 and NUM_EDGES == 72 and len(COASTAL_EDGES) == 30
