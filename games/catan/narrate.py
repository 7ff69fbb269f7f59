"""Events of the board game in words, for people watching a replay.

The wording machinery is shared (``games/common/narration.py``); this module holds the sentences.
Places are named by what is on them (``games/catan/places.py``), read at the position the event
left; told without a position they keep their ids.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.catan.constants import RESOURCES
from games.catan.places import Island
from games.common.narration import Narrator, Telling, counted, game_over, listed, seat_name

PLACE_FIELDS = {
    "vertex": ("corner", "intersection {}"),
    "edge": ("path", "on path {}"),
    "hex": ("hex", "hex {}"),
}
"""Fields naming a place: the :class:`Island` method that words it, the words for a bare id."""


def _production(told: Telling) -> str:
    """Who gets what, or why nobody does: no building on the number, the robber, the bank."""
    total, island = told.event["total"], told.context
    by_seat: dict[int, list[str]] = {}
    for seat, resource, count in told.event["gains"]:
        by_seat.setdefault(seat, []).append(f"{count} {resource}")
    built = [h for h in island.hexes_numbered(total) if island.built_on(h)] if island else []
    robber = island.board["robber"] if island else None
    blocked = f"the robber blocks {island.hex(robber)}" if robber in built else ""
    if by_seat:
        gets = "; ".join(
            f"{seat_name(seat, told.names)} gets {listed(things)}"
            for seat, things in sorted(by_seat.items())
        )
        return f"Production on {total}: {gets}" + (f"; {blocked}." if blocked else ".")
    if island is None:
        return f"Nobody produces on {total}."
    if not built:
        numbered = " or ".join(island.hex(h) for h in island.hexes_numbered(total))
        why = f"no settlement or city touches {numbered}"
    elif built == [robber]:
        why = blocked
    else:  # someone is owed from a free hex: the bank cannot pay any of it (M-BG-05)
        why = "the bank cannot pay"
    return f"Nobody produces on {total}: {why}."


def _revealed(told: Telling) -> str | None:
    cards = told.event["cards"]
    if not cards:
        return None  # a winner without victory point cards has nothing to show
    return f"{told.words['who']} shows {counted(cards, 'victory point card')}."


def _game_over(told: Telling) -> str:
    event = told.event
    winner = event["ranking"][0] if event["reason"] == "victory" else None
    return game_over(event["reason"], winner, event["scores"], told.names)


SENTENCES = {
    "board": "The island is laid out.",
    "order_roll": "{who} rolls {total} for the first turn.",
    "place_settlement": "{who} founds a settlement at {vertex}.",
    "place_road": "{who} places a road {edge}.",
    "founding_income": "{who} takes {gains} from the second settlement.",
    "dice": "{who} rolls {dice}.",
    "production": _production,
    "build_road": "{who} builds a road {edge}.",
    "build_settlement": "{who} builds a settlement at {vertex}.",
    "build_city": "{who} upgrades the settlement at {vertex} to a city.",
    "end_turn": "{who} ends the turn.",
    "propose_trade": "{who} offers {give} for {get}.",
    "accept_trade": "{who} accepts the offer.",
    "reject_trade": "{who} rejects the offer.",
    "trade": "{who} trades {give} to {partner} for {get}.",
    "cancel_trade": "{who} withdraws the offer.",
    "maritime_trade": "{who} trades {rate} {give} with the bank for 1 {get}.",
    "move_robber": "{who} moves the robber to {hex}.",
    "steal": "{who} steals {resource} from {victim}.",
    "discard": "{who} discards {resource}.",
    "longest_road": "{who} takes the Longest Road.",
    "largest_army": "{who} takes the Largest Army.",
    "buy_development": "{who} buys a development card ({card}).",
    "play_development": "{who} plays {card}.",
    "monopoly": "{who} claims every {resource}: {taken}.",
    "take_resource": "{who} takes {resource} from the bank.",
    "reveal_victory_points": _revealed,
    "game_over": _game_over,
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


def _special(key: str, value: Any, names: Sequence[str], island: Island | None) -> str | None:
    if key in PLACE_FIELDS and type(value) is int:
        method, bare = PLACE_FIELDS[key]
        return getattr(island, method)(value) if island else bare.format(value)
    if key == "dice" and isinstance(value, list):
        return f"{value[0]}+{value[1]}={sum(value)}"
    if key == "gains" and value and type(value[0]) is int:  # founding income: per resource
        return listed([f"{n} {RESOURCES[r]}" for r, n in enumerate(value) if n]) or "nothing"
    if key == "taken" and isinstance(value, list):  # monopoly: per seat
        return ", ".join(f"{seat_name(s, names)} {n}" for s, n in enumerate(value))
    return None


NARRATOR = Narrator(SENTENCES, SEAT_FIELDS, _special, context=Island)
tell = NARRATOR.tell
describe = NARRATOR.describe
