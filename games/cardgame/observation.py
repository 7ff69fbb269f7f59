"""What one seat may know: a whitelist of public facts plus that seat's own hand.

The opponent's hand is a count, stacks are sizes; a stack's contents appear only to the seat
searching it, and the opponent's hand only to a seat that a rule lets look (Spy, Duel).

Rules: CG-SETUP-11 (hands hidden), CG-CARD-SPY-01, CG-CARD-DUEL-02, CG-CARD-SCOUT-01.
"""

from __future__ import annotations

from typing import Any

from games.cardgame.cards import CARDS
from games.common.api import CHANCE, TERMINAL

RECENT_EVENTS = 8
SEARCH_TASKS = {"search": "stack", "scout_pick": "region"}


def recent_visible_events(events: list[dict[str, Any]], seat: int) -> list[dict[str, Any]]:
    """The last ``RECENT_EVENTS`` events ``seat`` may see, oldest first.

    Read from the end of the log until enough are found: a fixed slice of the log could hold
    mostly the other seat's hidden events and show fewer than the protocol promises.
    """
    shown: list[dict[str, Any]] = []
    for event in reversed(events):
        if event["visible_to"] == "all" or seat in event["visible_to"]:
            shown.append(event)
            if len(shown) == RECENT_EVENTS:
                break
    shown.reverse()
    return shown


def public_domain(state: Any, seat: int) -> dict[str, Any]:
    """The domain's geometry: centre row, regions (resource, number, units) and slot cards."""
    dom = state.domains[seat]
    return {
        "centre": [[col, dom.centre[col][0]] for col in sorted(dom.centre)],
        "regions": [
            [col, side, CARDS[card].resource, CARDS[card].number, amount]
            for (col, side), (card, amount) in sorted(dom.regions.items())
        ],
        "slots": [[col, row, CARDS[card].type] for (col, row), card in sorted(dom.slots.items())],
        "vp": state.vp(seat),
        "strength": dom.strength(),
        "tournament": dom.tournament(),
        "trade": dom.trade(),
        "hand_limit": dom.hand_limit(),
        "hand_size": len(dom.hand),
    }


def observe(state: Any, seat: int) -> dict[str, Any]:
    """The observation sent to ``seat`` with each decision.

    Raises:
        ValueError: ``seat`` is not 0 or 1.
    """
    if seat not in (0, 1):
        raise ValueError(f"seat must be 0 or 1, got {seat!r}")
    to_move = state.current_player()
    task = state.tasks[0] if state.tasks else None
    decision = state.phase if task is None else task["t"]
    if to_move == TERMINAL:
        decision = "game_over"
    obs: dict[str, Any] = {
        "seat": seat,
        "turn": state.turn,
        "active": state.active,
        "phase": state.phase,
        "to_move": to_move,
        "decision": decision,
        "hand": list(state.domains[seat].hand),  # card ids: the type is the part before "#"
        "you": public_domain(state, seat),
        "opponent": public_domain(state, 1 - seat),
        "stacks": {k: len(v) for k, v in state.stacks.items()},
        "tokens": dict(state.tokens),
        "last_roll": dict(state.last_roll) if state.last_roll else None,
        "vp_target": state.options["vp_target"],
    }
    if task is not None and to_move not in (CHANCE, TERMINAL) and task.get("seat") == seat:
        kind = task["t"]
        if kind in SEARCH_TASKS:
            stack = task.get("stack", "region")
            obs["search"] = {"stack": stack, "cards": list(reversed(state.stacks[stack]))}
        elif kind in ("spy", "duel"):
            obs["opponent_hand"] = list(state.domains[task["victim"]].hand)
        elif kind == "trade_answer":
            obs["trade_offer"] = {"give": dict(task["give"]), "get": dict(task["get"])}
        elif kind in ("place_regions", "place_start"):
            obs["placing"] = list(task["cards"])
        if "n" in task:
            obs["remaining"] = task["n"]
    if state.attack is not None:
        obs["attack"] = {
            "card": state.attack["card"],
            "defended": state.attack["defended"],
            "target": state.attack["target"],
        }
    obs["events"] = recent_visible_events(state.events, seat)
    if state.outcome is not None:
        obs["result"] = state.result()
    return obs
