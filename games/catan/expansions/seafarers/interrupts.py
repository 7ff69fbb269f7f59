"""Decisions and draws that interrupt a turn or the founding: gold-field choices, fog
discoveries, the random harbours; and the way back to where the game was.

The general rules queue work (``sf_gold``: ``[seat, cards]`` still to choose; ``fog_queue``:
``[hex, seat, rewarded]`` places to discover) and :func:`proceed` does it in order; when the
queues are empty, the phase saved in ``sf_resume`` continues (``["@founding", -1]``: the next
founding placement).

Rules: SF-GO-01..02, SF-GE-05, SF-FI-03..04, A-SF-02..04, SF-GE-03 (random harbours).
"""

from __future__ import annotations

from typing import Any

from games.catan.constants import RESOURCE_INDEX, RESOURCES, TERRAIN_RESOURCE
from games.catan.expansions import seafarers  # ``renew_after_discovery`` (it imports this module)
from games.catan.expansions.seafarers import sea
from games.common.api import CHANCE

Action = dict[str, Any]

CHOOSE_GOLD = tuple({"type": "choose_gold", "resource": r} for r in RESOURCES)
HARBOUR_POOL = {"any": 4, "lumber": 1, "brick": 1, "wool": 1, "grain": 1, "ore": 1}
"""The base game's nine harbours, shuffled onto a map's ``random`` spots (SF-GE-03)."""
FOG_TERRAIN: dict[str, Action] = {}
FOG_TOKEN: dict[int, Action] = {}
HARBOUR: dict[str, Action] = {}


def _shared(table: dict[Any, Action], key: Any, make: Any) -> Action:
    action = table.get(key)
    if action is None:
        action = table[key] = make(key)
    return action


def interrupt(state: Any) -> None:
    """Remember the current phase to come back to, unless already inside an interruption."""
    if state.sf_resume is None:
        state.sf_resume = [state.phase, state.actor]


def proceed(state: Any) -> None:
    """The next queued draw or choice, else back to the saved phase."""
    if state.sf_gold and not any(state.bank):
        state.sf_gold.clear()  # SF-GO-02: nothing left to choose from, the rest is not paid
    if state.fog_queue:
        state._set_phase("fog", CHANCE)
    elif state.sf_gold:
        state._set_phase("gold_choice", state.sf_gold[0][0])
    else:
        phase, actor = state.sf_resume
        state.sf_resume = None
        if phase == "@founding":
            state.next_founding()
        else:
            state._set_phase(phase, actor)


# ---------------------------------------------------------------------- gold fields
def owe_gold(state: Any, total: int) -> bool:
    """SF-GO-01: each settlement next to a producing gold field owes its owner 1 resource of his
    choice, a city 2; the robber's hex pays nothing. Queued from the turn player on; True if any."""
    owed = _gold_owed(state, total)
    if not any(owed):  # most rolls: no gold field pays, so no queue to walk
        return False
    n = state.n
    for i in range(n):
        p = (state.turn_player + i) % n
        if owed[p]:
            state.sf_gold.append([p, owed[p]])
    return True


def _gold_owed(state: Any, total: int) -> list[int]:
    """What each seat is owed by the gold fields of ``total`` (never changed by the caller).

    Kept per total and robber beside the core's income of that total (``state.income``, made
    again by the core after any building, city or board change, numbers and terrains
    included): while the core still holds the same income object, the buildings, numbers and
    terrains it was made from are unchanged, and so is this."""
    income = state.income.get(total)
    kept = state.sf_gold_owed.get((total, state.robber))
    if kept is not None and income is not None and kept[0] is income:
        return kept[1]
    vo, lv, n = state.vertex_owner, state.vertex_level, state.n
    owed = [0] * n
    hex_vertices, numbers, terrains = state.board.hex_vertices, state.numbers, state.terrains
    h = -1
    while True:  # the hexes of this number, found by the list's own search
        try:
            h = numbers.index(total, h + 1)
        except ValueError:
            break
        if terrains[h] != "gold" or h == state.robber:
            continue
        for v in hex_vertices[h]:
            if 0 <= vo[v] < n:
                owed[vo[v]] += lv[v]
    if income is not None:  # the entry holds the income: its id is never reused meanwhile
        state.sf_gold_owed[total, state.robber] = (income, owed)
    return owed


def legal_gold_choice(state: Any) -> list[Action]:
    """SF-GO-02: a resource the bank still holds."""
    bank = state.bank
    return [CHOOSE_GOLD[r] for r in range(5) if bank[r]]


def choose_gold(state: Any, action: Action) -> None:
    p = state.actor
    r = RESOURCE_INDEX[action["resource"]]
    state.bank[r] -= 1
    state.hand[p][r] += 1
    state.events.append(
        {"type": "choose_gold", "seat": p, "resource": RESOURCES[r], "visible_to": "all"}
    )
    entry = state.sf_gold[0]
    entry[1] -= 1
    if entry[1] == 0 or not any(state.bank):
        state.sf_gold.pop(0)  # the bank ran out: the rest is not paid (SF-GO-02)
    proceed(state)


# ---------------------------------------------------------------------- fog
def queue_discoveries(state: Any, p: int, vertices: Any, rewarded: bool) -> None:
    """Fog places touching ``vertices`` that are not yet queued (SF-FI-04, A-SF-03)."""
    terrains, vertex_hexes = state.terrains, state.board.vertex_hexes
    fog = []  # first the fog places touched (most pieces touch none), in the order met
    for v in vertices:
        for h in vertex_hexes[v]:
            if terrains[h] == "fog" and h not in fog:
                fog.append(h)
    if not fog:
        return
    queued = {h for h, _, _ in state.fog_queue} | {h for h, _, _ in state.fog_later}
    target = state.fog_queue if rewarded else state.fog_later
    for h in fog:
        if h not in queued:
            target.append([h, p, rewarded])


def outcomes_fog(state: Any) -> list[tuple[Action, float]]:
    """SF-FI-03: the top hex of the face-down stack; A-SF-04: an empty stack leaves sea."""
    stack = state.fog_stack
    total = sum(stack.values())
    if not total:
        return [(_shared(FOG_TERRAIN, "sea", _terrain), 1.0)]
    return [
        (_shared(FOG_TERRAIN, t, _terrain), count / total)
        for t, count in sorted(stack.items())
        if count
    ]


def _terrain(t: str) -> Action:
    return {"type": "fog_terrain", "terrain": t}


def _token(n: int) -> Action:
    return {"type": "fog_token", "number": n}


def chance_fog(state: Any, action: Action) -> None:
    h, _, _ = state.fog_queue[0]
    t = action["terrain"]
    if state.fog_stack.get(t):
        state.fog_stack[t] -= 1
    state.terrains[h] = t
    if sea.is_land(t) and t != "desert" and state.fog_tokens:
        state._set_phase("fog_token", CHANCE)
        return
    _discovered(state, 0)


def outcomes_fog_token(state: Any) -> list[tuple[Action, float]]:
    tokens = state.fog_tokens
    counts: dict[int, int] = {}
    for n in tokens:
        counts[n] = counts.get(n, 0) + 1
    return [(_shared(FOG_TOKEN, n, _token), c / len(tokens)) for n, c in sorted(counts.items())]


def chance_fog_token(state: Any, action: Action) -> None:
    number = action["number"]
    state.fog_tokens.remove(number)
    _discovered(state, number)


def _discovered(state: Any, number: int) -> None:
    """SF-FI-04: the hex is laid; the discoverer takes 1 resource of its kind (gold: his
    choice; desert or sea: nothing), never during the founding (A-SF-03)."""
    h, p, rewarded = state.fog_queue.pop(0)
    t = state.terrains[h]
    state.numbers[h] = number
    state.events.append(
        {
            "type": "discover",
            "seat": p,
            "hex": h,
            "terrain": t,
            "number": number,
            "visible_to": "all",
        }
    )
    seafarers.renew_after_discovery(state, h)  # new land or sea: paths, intersections, production
    if rewarded:
        r = TERRAIN_RESOURCE.get(t, -1)
        if r >= 0 and state.bank[r]:
            state.bank[r] -= 1
            state.hand[p][r] += 1
            state.events.append(
                {"type": "discovery_gain", "seat": p, "resource": RESOURCES[r], "visible_to": "all"}
            )
        elif t == "gold" and any(state.bank):
            state.sf_gold.append([p, 1])
    proceed(state)


# ---------------------------------------------------------------------- random harbours
def outcomes_harbours(state: Any) -> list[tuple[Action, float]]:
    pool = state.harbour_pool
    total = sum(pool.values())
    return [
        (_shared(HARBOUR, kind, lambda k: {"type": "harbour", "kind": k}), count / total)
        for kind, count in sorted(pool.items())
        if count
    ]


def chance_harbours(state: Any, action: Action) -> None:
    """SF-GE-03: the next ``random`` spot takes a harbour from the shuffled pool."""
    kind = action["kind"]
    state.harbour_pool[kind] -= 1
    state.harbors[state.harbors.index("random")] = kind
    if "random" in state.harbors:
        return
    state._rebuild_board_tables()
    state.events.append({"type": "harbours", "harbors": list(state.harbors), "visible_to": "all"})
    state.begin_placement()
