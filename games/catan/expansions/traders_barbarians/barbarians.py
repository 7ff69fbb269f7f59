"""The three barbarians on paths: moved on a 7 and by a Knight, driven off by a wagon.

Rules: TB-SU-05, TB-TU-02, TB-DC-01, TB-WM-05, TB-WM-06.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from games.common.api import CHANCE

Action = dict[str, Any]

_MOVES: list[list[Action]] = [[], [], []]
"""``_MOVES[i][e]``: move barbarian ``i`` to path ``e`` (shared dicts, grown to the board)."""
_PLACES: dict[int, Action] = {}
DRIVE_OFF = tuple({"type": "drive_off", "barbarian": i} for i in range(3))
"""``DRIVE_OFF[i]``: roll one die to drive off barbarian ``i`` (TB-WM-05)."""
DIE = tuple({"type": "die", "value": k} for k in range(1, 7))
"""The outcomes of one die."""


def move_actions(barbarian: int, num_edges: int) -> list[Action]:
    """The moves of one barbarian, by path id."""
    moves = _MOVES[barbarian]
    for e in range(len(moves), num_edges):
        moves.append({"type": "move_barbarian", "barbarian": barbarian, "edge": e})
    return moves


def place_action(edge: int) -> Action:
    action = _PLACES.get(edge)
    if action is None:
        action = _PLACES[edge] = {"type": "place_barbarian", "edge": edge}
    return action


@cache
def open_paths(board: Any) -> tuple[int, ...]:
    """The board's paths, in id order, without a trade hex's sea sides (they lie on the frame)."""
    closed = board.road_closed
    return tuple(e for e in range(board.num_edges) if e not in closed)


def free_paths(state: Any) -> list[int]:
    """Paths a barbarian may be put on: at most one per path (TB-WM-06), never on a trade hex's
    sea side; roads do not matter."""
    taken = state.tb_barbarians  # three paths
    return [e for e in open_paths(state.board) if e not in taken]


class BarbarianRules:
    """Mixin of the plug-in: phases ``tb_move_barbarian``, ``tb_drive_off`` (chance) and
    ``tb_place_barbarian``."""

    def robber_move(self, state: Any) -> bool:
        """TB-TU-02: after the 7's discards the roller must move a barbarian (there is no
        robber)."""
        state._set_phase("tb_move_barbarian", state.turn_player)
        return True

    def legal_tb_move_barbarian(self, state: Any) -> list[Action]:
        free = free_paths(state)
        legal = []
        for i in range(len(state.tb_barbarians)):
            moves = move_actions(i, state.board.num_edges)
            legal.extend([moves[e] for e in free])
        return legal

    def apply_move_barbarian(self, state: Any, action: Action) -> None:
        """TB-TU-02, TB-DC-01: onto a path without a barbarian; a road there costs its owner
        1 random resource card (never gold: gold is not in the hand)."""
        p = state.actor
        i, e = action["barbarian"], action["edge"]
        state.events.append(
            {
                "type": "move_barbarian",
                "seat": p,
                "barbarian": i,
                "edge": e,
                "previous": state.tb_barbarians[i],
                "visible_to": "all",
            }
        )
        state.tb_barbarians[i] = e
        owner = state.edge_owner[e]
        if 0 <= owner < state.n and owner != p:  # a neutral colour holds no cards
            state._rob(owner)  # the core's steal: a chance node, then the turn resumes
        else:
            state.finish_robber()

    def add_drive_offs(self, state: Any, p: int, legal: list[Action]) -> None:
        """TB-WM-05, TB-BG-04: with an upgraded card, each barbarian on a path at the wagon's
        intersection may be tried once a turn."""
        if not self.card(state, p).drive_off:
            return  # card 1 drives nobody off
        edges = state.board.vertex_edges[state.tb_wagons[p]]
        for i, e in enumerate(state.tb_barbarians):
            if e in edges and i not in state.tb_tried:
                legal.append(DRIVE_OFF[i])

    def apply_drive_off(self, state: Any, action: Action) -> None:
        state.tb_tried.append(action["barbarian"])
        state.tb_driving = action["barbarian"]
        state._set_phase("tb_drive_off", CHANCE)

    def outcomes_tb_drive_off(self, state: Any) -> list[tuple[Action, float]]:
        return [(d, 1 / 6) for d in DIE]

    def chance_tb_drive_off(self, state: Any, action: Action) -> None:
        """TB-WM-05: a number shown on the active card drives the barbarian off; the seat then
        puts it on any free path (no card is drawn). Movement goes on either way."""
        p = state.turn_player
        success = action["value"] in self.card(state, p).drive_off
        state.events.append(
            {
                "type": "drive_off",
                "seat": p,
                "barbarian": state.tb_driving,
                "die": action["value"],
                "success": success,
                "visible_to": "all",
            }
        )
        if success:
            state._set_phase("tb_place_barbarian", p)
        else:
            state.tb_driving = -1
            state._set_phase("tb_wagon", p)

    def legal_tb_place_barbarian(self, state: Any) -> list[Action]:
        return [place_action(e) for e in free_paths(state)]

    def apply_place_barbarian(self, state: Any, action: Action) -> None:
        p, i, e = state.actor, state.tb_driving, action["edge"]
        state.events.append(
            {
                "type": "move_barbarian",
                "seat": p,
                "barbarian": i,
                "edge": e,
                "previous": state.tb_barbarians[i],
                "driven_off": True,
                "visible_to": "all",
            }
        )
        state.tb_barbarians[i] = e
        state.tb_driving = -1
        state._set_phase("tb_wagon", p)
