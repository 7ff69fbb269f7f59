"""Longest Road: trail computation (branches, loops, breaks) and who holds the card."""

from __future__ import annotations

import itertools
import random

from games.catan import actions as A
from games.catan.board import board as _board
from games.catan.longest_road import longer_trail_through, longest_trail
from tests.games.catan.expansions.seafarers.positions import cleared as sf_cleared
from tests.games.catan.expansions.seafarers.positions import coast, zone_hexes
from tests.games.catan.expansions.seafarers.positions import put as sf_put
from tests.games.catan.fixtures import empty_board, put, set_hand


def _base():
    """The base island (both base layouts share its geometry), built when a test first asks for
    it: a board built while the tests are collected would be the one every mutant of the board
    code meets (mutmut forks its runs after collecting, issue 11)."""
    return _board("base_beginner")


CHAIN = [0, 3, 7, 11, 16, 21, 27, 33, 38]  # a path of adjacent intersections along the west


def edges(vertices):
    return [_base().edge_of_pair[(a, b)] for a, b in itertools.pairwise(vertices)]


def _turn(state, seat):
    state.turn_player = seat
    state.actor = seat
    state.phase = "main"
    state.rolled = True
    state._legal = None


def _build_roads(state, seat, road_edges):
    _turn(state, seat)
    for e in road_edges:
        set_hand(state, seat, lumber=1, brick=1)
        state.apply(A.BUILD_ROAD[e])


def _settle(state, seat, v):
    _turn(state, seat)
    set_hand(state, seat, lumber=1, brick=1, wool=1, grain=1)
    state.apply(A.BUILD_SETTLEMENT[v])


def trail(state, seat):
    return longest_trail(_base(), seat, state.edge_owner, state.vertex_owner)


def test_bg_lr_01_five_roads_take_the_card_four_do_not() -> None:
    """BG-LR-01: a continuous road of 5 segments takes Longest Road (2 VP)."""
    state = empty_board(3)
    put(state, 0, settlements=[0])
    _build_roads(state, 0, edges(CHAIN[:5]))
    assert state.longest_road == -1 and state.road_length[0] == 4
    _build_roads(state, 0, edges(CHAIN[4:6]))
    assert state.longest_road == 0 and state.public_vp(0) == 3


def test_ca_ef_01_a_road_laid_on_a_camel_path_counts_two_at_once() -> None:
    """CA-EF-01 BG-LR-01: the core counts each path by ``path_weight`` (2 where the Caravans put
    a camel): 4 roads laid, one on a weighted path, make a road of 5 and take Longest Road."""
    state = empty_board(3)
    put(state, 0, settlements=[0])
    road_edges = edges(CHAIN[:5])
    state.path_weight[road_edges[2]] = 2
    _build_roads(state, 0, road_edges)
    assert state.road_length[0] == 5 and state.longest_road == 0


def test_bg_lr_01_02_branches_do_not_add_up() -> None:
    """BG-LR-01 BG-LR-02: a fork counts only its longest single route (the seed's 6)."""
    state = empty_board(3)
    put(state, 0, settlements=[0], roads=edges(CHAIN[:7]) + edges([7, 12, 17]))
    assert trail(state, 0) == 6  # 0..27; the 7-12-17 branch does not add
    put(state, 0, roads=edges([16, 22]))
    assert trail(state, 0) == 6


def test_loops_count_every_segment_once() -> None:
    """BG-LR-02: a closed ring of 6 around a hex plus a tail of 1 is a trail of 7."""
    state = empty_board(3)
    ring = [*list(_base().hex_vertices[0]), _base().hex_vertices[0][0]]
    put(state, 0, settlements=[0], roads=edges(ring))
    assert trail(state, 0) == 6
    put(state, 0, roads=edges([7, 11]))
    assert trail(state, 0) == 7


def test_bg_lr_03_05_opponent_settlement_breaks_and_card_moves() -> None:
    """BG-LR-03 BG-LR-05: 7 roads broken into 2 + 5 by an opponent's settlement; the card
    passes to the player who now has the longest road (6 beats 5)."""
    state = empty_board(3)
    put(state, 0, settlements=[0])
    _build_roads(state, 0, edges(CHAIN[:8]))
    assert state.longest_road == 0 and state.road_length[0] == 7
    put(state, 1, settlements=[50], roads=edges([50, 46, 41, 36, 30, 35]))  # 5 roads
    put(state, 1, roads=edges([12, 7]) + edges([17, 12]))
    _build_roads(state, 1, edges([35, 40]))
    assert state.road_length[1] == 6 and state.longest_road == 0
    _settle(state, 1, 7)
    assert state.road_length[0] == 5  # 0-3-7 (2) and 7-...-33 (5)
    assert state.longest_road == 1


def test_bg_lr_04_own_settlement_does_not_break() -> None:
    """BG-LR-04: the player's own settlement in the middle keeps the road whole."""
    state = empty_board(3)
    put(state, 0, settlements=[0])
    _build_roads(state, 0, edges(CHAIN[:7]))
    _settle(state, 0, 11)
    assert state.road_length[0] == 6 and state.longest_road == 0


def _holder_broken_into_a_tie(**options):
    state = empty_board(3, **options)
    put(state, 0, settlements=[0])
    _build_roads(state, 0, edges(CHAIN[:8]))  # 7 roads, holder
    put(state, 1, settlements=[50], roads=edges([50, 46, 41, 36, 30, 35]))  # 5 roads
    put(state, 1, roads=edges([17, 12, 7]))  # access to vertex 7
    _settle(state, 1, 7)  # seat 0 drops to 5, ties seat 1's 5
    return state


def test_bg_lr_06_tie_after_a_break_sets_the_card_aside() -> None:
    """BG-LR-06 A-BG-09: on a tie after the break nobody holds the card, even the old holder."""
    state = _holder_broken_into_a_tie()
    assert state.road_length[:2] == [5, 5] and state.longest_road == -1
    _build_roads(state, 1, edges([35, 40]))
    assert state.longest_road == 1  # surpassing the others takes the card


def test_lr_tie_option_former_holder_keeps() -> None:
    """BG-LR-06 (option ``longest_road_break_tie="holder_keeps"``)."""
    state = _holder_broken_into_a_tie(longest_road_break_tie="holder_keeps")
    assert state.longest_road == 0


def test_bg_lr_07_nobody_with_five_nobody_holds() -> None:
    """BG-LR-07: when the break leaves nobody with 5+, the card is held by no one."""
    state = empty_board(3)
    put(state, 0, settlements=[0])
    _build_roads(state, 0, edges(CHAIN[:6]))  # 5
    assert state.longest_road == 0
    put(state, 1, roads=edges([17, 12, 7]), settlements=[17])
    _settle(state, 1, 7)
    assert state.road_length[0] == 3 and state.longest_road == -1


def test_bg_lr_08_equalling_the_holder_does_not_take_the_card() -> None:
    """BG-LR-08: a challenger must exceed the holder strictly."""
    state = empty_board(3)
    put(state, 0, settlements=[0])
    _build_roads(state, 0, edges(CHAIN[:6]))  # 5, holder
    put(state, 1, settlements=[50])
    _build_roads(state, 1, edges([50, 46, 41, 36, 30, 35]))  # 5, tie
    assert state.longest_road == 0
    _build_roads(state, 1, edges([35, 40]))
    assert state.longest_road == 1


def _brute_force_trail(seat, edge_owner, vertex_owner):
    adjacency = {}
    for e, owner in enumerate(edge_owner):
        if owner == seat:
            a, b = _base().edge_vertices[e]
            adjacency.setdefault(a, []).append((e, b))
            adjacency.setdefault(b, []).append((e, a))
    best = 0

    def walk(v, used, length):
        nonlocal best
        best = max(best, length)
        if length and vertex_owner[v] not in (-1, seat):
            return
        for e, w in adjacency[v]:
            if not used >> e & 1:
                walk(w, used | 1 << e, length + 1)

    for v in adjacency:
        walk(v, 0, 0)
    return best


def test_trail_matches_brute_force_on_random_networks() -> None:
    """BG-LR-02 BG-LR-03: the pruned search (odd-degree and blocked starts) equals an exhaustive
    search from every vertex, on random networks with branches, loops and breaks."""
    rng = random.Random(4)
    base = _base()
    for _ in range(1500):
        edge_owner, vertex_owner = [-1] * 72, [-1] * 54
        vertices = [rng.randrange(54)]
        for _ in range(rng.randint(1, 15)):
            e = rng.choice(base.vertex_edges[rng.choice(vertices)])
            edge_owner[e] = 0
            vertices.extend(w for w in base.edge_vertices[e] if w not in vertices)
        for _ in range(rng.randint(0, 4)):
            vertex_owner[rng.randrange(54)] = rng.choice([0, 1])
        assert longest_trail(base, 0, edge_owner, vertex_owner) == _brute_force_trail(
            0, edge_owner, vertex_owner
        )


def test_trail_matches_brute_force_on_networks_of_several_parts() -> None:
    """BG-LR-01 BG-LR-03: separate networks of one seat never add up, whichever is searched
    first; the incremental update after each new road (only its network is searched) agrees
    with an exhaustive search at every step."""
    rng = random.Random(11)
    base = _base()
    for _ in range(400):
        edge_owner, vertex_owner = [-1] * 72, [-1] * 54
        for _ in range(rng.randint(0, 4)):
            vertex_owner[rng.randrange(54)] = rng.choice([0, 1])
        roots = [[rng.randrange(54)] for _ in range(rng.randint(2, 3))]
        length = 0
        for _ in range(rng.randint(2, 15)):
            vertices = rng.choice(roots)
            e = rng.choice(base.vertex_edges[rng.choice(vertices)])
            if edge_owner[e] == 0:
                continue
            edge_owner[e] = 0
            vertices.extend(w for w in base.edge_vertices[e] if w not in vertices)
            length = longer_trail_through(base, 0, e, edge_owner, vertex_owner, length)
            expected = _brute_force_trail(0, edge_owner, vertex_owner)
            assert length == expected
            assert longest_trail(base, 0, edge_owner, vertex_owner) == expected


def test_sf_lt_01_each_road_laid_lengthens_the_trade_route_it_joins() -> None:
    """SF-LT-01 (the ``trail`` hook): in Seafarers a road laid onto a seat's route (here 3 in a
    row from a settlement) lengthens that seat's Longest Trade Route at once, road by road."""
    state = sf_cleared()
    v = coast(state, zone_hexes(state, "main"))
    sf_put(state, 0, settlements=[v])
    assert state.road_length[0] == 0
    for length in (1, 2, 3):
        set_hand(state, 0, lumber=1, brick=1)
        ends = {v} | {
            u
            for e, s in enumerate(state.edge_owner)
            if s == 0
            for u in state.board.edge_vertices[e]
        }
        road = next(
            a
            for a in state.legal_actions()
            if a["type"] == "build_road"
            and len(ends & set(state.board.edge_vertices[a["edge"]])) == 1
        )
        state.apply(road)
        assert state.road_length[0] == length
