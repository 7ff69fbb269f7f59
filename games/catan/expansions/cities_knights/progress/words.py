"""The progress cards' events in words (joined to the plug-in's ``sentences``).

A secret's copy for the other seats lacks its hidden field, so the second template of a pair is
told to them ("gives a card"), the first to the seats involved and in replays.
"""

from __future__ import annotations

from typing import Any

from games.common.narration import Telling, listed, seat_name


def _give_card(told: Telling) -> str:
    """A card given up for a card: to the bank (the Saboteur's discard) or to its player."""
    words, event = told.words, told.event
    card = words.get("card")
    reason = words.get("for", "")
    if event["to"] < 0:
        return f"{words['who']} discards {card} ({reason})."
    if card is None:
        return f"{words['who']} gives {words['to']} a card ({reason})."
    return f"{words['who']} gives {words['to']} {card} ({reason})."


def _monopoly(told: Telling) -> str:
    event, names = told.event, told.names
    taken = enumerate(event["taken"])
    takes = [f"{count} from {seat_name(seat, names)}" for seat, count in taken if count]
    got = listed(takes) if takes else "nothing"
    return f"{told.words['who']} names {told.words['good']} with {told.words['card']}: {got}."


SENTENCES: dict[str, Any] = {
    "give_card": _give_card,
    "spy_take": (
        "{who} takes {card} from {victim}'s progress cards with the Spy.",
        "{who} takes a progress card from {victim} with the Spy.",
    ),
    "take_card_from": (
        "{who} takes {card} from {victim}'s hand with the Master Merchant.",
        "{who} takes a card from {victim}'s hand with the Master Merchant.",
    ),
    "progress_monopoly": _monopoly,
    "progress_harvest": "{who} takes {amount} {resource} with {card}.",
    "swap_numbers": "{who} swaps the number tokens of hexes {hexes} (now {numbers}).",
    "remove_road": "{who} removes {victim}'s road {edge} with the Diplomat.",
    "deserter_removes": "{victim} removes his knight at {vertex} (Deserter).",
    "deserter_places": "{who} places a knight of strength {strength} at {vertex} (Deserter).",
    "intrigue": "{who} drives {victim}'s knight off {vertex} with Intrigue.",
    "warlord": "{who} activates every knight with the Warlord.",
    "place_merchant": "{who} places the merchant on {hex}.",
    "merchant_fleet": "{who} trades {good} 2:1 with the bank this turn (Merchant Fleet).",
    "offer_resource": "{who} offers {resource} to {to} (Commercial Harbor).",
}
"""Event type -> a template or a function, as ``narrate.SENTENCES``."""
