"""The Wonders of Catan (``{"seafarers": "wonders_of_catan"}``; map SF-MAP-WO, 3-4 players).

A main island with a strait and a desert wasteland, small islands around it (the first
settlement of a seat on each earns 1 special VP), no pirate, the robber on a desert. Five
wonders (``data/wonders_of_catan.json``): a seat that meets a wonder's requirement may claim it
(one wonder per seat, never one another seat holds) by putting one of its unused ships on it, and
then builds its 4 levels, each at the wonder's price of 5 resources, as many a turn as it can
pay. A seat wins with all 4 levels of its wonder, or with 10 VP and strictly more levels than
every other seat. During the founding no settlement stands on the strait and wasteland
intersections nor next to them.

State: ``wo_owner`` (per wonder in data order: the seat that claimed it, -1) and ``wo_levels``
(per seat: levels built of its wonder).

Rules: SF-WO-01..05 (reference/expansions/seafarers.md §17, §19 SF-MAP-WO; A-SF-07).
"""

from __future__ import annotations

import json
from functools import cache
from operator import ge
from pathlib import Path
from typing import Any, ClassVar, Final

from games.catan.constants import RESOURCE_INDEX, UNREACHABLE_TARGET
from games.catan.expansions.seafarers import ships
from games.catan.expansions.seafarers.scenarios import Scenario

Action = dict[str, Any]

DATA: Final = json.loads(
    (Path(__file__).parent / "data" / "wonders_of_catan.json").read_text(encoding="utf-8")
)
WONDERS: Final = tuple(DATA["wonders"])
LEVELS: Final = DATA["levels"]
COST: Final = {
    w: tuple(spec["cost"].get(r, 0) for r in sorted(RESOURCE_INDEX, key=RESOURCE_INDEX.get))
    for w, spec in DATA["wonders"].items()
}
"""Each wonder's price of one level, in resource order."""
REQUIRES: Final = {w: spec["requires"] for w, spec in DATA["wonders"].items()}


# ---------------------------------------------------------------------------- places
def site_vertices(board: Any, key: str) -> set[int]:
    return set(_sites(board, key))


@cache
def _sites(board: Any, key: str) -> frozenset[int]:
    """``site_vertices`` kept per board (boards hash by identity; the cache keeps them alive)."""
    return frozenset(board.hex_vertices[m["hex"]][m["corner"]] for m in board.sites[key])


def setup_closed(board: Any) -> set[int]:
    """SF-WO-02: the strait and wasteland intersections and those next to them (§22: the red
    marks are read as every intersection one path away)."""
    marked: set[int] = set()
    for key in DATA["setup_closed"]["sites"]:
        marked |= site_vertices(board, key)
    return marked | {w for v in marked for w in board.vertex_neighbors[v]}


# ---------------------------------------------------------------------------- requirements
def meets(state: Any, p: int, wonder: str) -> bool:
    """SF-WO-05: the requirement of ``wonder`` (table of the checklist, A-SF-07): its buildings
    (:func:`built_for`) and its counts (:func:`counts_meet`)."""
    return wonder in built_for(state, p) and counts_meet(state, p, REQUIRES[wonder])


def built_for(state: Any, p: int) -> frozenset[str]:
    """The wonders whose building requirements ``p``'s settlements and cities meet: enough
    cities, a settlement or city on the wonder's site, a city on a harbour. Asked on every
    main-phase list, and it reads only ``p``'s buildings (the harbours are the layout's), which
    change only when his settlements or cities left do (no building leaves this board): kept per
    seat (``ships.seat_kept``) with those two counts as the sign, across ships, roads and other
    seats' pieces."""
    sign = (state.settlements_left[p], state.cities_left[p])
    return ships.seat_kept(state, KEPT_BUILT_FOR[p], sign, _fresh_built_for, p)[1]


KEPT_BUILT_FOR: Final = ships.seat_keys("wo_built_for")
"""``state.kept`` keys of each seat's :func:`built_for`."""


def _fresh_built_for(state: Any, p: int) -> tuple[frozenset[str]]:
    vo, level = state.vertex_owner, state.vertex_level
    mine = {v for v in state.network[p] if vo[v] == p}
    cities = [v for v in mine if level[v] == 2]
    harbours, board = state.harbor_rate_vertices, state.board
    on_harbour = any(v in harbours for v in cities)
    return (
        frozenset(
            [
                w
                for w, least, site, harbour in BUILDING_NEEDS
                if len(cities) >= least
                and (site is None or not _sites(board, site).isdisjoint(mine))
                and (on_harbour or not harbour)
            ]
        ),
    )


BUILDING_NEEDS: Final = tuple(
    (w, need.get("cities", 0), need.get("settlement_on"), bool(need.get("city_on_harbour")))
    for w, need in REQUIRES.items()
)
"""Per wonder: the cities, the site of a settlement or city, a city on a harbour it needs
(the building part of its requirement, read once from the table)."""


def counts_meet(state: Any, p: int, need: dict[str, Any]) -> bool:
    """The counted part of a requirement: the trade route's length and the visible VP."""
    route = need.get("route")
    if route and not state.length_reaches(p, route):  # (owed count: only if bounds do not tell)
        return False
    return "vp" not in need or state.public_vp(p) >= need["vp"]


# ---------------------------------------------------------------------------- actions
@cache
def claim_action(wonder: str) -> Action:
    return {"type": "claim_wonder", "wonder": wonder}


BUILD_LEVEL: Final = {"type": "build_wonder_level"}


def wonder_of(state: Any, p: int) -> str | None:
    owners = state.wo_owner
    return WONDERS[owners.index(p)] if p in owners else None


def can_pay(state: Any, p: int, cost: tuple[int, ...]) -> bool:
    # (``map``: a generator would make ``hand`` and ``cost`` cells; ``cost`` is per resource)
    return all(map(ge, state.hand[p], cost))


def add_actions(state: Any, p: int, legal: list[Action]) -> None:
    """Main phase: claim a wonder (no wonder yet, a ship left, the requirement met, nobody holds
    it) or build the next level of yours (SF-WO-05)."""
    if state.phase != "main" or p != state.turn_player:
        return
    mine = wonder_of(state, p)
    if mine is None:
        if state.ships_left[p] and -1 in state.wo_owner:
            ready = built_for(state, p)  # the buildings, kept until his next one
            if ready:
                # ``wo_owner`` is per wonder in ``WONDERS`` order (same length by construction);
                # an index counts fewer instructions than ``zip(..., strict=...)`` (ck-speed26),
                # a plain loop fewer than a generator (which made ``state``, ``p``, ``ready`` cells)
                for i, owner in enumerate(state.wo_owner):
                    if owner == -1:
                        wonder = WONDERS[i]
                        if wonder in ready and counts_meet(state, p, REQUIRES[wonder]):
                            legal.append(claim_action(wonder))
    elif state.wo_levels[p] < LEVELS and can_pay(state, p, COST[mine]):
        legal.append(BUILD_LEVEL)


def claim(state: Any, action: Action) -> None:
    p, wonder = state.actor, action["wonder"]
    state.wo_owner[WONDERS.index(wonder)] = p
    state.ships_left[p] -= 1  # one unused ship marks the claim
    state.events.append({"type": "claim_wonder", "seat": p, "wonder": wonder, "visible_to": "all"})


def build_level(state: Any, action: Action) -> None:
    p = state.actor
    wonder = wonder_of(state, p)
    state.pay(p, COST[wonder])
    state.wo_levels[p] += 1
    state.vp_dirty = True  # SF-WO-01 is judged at once
    state.events.append(
        {
            "type": "wonder_level",
            "seat": p,
            "wonder": wonder,
            "level": state.wo_levels[p],
            "visible_to": "all",
        }
    )


def target(state: Any, p: int, base: int) -> int:
    """SF-WO-01: all 4 levels win at once; else ``base`` (10) only with strictly more levels
    than every other seat."""
    levels = state.wo_levels
    mine = levels[p]
    if mine >= LEVELS:
        return 0
    if not mine:
        return UNREACHABLE_TARGET  # every other seat has as many (the usual case: asked often)
    for q, theirs in enumerate(levels):
        if theirs >= mine and q != p:
            return UNREACHABLE_TARGET
    return base


# ---------------------------------------------------------------------------- what is seen
def public(state: Any) -> dict[str, Any]:
    return {
        "wonders": [
            {"wonder": w, "owner": owner, "cost": DATA["wonders"][w]["cost"]}
            for w, owner in zip(WONDERS, state.wo_owner, strict=True)
        ],
        "levels": list(state.wo_levels),
    }


SENTENCES: dict[str, Any] = {
    "claim_wonder": lambda told: (
        f"{told.words['who']} claims the {DATA['wonders'][told.event['wonder']]['title']}."
    ),
    "wonder_level": lambda told: (
        f"{told.words['who']} builds level {told.event['level']} of the "
        f"{DATA['wonders'][told.event['wonder']]['title']}."
    ),
}


class WondersOfCatan(Scenario):
    name = "wonders_of_catan"
    title = "The Wonders of Catan"
    targets: ClassVar[dict[int, int]] = {3: DATA["victory_points"], 4: DATA["victory_points"]}
    layouts: ClassVar[dict[int, str]] = {
        3: "seafarers_wonders_of_catan",
        4: "seafarers_wonders_of_catan",
    }
    setup_zones = ("main",)  # SF-WO-02
    island_svp = DATA["small_island_svp"]  # SF-WO-03
    foreign = "outside_setup_zones"
    pirate = not DATA["no_pirate"]  # SF-WO-04
    stored_fields = ("wo_owner", "wo_levels")
    sentences = SENTENCES

    def init(self, state: Any) -> None:
        state.wo_owner = [-1] * len(WONDERS)
        state.wo_levels = [0] * state.n

    def rebuild(self, state: Any) -> None:
        if not state.sf_founded:
            for v in setup_closed(state.board):  # SF-WO-02, founding only
                state.blocked[v] = True

    def actions(self, state: Any, p: int, legal: list[Action]) -> None:
        add_actions(state, p, legal)

    def target(self, state: Any, p: int, base: int) -> int:
        return target(state, p, base)

    def may_progress(self, state: Any, p: int) -> bool:
        """A seat's wonder may still grow, or a free wonder may still be claimed."""
        if wonder_of(state, p) is not None:
            return state.wo_levels[p] < LEVELS
        return bool(state.ships_left[p]) and -1 in state.wo_owner

    def observe(self, state: Any, seat: int, obs: dict[str, Any]) -> None:
        obs["wonders_of_catan"] = public(state)

    def view(self, state: Any, view: dict[str, Any]) -> None:
        view["wonders_of_catan"] = public(state)

    def seat_words(self, view: dict[str, Any], seat: int) -> str | None:
        wonders = view.get("wonders_of_catan")
        if not wonders:
            return None
        mine = next((w["wonder"] for w in wonders["wonders"] if w["owner"] == seat), None)
        if mine is None:
            return None
        return f"wonder: {DATA['wonders'][mine]['title']}, level {wonders['levels'][seat]}/4"

    def apply_claim_wonder(self, state: Any, action: Action) -> None:
        claim(state, action)

    def apply_build_wonder_level(self, state: Any, action: Action) -> None:
        build_level(state, action)


SCENARIO = WondersOfCatan()
