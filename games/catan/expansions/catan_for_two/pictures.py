"""Catan for Two in pictures and words: the neutral colours' marks and supplies on the island,
each seat's trade tokens, the scenario's events as sentences (no state here, only views)."""

from __future__ import annotations

from typing import Any

from games.common.narration import Telling

COLOUR_NAMES = ("red", "blue", "orange", "white")
"""The picture's colours by owner id (``picture.SEAT_COLOURS``): the neutrals are 2 and 3."""


def _neutral(owner: Any) -> str:
    name = COLOUR_NAMES[owner] if type(owner) is int and 0 <= owner < 4 else str(owner)
    return f"the {name} neutral"


def _with_owner(template: str) -> Any:
    def sentence(told: Telling) -> str:
        return template.format(**{**told.words, "owner": _neutral(told.event.get("owner"))})

    return sentence


def _tokens(count: Any) -> str:
    return f"{count} trade token{'' if count == 1 else 's'}"


def _earned(told: Telling) -> str:
    why = {
        "settlement": "the new settlement",
        "knight": "a played knight",
        "swamp": "a settlement by a swamp",
        "trade_hex": "a settlement by a trade hex",
        "lost_knight": "a knight of his taken off",
    }
    reason = why.get(told.event.get("reason"), str(told.event.get("reason")))
    return f"{told.words['who']} takes {_tokens(told.event['tokens'])} for {reason}."


def _token_action(told: Telling) -> str:
    what = {
        "forced_trade": "a Forced Trade",
        "robber_to_desert": "the robber to the desert",
        "robber_to_swamp": "the robber to a swamp",
        "robber_aside": "the robber beside the board",
        "move_barbarian": "moving a barbarian",
    }
    action = what.get(told.event.get("action"), str(told.event.get("action")))
    return f"{told.words['who']} pays {_tokens(told.event['tokens'])} for {action}."


SENTENCES: dict[str, Any] = {
    "neutral_start": _with_owner("{owner} starts with a settlement at {vertex}."),
    "neutral_road": _with_owner("{who} builds a road for {owner} {edge}."),
    "neutral_settlement": _with_owner("{who} builds a settlement for {owner} at {vertex}."),
    "neutral_none": "{who} finds no place for a neutral {piece}.",
    "trade_tokens": _earned,
    "token_action": _token_action,
    "trade_knight": "{who} gives up a played knight.",
    "robber_to_desert": "{who} sends the robber from {freed} back to {hex}.",
    "forced_draw": (
        "{who} draws {resource} from {victim}'s hand.",
        "{who} draws a card from {victim}'s hand.",
    ),
    "forced_give": ("{who} gives {resource} to {to}.", "{who} gives a card to {to}."),
}


class Pictures:
    """Mixin of the plug-in: ``draw_board``, ``seat_words`` and ``sentences``."""

    sentences = SENTENCES

    def draw_board(self, view: dict[str, Any], geometry: Any) -> list[str]:
        """An "N" on each neutral building, and the neutrals' supplies beside the island."""
        from games.catan import picture  # at call time: the picture module imports plug-ins

        part = view.get("catan_for_two")
        if not part:
            return []
        seats = view["num_players"]
        parts = []
        for vertex, owner, _level in view["board"]["buildings"]:
            if owner >= seats:
                x, y = geometry.vertex_points[vertex]
                px = picture.BOARD_CENTRE_X + x * picture.UNIT_X
                py = picture.BOARD_CENTRE_Y + y * picture.UNIT_Y
                parts.append(
                    f'<text class="neutral-mark" data-vertex="{vertex}" x="{px:.1f}" '
                    f'y="{py + 4:.1f}" text-anchor="middle" font-size="9" '
                    'font-weight="700">N</text>'
                )
        for row, neutral in enumerate(part["neutrals"]):
            owner = neutral["owner"]
            y = picture.BOARD_HEIGHT - 44 + 20 * row  # right of the island, under the seats
            holds = " · Longest Road" if view.get("longest_road") == owner else ""
            parts.append(
                f'<g class="neutral" data-owner="{owner}">'
                f'<rect x="{picture.PANEL_X}" y="{y - 11}" width="12" height="12" rx="2" '
                f'fill="{picture.SEAT_COLOURS[owner]}" stroke="{picture.INK}"/>'
                + picture._text(  # the picture's own text line, shrunk to fit
                    picture.PANEL_X + 18,
                    y,
                    f"{COLOUR_NAMES[owner]} neutral: road {neutral['road_length']}{holds} · "
                    f"left {neutral['settlements_left']} settlements, {neutral['roads_left']} "
                    "roads",
                    fit=picture.PANEL_TEXT_WIDTH - 18,
                )
                + "</g>"
            )
        return parts

    def seat_words(self, view: dict[str, Any], seat: int) -> str | None:
        part = view.get("catan_for_two")
        if not part:
            return None
        words = f"trade tokens: {part['trade_tokens'][seat]} (supply {part['token_supply']})"
        if seat == view.get("turn_player") and part["token_action_used"]:
            words += " · token action used"
        return words
