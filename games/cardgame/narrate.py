"""Events of the card game in words, for people watching a replay.

The wording machinery is shared (``games/common/narration.py``); this module holds the sentences.
Places in a principality are named by what the picture shows around them
(``games/cardgame/places.py``), read at the position the event left; told without a position
they keep their columns and rows.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from games.cardgame.cards import CARDS
from games.cardgame.places import Principalities
from games.common.narration import Narrator, Telling, game_over


def _place(told: Telling) -> str:
    """Where the event's card lies: a slot (``row``) or a region (``side``) of the acting seat."""
    event, principalities = told.event, told.context
    seat, col = event["seat"], event["col"]
    if "side" in event:
        if principalities is None:
            return f"at column {col}, side {event['side']}"
        return principalities.region(seat, col, event["side"])
    if principalities is None:
        return f"at column {col}, row {event['row']}"
    return principalities.slot(seat, col, event["row"])


def _placed(template: str) -> Callable[[Telling], str]:
    """A sentence whose ``{place}`` is :func:`_place`."""
    return lambda told: template.format(**told.words, place=_place(told))


_BUILD_IN_SLOT = _placed("{who} builds {card} {place}.")


def _build(told: Telling) -> str:
    """An expansion in a slot; a road or settlement at an end of the row; a city on a settlement."""
    event, principalities = told.event, told.context
    if "row" in event:
        return _BUILD_IN_SLOT(told)
    seat, col, kind = event["seat"], event["col"], CARDS[event["card"]].kind
    if principalities is None:
        where = f"at column {col}"
    elif kind == "city":
        where = "on " + principalities.building(seat, col, kind="settlement")
    else:
        where = "at " + principalities.end(seat, col)
    return f"{told.words['who']} builds a {kind} {where}."


SENTENCES = {
    "shuffle": "The {stack} stack is shuffled.",
    "first_roll": "Rolls for the first turn: {rolls}.",
    "search": "{who} searches the {stack} stack ({purpose}).",
    "take_card": "{who} takes {card} from the {stack} stack.",
    "turn": "Turn {turn}: {who} to play.",
    "roll": "{who} rolls production {production}, event {event}.",
    "trade_offer": "{who} offers {give} for {get}.",
    "trade_answer": "{who} answers the offer: {accepted}.",
    "build": _build,
    "paid_draw": "{who} pays to draw from the {stack} stack.",
    "draw": "{who} draws {card} from the {stack} stack.",
    "end_turn": "{who} ends the turn.",
    "event_card": "Event: {card}.",
    "put_under": "{who} puts {card} under the {stack} stack.",
    "bank_trade": "{who} trades {rate} {give} for 1 {get}.",
    "token": "The {token} token goes to {holder}.",
    "brigands": "Brigands attack {who}: {unprotected} unprotected resources.",
    "region": _placed("{who} lays {card} {place}."),
    "play_card": "{who} plays {card}.",
    "attack": "{who} attacks with {card}: roll {roll}, defended {defended}, success {success}.",
    "steal": "{taker} steals {resource} from {victim}.",
    "expelled": _placed("{who}'s {card} {place} is expelled."),
    "spy_take": "{who} spies and takes {card}.",
    "backfire": _placed("{who}'s {card} {place} backfires."),
    "give": "{giver} gives {resource} to {receiver}.",
    "destroyed": _placed("{who}'s {card} {place} is destroyed."),
    "riot": _placed("A riot takes {who}'s {card} {place}."),
    "alchemist": "{who} sets the production die to {number} (Alchemist).",
    "game_over": lambda told: game_over(
        told.event["reason"], told.event["winner"], told.event["scores"], told.names
    ),
}
SEAT_FIELDS = ("seat", "taker", "victim", "giver", "receiver", "holder", "winner")
"""Fields that hold a seat number, written as the seat's name."""


def _special(
    key: str, value: Any, names: Sequence[str], context: Principalities | None
) -> str | None:
    if key == "card" and isinstance(value, str):
        card = CARDS.get(value)
        if card is not None and card.kind == "region":  # as the picture labels it: "ore 4"
            return f"{card.resource} {card.number}"
        name = value.split("#", 1)[0]  # an instance id: "ev_plague#2" → "plague"
        return name.removeprefix("ev_").replace("_", " ")
    return None


NARRATOR = Narrator(
    SENTENCES,
    SEAT_FIELDS,
    _special,
    context=Principalities,
    setup="The cards are dealt into the stacks, one card a step (steps 1 to {steps}).",
)
tell = NARRATOR.tell
describe = NARRATOR.describe
