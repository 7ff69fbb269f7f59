"""Positions of The Caravans for rule tests: the beginner board with its starting pieces."""

from __future__ import annotations

from typing import Any

from games.catan import GAME
from games.catan import actions as A
from games.catan.expansions.caravans import EXPANSION
from games.catan.state import CatanState
from tests.games.catan.fixtures import roll, set_hand

START_TOP, START_RIGHT, START_LEFT = (20, 13), (45, 36), (42, 34)
"""The three caravans' first spots on the base island: (path, vertex the camel faces)."""


def caravans(n: int = 4, **options: Any) -> CatanState:
    """Seat 0 to move before the roll (turn 1), beginner board and starting pieces."""
    options.setdefault("placement", "beginner")
    return GAME.new_game(n, 1, {"scenario": "caravans", **options})


def camel(state: CatanState, edge: int, head: int) -> None:
    """Put a camel there directly (no vote), as the rules would place it."""
    EXPANSION.put_camel(state, edge, head)
    state._legal = None


def trail(state: CatanState, spots: list[tuple[int, int]]) -> None:
    for edge, head in spots:
        camel(state, edge, head)


def upgrade_and_end(state: CatanState, vertex: int = 12, **hands: dict[str, int]) -> None:
    """Seat 0 rolls an 8, upgrades its settlement at ``vertex`` to a city and ends the turn;
    before ending, each seat gets the hand ``hands["s<seat>"]`` (only the named seats)."""
    roll(state, 8)
    set_hand(state, 0, ore=3, grain=2)
    state.apply(A.BUILD_CITY[vertex])
    for seat in range(state.n):
        set_hand(state, seat, **hands.get(f"s{seat}", {}))
    state.apply(A.END_TURN)


def bid(state: CatanState, wool: int = 0, grain: int = 0) -> None:
    state.apply({"type": "caravan_bid", "wool": wool, "grain": grain})


def spot_action(kind: str, spot: tuple[int, int]) -> dict[str, Any]:
    return {"type": kind, "edge": spot[0], "toward": spot[1]}


def spots(state: CatanState) -> list[tuple[int, int]]:
    return [tuple(spot) for spot in EXPANSION.camel_spots(state)]
