"""The token spiral of a hexagonal island (BG-BOARD-04: from a corner of the island,
counter-clockwise, ring by ring inward) and a layout's shape checked when its geometry is
built. Geometries are built inside the tests (issue 11: one built while the tests are
collected would be the one every mutant of the geometry code meets)."""

from __future__ import annotations

import re

import pytest

from games.catan.board import board
from games.catan.topology import geometry, hex_center


def _distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return max(abs(dq), abs(dr), abs(dq + dr))


def test_bg_board_04_the_spiral_runs_counter_clockwise_from_each_corner_inward() -> None:
    """BG-BOARD-04: from each of the base island's 6 corners, the 19 hexes once each: the outer
    ring of 12 from that corner, each next hex beside the last and counter-clockwise on screen
    (y down), then the inner ring of 6 from the hex inward of the corner, then the centre."""
    shape = board("base_beginner").geometry
    corners = shape.corner_hexes(2)
    assert len(corners) == 6
    coords = shape.hex_coords
    for corner in corners:
        order = shape.spiral_from_corner(corner)
        assert sorted(order) == list(range(19))
        assert order[0] == corner and coords[order[-1]] == (0, 0)
        assert [_distance(coords[h], (0, 0)) for h in order] == [2] * 12 + [1] * 6 + [0]
        assert _distance(coords[order[12]], coords[corner]) == 1
        for ring in (order[:12], order[12:18]):
            for a, b in zip(ring, ring[1:] + ring[:1], strict=True):
                assert _distance(coords[a], coords[b]) == 1
                (xa, ya), (xb, yb) = hex_center(*coords[a]), hex_center(*coords[b])
                assert xa * -yb - -ya * xb > 0  # a left turn about the centre, y pointing up


def test_a_layout_listing_a_hex_twice_is_refused() -> None:
    """A layout's shape is checked when its geometry is built: a hex listed twice is an
    error that says so."""
    with pytest.raises(ValueError, match="^" + re.escape("a layout lists a hex twice") + "$"):
        geometry(((0, 0), (1, 0), (0, 0)), ())
