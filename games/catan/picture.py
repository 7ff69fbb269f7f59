"""A picture of a board game position as inline SVG, drawn from the engine's own public data.

The picture is built from a *view*: :func:`public_view` keeps only what every seat may know (the
public part of an observation), :func:`full_view` adds each seat's hand and development cards
and the cards Kandamir drew (for finished games, where nothing is secret any more).
:func:`draw` turns a view into SVG, so a live page can never show more than the view it was given.

Layout: the island with the bank under it on the left; on the right the turn, the dice, what is
happening now (a trade on offer, a master at work) and one panel per seat; with Masters, a band
across the bottom with the stack and the reserve.

Geometry comes from the position's board (``view["layout"]``, the layout's name; a view stored
before boards were values has none and is the base island), in integer points of units of
sqrt(3)/2 and 1/2 of a hex side, so the picture and the engine cannot disagree about where a
vertex is.

Every drawn piece carries ``class`` and ``data-*`` attributes (``data-hex``, ``data-vertex``,
``data-edge``, ``data-seat``, ``data-master``, ``data-count`` …) so tests and scripts can read the
picture back.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from html import escape
from typing import Any

from games.catan import expansions
from games.catan.board import board as board_named
from games.catan.board import load_data
from games.catan.constants import DEV_CARDS, RESOURCES
from games.catan.topology import Geometry

SIDE = 46.0
"""Length of a hex side in SVG units."""
UNIT_X, UNIT_Y = SIDE * math.sqrt(3) / 2, SIDE / 2
BOARD_CENTRE_X, BOARD_CENTRE_Y = 250.0, 246.0
SEA_RADIUS = 236
BANK_Y = 506
"""Baseline of the bank line under the island."""
BOARD_HEIGHT = 518
"""The island and the bank line: the least height of a picture."""
PANEL_X = 510
WIDTH = 860
PANELS_TOP = 62
PANEL_ROW = 18
TEXT_SIZE = 12
MASTERS_BAND_HEIGHT = 100
PANEL_TEXT_WIDTH = WIDTH - 16 - PANEL_X
"""The widest line in a seat's panel; a longer one is set in a smaller font."""
NAME_WIDTH = 190
"""A seat's name in its panel stops short of the tag and the VP on the right."""
NAME_CHARS = 18
"""A seat's name in its panel is cut to this many characters (the full name is its tooltip)."""
NAME_CHARS_IN_LINE = 14
"""Names inside a sentence (the trade on offer, a master at work) are cut shorter."""

TERRAIN_COLOURS = {
    "forest": "#2e6b35",
    "hills": "#c2653c",
    "pasture": "#9bcf5e",
    "fields": "#e9c74a",
    "mountains": "#8c8f94",
    "desert": "#e4d3a4",
    "lake": "#6fb3de",  # the Fishermen's lake, a hex of its own
    "sea": "#3f7fbf",  # Seafarers: the sea, gold fields, fog places not yet discovered
    "gold": "#d8a51d",
    "fog": "#a7adb3",
}
WATER_TERRAINS = ("sea", "lake")
"""Hexes a harbour faces (its token is drawn on them), never the one it belongs to."""
HARBOUR_OFFSET = 26
"""A harbour token's centre lies this far off the middle of its side."""
OTHER_TERRAIN = "#7f8f62"
"""A scenario's own terrain (swamps, a castle hex): a drab green its plug-in draws over."""
RESOURCE_COLOURS = {
    "lumber": TERRAIN_COLOURS["forest"],
    "brick": TERRAIN_COLOURS["hills"],
    "wool": TERRAIN_COLOURS["pasture"],
    "grain": TERRAIN_COLOURS["fields"],
    "ore": TERRAIN_COLOURS["mountains"],
}
SEAT_COLOURS = ("#d23a2a", "#2b63c4", "#ef8c1a", "#f7f7f2")
MASTER_SIDE_COLOURS = {"A": "#2f5fa8", "B": "#b3392b"}
"""MA-COMP-01: a master card's side A is blue, side B red."""
SEA = "#3f7fb5"
INK = "#1f2933"
MUTED = "#55606e"
ACCENT = "#8a4f00"
HOT_NUMBERS = (6, 8)
"""The most likely production numbers, printed in red as on the physical tokens."""

RESOURCE_SHORT = {"lumber": "lu", "brick": "br", "wool": "wo", "grain": "gr", "ore": "or"}
"""Resources as written beside their colour in the bank and the hands."""
DEV_SHORT = {
    "knight": "knight",
    "road_building": "roads",
    "year_of_plenty": "plenty",
    "monopoly": "monopoly",
    "victory_point": "VP",
}
"""Development cards as written in a seat's panel (the long names do not fit)."""
PHASE_WORDS = {
    "order_roll": "rolling for the first turn",
    "setup_settlement": "founding: a settlement",
    "setup_road": "founding: a road",
    "pre_roll": "before the roll",
    "main": "trade and build",
    "move_robber": "moving the robber",
    "choose_victim": "choosing whom to rob",
    "draw_development": "drawing a development card",
    "take_resource": "taking cards from the bank",
    "master_after": "master used: flip it or swap it",
    "siegfried": "Siegfried on a 7",
    "marianne": "Marianne after production",
    "william_road": "William: a cheaper road",
    "louis_road": "Louis: relaying a road",
    "vincent_build": "Vincent: a cheaper building",
    "terminal": "game over",
}
"""What a phase means to a spectator; any other phase is written as its name."""
AT_WORK_WORDS = {
    "kandamir": "Kandamir: drew {drawn}, keeps one",
    "hildegard": "Hildegard: looks at {target}'s hand, may take a card",
    "negotiant": "Negotiant: owes a card to {owed}",
}
"""A master's action in progress, in words (fields from :func:`_master_at_work`). Its user is
the seat marked "to act" (or "their turn" while Kandamir's cards are drawn)."""
MASTER_STATUS = {
    "ready": "usable in its owner's turn (Siegfried and Marianne in any turn)",
    "used": "used this turn",
    "new": "swapped in: usable from its owner's next turn (MA-USE-07)",
}
"""A seat's master beside its card: the word drawn, and the tooltip that explains it."""
EMPTY_MASTER_ROW_WORDS = {
    "stack": "empty: the masters not dealt at set-up joined the reserve",  # MA-SETUP-05
    "reserve": "empty",
}
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

BASE_LAYOUT = "base_beginner"
"""The layout of a view without ``layout`` (the base island; every base layout has its shape)."""
_MASTERS = load_data("masters")
MASTER_NAMES: dict[str, str] = _MASTERS["names_en"]
MASTER_NUMBERS = {name: f"A{number}" for number, name in enumerate(_MASTERS["stack"], 1)}
"""MA-SETUP-01: the numbers printed on side A of the six stacked masters."""


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
        "trade": obs["trade"],  # the same for every seat: a domestic trade is made in the open
        "players": [{k: p[k] for k in PUBLIC_PLAYER_FIELDS} for p in obs["players"]],
        "hands": None,
        "masters": None,
        "layout": state.board.name,
        "expansions": [x.name for x in state.hooks.expansions],
    }
    for hook in state.hooks.view:
        hook(state, view)
    if "masters" in obs:
        masters = {k: obs["masters"][k] for k in PUBLIC_MASTER_FIELDS}
        masters["at_work"] = _master_at_work(state)
        view["masters"] = masters
    return view


def full_view(state: Any) -> dict[str, Any]:
    """:func:`public_view` plus every seat's own cards and total VP, and the cards Kandamir drew
    (for finished games)."""
    view = public_view(state)
    hands = []
    for seat in range(view["num_players"]):
        own = state.observation(seat)["you"]
        hand = {
            "resources": own["resources"],
            "development": own["development"],
            "victory_points": own["victory_points"],
        }
        for hook in state.hooks.hand_view:
            hook(state, seat, hand)
        hands.append(hand)
    view["hands"] = hands
    at_work = view["masters"] and view["masters"]["at_work"]
    if at_work and at_work["master"] == "kandamir":
        at_work["cards"] = state.observation(at_work["seat"])["masters"].get("drawn", [])
    return view


def seat_view(state: Any, seat: int) -> dict[str, Any]:
    """:func:`full_view` as ``seat`` saw it at the table: its own cards and VP, every other hand
    hidden, and the cards Kandamir drew only if ``seat`` drew them (a replay from one seat)."""
    view = full_view(state)
    view["hands"] = [hand if index == seat else None for index, hand in enumerate(view["hands"])]
    at_work = view["masters"] and view["masters"]["at_work"]
    if at_work and at_work.get("seat") != seat:
        at_work.pop("cards", None)
    return view


def turn(state: Any) -> int:
    """The engine's turn counter at ``state`` (what a viewer's jump-to-turn box means)."""
    return state.turn


def _master_at_work(state: Any) -> dict[str, Any] | None:
    """The public side of a master's action in progress, which no public observation field
    carries: how many cards Kandamir drew (not which), whose hand Hildegard looks at, whom the
    Negotiant still has to pay back (not with what). These are read from the state's Masters
    fields, each reduced here to what everyone at the table sees."""
    if state.kandamir_cards is not None:
        return {"master": "kandamir", "seat": state.turn_player, "drawn": len(state.kandamir_cards)}
    if state.phase == "hildegard_take":
        return {"master": "hildegard", "seat": state.actor, "target": state.hildegard_target}
    if state.phase == "negotiant_pay":
        return {"master": "negotiant", "seat": state.actor, "owed": list(state.negotiant_debts)}
    return None


def draw(view: dict[str, Any], names: list[str] | None = None) -> str:
    """The SVG of ``view``: the island and the bank on the left, one panel per seat on the
    right, the Masters stack and reserve (if played) across the bottom."""
    n = view["num_players"]
    names = names or [f"Seat {seat}" for seat in range(n)]
    masters = view["masters"]
    band_top = max(BOARD_HEIGHT, PANELS_TOP + n * _panel_height(view))
    height = band_top + (MASTERS_BAND_HEIGHT if masters is not None else 0)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}" '
        f'class="position catan" role="img" aria-label="Board, turn {view["turn"]}" '
        f'font-family="system-ui, sans-serif" font-size="{TEXT_SIZE}" fill="{INK}">',
        f'<rect width="{WIDTH}" height="{height}" fill="#f7f3ea"/>',
        f'<circle cx="{BOARD_CENTRE_X}" cy="{BOARD_CENTRE_Y}" r="{SEA_RADIUS}" fill="{SEA}"/>',
    ]
    board = view["board"]
    geo = board_named(view.get("layout") or BASE_LAYOUT).geometry
    fit = _fit(geo)
    if fit:  # a sea map: hexes first, so its harbours lie on the sea hexes
        parts.append(f'<g class="board-fit" transform="{fit}">')
        parts += _hexes(geo, board)
        parts += _harbours(geo, geo.harbor_vertices, board["harbors"], board["terrains"])
    else:
        parts += _harbours(geo, geo.harbor_vertices, board["harbors"], board["terrains"])
        parts += _hexes(geo, board)
    parts += _roads(geo, board["roads"])
    parts += _buildings(geo, board["buildings"])
    for plugin in _plugins(view):
        parts += plugin.draw_board(view, geo)
    if board["robber"] >= 0:
        parts.append(_robber(geo, board["robber"]))
    if fit:
        parts.append("</g>")
    waiting = all(p.draws_robber(view) for p in _plugins(view))
    if board["robber"] < 0 and board["terrains"] and waiting:
        # laid, but the robber waits beside it (mechanics/robber_off.py)
        parts.append(_robber_beside())
    parts += _bank(view)
    parts += _header(view, names)
    top = PANELS_TOP
    for seat, player in enumerate(view["players"]):
        parts += _seat_panel(view, seat, player, names[seat], top)
        top += _panel_height(view)
    if masters is not None:
        parts += _masters_band(view, names, band_top)
    parts.append("</svg>")
    return "".join(parts)


# ---------------------------------------------------------------------- the island


def _fit(geo: Geometry) -> str:
    """A transform that brings a board not centred on hex (0, 0) (Seafarers' maps, laid out
    from a corner) into the sea circle; "" for a centred island, drawn as it is."""
    xs = [x for x, _ in geo.vertex_points]
    ys = [y for _, y in geo.vertex_points]
    cx, cy = (min(xs) + max(xs)) / 2 * UNIT_X, (min(ys) + max(ys)) / 2 * UNIT_Y
    if abs(cx) < UNIT_X and abs(cy) < UNIT_Y:
        return ""
    reach = max(math.hypot(x * UNIT_X - cx, y * UNIT_Y - cy) for x, y in geo.vertex_points)
    scale = min(1.0, (SEA_RADIUS - 6) / (reach + 30))  # 30: the harbours outside the coast
    return (
        f"translate({BOARD_CENTRE_X:.1f},{BOARD_CENTRE_Y:.1f}) scale({scale:.4f}) "
        f"translate({-BOARD_CENTRE_X - cx:.1f},{-BOARD_CENTRE_Y - cy:.1f})"
    )


def _point(geo: Geometry, vertex: int) -> tuple[float, float]:
    x, y = geo.vertex_points[vertex]
    return BOARD_CENTRE_X + x * UNIT_X, BOARD_CENTRE_Y + y * UNIT_Y


def _hex_centre(geo: Geometry, hex_id: int) -> tuple[float, float]:
    q, r = geo.hex_coords[hex_id]
    return BOARD_CENTRE_X + (2 * q + r) * UNIT_X, BOARD_CENTRE_Y + 3 * r * UNIT_Y


def _hexes(geo: Geometry, board: dict[str, Any]) -> list[str]:
    parts = []
    for hex_id, terrain in enumerate(board["terrains"]):
        corners = " ".join(
            f"{x:.1f},{y:.1f}" for x, y in (_point(geo, v) for v in geo.hex_vertices[hex_id])
        )
        fill = TERRAIN_COLOURS.get(terrain, OTHER_TERRAIN)
        parts.append(
            f'<polygon class="hex" data-hex="{hex_id}" data-terrain="{terrain}" '
            f'points="{corners}" fill="{fill}" stroke="#f3e6c4" '
            f'stroke-width="3"><title>{terrain}</title></polygon>'
        )
        number = board["numbers"][hex_id]
        if number:
            cx, cy = _hex_centre(geo, hex_id)
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


def _line(start: tuple[float, float], end: tuple[float, float], colour: str, width: float) -> str:
    """A stroke from ``start`` to ``end`` (harbour piers, roads and their outlines)."""
    (ax, ay), (bx, by) = start, end
    return (
        f'<line x1="{ax:.1f}" y1="{ay:.1f}" x2="{bx:.1f}" y2="{by:.1f}" stroke="{colour}" '
        f'stroke-width="{width}" stroke-linecap="round"/>'
    )


def _harbours(
    geo: Geometry, sides: Sequence[Sequence[int]], kinds: list[str], terrains: list[str]
) -> list[str]:
    """The harbours on ``sides`` (pairs of intersections; the printed ones, or those a
    scenario lays in play) with their ``kinds``: a token on the water off each side, joined to
    its two intersections by piers."""
    parts = []
    for harbour, (a, b) in enumerate(sides):
        (ax, ay), (bx, by) = _point(geo, a), _point(geo, b)
        hx, hy = _harbour_spot(geo, a, b, terrains)
        kind = kinds[harbour]
        # A harbour still face down (Seafarers' random harbours before their draw) shows "?".
        fill = "#fbf5e3" if kind == "any" else RESOURCE_COLOURS.get(kind, "#b9b9b9")
        label = "3:1" if kind == "any" else "2:1" if kind in RESOURCE_COLOURS else "?"
        parts.append(
            f'<g class="harbor" data-harbor="{harbour}" data-kind="{kind}">'
            + _line((ax, ay), (hx, hy), "#d9c08a", 3)
            + _line((bx, by), (hx, hy), "#d9c08a", 3)
            + f'<circle cx="{hx:.1f}" cy="{hy:.1f}" r="13" fill="{fill}" stroke="{INK}" '
            f'stroke-width="0.8"/><text x="{hx:.1f}" y="{hy + 3.5:.1f}" text-anchor="middle" '
            f'font-size="9.5" font-weight="700" fill="{INK}">{label}</text>'
            f"<title>harbour {label} {kind}</title></g>"
        )
    return parts


def _harbour_spot(geo: Geometry, a: int, b: int, terrains: list[str]) -> tuple[float, float]:
    """Where the token of the harbour on side ``a``-``b`` goes: 26 units off the side's middle,
    straight away from its land hex, so onto the water (the sea hex of a sea map, the frame of
    the base island) and never onto a neighbouring land hex's number. A side whose land hex the
    terrains do not tell (a board not laid yet) takes the direction away from the board's
    centre."""
    (ax, ay), (bx, by) = _point(geo, a), _point(geo, b)
    mx, my = (ax + bx) / 2, (ay + by) / 2
    hexes = geo.edge_hexes[geo.edge_of_pair[(a, b)]]
    land = [h for h in hexes if not terrains or terrains[h] not in WATER_TERRAINS]
    if len(land) == 1:
        fx, fy = _hex_centre(geo, land[0])
    else:
        xs = [x for x, _ in geo.vertex_points]
        ys = [y for _, y in geo.vertex_points]
        fx = BOARD_CENTRE_X + (min(xs) + max(xs)) / 2 * UNIT_X
        fy = BOARD_CENTRE_Y + (min(ys) + max(ys)) / 2 * UNIT_Y
    dx, dy = mx - fx, my - fy
    length = math.hypot(dx, dy)
    return mx + dx / length * HARBOUR_OFFSET, my + dy / length * HARBOUR_OFFSET


def _roads(geo: Geometry, roads: list[list[int]]) -> list[str]:
    parts = []
    for edge, seat in roads:
        (ax, ay), (bx, by) = (_point(geo, v) for v in geo.edge_vertices[edge])
        # Shorten the road a little so the settlements at its ends stay visible.
        start = ax + (bx - ax) * 0.18, ay + (by - ay) * 0.18
        end = ax + (bx - ax) * 0.82, ay + (by - ay) * 0.82
        parts.append(
            f'<g class="road" data-edge="{edge}" data-seat="{seat}">'
            + _line(start, end, INK, 8)
            + _line(start, end, SEAT_COLOURS[seat], 5)
            + "</g>"
        )
    return parts


def _buildings(geo: Geometry, buildings: list[list[int]]) -> list[str]:
    parts = []
    for vertex, seat, level in buildings:
        x, y = _point(geo, vertex)
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


def _robber(geo: Geometry, hex_id: int) -> str:
    cx, cy = _hex_centre(geo, hex_id)
    return _robber_figure(cx + 21, cy, hex_id, "robber")  # beside the token, still readable


def _robber_beside() -> str:
    """The robber beside the board, at the sea's lower left (mechanics/robber_off.py)."""
    cx, cy = BOARD_CENTRE_X - SEA_RADIUS + 14, BOARD_CENTRE_Y + SEA_RADIUS - 30
    return _robber_figure(cx, cy, -1, "robber beside the board")


def _robber_figure(cx: float, cy: float, hex_id: int, title: str) -> str:
    beside = " robber-beside" if hex_id < 0 else ""
    return (
        f'<g class="robber{beside}" data-hex="{hex_id}"><title>{title}</title>'
        f'<ellipse cx="{cx:.1f}" cy="{cy + 9:.1f}" rx="7" ry="4" fill="#222"/>'
        f'<rect x="{cx - 5:.1f}" y="{cy - 6:.1f}" width="10" height="15" rx="4" fill="#333"/>'
        f'<circle cx="{cx:.1f}" cy="{cy - 9:.1f}" r="5" fill="#333"/></g>'
    )


def _bank(view: dict[str, Any]) -> list[str]:
    """The bank's cards by resource (their colours are the harbours' key) and the deck size."""
    parts = [_text(16, BANK_Y, "Bank", weight="700")]
    counts, x = _resource_counts(54, BANK_Y, view["bank"], "bank-resource", named=True)
    parts += counts
    deck = view["development_deck"]
    parts.append(
        _text(
            x + 4,
            BANK_Y,
            f"· development deck {deck}",
            attrs=f'class="development-deck" data-count="{deck}"',
        )
    )
    return parts


# ---------------------------------------------------------------------- the right-hand side


def _header(view: dict[str, Any], names: list[str]) -> list[str]:
    """The turn and the dice, then what is happening now."""
    title = f"Turn {view['turn']}" if view["turn"] else "Set-up"  # turn 0: before the first
    parts = [_text(PANEL_X, 26, title, size=16, weight="700", cls="status")]
    dice = view["dice"]
    if dice:
        parts.append(_dice(PANEL_X + 96, 11, dice))
    now = _now_words(view, names)
    parts.append(_text(PANEL_X, 48, now, fill=ACCENT, cls="now", fit=PANEL_TEXT_WIDTH))
    return parts


def _dice(x: float, y: float, dice: list[int]) -> str:
    faces = "".join(
        f'<rect x="{x + i * 24}" y="{y}" width="20" height="20" rx="4" fill="#fff" '
        f'stroke="{INK}" stroke-width="1.2"/>'
        + _text(x + i * 24 + 10, y + 15, str(value), size=13, weight="700", anchor="middle")
        for i, value in enumerate(dice)
    )
    total = _text(x + 52, y + 15, f"= {sum(dice)}", size=14, weight="700")
    return f'<g class="dice" data-total="{sum(dice)}"><title>dice</title>{faces}{total}</g>'


def _now_words(view: dict[str, Any], names: list[str]) -> str:
    """One line on what the table waits for: the trade on offer, a master at work, or the phase.

    ``.get`` because a live row written by a worker of the previous release lacks these keys.
    """
    trade = view.get("trade")
    if trade:
        # Who offers and who answered how are the seats' tags.
        return f"Trade on offer: {_cards_words(trade['give'])} for {_cards_words(trade['get'])}"
    at_work = view["masters"] and view["masters"].get("at_work")
    if at_work:
        return _at_work_words(at_work, names)
    return PHASE_WORDS.get(view["phase"], view["phase"].replace("_", " "))


def _at_work_words(at_work: dict[str, Any], names: list[str]) -> str:
    fields = {}
    if "target" in at_work:
        fields["target"] = _short_name(names, at_work["target"])
    if "owed" in at_work:
        fields["owed"] = ", ".join(_short_name(names, seat) for seat in at_work["owed"])
    if "cards" in at_work:  # a full view: the cards themselves
        fields["drawn"] = ", ".join(card.replace("_", " ") for card in at_work["cards"])
    elif "drawn" in at_work:
        fields["drawn"] = _count(at_work["drawn"], "card")
    return AT_WORK_WORDS[at_work["master"]].format(**fields)


def _cards_words(cards: dict[str, int]) -> str:
    return " + ".join(f"{count} {resource}" for resource, count in cards.items())


def _plugins(view: dict[str, Any]) -> tuple[Any, ...]:
    """The plug-ins that draw part of ``view`` (none in views saved before they existed)."""
    return expansions.named(view.get("expansions") or ())


def _panel_height(view: dict[str, Any]) -> int:
    rows = 4 if view["hands"] is None else 5
    rows += sum(plugin.draws_seat_words() for plugin in _plugins(view))
    return 24 + rows * PANEL_ROW


def _seat_panel(
    view: dict[str, Any], seat: int, player: dict[str, Any], name: str, top: int
) -> list[str]:
    hands = view["hands"]
    own = hands[seat] if hands is not None else None
    vp = own["victory_points"] if own is not None else player["public_vp"]
    to_move = seat == view["current_player"]
    border = INK if to_move else "#d8d0bd"
    vp_title = "victory points" if own is not None else "visible victory points"
    vp_words = f"{vp} VP"
    tag_x = WIDTH - 22 - _text_width(vp_words, 17)  # the tag ends just left of the VP
    parts = [
        f'<g class="seat" data-seat="{seat}" data-vp="{vp}" '
        f'data-resource-cards="{player["resource_cards"]}" '
        f'data-development-cards="{player["development_cards"]}">',
        f'<rect x="{PANEL_X - 8}" y="{top}" width="{WIDTH - PANEL_X}" '
        f'height="{_panel_height(view) - 8}" rx="6" fill="#fff" stroke="{border}" '
        f'stroke-width="{2 if to_move else 1}"/>',
        f'<rect x="{PANEL_X}" y="{top + 10}" width="14" height="14" rx="2" '
        f'fill="{SEAT_COLOURS[seat]}" stroke="{INK}"/>',
        _text(
            PANEL_X + 22,
            top + 22,
            _cut(name, NAME_CHARS),
            size=14,
            weight="700",
            title=name,
            fit=NAME_WIDTH,
        ),
        _text(tag_x, top + 22, _seat_tag(view, seat), size=11, anchor="end", cls="tag"),
        _text(WIDTH - 16, top + 23, vp_words, size=17, weight="700", anchor="end", title=vp_title),
        _text(
            PANEL_X,
            top + 42,
            f"{_count(player['resource_cards'], 'resource')} · "
            f"{player['development_cards']} development · "
            f"{_count(player['knights_played'], 'knight')} · road {player['road_length']}",
            fit=PANEL_TEXT_WIDTH,
        ),
        _text(
            PANEL_X,
            top + 60,
            f"pieces left: {player['roads_left']} roads, {player['settlements_left']} "
            f"settlements, {player['cities_left']} cities",
            fill=MUTED,
            fit=PANEL_TEXT_WIDTH,
        ),
    ]
    line = top + 60 + PANEL_ROW
    if own is not None:
        parts += _hand(own, line)
    elif hands is not None:  # a replay from another seat: this hand stays face down
        parts.append(_text(PANEL_X, line + 15, "hand hidden", fill=MUTED, cls="hand"))
    if hands is not None:
        line += PANEL_ROW
    for plugin in _plugins(view):
        if plugin.draws_seat_words():
            words = plugin.seat_words(view, seat)
            if words:
                parts.append(_text(PANEL_X, line + 15, words, fit=PANEL_TEXT_WIDTH))
            line += PANEL_ROW
    if view["masters"] is not None:
        parts += _seat_master(view["masters"]["players"][seat], line)
    parts += _badges(view, seat, line)
    parts.append("</g>")
    return parts


def _seat_tag(view: dict[str, Any], seat: int) -> str:
    """Who the table waits for, each seat's answer to the trade on offer, whose turn it is."""
    if seat == view["current_player"]:
        return "▶ to act"
    trade = view.get("trade")
    if trade:
        if seat == trade["proposer"]:
            return "offers"
        if seat in trade["accepted"]:
            return "accepts"
        return "to answer" if seat in trade["pending"] else "declines"
    return "their turn" if seat == view["turn_player"] and view["turn"] else ""


def _hand(hand: dict[str, Any], y: int) -> list[str]:
    parts = ['<g class="hand">', _text(PANEL_X, y, "hand", fill=MUTED)]
    counts, x = _resource_counts(PANEL_X + 34, y, hand["resources"], "hand-resource", named=False)
    parts += counts
    dev = ", ".join(
        f"{hand['development'][card]} {DEV_SHORT[card]}"
        for card in DEV_CARDS
        if card in hand["development"]
    )
    if dev:
        parts.append(_text(x + 2, y, f"· {dev}", fit=WIDTH - 16 - x))
    parts.append("</g>")
    return parts


def _seat_master(master: dict[str, Any], y: int) -> list[str]:
    if not master["master"]:
        return [_text(PANEL_X, y, "no master yet", fill=MUTED)]
    # A master swapped in is "new" even though its seat's use this turn was of the one before.
    status = "new" if not master["ready"] else "used" if master["used_this_turn"] else "ready"
    chip, width = _master_card(
        PANEL_X, y - 14, master["master"], master["side"], "seat", f' data-status="{status}"'
    )
    return [chip, _text(PANEL_X + width + 6, y, status, fill=MUTED, title=MASTER_STATUS[status])]


def _badges(view: dict[str, Any], seat: int, y: int) -> list[str]:
    """Longest Road and Largest Army, right-aligned on the panel's last row."""
    held = [
        label
        for label, key in (("Longest Road", "longest_road"), ("Largest Army", "largest_army"))
        if view[key] == seat
    ]
    parts = []
    x = WIDTH - 16
    for label in reversed(held):
        width = _text_width(label, 10.5) + 12
        x -= width
        parts.append(_chip(x, y - 14, width, label, "#f3e3c3", ACCENT, 'class="badge"'))
        x -= 6
    return parts


# ---------------------------------------------------------------------- Masters


def _masters_band(view: dict[str, Any], names: list[str], top: int) -> list[str]:
    """MA-SETUP-01..05: the stack (during set-up) and the reserve, face up for everyone."""
    masters = view["masters"]
    parts = [
        f'<rect x="8" y="{top}" width="{WIDTH - 16}" height="{MASTERS_BAND_HEIGHT - 8}" rx="6" '
        'fill="#efe7d6"/>',
        _text(16, top + 18, "Masters", size=13, weight="700"),
        _text(
            WIDTH - 16,
            top + 18,
            "side A blue, side B red · the stack is dealt top first",
            size=11,
            fill=MUTED,
            anchor="end",
        ),
    ]
    jean = masters["jean_resource"]
    if jean:
        who = _short_name(names, view["turn_player"])
        parts.append(
            _text(
                86,
                top + 18,
                f"· Jean: {who} trades {jean} 2:1 this turn",
                fill=ACCENT,
                cls="jean",
                attrs=f'data-resource="{jean}"',
            )
        )
    rows = (("stack", top + 26, masters["stack"]), ("reserve", top + 58, masters["reserve"]))
    for place, y, cards in rows:
        parts.append(
            f'<g class="masters-{place}" data-count="{len(cards)}">'
            + _text(16, y + 14, f"{place.title()} ({len(cards)})", fill=MUTED)
        )
        x = 104
        for name in cards:
            chip, width = _master_card(x, y, name, "A", place)
            parts.append(chip)
            x += width + 6
        if not cards:
            parts.append(_text(x, y + 14, EMPTY_MASTER_ROW_WORDS[place], fill=MUTED))
        parts.append("</g>")
    return parts


def _master_card(
    x: float, y: float, master: str, side: str, place: str, attrs: str = ""
) -> tuple[str, float]:
    """A master card in the ``place`` "stack", "reserve" or "seat", coloured by the side up;
    and its width."""
    name = MASTER_NAMES[master]
    if place == "stack":
        label = f"{MASTER_NUMBERS[master]} {name}"  # the number shows the order of dealing
    elif place == "seat":
        label = f"{name} · {side}"
    else:
        label = name  # MA-SETUP-03: the reserve always lies side A up
    width = _text_width(label, 11) + 14
    chip = _chip(
        x,
        y,
        width,
        label,
        MASTER_SIDE_COLOURS[side],
        "#fff",
        f'class="master-card" data-master="{master}" data-side="{side}" '
        f'data-place="{place}"{attrs}',
        size=11,
        title=f"{name}, side {side}",
    )
    return chip, width


# ---------------------------------------------------------------------- drawing helpers


def _text(
    x: float,
    y: float,
    words: str,
    *,
    size: float = TEXT_SIZE,
    fill: str = INK,
    weight: str = "",
    anchor: str = "",
    cls: str = "",
    attrs: str = "",
    title: str = "",
    fit: float | None = None,
) -> str:
    """A line of ``words``; with ``fit``, in a smaller font if they would be wider than that."""
    if fit is not None:
        size = min(size, round(size * fit / _text_width(words, size, bold=bool(weight)), 1))
    # The picture's own font size and colour are the defaults: a frame repeats ~100 texts.
    extra = (
        (f' font-size="{size:g}"' if size != TEXT_SIZE else "")
        + (f' fill="{fill}"' if fill != INK else "")
        + (f' font-weight="{weight}"' if weight else "")
        + (f' text-anchor="{anchor}"' if anchor else "")
        + (f' class="{cls}"' if cls else "")
        + (f" {attrs}" if attrs else "")
    )
    tooltip = f"<title>{escape(title)}</title>" if title else ""
    return f'<text x="{x:g}" y="{y:g}"{extra}>{tooltip}{escape(words)}</text>'


def _chip(
    x: float,
    y: float,
    width: float,
    label: str,
    fill: str,
    ink: str,
    attrs: str,
    size: float = 10.5,
    title: str = "",
) -> str:
    """A rounded label 20 units high with its top-left corner at (x, y)."""
    tooltip = f"<title>{escape(title)}</title>" if title else ""
    return (
        f"<g {attrs}>{tooltip}"
        f'<rect x="{x:.1f}" y="{y:g}" width="{width:.1f}" height="19" rx="4" fill="{fill}"/>'
        + _text(x + width / 2, y + 13.5, label, size=size, fill=ink, weight="700", anchor="middle")
        + "</g>"
    )


def _resource_counts(
    x: float, y: float, counts: dict[str, int], cls: str, named: bool
) -> tuple[list[str], float]:
    """Per resource a square of its colour, its short name if ``named`` (the bank's line is the
    key to the colours, for the hands and the harbours) and the count, left to right; and where
    they end."""
    parts = []
    for resource in RESOURCES:
        count = counts[resource]
        words = f"{RESOURCE_SHORT[resource]} {count}" if named else str(count)
        parts.append(
            f'<g class="{cls}" data-resource="{resource}" data-count="{count}">'
            f'<rect x="{x:.1f}" y="{y - 9}" width="10" height="10" rx="2" '
            f'fill="{RESOURCE_COLOURS[resource]}" stroke="{INK}" stroke-width="0.6"/>'
            + _text(x + 13, y, words)
            + "</g>"
        )
        x += 13 + _text_width(words, 12, bold=False) + 8
    return parts, x


def _text_width(words: str, size: float, bold: bool = True) -> float:
    """About how wide ``words`` are in the picture's sans-serif font (for laying out chips)."""
    return len(words) * size * (0.62 if bold else 0.56)


def _count(number: int, thing: str) -> str:
    return f"{number} {thing}{'' if number == 1 else 's'}"


def _short_name(names: list[str], seat: int) -> str:
    return _cut(names[seat], NAME_CHARS_IN_LINE)


def _cut(words: str, chars: int) -> str:
    """``words`` cut to ``chars`` characters, the last one an ellipsis if anything was cut."""
    return words if len(words) <= chars else words[: chars - 1] + "…"
