"""Positions of Catan for Two for the rule tests: a founded game on the beginner board, cleared
of the real players' pieces so each test lays what it needs (the neutral start settlements stay:
owner 2 at intersection 13, owner 3 at 40)."""

from __future__ import annotations

from itertools import pairwise
from typing import Any

from games.catan import GAME
from games.catan import actions as A
from games.catan.state import CatanState
from games.common.api import CHANCE
from tests.games.catan.fixtures import dice_for

C2: dict[str, Any] = {"catan_for_two": True}
NORTH, SOUTH = 13, 40
"""The neutral start intersections on the base island (C2-SU-02)."""


def new_c2(seed: int = 1, **options: Any) -> CatanState:
    return GAME.new_game(2, seed, {**C2, **options})


def play_order_roll(state: CatanState) -> None:
    """Seat 0 rolls 12, seat 1 rolls 2: seat 0 founds first."""
    state.apply(dice_for(12))
    state.apply(dice_for(2))


def founded_c2(first_terrain: str | None = None, **options: Any) -> CatanState:
    """Founding played with the first legal spot each time; seat 0 to roll in turn 1. A
    variable board may be given the terrain of hex 0 (the top-left corner of the island)."""
    state = new_c2(**options)
    if first_terrain is not None:
        state.apply(A.TERRAIN[first_terrain])
    while state.current_player() == CHANCE and state.phase == "board_terrain":
        state.apply(state.chance_outcomes()[0][0])
    if state.phase == "board_tokens":
        state.apply(state.chance_outcomes()[0][0])
    play_order_roll(state)
    while state.turn == 0:
        state.apply(state.legal_actions()[0])
    return state


def cleared(first_terrain: str | None = None, **options: Any) -> CatanState:
    """Turn 1, seat 0 before the roll; no real piece on the board, empty hands, full supplies."""
    state = founded_c2(first_terrain, **options)
    state.c2_tokens = [5, 5]
    state.c2_supply = 10
    clear_real_players(state)
    return state


def clear_real_players(state: CatanState, hands: bool = True) -> None:
    """Take the real players' (seats 0 and 1) pieces off the board, with full piece supplies,
    and (``hands``) their cards back to the bank; the neutral pieces stay."""
    for v, owner in enumerate(state.vertex_owner):
        if owner in (0, 1):
            state.vertex_owner[v] = -1
            state.vertex_level[v] = 0
    for e, owner in enumerate(state.edge_owner):
        if owner in (0, 1):
            state.edge_owner[e] = -1
    for seat in (0, 1):
        state.settlements_left[seat] = 5
        state.cities_left[seat] = 4
        state.roads_left[seat] = 15
        for r in range(5 if hands else 0):
            state.bank[r] += state.hand[seat][r]
            state.hand[seat][r] = 0
    state.longest_road = -1
    state._rebuild_derived()
    state.vp_dirty = True


def after_rolls(state: CatanState, first: int = 2, second: int = 3) -> None:
    """The player to move rolls twice: ``first`` then ``second`` (different totals)."""
    state.apply(A.ROLL)
    state.apply(dice_for(first))
    assert state.phase == "second_dice"
    state.apply(dice_for(second))


def edge_between(state: CatanState, a: int, b: int) -> int:
    board = state.board
    return next(e for e in board.vertex_edges[a] if b in board.edge_vertices[e])


def chain(state: CatanState, *vertices: int) -> list[int]:
    """The paths of a trail through ``vertices``."""
    return [edge_between(state, a, b) for a, b in pairwise(vertices)]


def kinds(state: CatanState) -> set[str]:
    return {a["type"] for a in state.legal_actions()}
