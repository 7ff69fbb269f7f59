"""Setup, the turn sequence, the event die, production, the event cards and the refill.

Rules: CG-SETUP-01..12, CG-TURN-01..07, CG-EV-*, CG-PROD-01..03, CG-CARD-BUILDER/INVENTION/
YEAREND/DUEL/RIOT/FRUITFUL/PLAGUE, CG-HAND-01..07, CG-CARD-TOWNHALL-01/02, CG-WIN-01, A-CG-13.
"""

from __future__ import annotations

from typing import Any

from games.cardgame.cards import CARD_ORDER, CARDS, DEV_CARDS, START_CARDS
from games.cardgame.constants import (
    BRIGAND_THRESHOLD,
    DEV_STACK_SIZES,
    DEV_STACKS,
    EVENT_FACES,
    MAX_STORE,
    MAX_TURNS,
    START_HAND,
)
from games.cardgame.domain import START_REGION_POSITIONS
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
    pick_stack_task,
    put_under,
    put_under_actions,
    search_task,
)

Task = dict[str, Any]
_ORDER = {cid: i for i, cid in enumerate(CARD_ORDER)}


# --- setup ----------------------------------------------------------------------------------
def setup(state: CardGameState) -> None:
    """Lay out both starting domains and queue the shuffles and setup choices (CG-SETUP-01..10)."""
    for seat in (0, 1):
        road, settle_1, settle_2, *regions = START_CARDS[seat]
        dom = state.domains[seat]
        dom.set_centre(0, "settlement", settle_1)
        dom.set_centre(1, "road", road)
        dom.set_centre(2, "settlement", settle_2)
        state.tasks.append({"t": "place_start", "seat": seat, "cards": regions})
    from games.cardgame.cards import CITY_CARDS, ROAD_CARDS, SETTLEMENT_CARDS, STACK_REGIONS

    state.stacks = {
        "road": list(ROAD_CARDS),
        "settlement": list(SETTLEMENT_CARDS),
        "city": list(CITY_CARDS),
        "region": list(STACK_REGIONS),
    }
    state.stacks.update({k: [] for k in DEV_STACKS})
    state.stacks["event"] = [c for c in CARD_ORDER if CARDS[c].kind == "event"]
    state.pool = list(DEV_CARDS)
    deals: list[Task] = [
        {"t": "deal", "stack": k, "n": n} for k, n in zip(DEV_STACKS, DEV_STACK_SIZES, strict=True)
    ]
    state.tasks[0:0] = [*deals, *reshuffle_tasks(state, "region"), *reshuffle_tasks(state, "event")]
    state.tasks.append({"t": "first_roll"})


def reshuffle_tasks(state: CardGameState, stack: str) -> list[Task]:
    return [{"t": "gather", "stack": stack}, {"t": "deal", "stack": stack, "n": -1}]


def _auto_gather(state: CardGameState, task: Task) -> None:
    """Take a stack's cards into the shuffle pool; one chance node per card follows."""
    state.pop_task()
    cards = state.stacks[task["stack"]]
    state.pool = sorted(cards, key=_ORDER.__getitem__)
    state.stacks[task["stack"]] = []
    state.tasks[0]["n"] = len(state.pool)
    state.log("shuffle", stack=task["stack"])


AUTO_TASKS["gather"] = _auto_gather

_DECK_KIND = {"region": "deck:regions", "event": "deck:events"}


def _deal_kind(state: CardGameState, task: Task) -> str:
    return _DECK_KIND.get(task["stack"], "deck:development")


def _deal_outcomes(state: CardGameState, task: Task) -> list[tuple[dict[str, Any], float]]:
    p = 1.0 / len(state.pool)
    return [({"type": "deal", "card": c}, p) for c in state.pool]


def _apply_deal(state: CardGameState, task: Task, action: dict[str, Any]) -> None:
    state.pool.remove(action["card"])
    state.stacks[task["stack"]].append(action["card"])
    task["n"] -= 1
    if task["n"] <= 0 or not state.pool:
        state.pop_task()


register_chance("deal", _deal_kind, _deal_outcomes, _apply_deal)


def _legal_place_start(state: CardGameState, task: Task) -> list[dict[str, Any]]:
    regions = state.domains[task["seat"]].regions
    card = task["cards"][0]
    return [
        {"type": "place_start_region", "card": card, "col": col, "side": side}
        for col, side in START_REGION_POSITIONS
        if (col, side) not in regions
    ]


def _apply_place_start(state: CardGameState, task: Task, action: dict[str, Any]) -> None:
    # Each starting region holds 1 unit (CG-SETUP-05).
    state.domains[task["seat"]].regions[(action["col"], action["side"])] = [action["card"], 1]
    task["cards"].pop(0)
    if not task["cards"]:
        state.pop_task()


register_task("place_start", _legal_place_start, _apply_place_start, forced=lambda s, t: True)


def _first_roll_outcomes(state: CardGameState, task: Task) -> list[tuple[dict[str, Any], float]]:
    return [
        ({"type": "first_roll", "rolls": [a, b]}, 1 / 36) for a in range(1, 7) for b in range(1, 7)
    ]


def _apply_first_roll(state: CardGameState, task: Task, action: dict[str, Any]) -> None:
    a, b = action["rolls"]
    state.log("first_roll", rolls=[a, b])
    if a == b:
        return  # a tie is rerolled (A-CG-22)
    state.pop_task()
    first = 0 if a > b else 1
    state.first_player = state.active = first
    state.push(
        pick_stack_task(first, "setup", START_HAND),
        pick_stack_task(1 - first, "setup", START_HAND),
        {"t": "begin_turn"},
    )


register_chance("first_roll", lambda s, t: "dice", _first_roll_outcomes, _apply_first_roll)


# --- the turn -------------------------------------------------------------------------------
def _auto_begin_turn(state: CardGameState, task: Task) -> None:
    state.pop_task()
    state.phase = "pre_roll"
    state.turn += 1
    state.turns_taken[state.active] += 1
    state.proposals = 0
    state.drew = False
    state.alchemist = None
    state.log("turn", seat=state.active, turn=state.turn)
    if state.check_victory():  # a total reached in the opponent's turn wins now (A-CG-13)
        return
    if not (state.actions_allowed() and state.hand_cards_of_type(state.active, "alchemist")):
        state.push({"t": "roll", "seat": state.active})


AUTO_TASKS["begin_turn"] = _auto_begin_turn


def _legal_pre_roll(state: CardGameState) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = [{"type": "roll_dice"}]
    if state.actions_allowed():
        out += [
            {"type": "play_card", "card": c}
            for c in state.hand_cards_of_type(state.active, "alchemist")
        ]
    return out


PHASE_LEGAL["pre_roll"] = _legal_pre_roll


def _apply_roll_dice(state: CardGameState, action: dict[str, Any]) -> None:
    state.push({"t": "roll", "seat": state.active})


PHASE_APPLY["roll_dice"] = _apply_roll_dice


def play_alchemist(state: CardGameState, card: str) -> None:
    """Choose the production number before rolling (CG-CARD-ALCHEMIST-01/02)."""
    state.push({"t": "alchemist_number", "seat": state.active}, {"t": "roll", "seat": state.active})


def _legal_alchemist(state: CardGameState, task: Task) -> list[dict[str, Any]]:
    return [{"type": "choose_number", "number": n} for n in range(1, 7)]


def _apply_alchemist(state: CardGameState, task: Task, action: dict[str, Any]) -> None:
    state.alchemist = action["number"]
    state.log("alchemist", seat=task["seat"], number=action["number"])
    state.pop_task()


register_task("alchemist_number", _legal_alchemist, _apply_alchemist)


def _roll_outcomes(state: CardGameState, task: Task) -> list[tuple[dict[str, Any], float]]:
    numbers = [state.alchemist] if state.alchemist else range(1, 7)
    share = 1.0 / len(numbers)
    return [
        ({"type": "roll", "event": face, "production": n}, faces / 6 * share)
        for face, faces in EVENT_FACES
        for n in numbers
    ]


def _apply_roll(state: CardGameState, task: Task, action: dict[str, Any]) -> None:
    """Event die first, then production, then the actions phase (CG-TURN-02..05)."""
    state.pop_task()
    state.phase = "main"
    face, number = action["event"], action["production"]
    state.last_roll = {"event": face, "production": number}
    state.log("roll", seat=state.active, event=face, production=number)
    active, other = state.active, 1 - state.active
    tasks: list[Task] = []
    if face == "tournament":
        t0, t1 = (state.domains[s].tournament() for s in (0, 1))
        if t0 != t1:
            tasks.append(gain_task(0 if t0 > t1 else 1))  # CG-EV-TOURN-01/02
    elif face == "trade":
        holder = state.tokens["windmill"]
        if holder is not None:
            from games.cardgame.tasks import steal_task

            tasks.append(steal_task(holder, 1 - holder, 1))  # CG-EV-TRADE-01/02
    elif face == "brigands":
        brigand_attack(state)
    elif face == "plenty":
        tasks += [gain_task(active), gain_task(other)]  # CG-EV-SUN-01
    else:
        tasks.append({"t": "event_card"})
    tasks.append({"t": "production", "number": number})
    state.push(*tasks)


register_chance("roll", lambda s, t: "dice", _roll_outcomes, _apply_roll)


def brigand_attack(state: CardGameState) -> None:
    """Over 7 unprotected units lose all wool and ore (CG-EV-BRIG-01..03, CG-CARD-FORT-01/02)."""
    if state.options["brigand_exemption"] and state.turn <= 4:
        state.log("brigands_exempt")
        return
    for seat in (0, 1):
        dom = state.domains[seat]
        unprotected = sum(
            amount
            for pos, (_card, amount) in dom.regions.items()
            if not any(CARDS[c].type == "garrison" for c in dom.region_slots(pos))
        )
        if unprotected > BRIGAND_THRESHOLD:
            for region in dom.regions.values():
                if CARDS[region[0]].resource in ("wool", "ore"):
                    region[1] = 0
            state.log("brigands", seat=seat, unprotected=unprotected)


def production_gain(dom: Any, pos: tuple[int, int]) -> int:
    """1, or 2 beside a production building of the region's type (CG-CARD-PRODBLDG-01, A-CG-15)."""
    res = CARDS[dom.regions[pos][0]].resource
    return 2 if any(CARDS[c].doubles == res for c in dom.region_slots(pos)) else 1


def _auto_production(state: CardGameState, task: Task) -> None:
    """Every region with the rolled number gains, capped at 3 (CG-PROD-01..03, CG-RES-02)."""
    state.pop_task()
    number = task["number"]
    for seat in (0, 1):
        dom = state.domains[seat]
        for pos, region in dom.regions.items():
            if CARDS[region[0]].number == number:
                region[1] = min(MAX_STORE, region[1] + production_gain(dom, pos))


AUTO_TASKS["production"] = _auto_production


# --- event cards ----------------------------------------------------------------------------
def _auto_event_card(state: CardGameState, task: Task) -> None:
    """Draw the top event card, put it under the stack, carry it out (CG-EV-CARD-01)."""
    state.pop_task()
    stack = state.stacks["event"]
    card = stack.pop()
    stack.insert(0, card)
    kind = CARDS[card].type
    state.log("event_card", card=card)
    active, other = state.active, 1 - state.active
    if kind == "ev_year_end":
        state.push(*reshuffle_tasks(state, "event"))  # CG-CARD-YEAREND-01, A-CG-18
    elif kind == "ev_master_builder":
        state.push(_builder_task(active), _builder_task(other))
    elif kind == "ev_progress":
        state.push(*(gain_task(s, "", _inventions(state, s)) for s in (active, other)))
    elif kind == "ev_conflict":
        holder = state.tokens["knight"]
        if holder is not None:  # CG-CARD-DUEL-01
            victim = 1 - holder
            n = min(2, len(state.domains[victim].hand))
            state.push({"t": "duel", "seat": holder, "victim": victim, "n": n})
    elif kind == "ev_civil_war":
        opponent_chooses = state.options["civil_war_chooser"] == "opponent"
        state.push(
            *(
                {"t": "riot", "seat": (1 - s) if opponent_chooses else s, "victim": s}
                for s in (active, other)
            ),
            discard_task(active),
            discard_task(other),
        )
    elif kind == "ev_productive_year":
        fruitful_year(state)
    elif kind == "ev_plague":
        plague(state)


AUTO_TASKS["event_card"] = _auto_event_card


def _inventions(state: CardGameState, seat: int) -> int:
    dom = state.domains[seat]
    return dom.count_type("abbey") + dom.count_type("library")  # CG-CARD-INVENTION-01


def fruitful_year(state: CardGameState) -> None:
    """+1 per adjacent Fort, capped at 3 (CG-CARD-FRUITFUL-01/02)."""
    for dom in state.domains:
        for pos, region in dom.regions.items():
            forts = sum(1 for c in dom.region_slots(pos) if CARDS[c].type == "garrison")
            region[1] = min(MAX_STORE, region[1] + forts)


def plague(state: CardGameState) -> None:
    """Regions beside a city lose 1 unless Baths or an Aqueduct protect (CG-CARD-PLAGUE-01..04)."""
    for dom in state.domains:
        if dom.count_type("aqueduct"):
            continue
        for pos, region in dom.regions.items():
            cities = dom.region_cities(pos)
            if not cities or region[1] == 0:
                continue
            baths = any(
                CARDS[card].type == "bath_house"
                for (col, _row), card in dom.slots.items()
                if col in cities
            )
            if not baths:
                region[1] -= 1


def _builder_task(seat: int) -> Task:
    return {"t": "builder", "seat": seat, "exclude": []}


def _legal_builder(state: CardGameState, task: Task) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = [{"type": "builder_skip"}]
    if [k for k in state.nonempty_dev_stacks() if k not in task["exclude"]]:
        out += [
            {"type": "builder_return", "card": c, "stack": k}
            for c in state.domains[task["seat"]].hand
            for k in DEV_STACKS
        ]
    return out


def _apply_builder(state: CardGameState, task: Task, action: dict[str, Any]) -> None:
    """Swap one hand card for a searched card (CG-CARD-BUILDER-01/02, A-CG-06)."""
    state.pop_task()
    if action["type"] == "builder_skip":
        return
    put_under(state, task["seat"], action["card"], action["stack"])
    state.push(pick_stack_task(task["seat"], "builder", 1, task["exclude"]))


register_task(
    "builder", _legal_builder, _apply_builder, skip=lambda s, t: len(_legal_builder(s, t)) == 1
)


def _legal_duel(state: CardGameState, task: Task) -> list[dict[str, Any]]:
    return put_under_actions(state.domains[task["victim"]].hand)


def _apply_duel(state: CardGameState, task: Task, action: dict[str, Any]) -> None:
    """The Knight-token holder puts 2 of the victim's cards under stacks (CG-CARD-DUEL-02)."""
    put_under(state, task["victim"], action["card"], action["stack"])
    state.events[-1]["visible_to"] = [task["seat"], task["victim"]]
    task["n"] -= 1
    if task["n"] <= 0:
        state.pop_task()


register_task(
    "duel",
    _legal_duel,
    _apply_duel,
    skip=lambda s, t: t["n"] <= 0 or not s.domains[t["victim"]].hand,
)


def riot_targets(state: CardGameState, seat: int) -> list[tuple[int, int]]:
    """Knights and fleets not in a city with a Church (CG-CARD-RIOT-01/04, CG-CARD-CHURCH-01)."""
    dom = state.domains[seat]
    churches = {col for (col, _r), c in dom.slots.items() if CARDS[c].type == "church"}
    return [p for p in dom.unit_slots() if p[0] not in churches]


def _legal_riot(state: CardGameState, task: Task) -> list[dict[str, Any]]:
    return [
        {"type": "choose_target", "col": c, "row": r}
        for c, r in riot_targets(state, task["victim"])
    ]


def return_to_hand(state: CardGameState, seat: int, pos: tuple[int, int], why: str) -> None:
    """A destroyed or expelled card goes back to its owner's hand (CG-CARD-ARSONIST-03)."""
    dom = state.domains[seat]
    card = dom.unplace(pos)
    dom.hand.append(card)
    state.log(why, seat=seat, card=card, col=pos[0], row=pos[1])


def _apply_riot(state: CardGameState, task: Task, action: dict[str, Any]) -> None:
    state.pop_task()
    return_to_hand(state, task["victim"], (action["col"], action["row"]), "riot")


register_task("riot", _legal_riot, _apply_riot, skip=lambda s, t: not _legal_riot(s, t))


# --- refill and the end of the turn ---------------------------------------------------------
def draw_cost(state: CardGameState, seat: int) -> int:
    """2 resources, 1 with a Town Hall (CG-HAND-03, CG-CARD-TOWNHALL-01/02)."""
    return 1 if state.domains[seat].count_type("town_hall") else 2


def can_pay_draw(state: CardGameState, seat: int) -> bool:
    units = state.domains[seat].units(include_gold=state.options["gold_pays_draw"])
    return units >= draw_cost(state, seat)


def draw_actions(state: CardGameState, seat: int) -> list[dict[str, Any]]:
    stacks = state.nonempty_dev_stacks()
    out = [{"type": "draw_free", "stack": k} for k in stacks]
    if can_pay_draw(state, seat):
        out += [{"type": "draw_paid", "stack": k} for k in stacks]
    return out


def _legal_refill(state: CardGameState) -> list[dict[str, Any]]:
    dom = state.domains[state.active]
    size, limit = len(dom.hand), dom.hand_limit()
    stacks = state.nonempty_dev_stacks()
    out: list[dict[str, Any]] = []
    if size >= START_HAND or not stacks:
        out.append({"type": "end_turn"})
    if size < limit:
        out += draw_actions(state, state.active)
    elif not state.drew and size and stacks:
        out += [{"type": "exchange", "card": c, "stack": k} for c in dom.hand for k in DEV_STACKS]
    return out


PHASE_LEGAL["refill"] = _legal_refill


def apply_draw(state: CardGameState, seat: int, action: dict[str, Any]) -> None:
    stack = action["stack"]
    if action["type"] == "draw_free":
        card = state.stacks[stack].pop()
        state.domains[seat].hand.append(card)
        state.log("draw", seat=seat, stack=stack, card=card, visible_to=[seat])
    else:
        from games.cardgame.tasks import pay_any_task

        state.push(
            pay_any_task(seat, draw_cost(state, seat), state.options["gold_pays_draw"]),
            search_task(seat, stack, 1),
        )
        state.log("paid_draw", seat=seat, stack=stack)


def _apply_refill_draw(state: CardGameState, action: dict[str, Any]) -> None:
    state.drew = True
    apply_draw(state, state.active, action)


PHASE_APPLY["draw_free"] = _apply_refill_draw
PHASE_APPLY["draw_paid"] = _apply_refill_draw


def _apply_end_turn(state: CardGameState, action: dict[str, Any]) -> None:
    state.push({"t": "end_turn"})


PHASE_APPLY["end_turn"] = _apply_end_turn


def _apply_exchange(state: CardGameState, action: dict[str, Any]) -> None:
    """Card exchange: one card under a stack, one drawn, then the turn ends (CG-HAND-06/07)."""
    put_under(state, state.active, action["card"], action["stack"])
    state.drew = True
    state.push({"t": "exchange_draw", "seat": state.active}, {"t": "end_turn"})


PHASE_APPLY["exchange"] = _apply_exchange


def _legal_exchange_draw(state: CardGameState, task: Task) -> list[dict[str, Any]]:
    return draw_actions(state, task["seat"])


def _apply_exchange_draw(state: CardGameState, task: Task, action: dict[str, Any]) -> None:
    state.pop_task()
    apply_draw(state, task["seat"], action)


register_task(
    "exchange_draw",
    _legal_exchange_draw,
    _apply_exchange_draw,
    skip=lambda s, t: not s.nonempty_dev_stacks(),
)


def _auto_end_turn(state: CardGameState, task: Task) -> None:
    """Pass the dice (CG-TURN-06); the turn cap is a safety net only."""
    state.pop_task()
    state.log("end_turn", seat=state.active)
    state.active = 1 - state.active
    if state.turn >= MAX_TURNS:
        state.finish("turn_cap", None)
        return
    state.push({"t": "begin_turn"})


AUTO_TASKS["end_turn"] = _auto_end_turn
