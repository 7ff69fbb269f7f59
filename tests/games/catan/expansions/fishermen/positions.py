"""Fishermen positions for rule tests: a laid island, an empty one at turn 1, fish in hands."""

from __future__ import annotations

from typing import Any

from games.catan import GAME
from games.catan.expansions.fishermen import supply
from games.catan.state import CatanState
from games.common.api import CHANCE
from tests.games.catan.fixtures import dice_for, lift_pieces

OPTIONS = {"scenario": "fishermen"}
INNER = (4, 5, 8, 9, 10, 13, 14)
"""The 7 hexes of the base island off the coast (the lake's only places, FI-SU-01)."""


def new(n: int = 4, seed: int = 1, **options: Any) -> CatanState:
    return GAME.new_game(n, seed, {**OPTIONS, **options})


def first_outcome(state: CatanState) -> dict[str, Any]:
    return state.chance_outcomes()[0][0]


def laid(n: int = 4, **options: Any) -> CatanState:
    """The island and its fishing grounds laid (first outcome of every chance node: the lake
    on hex 14, grounds 4, 5, 6, 8, 9, 10 in site order), before the first-player roll."""
    state = new(n, **options)
    while state.phase in ("board_terrain", "board_tokens", "fishing_grounds"):
        state.apply(first_outcome(state))
    return state


def seat_zero_starts(state: CatanState) -> None:
    """The first-player rolls: seat 0 rolls 12, the others 2."""
    while state.phase == "order_roll":
        first = len(state.order_rolls) == 0
        state.apply(dice_for(12) if first else dice_for(2))


def empty_island(n: int = 4, **options: Any) -> CatanState:
    """Seat 0 before the roll of turn 1 on a laid island with no pieces, no cards, no fish,
    the robber beside the board and the full supply."""
    state = laid(n, **options)
    seat_zero_starts(state)
    while state.turn == 0:
        if state.current_player() == CHANCE:
            state.apply(first_outcome(state))
        else:
            state.apply(state.legal_actions()[0])
    lift_pieces(state)
    supply.init_supply(state)
    state.robber = -1
    state.events.clear()
    state._rebuild_derived()
    state.vp_dirty = True
    return state


def give_fish(state: CatanState, seat: int, *values: int) -> None:
    """Hand ``seat`` these tokens from the face-down supply."""
    for value in values:
        state.fish_supply[value - 1] -= 1
        state.fish_held[seat][value - 1] += 1
    state._legal = None


def lake(state: CatanState) -> int:
    return state.terrains.index("lake")


def ground(state: CatanState, number: int) -> list[int]:
    """The intersections of the fishing ground numbered ``number``."""
    index = state.fish_grounds.index(number)
    return state.board.sites["fishing_grounds"][index]["vertices"]


def draw(state: CatanState, token: int | str) -> None:
    """The pending draw reveals ``token`` (1, 2, 3 or "boot")."""
    assert state.phase == "fish_draw" and state.current_player() == CHANCE
    state.apply(next(o for o, _ in state.chance_outcomes() if o["token"] == token))


def fish_actions(state: CatanState, item: str | None = None) -> list[dict[str, Any]]:
    return [
        a
        for a in state.legal_actions()
        if a["type"] == "fish_for" and (item is None or a["item"] == item)
    ]
