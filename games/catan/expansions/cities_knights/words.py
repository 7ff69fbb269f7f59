"""Cities & Knights in pictures and words: knights, walls, metropolises, the barbarian track,
improvement levels and card counts.

Reads only the view (``view["cities_and_knights"]``, all public), never a state.
"""

from __future__ import annotations

from typing import Any

SEAT_COLOURS = ("#d23a2a", "#2b63c4", "#ef8c1a", "#f7f7f2")
"""The seat colours of ``games/catan/picture.py`` (knights in their owner's colour)."""
TRACK_COLOURS = {"trade": "#e8c21a", "politics": "#2b63c4", "science": "#2e9b45"}
KNIGHT_NAMES = {1: "basic", 2: "strong", 3: "mighty"}


SENTENCES: dict[str, Any] = {
    "event_die": "The event die shows {event}.",
    "barbarians_sail": "The barbarian ship sails on (space {position} of 7).",
    "barbarian_attack": (
        "The barbarians ({barbarians}) attack the knights ({knights}): {losers} lose a city.",
        "The barbarians ({barbarians}) attack; the knights ({knights}) win and {defender} is "
        "the Defender of Catan.",
        "The barbarians ({barbarians}) attack; the knights ({knights}) win and {tied} tie: "
        "each draws a progress card.",
        "The barbarians ({barbarians}) attack the knights ({knights}).",
    ),
    "city_pillaged": "The barbarians pillage {who}'s city at {vertex}: it is a settlement again.",
    "robber_asleep": "The robber sleeps until the barbarians' first attack.",
    "draw_progress": (
        "{who} draws {card} from the {track} deck.",
        "{who} draws a {track} progress card.",
    ),
    "progress_vp": "{who} draws {card} from the {track} deck and shows it: 1 victory point.",
    "discard_progress": (
        "{who} puts {card} under its deck.",
        "{who} puts a progress card under its deck.",
    ),
    "play_progress": "{who} plays {card}.",
    "aqueduct": "{who} takes {resource} with the Aqueduct.",
    "improve_city": "{who} improves the cities' {track} to level {level}.",
    "metropolis": "{who} puts the {track} metropolis on the city at {vertex}.",
    "build_wall": "{who} builds a city wall at {vertex}.",
    "build_knight": "{who} builds a basic knight at {vertex}.",
    "activate_knight": "{who} activates the knight at {vertex}.",
    "promote_knight": "{who} promotes the knight at {vertex} to strength {strength}.",
    "march_knight": "{who} moves a knight from intersection {from} to intersection {to}.",
    "displace_knight": (
        "{who} moves a knight from intersection {from} to intersection {to}, displacing "
        "{victim}'s knight."
    ),
    "retreat_knight": "{who}'s displaced knight retreats to intersection {to}.",
    "knight_removed": "{who}'s displaced knight has nowhere to go and returns to the supply.",
    "chase_robber": "{who}'s knight at {vertex} chases the robber away.",
    "bank_trade": "{who} trades {amount} {give} with the bank for 1 {get}.",
}
"""The expansion's events in words."""


def _loc(x: float, y: float) -> tuple[float, float]:
    from games.catan import picture  # at call time: the picture imports the plug-ins

    return picture.BOARD_CENTRE_X + x * picture.UNIT_X, picture.BOARD_CENTRE_Y + y * picture.UNIT_Y


def draw_board(view: dict[str, Any], geometry: Any) -> list[str]:
    """Walls (a grey ring under a city), metropolises (a star in the track's colour), knights
    (a shield in the owner's colour with its strength; filled when active, pale when not), the
    barbarian track along the top."""
    ck = view.get("cities_and_knights")
    if ck is None:
        return []
    parts = []
    for v in ck["walls"]:
        x, y = _loc(*geometry.vertex_points[v])
        parts.append(
            f'<circle class="city-wall" data-vertex="{v}" cx="{x:.1f}" cy="{y:.1f}" r="17" '
            f'fill="none" stroke="#555" stroke-width="4"><title>city wall</title></circle>'
        )
    for track, v in ck["metropolises"].items():
        if v == -1:
            continue
        x, y = _loc(*geometry.vertex_points[v])
        parts.append(
            f'<g class="metropolis" data-vertex="{v}" data-track="{track}">'
            f"<title>{track} metropolis</title>"
            f'<path d="M{x:.1f},{y - 24:.1f} l3,6 l7,1 l-5,5 l1,7 l-6,-3 l-6,3 l1,-7 l-5,-5 '
            f'l7,-1 z" fill="{TRACK_COLOURS[track]}" stroke="#222"/></g>'
        )
    for k in ck["knights"]:
        x, y = _loc(*geometry.vertex_points[k["vertex"]])
        colour = SEAT_COLOURS[k["owner"] % len(SEAT_COLOURS)]
        opacity = "1" if k["active"] else "0.45"
        name = KNIGHT_NAMES.get(k["strength"], "")
        state = "active" if k["active"] else "inactive"
        parts.append(
            f'<g class="ck-knight" data-vertex="{k["vertex"]}" data-seat="{k["owner"]}" '
            f'data-strength="{k["strength"]}" data-active="{int(k["active"])}">'
            f"<title>{name} knight ({state})</title>"
            f'<path d="M{x - 9:.1f},{y - 9:.1f} h18 v9 l-9,10 l-9,-10 z" fill="{colour}" '
            f'fill-opacity="{opacity}" stroke="#222" stroke-width="1.5"/>'
            f'<text x="{x:.1f}" y="{y + 3:.1f}" font-size="10" text-anchor="middle">'
            f"{k['strength']}</text></g>"
        )
    position, spaces = ck["barbarian_position"], ck["barbarian_spaces"]
    x0, y0 = _loc(-6, -11)
    track = [
        f'<g class="barbarian-track" data-position="{position}">'
        f"<title>barbarian ship: space {position} of {spaces}</title>"
    ]
    for i in range(spaces + 1):
        fill = "#3b3b3b" if i == position else "#ddd"
        track.append(
            f'<circle cx="{x0 + 22 * i:.1f}" cy="{y0:.1f}" r="8" fill="{fill}" stroke="#222"/>'
        )
    track.append(
        f'<text x="{x0 + 22 * (spaces + 1):.1f}" y="{y0 + 4:.1f}" font-size="12">'
        f"{ck['barbarian_strength']} cities vs {sum(ck['knight_strength'])} knights</text></g>"
    )
    parts.append("".join(track))
    return parts


def seat_words(view: dict[str, Any], seat: int) -> str | None:
    """Levels (trade/politics/science), active knight strength, commodities, progress cards,
    Defender cards."""
    ck = view.get("cities_and_knights")
    if ck is None:
        return None
    lv = ck["levels"][seat]
    words = (
        f"trade {lv['trade']}, politics {lv['politics']}, science {lv['science']}; "
        f"knights {ck['knight_strength'][seat]}; {ck['commodities'][seat]} commodities, "
        f"{ck['progress_cards'][seat]} progress cards"
    )
    if ck["defenders"][seat]:
        words += f", {ck['defenders'][seat]} Defender of Catan"
    return words
