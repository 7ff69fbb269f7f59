"""The Pirate Islands (SF-PR-01..14): the fixed start, one shipping lane per seat to its
fortress, warships from knight cards, the pirate fleet sailing by the lower die and attacking a
sole neighbour, fortress attacks and the fortress victory, no robber / Longest Trade Route /
Largest Army (whole random games and the conformance replay: test_special_games.py)."""

from __future__ import annotations

import random

import pytest

from games.catan import GAME
from games.catan import actions as A
from games.catan.constants import (
    KNIGHT,
    MAX_SETTLEMENTS,
    RESOURCES,
    UNREACHABLE_TARGET,
    VICTORY_POINT,
)
from games.catan.expansions.seafarers import ships
from games.catan.expansions.seafarers.scenarios import SCENARIOS, pirate_islands
from tests.games.catan.expansions.seafarers.special_play import (
    at_main,
    give,
    without_development_cards,
)
from tests.games.catan.fixtures import found_at_random

OPTIONS = {"seafarers": "pirate_islands"}
P = pirate_islands


def complete_route(state, p: int, upto: int | None = None) -> list[int]:
    """Lay ``p``'s ships (no cost) along his lane, up to ``upto`` paths (all by default)."""
    for e in P.lane(state, p)[:upto]:
        if state.ship_owner[e] == -1:
            ships.put_ship(state, p, e)
    state.touch()
    return P.route_ships(state, p)


def arm(state, p: int, count: int) -> None:
    state.pi_warships[p] = P.route_ships(state, p)[:count]
    state.touch()


def roll(state, die1: int, die2: int) -> None:
    """End the current turn; the next seat rolls ``die1``, ``die2`` through the engine."""
    if state.phase == "main":
        state.apply(A.END_TURN)
    assert state.phase == "pre_roll"
    state.apply(A.ROLL)
    state.apply(A.DICE[die1 - 1][die2 - 1])


def lone_neighbour_spot(state, p: int, steps: int) -> int:
    """Make the circuit hex ``steps`` ahead of the fleet border only a settlement of ``p``
    (placed free on one of its land corners); returns that corner."""
    circuit = state.board.sites["pirate_circuit"]
    h = circuit[(state.pi_fleet + steps) % len(circuit)]
    corners = state.board.hex_vertices[h]
    for v in corners:
        if 0 <= state.vertex_owner[v] < state.n and state.vertex_owner[v] != p:
            state.vertex_owner[v] = -1  # clear the way: only p borders this hex
    v = next(v for v in corners if state.sf_land_vertex[v] and state.vertex_owner[v] == -1)
    state._put_settlement(p, v)
    state._rebuild_derived()
    return v


def next_seat_main(seed: int, n: int = 4):
    state = at_main(OPTIONS, n, seed)
    state.apply(A.END_TURN)
    return state, state.turn_player


# ---------------------------------------------------------------------------- rules
def test_sf_pr_01_only_the_own_fortress_taken_with_ten_points_wins() -> None:
    state = at_main(OPTIONS, 4, 1)
    p = state.actor
    assert SCENARIOS["pirate_islands"].vp_target(4) == 10
    assert P.target(state, p, 10) == UNREACHABLE_TARGET  # points alone never win
    complete_route(state, p)
    arm(state, p, len(P.route_ships(state, p)))
    state.pi_chits[p] = 1
    state.victory_target = state.total_vp(p) + 1  # the fortress settlement brings the last point
    state.apply(P.ATTACK_FORTRESS)
    state.apply(P.FORTRESS_DIE[0])  # a 1 against his warships: the last chit falls
    assert state.pi_chits[p] == 0
    assert state.is_terminal() and state.result()["ranking"][0] == p


def test_sf_pr_02_fixed_colours_and_a_three_chit_fortress_per_seat() -> None:
    for n, colours in ((3, ["orange", "blue", "red"]), (4, ["orange", "blue", "red", "white"])):
        state = at_main(OPTIONS, n, 2)
        seen = state.observation(0)["pirate_islands"]
        assert seen["colours"] == colours
        assert seen["chits"] == [3] * n
        pirate_land = P.pirate_island_corners(state)
        assert len(set(seen["fortresses"])) == n and set(seen["fortresses"]) <= pirate_land
        assert all(state.blocked[v] for v in seen["fortresses"])  # nobody settles there


def test_sf_pr_02_the_fortress_is_one_of_the_seats_five_settlements_from_the_set_up() -> None:
    """The lead's reading of "each fortress = a settlement of that colour": the fortress's piece
    leaves the supply at the set-up (start settlement + fortress), and it is no point while it
    stands; the observation shows the supply as it is."""
    for n in (3, 4):
        state = GAME.new_game(n, 2, OPTIONS)
        rng = random.Random(2)
        while state.phase != "setup_settlement":
            state.apply(state.sample_chance(rng))
        assert state.settlements_left == [MAX_SETTLEMENTS - 2] * n
        assert [state.public_vp(p) for p in range(n)] == [1] * n  # the start settlement only
        players = state.observation(0)["players"]
        assert [seat["settlements_left"] for seat in players] == [MAX_SETTLEMENTS - 2] * n
        assert [seat["public_vp"] for seat in players] == [1] * n


def test_sf_pr_02_the_last_chit_taken_with_no_settlement_in_the_supply() -> None:
    """The fortress needs no piece from the supply: with none left the attack is legal, and the
    third chit makes the fortress his settlement (1 VP more, and it produces)."""
    state = at_main(OPTIONS, 4, 15)
    p = state.actor
    complete_route(state, p)
    arm(state, p, 4)
    state.settlements_left[p] = 0
    state.cities_left[p] -= 1  # keep the pieces counted: one settlement became a city
    state.pi_chits[p] = 1
    state.pi_fleet = -1  # keep the fleet out of the roll below
    state.touch()
    vp = state.public_vp(p)
    assert P.ATTACK_FORTRESS in state.legal_actions()
    state.apply(P.ATTACK_FORTRESS)
    state.apply(P.FORTRESS_DIE[0])
    fort = P.seat_corner(state.board, "fortress_intersections", p)
    assert state.pi_chits[p] == 0 and state.settlements_left[p] == 0
    assert state.vertex_owner[fort] == p and state.vertex_level[fort] == 1
    assert state.public_vp(p) == vp + 1
    (h,) = (h for h in state.board.vertex_hexes[fort] if state.numbers[h])
    assert state.terrains[h] == "gold" and state.numbers[h] == 3  # SF-MAP-PI, seat 0's fortress
    assert not any(state.vertex_owner[v] == p for v in state.board.hex_vertices[h] if v != fort)
    roll(state, 1, 2)  # the next seat rolls a 3
    assert state.phase == "gold_choice" and state.sf_gold[0] == [p, 1]  # the fortress's gold


def test_sf_pr_03_start_settlement_and_ship_then_two_founded_on_the_main_island() -> None:
    state = GAME.new_game(4, 3, OPTIONS)
    rng = random.Random(3)
    while state.phase != "setup_settlement":
        state.apply(state.sample_chance(rng))
    b = state.board
    for p in range(4):
        start = P.seat_corner(b, "start_intersections", p)
        assert state.vertex_owner[start] == p and state.ship_owner[P.first_ship(state, p)] == p
    main = set(b.sites["zones"]["main"])
    offered = {a["vertex"] for a in state.legal_actions()}
    assert offered and all(set(b.vertex_hexes[v]) & main for v in offered)
    found_at_random(state, rng, by_index=True)
    # 3 settlements on the main island and the fortress (SF-PR-02) are out of each supply
    assert [MAX_SETTLEMENTS - state.settlements_left[p] for p in range(4)] == [4] * 4


def test_sf_pr_04_no_robber_no_trade_route_no_army() -> None:
    state = at_main(OPTIONS, 4, 4)
    p = state.actor
    assert state.robber == -1
    complete_route(state, p)
    state.recount_trails((p,))
    assert state.road_length[p] == 0  # no Longest Trade Route is counted
    for _ in range(3):  # three knights played: no Largest Army
        state.dev_hand[p][KNIGHT] += 1
        state.dev_deck[KNIGHT] -= 1
        state.dev_played = False
        state.touch()
        state.apply(A.PLAY_KNIGHT)
        assert state.phase in ("main", "pre_roll")
    assert state.largest_army == -1 and state.knights[p] == 0
    assert state.dev_spent[KNIGHT] == 3  # they left the game


def test_sf_pr_05_victory_point_cards_removed_for_three_played_as_knights_for_four() -> None:
    three = at_main(OPTIONS, 3, 5)
    assert three.dev_deck[VICTORY_POINT] == 0
    state = at_main(OPTIONS, 4, 5)
    p = state.actor
    complete_route(state, p, 3)
    before = state.total_vp(p)
    state.dev_hand[p][VICTORY_POINT] += 1
    state.dev_deck[VICTORY_POINT] -= 1
    state.touch()
    assert state.total_vp(p) == before  # the card is a knight, not a point
    assert P.PLAY_VP_AS_KNIGHT in state.legal_actions()
    state.apply(P.PLAY_VP_AS_KNIGHT)
    assert state.pi_warships[p] == P.route_ships(state, p)[:1]
    assert state.total_vp(p) == before and state.dev_spent[VICTORY_POINT] == 1
    assert P.PLAY_VP_AS_KNIGHT not in state.legal_actions()


def test_sf_pr_06_ships_only_on_the_next_path_of_the_own_lane() -> None:
    state = at_main(OPTIONS, 4, 6)
    p = state.actor
    give(state, p, lumber=2, wool=2)
    lane = P.lane(state, p)
    builds = [a["edge"] for a in state.legal_actions() if a["type"] == "build_ship"]
    assert builds == [P.next_lane_path(state, p)] and builds[0] in lane
    assert not any(a["type"] == "move_ship" for a in state.legal_actions())
    state.apply({"type": "build_ship", "edge": builds[0]})
    nxt = [a["edge"] for a in state.legal_actions() if a["type"] == "build_ship"]
    assert nxt == [lane[lane.index(builds[0]) + 1]]
    # the lane passes the waypoint and ends at the fortress (never beyond)
    b = state.board
    ends = [set(b.edge_vertices[e]) for e in lane]
    assert P.seat_corner(b, "waypoint_intersections", p) in set().union(*ends)
    assert P.seat_corner(b, "fortress_intersections", p) in ends[-1]
    complete_route(state, p)
    assert P.next_lane_path(state, p) == -1
    assert not any(a["type"] == "build_ship" for a in state.legal_actions())


def road_able_lane_path(state, q: int) -> int:
    """A free path of ``q``'s lane that the general rules would let a road take (a coast)."""
    return next(
        e
        for e in P.lane(state, q)
        if state.ship_owner[e] == -1 and e not in state.sf_no_road and state.edge_owner[e] == -1
    )


def test_sf_pr_06_no_road_on_a_lane_path_own_or_other() -> None:
    """The lead's reading of SF-PR-06: a lane takes only its owner's ships, never a road of
    any seat, even where the seat's roads reach it."""
    state = at_main(OPTIONS, 4, 6)
    p = state.actor
    b = state.board
    own, other = road_able_lane_path(state, p), road_able_lane_path(state, (p + 1) % 4)
    lanes = P.lane_paths(state)
    plain = next(  # a control: a free land path off every lane
        e
        for e in range(b.num_edges)
        if e not in lanes and state.edge_owner[e] == -1 and e not in state.road_closed
    )
    for e in (own, other, plain):
        state.network[p].update(b.edge_vertices[e])  # his roads reach it
    give(state, p, lumber=3, brick=3)
    state.touch()
    roads = {a["edge"] for a in state.legal_actions() if a["type"] == "build_road"}
    assert plain in roads and own not in roads and other not in roads
    assert own not in state.road_spots(p) and other not in state.road_spots(p)


def test_sf_pr_06_another_seats_ship_never_enters_a_lane() -> None:
    state = at_main(OPTIONS, 4, 6)
    q = state.actor
    p = (q + 1) % 4
    lane = P.lane(state, p)
    e = lane[4]  # out at sea, on p's lane
    b = state.board
    f = next(  # a free sea path off every lane beside it, where q's ship line may stand
        f
        for v in b.edge_vertices[e]
        for f in b.vertex_edges[v]
        if f not in P.lane_paths(state) and state.sf_ship_path[f] and state.ship_owner[f] == -1
    )
    ships.put_ship(state, q, f)
    state.touch()
    assert e in ships._spots_from(state, ships._ship_starts(state, q))  # the general rules
    give(state, q, lumber=2, wool=2)
    builds = {a["edge"] for a in state.legal_actions() if a["type"] == "build_ship"}
    assert e not in builds and e not in ships.ship_spots(state, q)
    assert builds <= {P.next_lane_path(state, q)}


def test_sf_pr_06_a_founding_ship_only_where_the_own_lane_goes_on() -> None:
    """SF-PR-03's founding ship starts the seat's one route: off its lane it is not offered
    (the lane goes on from its start ship, never beside a founding settlement), a road is."""
    state = GAME.new_game(4, 3, OPTIONS)
    rng = random.Random(3)
    while state.phase != "setup_settlement":
        state.apply(state.sample_chance(rng))
    b, path = state.board, state.sf_ship_path
    free = [a["vertex"] for a in state.legal_actions()]
    v = next(
        v for v in free if any(path[e] and state.ship_owner[e] == -1 for e in b.vertex_edges[v])
    )
    p = state.actor
    state.apply(A.PLACE_SETTLEMENT[v])
    assert state.phase == "setup_route" and state.actor == p
    sea = [e for e in b.vertex_edges[v] if path[e] and state.ship_owner[e] == -1]
    assert sea and P.next_lane_path(state, p) not in sea
    legal = state.legal_actions()
    assert not any(a["type"] == "place_ship" for a in legal)
    assert any(a["type"] == "place_road" for a in legal)


def test_sf_pr_07_one_settlement_at_the_waypoint_none_elsewhere_on_pirate_islands() -> None:
    state = at_main(OPTIONS, 4, 7)
    p = state.actor
    complete_route(state, p)
    way = P.seat_corner(state.board, "waypoint_intersections", p)
    give(state, p, lumber=1, brick=1, wool=1, grain=1)
    spots = {a["vertex"] for a in state.legal_actions() if a["type"] == "build_settlement"}
    assert way in spots
    assert not (spots - {way}) & P.pirate_island_corners(state)
    state.road_vertices[p].update(P.pirate_island_corners(state))  # even if reached
    state.touch()
    spots = {a["vertex"] for a in state.legal_actions() if a["type"] == "build_settlement"}
    assert spots & P.pirate_island_corners(state) == {way}
    state.apply({"type": "build_settlement", "vertex": way})
    assert state.vertex_owner[way] == p


def test_sf_pr_08_a_knight_turns_the_hindmost_plain_ship_into_a_warship() -> None:
    state = at_main(OPTIONS, 4, 8)
    p = state.actor
    route = complete_route(state, p, 4)
    for count in (1, 2):
        state.dev_hand[p][KNIGHT] += 1
        state.dev_deck[KNIGHT] -= 1
        state.dev_played = False
        state.touch()
        state.apply(A.PLAY_KNIGHT)
        assert state.pi_warships[p] == route[:count]  # from the start on
    assert state.observation(p)["pirate_islands"]["warships"][p] == route[:2]


def test_sf_pr_09_the_fleet_sails_by_the_lower_die_first_with_its_strength() -> None:
    circuit = GAME.new_game(4, 9, OPTIONS).board.sites["pirate_circuit"]
    assert GAME.new_game(4, 9, OPTIONS).pi_fleet == 0  # on the printed pirate hex
    assert circuit[0] == GAME.new_game(4, 9, OPTIONS).board.sites["pirate"]
    state, _ = next_seat_main(9)
    start = state.pi_fleet
    state.apply(A.ROLL)
    state.apply(A.DICE[4][1])  # 5 and 2: two steps
    assert state.pi_fleet == (start + 2) % len(circuit)
    sailed = [e for e in state.events if e["type"] == "fleet_sails"][-1]
    assert sailed["strength"] == 2 and sailed["hex"] == circuit[state.pi_fleet]


def test_sf_pr_10_the_fleet_attacks_a_sole_neighbour() -> None:
    state, q = next_seat_main(10)
    p = (q + 1) % 4
    complete_route(state, p)
    # stronger (strength 3 against no warship): 1 random card (+1 per city) lost
    lone_neighbour_spot(state, p, 3)
    state.hand[p] = [2, 2, 2, 0, 0]
    state.bank = [b - h for b, h in zip(state.bank, [2, 2, 2, 0, 0], strict=True)]
    state.apply(A.ROLL)
    state.apply(A.DICE[2][4])  # 3 and 5
    assert state.phase == "fleet_plunder" and state.pi_attack[1] == 1
    held = sum(state.hand[p])  # after the roll's production
    assert {a["resource"] for a, _ in state.chance_outcomes()} >= {"lumber", "brick", "wool"}
    state.apply({"type": "fleet_plunder", "resource": RESOURCES[0]})
    assert sum(state.hand[p]) == held - 1
    assert state.phase in ("main", "gold_choice")
    # weaker (strength 1 against 2 warships): he takes 1 resource of his choice
    state.phase, state.actor = "main", state.turn_player
    arm(state, p, 2)
    state.apply(A.END_TURN)
    lone_neighbour_spot(state, p, 1)
    state.apply(A.ROLL)
    state.apply(A.DICE[0][5])  # 1 and 6
    assert state.phase == "take_booty" and state.actor == p
    held = list(state.hand[p])
    state.apply({"type": "take_booty", "resource": "ore"})
    assert state.hand[p][4] == held[4] + 1


def test_sf_pr_10_equal_strength_nothing_happens() -> None:
    state, q = next_seat_main(11)
    p = (q + 1) % 4
    complete_route(state, p)
    arm(state, p, 2)
    lone_neighbour_spot(state, p, 2)
    state.apply(A.ROLL)
    state.apply(A.DICE[1][3])  # 2 and 4: strength 2 against 2 warships
    assert not [e for e in state.events[-6:] if e["type"] in ("fleet_plunder", "take_booty")]
    assert state.phase in ("main", "gold_choice")


def test_sf_pr_10_plunder_takes_one_card_plus_one_per_city() -> None:
    state, q = next_seat_main(12)
    p = (q + 1) % 4
    v = lone_neighbour_spot(state, p, 4)
    state.vertex_level[v] = 2
    state.settlements_left[p] += 1
    state.cities_left[p] -= 1
    state.hand[p] = [3, 0, 0, 0, 0]
    state.bank[0] -= 3
    state.apply(A.ROLL)
    state.apply(A.DICE[3][5])  # 4 and 6
    assert state.phase == "fleet_plunder" and state.pi_attack[1] == 2
    held = sum(state.hand[p])
    state.apply({"type": "fleet_plunder", "resource": "lumber"})
    state.apply({"type": "fleet_plunder", "resource": "lumber"})
    assert state.phase != "fleet_plunder" and sum(state.hand[p]) == held - 2


def test_sf_pr_11_a_seven_steals_from_any_player() -> None:
    state, q = next_seat_main(13)
    state.pi_fleet = -1  # keep the fleet out of it
    for s in range(4):
        state.hand[s] = [0, 0, 0, 0, 0]
    for s in range(4):
        if s != q:
            give(state, s, wool=1)
    state.apply(A.ROLL)
    state.apply(A.DICE[2][3])  # 3 and 4
    assert state.phase == "choose_victim" and state.actor == q
    assert sorted(a["seat"] for a in state.legal_actions()) == sorted(s for s in range(4) if s != q)


def test_sf_pr_12_attacking_the_fortress_ends_the_turn() -> None:
    state = at_main(OPTIONS, 4, 14)
    p = state.actor
    assert P.ATTACK_FORTRESS not in state.legal_actions()  # the route does not reach it
    route = complete_route(state, p)
    arm(state, p, 3)
    assert P.ATTACK_FORTRESS in state.legal_actions()
    state.apply(P.ATTACK_FORTRESS)
    state.apply(P.FORTRESS_DIE[1])  # 2 < 3 warships: a chit falls
    assert state.pi_chits[p] == 2 and state.turn_player != p
    # equal: the ship next to the fortress is lost
    state.turn_player = p
    state._set_phase("main", p)
    state.apply(P.ATTACK_FORTRESS)
    state.apply(P.FORTRESS_DIE[2])  # 3 = 3
    assert P.route_ships(state, p) == route[:-1] and state.pi_chits[p] == 2
    # weaker: the two ships closest to the fortress are lost
    complete_route(state, p)
    state.turn_player = p
    state._set_phase("main", p)
    state.apply(P.ATTACK_FORTRESS)
    state.apply(P.FORTRESS_DIE[5])  # 6 > 3
    assert P.route_ships(state, p) == route[:-2]
    assert set(route[-2:]) <= state.road_closed  # SF-PR-06: lane paths, lost ships or not


def test_sf_pr_12_the_third_chit_makes_the_fortress_his_settlement() -> None:
    state = at_main(OPTIONS, 4, 15)
    p = state.actor
    complete_route(state, p)
    arm(state, p, 4)
    fort = P.seat_corner(state.board, "fortress_intersections", p)
    vp = state.public_vp(p)
    for chits in (2, 1, 0):
        state.turn_player = p
        state._set_phase("main", p)
        state.apply(P.ATTACK_FORTRESS)
        state.apply(P.FORTRESS_DIE[0])
        assert state.pi_chits[p] == chits
    assert state.vertex_owner[fort] == p and state.vertex_level[fort] == 1
    assert state.public_vp(p) == vp + 1


def test_sf_pr_13_the_fleet_leaves_when_every_fortress_has_fallen() -> None:
    state = at_main(OPTIONS, 3, 16)
    p = state.actor
    complete_route(state, p)
    arm(state, p, 4)
    for q in range(3):
        if q != p:
            state.pi_chits[q] = 0
    state.pi_chits[p] = 1
    state.apply(P.ATTACK_FORTRESS)
    state.apply(P.FORTRESS_DIE[0])
    assert state.pi_fleet == -1 and state.observation(0)["pirate_islands"]["fleet"] == -1
    if not state.is_terminal():
        state.apply(A.ROLL)
        state.apply(A.DICE[1][2])
        assert state.pi_fleet == -1


def test_sf_pr_14_only_the_harbours_vary() -> None:
    a, b = at_main(OPTIONS, 4, 17), at_main(OPTIONS, 4, 18)
    assert a.terrains == b.terrains and a.numbers == b.numbers
    assert all(h["type"] == "random" for h in a.board.layout["harbors"])
    assert a.harbors != b.harbors  # the pool is shuffled per game
    assert (
        sorted(a.harbors)
        == sorted(b.harbors)
        == sorted(["any"] * 3 + ["lumber", "brick", "wool", "grain", "ore"])
    )


def test_sf_pr_10_two_seats_beside_the_fleet_are_not_attacked() -> None:
    """A-SF-06: only a sole neighbour is attacked; with two seats beside its hex, nobody."""
    state, q = next_seat_main(19)
    p, r = (q + 1) % 4, (q + 2) % 4
    circuit = state.board.sites["pirate_circuit"]
    for steps in range(1, 7):
        h = circuit[(state.pi_fleet + steps) % len(circuit)]
        corners = state.board.hex_vertices[h]
        land = [v for v in corners if state.sf_land_vertex[v]]
        pair = [
            (a, b) for a in land for b in land if a < b and b not in state.board.vertex_neighbors[a]
        ]
        if pair:
            break
    else:
        raise AssertionError("no circuit hex with two land corners apart")
    for v in corners:
        state.vertex_owner[v] = -1
    state._put_settlement(p, pair[0][0])
    state._put_settlement(r, pair[0][1])
    state._rebuild_derived()
    give(state, p, ore=2)
    give(state, r, ore=2)
    die2 = 6 if steps + 6 != 7 else 5
    state.apply(A.ROLL)
    state.apply(A.DICE[steps - 1][die2 - 1])
    assert state.pi_fleet == circuit.index(h)
    assert not [e for e in state.events[-8:] if e["type"] == "fleet_attack"]
    assert state.phase != "fleet_plunder"


def test_picture_draws_the_fortresses_with_their_chits_the_warships_and_the_fleet() -> None:
    """SF-PR-02/08/09 in the picture: each standing fortress with its chits left, the warships
    on their paths, the fleet on its hex; a taken fortress is no longer drawn as one."""
    from games.catan.picture import draw, public_view

    state = at_main(OPTIONS, 4, 14)
    p = state.actor
    complete_route(state, p)
    arm(state, p, 2)
    state.pi_chits[p] = 1
    svg = draw(public_view(state))
    for q in range(4):
        chits = state.pi_chits[q]
        fort = P.seat_corner(state.board, "fortress_intersections", q)
        assert f'class="fortress" data-seat="{q}" data-vertex="{fort}" data-chits="{chits}"' in svg
    for e in state.pi_warships[p]:
        assert f'class="warship" data-seat="{p}" data-edge="{e}"' in svg
    assert svg.count('class="warship"') == 2
    assert f'class="pirate-fleet" data-hex="{P.fleet_hex(state)}"' in svg
    state.pi_chits[p] = 0
    state.pi_fleet = -1
    svg = draw(public_view(state))
    assert svg.count('class="fortress"') == 3 and 'class="pirate-fleet"' not in svg
    assert 'class="robber' not in svg  # SF-PR-04: no robber, not even beside the board


# ---------------------------------------------------------------------------- dead ends
def stuck_before_the_fortresses(seed: int, dead_end: str, knight_for_actor: bool = False):
    """A 3-player game at its first main phase, made like the ends of the capped random games
    (docs/PERFORMANCE.md, "Why some Pirate Islands random games reach the 2,000-turn limit"):
    the development deck and hands empty, every fortress standing, and every seat kept from
    ever taking a chit by ``dead_end``:

    - ``no_settlement_piece``: its route complete with 3 warships, but all its settlement and
      city pieces built (12 VP; no dead end since the fortress needs no piece, SF-PR-02);
    - ``one_warship``: its route complete with 1 warship; the attack is legal, but a chit
      needs more warships than the die (SF-PR-12) and no knight is left to arm another;
    - ``lane_blocked``: its next lane path holds another seat's ship (a founding ship, which
      never moves: SF-PR-03/06), so its route never grows;
    - ``point_short``: its route complete with 3 warships, but 8 VP, no city piece, no road and
      only closed pirate-island corners in reach (SF-PR-07): the fortress would bring 9, never 10.

    With ``knight_for_actor`` the seat to act keeps one knight card (a second warship)."""
    state = at_main(OPTIONS, 3, seed)
    without_development_cards(state)
    for p in range(3):
        if dead_end == "lane_blocked":
            ships.put_ship(state, (p + 1) % 3, P.next_lane_path(state, p))
            continue
        complete_route(state, p)
        arm(state, p, 1 if dead_end == "one_warship" else 3)
        if dead_end == "no_settlement_piece":
            state.settlements_left[p] = state.cities_left[p] = 0
        if dead_end == "point_short":
            state.settlements_left[p], state.cities_left[p], state.roads_left[p] = 4, 0, 0
            way = P.seat_corner(state.board, "waypoint_intersections", p)
            closed = P.pirate_island_corners(state) - {way}
            state.road_vertices[p] = {v for v in closed if not state.blocked[v]}
    if knight_for_actor:
        state.dev_hand[state.actor][KNIGHT] = 1
        state.dev_spent[KNIGHT] -= 1
    state.vp_dirty = True
    state.touch()
    return state


@pytest.mark.parametrize("dead_end", ["one_warship", "lane_blocked", "point_short"])
def test_sf_pr_01_with_no_fortress_left_to_take_nobody_can_win_and_the_game_ends(
    dead_end: str,
) -> None:
    """SF-PR-01 with SF-PR-06/08/12 and the engine's no-progress end (games/catan/README.md):
    when no seat can ever take its own fortress, or the fortress's point can never bring it to 10
    VP (SF-PR-07 keeps it from other spots), no seat can ever win, whatever its points. The
    game must end at the next turn as "no_progress" instead of running to the 2,000-turn cap."""
    state = stuck_before_the_fortresses(3, dead_end)
    p = state.actor
    give(state, p, lumber=1, wool=1)
    legal = state.legal_actions()
    assert not any(a["type"] == "build_ship" for a in legal)  # nothing left on the lane
    assert (P.ATTACK_FORTRESS in legal) == (dead_end != "lane_blocked")
    if dead_end == "point_short":
        assert state.total_vp(p) == 8 and state.settlement_spots(p)  # spots, all closed
    assert not any(SCENARIOS["pirate_islands"].may_progress(state, q) for q in range(3))
    if dead_end == "one_warship":  # the attack the seat can make never takes a chit
        for die in range(1, 7):
            assert len(state.pi_warships[p]) <= die
    state.apply(A.END_TURN)
    assert state.is_terminal()
    assert state.result()["reason"] == "no_progress"


def test_sf_pr_02_with_no_settlement_piece_left_the_attack_stays_legal_and_the_game_goes_on() -> (
    None
):
    """Once a dead end of the capped games (a fortress could not be attacked without a
    settlement piece to become it): under SF-PR-02 the fortress is its own piece, so a seat with
    every piece built still attacks, takes a chit on a low die, and the game is not over."""
    state = stuck_before_the_fortresses(3, "no_settlement_piece")
    p = state.actor
    assert state.settlements_left[p] == 0 and P.ATTACK_FORTRESS in state.legal_actions()
    state.apply(P.ATTACK_FORTRESS)
    state.apply(P.FORTRESS_DIE[0])  # 3 warships beat a 1
    assert state.pi_chits[p] == 2 and not state.is_terminal()


def test_sf_pr_08_a_knight_in_hand_keeps_a_fortress_chit_open_and_the_game_going() -> None:
    """The control of the test above: a knight card left to one seat with one warship arms a
    second, and 2 warships take a chit on a 1 (SF-PR-12), so the game goes on."""
    state = stuck_before_the_fortresses(3, "one_warship", knight_for_actor=True)
    state.apply(A.END_TURN)
    assert not state.is_terminal()


@pytest.mark.parametrize("waypoint_free", [False, True])
def test_sf_pr_07_closed_pirate_island_spots_do_not_keep_a_taken_fortress_game_going(
    waypoint_free: bool,
) -> None:
    """The fourth dead end of the capped games: every fortress taken, 9 VP each (4 cities and the
    fortress), settlement pieces left, but the only spots in reach are pirate-island corners
    SF-PR-07 closes, and no road left: nobody can reach 10, the game ends as "no_progress". The
    waypoint in reach (its one allowed settlement) keeps it going."""
    state = at_main(OPTIONS, 3, 3)
    without_development_cards(state)
    closed = P.pirate_island_corners(state)
    for p in range(3):
        complete_route(state, p)
        state.pi_chits[p] = 0
        state.settlements_left[p], state.cities_left[p], state.roads_left[p] = 4, 0, 0
        way = P.seat_corner(state.board, "waypoint_intersections", p)
        reach = {v for v in closed - {way} if not state.blocked[v]}
        state.road_vertices[p] = reach | ({way} if waypoint_free and p == 0 else set())
    state.vp_dirty = True
    state.touch()
    assert [state.total_vp(p) for p in range(3)] == [9] * 3
    assert all(state.settlement_spots(p) for p in range(3))  # spots by the general rules
    state.apply(A.END_TURN)
    assert state.is_terminal() != waypoint_free
    if not waypoint_free:
        assert state.result()["reason"] == "no_progress"


def test_sf_pr_02_a_standing_fortress_is_no_settlement_a_city_can_replace() -> None:
    """SF-PR-02: the standing fortress is one of the seat's settlement pieces out of the supply,
    but not on the board, so it is no place for a city (BG-CITY-01): with every settlement of
    ``p`` on the board already a city, a city piece left and no settlement or road to build,
    ``may_build_points`` is False (it asks the board, not the supply's count). The no-progress
    check still keeps the game while the fortress can fall: the scenario's own test counts the
    city piece the taken fortress may take (``may_take_a_chit``)."""
    state = at_main(OPTIONS, 3, 3)
    without_development_cards(state)
    p = state.actor
    for v in state.city_spots(p):  # start and founding settlements become cities, free
        state.vertex_level[v] = 2
        state.settlements_left[p] += 1
        state.cities_left[p] -= 1
    complete_route(state, p)
    arm(state, p, 3)
    state.roads_left[p] = 0  # and no free intersection in reach of his roads or ships:
    state.road_vertices[p] = {v for v in state.road_vertices[p] if state.blocked[v]}
    state.vp_dirty = True
    assert state.pi_chits[p] and state.cities_left[p] == 1
    assert state.settlements_left[p] == MAX_SETTLEMENTS - 1  # the fortress's piece is out
    assert not state.city_spots(p) and not state.settlement_spots(p)
    assert not state.may_build_points(p)
    assert SCENARIOS["pirate_islands"].may_progress(state, p)  # the fortress may still fall
    # The control: one of his cities back to a settlement (pieces kept counted) can become one.
    v = next(v for v in state.network[p] if state.vertex_owner[v] == p)
    state.vertex_level[v] = 1
    state.settlements_left[p] -= 1
    state.cities_left[p] += 1
    state.touch()
    assert state.may_build_points(p)
