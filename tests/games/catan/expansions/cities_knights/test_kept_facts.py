"""What the plug-in keeps between decisions for speed equals what it would compute afresh.

Seeded random C&K games; after every step (decisions and chance outcomes) each kept fact is read
through its cache, then compared with a computation from the board and the hands. A cache that
is not dropped when what it reads changes (a knight placed or lifted without clearing
``spot_cache``, a VP change that does not move ``state.version``) returns the earlier value at
the next step and fails here.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from games.catan import GAME
from games.catan.expansions.cities_knights import knights
from games.catan.expansions.cities_knights.progress import table
from games.common.api import CHANCE, TERMINAL

STEPS = 6000
"""Steps per game: well into the game (knights marching, cities, Defenders, VP cards)."""


def _fresh_knights(state: Any, p: int) -> list[int]:
    return [v for v, o in enumerate(state.ck_knight_owner) if o == p]


def _check(state: Any) -> None:
    for p in range(state.n):
        assert knights.knights_of(state, p) == _fresh_knights(state, p)
    assert table.seat_vp(state) == [state.total_vp(p) for p in range(state.n)]


@pytest.mark.parametrize(("players", "seed"), [(3, 1), (4, 2)])
def test_kept_knights_and_seat_vp_follow_every_step(players: int, seed: int) -> None:
    state = GAME.new_game(players, seed, {"layout": "variable", "cities_and_knights": True})
    rng, chance_rng = random.Random(seed), random.Random(seed + 1)
    moved = vp_changed = 0
    last_knights, last_vp = None, None
    for _ in range(STEPS):
        actor = state.current_player()
        if actor == TERMINAL:
            break
        if actor == CHANCE:
            state.apply(state.sample_chance(chance_rng))
        else:
            legal = state.legal_actions()
            state.apply(legal[int(rng.random() * len(legal))])
        _check(state)
        now_knights = list(state.ck_knight_owner)
        moved += last_knights is not None and now_knights != last_knights
        now_vp = table.seat_vp(state)
        vp_changed += last_vp is not None and now_vp != last_vp
        last_knights, last_vp = now_knights, list(now_vp)
    assert moved > 5 and vp_changed > 5  # the games did move knights and change VP
