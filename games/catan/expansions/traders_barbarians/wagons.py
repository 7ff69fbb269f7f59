"""The wagon's end-of-turn movement: movement points, what each path costs, the grain bonus,
stopping on a plaza and the second journey of Swift Journey.

Rules: TB-TU-04, TB-WM-01..04, TB-DC-03, TB-SU-07 (the wagon starts on the set-up city).
"""

from __future__ import annotations

from typing import Any

from games.catan import actions as A
from games.catan.constants import GRAIN
from games.catan.mechanics import gold

Action = dict[str, Any]

END_BUILDING: Action = {"type": "end_building"}
"""Ends trading and building; the wagon moves next (TB-TU-04)."""
BUY_MOVEMENT: Action = {"type": "buy_movement"}
"""Pay 1 grain for 2 more movement points, once a turn (TB-WM-02)."""
SECOND_JOURNEY: Action = {"type": "second_journey"}
"""Start the second movement a Swift Journey gave (TB-DC-03)."""
_MOVES: dict[int, Action] = {}

BARE_PATH, ROAD_PATH, BARBARIAN_EXTRA, TOLL = 2, 1, 2, 1
"""TB-WM-01: a path without a road costs 2 MP, with a road 1 (plus 1 gold to another owner);
a barbarian on it costs 2 more."""
GRAIN_MP = 2


def move_action(vertex: int) -> Action:
    action = _MOVES.get(vertex)
    if action is None:
        action = _MOVES[vertex] = {"type": "move_wagon", "vertex": vertex}
    return action


def path_cost(state: Any, p: int, e: int) -> tuple[int, int]:
    """TB-WM-01: (movement points, gold toll) for seat ``p``'s wagon to travel path ``e``."""
    owner = state.edge_owner[e]
    if owner == -1:
        points, toll = BARE_PATH, 0
    else:
        points, toll = ROAD_PATH, (0 if owner == p else TOLL)
    if e in state.tb_barbarians:
        points += BARBARIAN_EXTRA
    return points, toll


class WagonRules:
    """Mixin of the plug-in: the ``tb_wagon`` phase and its actions."""

    def apply_end_building(self, state: Any, action: Action) -> None:
        """TB-TU-04: trading and building are over; the wagon gets the movement points of the
        active baggage card."""
        p = state.actor
        state.tb_mp = self.card(state, p).movement_points
        state.events.append(
            {"type": "wagon_journey", "seat": p, "points": state.tb_mp, "visible_to": "all"}
        )
        state._set_phase("tb_wagon", p)

    def legal_tb_wagon(self, state: Any) -> list[Action]:
        p = state.actor
        legal = [A.END_TURN]
        if state.tb_journeys:
            legal.append(SECOND_JOURNEY)
        if not state.tb_stopped:
            self.add_wagon_moves(state, p, legal)
            if not state.tb_grain_used and state.hand[p][GRAIN]:
                legal.append(BUY_MOVEMENT)
        self.add_drive_offs(state, p, legal)
        self.add_card_plays(state, p, legal)
        return legal

    def add_wagon_moves(self, state: Any, p: int, legal: list[Action]) -> None:
        """TB-WM-01/03: to each neighbouring intersection whose path the points left pay for
        in full (and whose toll the seat can pay); wagons and buildings never block."""
        v = state.tb_wagons[p]
        board = state.board
        closed = board.road_closed
        for e in board.vertex_edges[v]:
            if e in closed:
                continue
            points, toll = path_cost(state, p, e)
            if points <= state.tb_mp and toll <= state.gold[p]:
                a, b = board.edge_vertices[e]
                legal.append(move_action(b if a == v else a))

    def apply_move_wagon(self, state: Any, action: Action) -> None:
        """TB-WM-01, TB-WM-04: pay the path; entering a plaza stops the wagon there."""
        p = state.actor
        v, w = state.tb_wagons[p], action["vertex"]
        e = state.board.edge_of_pair[(v, w)]
        points, toll = path_cost(state, p, e)
        state.tb_mp -= points
        state.tb_wagons[p] = w
        state.events.append(
            {
                "type": "move_wagon",
                "seat": p,
                "vertex": w,
                "edge": e,
                "points": points,
                "left": state.tb_mp,
                "visible_to": "all",
            }
        )
        if toll:
            owner = state.edge_owner[e]
            if owner < state.n:
                gold.transfer(state, p, owner, toll, "toll")
            else:  # a neutral colour's road (no purse): the combination that added it says
                for glue in state.hooks.glue:
                    glue.neutral_toll(state, p, toll)
        name = self.plaza_at(state, w)
        if name is not None:
            state.tb_stopped = True  # TB-WM-04: the wagon must stop on a plaza
            state.tb_mp = 0
            self.arrive(state, p, name)

    def apply_buy_movement(self, state: Any, action: Action) -> None:
        """TB-WM-02: 1 grain for 2 movement points, once a turn, even with none left."""
        p = state.actor
        state.pay(p, (0, 0, 0, 1, 0))
        state.tb_mp += GRAIN_MP
        state.tb_grain_used = True
        state.events.append({"type": "buy_movement", "seat": p, "visible_to": "all"})

    def apply_second_journey(self, state: Any, action: Action) -> None:
        """TB-DC-03: after the normal movement, a second full allowance (points left from the
        first movement are lost, TB-WM-03); the wagon may leave a plaza again."""
        p = state.actor
        state.tb_journeys -= 1
        state.tb_stopped = False
        state.tb_mp = self.card(state, p).movement_points
        state.events.append(
            {"type": "wagon_journey", "seat": p, "points": state.tb_mp, "visible_to": "all"}
        )
