"""The actions phase: building, trading, and playing action cards (with attacks and reactions).

Rules: CG-TURN-05, CG-BUILD-01..04, CG-ROAD-01..03, CG-SETTL-01..05, CG-CITY-01/02,
CG-EXP-01..09, CG-TRADE-01..04, CG-ACT-01..09, CG-CARD-* for the action cards.
"""

from __future__ import annotations

from typing import Any

from games.cardgame.cards import CARDS
from games.cardgame.constants import RESOURCES
from games.cardgame.state import (
    AUTO_TASKS,
    PHASE_APPLY,
    PHASE_LEGAL,
    CardGameState,
    register_chance,
    register_task,
)
from games.cardgame.tasks import (
    discard_task,
    gain_task,
    pay_any_task,
    pay_task,
    steal_task,
)

Task = dict[str, Any]
MAIN_ACTION_CARDS = ("spy", "merchant", "caravan", "brigands", "arsonist", "black_knight")
DEFENCE = {"brigands": "bishop", "arsonist": "bishop", "black_knight": "herb_woman"}
TARGET_ROLE = {"arsonist": "building", "black_knight": "knight"}


def _territory_cost(stack: str) -> dict[str, int]:
    return {"road": CARDS["road#1"], "settlement": CARDS["settlement#1"], "city": CARDS["city#1"]}[
        stack
    ].cost


def _legal_main(state: CardGameState) -> list[dict[str, Any]]:
    seat = state.active
    dom = state.domains[seat]
    opp = state.domains[1 - seat]
    out: list[dict[str, Any]] = [{"type": "end_actions"}]
    if state.actions_allowed():
        for card in dom.hand:
            kind = CARDS[card].type
            if kind in MAIN_ACTION_CARDS and _playable(state, kind):
                out.append({"type": "play_card", "card": card})
    totals = dom.totals()

    def affordable(cost: dict[str, int]) -> bool:
        return all(totals.get(r, 0) >= n for r, n in cost.items())

    for end in ("left", "right"):
        end_kind = dom.centre[dom.end_col(end)][0]
        if end_kind != "road":
            if state.stacks["road"] and affordable(_territory_cost("road")):
                out.append({"type": "build_road", "end": end})
        elif state.stacks["settlement"] and affordable(_territory_cost("settlement")):
            out.append({"type": "build_settlement", "end": end})
    if state.stacks["city"] and affordable(_territory_cost("city")):
        out += [
            {"type": "build_city", "col": col}
            for col in sorted(dom.centre)
            if dom.centre[col][0] == "settlement"
        ]
    slots: dict[str, bool] = {}
    for card in dom.hand:
        info = CARDS[card]
        if info.kind in ("green", "red") and affordable(info.cost):
            if info.kind not in slots:
                slots[info.kind] = bool(dom.free_slots(card))
            if slots[info.kind]:
                out.append({"type": "build", "card": card})
    rooms = dom.rooms()
    gets = [r for r in RESOURCES if rooms[r] > 0]
    for give in RESOURCES:
        have = totals.get(give, 0)
        if have and have >= dom.merchant_rate(give):
            out += [{"type": "bank_trade", "give": give, "get": g} for g in gets if g != give]
    if state.proposals < state.options["max_trade_proposals"]:
        opp_totals, opp_rooms = opp.totals(), opp.rooms()
        wanted = [r for r in RESOURCES if opp_totals.get(r, 0) and rooms[r]]
        for give in RESOURCES:
            if totals.get(give, 0) and opp_rooms[give]:
                out += [
                    {"type": "propose_trade", "give": {give: 1}, "get": {get: 1}}
                    for get in wanted
                    if get != give
                ]
    return out


PHASE_LEGAL["main"] = _legal_main


def _playable(state: CardGameState, kind: str) -> bool:
    seat = state.active
    dom, opp = state.domains[seat], state.domains[1 - seat]
    if kind == "merchant":  # CG-CARD-MERCHANT-02: both players hold resources to exchange
        return dom.units() > 0 and any(
            amount and dom.room(CARDS[card].resource) for card, amount in opp.regions.values()
        )
    if kind == "caravan":  # CG-CARD-CARAVAN-01
        return dom.units() >= 2
    return True


def _apply_end_actions(state: CardGameState, action: dict[str, Any]) -> None:
    state.phase = "refill"
    state.drew = False


PHASE_APPLY["end_actions"] = _apply_end_actions


# --- building -------------------------------------------------------------------------------
def _apply_build_road(state: CardGameState, action: dict[str, Any]) -> None:
    """A road goes at an end next to a settlement or city (CG-ROAD-01..03)."""
    seat = state.active
    dom = state.domains[seat]
    col = dom.end_col(action["end"]) + (1 if action["end"] == "right" else -1)
    card = state.stacks["road"].pop()
    dom.set_centre(col, "road", card)
    state.log("build", seat=seat, card=card, col=col)
    state.push(*pay_task(seat, CARDS[card].cost))


PHASE_APPLY["build_road"] = _apply_build_road


def _apply_build_settlement(state: CardGameState, action: dict[str, Any]) -> None:
    """A settlement at the free end of a road, then its 2 new regions (CG-SETTL-01..05)."""
    seat = state.active
    dom = state.domains[seat]
    step = 1 if action["end"] == "right" else -1
    col = dom.end_col(action["end"]) + step
    card = state.stacks["settlement"].pop()
    dom.set_centre(col, "settlement", card)
    state.log("build", seat=seat, card=card, col=col)
    state.push(
        *pay_task(seat, CARDS[card].cost),
        {"t": "scout_offer", "seat": seat},
        {"t": "draw_regions", "seat": seat, "col": col + step},
    )


PHASE_APPLY["build_settlement"] = _apply_build_settlement


def _apply_build_city(state: CardGameState, action: dict[str, Any]) -> None:
    """A city covers a settlement, which stays underneath (CG-CITY-01/02, A-CG-19)."""
    seat = state.active
    dom = state.domains[seat]
    col = action["col"]
    card = state.stacks["city"].pop()
    dom.set_centre(col, "city", card, dom.centre[col][1])
    state.log("build", seat=seat, card=card, col=col)
    state.push(*pay_task(seat, CARDS[card].cost))


PHASE_APPLY["build_city"] = _apply_build_city


def _apply_build(state: CardGameState, action: dict[str, Any]) -> None:
    state.push({"t": "slot", "seat": state.active, "card": action["card"]})


PHASE_APPLY["build"] = _apply_build


def _legal_slot(state: CardGameState, task: Task) -> list[dict[str, Any]]:
    return [
        {"type": "choose_slot", "col": col, "row": row}
        for col, row in state.domains[task["seat"]].free_slots(task["card"])
    ]


def _apply_slot(state: CardGameState, task: Task, action: dict[str, Any]) -> None:
    """Lay a green or red card in a free slot and pay for it (CG-BUILD-01, CG-EXP-01..03)."""
    state.pop_task()
    seat, card = task["seat"], task["card"]
    dom = state.domains[seat]
    dom.hand.remove(card)
    dom.place((action["col"], action["row"]), card)
    state.log("build", seat=seat, card=card, col=action["col"], row=action["row"])
    state.push(*pay_task(seat, CARDS[card].cost))


register_task("slot", _legal_slot, _apply_slot, forced=lambda s, t: True)


def _legal_scout_offer(state: CardGameState, task: Task) -> list[dict[str, Any]]:
    # Scout is exempt from the VP lock (CG-ACT-03, CG-CARD-SCOUT-02).
    cards = state.hand_cards_of_type(task["seat"], "scout")
    return [{"type": "no_scout"}] + [{"type": "play_card", "card": c} for c in cards]


def _apply_scout_offer(state: CardGameState, task: Task, action: dict[str, Any]) -> None:
    state.pop_task()
    if action["type"] == "no_scout":
        return
    play_to_removed(state, task["seat"], action["card"])
    draw = state.pop_task()  # the draw_regions that follows is replaced by a search
    picks = min(2, len(state.stacks["region"]))
    state.push(
        {"t": "scout_pick", "seat": task["seat"], "col": draw["col"], "picks": picks, "cards": []}
    )


register_task(
    "scout_offer",
    _legal_scout_offer,
    _apply_scout_offer,
    skip=lambda s, t: not s.hand_cards_of_type(t["seat"], "scout") or not s.stacks["region"],
)


def _auto_draw_regions(state: CardGameState, task: Task) -> None:
    """Take the top 2 region cards, or what is left (CG-SETTL-03, rulings on empty stacks)."""
    state.pop_task()
    stack = state.stacks["region"]
    cards = [stack.pop() for _ in range(min(2, len(stack)))]
    if cards:
        state.push({"t": "place_regions", "seat": task["seat"], "col": task["col"], "cards": cards})


AUTO_TASKS["draw_regions"] = _auto_draw_regions


def _legal_scout_pick(state: CardGameState, task: Task) -> list[dict[str, Any]]:
    return [{"type": "take_card", "card": c} for c in reversed(state.stacks["region"])]


def _apply_scout_pick(state: CardGameState, task: Task, action: dict[str, Any]) -> None:
    """Choose the regions from the searched stack, then reshuffle it (CG-CARD-SCOUT-01)."""
    state.stacks["region"].remove(action["card"])
    task["cards"].append(action["card"])
    task["picks"] -= 1
    if task["picks"] > 0 and state.stacks["region"]:
        return
    state.pop_task()
    from games.cardgame.turn import reshuffle_tasks

    after = reshuffle_tasks(state, "region") if len(state.stacks["region"]) > 1 else []
    state.push(
        {"t": "place_regions", "seat": task["seat"], "col": task["col"], "cards": task["cards"]},
        *after,
    )


register_task("scout_pick", _legal_scout_pick, _apply_scout_pick)


def _legal_place_regions(state: CardGameState, task: Task) -> list[dict[str, Any]]:
    regions = state.domains[task["seat"]].regions
    sides = [s for s in (1, -1) if (task["col"], s) not in regions]
    return [{"type": "place_region", "card": c, "side": s} for c in task["cards"] for s in sides]


def _apply_place_regions(state: CardGameState, task: Task, action: dict[str, Any]) -> None:
    """New regions go on the settlement's outer corners with 0 units (CG-SETTL-03/04)."""
    dom = state.domains[task["seat"]]
    dom.regions[(task["col"], action["side"])] = [action["card"], 0]
    task["cards"].remove(action["card"])
    state.log(
        "region", seat=task["seat"], card=action["card"], col=task["col"], side=action["side"]
    )
    if not task["cards"]:
        state.pop_task()


register_task("place_regions", _legal_place_regions, _apply_place_regions, forced=lambda s, t: True)


# --- trade ----------------------------------------------------------------------------------
def _apply_bank_trade(state: CardGameState, action: dict[str, Any]) -> None:
    """Merchants: 3:1, 2:1 with a fleet, gold 1:1 with a Mint (CG-TRADE-03/04, CG-CARD-FLEET-*)."""
    seat = state.active
    give, get = action["give"], action["get"]
    rate = state.domains[seat].merchant_rate(give)
    state.log("bank_trade", seat=seat, give=give, get=get, rate=rate)
    state.push(*pay_task(seat, {give: rate}), gain_task(seat, get, 1))


PHASE_APPLY["bank_trade"] = _apply_bank_trade


def _apply_propose_trade(state: CardGameState, action: dict[str, Any]) -> None:
    state.proposals += 1
    give = {r: n for r, n in sorted(action["give"].items())}
    get = {r: n for r, n in sorted(action["get"].items())}
    state.log("trade_offer", seat=state.active, give=give, get=get)
    state.push({"t": "trade_answer", "seat": 1 - state.active, "give": give, "get": get})


PHASE_APPLY["propose_trade"] = _apply_propose_trade


def _legal_trade_answer(state: CardGameState, task: Task) -> list[dict[str, Any]]:
    return [{"type": "accept_trade"}, {"type": "reject_trade"}]


def _apply_trade_answer(state: CardGameState, task: Task, action: dict[str, Any]) -> None:
    """Trade needs both players' consent (CG-TRADE-01); units move region by region."""
    state.pop_task()
    accepted = action["type"] == "accept_trade"
    state.log("trade_answer", seat=task["seat"], accepted=accepted)
    if not accepted:
        return
    proposer, answerer = state.active, task["seat"]
    tasks: list[Task] = []
    for res, n in task["give"].items():
        tasks += [*pay_task(proposer, {res: n}), gain_task(answerer, res, n)]
    for res, n in task["get"].items():
        tasks += [*pay_task(answerer, {res: n}), gain_task(proposer, res, n)]
    state.push(*tasks)


register_task("trade_answer", _legal_trade_answer, _apply_trade_answer)


def validate_proposal(state: CardGameState, action: dict[str, Any]) -> str | None:
    """Why an open trade proposal is not acceptable, or None (rulings: trade protocol)."""
    if set(action) != {"type", "give", "get"}:
        return "a proposal has exactly the keys type, give, get"
    if state.proposals >= state.options["max_trade_proposals"]:
        return "no proposals left this turn (option max_trade_proposals)"
    sides = []
    for key in ("give", "get"):
        side = action[key]
        if not isinstance(side, dict) or not side:
            return f"'{key}' must be a non-empty {{resource: count}} dict"
        for res, n in side.items():
            if res not in RESOURCES or type(n) is not int or n <= 0:
                return f"'{key}' has a bad entry {res!r}: {n!r}"
        sides.append(side)
    give, get = sides
    if set(give) & set(get):
        return "the same resource cannot be on both sides"
    me, opp = state.domains[state.active], state.domains[1 - state.active]
    for res, n in give.items():
        if me.total(res) < n:
            return f"you hold only {me.total(res)} {res}"
        if opp.room(res) < n:
            return f"the opponent has no room for {n} {res} (CG-RES-05)"
    for res, n in get.items():
        if opp.total(res) < n:
            return f"the opponent holds only {opp.total(res)} {res}"
        if me.room(res) < n:
            return f"you have no room for {n} {res} (CG-RES-05)"
    return None


# --- action cards ---------------------------------------------------------------------------
def play_to_removed(state: CardGameState, seat: int, card: str) -> None:
    """Played action cards leave the game (CG-ACT-01, CG-ACT-06)."""
    state.domains[seat].hand.remove(card)
    state.removed.append(card)
    state.log("play_card", seat=seat, card=card)


def _apply_play_card(state: CardGameState, action: dict[str, Any]) -> None:
    seat = state.active
    card = action["card"]
    kind = CARDS[card].type
    play_to_removed(state, seat, card)
    other = 1 - seat
    if kind == "alchemist":
        from games.cardgame.turn import play_alchemist

        play_alchemist(state, card)
    elif kind == "spy":
        state.push({"t": "spy", "seat": seat, "victim": other}, discard_task(seat))
    elif kind == "merchant":
        state.push(steal_task(seat, other, 2, 1), {"t": "give", "seat": seat, "receiver": other})
    elif kind == "caravan":
        state.push(pay_any_task(seat, 2, True), gain_task(seat, "", 2))
    else:
        _start_attack(state, kind)


PHASE_APPLY["play_card"] = _apply_play_card


def _legal_spy(state: CardGameState, task: Task) -> list[dict[str, Any]]:
    hand = state.domains[task["victim"]].hand
    if state.options["spy_takes"] == "unit_or_action":
        hand = [
            c for c in hand if CARDS[c].kind == "action" or CARDS[c].role in ("knight", "fleet")
        ]
    return [{"type": "take_card", "card": c} for c in hand]


def _apply_spy(state: CardGameState, task: Task, action: dict[str, Any]) -> None:
    """Take one card from the opponent's shown hand (CG-CARD-SPY-01/02)."""
    state.pop_task()
    state.domains[task["victim"]].hand.remove(action["card"])
    state.domains[task["seat"]].hand.append(action["card"])
    state.log(
        "spy_take",
        seat=task["seat"],
        card=action["card"],
        visible_to=[task["seat"], task["victim"]],
    )


register_task("spy", _legal_spy, _apply_spy, skip=lambda s, t: not _legal_spy(s, t))


def _start_attack(state: CardGameState, kind: str) -> None:
    """Defence decision, then the target, then the roll (CG-ACT-09, rulings on attacks)."""
    attacker, victim = state.active, 1 - state.active
    state.attack = {"card": kind, "defended": False, "target": None}
    tasks: list[Task] = [{"t": "defend", "seat": victim, "card": DEFENCE[kind]}]
    if kind in TARGET_ROLE:
        tasks.append(
            {
                "t": "target",
                "seat": attacker,
                "victim": victim,
                "role": TARGET_ROLE[kind],
                "backfire": False,
            }
        )
    tasks += [{"t": "attack_roll"}, {"t": "attack_resolve", "seat": attacker}]
    state.push(*tasks)


def _legal_defend(state: CardGameState, task: Task) -> list[dict[str, Any]]:
    cards = state.hand_cards_of_type(task["seat"], task["card"])
    return [{"type": "no_defence"}] + [{"type": "play_card", "card": c} for c in cards]


def _apply_defend(state: CardGameState, task: Task, action: dict[str, Any]) -> None:
    """Bishop or Herbalist in the opponent's turn (CG-ACT-07, CG-CARD-BISHOP/HERBALIST)."""
    state.pop_task()
    if action["type"] == "play_card":
        play_to_removed(state, task["seat"], action["card"])
        assert state.attack is not None
        state.attack["defended"] = True


register_task(
    "defend",
    _legal_defend,
    _apply_defend,
    # Defence cards are action cards: the VP lock applies to them (A-CG-21).
    skip=lambda s, t: not s.actions_allowed() or not s.hand_cards_of_type(t["seat"], t["card"]),
)


def target_slots(state: CardGameState, seat: int, role: str) -> list[tuple[int, int]]:
    """Buildings (not knights or fleets) or knights of ``seat`` (CG-CARD-ARSONIST-04)."""
    return [p for p, c in sorted(state.domains[seat].slots.items()) if CARDS[c].role == role]


def _legal_target(state: CardGameState, task: Task) -> list[dict[str, Any]]:
    return [
        {"type": "choose_target", "col": c, "row": r}
        for c, r in target_slots(state, task["victim"], task["role"])
    ]


def _apply_target(state: CardGameState, task: Task, action: dict[str, Any]) -> None:
    state.pop_task()
    position = (action["col"], action["row"])
    if task["backfire"]:
        from games.cardgame.turn import return_to_hand

        return_to_hand(state, task["victim"], position, "backfire")
        state.push(discard_task(task["victim"]))
    else:
        assert state.attack is not None
        state.attack["target"] = list(position)


register_task("target", _legal_target, _apply_target, skip=lambda s, t: not _legal_target(s, t))


def _attack_outcomes(state: CardGameState, task: Task) -> list[tuple[dict[str, Any], float]]:
    return [({"type": "attack_roll", "roll": n}, 1 / 6) for n in range(1, 7)]


def _apply_attack_roll(state: CardGameState, task: Task, action: dict[str, Any]) -> None:
    state.pop_task()
    assert state.attack is not None
    state.attack["roll"] = action["roll"]


register_chance("attack_roll", lambda s, t: "attack", _attack_outcomes, _apply_attack_roll)


def _auto_attack_resolve(state: CardGameState, task: Task) -> None:
    """1–5 succeeds, 6 backfires; after a defence 1–2 succeeds (CG-ACT-09, CG-CARD-BISHOP-02)."""
    state.pop_task()
    attack = state.attack
    assert attack is not None
    state.attack = None
    attacker, victim = task["seat"], 1 - task["seat"]
    kind = attack["card"]
    success = attack["roll"] <= (2 if attack["defended"] else 5)
    state.log(
        "attack",
        seat=attacker,
        card=kind,
        roll=attack["roll"],
        defended=attack["defended"],
        success=success,
    )
    steal = state.options["robbers_steal"]
    if success:
        if kind == "brigands":
            state.push(steal_task(attacker, victim, steal))
        elif attack["target"] is not None:
            from games.cardgame.turn import return_to_hand

            why = "destroyed" if kind == "arsonist" else "expelled"
            return_to_hand(state, victim, tuple(attack["target"]), why)  # type: ignore[arg-type]
            state.push(discard_task(victim))
    elif kind == "brigands":
        if state.options["robbers_backfire"] == "swap":
            state.push(steal_task(victim, attacker, steal))  # A-CG-09
    else:
        state.push(
            {
                "t": "target",
                "seat": attacker,
                "victim": attacker,
                "role": TARGET_ROLE[kind],
                "backfire": True,
            }
        )


AUTO_TASKS["attack_resolve"] = _auto_attack_resolve
