"""The board geometry's tables, checked against the hexes' corners worked out here (BG-BOARD-05..07,
TB-TH-01). Each test builds its :class:`Geometry` itself from the layout file, not through the
process-wide cache (issue 11: a geometry read from the cache was built by whichever test came
first, so mutation testing would not see these tests reach ``Geometry.__init__``)."""

from __future__ import annotations

import json
from itertools import pairwise

from games.catan.board import LAYOUT_DIR, PLUGIN_LAYOUT_DIRS
from games.catan.topology import CORNER_OFFSETS, Geometry, hex_center


def _layout(path) -> dict:
    with path.open(encoding="utf-8") as f:
        return json.load(f)


def _shape(layout: dict) -> Geometry:
    hexes = tuple((q, r) for q, r in layout["hexes"])
    harbors = tuple((h["hex"], h["side"]) for h in layout["harbors"])
    hubs = tuple((h["hex"], tuple(h["corners"])) for h in layout.get("hubs", ()))
    return Geometry(hexes, harbors, hubs)


def _corners(layout: dict) -> list[list[tuple[int, int]]]:
    """Each hex's 6 corner points, clockwise from the top."""
    out = []
    for q, r in layout["hexes"]:
        cx, cy = hex_center(q, r)
        out.append([(cx + dx, cy + dy) for dx, dy in CORNER_OFFSETS])
    return out


def _sides(corners: list[list[tuple[int, int]]]) -> set[frozenset]:
    return {frozenset((pts[i], pts[(i + 1) % 6])) for pts in corners for i in range(6)}


BASE = LAYOUT_DIR / "base_variable.json"
TRADERS = PLUGIN_LAYOUT_DIRS / "traders_barbarians" / "layouts" / "traders_barbarians.json"


def test_bg_board_05_intersections_are_the_hex_corners_in_screen_order() -> None:
    """BG-BOARD-05: the base island's 54 intersections are its hexes' corners, numbered top to
    bottom then left to right (the ids bots read); each touches the hexes it is a corner of:
    3 inland, 1 or 2 on the coast."""
    layout = _layout(BASE)
    g = _shape(layout)
    corners = _corners(layout)
    points = sorted({p for pts in corners for p in pts}, key=lambda p: (p[1], p[0]))
    assert len(points) == 54 and g.num_vertices == 54
    assert g.vertex_points == tuple(points)
    for h, pts in enumerate(corners):
        assert [g.vertex_points[v] for v in g.hex_vertices[h]] == pts
    touching = [tuple(h for h, pts in enumerate(corners) if p in pts) for p in points]
    assert g.vertex_hexes == tuple(touching)
    assert sorted(map(len, touching)) == [1] * 18 + [2] * 12 + [3] * 24


def test_bg_board_06_a_path_joins_two_intersections_between_its_hexes() -> None:
    """BG-BOARD-06: the base island's 72 paths are its hexes' sides, each joining two
    intersections (the neighbours of an intersection are the far ends of its 2 or 3 paths) and
    bordering the 1 or 2 hexes it is a side of; hexes sharing a side are neighbours."""
    layout = _layout(BASE)
    g = _shape(layout)
    corners = _corners(layout)
    vertex_of = {p: v for v, p in enumerate(g.vertex_points)}
    sides = sorted(tuple(sorted(vertex_of[p] for p in side)) for side in _sides(corners))
    assert len(sides) == 72 and g.num_edges == 72
    assert g.edge_vertices == tuple(sides)
    for e, (a, b) in enumerate(sides):
        assert g.edge_of_pair[(a, b)] == g.edge_of_pair[(b, a)] == e
        between = {g.vertex_points[a], g.vertex_points[b]}
        assert g.edge_hexes[e] == tuple(h for h, pts in enumerate(corners) if between <= set(pts))
    for v in range(g.num_vertices):
        ends = sorted(b if a == v else a for a, b in sides if v in (a, b))
        assert g.vertex_neighbors[v] == tuple(ends) and len(ends) in (2, 3)
        assert g.vertex_edges[v] == tuple(e for e, pair in enumerate(sides) if v in pair)
        assert [other for _, _, other in g.vertex_links[v]] == [
            b if a == v else a for a, b in (sides[e] for e in g.vertex_edges[v])
        ]
    for h in range(g.num_hexes):
        shared = {k for e in range(72) if h in g.edge_hexes[e] for k in g.edge_hexes[e]} - {h}
        assert g.hex_neighbors[h] == tuple(sorted(shared))
    centre = g.hex_of_coord[(0, 0)]
    assert len(g.hex_neighbors[centre]) == 6
    assert sorted(map(len, g.hex_neighbors)) == [3] * 6 + [4] * 6 + [6] * 7


def test_bg_board_07_the_coast_and_its_nine_harbours() -> None:
    """BG-BOARD-07: the coastal paths are those beside one hex only (30 on the base island);
    each of the 9 harbours lies on the coastal side the layout names, serving its 2 ends."""
    layout = _layout(BASE)
    g = _shape(layout)
    assert g.coastal_edges == tuple(e for e in range(g.num_edges) if len(g.edge_hexes[e]) == 1)
    assert len(g.coastal_edges) == 30
    expected = []
    for harbor in layout["harbors"]:
        hv, side = g.hex_vertices[harbor["hex"]], harbor["side"]
        expected.append(g.edge_of_pair[(hv[side], hv[(side + 1) % 6])])
    assert g.harbor_edges == tuple(expected) and len(expected) == 9
    assert set(expected) <= set(g.coastal_edges)
    assert g.harbor_vertices == tuple(g.edge_vertices[e] for e in expected)


def test_tb_th_01_a_plaza_is_an_intersection_at_the_hex_centre_joined_to_its_land_corners() -> None:
    """TB-TH-01: each trade hex has a plaza, an intersection at its centre, reached by paths
    from the corners the layout names (4 each); the plaza touches its own hex only, and its
    paths lie inside the hex (not on the coast)."""
    layout = _layout(TRADERS)
    g = _shape(layout)
    assert len(layout["hubs"]) == 3
    assert g.num_vertices == 54 + 3 and g.num_edges == 72 + 3 * 4
    spokes = set()
    for hub in layout["hubs"]:
        h = hub["hex"]
        plaza = g.vertex_points.index(hex_center(*layout["hexes"][h]))
        ends = sorted(g.hex_vertices[h][c] for c in hub["corners"])
        assert len(ends) == 4
        assert g.vertex_hexes[plaza] == (h,)
        assert g.vertex_neighbors[plaza] == tuple(ends)
        for v in ends:
            e = g.edge_of_pair[(plaza, v)]
            assert g.edge_hexes[e] == (h,)
            assert plaza in g.vertex_neighbors[v]
            spokes.add(e)
    one_hex = {e for e in range(g.num_edges) if len(g.edge_hexes[e]) == 1}
    assert set(g.coastal_edges) == one_hex - spokes
    assert len(g.coastal_edges) == 30
    assert all(b - a > 0 for a, b in pairwise(g.coastal_edges))
