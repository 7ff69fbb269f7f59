"""The oasis board, the supplies at the start, the robber beside the board, 12 VP."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from games.catan import GAME
from games.catan import actions as A
from games.catan.constants import TERRAIN_COUNTS
from games.common.api import CHANCE
from tests.games.catan.expansions.caravans.positions import (
    START_LEFT,
    START_RIGHT,
    START_TOP,
    caravans,
)
from tests.games.catan.fixtures import put, roll, set_hand

OASIS = 9


def _laid(seed: int, n: int = 4, **options: object):
    """A founding game with a variable board, played up to the first founding decision."""
    state = GAME.new_game(n, seed, {"scenario": "caravans", "layout": "variable", **options})
    rng = random.Random(seed)
    while state.current_player() == CHANCE:
        state.apply(state.sample_chance(rng))
    return state


def test_ca_co_01_the_oasis_has_three_arrows_and_no_number() -> None:
    """CA-CO-01: static info names the oasis hex and three different first spots; the oasis
    has no number token and produces nothing."""
    static = GAME.static_info({"scenario": "caravans"})
    assert static["caravans"]["oasis"] == OASIS
    starts = [tuple(s) for s in static["caravans"]["starts"]]
    assert sorted(starts) == sorted([START_TOP, START_RIGHT, START_LEFT])
    assert len({edge for edge, _ in starts}) == 3
    state = caravans()
    assert state.numbers[OASIS] == 0 and state.observation(0)["board"]["numbers"][OASIS] == 0
    put(state, 1, settlements=[18])  # a corner of the oasis, beside hexes 4 (6) and 5 (4)
    board = state.board
    for total in (4, 6):
        before = sum(state.hand[1])
        state.phase, state.actor, state.rolled, state._legal = "pre_roll", 0, False, None
        roll(state, total)
        expected = sum(
            state.numbers[h] == total
            for v, owner in enumerate(state.vertex_owner)
            if owner == 1
            for h in board.vertex_hexes[v]
        )
        assert sum(state.hand[1]) == before + expected  # the oasis at 18 adds nothing
    assert all(OASIS not in hexes for hexes in state.number_hexes.values())


@pytest.mark.parametrize("seed", range(6))
def test_ca_su_01_the_oasis_is_laid_in_the_centre_of_every_variable_board(seed: int) -> None:
    """CA-SU-01: the oasis replaces the desert exactly in the centre; the other 18 hexes and
    18 tokens are laid as usual (shuffled, spiral skipping the oasis)."""
    state = _laid(seed)
    assert state.board.hex_coords[OASIS] == (0, 0)
    assert state.terrains[OASIS] == "desert" and state.numbers[OASIS] == 0  # the oasis
    others = Counter(t for h, t in enumerate(state.terrains) if h != OASIS)
    assert others == Counter({t: c for t, c in TERRAIN_COUNTS.items() if t != "desert"})
    assert (
        sorted(n for h, n in enumerate(state.numbers) if h != OASIS)
        == sorted(GAME.new_game(4, 1, {}).numbers)[1:]
    )


def test_ca_su_02_the_camels_start_beside_the_board() -> None:
    """CA-SU-02: no camel on the board, 22 in the supply, every arrow unused."""
    obs = _laid(3).observation(1)["caravans"]
    assert obs["camels"] == [] and obs["camels_left"] == 22
    assert obs["fronts"] == [-1, -1, -1] and obs["vote"] is None


def test_ca_su_04_founding_as_in_the_base_game_places_no_camel() -> None:
    """CA-SU-04: two settlements and two roads each in snake order; no camel for them."""
    state = _laid(5, n=3)
    rng = random.Random(5)
    placed = []
    while state.turn == 0:
        if state.current_player() == CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        action = state.legal_actions()[0]
        placed.append((state.current_player(), action["type"]))
        state.apply(action)
    assert Counter(placed) == Counter(
        {(s, kind): 2 for s in range(3) for kind in ("place_settlement", "place_road")}
    )
    assert state.phase == "pre_roll" and state.camels_left == 22
    assert not any(e["type"] == "caravan_vote" for e in state.events)


def test_ca_vp_01_twelve_victory_points_win() -> None:
    """CA-VP-01: 11 VP on one's turn is not yet a win; the 12th is."""
    state = caravans()
    assert state.victory_target == 12
    state.dev_hand[0][4] = 9  # with the two starting settlements: 11
    state.dev_deck[4] -= 9
    roll(state, 8)
    assert not state.is_terminal() and state.total_vp(0) == 11
    put(state, 0, roads=[10])
    set_hand(state, 0, lumber=1, brick=1, wool=1, grain=1)
    state.apply(A.BUILD_SETTLEMENT[11])
    assert state.is_terminal() and state.result()["ranking"][0] == 0


def test_ca_vp_01_an_explicit_target_is_kept() -> None:
    """CA-VP-01: the scenario's 12 replaces the base default; an explicit other target stays."""
    assert caravans(victory_points=9).victory_target == 9


def test_the_caravans_are_played_by_three_or_four() -> None:
    with pytest.raises(ValueError, match="caravans is played with 3, 4 players"):
        GAME.new_game(2, 1, {"scenario": "caravans", "allow_two_players": True})
    with pytest.raises(ValueError, match="cannot be combined"):
        GAME.new_game(4, 1, {"scenario": "caravans", "masters": True})
