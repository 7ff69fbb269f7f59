"""The Caravans in pictures and words: the oasis, the camels, the vote (views only, no state).

``draw`` gives SVG over the island (the oasis pool with its three arrows, each camel as a wedge
pointing where it faces, a ring on each intersection between two camels); ``seat_words`` one line
of a seat's panel while a vote is on; ``SENTENCES`` the scenario's events for the replay viewer.

Rules: none (presentation of CA-… state).
"""

from __future__ import annotations

import math
from typing import Any

CAMEL_COLOUR = "#7a4a1c"
OASIS_COLOUR = "#5fb3d9"
HOW = {
    "alone": "{who}, who outvoted everyone together, places a camel {edge}.",
    "agreement": "The bidders agree: a camel goes {edge}.",
    "most_votes": "{who}, with the most votes, places a camel {edge}.",
    "turn_player": "{who} places a camel {edge}.",
    "only_spot": "A camel goes {edge}, the only spot left.",
}


def _place_camel(told: Any) -> str:
    """Who placed the camel and why (the vote's outcome), and where."""
    return HOW.get(told.event.get("how", ""), "A camel goes {edge}.").format(**told.words)


def _bid(told: Any) -> str:
    if not told.event.get("wool") and not told.event.get("grain"):
        return "{who} bids nothing for the camel.".format(**told.words)
    return "{who} bids {wool} wool and {grain} grain for the camel.".format(**told.words)


def _pay(told: Any) -> str:
    paid = told.event.get("paid") or []
    total = sum(wool + grain for _, wool, grain in paid)
    return f"The {total} bid card{'s go' if total != 1 else ' goes'} to the bank."


SENTENCES: dict[str, Any] = {
    "caravan_vote": "{who} built this turn: the table votes on where the next camel goes.",
    "caravan_bid": _bid,
    "propose_camel": "{who} wants the camel {edge}.",
    "place_camel": _place_camel,
    "caravan_pay": _pay,
}
"""Event type -> words (``narrate.SENTENCES`` takes these in)."""


def _screen(point: tuple[int, int]) -> tuple[float, float]:
    from games.catan import picture  # the core's picture imports the plug-ins: import late

    x, y = point
    return picture.BOARD_CENTRE_X + x * picture.UNIT_X, picture.BOARD_CENTRE_Y + y * picture.UNIT_Y


def draw(view: dict[str, Any], geometry: Any) -> list[str]:
    """The oasis, its arrows and every camel of ``view["caravans"]``."""
    caravans = view.get("caravans")
    if not caravans:
        return []
    from games.catan.board import board

    oasis = board(view["layout"]).sites["oasis"]
    corners = geometry.hex_vertices[oasis["hex"]]
    points = [_screen(geometry.vertex_points[v]) for v in corners]
    cx, cy = sum(x for x, _ in points) / 6, sum(y for _, y in points) / 6
    parts = [
        f'<g class="oasis" data-hex="{oasis["hex"]}">'
        f'<ellipse cx="{cx:.1f}" cy="{cy + 4:.1f}" rx="22" ry="13" fill="{OASIS_COLOUR}" '
        f'stroke="#2f7fa8"/><text x="{cx:.1f}" y="{cy + 30:.1f}" text-anchor="middle" '
        f'font-size="10" font-weight="700" fill="#6b4a1f">oasis</text></g>'
    ]
    for corner in oasis["arrow_corners"]:
        vx, vy = points[corner]
        parts.append(_wedge((cx + vx) / 2, (cy + vy) / 2, vx - cx, vy - cy, 7, "#6b4a1f", "arrow"))
    vote = caravans.get("vote")
    for edge, head in vote["spots"] if vote else ():  # where the camel being voted on may go
        parts.append(_camel(geometry, edge, head, "camel-spot", "none", CAMEL_COLOUR))
    for edge, head in caravans["camels"]:
        parts.append(_camel(geometry, edge, head, "camel", CAMEL_COLOUR, "#f7ecd2"))
    for v in caravans["crossings"]:
        x, y = _screen(geometry.vertex_points[v])
        parts.append(
            f'<circle class="camel-crossing" data-vertex="{v}" cx="{x:.1f}" cy="{y:.1f}" r="11" '
            f'fill="none" stroke="{CAMEL_COLOUR}" stroke-width="2" stroke-dasharray="3 2"/>'
        )
    return parts


def _camel(geometry: Any, edge: int, head: int, cls: str, fill: str, stroke: str) -> str:
    """A camel (or a spot for one) on ``edge``: a wedge pointing at ``head``."""
    a, b = geometry.edge_vertices[edge]
    tail = a if b == head else b
    (tx, ty), (hx, hy) = (
        _screen(geometry.vertex_points[tail]),
        _screen(geometry.vertex_points[head]),
    )
    return _wedge((tx + hx) / 2, (ty + hy) / 2, hx - tx, hy - ty, 13, fill, cls, stroke).replace(
        f'class="{cls}"', f'class="{cls}" data-edge="{edge}" data-toward="{head}"'
    )


def _wedge(
    x: float,
    y: float,
    dx: float,
    dy: float,
    size: float,
    colour: str,
    cls: str,
    stroke: str = "#f7ecd2",
) -> str:
    """A triangle centred on (x, y) pointing along (dx, dy)."""
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    points = [
        (x + ux * size, y + uy * size),
        (x - ux * size * 0.7 - uy * size * 0.6, y - uy * size * 0.7 + ux * size * 0.6),
        (x - ux * size * 0.7 + uy * size * 0.6, y - uy * size * 0.7 - ux * size * 0.6),
    ]
    corners = " ".join(f"{px:.1f},{py:.1f}" for px, py in points)
    return (
        f'<polygon class="{cls}" points="{corners}" fill="{colour}" stroke="{stroke}" '
        f'stroke-width="1.5"/>'
    )


def seat_words(view: dict[str, Any], seat: int) -> str | None:
    """The seat's bid while a vote is on; otherwise its buildings between two camels."""
    caravans = view.get("caravans")
    if not caravans:
        return None
    vote = caravans.get("vote")
    if vote is not None:
        bid = vote["bids"][seat]
        if bid is None:
            return "camel bid to come"
        return f"bid {bid[0]} wool {bid[1]} grain"
    owners = {v: owner for v, owner, _ in view["board"]["buildings"]}
    between = sum(1 for v in caravans["crossings"] if owners.get(v) == seat)
    return f"between two camels: {between}" if between else None
