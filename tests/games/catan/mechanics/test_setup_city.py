"""The set-up city (games/catan/mechanics/setup_city.py), played through Barbarian Attack, its
first user (BA-SU-08; T&B and C&K use the same function)."""

from __future__ import annotations

import random

from games.catan import GAME
from games.catan.constants import MAX_CITIES, MAX_SETTLEMENTS
from games.common.api import CHANCE

OPTIONS = {"scenario": "barbarian_attack"}


def _found(state, pick=lambda legal, rng: legal[0], seed: int = 3):
    """Play the first-player roll and the whole founding; returns the settlements in order."""
    rng = random.Random(seed)
    placed = []
    while state.turn == 0:
        if state.current_player() == CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        legal = state.legal_actions()
        action = pick(legal, rng)
        if action["type"] == "place_settlement":
            placed.append((state.current_player(), action["vertex"]))
        state.apply(action)
    return placed


def test_BA_SU_08_second_founding_placement_is_a_city_first_is_a_settlement() -> None:
    """BA-SU-08: first round a settlement, second round a city (the piece comes from the city
    supply, the settlement goes back)."""
    state = GAME.new_game(3, 5, OPTIONS)
    placed = _found(state, lambda legal, rng: rng.choice(legal))
    first = {p: v for p, v in placed[:3]}
    second = {p: v for p, v in placed[3:]}
    for p in range(3):
        assert state.vertex_level[first[p]] == 1
        assert state.vertex_level[second[p]] == 2
        assert state.cities_left[p] == MAX_CITIES - 1
        assert state.settlements_left[p] == MAX_SETTLEMENTS - 1
        assert state.public_vp(p) == 3  # 1 + 2
    cities = [e for e in state.events if e["type"] == "setup_city"]
    assert [(e["seat"], e["vertex"]) for e in cities] == placed[3:]


def test_BA_SU_08_the_city_takes_one_resource_per_adjacent_hex() -> None:
    """BA-SU-08: the founding city gives only 1 resource per adjacent producing hex."""
    state = GAME.new_game(3, 5, OPTIONS)
    placed = _found(state)
    for p, v in placed[3:]:
        producing = [h for h in state.board.vertex_hexes[v] if state.hex_resource[h] >= 0]
        assert sum(state.hand[p]) == len(producing)


def test_BA_SU_08_the_founding_city_produces_two_on_a_roll() -> None:
    """The piece is a real city: a roll of an adjacent number pays 2."""
    state = GAME.new_game(3, 5, OPTIONS)
    placed = _found(state)
    p, v = placed[-1]
    h = next(h for h in state.board.vertex_hexes[v] if state.numbers[h])
    state.income.clear()
    income = state._income_of(state.numbers[h])
    assert (h, p * 5 + state.hex_resource[h], 2) in income.by_hex


def test_BA_SU_08_beginner_placement_upgrades_the_starred_settlement() -> None:
    """With the beginner placement, the settlement that pays the founding income is the city."""
    state = GAME.new_game(4, 1, {**OPTIONS, "placement": "beginner"})
    for entry in state.board.layout["starting_positions"]:
        p, star = entry["seat"], entry["income_from"]
        other = next(v for v in entry["settlements"] if v != star)
        assert state.vertex_level[star] == 2 and state.vertex_owner[star] == p
        assert state.vertex_level[other] == 1


def test_setup_city_round_trips() -> None:
    state = GAME.new_game(4, 2, OPTIONS)
    _found(state)
    again = GAME.from_dict(state.to_dict())
    assert again.vertex_level == state.vertex_level
    assert again.cities_left == state.cities_left
