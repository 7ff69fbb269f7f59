"""What fish buy, and the old boot passed on: actions of the player whose turn it is, after the
roll (the trade/build phase).

``{"type": "fish_for", "item": item, "pay": [tokens], ...}`` with ``pay`` the fish values of the
tokens handed in, in ascending order, and for ``steal`` the victim (``"seat"``), for
``resource`` the card taken (``"resource"``). ``{"type": "give_boot", "seat": s}`` passes the
boot on.

Rules: FI-SP-01, FI-SP-02, FI-SP-03, FI-SP-04, FI-BO-02, FI-BO-03, FI-VP-01, A-FI-04, A-FI-05.
"""

from __future__ import annotations

from functools import cache
from typing import Any, Final

from games.catan.constants import RESOURCE_INDEX, RESOURCES
from games.catan.expansions.fishermen.supply import DATA, spend
from games.catan.mechanics import robber_off
from games.common.api import CHANCE

Action = dict[str, Any]

PRICES: Final[dict[str, int]] = dict(DATA["prices"])
ITEMS: Final = tuple(PRICES)
BOOT_EXTRA: Final = DATA["boot_extra_target"]
GIVE_BOOT: Final = tuple({"type": "give_boot", "seat": s} for s in range(8))


@cache
def payments(held: tuple[int, int, int], price: int) -> tuple[tuple[int, ...], ...]:
    """The ways to pay ``price`` from ``held`` (counts of 1-, 2-, 3-fish tokens): token sets
    worth at least the price (FI-SP-01: no change) from which no token could be left out.
    A set that pays more than that only loses fish, so it is not offered."""
    found = []
    for threes in range(held[2] + 1):
        for twos in range(held[1] + 1):
            for ones in range(held[0] + 1):
                worth = ones + 2 * twos + 3 * threes
                smallest = 1 if ones else 2 if twos else 3
                if worth >= price and worth - smallest < price:
                    found.append((1,) * ones + (2,) * twos + (3,) * threes)
    return tuple(sorted(found))


@cache
def _buy(item: str, pay: tuple[int, ...], key: str | None, value: Any) -> Action:
    action: Action = {"type": "fish_for", "item": item, "pay": list(pay)}
    if key is not None:
        action[key] = value
    return action


def _targets(state: Any, p: int, item: str) -> list[tuple[str | None, Any]]:
    """What the item may be bought for now (empty: not now)."""
    if item == "remove_robber":
        return [] if robber_off.is_off(state) else [(None, None)]
    if item == "steal":  # A-FI-04: any other player, wherever his buildings are
        return [("seat", s) for s in range(state.n) if s != p and any(state.hand[s])]
    if item == "resource":
        return [("resource", RESOURCES[r]) for r in range(5) if state.bank[r]]
    if item == "road":
        return [(None, None)] if state.roads_left[p] and state.road_spots(p) else []
    return [(None, None)] if any(state.dev_deck) else []  # development


def add_fish_actions(state: Any, p: int, legal: list[Action], discount: int = 0) -> None:
    """FI-SP-02, FI-SP-03: every purchase the seat's fish pay for, any number per turn; and the
    boot passed on (FI-BO-03). Only after the roll, in the seat's own turn. ``discount``: fish
    off every price (at least 1 stays; Catan for Two's player behind, C2-FI-01)."""
    if state.phase != "main":
        return
    held = tuple(state.fish_held[p])
    if any(held):
        for item in ITEMS:
            ways = payments(held, max(PRICES[item] - discount, 1))
            if not ways:
                continue
            for key, value in _targets(state, p, item):
                legal.extend(_buy(item, pay, key, value) for pay in ways)
    if state.fish_boot == p:
        legal.extend(GIVE_BOOT[s] for s in boot_takers(state, p))


def apply_fish_for(state: Any, action: Action) -> None:
    """Pay (the tokens go face up to the spent pile, FI-SP-04), then get the item."""
    p = state.actor
    item = action["item"]
    spend(state, p, action["pay"])
    event = {"type": "fish_for", "seat": p, "item": item, "paid": list(action["pay"])}
    if item == "remove_robber":
        event["freed"] = robber_off.take_off(state)  # A-FI-05: back on the next 7 or knight
    elif item == "steal":
        event["victim"] = action["seat"]
    elif item == "resource":
        event["resource"] = action["resource"]
    state.events.append({**event, "visible_to": "all"})
    if item == "steal":
        state._rob(action["seat"])  # the card is drawn at random from the victim's hand
    elif item == "resource":
        r = RESOURCE_INDEX[action["resource"]]
        state.bank[r] -= 1
        state.hand[p][r] += 1
    elif item == "road":
        state.free_roads = 1  # the core's Road Building phase: one road, normal placement
        state._set_phase("road_building", p)
    elif item == "development":
        state.draws_left = 1
        state.draw_keep = 1
        state._set_phase("draw_development", CHANCE)


def boot_takers(state: Any, p: int) -> list[int]:
    """FI-BO-03: the seats with at least the holder's public VP (a sole leader keeps it)."""
    mine = state.public_vp(p)
    return [s for s in range(state.n) if s != p and state.public_vp(s) >= mine]


def apply_give_boot(state: Any, action: Action) -> None:
    p, to = state.actor, action["seat"]
    state.fish_boot = to
    state.vp_dirty = True  # the giver's target is 10 again: he may win at once
    state.events.append({"type": "give_boot", "seat": p, "to": to, "visible_to": "all"})


def boot_target(state: Any, p: int, base: int) -> int:
    """FI-BO-02, FI-VP-01: the holder needs one point more (11 instead of 10)."""
    return base + BOOT_EXTRA if state.fish_boot == p else base
