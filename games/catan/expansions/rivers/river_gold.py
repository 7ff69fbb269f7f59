"""Gold by the rivers and the Wealthiest / Poor Settler tiles.

Rules: RI-GO-01..03, RI-SU-05, RI-WP-01..03, RI-VP-01 (the tiles' points), A-RI-02, A-RI-04.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from games.catan.mechanics import gold

SETTLEMENT_GOLD = 1
"""RI-GO-01: a settlement on an intersection touching a river hex."""
ROAD_GOLD = 1
"""RI-GO-02: a road on a path touching a river hex."""
WEALTHIEST_VP, POOR_VP = 1, -2
"""RI-CO-05, RI-CO-06."""

gold.REASONS.update(
    {"settlement": "a settlement by a river", "road": "a road by a river", "bridge": "a bridge"}
)


@cache
def river_places(board: Any) -> tuple[frozenset[int], frozenset[int]]:
    """Intersections and paths touching at least one river hex, swamps included (A-RI-02)."""
    river = frozenset(board.sites["river_hexes"])
    vertices = frozenset(v for v, hexes in enumerate(board.vertex_hexes) if river & set(hexes))
    edges = frozenset(e for e, hexes in enumerate(board.edge_hexes) if river & set(hexes))
    return vertices, edges


def pay_river_gold(state: Any, p: int, kind: str, where: int) -> None:
    """RI-GO-01/02: a settlement or road by a river earns 1 gold at once, in the founding too;
    RI-GO-03: a city earns nothing."""
    vertices, edges = river_places(state.board)
    if kind == "settlement" and where in vertices:
        gold.gain(state, p, SETTLEMENT_GOLD, "settlement")
    elif kind == "road" and where in edges:
        gold.gain(state, p, ROAD_GOLD, "road")


def poor_settlers(state: Any) -> list[int]:
    """RI-WP-01: every seat tied for the fewest gold, from the end of the founding (A-RI-04)."""
    if not state.turn:
        return []
    least = min(state.gold)
    return [p for p, g in enumerate(state.gold) if g == least]


def wealthiest_settler(state: Any) -> int:
    """RI-WP-02: the seat that alone has the most gold, else -1 (the tile is set aside)."""
    if not state.turn:
        return -1
    most = max(state.gold)
    holders = [p for p, g in enumerate(state.gold) if g == most]
    return holders[0] if len(holders) == 1 else -1


def settler_vp(state: Any, p: int) -> int:
    """RI-WP-03: judged from the gold as it is now, so a change of anyone's gold moves the tiles
    at once (gold changes mark the victory points dirty)."""
    vp = 0
    if p == wealthiest_settler(state):
        vp += WEALTHIEST_VP
    if p in poor_settlers(state):
        vp += POOR_VP
    return vp


def tiles_may_win(state: Any, p: int) -> bool:
    """True when the settler tiles alone could still carry ``p`` to the target: the game must
    not end for lack of progress while gold can be bought (the no-progress check)."""
    gain = (p in poor_settlers(state)) * -POOR_VP + (p != wealthiest_settler(state)) * WEALTHIEST_VP
    return bool(gain and state.gold_supply) and state.total_vp(p) + gain >= state.victory_target
