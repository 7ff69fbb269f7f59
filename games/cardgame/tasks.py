"""Small reusable tasks: paying, gaining, stealing and giving units, discarding, searching stacks.

Rules: CG-RES-02, CG-RES-03, CG-RES-04, CG-RES-05 (units move one at a time between regions of
the right type with room), CG-HAND-08 / CG-EV-CARD-02 / CG-ACT-08 (discard the excess under a
development stack), CG-SETUP-11 (a searched stack keeps its order).
"""

from __future__ import annotations

from typing import Any

from games.cardgame.cards import CARDS
from games.cardgame.constants import DEV_STACKS, MAX_STORE
from games.cardgame.state import CardGameState, register_task

Task = dict[str, Any]


def _always(_state: CardGameState, _task: Task) -> bool:
    return True


def region_action(kind: str, position: tuple[int, int]) -> dict[str, Any]:
    return {"type": kind, "col": position[0], "side": position[1]}


# --- paying -------------------------------------------------------------------------------
def pay_task(seat: int, cost: dict[str, int]) -> list[Task]:
    """One ``pay`` task per resource of ``cost`` (CG-BUILD-01, CG-RES-04)."""
    return [{"t": "pay", "seat": seat, "res": r, "n": n} for r, n in sorted(cost.items()) if n]


def _legal_pay(state: CardGameState, task: Task) -> list[dict[str, Any]]:
    regions = state.domains[task["seat"]].regions
    res = task["res"]
    return [
        region_action("pay", p)
        for p in sorted(regions)
        if regions[p][1] > 0 and CARDS[regions[p][0]].resource == res
    ]


def _legal_pay_any(state: CardGameState, task: Task) -> list[dict[str, Any]]:
    regions = state.domains[task["seat"]].regions
    return [
        region_action("pay", p)
        for p in sorted(regions)
        if regions[p][1] > 0 and (task["gold"] or CARDS[regions[p][0]].resource != "gold")
    ]


def _apply_pay(state: CardGameState, task: Task, action: dict[str, Any]) -> None:
    region = state.domains[task["seat"]].regions[(action["col"], action["side"])]
    region[1] -= 1
    task["n"] -= 1
    if task["n"] <= 0:
        state.pop_task()


def _no_payment_possible(state: CardGameState, task: Task) -> bool:
    return task["n"] <= 0 or not TASK_LEGAL_PAY[task["t"]](state, task)


TASK_LEGAL_PAY = {"pay": _legal_pay, "pay_any": _legal_pay_any}
register_task("pay", _legal_pay, _apply_pay, skip=_no_payment_possible, forced=_always)
register_task("pay_any", _legal_pay_any, _apply_pay, skip=_no_payment_possible, forced=_always)


# --- gaining ------------------------------------------------------------------------------
def gain_task(seat: int, resource: str = "", n: int = 1) -> Task:
    """Receive ``n`` units of ``resource`` ("" = of the player's choice), one region at a time."""
    return {"t": "gain", "seat": seat, "res": resource, "n": n}


def _legal_gain(state: CardGameState, task: Task) -> list[dict[str, Any]]:
    regions = state.domains[task["seat"]].regions
    res = task["res"]
    return [
        region_action("gain", p)
        for p in sorted(regions)
        if regions[p][1] < MAX_STORE and (not res or CARDS[regions[p][0]].resource == res)
    ]


def _apply_gain(state: CardGameState, task: Task, action: dict[str, Any]) -> None:
    state.domains[task["seat"]].regions[(action["col"], action["side"])][1] += 1
    task["n"] -= 1
    if task["n"] <= 0:
        state.pop_task()


def _no_room(state: CardGameState, task: Task) -> bool:
    return task["n"] <= 0 or not _legal_gain(state, task)


register_task("gain", _legal_gain, _apply_gain, skip=_no_room, forced=_always)


# --- stealing and giving --------------------------------------------------------------------
def steal_task(taker: int, victim: int, n: int, minimum: int = 0) -> Task:
    """Take up to ``n`` units of the taker's choice that he can store (CG-RES-05)."""
    return {"t": "steal", "seat": taker, "victim": victim, "n": n, "min": minimum, "taken": 0}


def _legal_steal(state: CardGameState, task: Task) -> list[dict[str, Any]]:
    taker = state.domains[task["seat"]]
    regions = state.domains[task["victim"]].regions
    room: dict[str, int] = {}
    out = []
    for p in sorted(regions):
        card, amount = regions[p]
        res = CARDS[card].resource
        if amount > 0:
            if res not in room:
                room[res] = taker.room(res)
            if room[res] > 0:
                out.append(region_action("steal", p))
    if out and task["taken"] >= task["min"]:
        out.append({"type": "stop"})
    return out


def _apply_steal(state: CardGameState, task: Task, action: dict[str, Any]) -> None:
    if action["type"] == "stop":
        state.pop_task()
        return
    region = state.domains[task["victim"]].regions[(action["col"], action["side"])]
    region[1] -= 1
    res = CARDS[region[0]].resource
    task["taken"] += 1
    task["n"] -= 1
    state.log("steal", taker=task["seat"], victim=task["victim"], resource=res)
    if task["n"] <= 0:
        state.pop_task()
    state.push(gain_task(task["seat"], res, 1))


def _nothing_to_steal(state: CardGameState, task: Task) -> bool:
    return task["n"] <= 0 or not any(a["type"] == "steal" for a in _legal_steal(state, task))


register_task("steal", _legal_steal, _apply_steal, skip=_nothing_to_steal)


def _legal_give(state: CardGameState, task: Task) -> list[dict[str, Any]]:
    receiver = state.domains[task["receiver"]]
    regions = state.domains[task["seat"]].regions
    return [
        region_action("give", p)
        for p in sorted(regions)
        if regions[p][1] > 0 and receiver.room(CARDS[regions[p][0]].resource) > 0
    ]


def _apply_give(state: CardGameState, task: Task, action: dict[str, Any]) -> None:
    region = state.domains[task["seat"]].regions[(action["col"], action["side"])]
    region[1] -= 1
    res = CARDS[region[0]].resource
    state.pop_task()
    state.log("give", giver=task["seat"], receiver=task["receiver"], resource=res)
    state.push(gain_task(task["receiver"], res, 1))


register_task("give", _legal_give, _apply_give, skip=lambda s, t: not _legal_give(s, t))


# --- hand limit -----------------------------------------------------------------------------
def discard_task(seat: int) -> Task:
    """Put cards over the hand limit under development stacks (CG-HAND-08)."""
    return {"t": "discard", "seat": seat}


def put_under_actions(cards: list[str]) -> list[dict[str, Any]]:
    return [{"type": "put_under", "card": c, "stack": k} for c in cards for k in DEV_STACKS]


def _legal_discard(state: CardGameState, task: Task) -> list[dict[str, Any]]:
    return put_under_actions(state.domains[task["seat"]].hand)


def put_under(state: CardGameState, seat: int, card: str, stack: str) -> None:
    state.domains[seat].hand.remove(card)
    state.stacks[stack].insert(0, card)
    state.log("put_under", seat=seat, stack=stack, card=card, visible_to=[seat])


def _apply_discard(state: CardGameState, task: Task, action: dict[str, Any]) -> None:
    put_under(state, task["seat"], action["card"], action["stack"])


def _within_limit(state: CardGameState, task: Task) -> bool:
    dom = state.domains[task["seat"]]
    return len(dom.hand) <= dom.hand_limit()


register_task("discard", _legal_discard, _apply_discard, skip=_within_limit)


# --- choosing and searching a development stack ----------------------------------------------
def pick_stack_task(seat: int, purpose: str, picks: int = 1, exclude: Any = ()) -> Task:
    return {
        "t": "pick_stack",
        "seat": seat,
        "purpose": purpose,
        "picks": picks,
        "exclude": list(exclude),
    }


def _legal_pick_stack(state: CardGameState, task: Task) -> list[dict[str, Any]]:
    return [
        {"type": "choose_stack", "stack": k}
        for k in DEV_STACKS
        if state.stacks[k] and k not in task["exclude"]
    ]


def _apply_pick_stack(state: CardGameState, task: Task, action: dict[str, Any]) -> None:
    state.pop_task()
    stack = action["stack"]
    if task["purpose"] in ("builder", "setup"):
        # The opponent must use a different stack (CG-SETUP-10, CG-CARD-BUILDER-01, A-CG-06).
        follow = "builder" if task["purpose"] == "builder" else "pick_stack"
        for later in state.tasks:
            if later["t"] == follow:
                later["exclude"] = [stack]
                break
    state.log("search", seat=task["seat"], stack=stack, purpose=task["purpose"])
    state.push(search_task(task["seat"], stack, task["picks"]))


register_task(
    "pick_stack",
    _legal_pick_stack,
    _apply_pick_stack,
    skip=lambda s, t: not _legal_pick_stack(s, t),
)


def search_task(seat: int, stack: str, picks: int) -> Task:
    return {"t": "search", "seat": seat, "stack": stack, "picks": picks}


def _legal_search(state: CardGameState, task: Task) -> list[dict[str, Any]]:
    return [{"type": "take_card", "card": c} for c in reversed(state.stacks[task["stack"]])]


def _apply_search(state: CardGameState, task: Task, action: dict[str, Any]) -> None:
    # Removing one card keeps the order of the others (CG-SETUP-11).
    state.stacks[task["stack"]].remove(action["card"])
    state.domains[task["seat"]].hand.append(action["card"])
    state.log(
        "take_card",
        seat=task["seat"],
        stack=task["stack"],
        card=action["card"],
        visible_to=[task["seat"]],
    )
    task["picks"] -= 1
    if task["picks"] <= 0:
        state.pop_task()


register_task(
    "search",
    _legal_search,
    _apply_search,
    skip=lambda s, t: t["picks"] <= 0 or not s.stacks[t["stack"]],
)


def pay_any_task(seat: int, n: int, gold: bool) -> Task:
    """Pay ``n`` units of any types (paid draw: no gold by default, A-CG-14; Caravan: gold ok)."""
    return {"t": "pay_any", "seat": seat, "n": n, "gold": gold}
