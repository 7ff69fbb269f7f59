"""Invariants of a Cities & Knights state, and a seeded random playout that checks them."""

from __future__ import annotations

import json
from typing import Any

from games.catan import GAME
from games.catan.expansions.cities_knights.data import (
    COMMODITY_CARDS,
    DEFENDER_CARDS,
    KNIGHTS_PER_LEVEL,
    MAX_WALLS,
    PROGRESS_DECKS,
    TRACKS,
)
from tests.games.catan.randomplay import check_invariants, check_observation
from tests.games.random_game import play_streamed
from tests.games.test_conformance import check_round_trip

OPTIONS = {"cities_and_knights": True, "layout": "variable"}


def check_ck(state: Any) -> None:
    """The base game's invariants (a fallen city is a settlement beyond the five, A-CK-09),
    and C&K's: commodities and progress cards conserved, knight tokens, walls, metropolises."""
    check_invariants(state)
    n = state.n
    for c in range(3):
        held = sum(state.ck_commodities[p][c] for p in range(n))
        assert held + state.ck_commodity_bank[c] == COMMODITY_CARDS
        assert min(state.ck_commodity_bank[c], *(h[c] for h in state.ck_commodities)) >= 0
    for t in TRACKS:
        everywhere = sorted(
            state.ck_decks[t]
            + state.ck_under[t]
            + [c for p in range(n) for c in state.ck_progress[p] + state.ck_progress_vp[p]]
        )
        mine = [c for c in everywhere if c in set(PROGRESS_DECKS[t])]
        assert len(mine) == len(PROGRESS_DECKS[t]), t
    assert sum(state.ck_defenders) <= DEFENDER_CARDS
    vo, lv = state.vertex_owner, state.vertex_level
    for p in range(n):
        for s in (1, 2, 3):
            tokens = sum(
                1
                for v, o in enumerate(state.ck_knight_owner)
                if o == p and state.ck_knight_strength[v] == s
            )
            assert tokens <= KNIGHTS_PER_LEVEL
        assert sum(w for v, w in enumerate(state.ck_walls) if vo[v] == p) <= MAX_WALLS
        if state.turn_player != p and state.phase != "ck_progress_discard":
            assert len(state.ck_progress[p]) <= 4
    for v, o in enumerate(state.ck_knight_owner):
        if o != -1:
            assert vo[v] == -1, "a knight stands on an empty intersection"
    for v, w in enumerate(state.ck_walls):
        if w:
            assert lv[v] == 2, "a wall stands under a city"
    for v in state.ck_metropolis:
        if v != -1:
            assert lv[v] == 2
    assert len({v for v in state.ck_metropolis if v != -1}) == sum(
        1 for v in state.ck_metropolis if v != -1
    )
    assert 0 <= state.ck_barbarian < 7


def playout(
    n: int, seed: int, every: int = 0, check: int = 0, options: dict[str, Any] | None = None
) -> tuple[Any, list[Any]]:
    """A random game (chance from seeded streams); the invariants every ``check`` steps, a
    round trip and the observations every ``every`` steps (0: never)."""
    state = GAME.new_game(n, seed, {**OPTIONS, **(options or {})})

    def checked(step: int) -> None:
        if check and step % check == 0:
            check_ck(state)
        if every and step % every == 0:
            check_round_trip(GAME, state)
            for s in range(n):
                check_observation(state, s)
                json.dumps(state.observation(s))

    return state, play_streamed(state, n, seed, 200_000, after_step=checked)
