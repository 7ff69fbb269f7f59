"""Cloth for Catan (SF-CL-01..09): villages and their cloth, trade relations by ship routes, cloth
income on a village's number, 2 cloth = 1 VP, the early end, three founding rounds, no Longest
Trade Route, the robber off the tribe islands and the pirate for traders only (whole random games
and the conformance replay: test_special_games.py)."""

from __future__ import annotations

import random

from games.catan import GAME
from games.catan.expansions.seafarers.scenarios import SCENARIOS, cloth_for_catan
from games.common.api import CHANCE
from tests.games.catan.expansions.seafarers.special_play import (
    assert_won_on_reaching,
    at_main,
    give,
    play,
    sail_to,
    sea_route,
)
from tests.games.catan.fixtures import dice_for, found_at_random

OPTIONS = {"seafarers": "cloth_for_catan"}


def village_of(state, number: int) -> int:
    return cloth_for_catan.village_numbers(state.board).index(number)


def trading(seed: int = 3, n: int = 4, village: int = 0):
    """A game at its first main phase whose seat to act has just linked its ships to
    ``village`` (SF-CL-05); the first seed from ``seed`` on where a free sea route exists."""
    for tried in range(seed, seed + 30):
        state = at_main(OPTIONS, n, tried)
        p = state.actor
        goal = cloth_for_catan.village_vertices(state.board)[village]
        try:
            sea_route(state, p, goal)
        except AssertionError:
            continue
        sail_to(state, p, goal)
        return state, p
    raise AssertionError("no seed with a sea route")


def roll(state, total: int) -> None:
    """The turn's roll shows ``total`` (the state is put back before its roll)."""
    state.rolled = False
    state._set_phase("dice", CHANCE)
    state.apply(dice_for(total))


def test_sf_cl_01_fourteen_victory_points_win() -> None:
    assert SCENARIOS["cloth_for_catan"].vp_target(3) == 14
    assert SCENARIOS["cloth_for_catan"].vp_target(4) == 14
    for seed in range(10):
        state, log = play(OPTIONS, 4, seed)
        if not any(e["type"] == "cloth_gone" for e in state.events):
            break  # won by points, not by the early end
    assert_won_on_reaching(14, OPTIONS, 4, seed, state, log)


def test_sf_cl_01_the_game_ends_when_fewer_than_four_villages_hold_cloth() -> None:
    """The last cloth of a fourth village goes: the game ends at once; most VP wins, ties
    broken by cloth."""
    state, p = trading(seed=4, village=0)
    number = cloth_for_catan.village_numbers(state.board)[0]
    state.cl_village_cloth = [1, 1, 1, 1, 0, 0, 0, 0]
    state.cl_cloth = [0] * state.n
    other = (p + 1) % state.n
    state.cl_cloth[other] = 1  # one odd cloth: no VP, but a tie-break
    roll(state, number)
    assert state.is_terminal()
    result = state.result()
    assert result["reason"] == "victory"
    assert any(e["type"] == "cloth_gone" for e in state.events)
    scores = result["scores"]
    ranking = result["ranking"]
    keys = [(-scores[s], -state.cl_cloth[s], s) for s in ranking]
    assert keys == sorted(keys)


def test_sf_cl_02_three_founding_rounds_income_from_the_third() -> None:
    state = GAME.new_game(3, 6, OPTIONS)
    rng = random.Random(6)
    found_at_random(state, rng, by_index=True)
    seats = [e["seat"] for e in state.events if e["type"] == "place_settlement"]
    first = state.first_player
    cw = [(first + i) % 3 for i in range(3)]
    assert seats == cw + cw[::-1] + cw
    incomes = [i for i, e in enumerate(state.events) if e["type"] == "founding_income"]
    settled = [i for i, e in enumerate(state.events) if e["type"] == "place_settlement"]
    assert len(incomes) == 3 and min(incomes) > settled[5]
    zone = set(state.board.sites["zones"]["isle"])
    for v, owner in enumerate(state.vertex_owner):
        if owner != -1:
            assert not set(state.board.vertex_hexes[v]) & zone
    assert state.settlements_left == [2, 2, 2]


def test_sf_cl_03_the_tribe_islands_take_no_building_and_hold_eight_villages() -> None:
    state = at_main(OPTIONS, 4, 7)
    numbers = sorted(cloth_for_catan.village_numbers(state.board))
    assert numbers == [3, 4, 5, 6, 8, 9, 10, 11]
    tribe = cloth_for_catan.tribe_vertices(state.board)
    assert set(cloth_for_catan.village_vertices(state.board)) <= tribe
    assert all(state.blocked[v] for v in tribe)
    p = state.actor
    village = cloth_for_catan.village_vertices(state.board)[2]
    sail_to(state, p, village)
    give(state, p, lumber=1, brick=1, wool=1, grain=1)
    spots = {a["vertex"] for a in state.legal_actions() if a["type"] == "build_settlement"}
    assert not spots & tribe


def test_sf_cl_04_five_cloth_by_each_village_and_ten_in_the_supply() -> None:
    state = at_main(OPTIONS, 3, 8)
    assert state.cl_village_cloth == [5] * 8 and state.cl_supply == 10
    assert state.observation(1)["cloth_for_catan"]["supply"] == 10


def test_sf_cl_05_a_ship_route_to_a_village_opens_trade_and_closes_the_route() -> None:
    state, p = trading(seed=9, village=3)
    assert p in state.cl_traders[3] and state.cl_village_cloth[3] == 4
    relations = sum(1 for traders in state.cl_traders if p in traders)
    assert state.cl_cloth[p] == relations  # 1 cloth from each village the route reached
    assert sum(state.cl_village_cloth) == 40 - relations
    closed = cloth_for_catan.closed_ships(state, p)
    assert closed and all(state.ship_owner[e] == p for e in closed)
    state.ships_new = []  # next turn: the route's ships are no longer new
    state.ship_moved = False
    state.touch()
    moving = {a["from"] for a in state.legal_actions() if a["type"] == "move_ship"}
    assert not moving & closed


def test_sf_cl_06_a_rolled_village_pays_its_traders_then_the_supply_covers() -> None:
    state, p = trading(seed=10, village=0)
    number = cloth_for_catan.village_numbers(state.board)[0]
    other = (p + 1) % state.n
    state.cl_traders[0].append(other)
    state.cl_village_cloth[0] = 1  # one left: the roller takes it, the other from the supply
    before = list(state.cl_cloth)
    supply = state.cl_supply
    roll(state, number)
    assert state.cl_cloth[p] == before[p] + 1 and state.cl_cloth[other] == before[other] + 1
    assert state.cl_village_cloth[0] == 0 and state.cl_supply == supply - 1
    # An empty village pays nothing, not even from the supply.
    before = list(state.cl_cloth)
    roll(state, number)
    assert state.cl_cloth == before and state.cl_supply == supply - 1


def test_sf_cl_07_two_cloth_are_one_victory_point() -> None:
    state = at_main(OPTIONS, 4, 11)
    p = state.actor
    base = state.public_vp(p)
    state.cl_cloth[p] = 3
    assert state.public_vp(p) == base + 1
    state.cl_cloth[p] = 4
    assert state.public_vp(p) == base + 2


def test_sf_cl_08_no_longest_trade_route() -> None:
    state = at_main(OPTIONS, 4, 12)
    p = state.actor
    for _ in range(6):
        give(state, p, lumber=1, wool=1)
        ships = [a for a in state.legal_actions() if a["type"] == "build_ship"]
        if ships:
            state.apply(ships[0])
    assert state.longest_road == -1
    assert state.road_length[p] == 0


def test_sf_cl_09_robber_on_the_fields_12_never_on_the_tribe_islands() -> None:
    state = at_main(OPTIONS, 4, 13)
    assert (state.terrains[state.robber], state.numbers[state.robber]) == ("fields", 12)
    state._set_phase("move_thief", state.turn_player)
    legal = state.legal_actions()
    isle = set(state.board.sites["zones"]["isle"])
    assert not {a["hex"] for a in legal if a["type"] == "move_robber"} & isle
    assert not any(a["type"] in ("move_pirate", "cl_move_pirate") for a in legal)


def test_sf_cl_09_a_trader_moves_the_pirate_and_may_steal_a_cloth() -> None:
    state, p = trading(seed=14, village=1)
    other = (p + 1) % state.n
    state.cl_cloth[other] = 2
    # a ship of the other seat beside a sea hex the pirate may go to
    from games.catan.expansions.seafarers import ships

    sea = next(
        h
        for h, t in enumerate(state.terrains)
        if t == "sea"
        and h != state.pirate
        and h not in state.board.sites["frame"]
        and any(
            state.sf_ship_path[e] and state.ship_owner[e] == -1 and state.edge_owner[e] == -1
            for e in state.sf_hex_sides[h]
        )
    )
    side = next(
        e
        for e in state.sf_hex_sides[sea]
        if state.sf_ship_path[e] and state.ship_owner[e] == -1 and state.edge_owner[e] == -1
    )
    ships.put_ship(state, other, side)
    state._set_phase("move_thief", p)
    legal = state.legal_actions()
    assert {"type": "cl_move_pirate", "hex": sea} in legal
    state.apply({"type": "cl_move_pirate", "hex": sea})
    assert state.phase == "cl_pirate_loot" and state.pirate == sea
    loot = state.legal_actions()
    assert {"type": "pirate_loot", "seat": other, "loot": "cloth"} in loot
    assert {"type": "pirate_loot", "seat": other, "loot": "resource"} in loot
    mine = state.cl_cloth[p]
    state.apply({"type": "pirate_loot", "seat": other, "loot": "cloth"})
    assert state.cl_cloth[other] == 1 and state.cl_cloth[p] == mine + 1
