"""Board geometry built from a set of hexes: ids, adjacency and screen points of any island.

A :class:`Geometry` is computed once per shape (the hexes' coordinates and the harbours' frame
positions, see :func:`geometry`) and shared, read-only, by every board and state that uses it.
The base game's 19-hex island is one shape among any (``data/layouts/base_*.json``); a scenario's
board with river or castle hexes, fishing grounds on the frame or Seafarers' sea is another.

Ids (documented for bots, sent once in ``start`` as ``static``, see :meth:`Geometry.static`):

* hexes ``0..H-1`` in the order the layout lists them (the base island: reading order, rows of
  3, 4, 5, 4, 3);
* intersections (vertices) ``0..V-1`` sorted by screen position (top to bottom, then left to
  right);
* paths (edges) ``0..E-1`` sorted by their two vertex ids;
* harbours ``0..`` in the layout's order (the base island: clockwise from the top-left), each
  serving the two vertices of one coastal path.

A shape may also have **hubs**: an intersection at a hex's centre joined by paths to some of its
corners (the plazas of the Traders & Barbarians trade hexes). A hub is a vertex and its spokes are
paths like any other (ids sorted in with the rest); the base island has none.

Hexes are pointy-top; axial coordinates ``(q, r)`` with ``r`` growing downwards. A hex centre is at
``x = 2q + r``, ``y = 3r`` (units of sqrt(3)/2 and 1/2 of the side), so every corner is an integer
point and vertices are found by exact equality. A hex's corners are listed clockwise from the top
(``CORNER_OFFSETS``); its side ``i`` joins corners ``i`` and ``i + 1``.

Rules: BG-COMP-01, BG-BOARD-05, BG-BOARD-06, BG-BOARD-07 (M-BG-03, M-BG-04 filled as data).
"""

from __future__ import annotations

import math
from functools import cache
from typing import Any

CORNER_OFFSETS = ((0, -2), (1, -1), (1, 1), (0, 2), (-1, 1), (-1, -1))
"""A hex's 6 corners relative to its centre, clockwise from the top."""
AXIAL_DIRECTIONS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))

Coord = tuple[int, int]


def hex_center(q: int, r: int) -> tuple[int, int]:
    return 2 * q + r, 3 * r


def _screen_angle(x: float, y: float) -> float:
    """Angle of a point seen from the origin, counter-clockwise on screen (y down)."""
    return math.atan2(-y * 0.5, x * math.sqrt(3) / 2)


class Geometry:
    """Every table of one board shape, as tuples (ids in the module docstring).

    Attributes: ``hex_coords``, ``hex_of_coord``, ``num_hexes``, ``vertex_points``,
    ``num_vertices``, ``hex_vertices`` (6 corners, clockwise from the top), ``edge_vertices``,
    ``num_edges``, ``edge_of_pair`` (both orders), ``vertex_hexes``, ``vertex_edges``,
    ``vertex_neighbors``, ``vertex_links`` (``(edge, 1 << edge, other end)`` per path at a
    vertex, for trail searches), ``edge_hexes``, ``hex_neighbors``, ``coastal_edges`` (paths on
    one hex only), ``harbor_edges``, ``harbor_vertices``.
    """

    __slots__ = (
        "coastal_edges",
        "edge_hexes",
        "edge_of_pair",
        "edge_vertices",
        "harbor_edges",
        "harbor_vertices",
        "hex_coords",
        "hex_neighbors",
        "hex_of_coord",
        "hex_vertices",
        "num_edges",
        "num_hexes",
        "num_vertices",
        "vertex_edges",
        "vertex_hexes",
        "vertex_links",
        "vertex_neighbors",
        "vertex_points",
    )

    def __init__(
        self,
        hexes: tuple[Coord, ...],
        harbors: tuple[tuple[int, int], ...],
        hubs: tuple[tuple[int, tuple[int, ...]], ...] = (),
    ) -> None:
        if len(set(hexes)) != len(hexes):
            raise ValueError("a layout lists a hex twice")
        self.hex_coords = hexes
        self.hex_of_coord = {c: i for i, c in enumerate(hexes)}
        self.num_hexes = len(hexes)
        corner_points = []
        for q, r in hexes:
            cx, cy = hex_center(q, r)
            corner_points.append([(cx + dx, cy + dy) for dx, dy in CORNER_OFFSETS])
        hub_points = {h: hex_center(*hexes[h]) for h, _ in hubs}
        points = sorted(
            {p for pts in corner_points for p in pts} | set(hub_points.values()),
            key=lambda p: (p[1], p[0]),
        )
        self.vertex_points: tuple[tuple[int, int], ...] = tuple(points)
        vertex_of_point = {p: i for i, p in enumerate(points)}
        self.num_vertices = len(points)
        self.hex_vertices: tuple[tuple[int, ...], ...] = tuple(
            tuple(vertex_of_point[p] for p in pts) for pts in corner_points
        )
        spokes = {
            tuple(sorted((vertex_of_point[hub_points[h]], self.hex_vertices[h][c])))
            for h, corners in hubs
            for c in corners
        }
        pairs = sorted(
            {tuple(sorted((hv[i], hv[(i + 1) % 6]))) for hv in self.hex_vertices for i in range(6)}
            | spokes
        )
        self.edge_vertices: tuple[tuple[int, int], ...] = tuple((a, b) for a, b in pairs)
        self.num_edges = len(pairs)
        edge_of_pair: dict[tuple[int, int], int] = {}
        for i, (a, b) in enumerate(self.edge_vertices):
            edge_of_pair[(a, b)] = edge_of_pair[(b, a)] = i
        self.edge_of_pair = edge_of_pair
        vertex_hexes: list[list[int]] = [[] for _ in points]
        for h, hv in enumerate(self.hex_vertices):
            for v in hv:
                vertex_hexes[v].append(h)
        for h, point in hub_points.items():
            vertex_hexes[vertex_of_point[point]].append(h)
        self.vertex_hexes: tuple[tuple[int, ...], ...] = tuple(map(tuple, vertex_hexes))
        vertex_edges: list[list[int]] = [[] for _ in points]
        for e, (a, b) in enumerate(self.edge_vertices):
            vertex_edges[a].append(e)
            vertex_edges[b].append(e)
        self.vertex_edges: tuple[tuple[int, ...], ...] = tuple(map(tuple, vertex_edges))
        ev = self.edge_vertices
        self.vertex_neighbors: tuple[tuple[int, ...], ...] = tuple(
            tuple(sorted(a if b == v else b for a, b in (ev[e] for e in self.vertex_edges[v])))
            for v in range(self.num_vertices)
        )
        self.vertex_links: tuple[tuple[tuple[int, int, int], ...], ...] = tuple(
            tuple(
                (e, 1 << e, a if b == v else b) for e in self.vertex_edges[v] for a, b in (ev[e],)
            )
            for v in range(self.num_vertices)
        )
        self.edge_hexes: tuple[tuple[int, ...], ...] = tuple(
            tuple(sorted(set(self.vertex_hexes[a]) & set(self.vertex_hexes[b]))) for a, b in ev
        )
        self.hex_neighbors: tuple[tuple[int, ...], ...] = tuple(
            tuple(
                sorted(
                    self.hex_of_coord[(q + dq, r + dr)]
                    for dq, dr in AXIAL_DIRECTIONS
                    if (q + dq, r + dr) in self.hex_of_coord
                )
            )
            for q, r in hexes
        )
        self.coastal_edges: tuple[int, ...] = tuple(
            e
            for e in range(self.num_edges)
            if len(self.edge_hexes[e]) == 1 and self.edge_vertices[e] not in spokes
        )
        harbor_edges = []
        for h, side in harbors:
            corners = self.hex_vertices[h]
            harbor_edges.append(self.edge_of_pair[(corners[side], corners[(side + 1) % 6])])
        self.harbor_edges: tuple[int, ...] = tuple(harbor_edges)
        self.harbor_vertices: tuple[tuple[int, int], ...] = tuple(ev[e] for e in harbor_edges)

    def ring(self, radius: int) -> list[int]:
        """The hexes at ``radius`` steps from the centre hex ``(0, 0)``, in id order."""
        return [
            h
            for h, (q, r) in enumerate(self.hex_coords)
            if max(abs(q), abs(r), abs(q + r)) == radius
        ]

    def corner_hexes(self, radius: int) -> tuple[int, ...]:
        """The 6 corner hexes of the ring at ``radius`` (where a token spiral may start)."""
        return tuple(
            sorted(self.hex_of_coord[(radius * dq, radius * dr)] for dq, dr in AXIAL_DIRECTIONS)
        )

    def spiral_from_corner(self, corner: int) -> tuple[int, ...]:
        """Every hex of a hexagonal island in token order: the outer ring counter-clockwise from
        ``corner``, then each inner ring from the corner inward of the last start, then the centre.

        Rules: BG-BOARD-04.
        """
        q, r = self.hex_coords[corner]
        radius = max(abs(q), abs(r), abs(q + r))
        order: list[int] = []
        for k in range(radius, 0, -1):
            start = self.hex_of_coord[(q * k // radius, r * k // radius)]
            sx, sy = hex_center(*self.hex_coords[start])
            start_angle = _screen_angle(sx, sy)

            def key(h: int, start_angle: float = start_angle) -> float:
                x, y = hex_center(*self.hex_coords[h])
                return (_screen_angle(x, y) - start_angle) % (2 * math.pi)

            order.extend(sorted(self.ring(k), key=key))
        return (*order, self.hex_of_coord[(0, 0)])

    def static(self) -> dict[str, Any]:
        """The geometry every observation refers to by id (sent once, not per decision)."""
        return {
            "hex_coords": [list(c) for c in self.hex_coords],
            "hex_vertices": [list(v) for v in self.hex_vertices],
            "vertex_points": [list(p) for p in self.vertex_points],
            "vertex_hexes": [list(h) for h in self.vertex_hexes],
            "vertex_neighbors": [list(n) for n in self.vertex_neighbors],
            "vertex_edges": [list(e) for e in self.vertex_edges],
            "edge_vertices": [list(v) for v in self.edge_vertices],
            "harbor_edges": list(self.harbor_edges),
            "harbor_vertices": [list(v) for v in self.harbor_vertices],
        }


def geometry(
    hexes: tuple[Coord, ...],
    harbors: tuple[tuple[int, int], ...],
    hubs: tuple[tuple[int, tuple[int, ...]], ...] = (),
) -> Geometry:
    """The geometry of a shape, built once per process and shared (``harbors``: (hex id, side);
    ``hubs``: (hex id, corners joined to its centre))."""
    return _geometry(hexes, harbors, hubs)


@cache
def _geometry(
    hexes: tuple[Coord, ...],
    harbors: tuple[tuple[int, int], ...],
    hubs: tuple[tuple[int, tuple[int, ...]], ...],
) -> Geometry:
    return Geometry(hexes, harbors, hubs)
