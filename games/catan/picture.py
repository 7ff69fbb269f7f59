"""A picture of a board game position as inline SVG, drawn from the engine's own public data.

The picture is built from a *view*: :func:`public_view` keeps only what every seat may know (the
public part of an observation), :func:`full_view` adds each seat's hand and development cards
(for finished games, where nothing is secret any more). :func:`draw` turns a view into SVG, so a
live page can never show more than the view it was given.

Geometry comes from ``topology.static_board()`` (integer points in units of sqrt(3)/2 and 1/2 of
a hex side), so the picture and the engine cannot disagree about where a vertex is.

Every drawn piece carries ``class`` and ``data-*`` attributes (``data-hex``, ``data-vertex``,
``data-edge``, ``data-seat``) so tests and scripts can read the picture back.
"""

from __future__ import annotations

import math
from html import escape
from typing import Any

from games.catan.constants import DEV_CARDS, RESOURCES
from games.catan.topology import static_board

SIDE = 46.0
"""Length of a hex side in SVG units."""
UNIT_X, UNIT_Y = SIDE * math.sqrt(3) / 2, SIDE / 2
BOARD_CENTRE_X, BOARD_CENTRE_Y = 250.0, 250.0
PANEL_X = 510
WIDTH = 840
MIN_HEIGHT = 500

TERRAIN_COLOURS = {
    "forest": "#2e6b35",
    "hills": "#c2653c",
    "pasture": "#9bcf5e",
    "fields": "#e9c74a",
    "mountains": "#8c8f94",
    "desert": "#e4d3a4",
}
RESOURCE_COLOURS = {
    "lumber": TERRAIN_COLOURS["forest"],
    "brick": TERRAIN_COLOURS["hills"],
    "wool": TERRAIN_COLOURS["pasture"],
    "grain": TERRAIN_COLOURS["fields"],
    "ore": TERRAIN_COLOURS["mountains"],
}
SEAT_COLOURS = ("#d23a2a", "#2b63c4", "#ef8c1a", "#f7f7f2")
SEA = "#3f7fb5"
INK = "#1f2933"
HOT_NUMBERS = (6, 8)
"""The most likely production numbers, printed in red as on the physical tokens."""

DEV_SHORT = {
    "knight": "knight",
    "road_building": "roads",
    "year_of_plenty": "plenty",
    "monopoly": "monopoly",
    "victory_point": "VP",
}
"""Development cards as written in a seat's panel (the long names do not fit)."""
PUBLIC_PLAYER_FIELDS = (
    "resource_cards",
    "development_cards",
    "knights_played",
    "public_vp",
    "roads_left",
    "settlements_left",
    "cities_left",
    "road_length",
)
PUBLIC_MASTER_FIELDS = ("players", "stack", "reserve", "jean_resource")
"""Masters fields every seat sees (``drawn`` and ``looking_at`` are one seat's secrets)."""

_BOARD = static_board()


def public_view(state: Any) -> dict[str, Any]:
    """What every seat may know about ``state``: the board, counts, public VP, the holders.

    Built from a whitelist of observation fields, so a field added to observations later stays
    hidden here until someone decides it is public.
    """
    obs = state.observation(0)
    view = {
        "num_players": obs["num_players"],
        "phase": obs["phase"],
        "turn": obs["turn"],
        "turn_player": obs["turn_player"],
        "current_player": obs["current_player"],
        "dice": obs["dice"],
        "board": obs["board"],
        "bank": obs["bank"],
        "development_deck": obs["development_deck"],
        "longest_road": obs["longest_road"],
        "largest_army": obs["largest_army"],
        "players": [{k: p[k] for k in PUBLIC_PLAYER_FIELDS} for p in obs["players"]],
        "hands": None,
        "masters": None,
    }
    if "masters" in obs:
        view["masters"] = {k: obs["masters"][k] for k in PUBLIC_MASTER_FIELDS}
    return view


def full_view(state: Any) -> dict[str, Any]:
    """:func:`public_view` plus every seat's own cards and total VP (for finished games)."""
    view = public_view(state)
    hands = []
    for seat in range(view["num_players"]):
        own = state.observation(seat)["you"]
        hands.append(
            {
                "resources": own["resources"],
                "development": own["development"],
                "victory_points": own["victory_points"],
            }
        )
    view["hands"] = hands
    return view


def turn(state: Any) -> int:
    """The engine's turn counter at ``state`` (what a viewer's jump-to-turn box means)."""
    return state.turn


def draw(view: dict[str, Any], names: list[str] | None = None) -> str:
    """The SVG of ``view``: the island on the left, one panel per seat on the right."""
    n = view["num_players"]
    names = names or [f"Seat {seat}" for seat in range(n)]
    height = max(MIN_HEIGHT, 70 + n * _panel_height(view))
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}" '
        f'class="position catan" role="img" aria-label="Board, turn {view["turn"]}" '
        'font-family="system-ui, sans-serif">',
        f'<rect width="{WIDTH}" height="{height}" fill="#f7f3ea"/>',
        f'<circle cx="{BOARD_CENTRE_X}" cy="{BOARD_CENTRE_Y}" r="236" fill="{SEA}"/>',
    ]
    board = view["board"]
    parts += _harbours(board["harbors"])
    parts += _hexes(board)
    parts += _roads(board["roads"])
    parts += _buildings(board["buildings"])
    parts.append(_robber(board["robber"]))
    parts += _panels(view, names)
    parts.append("</svg>")
    return "".join(parts)


def _point(vertex: int) -> tuple[float, float]:
    x, y = _BOARD["vertex_points"][vertex]
    return BOARD_CENTRE_X + x * UNIT_X, BOARD_CENTRE_Y + y * UNIT_Y


def _hex_centre(hex_id: int) -> tuple[float, float]:
    q, r = _BOARD["hex_coords"][hex_id]
    return BOARD_CENTRE_X + (2 * q + r) * UNIT_X, BOARD_CENTRE_Y + 3 * r * UNIT_Y


def _hexes(board: dict[str, Any]) -> list[str]:
    parts = []
    for hex_id, terrain in enumerate(board["terrains"]):
        corners = " ".join(
            f"{x:.1f},{y:.1f}" for x, y in map(_point, _BOARD["hex_vertices"][hex_id])
        )
        parts.append(
            f'<polygon class="hex" data-hex="{hex_id}" data-terrain="{terrain}" '
            f'points="{corners}" fill="{TERRAIN_COLOURS[terrain]}" stroke="#f3e6c4" '
            f'stroke-width="3"><title>{terrain}</title></polygon>'
        )
        number = board["numbers"][hex_id]
        if number:
            cx, cy = _hex_centre(hex_id)
            colour = "#c0281b" if number in HOT_NUMBERS else INK
            pips = 6 - abs(7 - number)
            parts.append(
                f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="15" fill="#fbf5e3" stroke="{INK}" '
                f'stroke-width="0.8"/><text class="token" data-hex="{hex_id}" x="{cx:.1f}" '
                f'y="{cy + 4:.1f}" text-anchor="middle" font-size="14" font-weight="700" '
                f'fill="{colour}">{number}</text>'
            )
            for pip in range(pips):
                px = cx + (pip - (pips - 1) / 2) * 3.4
                parts.append(f'<circle cx="{px:.1f}" cy="{cy + 9:.1f}" r="1.1" fill="{colour}"/>')
    return parts


def _harbours(kinds: list[str]) -> list[str]:
    parts = []
    for harbour, (a, b) in enumerate(_BOARD["harbor_vertices"]):
        (ax, ay), (bx, by) = _point(a), _point(b)
        mx, my = (ax + bx) / 2, (ay + by) / 2
        dx, dy = mx - BOARD_CENTRE_X, my - BOARD_CENTRE_Y
        length = math.hypot(dx, dy)
        hx, hy = mx + dx / length * 26, my + dy / length * 26
        kind = kinds[harbour]
        fill = "#fbf5e3" if kind == "any" else RESOURCE_COLOURS[kind]
        label = "3:1" if kind == "any" else "2:1"
        parts.append(
            f'<g class="harbor" data-harbor="{harbour}" data-kind="{kind}">'
            f'<line x1="{ax:.1f}" y1="{ay:.1f}" x2="{hx:.1f}" y2="{hy:.1f}" stroke="#d9c08a" '
            f'stroke-width="3"/><line x1="{bx:.1f}" y1="{by:.1f}" x2="{hx:.1f}" y2="{hy:.1f}" '
            f'stroke="#d9c08a" stroke-width="3"/>'
            f'<circle cx="{hx:.1f}" cy="{hy:.1f}" r="13" fill="{fill}" stroke="{INK}" '
            f'stroke-width="0.8"/><text x="{hx:.1f}" y="{hy + 3.5:.1f}" text-anchor="middle" '
            f'font-size="9.5" font-weight="700" fill="{INK}">{label}</text>'
            f"<title>harbour {label} {kind}</title></g>"
        )
    return parts


def _roads(roads: list[list[int]]) -> list[str]:
    parts = []
    for edge, seat in roads:
        (ax, ay), (bx, by) = (_point(v) for v in _BOARD["edge_vertices"][edge])
        # Shorten the road a little so the settlements at its ends stay visible.
        sx, sy = ax + (bx - ax) * 0.18, ay + (by - ay) * 0.18
        ex, ey = ax + (bx - ax) * 0.82, ay + (by - ay) * 0.82
        parts.append(
            f'<g class="road" data-edge="{edge}" data-seat="{seat}">'
            f'<line x1="{sx:.1f}" y1="{sy:.1f}" x2="{ex:.1f}" y2="{ey:.1f}" stroke="{INK}" '
            f'stroke-width="8" stroke-linecap="round"/><line x1="{sx:.1f}" y1="{sy:.1f}" '
            f'x2="{ex:.1f}" y2="{ey:.1f}" stroke="{SEAT_COLOURS[seat]}" stroke-width="5" '
            f'stroke-linecap="round"/></g>'
        )
    return parts


def _buildings(buildings: list[list[int]]) -> list[str]:
    parts = []
    for vertex, seat, level in buildings:
        x, y = _point(vertex)
        if level >= 2:
            kind = "city"
            shape = f"M{x - 11:.1f},{y + 8:.1f} v-11 l5,-5 l5,5 v2 h12 v12 z"
        else:
            kind = "settlement"
            shape = f"M{x - 7:.1f},{y + 7:.1f} v-8 l7,-7 l7,7 v8 z"
        parts.append(
            f'<path class="{kind}" data-vertex="{vertex}" data-seat="{seat}" d="{shape}" '
            f'fill="{SEAT_COLOURS[seat]}" stroke="{INK}" stroke-width="1.5" '
            f'stroke-linejoin="round"><title>{kind} of seat {seat}</title></path>'
        )
    return parts


def _robber(hex_id: int) -> str:
    cx, cy = _hex_centre(hex_id)
    cx += 21  # beside the number token, which stays readable
    return (
        f'<g class="robber" data-hex="{hex_id}"><title>robber</title>'
        f'<ellipse cx="{cx:.1f}" cy="{cy + 9:.1f}" rx="7" ry="4" fill="#222"/>'
        f'<rect x="{cx - 5:.1f}" y="{cy - 6:.1f}" width="10" height="15" rx="4" fill="#333"/>'
        f'<circle cx="{cx:.1f}" cy="{cy - 9:.1f}" r="5" fill="#333"/></g>'
    )


def _panel_height(view: dict[str, Any]) -> int:
    height = 96
    if view["hands"] is not None:
        height += 18
    return height


def _panels(view: dict[str, Any], names: list[str]) -> list[str]:
    dice = view["dice"]
    header = f"Turn {view['turn']} · {view['phase'].replace('_', ' ')}"
    if dice:
        header += f" · dice {dice[0]}+{dice[1]}={dice[0] + dice[1]}"
    bank = " ".join(f"{_short(r)} {view['bank'][r]}" for r in RESOURCES)
    parts = [
        f'<text class="status" x="{PANEL_X}" y="26" font-size="15" font-weight="700" '
        f'fill="{INK}">{escape(header)}</text>',
        f'<text x="{PANEL_X}" y="46" font-size="11.5" fill="#55606e">bank {bank} · '
        f"dev deck {view['development_deck']}</text>",
    ]
    top = 62
    step = _panel_height(view)
    for seat, player in enumerate(view["players"]):
        parts += _seat_panel(view, seat, player, names[seat], top)
        top += step
    return parts


def _seat_panel(
    view: dict[str, Any], seat: int, player: dict[str, Any], name: str, top: int
) -> list[str]:
    hands = view["hands"]
    vp = hands[seat]["victory_points"] if hands is not None else player["public_vp"]
    to_move = seat == view["current_player"]
    badges = []
    if view["longest_road"] == seat:
        badges.append("Longest Road")
    if view["largest_army"] == seat:
        badges.append("Largest Army")
    border = INK if to_move else "#d8d0bd"
    parts = [
        f'<g class="seat" data-seat="{seat}" data-vp="{vp}" '
        f'data-resource-cards="{player["resource_cards"]}" '
        f'data-development-cards="{player["development_cards"]}">',
        f'<rect x="{PANEL_X - 8}" y="{top}" width="{WIDTH - PANEL_X}" '
        f'height="{_panel_height(view) - 8}" rx="6" fill="#fff" stroke="{border}" '
        f'stroke-width="{2 if to_move else 1}"/>',
        f'<rect x="{PANEL_X}" y="{top + 10}" width="14" height="14" rx="2" '
        f'fill="{SEAT_COLOURS[seat]}" stroke="{INK}"/>',
        f'<text x="{PANEL_X + 22}" y="{top + 22}" font-size="14" font-weight="700" '
        f'fill="{INK}">{escape(name)}{" ▶" if to_move else ""}</text>',
        f'<text class="vp" x="{WIDTH - 16}" y="{top + 23}" text-anchor="end" font-size="17" '
        f'font-weight="700" fill="{INK}">{vp} VP</text>',
        f'<text x="{PANEL_X}" y="{top + 44}" font-size="12" fill="{INK}">'
        f"{player['resource_cards']} resources · {player['development_cards']} development"
        f" · {player['knights_played']} knights · road {player['road_length']}</text>",
        f'<text x="{PANEL_X}" y="{top + 62}" font-size="12" fill="#55606e">pieces left: '
        f"{player['roads_left']} roads, {player['settlements_left']} settlements, "
        f"{player['cities_left']} cities</text>",
    ]
    line = top + 80
    if hands is not None:
        hand = hands[seat]
        cards = " ".join(f"{_short(r)} {hand['resources'][r]}" for r in RESOURCES)
        dev = ", ".join(f"{count} {DEV_SHORT[card]}" for card, count in _dev(hand))
        parts.append(
            f'<text class="hand" x="{PANEL_X}" y="{line}" font-size="12" fill="{INK}">'
            f"hand: {cards}{' · ' + escape(dev) if dev else ''}</text>"
        )
        line += 18
    if view["masters"] is not None:
        master = view["masters"]["players"][seat]
        if master["master"]:
            ready = ", ready" if master["ready"] else ""
            badges.append(f"master {master['master'].replace('_', ' ')} ({master['side']}{ready})")
        else:
            badges.append("no master")
    parts.append(
        f'<text class="badges" x="{PANEL_X}" y="{line}" font-size="12" font-weight="700" '
        f'fill="#8a4f00">{escape(" · ".join(badges))}</text>'
    )
    parts.append("</g>")
    return parts


def _dev(hand: dict[str, Any]) -> list[tuple[str, int]]:
    return [(card, hand["development"][card]) for card in DEV_CARDS if card in hand["development"]]


def _short(resource: str) -> str:
    return resource[:2] if resource != "grain" else "gr"
