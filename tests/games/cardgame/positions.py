"""Building test positions: a deterministic setup, then cards and units moved where a test needs.

Every position is finally rebuilt with ``GAME.from_dict(state.to_dict())``, so it passes the same
validation as any stored state (all 120 cards once, 0..3 units per region, slot geometry).
"""

from __future__ import annotations

from typing import Any

from games.cardgame import GAME
from games.cardgame.cards import CARDS
from games.cardgame.state import CardGameState
from games.common.api import CHANCE

# Start regions land in this order with the first legal choice each time (see domain.py):
# grain (-1, up), ore (1, up), wool (3, up), lumber (-1, down), brick (1, down), gold (3, down).
POS = {
    "grain": (-1, 1),
    "ore": (1, 1),
    "wool": (3, 1),
    "lumber": (-1, -1),
    "brick": (1, -1),
    "gold": (3, -1),
}


def units(state: CardGameState, seat: int, resource: str) -> int:
    """Units stored on ``seat``'s starting region of ``resource``."""
    return state.domains[seat].regions[POS[resource]][1]


def at_first_roll(seed: int, options: dict[str, Any] | None = None) -> CardGameState:
    """A new game played to the first roll: canonical deals (every chance node's first
    outcome), first-legal placements."""
    state = GAME.new_game(2, seed, options or {})
    while state.current_player() != CHANCE or state.tasks[0]["t"] != "first_roll":
        if state.current_player() == CHANCE:
            state.apply(state.chance_outcomes()[0][0])
        else:
            state.apply(state.legal_actions()[0])
    return state


def first_choice_setup(options: dict[str, Any] | None = None) -> CardGameState:
    """A game after setup: canonical deals, first-legal placements, seat 0 rolls higher."""
    state = at_first_roll(1, options)
    state.apply({"type": "first_roll", "rolls": [6, 1]})
    while state.tasks and state.tasks[0]["t"] in ("pick_stack", "search"):
        state.apply(state.legal_actions()[0])
    return state


def find_card(state: CardGameState, card: str) -> list[Any]:
    """The list or dict that holds ``card`` (for moving it)."""
    for dom in state.domains:
        if card in dom.hand:
            return dom.hand
    for stack in state.stacks.values():
        if card in stack:
            return stack
    if card in state.removed:
        return state.removed
    raise KeyError(card)


def take(state: CardGameState, card: str) -> str:
    """Remove ``card`` from hands, stacks or the removed pile (not from a domain)."""
    find_card(state, card).remove(card)
    return card


def free(state: CardGameState, card_type: str) -> str:
    """A copy of ``card_type`` in a stack or the removed pile (not on a domain, not in a hand)."""
    hands = {c for dom in state.domains for c in dom.hand}
    for card in CARDS:
        if CARDS[card].type == card_type and card not in hands:
            try:
                find_card(state, card)
            except KeyError:
                continue
            return card
    raise KeyError(f"no free {card_type}")


def to_hand(state: CardGameState, seat: int, *card_types: str) -> list[str]:
    out = []
    for card_type in card_types:
        card = take(state, free(state, card_type))
        state.domains[seat].hand.append(card)
        out.append(card)
    return out


def lay(state: CardGameState, seat: int, col: int, row: int, card_type: str) -> str:
    card = take(state, free(state, card_type))
    state.domains[seat].slots[(col, row)] = card
    return card


def make_city(state: CardGameState, seat: int, col: int) -> None:
    dom = state.domains[seat]
    city = take(state, free(state, "city"))
    dom.centre[col] = ["city", city, dom.centre[col][1]]


def set_units(state: CardGameState, seat: int, **amounts: int) -> None:
    """Set the units on the starting region of each named resource."""
    for resource, amount in amounts.items():
        state.domains[seat].regions[POS[resource]][1] = amount


def empty_all(state: CardGameState, seat: int) -> None:
    for region in state.domains[seat].regions.values():
        region[1] = 0


def main_phase(
    seat: int = 0, options: dict[str, Any] | None = None, hands_empty: bool = True
) -> CardGameState:
    """Seat ``seat`` in its actions phase (both seats' hands emptied under dev4 by default)."""
    state = first_choice_setup(options)
    state.tasks = []
    if hands_empty:
        for dom in state.domains:
            while dom.hand:
                state.stacks["dev4"].insert(0, dom.hand.pop())
    state.phase = "main"
    state.active = seat
    state.turn = 5
    return state


def rebuild(state: CardGameState) -> CardGameState:
    """Round-trip through ``to_dict``/``from_dict`` (validates the position, resets caches)."""
    again = GAME.from_dict(state.to_dict())
    again.update_tokens()
    return again


def apply_all(state: CardGameState, *actions: dict[str, Any]) -> None:
    for action in actions:
        state.apply(action)


def types(cards: list[str]) -> list[str]:
    return [CARDS[c].type for c in cards]


def with_vp_3(state: CardGameState) -> None:
    """Give both players a third VP with a Colossus-free red card: a city on column 0."""
    for seat in (0, 1):
        make_city(state, seat, 0)


def at_roll(state: CardGameState) -> CardGameState:
    """The same position at the active player's dice roll (a chance node)."""
    state.phase = "pre_roll"
    state.tasks = [{"t": "roll", "seat": state.active}]
    return rebuild(state)


def roll(state: CardGameState, event: str, production: int) -> None:
    state.apply({"type": "roll", "event": event, "production": production})


def region_action(kind: str, resource: str) -> dict[str, Any]:
    col, side = POS[resource]
    return {"type": kind, "col": col, "side": side}


def events_of(state: CardGameState, event_type: str) -> list[dict[str, Any]]:
    """The events of ``event_type`` in ``state``'s log, oldest first."""
    return [e for e in state.events if e["type"] == event_type]
