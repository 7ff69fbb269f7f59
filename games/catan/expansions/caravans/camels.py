"""Camels: directed pieces on paths, the three caravans they form, and what they are worth.

A camel stands on a path and faces one of its two ends (its head). The plug-in keeps them in one
per-path field of its own, ``state.camel_head`` (``-1``: no camel; else the vertex the camel
faces), beside the core's roads in ``edge_owner``: a path may hold a road and a camel at once
(CA-PL-01), and other scenarios' path pieces are fields of their own plug-ins in the same way.

A caravan is known by its front, the vertex its last camel faces (``state.caravan_fronts``, one
per oasis arrow; ``-1`` while the arrow's caravan has not started). Caravans whose fronts meet
share every spot from then on, so the next camel placed there continues both: they have merged
(CA-PL-06).

Rules: CA-CO-01, CA-CO-02, CA-PL-01..06, CA-EF-01, CA-EF-02, CA-TR-03.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

DATA: dict[str, Any] = json.loads((Path(__file__).parent / "data.json").read_text())
CAMELS: int = DATA["camels"]
CAMEL_ROAD_WEIGHT: int = DATA["camel_road_weight"]
CROSSING_VP: int = DATA["crossing_vp"]

Spot = tuple[int, int]
"""Where a camel may go: (path, the vertex its head faces)."""


@cache
def caravan_starts(board: Any) -> tuple[Spot, ...]:
    """The first spot of each caravan: the path an oasis arrow points at, facing away from the
    oasis (CA-PL-03), never along an oasis edge. Built once per board from its ``oasis`` site."""
    oasis = board.sites["oasis"]
    hex_id = oasis["hex"]
    starts = []
    for corner in oasis["arrow_corners"]:
        v = board.hex_vertices[hex_id][corner]
        (e,) = (e for e in board.vertex_edges[v] if hex_id not in board.edge_hexes[e])
        a, b = board.edge_vertices[e]
        starts.append((e, b if a == v else a))
    return tuple(starts)


def other_end(board: Any, edge: int, vertex: int) -> int:
    a, b = board.edge_vertices[edge]
    return b if a == vertex else a


class CamelRules:
    """The camels' part of the Caravans plug-in (methods called with the state)."""

    def camel_spots(self, state: Any) -> list[Spot]:
        """Every spot the next camel may take, sorted (CA-PL-03..06, A-CA-03).

        An arrow whose caravan has not started offers its first spot; a started caravan offers
        every free path at its front, facing away from it (at most 2: caravans never branch, and
        coastal and oasis-edge paths count too). A caravan without a free path there has ended.
        """
        board, heads = state.board, state.camel_head
        spots: set[Spot] = set()
        for start, front in zip(caravan_starts(board), state.caravan_fronts, strict=True):
            if front == -1:
                if heads[start[0]] == -1:
                    spots.add(start)
                continue
            for e in board.vertex_edges[front]:
                if heads[e] == -1:
                    spots.add((e, other_end(board, e, front)))
        return sorted(spots)

    def put_camel(self, state: Any, edge: int, head: int) -> list[int]:
        """Place a camel on ``edge`` facing ``head``; returns the caravans it continued.

        Every caravan whose front is the camel's tail moves its front to ``head`` (two that met
        there are one caravan from now on, CA-PL-06); with none, the camel starts the caravan of
        its arrow. A road on the path now counts 2 for Longest Road (CA-EF-01, A-CA-04: for that
        road's owner, whoever he is) and the buildings between two camels gain a VP (CA-EF-02).
        """
        board = state.board
        tail = other_end(board, edge, head)
        state.camel_head[edge] = head
        state.camels_left -= 1
        fronts = state.caravan_fronts
        moved = [i for i, front in enumerate(fronts) if front == tail]
        if not moved:
            starts = caravan_starts(board)
            moved = [i for i, front in enumerate(fronts) if front == -1 and starts[i][0] == edge]
        for i in moved:
            fronts[i] = head
        self.note_camel(state, edge)
        owner = state.edge_owner[edge]
        if owner != -1:
            state.road_length[owner] = state.trail_length(owner)
            state._update_longest_road(holder_dropped=False)
        state.vp_dirty = True
        return moved

    def note_camel(self, state: Any, edge: int) -> None:
        """The derived tables of one camel: its path's road weight, the crossings it makes."""
        state.path_weight[edge] = CAMEL_ROAD_WEIGHT
        camel_at = state.camels_at
        for v in state.board.edge_vertices[edge]:
            camel_at[v] += 1
            if camel_at[v] == 2:
                state.camel_crossings.append(v)

    def rebuild(self, state: Any) -> None:
        """Caches from the stored camels (a new game, ``from_dict``)."""
        if len(state.camel_head) != state.board.num_edges:
            raise ValueError(f"camel_head must be a list of {state.board.num_edges}")
        state.camels_at = [0] * state.board.num_vertices
        state.camel_crossings = []
        for e, head in enumerate(state.camel_head):
            if head != -1:
                if head not in state.board.edge_vertices[e]:
                    raise ValueError(f"the camel on path {e} faces vertex {head}, not an end")
                self.note_camel(state, e)

    def vp(self, state: Any, p: int) -> int:
        """CA-EF-02, A-CA-01, A-CA-02: +1 per building of ``p`` between two camels."""
        owner = state.vertex_owner
        return CROSSING_VP * sum(1 for v in state.camel_crossings if owner[v] == p)

    def camels_view(self, state: Any) -> dict[str, Any]:
        """The camels as everyone sees them (observation, picture)."""
        return {
            "camels": [[e, head] for e, head in enumerate(state.camel_head) if head != -1],
            "camels_left": state.camels_left,
            "fronts": list(state.caravan_fronts),
            "crossings": sorted(state.camel_crossings),
        }
