"""A picture of a card game position as inline SVG, drawn from the engine's own public data.

As for the board game (``games/catan/picture.py``): :func:`public_view` keeps only what both
seats may know (each principality, hand sizes, stack sizes, tokens, the last roll),
:func:`full_view` adds the cards in each hand (for finished games), and :func:`draw` turns a view
into SVG. Each principality is a grid read from ``observation.public_domain``: the centre row
(settlements and cities on even columns, roads on odd ones), regions above and below the roads,
expansion slots above and below the settlements (two deep beside a city).

Drawn cards carry ``class`` and ``data-*`` attributes (``data-seat``, ``data-col``, ``data-row``,
``data-card``, ``data-resource``) so tests and scripts can read the picture back.
"""

from __future__ import annotations

from html import escape
from typing import Any

from games.cardgame.cards import CARDS
from games.cardgame.constants import ALL_STACKS

CELL_W, CELL_H, GAP = 62, 46, 4
WIDTH = 1000
MARGIN = 14
ROWS = (2, 1, 0, -1, -2)
"""Grid rows top to bottom: outer slots, regions/inner slots, the centre row, then below."""
DOMAIN_H = len(ROWS) * (CELL_H + GAP)
SEAT_HEADER_H = 44
HAND_LINE_H = 18

RESOURCE_COLOURS = {
    "grain": "#e9c74a",
    "ore": "#8c8f94",
    "wool": "#9bcf5e",
    "lumber": "#2e6b35",
    "brick": "#c2653c",
    "gold": "#d9a520",
}
DARK_RESOURCES = ("lumber", "brick", "ore")
"""Regions whose colour needs white text."""
KIND_COLOURS = {"green": "#dcefd6", "red": "#f6d6d1", "action": "#fbf0c2", "event": "#d8e4f6"}
CENTRE_COLOURS = {"road": "#cbb89a", "settlement": "#f1e3c4", "city": "#e7c98f"}
SEAT_COLOURS = ("#d23a2a", "#2b63c4")
INK = "#1f2933"
MUTED = "#55606e"

_KIND_OF_TYPE = {card.type: card.kind for card in CARDS.values()}


def public_view(state: Any) -> dict[str, Any]:
    """What both seats may know: principalities, hand sizes, stacks by size, tokens, the roll.

    Built from a whitelist of observation fields (never the hand or a searched stack).
    """
    obs = state.observation(0)
    return {
        "turn": obs["turn"],
        "active": obs["active"],
        "phase": obs["phase"],
        "to_move": obs["to_move"],
        "decision": obs["decision"],
        "domains": [obs["you"], obs["opponent"]],
        "stacks": obs["stacks"],
        "tokens": obs["tokens"],
        "last_roll": obs["last_roll"],
        "vp_target": obs["vp_target"],
        "hands": None,
    }


def full_view(state: Any) -> dict[str, Any]:
    """:func:`public_view` plus the cards in each hand (for finished games)."""
    view = public_view(state)
    view["hands"] = [list(state.observation(seat)["hand"]) for seat in (0, 1)]
    return view


def seat_view(state: Any, seat: int) -> dict[str, Any]:
    """:func:`full_view` as ``seat`` saw it: its own hand, the other hand hidden."""
    view = full_view(state)
    view["hands"] = [hand if index == seat else None for index, hand in enumerate(view["hands"])]
    return view


def turn(state: Any) -> int:
    """The engine's turn counter at ``state`` (what a viewer's jump-to-turn box means)."""
    return state.turn


def draw(view: dict[str, Any], names: list[str] | None = None) -> str:
    """The SVG of ``view``: seat 1's principality above, seat 0's below, the stacks between."""
    names = names or ["Seat 0", "Seat 1"]
    seat_h = SEAT_HEADER_H + DOMAIN_H + (HAND_LINE_H if view["hands"] is not None else 0)
    middle_h = 64
    height = 2 * seat_h + middle_h + 2 * MARGIN
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}" '
        f'class="position cardgame" role="img" aria-label="Principalities, turn {view["turn"]}" '
        'font-family="system-ui, sans-serif">',
        f'<rect width="{WIDTH}" height="{height}" fill="#f7f3ea"/>',
    ]
    parts += _seat(view, 1, names[1], MARGIN)
    parts += _middle(view, MARGIN + seat_h)
    parts += _seat(view, 0, names[0], MARGIN + seat_h + middle_h)
    parts.append("</svg>")
    return "".join(parts)


def _seat(view: dict[str, Any], seat: int, name: str, top: int) -> list[str]:
    domain = view["domains"][seat]
    to_move = view["to_move"] == seat
    tokens = [token for token, holder in view["tokens"].items() if holder == seat]
    facts = (
        f"strength {domain['strength']} · tournament {domain['tournament']} · trade "
        f"{domain['trade']} · hand {domain['hand_size']}/{domain['hand_limit']}"
    )
    if tokens:
        facts += " · " + ", ".join(f"{token} token" for token in tokens)
    parts = [
        f'<g class="seat" data-seat="{seat}" data-vp="{domain["vp"]}" '
        f'data-hand-size="{domain["hand_size"]}">',
        f'<rect x="{MARGIN}" y="{top + 8}" width="14" height="14" rx="2" '
        f'fill="{SEAT_COLOURS[seat]}" stroke="{INK}"/>',
        f'<text x="{MARGIN + 22}" y="{top + 20}" font-size="15" font-weight="700" fill="{INK}">'
        f"{escape(name)}{' ▶' if to_move else ''}</text>",
        f'<text class="vp" x="{WIDTH - MARGIN}" y="{top + 21}" text-anchor="end" font-size="17" '
        f'font-weight="700" fill="{INK}">{domain["vp"]} / {view["vp_target"]} VP</text>',
        f'<text x="{MARGIN}" y="{top + 38}" font-size="12" fill="{MUTED}">{escape(facts)}</text>',
    ]
    parts += _domain(domain, seat, top + SEAT_HEADER_H)
    if view["hands"] is not None:
        hand = view["hands"][seat]
        if hand is None:  # a replay from the other seat
            cards = f"hidden ({domain['hand_size']} cards)"
        else:
            cards = ", ".join(_label(card) for card in hand) or "(empty)"
        parts.append(
            f'<text class="hand" x="{MARGIN}" y="{top + SEAT_HEADER_H + DOMAIN_H + 12}" '
            f'font-size="12" fill="{INK}">hand: {escape(cards)}</text>'
        )
    parts.append("</g>")
    return parts


def _domain(domain: dict[str, Any], seat: int, top: int) -> list[str]:
    columns = [col for col, _ in domain["centre"]]
    columns += [region[0] for region in domain["regions"]] + [slot[0] for slot in domain["slots"]]
    low, high = min(columns), max(columns)
    span = (high - low + 1) * (CELL_W + GAP)
    left = max(MARGIN, (WIDTH - span) / 2)
    scale = min(1.0, (WIDTH - 2 * MARGIN) / span)

    def cell(col: int, row: int) -> tuple[float, float]:
        x = (left if scale == 1.0 else MARGIN) + (col - low) * (CELL_W + GAP) * scale
        return x, top + ROWS.index(row) * (CELL_H + GAP)

    width = CELL_W * scale
    parts = []
    for col, kind in domain["centre"]:
        x, y = cell(col, 0)
        outline = 0.8 if kind == "road" else 1.6  # buildings stand out from the roads
        parts.append(
            f'<g class="centre" data-seat="{seat}" data-col="{col}" data-card="{kind}">'
            f'<rect x="{x:.1f}" y="{y}" width="{width:.1f}" height="{CELL_H}" rx="5" '
            f'fill="{CENTRE_COLOURS[kind]}" stroke="{INK}" stroke-width="{outline}"/>'
            f'<text x="{x + width / 2:.1f}" y="{y + CELL_H / 2 + 4}" text-anchor="middle" '
            f'font-size="9.5" font-weight="600" fill="{INK}">{kind}</text></g>'
        )
    for col, side, resource, number, amount in domain["regions"]:
        x, y = cell(col, side)
        text = "#fff" if resource in DARK_RESOURCES else INK
        pips = "".join(
            f'<circle cx="{x + width / 2 + (i - 1) * 11:.1f}" cy="{y + 34}" r="4" '
            f'fill="{"#fbf5e3" if i < amount else "none"}" stroke="{text}" stroke-width="1"/>'
            for i in range(3)
        )
        parts.append(
            f'<g class="region" data-seat="{seat}" data-col="{col}" data-row="{side}" '
            f'data-resource="{resource}" data-number="{number}" data-amount="{amount}">'
            f'<rect x="{x:.1f}" y="{y}" width="{width:.1f}" height="{CELL_H}" rx="5" '
            f'fill="{RESOURCE_COLOURS[resource]}" stroke="{INK}" stroke-width="0.8"/>'
            f'<text x="{x + 5:.1f}" y="{y + 15}" font-size="10" font-weight="700" fill="{text}">'
            f'{resource}</text><text x="{x + width - 5:.1f}" y="{y + 15}" text-anchor="end" '
            f'font-size="12" font-weight="700" fill="{text}">{number}</text>{pips}'
            f"<title>{resource} region, die {number}, {amount} stored</title></g>"
        )
    for col, row, card_type in domain["slots"]:
        x, y = cell(col, row)
        kind = _KIND_OF_TYPE.get(card_type, "green")
        words = _label(card_type).split(" ")
        lines = [" ".join(words[: (len(words) + 1) // 2]), " ".join(words[(len(words) + 1) // 2 :])]
        label = "".join(
            f'<tspan x="{x + width / 2:.1f}" dy="{0 if i == 0 else 12}">{escape(line)}</tspan>'
            for i, line in enumerate(part for part in lines if part)
        )
        parts.append(
            f'<g class="expansion" data-seat="{seat}" data-col="{col}" data-row="{row}" '
            f'data-card="{card_type}"><rect x="{x:.1f}" y="{y}" width="{width:.1f}" '
            f'height="{CELL_H}" rx="5" fill="{KIND_COLOURS.get(kind, "#eee")}" stroke="{INK}" '
            f'stroke-width="0.8"/><text x="{x + width / 2:.1f}" y="{y + 19}" '
            f'text-anchor="middle" font-size="10.5" fill="{INK}">{label}</text>'
            f"<title>{escape(_label(card_type))}</title></g>"
        )
    return parts


def _middle(view: dict[str, Any], top: int) -> list[str]:
    status = f"Turn {view['turn']} · {view['phase'].replace('_', ' ')}"
    if view["decision"] not in (view["phase"], None):
        status += f" · {str(view['decision']).replace('_', ' ')}"
    roll = view["last_roll"]
    if roll:
        status += f" · production die {roll.get('production')} · event die: {roll.get('event')}"
    parts = [
        f'<line x1="{MARGIN}" x2="{WIDTH - MARGIN}" y1="{top + 4}" y2="{top + 4}" '
        'stroke="#d8d0bd"/>',
        f'<text class="status" x="{MARGIN}" y="{top + 26}" font-size="14" font-weight="700" '
        f'fill="{INK}">{escape(status)}</text>',
    ]
    x = MARGIN
    for stack in ALL_STACKS:
        size = view["stacks"].get(stack, 0)
        parts.append(
            f'<g class="stack" data-stack="{stack}" data-size="{size}">'
            f'<rect x="{x}" y="{top + 36}" width="92" height="20" rx="4" fill="#fff" '
            f'stroke="#d8d0bd"/><text x="{x + 46}" y="{top + 50}" text-anchor="middle" '
            f'font-size="11.5" fill="{INK}">{stack} {size}</text></g>'
        )
        x += 97
    return parts


def _label(card: str) -> str:
    """A card's words: ``knight_hagen#2`` → ``knight hagen``, ``ev_plague`` → ``plague``."""
    name = card.split("#", 1)[0]
    if name.startswith("ev_"):
        name = name[3:]
    return name.replace("_", " ")
