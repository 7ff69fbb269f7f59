"""Where fish come from: the six fishing grounds on the frame and the lake inside the island.

The grounds' spots are the layout's ``sites["fishing_grounds"]`` (each touching 3 coastal
intersections); their numbers are laid at random once the island is laid (a ``board`` chance
node per ground, in site order), kept in ``fish_grounds``. The lake is the hex whose terrain is
``lake``; its numbers are printed (``sites["lake_numbers"]``).

Rules: FI-CO-01, FI-CO-02, FI-SU-03, FI-SU-06, FI-PR-01, FI-PR-02, FI-PR-04, FI-PR-05.
"""

from __future__ import annotations

from typing import Any, Final

from games.catan.expansions.fishermen.supply import DATA, deal
from games.common.api import CHANCE

Action = dict[str, Any]

GROUND_NUMBERS: Final = tuple(DATA["ground_numbers"])
LAKE_NUMBERS: Final = frozenset(DATA["lake_numbers"])
LAY_GROUND: Final = {n: {"type": "fishing_ground", "number": n} for n in GROUND_NUMBERS}
"""Chance outcomes: the number of the next fishing ground (in site order)."""


def ground_vertices(state: Any) -> list[list[int]]:
    """The intersections of each fishing ground, in site order."""
    return [g["vertices"] for g in state.board.sites["fishing_grounds"]]


def lake_hex(state: Any) -> int:
    """The lake's hex (-1 before the island is laid)."""
    return state.terrains.index("lake") if "lake" in state.terrains else -1


def start_laying(state: Any) -> bool:
    """FI-SU-03: the island is laid; the fishing grounds are laid at random, one per spot."""
    state.fish_grounds = []
    state._set_phase("fishing_grounds", CHANCE)
    return True


def ground_outcomes(state: Any) -> list[tuple[Action, float]]:
    left = [n for n in GROUND_NUMBERS if n not in state.fish_grounds]
    return [(LAY_GROUND[n], 1 / len(left)) for n in left]


def lay_ground(state: Any, action: Action) -> None:
    state.fish_grounds.append(action["number"])
    if len(state.fish_grounds) == len(ground_vertices(state)):
        state.events.append(
            {"type": "fishing_grounds", "numbers": list(state.fish_grounds), "visible_to": "all"}
        )
        state.begin_placement()


def fishing_vertices(state: Any, total: int) -> list[int]:
    """The intersections that fish on a roll of ``total``: those of the grounds with that
    number (FI-PR-01) and the lake's corners on 2, 3, 11, 12 unless the robber stands on the
    lake (FI-PR-02, FI-PR-04; the robber can never stand on a ground). An intersection on a
    ground and a harbour fishes all the same (FI-PR-05)."""
    spots: list[int] = []
    for number, vertices in zip(state.fish_grounds, ground_vertices(state), strict=True):
        if number == total:
            spots.extend(vertices)
    if total in LAKE_NUMBERS:
        lake = lake_hex(state)
        if lake != state.robber:
            spots.extend(state.board.hex_vertices[lake])
    return spots


def fish_owed(state: Any, total: int) -> list[tuple[int, int]]:
    """Tokens owed per seat on a roll of ``total``: 1 per settlement, 2 per city, seats in
    drawing order from the player whose turn it is (FI-PR-03)."""
    owed = [0] * state.n
    owner, level = state.vertex_owner, state.vertex_level
    for v in fishing_vertices(state, total):
        if 0 <= owner[v] < state.n:  # a neutral colour (Catan for Two) never draws
            owed[owner[v]] += level[v]
    order = [(state.turn_player + i) % state.n for i in range(state.n)]
    return [(seat, owed[seat]) for seat in order if owed[seat]]


def produce_fish(state: Any, total: int) -> bool:
    """After the resources of a roll: the fish of the roll (True: draws pending)."""
    return deal(state, fish_owed(state, total), then="main")


def touches_water(state: Any, vertex: int) -> bool:
    """On a fishing ground or a corner of the lake."""
    return (
        any(vertex in vs for vs in ground_vertices(state))
        or lake_hex(state) in (state.board.vertex_hexes[vertex])
    )


def founding_fish(state: Any, seat: int) -> bool:
    """FI-SU-06, A-FI-02: a second founding settlement by a ground or the lake draws 1 fish
    token besides its resources (True: the draw comes before the next seat's settlement)."""
    if not touches_water(state, state.last_settlement):
        return False
    return deal(state, [(seat, 1)], then="founding")
