"""Events of the board game in words, for people watching a replay.

The wording machinery is shared (``games/common/narration.py``); this module holds the sentences.
Places are named by what is on them (``games/catan/places.py``), read at the position the event
left; told without a position they keep their ids. A master's use says what it does and where
(``MASTER_USES``); the road Louis lifted is laid again in the next step, and that line says so.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.catan import expansions
from games.catan.board import load_data
from games.catan.constants import RESOURCES
from games.catan.places import Island
from games.common.narration import (
    Narrator,
    Telling,
    counted,
    fill,
    game_over,
    listed,
    seat_name,
)

PLACE_FIELDS = {
    "vertex": ("corner", "intersection {}"),
    "edge": ("path", "on path {}"),
    "hex": ("hex", "hex {}"),
    "freed": ("hex", "hex {}"),
}
"""Fields naming a place: the :class:`Island` method that words it, the words for a bare id."""


MASTER_NAMES: dict[str, str] = load_data("masters")["names_en"]
MASTER_USES: dict[str, str | tuple[str, ...]] = {
    "idle": "{who} uses {master} without effect.",
    "keep_cards": "{who} uses {master} and discards nothing on this 7.",
    "take": "{who} uses {master} to take {resource} from the bank.",
    "name": "{who} uses {master}: {resource} trades 2:1 with the bank for the rest of the turn.",
    "road": "{who} uses {master}: the next road costs {paid_with} instead of {replace}.",
    "move_road": "{who} uses {master} to move the road {edge}.",
    "buy": (
        "{who} uses {master} to buy a development card with {paid_with} instead of {replace}, "
        "drawing three to keep one.",
        "{who} uses {master} to buy a development card, drawing three to keep one.",
    ),
    "discount": "{who} uses {master}: {knight} leaves the game for a cheaper {build}.",
    "robber_to_desert": (
        "{who} uses {master}: the robber leaves {freed} for the desert and {who} takes {resource}.",
        "{who} uses {master}: the robber leaves {freed} for the desert; the bank has none of its "
        "resource to give.",
    ),
    "exchange": "{who} uses {master} to ask {seats} for {resource}: {gave}.",
    "look": "{who} uses {master} to look at {target}'s hand.",
}
"""What each use of a master does (the event's ``use``), from the event's fields; of several
templates the first whose fields the event has (a field that is null counts as missing)."""
KNIGHT_SOURCES = {
    "hand": "a knight card from the hand",
    "hand_new": "a knight card bought this turn",
    "played": "a played knight",
}
"""Vincent's knight, by where it came from."""


class Moment(Island):
    """The island in words, and the moment of the game the events left."""

    def road_relaid(self, seat: int) -> bool:
        """Whether ``seat`` has just laid again the road Louis lifted: a road built while the
        seat holds Louis, with the master's turn over (flip or swap comes next)."""
        masters = self.observation.get("masters")
        return (
            self.observation.get("phase") == "master_after"
            and masters is not None
            and masters["players"][seat]["master"] == "louis"
        )


def _build_road(told: Telling) -> str:
    moment, seat = told.context, told.event["seat"]
    if moment is not None and moment.road_relaid(seat):
        return "{who} lays the road again {edge}.".format(**told.words)
    return "{who} builds a road {edge}.".format(**told.words)


def _master_use(told: Telling) -> str:
    event = told.event
    words = {key: word for key, word in told.words.items() if event.get(key, "") is not None}
    if "knight" in event:
        words["knight"] = KNIGHT_SOURCES.get(event["knight"], str(event["knight"]))
    if "gave" in event:
        givers = [seat_name(seat, told.names) for seat in event["gave"]]
        words["gave"] = (
            f"{listed(givers)} {'gives one' if len(givers) == 1 else 'give one each'}"
            if givers
            else "nobody has any"
        )
    sentence = fill(MASTER_USES.get(event["use"], ()), words)
    # A use this module does not know yet is still told, by its name.
    return sentence or "{who} uses {master} ({use}).".format(**told.words)


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
    "build_road": _build_road,
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
    "steal": ("{who} steals {resource} from {victim}.", "{who} steals a card from {victim}."),
    "discard": "{who} discards {resource}.",
    "longest_road": "{who} takes the Longest Road.",
    "largest_army": "{who} takes the Largest Army.",
    "buy_development": (
        "{who} buys a development card ({card}).",
        "{who} buys a development card.",
    ),
    "play_development": "{who} plays {card}.",
    "monopoly": "{who} claims every {resource}: {taken}.",
    "take_resource": "{who} takes {resource} from the bank.",
    "reveal_victory_points": _revealed,
    "game_over": _game_over,
    "receive_master": "{who} receives the master {master}.",
    "use_master": _master_use,
    "swap_master": "{who} returns {returned} and takes {master}.",
    "flip_master": "{who} turns {master} over.",
    "hildegard_look": (
        "{who} looks at {target}'s hand: {hand}.",
        "{who} looks at {target}'s hand.",
    ),
    "hildegard_take": (
        "{who} takes {resource} from {target}.",
        "{who} takes a card from {target}.",
    ),
    "negotiant_payment": ("{who} pays {resource} to {to}.", "{who} pays a card to {to}."),
    "kandamir_draw": "{who} draws {cards} with Kandamir.",
}


def _with_plugins(sentences: dict[str, Any]) -> dict[str, Any]:
    """The core's sentences and every plug-in's (``Expansion.sentences``), each type once (a
    shared mechanic's sentence, the very same object, may come from several plug-ins)."""
    joined = dict(sentences)
    for plugin in expansions.plugins():  # a combination's glue words its own events too
        common = joined.keys() & plugin.sentences.keys()
        clash = {k for k in common if joined[k] is not plugin.sentences[k]}
        if clash:
            raise ValueError(f"{plugin.name} words events the core already words: {sorted(clash)}")
        joined.update(plugin.sentences)
    return joined


SENTENCES = _with_plugins(SENTENCES)
SEAT_FIELDS = ("seat", "partner", "victim", "target", "to")
"""Fields that hold a seat number, written as the seat's name."""


def _special(key: str, value: Any, names: Sequence[str], island: Island | None) -> str | None:
    if key in SEAT_FIELDS and type(value) is int and value >= len(names):
        return f"neutral colour {value}"  # an owner after the seats (Catan for Two)
    if key in ("master", "returned") and isinstance(value, str):
        return MASTER_NAMES.get(value, value)
    if key == "seats" and isinstance(value, list):  # the Negotiant's asked opponents
        return listed([seat_name(seat, names) for seat in value])
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


NARRATOR = Narrator(SENTENCES, SEAT_FIELDS, _special, context=Moment)
tell = NARRATOR.tell
describe = NARRATOR.describe
