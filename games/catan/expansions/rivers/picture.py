"""Rivers, swamps, bridge sites and bridges in the spectators' picture, and each seat's gold and
settler tiles in its panel. Reads only the view (``view["rivers"]``, ``view["gold"]``)."""

from __future__ import annotations

from typing import Any

from games.catan.picture import BOARD_CENTRE_X, BOARD_CENTRE_Y, INK, SEAT_COLOURS, UNIT_X, UNIT_Y

WATER = "#4f9fd8"
BANK_EARTH = "#8a6a3a"
TOKEN_OFFSET = 21.0
"""How far a river bends away from a hex centre, past its number token (radius 15)."""

Point = tuple[float, float]


def _vertex(geometry: Any, v: int) -> Point:
    x, y = geometry.vertex_points[v]
    return BOARD_CENTRE_X + x * UNIT_X, BOARD_CENTRE_Y + y * UNIT_Y


def _centre(geometry: Any, h: int) -> Point:
    q, r = geometry.hex_coords[h]
    return BOARD_CENTRE_X + (2 * q + r) * UNIT_X, BOARD_CENTRE_Y + 3 * r * UNIT_Y


def _midpoint(geometry: Any, e: int) -> Point:
    (ax, ay), (bx, by) = (_vertex(geometry, v) for v in geometry.edge_vertices[e])
    return (ax + bx) / 2, (ay + by) / 2


def _bend(start: Point, end: Point, centre: Point) -> str:
    """A cubic curve from ``start`` to ``end`` through the hex, bent aside of its centre."""
    (sx, sy), (ex, ey), (cx, cy) = start, end, centre
    dx, dy = ex - sx, ey - sy
    length = (dx * dx + dy * dy) ** 0.5 or 1.0
    nx, ny = -dy / length * TOKEN_OFFSET, dx / length * TOKEN_OFFSET
    c1 = (sx + (cx - sx) * 0.8 + nx, sy + (cy - sy) * 0.8 + ny)
    c2 = (ex + (cx - ex) * 0.8 + nx, ey + (cy - ey) * 0.8 + ny)
    return f"C{c1[0]:.1f},{c1[1]:.1f} {c2[0]:.1f},{c2[1]:.1f} {ex:.1f},{ey:.1f}"


def _river_path(geometry: Any, river: list[int], sites: list[int]) -> str:
    """From the spring inside the first hex through each crossing to the mouth at the sea; the
    river's sites are the paths between its consecutive hexes, then its mouth."""
    first = _centre(geometry, river[0])
    out = _midpoint(geometry, sites[0])
    spring = (first[0] - (out[0] - first[0]) * 0.55, first[1] - (out[1] - first[1]) * 0.55)
    d = f"M{spring[0]:.1f},{spring[1]:.1f} " + _bend(spring, out, first)
    for h, e in zip(river[1:], sites[1:], strict=True):
        end = _midpoint(geometry, e)
        d += " " + _bend(out, end, _centre(geometry, h))
        out = end
    return d


def _river_sites(view: dict[str, Any], geometry: Any) -> list[tuple[list[int], list[int]]]:
    """Each river with its bridge sites in flow order (sites are listed river by river)."""
    sites = view["rivers"]["bridge_sites"]
    rivers, start = [], 0
    for river in view["rivers"]["rivers"]:
        rivers.append((river, sites[start : start + len(river)]))
        start += len(river)
    return rivers


def _swamp(geometry: Any, h: int) -> list[str]:
    cx, cy = _centre(geometry, h)
    tufts = []
    for dx, dy in ((-14, -12), (12, -14), (-4, 2), (16, 8), (-16, 14), (4, 18)):
        x, y = cx + dx, cy + dy
        tufts.append(
            f'<path d="M{x - 4:.1f},{y:.1f} l2,-6 M{x:.1f},{y:.1f} v-7 M{x + 4:.1f},{y:.1f} '
            f'l-2,-6" stroke="#2f4a2a" stroke-width="1.2" fill="none"/>'
        )
    return [f'<g class="swamp" data-hex="{h}"><title>swamp</title>{"".join(tufts)}</g>']


def _bridge(geometry: Any, e: int, seat: int) -> str:
    (ax, ay), (bx, by) = (_vertex(geometry, v) for v in geometry.edge_vertices[e])
    start = ax + (bx - ax) * 0.15, ay + (by - ay) * 0.15
    end = ax + (bx - ax) * 0.85, ay + (by - ay) * 0.85
    line = (
        f'x1="{start[0]:.1f}" y1="{start[1]:.1f}" x2="{end[0]:.1f}" y2="{end[1]:.1f}" '
        'stroke-linecap="square"'
    )
    return (
        f'<g class="bridge" data-edge="{e}" data-seat="{seat}"><title>bridge of seat {seat}'
        f'</title><line {line} stroke="{INK}" stroke-width="12"/>'
        f'<line {line} stroke="{BANK_EARTH}" stroke-width="9"/>'
        f'<line {line} stroke="{SEAT_COLOURS[seat]}" stroke-width="4"/></g>'
    )


def _free_site(geometry: Any, e: int) -> str:
    (ax, ay), (bx, by) = (_vertex(geometry, v) for v in geometry.edge_vertices[e])
    return (
        f'<line class="bridge-site" data-edge="{e}" x1="{ax + (bx - ax) * 0.25:.1f}" '
        f'y1="{ay + (by - ay) * 0.25:.1f}" x2="{ax + (bx - ax) * 0.75:.1f}" '
        f'y2="{ay + (by - ay) * 0.75:.1f}" stroke="{BANK_EARTH}" stroke-width="3" '
        'stroke-dasharray="3 3"><title>bridge site</title></line>'
    )


def _two_on_twelve(view: dict[str, Any], geometry: Any) -> list[str]:
    """RI-SU-03: the 2 lies on the 12; a small 2 beside that token."""
    numbers = view["board"]["numbers"]
    if 12 not in numbers:
        return []
    cx, cy = _centre(geometry, numbers.index(12))
    x, y = cx - 19, cy - 12
    return [
        f'<g class="token-also" data-number="2"><circle cx="{x:.1f}" cy="{y:.1f}" r="8" '
        f'fill="#fbf5e3" stroke="{INK}" stroke-width="0.8"/><text x="{x:.1f}" y="{y + 3.5:.1f}" '
        f'text-anchor="middle" font-size="10" font-weight="700">2</text>'
        "<title>this hex produces on 2 and 12</title></g>"
    ]


def draw_rivers(view: dict[str, Any], geometry: Any) -> list[str]:
    """Swamp marks, both rivers, the free bridge sites and the bridges (over the buildings)."""
    rivers = view.get("rivers")
    if not rivers:
        return []
    parts: list[str] = []
    for h in rivers["swamps"]:
        parts += _swamp(geometry, h)
    for river, sites in _river_sites(view, geometry):
        d = _river_path(geometry, river, sites)
        parts.append(
            f'<g class="river" data-hexes="{" ".join(map(str, river))}"><title>river</title>'
            f'<path d="{d}" fill="none" stroke="#2d6f9f" stroke-width="8" stroke-linecap="round"/>'
            f'<path d="{d}" fill="none" stroke="{WATER}" stroke-width="5" '
            'stroke-linecap="round"/></g>'
        )
    bridged = {e: seat for e, seat in rivers["bridges"]}
    for e in rivers["bridge_sites"]:
        parts.append(_bridge(geometry, e, bridged[e]) if e in bridged else _free_site(geometry, e))
    return parts + _two_on_twelve(view, geometry)


def rivers_words(view: dict[str, Any], seat: int) -> str | None:
    """``gold 5 · 2 bridges · wealthiest +1`` / ``poor -2`` (short: the panel's last row also
    holds the Longest Road and Largest Army tags)."""
    rivers, gold = view.get("rivers"), view.get("gold")
    if not rivers or not gold:
        return None
    words = f"gold {gold['seats'][seat]} · {rivers['bridges_left'][seat]} bridges"
    if rivers["wealthiest"] == seat:
        words += " · wealthiest +1"
    if seat in rivers["poor"]:
        words += " · poor -2"
    return words
