"""Positions for Catan for Two played with a Traders & Barbarians scenario (C2-FI/RI/CA/BA/TB):
a 2-player game founded with the first legal choice (or a preferred spot) and the first outcome
of every chance node, seat 0 founding first."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.catan import GAME
from games.catan.state import CatanState
from games.common.api import CHANCE
from tests.games.catan.expansions.catan_for_two.positions import clear_real_players
from tests.games.catan.fixtures import dice_for

SCENARIOS = ("fishermen", "rivers", "caravans", "barbarian_attack", "traders_barbarians")


def options_of(scenario: str, **options: Any) -> dict[str, Any]:
    return {"catan_for_two": True, "scenario": scenario, **options}


def new_pair(scenario: str, seed: int = 1, **options: Any) -> CatanState:
    return GAME.new_game(2, seed, options_of(scenario, **options))


def founded_pair(
    scenario: str,
    seed: int = 1,
    prefer: Callable[[CatanState, dict[str, Any]], bool] | None = None,
    **options: Any,
) -> CatanState:
    """Turn 1, seat 0 before the roll. ``prefer`` picks the founding actions it likes (the
    first liked legal action), else the first legal one."""
    state = new_pair(scenario, seed, **options)
    while state.turn == 0:
        if state.current_player() == CHANCE:
            if state.phase == "order_roll":
                state.apply(dice_for(12 if not state.order_rolls else 2))
            else:
                state.apply(state.chance_outcomes()[0][0])
            continue
        legal = state.legal_actions()
        liked = [a for a in legal if prefer is not None and prefer(state, a)]
        state.apply((liked or legal)[0])
    return state


def roll_first(state: CatanState, total: int) -> None:
    """The player to move rolls; the first roll shows ``total``."""
    state.apply({"type": "roll"})
    state.apply(dice_for(total))


def kinds(state: CatanState) -> set[str]:
    return {a["type"] for a in state.legal_actions()}


def cleared_pair(scenario: str, **options: Any) -> CatanState:
    """``founded_pair`` without the real players' pieces and cards (neutral pieces stay), full
    piece supplies, seat 0 before the roll of turn 1."""
    state = founded_pair(scenario, **options)
    if state.c2_supply or any(state.c2_tokens):  # the founding's tokens back: 5 each
        state.c2_tokens = [5, 5]
        state.c2_supply = 10
    clear_real_players(state)
    return state


def open_spot(state: CatanState, v: int) -> bool:
    """No building on ``v`` nor next to it (the distance rule), and a building may stand."""
    board = state.board
    near = {v, *(u for e in board.vertex_edges[v] for u in board.edge_vertices[e])}
    return not state.blocked[v] and all(state.vertex_owner[u] == -1 for u in near)


def approach(state: CatanState, target: int) -> tuple[int, list[int]]:
    """A free intersection two paths from ``target`` and those two paths, so a settlement
    there and its roads let seat 0 build at ``target`` (distance rule kept for both)."""
    board = state.board
    occupied = {v for v, o in enumerate(state.vertex_owner) if o != -1}

    def free(v: int) -> bool:
        near = {v, *(u for e in board.vertex_edges[v] for u in board.edge_vertices[e])}
        return not near & occupied

    closed = set(board.road_closed)
    for e1 in board.vertex_edges[target]:
        middle = next(u for u in board.edge_vertices[e1] if u != target)
        for e2 in board.vertex_edges[middle]:
            start = next(u for u in board.edge_vertices[e2] if u != middle)
            usable = not {e1, e2} & closed and state.edge_owner[e1] == state.edge_owner[e2] == -1
            if e2 != e1 and start != target and free(start) and usable:
                return start, [e2, e1]
    raise AssertionError(f"no approach to {target}")


def main_phase(state: CatanState, first: int = 2, second: int = 12) -> None:
    """Seat 0 rolls ``first`` then ``second`` and resolves every chance node on the way."""
    roll_first(state, first)
    while state.current_player() == CHANCE and state.phase != "second_dice":
        state.apply(state.chance_outcomes()[0][0])
    if state.phase == "second_dice":
        state.apply(dice_for(second))
    while state.current_player() == CHANCE:
        state.apply(state.chance_outcomes()[0][0])
