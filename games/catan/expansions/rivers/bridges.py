"""Bridges: road-like pieces on the paths that cross a river.

Rules: RI-BR-01..03, RI-CO-03.
"""

from __future__ import annotations

from typing import Any

from games.catan.constants import BRICK, LUMBER
from games.catan.mechanics import gold

BRIDGES_PER_SEAT = 3
"""RI-CO-03, RI-BR-03."""
BRIDGE_COST = (1, 2, 0, 0, 0)
"""RI-BR-02: 2 brick + 1 lumber (RESOURCES order)."""
BRIDGE_GOLD = 3
"""RI-BR-02: gold earned by building a bridge."""

BUILD_BRIDGE: dict[int, dict[str, Any]] = {}
"""Shared ``{"type": "build_bridge", "edge": e}`` actions by path."""


def build_bridge_action(e: int) -> dict[str, Any]:
    action = BUILD_BRIDGE.get(e)
    if action is None:
        action = BUILD_BRIDGE[e] = {"type": "build_bridge", "edge": e}
    return action


def bridge_spots(state: Any, p: int) -> list[int]:
    """Free bridge sites at ``p``'s roads, bridges or buildings, not past an opponent's
    building (RI-BR-02); a bridge site takes no road (RI-BR-01), so it is free or bridged."""
    eo, vo = state.edge_owner, state.vertex_owner
    network = state.network[p]
    spots = []
    for e in state.board.sites["bridge_sites"]:
        if eo[e] != -1:
            continue
        for v in state.board.edge_vertices[e]:
            if v in network and vo[v] in (-1, p):
                spots.append(e)
                break
    return spots


def add_bridge_builds(state: Any, p: int, legal: list[dict[str, Any]]) -> None:
    """In the main phase: a bridge with 2 brick, 1 lumber and a bridge left (RI-BR-02/03)."""
    if state.phase != "main" or p != state.turn_player or not state.bridges_left[p]:
        return
    hand = state.hand[p]
    if hand[BRICK] >= 2 and hand[LUMBER] >= 1:
        legal.extend(build_bridge_action(e) for e in bridge_spots(state, p))


def build_bridge(state: Any, action: dict[str, Any]) -> None:
    """RI-BR-02/03: pay, place, earn 3 gold; the bridge joins the road network (Longest Road,
    new settlements) but is not one of the 15 roads and is worth no VP."""
    p, e = state.actor, action["edge"]
    state.pay(p, BRIDGE_COST)
    state._put_road(p, e)
    state.roads_left[p] += 1  # a bridge is its own piece, not one of the roads
    state.bridges_left[p] -= 1
    state.built_this_turn = True
    state.events.append({"type": "build_bridge", "seat": p, "edge": e, "visible_to": "all"})
    state.after_road(p, e)
    gold.gain(state, p, BRIDGE_GOLD, "bridge")
