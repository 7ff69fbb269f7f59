"""Barbarians land on the coast whenever someone builds, and conquer what they surround.

Rules: BA-SU-06, BA-LA-01..03, BA-CQ-01..05, BA-EX-05, A-BA-04, A-BA-05.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from games.common.api import CHANCE

Action = dict[str, Any]

BARBARIANS = 36
"""Barbarian figures in the box (BA-CO-03, A-BA-05)."""
CONQUER_AT = 3
"""Barbarians that conquer a coastal hex (BA-CQ-01)."""
LANDING_ROLLS = 3
"""Rolls of one landing (BA-LA-02)."""
_WAYS = {t: 6 - abs(t - 7) for t in range(2, 13)}
LANDING = {t: {"type": "landing_roll", "total": t} for t in _WAYS}
"""The chance outcome of one landing roll (a dice total, never 7)."""


def coastal(state: Any) -> list[int]:
    """The coastal hexes in the check order (BA-EX-01, A-BA-01: data of the layout)."""
    return state.board.sites["coastal_ring"]


def coastal_hex_of(state: Any, total: int) -> int:
    """The coastal hex whose printed token is ``total`` (BA-SU-04: one per number)."""
    printed = state.board.fixed_numbers
    for h in coastal(state):
        if printed[h] == total:
            return h
    raise ValueError(f"no coastal hex carries {total}")


def init_barbarians(state: Any) -> None:
    """BA-SU-06: one barbarian on the coastal hexes with the 2 and the 12; the rest in supply."""
    state.ba_barbarians = [0] * state.board.num_hexes
    for h in state.board.sites["start_barbarians"]:
        state.ba_barbarians[h] = 1
    state.ba_supply = BARBARIANS - sum(state.ba_barbarians)
    state.ba_landing = []
    state.ba_conquered = []


def conquered(state: Any, h: int) -> bool:
    """BA-CQ-01: a coastal hex with 3 barbarians (castle and desert never, BA-CQ-04)."""
    return state.ba_barbarians[h] >= CONQUER_AT


def conquered_hexes(state: Any) -> list[int]:
    """The conquered coastal hexes, in ring order (kept by :func:`refresh_conquest`)."""
    return state.ba_conquered


@cache
def closed_spots(board: Any, lost: frozenset[int]) -> tuple[frozenset[int], frozenset[int]]:
    """BA-CQ-02: the paths and intersections touching a conquered hex (no road, no settlement)."""
    edges = frozenset(e for e, hexes in enumerate(board.edge_hexes) if lost & set(hexes))
    vertices = frozenset(v for v, hexes in enumerate(board.vertex_hexes) if lost & set(hexes))
    return edges, vertices


def conquered_vertex(state: Any, v: int, lost: list[int]) -> bool:
    """BA-CQ-03/04: an intersection touching only conquered hexes (and the sea)."""
    return all(h in lost for h in state.board.vertex_hexes[v])


def conquered_buildings(state: Any) -> list[int]:
    """The settlements and cities lying on their side (BA-CQ-03)."""
    lost = conquered_hexes(state)
    if not lost:
        return []
    vo = state.vertex_owner
    corners = {v for h in lost for v in state.board.hex_vertices[h]}
    return sorted(v for v in corners if vo[v] != -1 and conquered_vertex(state, v, lost))


def lost_vp(state: Any, p: int) -> int:
    """BA-CQ-03: a conquered building gives no victory points."""
    if not state.ba_conquered:
        return 0
    vo, lv = state.vertex_owner, state.vertex_level
    return sum(lv[v] for v in conquered_buildings(state) if vo[v] == p)


def refresh_conquest(state: Any) -> None:
    """Turn the tokens of conquered hexes face down and up again (BA-CQ-01, BA-CQ-05), so they
    produce nothing, and give the harbours of standing buildings back (BA-CQ-03)."""
    printed = state.board.fixed_numbers
    bars = state.ba_barbarians
    state.ba_conquered = lost = [h for h in coastal(state) if bars[h] >= CONQUER_AT]
    numbers = [0 if h in lost else printed[h] for h in range(state.board.num_hexes)]
    if numbers != state.numbers:
        state.numbers = numbers
        state._rebuild_board_tables()
    refresh_rates(state, lost)
    state.vp_dirty = True


def refresh_rates(state: Any, lost: list[int]) -> None:
    """Maritime rates from the harbours of buildings that are not conquered (BA-CQ-03)."""
    from games.catan.constants import RESOURCE_INDEX

    rates = [[4] * 5 for _ in range(state.owners)]  # neutral colours too (Catan for Two)
    vo = state.vertex_owner
    for v, kind in state.harbor_rate_vertices.items():
        p = vo[v]
        if p == -1 or (lost and conquered_vertex(state, v, lost)):
            continue
        if kind == "any":
            rates[p] = [min(x, 3) for x in rates[p]]
        else:
            rates[p][RESOURCE_INDEX[kind]] = 2
    state.rates = rates
    vars(state)["_ba_rates"] = True  # not stored: a state from from_dict recomputes once


def put_barbarian(state: Any, h: int) -> bool:
    """One barbarian from the supply onto ``h`` (never a 4th, BA-LA-02, BA-DC-06); False when
    none was placed. A third one conquers the hex (BA-CQ-01)."""
    if state.ba_supply <= 0 or state.ba_barbarians[h] >= CONQUER_AT:
        return False
    state.ba_supply -= 1
    state.ba_barbarians[h] += 1
    if state.ba_barbarians[h] == CONQUER_AT:
        state.events.append({"type": "hex_conquered", "hex": h, "visible_to": "all"})
        refresh_conquest(state)
    return True


def take_barbarian(state: Any, h: int) -> None:
    """A barbarian leaves ``h`` (a victory, Treason, Intrigue): a conquered hex is liberated
    and its buildings stand up again (BA-CQ-05, BA-EX-05)."""
    was_conquered = conquered(state, h)
    state.ba_barbarians[h] -= 1
    if was_conquered:
        state.events.append({"type": "hex_liberated", "hex": h, "visible_to": "all"})
        refresh_conquest(state)


# ---------------------------------------------------------------------- landing
def start_landing(state: Any) -> None:
    """BA-LA-01/03: a build interrupts the turn for a landing of three rolls (none once the
    supply is empty)."""
    if state.ba_supply <= 0:
        return
    state.ba_landing = []
    state._set_phase("barbarian_landing", CHANCE)


def landing_outcomes(state: Any) -> list[tuple[Action, float]]:
    """BA-LA-02: a roll is repeated until it is no 7 and no earlier result of this landing, so
    each allowed total keeps its dice weight."""
    allowed = [t for t in _WAYS if t != 7 and t not in state.ba_landing]
    total = sum(_WAYS[t] for t in allowed)
    return [(LANDING[t], _WAYS[t] / total) for t in allowed]


def land(state: Any, total: int) -> None:
    """BA-LA-02: one barbarian on the coastal hex with that number, unless it holds 3 (then
    nothing, and the roll is not repeated); after the third roll the turn goes on."""
    state.ba_landing.append(total)
    h = coastal_hex_of(state, total)
    placed = put_barbarian(state, h)
    state.events.append(
        {
            "type": "barbarian_landing",
            "total": total,
            "hex": h,
            "placed": placed,
            "visible_to": "all",
        }
    )
    if len(state.ba_landing) >= LANDING_ROLLS or state.ba_supply <= 0:
        state.ba_landing = []
        state.resume_turn()
