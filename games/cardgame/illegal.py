"""Explaining why an action is illegal, and accepting open-ended trade proposals.

Rules: the IDs named in the messages (CG-ACT-02, CG-BUILD-01, CG-ROAD-02, CG-SETTL-01, CG-EXP-03,
CG-TURN-05, CG-TRADE-01, …).
"""

from __future__ import annotations

from typing import Any

from games.cardgame.cards import CARDS
from games.errors import IllegalAction

TASK_RULES = {
    "pay": "CG-RES-04",
    "pay_any": "CG-HAND-03",
    "gain": "CG-RES-05",
    "steal": "CG-RES-05",
    "give": "CG-CARD-MERCHANT-01",
    "discard": "CG-HAND-08",
    "pick_stack": "CG-SETUP-10",
    "search": "CG-SETUP-11",
    "place_start": "CG-SETUP-03",
    "builder": "CG-CARD-BUILDER-01",
    "duel": "CG-CARD-DUEL-02",
    "riot": "CG-CARD-RIOT-01",
    "defend": "CG-ACT-07",
    "target": "CG-ACT-09",
    "spy": "CG-CARD-SPY-01",
    "scout_offer": "CG-CARD-SCOUT-01",
    "scout_pick": "CG-CARD-SCOUT-01",
    "place_regions": "CG-SETTL-03",
    "slot": "CG-EXP-01",
    "trade_answer": "CG-TRADE-01",
    "alchemist_number": "CG-CARD-ALCHEMIST-01",
    "exchange_draw": "CG-HAND-06",
}
PHASE_RULES = {"pre_roll": "CG-TURN-02", "main": "CG-TURN-05", "refill": "CG-HAND-01"}


def check_open_action(state: Any, seat: int, action: dict[str, Any], legal: list[Any]) -> None:
    """Return if ``action`` is an acceptable open trade proposal; otherwise raise with a reason.

    Raises:
        IllegalAction: always, unless the action is a valid ``propose_trade``.
    """
    kind = action.get("type")
    prefix = f"seat {seat}: {kind}"
    if state.tasks:
        task = state.tasks[0]["t"]
        context, rule = f"pending decision {task!r}", TASK_RULES.get(task, "CG-TURN-05")
    else:
        context, rule = f"phase {state.phase!r}", PHASE_RULES.get(state.phase, "CG-TURN-05")
        if kind == "propose_trade" and state.phase == "main":
            from games.cardgame.main_phase import validate_proposal

            reason = validate_proposal(state, action)
            if reason is None:
                return
            raise IllegalAction(f"{prefix}: {reason} (CG-TRADE-01)")
    from games.cardgame.state import PHASE_APPLY

    types = sorted({a["type"] for a in legal})
    if kind not in types and (state.tasks or kind not in PHASE_APPLY):
        raise IllegalAction(f"{prefix} is not possible now ({context}; allowed: {types}) ({rule})")
    try:
        detail = _detail(state, seat, action, rule)
    except (TypeError, KeyError, AttributeError):  # unhashable or odd field values
        detail = f"{action!r} is not among the legal choices ({rule})"
    raise IllegalAction(f"{prefix}: {detail} ({context})")


def _detail(state: Any, seat: int, action: dict[str, Any], rule: str) -> str:
    """Why ``action`` is refused; ``rule`` (that of the pending decision or the phase) is named
    when no more precise reason applies."""
    kind = action["type"]
    dom = state.domains[seat]
    card = action.get("card")
    if card is not None and card not in CARDS:
        return f"unknown card {card!r}"
    if kind == "play_card" and card in dom.hand and not state.actions_allowed():
        return "action cards need at least 3 VP for each player (CG-ACT-02)"
    if kind == "play_card" and card not in dom.hand:
        return f"{card} is not in your hand"
    if kind == "build" and card in dom.hand:
        info = CARDS[card]
        if not dom.can_afford(info.cost):
            return f"you cannot pay {info.cost}; gold never pays (CG-BUILD-01, CG-COMP-03)"
        if info.kind == "red" and not dom.free_slots(card):
            return "red cards go only in free city slots (CG-EXP-03)"
        return "no free slot for it (CG-EXP-01, CG-EXP-02)"
    if kind == "build_road":
        return "a road must follow a settlement or city; two roads never touch (CG-ROAD-01/02)"
    if kind == "build_settlement":
        return "a settlement goes at the free end of a road (CG-SETTL-01) and must be paid"
    if kind == "build_city":
        return "a city goes on one of your settlements and must be paid (CG-CITY-01)"
    if kind == "end_turn":
        return "draw up to 3 cards first (CG-HAND-01)"
    if kind in ("pay", "gain", "steal", "give"):
        return "that region cannot pay or receive this unit (CG-RES-04, CG-RES-05)"
    return f"{action!r} is not among the legal choices ({rule})"
