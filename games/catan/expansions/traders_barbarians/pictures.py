"""The scenario in pictures and words: plazas, barbarians and wagons over the island, each seat's
baggage card, cargo and deliveries, and its events as sentences (views only, never a state).
"""

from __future__ import annotations

from typing import Any

from games.catan.board import board
from games.catan.mechanics import gold, scenario_deck, setup_city

TRADE_HEX_COLOURS = {"castle": "#b9a58a", "quarry": "#d9d4c7", "glassworks": "#9fd3d9"}

SENTENCES: dict[str, Any] = {
    **gold.SENTENCES,
    **scenario_deck.SENTENCES,
    **setup_city.SENTENCES,
    "wagon_journey": "{who} sets off with the wagon ({points} movement points).",
    "move_wagon": "{who} drives the wagon {edge} to {vertex} ({points} MP, {left} left).",
    "buy_movement": "{who} pays 1 grain for 2 more movement points.",
    "move_barbarian": "{who} moves barbarian {barbarian} to {edge}.",
    "drive_off": "{who} rolls {die} to drive off barbarian {barbarian} ({success}).",
    "load_commodity": "{who} loads {commodity} at the {trade_hex}.",
    "delivery": "{who} delivers {commodity} to the {trade_hex}: 1 victory point.",
    "upgrade_baggage": "{who} upgrades the baggage train to card {card}.",
    "reroll": "{total} is rolled again (no hex carries it).",
}
"""The scenario's events in words (with the shared mechanics' own sentences)."""
gold.REASONS.update({"toll": "road toll", "delivery": "delivery"})


class PictureRules:
    """Mixin of the plug-in: ``draw_board``, ``seat_words`` and ``sentences``."""

    sentences = SENTENCES

    def draw_board(self, view: dict[str, Any], geometry: Any) -> list[str]:
        scenario = view.get("traders_barbarians")
        if scenario is None:
            return []
        from games.catan import picture  # the picture imports the plug-ins: not at import time

        def point(v: int) -> tuple[float, float]:
            x, y = geometry.vertex_points[v]
            return (
                picture.BOARD_CENTRE_X + x * picture.UNIT_X,
                picture.BOARD_CENTRE_Y + y * picture.UNIT_Y,
            )

        INK, SEAT_COLOURS = picture.INK, picture.SEAT_COLOURS
        parts = []
        for name, site in board(view["layout"]).sites["trade_hexes"].items():
            plaza = site["plaza"]
            x, y = point(plaza)
            for w in geometry.vertex_neighbors[plaza]:
                wx, wy = point(w)
                parts.append(
                    f'<line x1="{x:.1f}" y1="{y:.1f}" x2="{wx:.1f}" y2="{wy:.1f}" '
                    f'stroke="#6b5a43" stroke-width="2" stroke-dasharray="4 3"/>'
                )
            colour = TRADE_HEX_COLOURS.get(name, "#ccc")
            half = 3 * len(name) + 5  # about 6 px a letter at 10 px
            parts.append(
                f'<g class="plaza" data-vertex="{plaza}"><title>{name} plaza</title>'
                f'<rect x="{x - half:.1f}" y="{y - 9:.1f}" width="{2 * half}" height="18" rx="3" '
                f'fill="{colour}" stroke="{INK}" stroke-width="1.5"/>'
                f'<text x="{x:.1f}" y="{y + 4:.1f}" text-anchor="middle" font-size="10" '
                f'font-weight="700">{name}</text>'
                f'<text x="{x:.1f}" y="{y + 22:.1f}" text-anchor="middle" font-size="9">'
                f"{scenario['stacks'][name]} left</text></g>"
            )
        for i, edge in enumerate(scenario["barbarians"]):
            (ax, ay), (bx, by) = (point(v) for v in geometry.edge_vertices[edge])
            x, y = (ax + bx) / 2, (ay + by) / 2
            parts.append(
                f'<g class="barbarian" data-edge="{edge}"><title>barbarian {i}</title>'
                f'<circle cx="{x:.1f}" cy="{y:.1f}" r="7" fill="#3b2a1a" stroke="#f3e6c4" '
                f'stroke-width="1.5"/><text x="{x:.1f}" y="{y + 3.5:.1f}" text-anchor="middle" '
                f'font-size="9" font-weight="700" fill="#f3e6c4">B</text></g>'
            )
        for seat, vertex in enumerate(scenario["wagons"]):
            if vertex < 0:
                continue
            x, y = point(vertex)
            x += (seat % 2) * 10 - 5
            y += (seat // 2) * 10 - 14
            cargo = scenario["cargo"][seat]
            parts.append(
                f'<g class="wagon" data-seat="{seat}" data-vertex="{vertex}">'
                f"<title>wagon of seat {seat}{' carrying ' + cargo if cargo else ''}</title>"
                f'<rect x="{x - 6:.1f}" y="{y - 4:.1f}" width="12" height="8" rx="1.5" '
                f'fill="{SEAT_COLOURS[seat]}" stroke="{INK}" stroke-width="1.2"/>'
                f'<circle cx="{x - 3:.1f}" cy="{y + 5:.1f}" r="2" fill="{INK}"/>'
                f'<circle cx="{x + 3:.1f}" cy="{y + 5:.1f}" r="2" fill="{INK}"/></g>'
            )
        return parts

    def seat_words(self, view: dict[str, Any], seat: int) -> str | None:
        scenario = view.get("traders_barbarians")
        if scenario is None:
            return None
        cargo = scenario["cargo"][seat] or "nothing"
        coins = view.get("gold", {}).get("seats", [0] * (seat + 1))[seat]
        held = view.get("scenario_deck", {}).get("held", [0] * (seat + 1))[seat]
        return (
            f"gold {coins} · {held} cards · baggage {scenario['baggage'][seat]} · "
            f"carries {cargo} · delivered {scenario['delivered'][seat]}"
        )
