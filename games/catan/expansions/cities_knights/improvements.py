"""City improvements (three tracks of five levels), metropolises and city walls.

Rules: CK-CI-01, CK-CI-02, CK-CI-04..06, CK-WA-01.
"""

from __future__ import annotations

from typing import Any

from games.catan.constants import MAX_CITIES

from .data import (
    COMMODITIES,
    MAX_LEVEL,
    MAX_WALLS,
    METROPOLIS_LEVEL,
    TRACK_COMMODITY,
    TRACK_INDEX,
    TRACKS,
    WALL_COST,
)
from .shared import SharedActions

Action = dict[str, Any]
IMPROVE = {t: {"type": "improve_city", "track": t} for t in TRACKS}
WALL = SharedActions(lambda v: {"type": "build_wall", "vertex": v})
"""``build_wall`` per intersection: made once and shared, read only (as the knights' actions)."""


PRICES = tuple(tuple(max(level + 1 - crane, 0) for level in range(MAX_LEVEL)) for crane in (0, 1))
"""CK-CI-01: ``PRICES[crane][level]``: the commodities of the track's kind the next level costs
from ``level`` (level n costs n); on a Crane's turn (``crane`` 1, ``ck_effects["crane"]``,
CK-PC-S02) 1 less."""


def cost(state: Any, p: int, t: int) -> int:
    """What ``p``'s next level of track ``t`` costs as this turn stands (:data:`PRICES`)."""
    return PRICES[bool(state.ck_effects.get("crane"))][state.ck_levels[p][t]]


def cities_of(state: Any, p: int) -> list[int]:
    """``p``'s cities, in intersection order (read only: shared). Kept in the core's
    ``income`` cache, which every building placed, upgraded or lost empties (a seat's
    buildings are always in its ``network``, so roads change nothing here)."""
    key = ("ck_cities", p)
    found = state.income.get(key)
    if found is None:
        found = state.income[key] = cities_afresh(state, p)
    return found


def cities_afresh(state: Any, p: int) -> list[int]:
    vo, lv = state.vertex_owner, state.vertex_level
    return [v for v in sorted(state.network[p]) if vo[v] == p and lv[v] == 2]


def free_cities(state: Any, p: int) -> list[int]:
    """``p``'s cities without a metropolis (CK-CI-04: a city holds at most one)."""
    metros = set(state.ck_metropolis)
    return [v for v in cities_of(state, p) if v not in metros]


def metropolis_owner(state: Any, t: int) -> int:
    v = state.ck_metropolis[t]
    return -1 if v == -1 else state.vertex_owner[v]


def add_improvements(state: Any, p: int, legal: list[Action], crane: bool | None = None) -> None:
    """CK-CI-01/06: in order, one level at a time, with at least one city on the board;
    levels 4 and 5 only with a city free for a metropolis or holding the track's one.
    (``crane``: priced with a Crane's discount or not; None: as this turn stands, :func:`cost`.)"""
    if MAX_CITIES - state.cities_left[p] == 0:
        return
    if crane is None:
        crane = bool(state.ck_effects.get("crane"))
    levels, goods, prices = state.ck_levels[p], state.ck_commodities[p], PRICES[crane]
    for t, commodity, action in _TRACK_ROWS:
        level = levels[t]
        if level >= MAX_LEVEL or goods[commodity] < prices[level]:
            continue
        needs_city = level + 1 >= METROPOLIS_LEVEL and metropolis_owner(state, t) != p
        if needs_city and not free_cities(state, p):
            continue
        legal.append(action)


_TRACK_ROWS = tuple(
    zip(range(len(TRACKS)), TRACK_COMMODITY, [IMPROVE[t] for t in TRACKS], strict=True)
)
"""Per track in order: its index, its commodity's index and its ``improve_city`` action."""


def improve(state: Any, p: int, track: str) -> bool:
    """Buy the next level; CK-CI-04: the first to level 4 takes the metropolis, the first to
    level 5 takes it from a holder below 5. True: the seat chooses the city (a phase)."""
    t = TRACK_INDEX[track]
    price = cost(state, p, t)
    c = TRACK_COMMODITY[t]
    state.ck_commodities[p][c] -= price
    state.ck_commodity_bank[c] += price
    state.ck_effects.pop("crane", None)
    state.ck_levels[p][t] += 1
    level = state.ck_levels[p][t]
    state.events.append(
        {
            "type": "improve_city",
            "seat": p,
            "track": track,
            "level": level,
            "paid": {COMMODITIES[c]: price},
            "visible_to": "all",
        }
    )
    holder = metropolis_owner(state, t)
    takes = (level == METROPOLIS_LEVEL and holder == -1) or (
        level == MAX_LEVEL and holder not in (-1, p) and state.ck_levels[holder][t] < MAX_LEVEL
    )
    if not takes:
        return False
    spots = free_cities(state, p)
    if len(spots) == 1:
        place_metropolis(state, p, t, spots[0])
        return False
    state.ck_pending_metropolis = t
    state._set_phase("ck_metropolis", p)
    return True


def legal_metropolis(state: Any) -> list[Action]:
    return [{"type": "place_metropolis", "vertex": v} for v in free_cities(state, state.actor)]


def place_metropolis(state: Any, p: int, t: int, v: int) -> None:
    """CK-CI-04/05: the track's metropolis stands on city ``v`` (taken from its holder)."""
    previous = metropolis_owner(state, t)
    state.ck_metropolis[t] = v
    state.ck_pending_metropolis = -1
    state.vp_dirty = True
    state.events.append(
        {
            "type": "metropolis",
            "seat": p,
            "track": TRACKS[t],
            "vertex": v,
            "from": previous,
            "visible_to": "all",
        }
    )


# ---------------------------------------------------------------------- walls
def wall_spots(state: Any, p: int) -> list[int]:
    """CK-WA-01: under one of ``p``'s cities (a metropolis too), one per city, 3 per seat."""
    cities = cities_of(state, p)
    if not cities:
        return []  # (most seats of random play, asked by the Engineer at every list)
    walls = state.ck_walls
    spots: list[int] = []
    for v in cities:  # (a loop: a comprehension would make ``walls`` a cell at every call)
        if not walls[v]:
            spots.append(v)
    return [] if len(cities) - len(spots) >= MAX_WALLS else spots


def add_city_actions(state: Any, p: int, legal: list[Action]) -> None:
    """The main list's ``build_wall`` actions (CK-WA-01, :func:`wall_spots`), then its
    ``improve_city`` ones (:func:`add_improvements`): both need a city of ``p`` on the board,
    which the caller has checked (most lists have none), so they are asked for in one call."""
    h = state.hand[p]
    if (
        h[0] >= WALL_COST[0]
        and h[1] >= WALL_COST[1]
        and h[2] >= WALL_COST[2]
        and (h[3] >= WALL_COST[3] and h[4] >= WALL_COST[4])
    ):
        legal.extend([WALL[v] for v in wall_spots(state, p)])
    add_improvements(state, p, legal)


def build_wall(state: Any, p: int, v: int, free: bool = False) -> None:
    if not free:
        state.pay(p, WALL_COST)
    state.ck_walls[v] = 1
    state.events.append({"type": "build_wall", "seat": p, "vertex": v, "visible_to": "all"})
