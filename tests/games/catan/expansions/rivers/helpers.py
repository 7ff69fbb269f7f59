"""Positions of The Rivers of Catan for rule tests."""

from __future__ import annotations

import random
from typing import Any

from games.catan import GAME
from games.catan.mechanics import gold
from games.catan.state import CatanState
from tests.games.catan.fixtures import found_at_random, lift_pieces

RIVERS = {"scenario": "rivers"}


def founded(n: int = 4, seed: int = 1, **options: Any) -> CatanState:
    """The founding played by seeded random choices; the first player to move before the roll."""
    state = GAME.new_game(n, seed, {**RIVERS, **options})
    rng = random.Random(seed)
    found_at_random(state, rng)
    return state


def cleared(n: int = 4, seed: int = 1, **options: Any) -> CatanState:
    """A laid rivers board with no pieces, empty hands and no gold; seat 0 before the roll."""
    state = founded(n, seed, **options)
    lift_pieces(state)
    state.dev_hand = [[0] * 5 for _ in range(n)]
    state.largest_army = -1
    state.gold = [0] * n
    state.gold_supply = gold.SUPPLY
    state.gold_exchanges = 0
    state.bridges_left = [3] * n
    state.turn_player = 0
    state._set_phase("pre_roll", 0)
    state._rebuild_derived()
    state.vp_dirty = True
    return state


def set_gold(state: CatanState, golds: list[int]) -> None:
    """Give every seat this much gold (taken from / returned to the supply)."""
    state.gold_supply += sum(state.gold) - sum(golds)
    state.gold = list(golds)
    state._legal = None


def river_site(state: CatanState) -> tuple[int, int]:
    """A bridge site and one of its ends: (edge, vertex)."""
    e = state.board.sites["bridge_sites"][0]
    return e, state.board.edge_vertices[e][0]
