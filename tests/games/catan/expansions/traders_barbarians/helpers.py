"""Positions of the Traders & Barbarians main scenario for the rule tests."""

from __future__ import annotations

import random
from typing import Any

from games.catan import GAME
from games.catan import actions as A
from tests.games.catan.fixtures import (
    found_at_random,
    give,  # noqa: F401  (its tests import it from here)
)

OPTIONS = {"scenario": "traders_barbarians"}
END_BUILDING = {"type": "end_building"}


def new(n: int = 3, seed: int = 1) -> Any:
    return GAME.new_game(n, seed, dict(OPTIONS))


def founded(n: int = 3, seed: int = 1) -> Any:
    """A game whose founding was played at random, at the first turn's roll."""
    state = new(n, seed)
    rng = random.Random(seed)
    found_at_random(state, rng, by_index=True)
    assert state.phase == "pre_roll"
    return state


def roll(state: Any, total: int) -> None:
    """The turn player rolls ``total``."""
    state.apply(A.ROLL)
    first = max(1, total - 6)
    state.apply(A.DICE[first - 1][total - first - 1])


def main_phase(state: Any) -> None:
    """Roll an 8 (nobody discards, no barbarian moves)."""
    roll(state, 8)
    assert state.phase == "main", state.phase


def wagon_phase(state: Any) -> None:
    main_phase(state)
    state.apply(END_BUILDING)
    assert state.phase == "tb_wagon"


def clear_hands(state: Any) -> None:
    for p in range(state.n):
        for r in range(5):
            state.bank[r] += state.hand[p][r]
            state.hand[p][r] = 0
    state._legal = None


def put_wagon(state: Any, p: int, vertex: int) -> None:
    state.tb_wagons[p] = vertex
    state._legal = None


def types(state: Any) -> set[str]:
    return {a["type"] for a in state.legal_actions()}


def wagon_moves(state: Any) -> set[int]:
    return {a["vertex"] for a in state.legal_actions() if a["type"] == "move_wagon"}


def edge(state: Any, a: int, b: int) -> int:
    return state.board.edge_of_pair[(a, b)]


def plaza(state: Any, name: str) -> int:
    return state.board.sites["trade_hexes"][name]["plaza"]


def trade_hex(state: Any, name: str) -> int:
    return state.board.sites["trade_hexes"][name]["hex"]


def free_vertex_path(state: Any, avoid: set[int] | None = None) -> tuple[int, int, int]:
    """An inland path (both ends off the plazas) with no road and no barbarian: (edge, a, b)."""
    avoid = avoid or set()
    plazas = {s["plaza"] for s in state.board.sites["trade_hexes"].values()}
    for e, (a, b) in enumerate(state.board.edge_vertices):
        if (
            state.edge_owner[e] == -1
            and e not in state.tb_barbarians
            and e not in state.board.road_closed
            and not {a, b} & plazas
            and not {a, b} & avoid
            and all(f not in state.tb_barbarians for f in state.board.vertex_edges[a])
        ):
            return e, a, b
    raise AssertionError("no free path")


def give_card(state: Any, p: int, card: str, new: bool = False) -> None:
    """Seat ``p`` holds one more scenario card (from the deck), playable unless ``new``."""
    i = _deck(state).index(card)
    state.deck_left[i] -= 1
    state.deck_hand[p][i] += 1
    if new:
        state.deck_new[p][i] += 1
    state._legal = None


def _deck(state: Any) -> Any:
    from games.catan.mechanics.scenario_deck import deck_owner

    return deck_owner(state).deck


def corner_next_to(state: Any, name: str) -> int:
    """A land corner of trade hex ``name`` joined to its plaza (an inland one)."""
    board = state.board
    v = plaza(state, name)
    return max(board.vertex_neighbors[v], key=lambda w: len(board.vertex_hexes[w]))
