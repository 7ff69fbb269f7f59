"""Seafarers in words and in the picture: its events as sentences, ships, the pirate and the
island markers drawn over the island (the sea, gold fields and fog places are terrains the core
colours; a fog place shows nothing of what lies under it). Reads only the view."""

from __future__ import annotations

from typing import Any

from games.catan.picture import BOARD_CENTRE_X, BOARD_CENTRE_Y, INK, SEAT_COLOURS, UNIT_X, UNIT_Y

SENTENCES: dict[str, Any] = {
    "place_ship": "{who} places a ship {edge}.",
    "build_ship": "{who} builds a ship {edge}.",
    "move_ship": "{who} moves a ship {edge} (from path {left}).",
    "move_pirate": "{who} moves the pirate to {hex}.",
    "choose_gold": "{who} takes 1 {resource} from a gold field.",
    "discover": "{who} turns up a fog place: {hex}.",
    "discovery_gain": "{who} takes 1 {resource} for the discovery.",
    "harbours": "The harbours are shuffled onto the coast.",
    "island_marker": "{who} settles a new island at {vertex} and earns {points} victory points.",
}
"""The Seafarers events in words (``narrate`` joins them to the core's)."""


def _vertex(geometry: Any, v: int) -> tuple[float, float]:
    x, y = geometry.vertex_points[v]
    return BOARD_CENTRE_X + x * UNIT_X, BOARD_CENTRE_Y + y * UNIT_Y


def _centre(geometry: Any, h: int) -> tuple[float, float]:
    q, r = geometry.hex_coords[h]
    return BOARD_CENTRE_X + (2 * q + r) * UNIT_X, BOARD_CENTRE_Y + 3 * r * UNIT_Y


def draw_seafarers(view: dict[str, Any], geometry: Any) -> list[str]:
    """Ships (a hull on the path in the owner's colour), the pirate, island markers."""
    sea = view.get("seafarers")
    if not sea:
        return []
    parts = []
    for edge, seat in sea["ships"]:
        (ax, ay), (bx, by) = (_vertex(geometry, v) for v in geometry.edge_vertices[edge])
        mx, my = (ax + bx) / 2, (ay + by) / 2
        dx, dy = (bx - ax) * 0.3, (by - ay) * 0.3
        parts.append(
            f'<g class="ship" data-edge="{edge}" data-seat="{seat}"><title>ship of seat {seat}'
            f'</title><path d="M{mx - dx:.1f},{my - dy:.1f} L{mx + dx:.1f},{my + dy:.1f} '
            f"L{mx + dx * 0.6 - dy * 0.5:.1f},{my + dy * 0.6 + dx * 0.5:.1f} "
            f'L{mx - dx * 0.6 - dy * 0.5:.1f},{my - dy * 0.6 + dx * 0.5:.1f} z" '
            f'fill="{SEAT_COLOURS[seat]}" stroke="{INK}" stroke-width="1.5"/></g>'
        )
    if sea["pirate"] >= 0:
        cx, cy = _centre(geometry, sea["pirate"])
        parts.append(
            f'<g class="pirate" data-hex="{sea["pirate"]}"><title>pirate</title>'
            f'<path d="M{cx - 12:.1f},{cy + 2:.1f} h24 l-5,7 h-14 z" fill="#111"/>'
            f'<path d="M{cx:.1f},{cy - 14:.1f} v15 h-9 z" fill="#111"/></g>'
        )
    for seat, marks in enumerate(sea["island_marks"]):
        for _, vertex in marks:
            x, y = _vertex(geometry, vertex)
            parts.append(
                f'<circle class="island-marker" data-seat="{seat}" data-vertex="{vertex}" '
                f'cx="{x + 9:.1f}" cy="{y + 9:.1f}" r="5" fill="#f2e3b3" stroke="{INK}" '
                f'stroke-width="1"><title>island marker of seat {seat}</title></circle>'
            )
    return parts


def seat_words(view: dict[str, Any], seat: int) -> str | None:
    sea = view.get("seafarers")
    if not sea:
        return None
    marks = len(sea["island_marks"][seat])
    return f"ships left {sea['ships_left'][seat]}, islands {marks}"
