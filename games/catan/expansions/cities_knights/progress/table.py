"""What the progress cards read and change on the table, in the core's terms.

The cards' effects (``science.py``, ``politics.py``, ``trade.py``) go through these functions
for hands, knights, walls, improvements, the robber and the merchant, so the core plug-in's
fields are named in one place.

Rules: CK-PR-04 (commodities are hand cards), CK-PC-05 (progress cards change hands only by the
Spy), CK-SE-02 (the robber sleeps until the first attack).
"""

from __future__ import annotations

from typing import Any

from games.catan import actions as A
from games.catan.constants import MAX_CITIES, MAX_PLAYERS, RESOURCE_INDEX, RESOURCES, TERRAINS

from .. import cards, improvements, knights
from ..core_actions import core_action_allowed
from ..data import COMMODITIES, KEPT_OWED, KNIGHTS_PER_LEVEL

Action = dict[str, Any]
GOODS = (*RESOURCES, *COMMODITIES)
"""Every hand card kind: the five resources, then the three commodities."""
BANK = -1


# ---------------------------------------------------------------------- hand cards
def count(state: Any, p: int, good: str) -> int:
    return cards.count(state, p, good)


hand_size = cards.held
"""Resources + commodities (progress cards are not hand cards for these effects); the plug-in's
own count, named here without a call of its own (the VP finders ask it at every list)."""


def seat_vp(state: Any) -> list[int]:
    """Every seat's VP (``total_vp``), read only (shared); the Wedding, the Master Merchant and
    the Saboteur compare them at every main list. Kept while the core's ``state.vp_changes``
    stands still: ``apply`` adds 1 to it after every step that set its ``vp_dirty`` flag to True
    (wherever a VP may change, for the victory check; a turn's start alone asks for the check
    without moving it), and ``touch()`` does. With other VP hooks
    than C&K's (they may read other things) it is kept for one ``state.version`` only. Kept in
    the core's ``state.vp_known``, which the victory check reads under the same stamp (at a
    turn's start it then counts nobody's VP again)."""
    hooks = state.hooks
    # (one int key: the VP stamp, or the version as a negative number, never equal to one)
    stamp = state.vp_changes if len(hooks.vp) == 1 and not hooks.hidden_vp else ~state.version
    memo = state.vp_known  # (the core's slot: its victory check reads it too)
    if memo is not None and memo[0] == stamp:
        return memo[1]
    vps = []
    for q in range(state.n):  # (a loop: a comprehension makes a function at each call)
        vps.append(state.total_vp(q))
    state.vp_known = (stamp, vps)
    return vps


def bank_count(state: Any, good: str) -> int:
    return cards.bank_count(state, good)


def move(state: Any, giver: int, taker: int, good: str, amount: int = 1) -> None:
    """``amount`` cards of ``good`` from ``giver`` to ``taker`` (either may be :data:`BANK`)."""
    cards.move(
        state, good, amount, None if giver == BANK else giver, None if taker == BANK else taker
    )


def from_bank(state: Any, p: int, good: str, amount: int) -> None:
    if amount:
        move(state, BANK, p, good, amount)


def goods_of_kind(state: Any, p: int, kind: str) -> list[str]:
    """The card kinds ``p`` holds: ``"any"`` or only ``"commodity"``."""
    held = cards.kinds_held(state, p)
    if kind == "commodity":
        return [g for g in held if g not in RESOURCE_INDEX]
    return held


def count_of_kind(state: Any, p: int, kind: str) -> int:
    if kind == "commodity":
        return sum(state.ck_commodities[p])
    return cards.held(state, p)


def steal_outcomes(state: Any, victim: int) -> list[tuple[Action, float]]:
    """One random card of the victim's hand, resource or commodity (CK-SE-03, CK-PC-05)."""
    total = cards.held(state, victim)
    # (a loop, not a comprehension: one reading a local makes a cell of it at every call)
    outcomes = []
    for g in cards.kinds_held(state, victim):
        outcomes.append(({"type": "steal_card", "card": g}, cards.count(state, victim, g) / total))
    return outcomes


# ---------------------------------------------------------------------- progress cards
def progress_hand(state: Any, p: int) -> list[str]:
    """``p``'s hidden progress cards, one name per card (VP cards lie outside the hand)."""
    return list(state.ck_progress[p])


def move_progress(state: Any, giver: int, taker: int, card: str) -> None:
    state.ck_progress[giver].remove(card)
    state.ck_progress[taker].append(card)


# ---------------------------------------------------------------------- buildings
def buildings_of(state: Any, p: int) -> list[int]:
    # (loops, not comprehensions: one reading a local makes a cell of it at every call)
    vo, buildings = state.vertex_owner, []
    for v in state.network[p]:
        if vo[v] == p:
            buildings.append(v)
    return buildings


HARVEST_KEY = [{t: ("ck_harvest", p, t) for t in TERRAINS} for p in range(MAX_PLAYERS)]
"""Per seat and terrain: the core's ``kept`` key of the hexes of that terrain beside the seat's
buildings (Irrigation, Mining: ``science.harvest_hexes``)."""
MERCHANT_KEY = [("ck_merchant_hexes", p) for p in range(MAX_PLAYERS)]
"""Per seat: the ``kept`` key of the resource hexes beside its buildings (the Merchant:
``trade.merchant_hexes``)."""


def forget_building_hexes(state: Any, p: int) -> None:
    """Drop ``p``'s kept hexes beside its buildings (:data:`HARVEST_KEY`, :data:`MERCHANT_KEY`).
    They are kept in the core's ``kept``, which roads and knights leave as it is, since the
    hexes beside a seat's buildings change only when the seat places a settlement: a city
    stands where its settlement stood, a pillaged city stays on the board (A-CK-09), no card
    lifts a building and the terrains never change. The plug-in's ``built`` hook calls this for
    every settlement placed (the founding ones too); ``touch()`` empties ``kept``."""
    kept = state.kept
    for key in HARVEST_KEY[p].values():
        kept.pop(key, None)
    kept.pop(MERCHANT_KEY[p], None)


def building_owners(state: Any, h: int) -> set[int]:
    """Seats with a settlement or city on a corner of hex ``h``."""
    vo = state.vertex_owner
    return {vo[v] for v in state.board.hex_vertices[h] if 0 <= vo[v] < state.n}


def upgrade_to_city(state: Any, p: int, v: int, cost: tuple[int, ...]) -> None:
    """The core's city upgrade (its events, hooks, VP) at another price (the Medicine)."""
    saved = state.cost_override
    state.cost_override = cost
    try:
        state._apply_build_city({"type": "build_city", "vertex": v})
    finally:
        state.cost_override = saved


def city_spots(state: Any, p: int) -> list[int]:
    """Settlements ``p`` may upgrade now: the core's, less those the plug-in holds back
    (A-CK-09: a pillaged city lying as a settlement is the next one upgraded)."""
    build = A.BUILD_CITY  # (the core's shared actions: no dict made per spot)
    return [v for v in state.city_spots(p) if core_action_allowed(state, p, build[v])]


def road_spots(state: Any, p: int) -> list[int]:
    """Where ``p`` may build a road now: the core's spots, less those an opponent's knight
    blocks (CK-KN-05, the plug-in's rule for every road). Read only (shared): kept in the core's
    ``spot_cache``, which every road, building and knight placed or lifted clears (all it reads;
    the Road Building's finder asks it at every list of a seat holding the card)."""
    key = _ROAD_SPOTS_KEY[p]
    found = state.spot_cache.get(key)
    if found is None:
        found = state.spot_cache[key] = _road_spots_afresh(state, p)
    return found


def _road_spots_afresh(state: Any, p: int) -> list[int]:
    """:func:`road_spots` found (a function of its own: its comprehension makes ``state`` and
    ``p`` cells, which a kept answer should not pay for)."""
    build = A.BUILD_ROAD  # (the core's shared actions: no dict made per spot)
    return [e for e in state.road_spots(p) if core_action_allowed(state, p, build[e])]


_ROAD_SPOTS_KEY = [("ck_road_spots", p) for p in range(MAX_PLAYERS)]


def put_free_road(state: Any, p: int, e: int) -> None:
    """A road the card gives: placed, Longest Road judged, the plug-ins told (as a built one)."""
    state._put_road(p, e)
    state.events.append(
        {"type": "build_road", "seat": p, "edge": e, "free": True, "visible_to": "all"}
    )
    state.after_road(p, e)
    state.tell_built(p, "road", e)


def lift_road(state: Any, e: int) -> None:
    """Road ``e`` back to its owner's supply; Longest Road is judged again (BG-LR rules:
    a holder whose road got shorter may lose the card).

    Only the owner's trails change. Unless he holds the card, his count may be owed
    (``state.owe_length``): without the road his longest trail is no longer and at least
    the longer of the two parts the road cut it into (the road's own count taken off), or
    all of it but the road when the road hangs (no other road of his at one end: a trail
    over it ends there)."""
    owner = state.edge_owner[e]
    holder = state.longest_road
    if state.hooks.rebuild:  # a plug-in's own caches follow the roads too
        before = state.road_length[owner]
        state.edge_owner[e] = -1
        state.roads_left[owner] += 1
        state._rebuild_derived()
        dropped = owner == holder and state.road_length[owner] < before
        state._update_longest_road(holder_dropped=dropped)
        return
    before = state.length_of(owner)
    left = before - state.path_weight[e]
    low = left if state._hangs(owner, e) else (left + 1) // 2
    state.edge_owner[e] = -1
    state.roads_left[owner] += 1
    _renew_network(state, owner)
    if owner != holder and state.owe_length(owner, low, before):
        return
    now = state._road_length[owner] = state.trail_length(owner)
    state._update_longest_road(holder_dropped=owner == holder and now < before)


def _renew_network(state: Any, p: int) -> None:
    """What ``_rebuild_derived`` would renew after ``p`` lost a road: his network and road
    intersections (built in the same order) and the placement caches (his trail length is
    the caller's: no other seat's trails pass along his roads)."""
    vo, eo, edge_vertices = state.vertex_owner, state.edge_owner, state.board.edge_vertices
    network, road_vertices = set(), set()
    for v, owner in enumerate(vo):
        if owner == p:
            network.add(v)
    for f, owner in enumerate(eo):
        if owner == p:
            ends = edge_vertices[f]
            network.update(ends)
            road_vertices.update(ends)
    state.network[p], state.road_vertices[p] = network, road_vertices
    state.spot_cache.clear()
    state.robber_moves.clear()
    owed = state.kept.get(KEPT_OWED)
    state.touch()
    if owed is not None:  # (a road changes nothing owed: ``flow.owed_for``)
        state.kept[KEPT_OWED] = owed


# ---------------------------------------------------------------------- walls, improvements
def wall_spots(state: Any, p: int) -> list[int]:
    return improvements.wall_spots(state, p)


def build_wall(state: Any, p: int, v: int) -> None:
    improvements.build_wall(state, p, v, free=True)


def improvable(state: Any, p: int, discount: int) -> bool:
    """Some improvement could be bought this turn with a Crane's discount."""
    if state.cities_left[p] == MAX_CITIES:
        return False  # no city on the board (most lists of random play): none (CK-CI-01)
    found: list[Action] = []
    improvements.add_improvements(state, p, found, crane=bool(discount))
    return bool(found)


# ---------------------------------------------------------------------- knights
knights_of = knights.knights_of
promotable = knights.promotable
"""The knights' own functions, named here without a call of their own (the Smith's finder asks
``promotable`` at every list of a seat holding it)."""


def promote_free(state: Any, p: int, v: int) -> None:
    """CK-PC-S10: the core's promotion (one level, once a turn per knight) without paying."""
    knights.promote(state, p, v, free=True)
    state.events[-1]["free"] = True


def inactive_knights(state: Any, p: int) -> list[int]:
    # (loops, not comprehensions: one reading a local makes a cell of it at every call)
    active, inactive = state.ck_knight_active, []
    for v in knights.knights_of(state, p):
        if not active[v]:
            inactive.append(v)
    return inactive


def activate_free(state: Any, p: int, v: int) -> None:
    """CK-PC-P08: active at once; as any activation, it cannot act this turn (CK-KN-02)."""
    state.ck_knight_active[v] = 1
    state.ck_knight_flags[v] |= knights.ACTIVATED


def remove_knight(state: Any, p: int, v: int) -> tuple[int, int]:
    """The knight leaves the board for its owner's supply: (strength, active); the roads it
    broke join again (CK-KN-05)."""
    _, strength, active, _ = knights.lift(state, v)
    knights.judge_roads(state, {v: p})
    return strength, active


def knights_in_supply(state: Any, p: int, strength: int) -> int:
    return KNIGHTS_PER_LEVEL - knights.tokens_on_board(state, p, strength)


def knight_spots(state: Any, p: int) -> list[int]:
    """Where ``p`` may place a knight: an empty intersection on his roads (CK-KN-01)."""
    return [v for v in sorted(state.road_vertices[p]) if knights.empty(state, v)]


def place_knight(state: Any, p: int, v: int, strength: int, active: int) -> None:
    knights._put(state, v, p, strength, active, 0)
    knights.judge_roads(state, {v: -1})  # it breaks the roads through it (CK-KN-05)
    state.events.append(
        {
            "type": "deserter_places",
            "seat": p,
            "vertex": v,
            "strength": strength,
            "active": bool(active),
            "visible_to": "all",
        }
    )


def displace_knight(state: Any, p: int, w: int) -> bool:
    """CK-PC-P05: the knight at ``w`` retreats as after a displacement, its owner's choice
    (the core's ``ck_retreat`` phase); with nowhere to go it returns to his supply. True: the
    owner decides."""
    loser = knights.lift(state, w)
    state.events.append(
        {"type": "intrigue", "seat": p, "victim": loser[0], "vertex": w, "visible_to": "all"}
    )
    return knights.send_to_retreat(state, w, loser)


# ---------------------------------------------------------------------- robber, merchant
def robber_active(state: Any) -> bool:
    """CK-SE-02: the robber wakes at the first barbarian attack."""
    return bool(state.ck_attacks)


def merchant(state: Any) -> tuple[int, int] | None:
    """(hex, owner) of the merchant, or None while it is beside the board."""
    hx, owner = state.ck_merchant
    return None if hx < 0 else (hx, owner)


def place_merchant(state: Any, p: int, h: int) -> None:
    state.ck_merchant = [h, p]
    state.vp_dirty = True
