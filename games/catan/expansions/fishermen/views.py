"""What the table sees of the fish, what only a seat sees, the picture and the words.

Public: the grounds' numbers, the lake, how many tokens each seat holds, the face-down supply's
size, the spent pile (face up), the boot's holder. Secret (FI-HO-01): the values of a seat's own
tokens (its observation's ``fish``, the replay's hand).
"""

from __future__ import annotations

import math
from typing import Any

from games.catan.expansions.fishermen.grounds import ground_vertices, lake_hex
from games.catan.expansions.fishermen.spending import PRICES
from games.catan.expansions.fishermen.supply import (
    BOOT,
    TOKEN_LIMIT,
    VALUES,
    fish_total,
    tokens,
)
from games.common.narration import Telling, counted, listed, seat_name


def _by_value(counts: list[int]) -> dict[str, int]:
    return {str(v): counts[v - 1] for v in VALUES}


def public(state: Any) -> dict[str, Any]:
    """The fish as everyone sees them."""
    return {
        "grounds": [
            {"number": number, "vertices": list(vertices)}
            for number, vertices in zip(state.fish_grounds, ground_vertices(state), strict=False)
        ],
        "lake": lake_hex(state),
        "lake_numbers": list(state.board.sites["lake_numbers"]),
        "supply": sum(state.fish_supply),
        "boot_in_supply": bool(state.fish_supply[BOOT]),
        "spent": _by_value(state.fish_spent),
        "tokens": [tokens(state, s) for s in range(state.n)],
        "boot": state.fish_boot,
        "drawing": [list(entry) for entry in state.fish_queue],
        "prices": dict(PRICES),
        "token_limit": TOKEN_LIMIT,
    }


def observe(state: Any, seat: int, obs: dict[str, Any]) -> None:
    """``obs["fishermen"]``: the public part and the seat's own tokens by value."""
    mine = public(state)
    mine["fish"] = _by_value(state.fish_held[seat])
    mine["fish_total"] = fish_total(state, seat)
    obs["fishermen"] = mine


def view(state: Any, view: dict[str, Any]) -> None:
    view["fishermen"] = public(state)


def hand_view(state: Any, seat: int, hand: dict[str, Any]) -> None:
    hand["fish"] = _by_value(state.fish_held[seat])


# ---------------------------------------------------------------------- the picture

GROUND_FILL = "#cfe8f5"
FISH_INK = "#0d4a6b"


def draw_board(view: dict[str, Any], geometry: Any) -> list[str]:
    """Each fishing ground as a band of the frame against its 3 intersections with its number,
    the lake's numbers, the supply and the spent pile."""
    from games.catan import picture  # at call time: picture imports the plug-ins

    fish = view.get("fishermen")
    if not fish:
        return []
    cx, cy = picture.BOARD_CENTRE_X, picture.BOARD_CENTRE_Y

    def point(vertex: int, out: float = 0.0) -> tuple[float, float]:
        x, y = geometry.vertex_points[vertex]
        px, py = cx + x * picture.UNIT_X, cy + y * picture.UNIT_Y
        length = math.hypot(px - cx, py - cy)
        return px + (px - cx) / length * out, py + (py - cy) / length * out

    parts = []
    for index, ground in enumerate(fish["grounds"]):
        vertices = ground["vertices"]
        inner = [point(v, 3) for v in vertices]
        outer = [point(v, 24) for v in reversed(vertices)]
        shape = " ".join(f"{x:.1f},{y:.1f}" for x, y in inner + outer)
        tx, ty = point(vertices[1], 36)
        number = ground["number"]
        parts.append(
            f'<g class="fishing-ground" data-ground="{index}" data-number="{number}">'
            f'<polygon points="{shape}" fill="{GROUND_FILL}" stroke="{FISH_INK}" '
            f'stroke-width="1"/><circle cx="{tx:.1f}" cy="{ty:.1f}" r="11" fill="#fbf5e3" '
            f'stroke="{FISH_INK}"/><text x="{tx:.1f}" y="{ty + 4:.1f}" text-anchor="middle" '
            f'font-size="11" font-weight="700" fill="{FISH_INK}">{number}</text>'
            f"<title>fishing ground {number}: fish for its 3 intersections</title></g>"
        )
    lake = fish["lake"]
    if lake >= 0:
        q, r = geometry.hex_coords[lake]
        lx, ly = cx + (2 * q + r) * picture.UNIT_X, cy + 3 * r * picture.UNIT_Y
        numbers = " ".join(map(str, fish["lake_numbers"]))
        parts.append(
            f'<text class="lake-numbers" data-hex="{lake}" x="{lx:.1f}" y="{ly + 4:.1f}" '
            f'text-anchor="middle" font-size="11" font-weight="700" fill="{FISH_INK}">'
            f"{numbers}<title>the lake fishes on {numbers}</title></text>"
        )
    spent = fish["spent"]
    words = (
        f"fish supply {fish['supply']}"
        + (" (boot in it)" if fish["boot_in_supply"] else "")
        + f" · spent 1×{spent['1']} 2×{spent['2']} 3×{spent['3']}"
    )
    parts.append(  # the board's top-left corner, outside the sea
        f'<text class="fish-supply" x="8" y="16" font-size="11" fill="{FISH_INK}">{words}</text>'
    )
    return parts


def seat_words(view: dict[str, Any], seat: int) -> str | None:
    """The seat's fish tokens (their values in a replay's hand) and the boot."""
    fish = view.get("fishermen")
    if not fish:
        return None
    hands = view.get("hands")
    own = hands[seat] if hands is not None else None
    if own is not None and "fish" in own:
        values = own["fish"]
        total = sum(int(v) * n for v, n in values.items())
        words = f"fish: {counted(sum(values.values()), 'token')} ({total} fish)"
    else:
        words = f"fish: {counted(fish['tokens'][seat], 'token')}"
    if fish["boot"] == seat:
        words += " · boot"
    return words


# ---------------------------------------------------------------------- the words

ITEM_WORDS = {
    "remove_robber": "to take the robber off {freed}",
    "steal": "to steal a card from {victim}",
    "resource": "to take {resource} from the bank",
    "road": "for a free road",
    "development": "for a free development card",
}


def _fish_for(told: Telling) -> str:
    event = told.event
    paid = event["paid"]
    tokens_words = listed([f"{v}" for v in paid])
    what = ITEM_WORDS[event["item"]].format(**told.words)
    return (
        f"{told.words['who']} hands in {counted(len(paid), 'fish token')} ({tokens_words} = "
        f"{sum(paid)} fish) {what}."
    )


def _shortage(told: Telling) -> str:
    owed = listed([f"{seat_name(seat, told.names)} {count}" for seat, count in told.event["owed"]])
    return (
        f"Too few fish tokens for everyone ({owed}; {told.event['available']} left): nobody draws."
    )


SENTENCES = {
    "fishing_grounds": "The fishing grounds are laid: {numbers}.",
    "draw_fish": ("{who} draws a {fish}-fish token.", "{who} draws a fish token."),
    "old_boot": "{who} draws the old boot and needs one more victory point to win.",
    "fish_reshuffle": "The {tokens} spent fish tokens are shuffled into a new supply.",
    "fish_shortage": _shortage,
    "swap_fish": "{who} holds 7 fish tokens and gives up a {fish}-fish token for a new one.",
    "pass_fish": "{who} holds 7 fish tokens and lets the new one go.",
    "fish_for": _fish_for,
    "give_boot": "{who} passes the old boot to {to}.",
}
