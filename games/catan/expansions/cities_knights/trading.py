"""Trading with the bank in Cities & Knights: commodities, the Merchant Guild, the merchant.

The core's ``maritime_trade`` keeps resource for resource at the seat's harbour rates; this
module adds ``bank_trade`` (``{"give": kind, "get": kind}``, kinds are resources or
commodities) wherever the core has no such trade or a better rate applies: a commodity given or
taken, the Merchant Guild, the merchant and a Merchant Fleet's kind.

Rules: CK-TR-02..04, CK-ME-01 (the merchant's 2:1), CK-PC-T04's rate (``ck_effects``).
"""

from __future__ import annotations

from typing import Any

from games.catan.constants import RESOURCES

from . import cards
from .data import ABILITY_LEVEL, COMMODITIES, TRACK_INDEX

Action = dict[str, Any]
TRADE = TRACK_INDEX["trade"]


def holds_generic_harbour(state: Any, p: int) -> bool:
    """A generic (3:1) harbour under one of ``p``'s buildings, searched on the board."""
    vo = state.vertex_owner
    return any(kind == "any" and vo[v] == p for v, kind in state.harbor_rate_vertices.items())


def rates_of(state: Any, p: int) -> list[int]:
    """Cards of each kind (``cards.CARD_NAMES`` order: resources, then commodities) ``p`` gives
    the bank for one card: CK-TR-02 4:1, a generic harbour 3:1 (a 2:1 harbour only for its
    resource: the core's ``rates``); CK-TR-03 commodities 2:1 with the Merchant Guild; CK-TR-04
    the merchant's hex resource 2:1; a Merchant Fleet's kind 2:1 this turn (CK-PC-T04)."""
    rates = state.rates[p]
    if state.ck_levels[p][TRADE] >= ABILITY_LEVEL:
        found = [*rates, *_GUILD]
    else:
        # The core's rates come from the harbours only: a generic harbour lowers every rate to
        # 3 or less, and without one a rate is 4 unless its 2:1 harbour is held. So the
        # highest rate tells, unless the seat holds all five 2:1 harbours (then the board).
        # (``in``, not ``max``: a ``max`` call costs more in CPython 3.11, and this runs at every
        # list; docs/PERFORMANCE.md, ck-speed12)
        generic = False if 4 in rates else 3 in rates or holds_generic_harbour(state, p)
        found = [*rates, *(_GENERIC if generic else _PLAIN)]
    hx, owner = state.ck_merchant
    if owner == p and hx >= 0 and state.hex_resource[hx] >= 0:
        found[state.hex_resource[hx]] = 2
    fleet = state.ck_effects.get("merchant_fleet")
    if fleet is not None:
        found[_GET_INDEX[fleet]] = 2
    return found


_GUILD, _GENERIC, _PLAIN = [2] * len(COMMODITIES), [3] * len(COMMODITIES), [4] * len(COMMODITIES)


def rate(state: Any, p: int, kind: str) -> int:
    """Cards of ``kind`` given for one card (:func:`rates_of`)."""
    return rates_of(state, p)[_GET_INDEX[kind]]


def add_bank_trades(state: Any, p: int, legal: list[Action]) -> None:
    """``bank_trade`` actions of ``p``: for each kind held at its rate (:func:`rates_of`), every
    other kind the bank holds; resource for resource only where the core's ``maritime_trade``
    has not the same rate."""
    hand, goods = state.hand[p], state.ck_commodities[p]
    rates = state.rates[p]
    # No kind reaches its rate (most calls), judged without :func:`rates_of`'s list: a
    # resource's rate is the core's ``rates`` unless the merchant or a Merchant Fleet lowers it
    # to 2; a commodity's is 3 or 4 without the Merchant Guild (2 with it, or by a Merchant
    # Fleet). Any doubt goes on to the full judgement below. (docs/PERFORMANCE.md, ck-speed17.
    # No test of "no kind held twice" first: the core's rates are 2 or more, so this chain
    # answers those hands too, and such a test cost the other two thirds of the calls more
    # than it saved; ck-speed34.)
    if (
        hand[0] < rates[0]
        and hand[1] < rates[1]
        and hand[2] < rates[2]
        and hand[3] < rates[3]
        and hand[4] < rates[4]
        and (
            (goods[0] < 2 and goods[1] < 2 and goods[2] < 2)
            or (
                goods[0] < 3
                and goods[1] < 3
                and goods[2] < 3
                and state.ck_levels[p][TRADE] < ABILITY_LEVEL
            )
        )
        and "merchant_fleet" not in state.ck_effects
    ):
        hx, owner = state.ck_merchant
        if owner != p or hx < 0:
            return
        kind = state.hex_resource[hx]
        if kind < 0 or hand[kind] < 2:
            return
    needs = rates_of(state, p)
    stock = None
    held = (*hand, *goods)
    for i in _KINDS:  # (indexes from a range: cheaper here than ``enumerate``'s pairs)
        number = held[i]
        if number < 2 or number < needs[i]:
            continue
        if stock is None:
            stock = (*state.bank, *state.ck_commodity_bank)
            full = 0 not in stock
        # the core's maritime_trade already offers resource for resource at its own rate
        core_offers = i < 5 and rates[i] == needs[i]
        offers = (_FOR_COMMODITIES if core_offers else _FOR_ANY)[i]
        if full:
            legal.extend(offers)
        else:
            # (a loop: a comprehension here would make ``stock`` a cell at every call)
            for a in offers:
                if stock[_GET_INDEX[a["get"]]]:
                    legal.append(a)


_FOR_ANY = [
    [
        {"type": "bank_trade", "give": give, "get": get}
        for j, get in enumerate(cards.CARD_NAMES)
        if j != i
    ]
    for i, give in enumerate(cards.CARD_NAMES)
]
"""Per kind given (``cards.CARD_NAMES`` order): its ``bank_trade`` actions for every other kind,
in that order; shared, read only (as the core's trade actions are)."""
_FOR_COMMODITIES = [[a for a in offers if a["get"] in COMMODITIES] for offers in _FOR_ANY]
"""The same, commodities taken only (a resource the core's ``maritime_trade`` already gives)."""
_GET_INDEX = {kind: j for j, kind in enumerate(cards.CARD_NAMES)}
_KINDS = range(len(cards.CARD_NAMES))


def bank_trade(state: Any, p: int, give: str, get: str) -> None:
    amount = rate(state, p, give)
    cards.move(state, give, amount, p, None)
    cards.move(state, get, 1, None, p)
    state.events.append(
        {
            "type": "bank_trade",
            "seat": p,
            "give": give,
            "amount": amount,
            "get": get,
            "visible_to": "all",
        }
    )


__all__ = ["COMMODITIES", "RESOURCES"]
