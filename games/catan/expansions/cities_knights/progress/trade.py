"""Trade progress cards (yellow, 18): what each does when played.

Rules: CK-PC-T01..T06, CK-ME-01 (the merchant the Merchant card places).
"""

from __future__ import annotations

from typing import Any

from games.catan.constants import RESOURCES

from . import steps, table
from .steps import DONE, PLAYS, Pending, continuation, finish, next_step, opponents, step

Action = dict[str, Any]

MASTER_MERCHANT_TAKES = 2
RESOURCE_MONOPOLY_TAKES = 2
TRADE_MONOPOLY_TAKES = 1


# ---------------------------------------------------------------------- Commercial Harbor
def _harbor_partners(state: Any, p: int, done: list[int]) -> list[int]:
    """Opponents not yet offered to who hold a commodity (one without is skipped)."""
    # (loops, not comprehensions: one reading a local makes a cell of it at every call)
    partners = []
    for q in opponents(state, p):
        if q not in done and table.count_of_kind(state, q, "commodity"):
            partners.append(q)
    return partners


def _harbor_playable(state: Any, p: int) -> bool:
    return any(state.hand[p]) and bool(_harbor_partners(state, p, []))


def playable_commercial_harbor(state: Any, p: int) -> list[Action]:
    return [PLAYS["Commercial Harbor"]] if _harbor_playable(state, p) else []


def play_commercial_harbor(state: Any, p: int, action: Action) -> bool:
    """CK-PC-T01: offer each opponent 1 resource (``offer_resource``); he must give 1
    commodity of his choice for it (``give_card``). Once per opponent; the player chooses whom
    and what, and may stop at any time (``progress_done``)."""
    steps.ask(state, "Commercial Harbor", p, "harbor_offer", p, done=[])
    return True


def _legal_harbor_offer(state: Any, pending: Pending) -> list[Action]:
    p = pending["player"]
    hand = state.hand[p]
    return [
        {"type": "offer_resource", "seat": q, "resource": RESOURCES[r]}
        for q in _harbor_partners(state, p, pending["done"])
        for r in range(5)
        if hand[r]
    ] + [DONE]


@step("harbor_offer", _legal_harbor_offer)
def _harbor_offer(state: Any, pending: Pending, action: Action) -> None:
    if action["type"] == DONE["type"]:
        finish(state)
        return
    p, q, resource = pending["player"], action["seat"], action["resource"]
    table.move(state, p, q, resource)
    pending["done"].append(q)
    state.events.append(
        {
            "type": "offer_resource",
            "seat": p,
            "to": q,
            "resource": resource,
            "visible_to": "all",
        }
    )
    steps.hand_over(
        state, "Commercial Harbor", p, [[q, 1]], p, kind="commodity", then="harbor_next"
    )


@continuation
def harbor_next(state: Any, pending: Pending) -> None:
    p = pending["player"]
    if any(state.hand[p]) and _harbor_partners(state, p, pending["done"]):
        next_step(state, "harbor_offer", p)
    else:
        finish(state)


# ---------------------------------------------------------------------- Master Merchant
def playable_master_merchant(state: Any, p: int) -> list[Action]:
    richer = steps.richer_holding(state, p)
    # (no list comprehension, which makes a function, for the usual empty answer)
    return [PLAYS["Master Merchant", "seat", q] for q in richer] if richer else []


def play_master_merchant(state: Any, p: int, action: Action) -> bool:
    """CK-PC-T02: look at the hand of a player with more VP (shown in ``pending``) and take 2
    cards of your choice (``pick_card``, one at a time)."""
    q = action["seat"]
    left = min(MASTER_MERCHANT_TAKES, table.hand_size(state, q))
    steps.ask(state, "Master Merchant", p, "master_merchant_take", p, target=q, left=left)
    return True


def _legal_master_merchant(state: Any, pending: Pending) -> list[Action]:
    return [
        {"type": "pick_card", "card": good}
        for good in table.goods_of_kind(state, pending["target"], "any")
    ]


@step("master_merchant_take", _legal_master_merchant)
def _master_merchant_take(state: Any, pending: Pending, action: Action) -> None:
    p, q, good = pending["player"], pending["target"], action["card"]
    table.move(state, q, p, good)
    state.emit_secret(
        {"type": "take_card_from", "seat": p, "victim": q, "card": good, "for": "master_merchant"},
        [p, q],
        {"card": "hidden"},
    )
    pending["left"] -= 1
    if not pending["left"] or not table.hand_size(state, q):
        finish(state)


# ---------------------------------------------------------------------- Merchant
def merchant_hexes(state: Any, p: int) -> list[int]:
    """CK-ME-01: a land hex next to one of your buildings, one that yields a resource (the
    merchant trades that resource 2:1, so a desert would be a place with nothing to trade);
    not where it stands now under your own control. Read only (shared). The hexes next to
    ``p``'s buildings are kept in the core's ``kept`` until ``p`` places a settlement, as
    Irrigation's and Mining's (``science.harvest_hexes``, ``table.forget_building_hexes``):
    the Merchant's finder asks at every main list of a seat holding one, and the walk over
    ``p``'s network was most of its cost (docs/PERFORMANCE.md, ck-speed20, ck-speed24)."""
    key = table.MERCHANT_KEY[p]
    found = state.kept.get(key)
    if found is None:
        found = state.kept[key] = _merchant_hexes_afresh(state, p)
    hx, owner = state.ck_merchant
    if owner == p and hx in found:  # (``hx`` -1, beside the board, is never in it)
        found = found.copy()
        found.remove(hx)  # (no comprehension: it would make ``hx`` a cell at every call)
    return found


def _merchant_hexes_afresh(state: Any, p: int) -> list[int]:
    """The resource hexes beside ``p``'s buildings (:func:`merchant_hexes` keeps them; a
    function of its own: its comprehension makes the names it reads cells)."""
    vertex_hexes = state.board.vertex_hexes
    resources = state.hex_resource
    return sorted(
        {h for v in table.buildings_of(state, p) for h in vertex_hexes[v] if resources[h] >= 0}
    )


def playable_merchant(state: Any, p: int) -> list[Action]:
    return [PLAYS["Merchant", "hex", h] for h in merchant_hexes(state, p)]


def play_merchant(state: Any, p: int, action: Action) -> bool:
    """CK-PC-T03, CK-ME-01: place the merchant (it moves, with its control, from wherever it
    stood): 1 VP and 2:1 trade of the hex's resource while you control it."""
    h = action["hex"]
    table.place_merchant(state, p, h)
    state.events.append({"type": "place_merchant", "seat": p, "hex": h, "visible_to": "all"})
    return False


# ---------------------------------------------------------------------- Merchant Fleet
def playable_merchant_fleet(state: Any, p: int) -> list[Action]:
    """CK-PC-T04: one action per resource or commodity (one fleet a turn: a second would
    only replace the first's good)."""
    if "merchant_fleet" in state.ck_effects:
        return []
    return _FLEET_PLAYS


_FLEET_PLAYS = [PLAYS["Merchant Fleet", "good", good] for good in table.GOODS]
"""The Merchant Fleet's actions, one per good: one shared list, read only."""


def play_merchant_fleet(state: Any, p: int, action: Action) -> bool:
    """CK-PC-T04: for the rest of the turn the chosen card trades 2:1 with the bank, any
    number of times (the core's bank trade reads ``ck_effects["merchant_fleet"]``)."""
    state.ck_effects["merchant_fleet"] = action["good"]
    state.events.append(
        {"type": "merchant_fleet", "seat": p, "good": action["good"], "visible_to": "all"}
    )
    return False


# ---------------------------------------------------------------------- the Monopolies
def _monopoly(card: str, goods: tuple[str, ...], most: int) -> tuple[Any, Any]:
    """One shape, two cards: name a good; every other player gives you ``most`` of it (all he
    has if fewer). Always playable: the hands it empties are hidden (CK-PC-04)."""
    plays = [PLAYS[card, "good", good] for good in goods]  # always the same: shared, read only

    def playable(state: Any, p: int) -> list[Action]:
        return plays

    def play(state: Any, p: int, action: Action) -> bool:
        steps.take_from_each(state, p, card, action["good"], most)
        return False

    return playable, play


playable_resource_monopoly, play_resource_monopoly = _monopoly(
    "Resource Monopoly", RESOURCES, RESOURCE_MONOPOLY_TAKES
)  # CK-PC-T05
playable_trade_monopoly, play_trade_monopoly = _monopoly(
    "Trade Monopoly", table.COMMODITIES, TRADE_MONOPOLY_TAKES
)  # CK-PC-T06
