"""Positions of Barbarian Attack for rule tests (beginner starting pieces, seat 0 to move)."""

from __future__ import annotations

from typing import Any

from games.catan import GAME
from games.catan.expansions.barbarian_attack import barbarians as B
from games.catan.expansions.barbarian_attack import knights as K
from tests.games.catan.fixtures import roll, set_hand

OPTIONS = {"scenario": "barbarian_attack", "placement": "beginner"}
CASTLE = 18
DESERT = 0
RING = [17, 16, 12, 7, 3, 1, 2, 6, 11, 15]


def ba_game(n: int = 4, seed: int = 1, **options: Any) -> Any:
    """Turn 1, seat 0 before the roll; the starting pieces of the layout, no barbarian moved."""
    return GAME.new_game(n, seed, {**OPTIONS, **options})


def in_main(n: int = 4, total: int = 8, **hand: int) -> Any:
    """Seat 0 in the main phase of turn 1 with exactly ``hand``."""
    state = ba_game(n)
    roll(state, total)
    set_hand(state, 0, **hand)
    return state


def set_barbarians(state: Any, counts: dict[int, int]) -> None:
    """Barbarians on hexes (others none), the supply adjusted, conquest refreshed."""
    state.ba_barbarians = [counts.get(h, 0) for h in range(state.board.num_hexes)]
    state.ba_supply = B.BARBARIANS - sum(state.ba_barbarians)
    B.refresh_conquest(state)
    state._legal = None


def put_knight(state: Any, seat: int, e: int) -> None:
    state.ba_knight[e] = seat
    state.ba_knights_left[seat] -= 1
    state._legal = None


def hex_paths(state: Any, h: int) -> tuple[int, ...]:
    return K.hex_edges(state.board, h)


def free_vertex_near(state: Any, h: int) -> int:
    """A corner of ``h`` where nobody has built and nobody is next to it."""
    vo = state.vertex_owner
    for v in state.board.hex_vertices[h]:
        if vo[v] == -1 and all(vo[w] == -1 for w in state.board.vertex_neighbors[v]):
            return v
    raise AssertionError(f"no free corner on hex {h}")


def events(state: Any, kind: str) -> list[dict[str, Any]]:
    return [e for e in state.events if e["type"] == kind]


def finish_turn(state: Any) -> None:
    """Seat to move ends trading and building (knights on the board: the end phase starts)."""
    state.apply(K.FINISH_TURN)


def give(state: Any, seat: int, **hand: int) -> None:
    set_hand(state, seat, **hand)
