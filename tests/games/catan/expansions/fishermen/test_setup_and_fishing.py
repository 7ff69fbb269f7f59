"""The Fishermen's island, its fishing grounds, the supply and how fish are produced.

Rules: FI-CO-01..05, FI-SU-01..06, FI-PR-01..06, A-FI-01, A-FI-02 (reference/expansions/
fishermen.md).
"""

from __future__ import annotations

import math
import random
from collections import Counter

import pytest

from games.catan import actions as A
from games.catan.constants import NUMBER_TOKENS_SPIRAL
from games.common.api import CHANCE
from tests.games.catan.expansions.fishermen.positions import (
    INNER,
    draw,
    empty_island,
    ground,
    laid,
    lake,
    new,
    seat_zero_starts,
)
from tests.games.catan.fixtures import put, roll


def _fish(state) -> list[int]:
    return [sum(held) for held in state.fish_held]


# ---------------------------------------------------------------------- components and set-up


def test_fi_co_01_fi_su_03_six_grounds_4_to_10_laid_at_random_one_per_spot() -> None:
    """FI-CO-01 FI-SU-03: the grounds 4, 5, 6, 8, 9, 10 go one per frame spot, each drawn at
    random among those left; each spot touches 3 coastal intersections, none shared."""
    state = new()
    while state.phase != "fishing_grounds":
        state.apply(state.chance_outcomes()[-1][0])
    assert state.chance_kind() == "board"
    left = 6
    while state.phase == "fishing_grounds":
        outcomes = state.chance_outcomes()
        assert len(outcomes) == left and all(math.isclose(p, 1 / left) for _, p in outcomes)
        state.apply(outcomes[-1][0])
        left -= 1
    assert state.fish_grounds == [10, 9, 8, 6, 5, 4] and state.phase == "order_roll"
    grounds = state.observation(1)["fishermen"]["grounds"]
    assert sorted(g["number"] for g in grounds) == [4, 5, 6, 8, 9, 10]
    spots = [v for g in grounds for v in g["vertices"]]
    assert len(spots) == len(set(spots)) == 18
    coastal = {v for e in state.board.coastal_edges for v in state.board.edge_vertices[e]}
    assert set(spots) <= coastal


def test_fi_co_02_the_lake_fishes_on_2_3_11_and_12_only() -> None:
    """FI-CO-02: a settlement on the lake draws a fish token on 2, 3, 11, 12, on no other
    number (the lake's corners touch no fishing ground)."""
    for total in (2, 3, 4, 5, 6, 8, 9, 10, 11, 12):
        state = empty_island()
        corner = state.board.hex_vertices[lake(state)][0]
        put(state, 1, settlements=[corner])
        roll(state, total)
        assert (state.phase == "fish_draw") == (total in (2, 3, 11, 12)), total


def test_fi_co_03_fi_co_04_fi_su_04_a_face_down_supply_of_29_fish_tokens_and_the_boot() -> None:
    """FI-CO-03 FI-CO-04 FI-SU-04: 11 one-fish, 10 two-fish, 8 three-fish tokens (55 fish) and
    the old boot, face down: a draw is a chance node weighted by the tokens left."""
    state = empty_island()
    put(state, 1, settlements=[3])  # ground 4
    roll(state, 4)
    assert state.chance_kind() == "deck:fish"
    chances = {o["token"]: p for o, p in state.chance_outcomes()}
    assert chances == pytest.approx({1: 11 / 30, 2: 10 / 30, 3: 8 / 30, "boot": 1 / 30})
    assert state.observation(0)["fishermen"]["supply"] == 30
    draw(state, 3)
    assert state.observation(0)["fishermen"]["supply"] == 29
    assert state.fish_supply == [11, 10, 7, 1] and state.fish_held[1] == [0, 0, 1]


def test_fi_co_05_every_seat_sees_the_overview_card_prices() -> None:
    """FI-CO-05: the player overview card (the price list) is in every seat's observation."""
    state = laid()
    for seat in range(4):
        prices = state.observation(seat)["fishermen"]["prices"]
        assert prices == {
            "remove_robber": 2,
            "steal": 3,
            "resource": 4,
            "road": 5,
            "development": 7,
        }


def test_fi_su_01_the_lake_replaces_the_desert_and_lies_inside_the_island() -> None:
    """FI-SU-01: no desert; the lake on one of the 7 inner hexes, each equally likely; the
    chance node never offers it on a coastal hex."""
    rng = random.Random(5)
    places = Counter()
    for seed in range(300):
        state = new(seed=seed)
        while state.phase == "board_terrain":
            outcomes = state.chance_outcomes()
            here = len(state.terrains)
            offered = {o["terrain"] for o, _ in outcomes}
            assert ("lake" in offered) <= (here in INNER)
            assert math.isclose(sum(p for _, p in outcomes), 1.0)
            state.apply(state.sample_chance(rng))
        assert "desert" not in state.terrains
        places[state.terrains.index("lake")] += 1
    assert set(places) == set(INNER)
    assert min(places.values()) > 20  # about 43 each


def test_fi_su_02_eighteen_tokens_on_the_producing_hexes_none_on_the_lake() -> None:
    """FI-SU-02: the base tokens along the spiral, skipping the lake."""
    state = laid()
    assert state.numbers[lake(state)] == 0
    others = [n for h, n in enumerate(state.numbers) if h != lake(state)]
    assert sorted(others) == sorted(NUMBER_TOKENS_SPIRAL)


def test_fi_su_05_the_robber_starts_beside_the_board_and_enters_on_the_first_seven() -> None:
    """FI-SU-05 A-FI-05: no robber on the island; the first 7 puts it on any hex, the lake
    included."""
    state = empty_island()
    assert state.robber == -1 and state.observation(2)["board"]["robber"] == -1
    roll(state, 7)
    targets = [a["hex"] for a in state.legal_actions()]
    assert targets == list(range(19)) and lake(state) in targets
    state.apply(A.MOVE_ROBBER[lake(state)])
    assert state.robber == lake(state)


def _found(state, seat_vertices: dict[int, list[int]]) -> None:
    """Snake-order founding: each seat's settlements at the given vertices (first, second),
    each with its first free road; fish draws reveal a 2."""
    seat_zero_starts(state)
    placed = {seat: 0 for seat in seat_vertices}
    while state.turn == 0:
        if state.current_player() == CHANCE:
            draw(state, 2)
        elif state.phase == "setup_settlement":
            seat = state.current_player()
            state.apply(A.PLACE_SETTLEMENT[seat_vertices[seat][placed[seat]]])
            placed[seat] += 1
        else:
            state.apply(state.legal_actions()[0])


def test_fi_su_06_a_second_settlement_by_the_water_draws_a_fish_token() -> None:
    """FI-SU-06 A-FI-02: only the second founding settlement, on a ground or the lake, draws
    one fish token, besides (not instead of) its resources."""
    state = laid(3)
    corner = state.board.hex_vertices[lake(state)][0]
    _found(state, {0: [3, 13], 1: [39, corner], 2: [28, 20]})  # seat 0: first on ground 4
    assert _fish(state) == [0, 1, 1]  # seat 1 by the lake, seat 2 on ground 6 (vertex 20)
    incomes = {e["seat"]: sum(e["gains"]) for e in state.events if e["type"] == "founding_income"}
    assert incomes[1] == 2 and incomes[2] == 2  # the lake gives no card; the fish is extra
    assert [e["seat"] for e in state.events if e["type"] == "draw_fish" and "fish" in e] == [
        2,
        2,
        1,
        1,
    ]  # seat 2 founds its second first (snake order); each draw logged twice (secret)


# ---------------------------------------------------------------------- producing fish


def test_fi_pr_01_a_ground_gives_one_token_per_settlement_and_two_per_city() -> None:
    """FI-PR-01: the ground's number rolled: 1 token per settlement, 2 per city on its three
    intersections; nobody else draws."""
    state = empty_island()
    v1, _, v3 = ground(state, 9)
    put(state, 1, settlements=[v1])
    put(state, 2, cities=[v3])
    put(state, 3, settlements=[ground(state, 4)[0]])
    roll(state, 9)
    while state.phase == "fish_draw":
        draw(state, 1)
    assert _fish(state) == [0, 1, 2, 0] and state.phase == "main"


def test_fi_pr_02_the_lake_gives_one_token_per_settlement_and_two_per_city() -> None:
    """FI-PR-02: on 2, 3, 11, 12 each settlement by the lake draws 1 token, each city 2."""
    state = empty_island()
    corners = state.board.hex_vertices[lake(state)]
    put(state, 0, settlements=[corners[0]])
    put(state, 3, cities=[corners[3]])
    roll(state, 12)
    while state.phase == "fish_draw":
        draw(state, 2)
    assert _fish(state) == [1, 0, 0, 2]


def test_fi_pr_03_tokens_are_drawn_one_at_a_time_from_the_active_player_clockwise() -> None:
    """FI-PR-03: seat 2 rolls 11; seat 0 (a city), seats 2 and 3 by the lake: the tokens are
    drawn one at a time, seat 2 first, then 3, then 0 twice."""
    state = empty_island()
    state.turn_player = state.actor = 2
    corners = state.board.hex_vertices[lake(state)]
    put(state, 0, cities=[corners[0]])
    put(state, 3, settlements=[corners[2]])
    put(state, 2, settlements=[corners[4]])
    roll(state, 11)
    order = []
    while state.phase == "fish_draw":
        order.append(state.fish_queue[0][0])
        draw(state, 1)
    assert order == [2, 3, 0, 0]
    assert _fish(state) == [2, 0, 1, 1]


def test_fi_pr_04_the_robber_on_the_lake_blocks_its_four_numbers_never_a_ground() -> None:
    """FI-PR-04: the robber may stand on the lake and then nobody fishes there; the grounds
    are not hexes, so the robber never stands on one."""
    state = empty_island()
    corner = state.board.hex_vertices[lake(state)][0]
    put(state, 1, settlements=[corner])
    roll(state, 7)
    assert len(state.legal_actions()) == state.board.num_hexes == 19  # hexes only
    state.apply(A.MOVE_ROBBER[lake(state)])
    if state.phase == "steal":
        state.apply(state.chance_outcomes()[0][0])
    state.apply(A.END_TURN)
    for total in (2, 3, 11, 12):
        roll(state, total)
        assert state.phase == "main" and _fish(state) == [0, 0, 0, 0]
        state.apply(A.END_TURN)


def test_fi_pr_05_a_spot_on_a_ground_and_a_harbour_has_both() -> None:
    """FI-PR-05: vertex 0 is on ground 4 and on the wool harbour: 2:1 wool and fish on 4."""
    state = empty_island()
    assert 0 in ground(state, 4) and 0 in state.board.harbor_vertices[1]
    put(state, 0, settlements=[0])
    assert state.observation(0)["you"]["maritime_rates"]["wool"] == 2
    roll(state, 4)
    draw(state, 3)
    assert state.fish_held[0] == [0, 0, 1]


def test_fi_pr_06_an_empty_supply_is_refilled_from_the_spent_tokens() -> None:
    """FI-PR-06: with no face-down token left, the spent ones are shuffled into a new supply
    and the draw goes on."""
    state = empty_island()
    state.fish_supply = [0, 0, 0, 0]
    state.fish_spent = [2, 0, 1]
    state.fish_held[2] = [9, 10, 7]
    state.fish_boot = 2
    put(state, 0, settlements=[ground(state, 5)[1]])
    roll(state, 5)
    assert state.phase == "fish_draw"
    assert any(e["type"] == "fish_reshuffle" and e["tokens"] == 3 for e in state.events)
    assert state.fish_supply == [2, 0, 1, 0] and state.fish_spent == [0, 0, 0]
    chances = {o["token"]: p for o, p in state.chance_outcomes()}
    assert chances == pytest.approx({1: 2 / 3, 3: 1 / 3})


def test_a_fi_01_too_few_tokens_for_everyone_nobody_draws_unless_one_seat_is_owed() -> None:
    """A-FI-01: after the spent pile, still too few tokens for two owed seats: nobody draws;
    a single owed seat draws what is left."""
    state = empty_island()
    state.fish_supply = [1, 0, 0, 0]
    state.fish_held[3] = [10, 10, 8]
    state.fish_boot = 3
    v1, _, v3 = ground(state, 6)
    put(state, 0, settlements=[v1])
    put(state, 1, settlements=[v3])
    roll(state, 6)
    assert state.phase == "main" and _fish(state)[:2] == [0, 0]
    assert any(e["type"] == "fish_shortage" for e in state.events)
    state = empty_island()
    state.fish_supply = [1, 0, 0, 0]
    state.fish_held[3] = [10, 10, 8]
    state.fish_boot = 3
    put(state, 0, cities=[v1])
    roll(state, 6)
    draw(state, 1)
    assert state.phase == "main" and state.fish_held[0] == [1, 0, 0]
