"""Events of the board game in words, for people watching a replay.

The wording machinery is shared (``games/common/narration.py``); this module holds the sentences.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.catan.constants import RESOURCES
from games.common.narration import Narrator

SENTENCES = {
    "board": "The island is laid out.",
    "order_roll": "{who} rolls {total} for the first turn.",
    "place_settlement": "{who} founds a settlement at vertex {vertex}.",
    "place_road": "{who} places a road on path {edge}.",
    "founding_income": "{who} takes {gains} from the second settlement.",
    "dice": "{who} rolls {dice}.",
    "production": "Production on {total}: {gains}.",
    "build_road": "{who} builds a road on path {edge}.",
    "build_settlement": "{who} builds a settlement at vertex {vertex}.",
    "build_city": "{who} upgrades vertex {vertex} to a city.",
    "end_turn": "{who} ends the turn.",
    "propose_trade": "{who} offers {give} for {get}.",
    "accept_trade": "{who} accepts the offer.",
    "reject_trade": "{who} rejects the offer.",
    "trade": "{who} trades {give} to {partner} for {get}.",
    "cancel_trade": "{who} withdraws the offer.",
    "maritime_trade": "{who} trades {rate} {give} with the bank for 1 {get}.",
    "move_robber": "{who} moves the robber to hex {hex}.",
    "steal": "{who} steals {resource} from {victim}.",
    "discard": "{who} discards {resource}.",
    "longest_road": "{who} takes the Longest Road.",
    "largest_army": "{who} takes the Largest Army.",
    "buy_development": "{who} buys a development card ({card}).",
    "play_development": "{who} plays {card}.",
    "monopoly": "{who} claims every {resource}: {taken}.",
    "take_resource": "{who} takes {resource} from the bank.",
    "reveal_victory_points": "{who} reveals {cards} victory point cards.",
    "game_over": "Game over ({reason}): scores {scores}.",
    "receive_master": "{who} receives the master {master}.",
    "use_master": "{who} uses {master} ({use}).",
    "swap_master": "{who} returns {returned} and takes {master}.",
    "flip_master": "{who} turns {master} over.",
    "hildegard_look": "{who} looks at {target}'s hand: {hand}.",
    "hildegard_take": "{who} takes {resource} from {target}.",
    "negotiant_payment": "{who} pays {resource} to {to}.",
    "kandamir_draw": "{who} draws {cards} with Kandamir.",
}
SEAT_FIELDS = ("seat", "partner", "victim", "target", "to")
"""Fields that hold a seat number, written as the seat's name."""


def _special(key: str, value: Any, names: Sequence[str]) -> str | None:
    if key == "dice" and isinstance(value, list):
        return f"{value[0]}+{value[1]}={sum(value)}"
    if key in ("gains", "taken") and isinstance(value, list):
        if value and isinstance(value[0], list):  # production: [seat, resource, count] each
            return "; ".join(f"{names[s]} +{n} {res}" for s, res, n in value)
        if len(value) == len(RESOURCES):  # founding income: counts per resource
            return ", ".join(f"{n} {RESOURCES[r]}" for r, n in enumerate(value) if n) or "nothing"
        return ", ".join(f"{names[s]} {n}" for s, n in enumerate(value))  # monopoly: per seat
    return None


NARRATOR = Narrator(SENTENCES, SEAT_FIELDS, _special)
describe = NARRATOR.describe
