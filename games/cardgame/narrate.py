"""Events of the card game in words, for people watching a replay.

The wording machinery is shared (``games/common/narration.py``); this module holds the sentences.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.common.narration import Narrator, game_over

SENTENCES = {
    "shuffle": "The {stack} stack is shuffled.",
    "first_roll": "Rolls for the first turn: {rolls}.",
    "search": "{who} searches the {stack} stack ({purpose}).",
    "take_card": "{who} takes {card} from the {stack} stack.",
    "turn": "Turn {turn}: {who} to play.",
    "roll": "{who} rolls production {production}, event {event}.",
    "trade_offer": "{who} offers {give} for {get}.",
    "trade_answer": "{who} answers the offer: {accepted}.",
    "build": (
        "{who} builds {card} at column {col}, row {row}.",
        "{who} builds {card} at column {col}.",
    ),
    "paid_draw": "{who} pays to draw from the {stack} stack.",
    "draw": "{who} draws {card} from the {stack} stack.",
    "end_turn": "{who} ends the turn.",
    "event_card": "Event: {card}.",
    "put_under": "{who} puts {card} under the {stack} stack.",
    "bank_trade": "{who} trades {rate} {give} for 1 {get}.",
    "token": "The {token} token goes to {holder}.",
    "brigands": "Brigands attack {who}: {unprotected} unprotected resources.",
    "region": "{who} lays {card} at column {col}, side {side}.",
    "play_card": "{who} plays {card}.",
    "attack": "{who} attacks with {card}: roll {roll}, defended {defended}, success {success}.",
    "steal": "{taker} steals {resource} from {victim}.",
    "expelled": "{who} loses {card} (column {col}, row {row}).",
    "spy_take": "{who} spies and takes {card}.",
    "backfire": "{who}'s {card} backfires (column {col}, row {row}).",
    "give": "{giver} gives {resource} to {receiver}.",
    "destroyed": "{who}'s {card} is destroyed (column {col}, row {row}).",
    "riot": "A riot takes {who}'s {card} (column {col}, row {row}).",
    "alchemist": "{who} sets the production die to {number} (Alchemist).",
    "game_over": lambda told: game_over(
        told.event["reason"], told.event["winner"], told.event["scores"], told.names
    ),
}
SEAT_FIELDS = ("seat", "taker", "victim", "giver", "receiver", "holder", "winner")
"""Fields that hold a seat number, written as the seat's name."""


def _special(key: str, value: Any, names: Sequence[str], context: None) -> str | None:
    if key == "card" and isinstance(value, str):  # an instance id: "ev_plague#2" → "plague"
        name = value.split("#", 1)[0]
        return name.removeprefix("ev_").replace("_", " ")
    return None


NARRATOR = Narrator(
    SENTENCES,
    SEAT_FIELDS,
    _special,
    setup="The cards are dealt into the stacks, one card a step (steps 1 to {steps}).",
)
tell = NARRATOR.tell
describe = NARRATOR.describe
