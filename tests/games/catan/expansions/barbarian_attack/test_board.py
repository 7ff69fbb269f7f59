"""Components, board and set-up of Barbarian Attack (BA-CO, BA-SU)."""

from __future__ import annotations

from collections import Counter

import pytest

from games.catan import GAME
from games.catan import actions as A
from games.catan.mechanics import gold
from tests.games.catan.fixtures import roll

from .helpers import CASTLE, DESERT, RING, ba_game, in_main

OUTER = [0, 1, 2, 6, 11, 15, 18, 17, 16, 12, 7, 3]  # clockwise from the top-left
INNER = [4, 5, 8, 9, 10, 13, 14]


def test_BA_CO_01_the_castle_never_produces_and_is_never_conquered() -> None:
    """BA-CO-01: the castle hex has no number and is never a coastal (attackable) hex."""
    state = ba_game()
    assert state.terrains[CASTLE] == "castle" and state.numbers[CASTLE] == 0
    assert state.hex_resource[CASTLE] == -1
    assert CASTLE not in state.board.sites["coastal_ring"]
    assert all(CASTLE not in hexes for hexes in state.number_hexes.values())


def test_BA_CO_02_BA_KN_01_six_knights_per_colour() -> None:
    """BA-CO-02, BA-KN-01: every seat has 6 knights, none on the board at the start."""
    state = ba_game(3)
    assert state.ba_knights_left == [6, 6, 6]
    assert all(o == -1 for o in state.ba_knight)


def test_BA_CO_03_36_barbarians_two_start_on_the_board() -> None:
    """BA-CO-03, A-BA-05: 36 figures; 2 on the board, 34 in the supply."""
    state = ba_game()
    assert state.ba_supply + sum(state.ba_barbarians) == 36
    assert sum(state.ba_barbarians) == 2


def test_BA_CO_04_gold_supply_of_100() -> None:
    """BA-CO-04: 15 x 5 + 25 x 1 coins = 100 gold in the supply; nobody starts with gold."""
    state = ba_game()
    assert state.gold_supply == gold.SUPPLY == 100 and state.gold == [0, 0, 0, 0]
    assert state.observation(1)["gold"]["supply"] == 100


def test_BA_CO_06_no_base_cards_no_robber_no_largest_army_one_forest_and_one_11_out() -> None:
    """BA-CO-06: no base development card can be bought, no robber on the board (a 7 never
    moves one), 3 forests instead of 4 and a single 11."""
    state = in_main(ore=1, wool=1, grain=1)
    assert A.BUY_DEVELOPMENT not in state.legal_actions()
    assert not any(state.dev_deck) and state.robber == -1
    assert Counter(state.terrains)["forest"] == 3
    assert state.board.fixed_numbers.count(11) == 1
    state = ba_game()
    roll(state, 7)
    assert state.phase != "move_robber" and state.robber == -1
    assert state.largest_army == -1


def test_BA_SU_01_desert_and_castle_in_the_outer_ring() -> None:
    """BA-SU-01: desert and castle at their printed places in the outer ring."""
    state = ba_game()
    assert state.terrains[DESERT] == "desert" and state.terrains[CASTLE] == "castle"
    assert DESERT in OUTER and CASTLE in OUTER


def test_BA_SU_02_BA_SU_03_terrain_mix_of_the_coast_and_the_inner_hexes() -> None:
    """BA-SU-02/03: coast 2 forest, 2 hills, 3 pasture, 1 mountains, 2 fields; inner 1 forest,
    1 pasture, 1 hills, 2 mountains, 2 fields."""
    state = ba_game()
    coast = Counter(state.terrains[h] for h in RING)
    inner = Counter(state.terrains[h] for h in INNER)
    assert coast == {"forest": 2, "hills": 2, "pasture": 3, "mountains": 1, "fields": 2}
    assert inner == {"forest": 1, "pasture": 1, "hills": 1, "mountains": 2, "fields": 2}
    assert sorted(RING) == sorted(h for h in OUTER if h not in (DESERT, CASTLE))


def test_BA_SU_04_every_coastal_hex_has_its_own_number() -> None:
    """BA-SU-04: the coast carries 2..12 without 7 once each; the inner 3, 4, 5, 6, 8, 9, 10."""
    state = ba_game()
    assert sorted(state.numbers[h] for h in RING) == [2, 3, 4, 5, 6, 8, 9, 10, 11, 12]
    assert sorted(state.numbers[h] for h in INNER) == [3, 4, 5, 6, 8, 9, 10]


def test_BA_SU_05_the_4_left_of_the_castle_desert_opposite_2_and_12_on_alternate_corners() -> None:
    """BA-SU-05: the check order starts at the 4 beside the castle; the desert is opposite the
    castle; desert, 2 and 12 are alternate corners of the ring."""
    state = ba_game()
    ring = state.board.sites["coastal_ring"]
    assert state.numbers[ring[0]] == 4 and ring[0] in state.board.hex_neighbors[CASTLE]
    assert OUTER.index(CASTLE) - OUTER.index(DESERT) == 6
    corners = {0, 2, 11, 18, 16, 7}
    two, twelve = (
        (h for h in ring if state.numbers[h] == 2),
        (h for h in ring if state.numbers[h] == 12),
    )
    trio = {DESERT, next(two), next(twelve)}
    assert trio <= corners and sorted(OUTER.index(h) for h in trio) == [0, 4, 8]


def test_BA_SU_06_one_barbarian_on_the_2_and_one_on_the_12() -> None:
    """BA-SU-06."""
    state = ba_game()
    on = {h: n for h, n in enumerate(state.ba_barbarians) if n}
    assert {state.numbers[h] for h in on} == {2, 12} and set(on.values()) == {1}


def test_BA_SU_07_knights_and_the_scenario_deck_at_the_start() -> None:
    """BA-SU-07: 6 knights each; the 26 scenario cards are the development deck."""
    state = ba_game()
    assert sum(state.deck_left) == 26 and state.ba_knights_left == [6] * 4
    assert state.observation(0)["barbarian_attack"]["deck"]["left"] == 26


@pytest.mark.parametrize("n", [3, 4])
def test_barbarian_attack_is_played_by_3_or_4(n: int) -> None:
    assert GAME.new_game(n, 1, {"scenario": "barbarian_attack"}).n == n


def test_barbarian_attack_refuses_2_players() -> None:
    with pytest.raises(ValueError, match="3, 4"):
        GAME.new_game(2, 1, {"scenario": "barbarian_attack", "allow_two_players": True})
