"""Where founding settlements may stand, home islands, and the special victory points for the
first settlement on each foreign island (Catan chits under the settlement).

Areas are the islands of ``sea.py`` (the Through the Desert strip is an area of its own). A
settlement is on a foreign area when every area its hexes belong to is foreign to its owner; it
then marks the first such area he has not marked yet (a coast shared by two foreign areas marks
one). Foreign: for ``outside_setup_zones`` scenarios an area with no hex of the founding zones;
for ``not_home`` scenarios an area where the seat placed no founding settlement.

Rules: SF-GE-01, SF-GE-05..06, SF-NS-02..03, SF-4I-02..03, SF-FI-02, SF-TD-02..03, A-SF-02.
"""

from __future__ import annotations

from typing import Any


def close_outside_setup_zones(state: Any, scenario: Any) -> None:
    """During the founding, intersections touching no hex of the scenario's setup zones take no
    settlement (SF-NS-02, SF-FI-02, SF-TD-02)."""
    if scenario.setup_zones is None:
        return
    zones = state.board.sites.get("zones", {})
    allowed = {h for tag in scenario.setup_zones for h in zones.get(tag, ())}
    blocked = state.blocked
    for v, hexes in enumerate(state.board.vertex_hexes):
        if allowed.isdisjoint(hexes):
            blocked[v] = True


def _setup_areas(state: Any, scenario: Any) -> set[int]:
    zones = state.board.sites.get("zones", {})
    tags = scenario.setup_zones or ()
    return {state.sf_area[h] for tag in tags for h in zones.get(tag, ()) if state.sf_area[h] >= 0}


def settled(state: Any, scenario: Any, p: int, v: int, founding: bool) -> None:
    """Note a new settlement: a founding one makes its areas home (SF-4I-02); a later one on a
    foreign area earns the island's marker (SF-GE-06, SF-NS-03, SF-4I-03, SF-TD-03)."""
    from games.catan.expansions.seafarers.sea import vertex_areas

    areas = vertex_areas(state, v)
    if founding:
        home = state.home_areas[p]
        home.extend(a for a in areas if a not in home)
        return
    if not scenario.island_svp or not areas:
        return
    if scenario.foreign == "not_home":
        home = set(state.home_areas[p])
    else:
        home = _setup_areas(state, scenario)
    if any(a in home for a in areas):
        return
    marked = {a for a, _ in state.island_marks[p]}
    for a in areas:
        if a not in marked:
            state.island_marks[p].append([a, v])
            state.vp_dirty = True
            state.events.append(
                {
                    "type": "island_marker",
                    "seat": p,
                    "vertex": v,
                    "points": scenario.island_svp,
                    "visible_to": "all",
                }
            )
            return


def founding_gold(state: Any, p: int, v: int) -> None:
    """SF-GE-05, A-SF-02: the second founding settlement takes 1 resource of its owner's choice
    for each gold field beside it."""
    count = sum(1 for h in state.board.vertex_hexes[v] if state.terrains[h] == "gold")
    if count and any(state.bank):
        state.sf_gold.append([p, count])
