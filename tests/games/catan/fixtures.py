"""Helpers to build board-game positions for rule tests."""

from __future__ import annotations

import random
from typing import Any

from games.catan import GAME
from games.catan import actions as A
from games.catan.constants import RESOURCE_INDEX
from games.catan.state import CatanState
from games.common.api import CHANCE


def new(n: int = 4, **options: Any) -> CatanState:
    if n == 2:
        options.setdefault("allow_two_players", True)
    return GAME.new_game(n, 1, options)


def founded(n: int = 4, **options: Any) -> CatanState:
    """Beginner board and starting pieces; seat 0 to move before the roll (turn 1)."""
    options.setdefault("placement", "beginner")
    return new(n, **options)


def empty_board(n: int = 4, **options: Any) -> CatanState:
    """Beginner board with no pieces and empty hands, seat 0 before the roll."""
    state = founded(n, **options)
    lift_pieces(state)
    state._rebuild_derived()
    return state


def lift_pieces(state: CatanState) -> None:
    """No piece on the board, every card in the bank's resource stacks, full piece supplies and
    no Longest Road; the caller rebuilds the derived tables after its own changes."""
    n, b = state.n, state.board
    state.vertex_owner = [-1] * b.num_vertices
    state.vertex_level = [0] * b.num_vertices
    state.edge_owner = [-1] * b.num_edges
    state.settlements_left = [5] * n
    state.cities_left = [4] * n
    state.roads_left = [15] * n
    state.bank = [19] * 5
    state.hand = [[0] * 5 for _ in range(n)]
    state.longest_road = -1


def found_at_random(state: CatanState, rng: random.Random, by_index: bool = False) -> None:
    """Play the founding (turn 0) by ``rng``: its chance nodes by ``sample_chance(rng)``, a
    decision by ``rng.choice(legal)`` (``by_index``: ``legal[int(rng.random() * len(legal))]``)."""
    while state.turn == 0:
        if state.current_player() == CHANCE:
            state.apply(state.sample_chance(rng))
        else:
            legal = state.legal_actions()
            state.apply(legal[int(rng.random() * len(legal))] if by_index else rng.choice(legal))


def put(state: CatanState, seat: int, settlements=(), cities=(), roads=()) -> None:
    """Place pieces directly (no cost) and refresh the derived tables."""
    for v in settlements:
        state.vertex_owner[v] = seat
        state.vertex_level[v] = 1
        state.settlements_left[seat] -= 1
    for v in cities:
        state.vertex_owner[v] = seat
        state.vertex_level[v] = 2
        state.cities_left[seat] -= 1
    for e in roads:
        state.edge_owner[e] = seat
        state.roads_left[seat] -= 1
    state._rebuild_derived()
    state.vp_dirty = True


def set_hand(state: CatanState, seat: int, **counts: int) -> None:
    """Give ``seat`` exactly these cards (others returned to the bank; conservation kept)."""
    hand = state.hand[seat]
    for r in range(5):
        state.bank[r] += hand[r]
        hand[r] = 0
    for name, count in counts.items():
        r = RESOURCE_INDEX[name]
        state.bank[r] -= count
        hand[r] = count
    state.touch()


def give(state: CatanState, p: int, **cards: int) -> None:
    """Move resource cards from the bank to seat ``p``'s hand (``lumber=1, wool=1``)."""
    for name, count in cards.items():
        r = RESOURCE_INDEX[name]
        state.bank[r] -= count
        state.hand[p][r] += count
    state.touch()


def dice_for(total: int) -> dict[str, Any]:
    first = min(6, total - 1)
    return A.DICE[first - 1][total - first - 1]


def roll(state: CatanState, total: int) -> None:
    """The active player rolls and the dice show ``total``."""
    state.apply(A.ROLL)
    assert state.current_player() == CHANCE
    state.apply(dice_for(total))


def types(state: CatanState) -> set[str]:
    return {a["type"] for a in state.legal_actions()}


def hand(state: CatanState, seat: int) -> dict[str, int]:
    from games.catan.constants import RESOURCES

    return {RESOURCES[r]: c for r, c in enumerate(state.hand[seat]) if c}
