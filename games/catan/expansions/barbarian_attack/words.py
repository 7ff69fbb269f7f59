"""Barbarian Attack in pictures and words: barbarians, knights, the castle, prisoners.

Reads only the view (``view["barbarian_attack"]``, all public), never a state.
"""

from __future__ import annotations

from typing import Any

SEAT_COLOURS = ("#d23a2a", "#2b63c4", "#ef8c1a", "#f7f7f2")
"""The seat colours of ``games/catan/picture.py`` (knights in their owner's colour)."""

SENTENCES: dict[str, Any] = {
    "barbarian_landing": ("A barbarian landing rolls {total}: one barbarian lands on {hex}."),
    "hex_conquered": "The barbarians conquer {hex}: its number is turned face down.",
    "hex_liberated": "{hex} is free again: its number is turned face up.",
    "place_knight": "{who} trains a knight {edge}.",
    "no_knight_placed": "{who} has no knight or no free path for it.",
    "spur_knight": "{who} pays 1 grain: the knight {edge} may march 5 paths.",
    "move_knight": "{who} marches a knight from path {edge} to path {path}.",
    "battle_won": "The knights beat the {barbarians} barbarian(s) at {hex}.",
    "prisoners": "{who} takes {count} prisoner(s) ({total} in all).",
    "battle_losses": "The loss die shows {die}: knights on paths {edges} go home.",
    "treason_move": "{who} moves a barbarian ({from_hex}) to {hex}.",
    "capture_barbarian": "{who} captures a barbarian at {hex}.",
}
"""The scenario's events in words."""


def _loc(geometry: Any, x: float, y: float) -> tuple[float, float]:
    from games.catan import picture  # at call time: the picture imports the plug-ins

    return picture.BOARD_CENTRE_X + x * picture.UNIT_X, picture.BOARD_CENTRE_Y + y * picture.UNIT_Y


def _hex_centre(geometry: Any, h: int) -> tuple[float, float]:
    q, r = geometry.hex_coords[h]
    return _loc(geometry, 2 * q + r, 3 * r)


def _edge_middle(geometry: Any, e: int) -> tuple[float, float]:
    a, b = geometry.edge_vertices[e]
    (xa, ya), (xb, yb) = geometry.vertex_points[a], geometry.vertex_points[b]
    return _loc(geometry, (xa + xb) / 2, (ya + yb) / 2)


def draw_board(view: dict[str, Any], geometry: Any) -> list[str]:
    """The castle, barbarians (grey figures on a hex, a cross on a conquered one) and knights
    (shields in the owner's colour on their paths)."""
    ba = view.get("barbarian_attack")
    if ba is None:
        return []
    castle = ba.get("castle")
    parts = []
    if castle is not None:
        cx, cy = _hex_centre(geometry, castle)
        parts.append(
            f'<g class="castle"><title>castle</title>'
            f'<rect x="{cx - 14:.1f}" y="{cy - 8:.1f}" width="28" height="18" fill="#7a6a58"/>'
            f'<rect x="{cx - 16:.1f}" y="{cy - 16:.1f}" width="8" height="10" fill="#7a6a58"/>'
            f'<rect x="{cx + 8:.1f}" y="{cy - 16:.1f}" width="8" height="10" fill="#7a6a58"/></g>'
        )
    for h in ba["conquered_hexes"]:
        cx, cy = _hex_centre(geometry, h)
        parts.append(
            f'<g class="conquered" data-hex="{h}"><title>conquered</title>'
            f'<line x1="{cx - 20:.1f}" y1="{cy - 20:.1f}" x2="{cx + 20:.1f}" y2="{cy + 20:.1f}" '
            f'stroke="#5a1010" stroke-width="3"/>'
            f'<line x1="{cx + 20:.1f}" y1="{cy - 20:.1f}" x2="{cx - 20:.1f}" y2="{cy + 20:.1f}" '
            f'stroke="#5a1010" stroke-width="3"/></g>'
        )
    for h, n in ba["barbarians"].items():
        cx, cy = _hex_centre(geometry, int(h))
        for i in range(n):
            x = cx - 12 + 12 * i
            parts.append(
                f'<g class="barbarian" data-hex="{h}"><title>barbarian</title>'
                f'<circle cx="{x:.1f}" cy="{cy + 18:.1f}" r="5" fill="#3b3b3b" stroke="#fff"/></g>'
            )
    for e, owner in ba["knights"]:
        x, y = _edge_middle(geometry, e)
        colour = SEAT_COLOURS[owner % len(SEAT_COLOURS)]
        parts.append(
            f'<g class="knight" data-edge="{e}" data-seat="{owner}"><title>knight</title>'
            f'<path d="M{x - 6:.1f},{y - 6:.1f} h12 v6 l-6,7 l-6,-7 z" fill="{colour}" '
            f'stroke="#222" stroke-width="1.5"/></g>'
        )
    return parts


def seat_words(view: dict[str, Any], seat: int) -> str | None:
    ba = view.get("barbarian_attack")
    if ba is None:
        return None
    gold = view.get("gold", {}).get("seats", [0] * (seat + 1))[seat]
    return (
        f"{ba['prisoners'][seat]} prisoners, {ba['knights_left'][seat]} knights in supply, "
        f"{gold} gold"
    )
