"""The Rivers of Catan: every rule line of ``expansions/rivers.md`` played through the engine.

Gold's own rules (RI-GU-…, RI-CO-04) are tested with the shared module in
``tests/games/catan/mechanics/test_gold.py``.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

import pytest

from games.catan import GAME
from games.catan import actions as A
from games.catan.expansions.rivers import river_gold
from games.catan.mechanics import gold
from games.common.api import CHANCE, TERMINAL
from games.errors import IllegalAction
from tests.games.catan.expansions.rivers.helpers import RIVERS, cleared, founded, set_gold
from tests.games.catan.fixtures import hand, put, roll, set_hand, types

BRIDGE_COST = {"brick": 2, "lumber": 1}


def _laid(seed: int, n: int = 4):
    """A new game with its board laid by chance; the first seat to found."""
    state = GAME.new_game(n, seed, RIVERS)
    rng = random.Random(seed)
    while state.phase != "setup_settlement":
        state.apply(state.sample_chance(rng))
    return state


def _sites(state) -> list[int]:
    return state.board.sites["bridge_sites"]


def _river_vertices(state):
    return river_gold.river_places(state.board)[0]


def _river_edges(state):
    return river_gold.river_places(state.board)[1]


def _dry_vertex(state) -> int:
    """An intersection touching no river hex, away from every bridge site."""
    wet = _river_vertices(state)
    near = {v for e in _sites(state) for v in state.board.edge_vertices[e]}
    return next(v for v in range(state.board.num_vertices) if v not in wet | near)


def _bridge(state, e: int) -> None:
    """Seat 0 (in its main phase) pays and builds a bridge on site ``e``."""
    set_hand(state, 0, **BRIDGE_COST)
    state.apply({"type": "build_bridge", "edge": e})


def _main_with_settlement_at_site(site_index: int = 0, end: int = 0):
    """Seat 0 owns a settlement at one end of a bridge site, after its roll."""
    state = cleared()
    e = _sites(state)[site_index]
    v = state.board.edge_vertices[e][end]
    put(state, 0, settlements=[v])
    roll(state, 3)
    return state, e, v


# ---------------------------------------------------------------------- components and set-up


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_ri_co_01_ri_su_01_ri_su_02_two_printed_rivers_end_in_swamps_the_rest_at_random(
    seed: int,
) -> None:
    """RI-CO-01: a 4-hex and a 3-hex river, 7 river hexes, each ending in a swamp.
    RI-SU-01: 2 mountains, 2 hills, 2 pastures and the desert leave the stack (12 tiles are
    shuffled; the 5 printed river terrains make up 17 producing hexes, no desert).
    RI-SU-02: the rivers lie where they are printed; the rest is laid at random."""
    state = GAME.new_game(4, seed, RIVERS)
    outcomes = {a["terrain"]: p for a, p in state.chance_outcomes()}
    assert outcomes == pytest.approx(
        {
            "forest": 4 / 12,
            "pasture": 2 / 12,
            "fields": 4 / 12,
            "hills": 1 / 12,
            "mountains": 1 / 12,
        }
    )
    state = _laid(seed)
    rivers = state.board.sites["rivers"]
    assert sorted(map(len, rivers)) == [3, 4]
    assert [state.terrains[r[-1]] for r in rivers] == ["swamp", "swamp"]
    assert all(state.terrains[h] != "swamp" for r in rivers for h in r[:-1])
    assert Counter(state.terrains) == Counter(
        forest=4, fields=4, pasture=3, hills=3, mountains=3, swamp=2
    )
    printed = {3: "hills", 8: "pasture", 13: "mountains", 16: "swamp", 5: "mountains"}
    printed |= {10: "hills", 15: "swamp"}
    assert {h: state.terrains[h] for h in printed} == printed


def test_ri_su_02_the_hexes_off_the_rivers_differ_from_game_to_game() -> None:
    """RI-SU-02: only the river hexes are fixed; the others are shuffled."""
    boards = {tuple(_laid(seed).terrains) for seed in range(1, 6)}
    assert len(boards) > 1
    river = set(founded().board.sites["river_hexes"])
    assert len({tuple(t[h] for h in sorted(river)) for t in boards}) == 1


def test_ri_co_02_each_river_meets_the_sea_on_the_frame_where_a_bridge_can_span_it() -> None:
    """RI-CO-02: the rivers' mouths are on the (replaced) frame: the last bridge site of each
    river is a coastal path, and a bridge may be built there."""
    state = cleared()
    mouths = [e for e in _sites(state) if len(state.board.edge_hexes[e]) == 1]
    assert len(mouths) == 2
    assert {state.board.edge_hexes[e][0] for e in mouths} == set(state.board.sites["swamps"])
    state, e, _ = _main_with_settlement_at_site(_sites(state).index(mouths[0]))
    _bridge(state, e)
    assert state.edge_owner[e] == 0


@pytest.mark.parametrize("seed", [1, 4])
def test_ri_su_04_the_robber_starts_on_a_swamp(seed: int) -> None:
    """RI-SU-04: the robber starts on one of the two swamps (the first in id order)."""
    state = _laid(seed)
    assert state.robber in state.board.sites["swamps"]
    assert state.observation(0)["board"]["robber"] == state.robber


def test_ri_su_05_nobody_starts_with_gold_everyone_has_three_bridges() -> None:
    """RI-SU-05: no gold at the start, gold beside the board, 3 bridges each."""
    state = GAME.new_game(3, 5, RIVERS)
    obs = state.observation(0)
    assert obs["gold"]["seats"] == [0, 0, 0] and obs["gold"]["supply"] == gold.SUPPLY
    assert obs["rivers"]["bridges_left"] == [3, 3, 3]


def test_ri_su_06_the_founding_is_the_base_games_two_settlements_and_two_roads() -> None:
    """RI-SU-06: 2 settlements with 1 road each, in snake order; the first turn follows."""
    state = founded(3, seed=7)
    assert state.turn == 1 and state.phase == "pre_roll"
    assert state.settlements_left == [3, 3, 3] and state.roads_left == [13, 13, 13]
    places = [e["seat"] for e in state.events if e["type"] == "place_settlement"]
    assert places == places[:3] + places[:3][::-1]


def test_ri_co_03_ri_su_05_players_are_3_or_4_and_the_beginner_pieces_are_refused() -> None:
    """RI-CO-03 (3 bridges per colour, 4 colours): 3-4 players; the base beginner set-up does
    not fit the river board."""
    with pytest.raises(ValueError, match="rivers is played with 3, 4 players, not 2"):
        GAME.new_game(2, 1, {**RIVERS, "allow_two_players": True})
    assert GAME.new_game(3, 1, RIVERS).n == 3
    with pytest.raises(ValueError, match="placement 'founding'"):
        GAME.new_game(4, 1, {**RIVERS, "placement": "beginner"})


# ---------------------------------------------------------------------- bridges


def test_ri_br_01_seven_bridge_sites_take_no_road_in_the_founding() -> None:
    """RI-BR-01: 7 bridge sites; a founding road is never offered there and is refused."""
    state = _laid(2)
    assert len(_sites(state)) == 7
    assert all(
        len(set(state.board.edge_hexes[e]) & set(state.board.sites["river_hexes"]))
        for e in _sites(state)
    )
    e = _sites(state)[0]
    v = state.board.edge_vertices[e][0]
    state.apply(A.PLACE_SETTLEMENT[v])
    assert A.PLACE_ROAD[e] not in state.legal_actions()
    assert state.legal_actions()  # other paths remain
    with pytest.raises(IllegalAction):
        state.apply(A.PLACE_ROAD[e])


def test_ri_br_02_a_bridge_costs_two_brick_one_lumber_and_earns_three_gold() -> None:
    """RI-BR-02: 2 brick + 1 lumber, next to the builder's piece, pays 3 gold."""
    state, e, _ = _main_with_settlement_at_site()
    set_hand(state, 0, brick=1, lumber=1)
    assert "build_bridge" not in types(state)
    set_hand(state, 0, brick=2, lumber=1, wool=1)
    assert {"type": "build_bridge", "edge": e} in state.legal_actions()
    state.apply({"type": "build_bridge", "edge": e})
    assert hand(state, 0) == {"wool": 1} and state.bank[:2] == [19, 19]
    assert state.gold[0] == 3 and state.gold_supply == gold.SUPPLY - 3
    assert state.edge_owner[e] == 0 and state.bridges_left[0] == 2
    assert state.observation(2)["rivers"]["bridges"] == [[e, 0]]


def test_ri_br_02_a_bridge_must_connect_and_not_pass_an_opponents_building() -> None:
    """RI-BR-02: no bridge away from one's pieces, none through an opponent's settlement."""
    state = cleared()
    e = _sites(state)[0]
    a, _b = state.board.edge_vertices[e]
    put(state, 1, settlements=[a])
    road = next(
        f for f in state.board.vertex_edges[a] if f != e and f not in _sites(state)
    )  # seat 0's road ends at seat 1's settlement
    far = next(v for v in state.board.edge_vertices[road] if v != a)
    put(state, 0, settlements=[far], roads=[road])
    roll(state, 3)
    set_hand(state, 0, **BRIDGE_COST)
    assert "build_bridge" not in types(state)
    state.apply(A.END_TURN)
    roll(state, 3)  # seat 1, whose settlement touches the site
    set_hand(state, 1, **BRIDGE_COST)
    assert {"type": "build_bridge", "edge": e} in state.legal_actions()


def _trail(state, start: int, length: int, avoid: set[int]) -> list[int]:
    """``length`` paths leading away from ``start`` without touching ``avoid`` vertices or a
    bridge site (a depth-first walk)."""
    path: list[int] = []
    seen = {start} | avoid

    def walk(v: int) -> bool:
        if len(path) == length:
            return True
        for f in state.board.vertex_edges[v]:
            w = next(x for x in state.board.edge_vertices[f] if x != v)
            if f in _sites(state) or w in seen:
                continue
            seen.add(w)
            path.append(f)
            if walk(w):
                return True
            path.pop()
            seen.discard(w)
        return False

    assert walk(start)
    return path


def test_ri_br_03_a_bridge_is_a_road_for_longest_road_and_new_settlements() -> None:
    """RI-BR-03: 2 roads + a bridge + 2 roads make a trail of 5 (Longest Road); the far bank is
    reached for a new settlement; the bridge is worth no victory point."""
    state = cleared()
    e = _sites(state)[1]  # between two river hexes
    a, b = state.board.edge_vertices[e]
    left = _trail(state, a, 2, {b})
    put(state, 0, settlements=[a], roads=left)
    roll(state, 3)
    set_gold(state, [4, 9, 1, 1])  # neither tile changes hands with seat 0's 3 gold
    vp = state.public_vp(0)
    _bridge(state, e)
    assert state.public_vp(0) == vp and state.road_length[0] == 3
    settle = {"type": "build_settlement", "vertex": b}
    set_hand(state, 0, lumber=1, brick=1, wool=1, grain=1)
    assert settle not in state.legal_actions()  # b neighbours a: the distance rule
    right = _trail(state, b, 2, {a} | set(state.board.vertex_neighbors[a]))
    for f in right:
        set_hand(state, 0, lumber=1, brick=1)
        state.apply(A.BUILD_ROAD[f])
    assert state.road_length[0] == 5 and state.longest_road == 0
    far = next(
        v
        for v in state.board.edge_vertices[right[-1]]
        if v not in state.board.edge_vertices[right[0]]
    )
    set_hand(state, 0, lumber=1, brick=1, wool=1, grain=1)
    assert {"type": "build_settlement", "vertex": far} in state.legal_actions()


def test_ri_br_03_at_most_three_bridges_and_road_building_builds_none() -> None:
    """RI-BR-03: a fourth bridge is never offered; the Road Building card cannot build one."""
    state = cleared()
    sites = _sites(state)
    ends = [state.board.edge_vertices[e][0] for e in sites]
    put(state, 0, settlements=list(dict.fromkeys(ends)))
    roll(state, 3)
    state.dev_hand[0][1] = 1  # road building, bought on an earlier turn
    state.apply(A.PLAY_ROAD_BUILDING)
    assert not any(a["edge"] in sites for a in state.legal_actions() if "edge" in a)
    while state.phase == "road_building":
        state.apply(state.legal_actions()[0])
    for e in sites[:3]:
        _bridge(state, e)
    assert state.bridges_left[0] == 0
    set_hand(state, 0, brick=6, lumber=3)
    assert "build_bridge" not in types(state)
    with pytest.raises(IllegalAction):
        state.apply({"type": "build_bridge", "edge": sites[3]})


# ---------------------------------------------------------------------- gold by the rivers


def test_ri_go_01_ri_go_02_founding_by_a_river_earns_gold() -> None:
    """RI-GO-01/02: a founding settlement touching a river hex earns 1 gold, a founding road on
    a path touching a river hex 1 more (a player may start with up to 4)."""
    state = _laid(3)
    p = state.current_player()
    v = next(
        v
        for v in sorted(_river_vertices(state))
        if any(
            f in _river_edges(state) and f not in _sites(state) for f in state.board.vertex_edges[v]
        )
    )
    state.apply(A.PLACE_SETTLEMENT[v])
    assert state.gold[p] == 1
    road = next(a for a in state.legal_actions() if a["edge"] in _river_edges(state))
    state.apply(road)
    assert state.gold[p] == 2
    q = state.current_player()
    dry = next(a for a in state.legal_actions() if a["vertex"] not in _river_vertices(state))
    state.apply(dry)
    dry_road = [a for a in state.legal_actions() if a["edge"] not in _river_edges(state)]
    if dry_road:
        state.apply(dry_road[0])
    assert state.gold[q] == 0
    reasons = [e["reason"] for e in state.events if e["type"] == "gold"]
    assert reasons == ["settlement", "road"]


def test_ri_go_01_a_settlement_by_a_river_earns_one_gold_later_too() -> None:
    """RI-GO-01: in the game, a settlement at a river hex earns 1 gold; a dry one nothing."""
    state, e, _v = _main_with_settlement_at_site()
    a, b = state.board.edge_vertices[e]
    right = _trail(state, b, 2, {a} | set(state.board.vertex_neighbors[a]))
    _bridge(state, e)
    for f in right:
        set_hand(state, 0, lumber=1, brick=1)
        state.apply(A.BUILD_ROAD[f])
    wet = [
        x
        for x in (state.board.edge_vertices[f][i] for f in right for i in (0, 1))
        if x in _river_vertices(state) and not state.blocked[x]
    ]
    assert wet, "a free river intersection on the trail"
    before = state.gold[0]
    set_hand(state, 0, lumber=1, brick=1, wool=1, grain=1)
    state.apply({"type": "build_settlement", "vertex": wet[0]})
    assert state.gold[0] == before + 1


def test_ri_go_01_a_settlement_away_from_the_rivers_earns_nothing() -> None:
    """RI-GO-01: only intersections touching a river hex pay."""
    state = cleared()
    wet = _river_vertices(state)
    v = _dry_vertex(state)
    road, f = next(
        (road, f)
        for road in state.board.vertex_edges[v]
        for w in state.board.edge_vertices[road]
        if w != v
        for f in state.board.vertex_edges[w]
        if f != road and not set(state.board.edge_vertices[f]) & (wet | {v})
    )
    far = next(x for x in state.board.edge_vertices[f] if x not in state.board.edge_vertices[road])
    put(state, 0, settlements=[v], roads=[road, f])
    roll(state, 3)
    set_hand(state, 0, lumber=1, brick=1, wool=1, grain=1)
    state.apply({"type": "build_settlement", "vertex": far})
    assert state.gold[0] == 0


def test_ri_go_02_a_road_by_a_river_earns_one_gold_a_dry_road_nothing() -> None:
    """RI-GO-02: a road on a path touching a river hex earns 1 gold (Road Building's free
    roads too); a road elsewhere nothing."""
    state, e, v = _main_with_settlement_at_site(site_index=1)
    wet = [f for f in state.board.vertex_edges[v] if f != e and f in _river_edges(state)]
    assert wet
    set_hand(state, 0, lumber=1, brick=1)
    state.apply(A.BUILD_ROAD[wet[0]])
    assert state.gold[0] == 1
    state = cleared()
    v = _dry_vertex(state)
    put(state, 0, settlements=[v])
    roll(state, 3)
    dry = next(f for f in state.board.vertex_edges[v] if f not in _river_edges(state))
    set_hand(state, 0, lumber=1, brick=1)
    state.apply(A.BUILD_ROAD[dry])
    assert state.gold[0] == 0
    state, e, v = _main_with_settlement_at_site(site_index=1)
    state.dev_hand[0][1] = 1
    state.apply(A.PLAY_ROAD_BUILDING)
    state.apply(A.BUILD_ROAD[wet[0]])
    assert state.gold[0] == 1


def test_ri_go_03_a_city_by_a_river_earns_nothing() -> None:
    """RI-GO-03: upgrading a river settlement to a city earns no gold."""
    state, _e, v = _main_with_settlement_at_site()
    set_hand(state, 0, ore=3, grain=2)
    state.apply(A.BUILD_CITY[v])
    assert state.vertex_level[v] == 2 and state.gold[0] == 0


# ---------------------------------------------------------------------- settler tiles


def test_ri_wp_01_ri_co_06_everyone_tied_for_fewest_gold_is_a_poor_settler() -> None:
    """RI-WP-01, RI-CO-06, A-RI-04: from the end of the founding, all seats tied for the fewest
    gold (all at 0 too) hold a Poor Settler tile, -2 VP each; not during the founding."""
    state = _laid(1)
    state.apply(state.legal_actions()[0])
    assert state.observation(0)["rivers"]["poor"] == []
    assert [state.public_vp(p) for p in range(4)] == [
        5 - state.settlements_left[p] for p in range(4)
    ]
    state = cleared()
    roll(state, 3)
    assert [state.public_vp(p) for p in range(4)] == [-2, -2, -2, -2]
    assert state.observation(1)["rivers"]["poor"] == [0, 1, 2, 3]
    set_hand(state, 0, lumber=4)
    state.apply(gold.BUY[0][4])  # seat 0 leaves the fewest at once
    assert state.observation(1)["rivers"]["poor"] == [1, 2, 3]
    assert [state.public_vp(p) for p in range(4)] == [1, -2, -2, -2]


def test_ri_wp_02_ri_co_05_the_wealthiest_settler_is_alone_at_the_top() -> None:
    """RI-WP-02, RI-CO-05: +1 VP for the sole richest; lost when another equals him (set
    aside), taken by a new sole leader."""
    state = cleared()
    roll(state, 3)
    set_gold(state, [0, 3, 2, 1])
    assert state.observation(0)["rivers"]["wealthiest"] == 1
    assert state.public_vp(1) == 1 and state.public_vp(0) == -2
    set_hand(state, 0, wool=1)
    state.apply({"type": "propose_trade", "give": {"wool": 1}, "get": {"gold": 1}})
    state.apply(A.REJECT_TRADE)  # seat 1
    state.apply(A.ACCEPT_TRADE)  # seat 2 pays 1 gold: 0->1, 2->1
    state.apply(A.REJECT_TRADE)
    state.apply(A.CONFIRM_TRADE[2])
    assert state.gold == [1, 3, 1, 1]
    assert state.observation(0)["rivers"]["wealthiest"] == 1
    assert state.observation(0)["rivers"]["poor"] == [0, 2, 3]
    set_hand(state, 0, ore=8)
    state.apply(gold.BUY[4][4])
    state.apply(gold.BUY[4][4])  # 3 = 3: the tile is set aside
    assert state.observation(0)["rivers"]["wealthiest"] == -1 and state.public_vp(1) == 0
    set_hand(state, 0, ore=4)
    state.apply(gold.BUY[4][4])  # 4 > 3: seat 0 takes it
    assert state.observation(0)["rivers"]["wealthiest"] == 0 and state.public_vp(0) == 1


def test_ri_wp_03_the_tiles_follow_every_change_of_gold() -> None:
    """RI-WP-03: spending gold moves the tiles at once (an exchange makes the spender poor)."""
    state = cleared()
    roll(state, 3)
    set_gold(state, [2, 1, 1, 1])
    assert state.observation(0)["rivers"]["wealthiest"] == 0
    state.apply({"type": "exchange_gold", "resource": "ore"})
    assert state.gold[0] == 0
    assert state.observation(0)["rivers"]["poor"] == [0]
    assert state.observation(0)["rivers"]["wealthiest"] == -1
    assert state.public_vp(0) == -2 and state.public_vp(1) == 0


# ---------------------------------------------------------------------- victory


def test_ri_vp_01_gaining_the_wealthiest_settler_wins_at_ten() -> None:
    """RI-VP-01: 9 building points, Poor Settler lost and Wealthiest Settler won by one gold
    bought on one's turn: 10 VP, the game ends."""
    state = cleared()
    cities = [v for v in range(state.board.num_vertices) if v % 9 == 0][:4]
    put(state, 0, cities=cities, settlements=[cities[-1] + 4])
    roll(state, 3)
    assert state.public_vp(0) == 9 - 2 and not state.is_terminal()
    set_hand(state, 0, lumber=4)
    state.apply(gold.BUY[0][4])
    assert state.is_terminal() and state.result()["ranking"][0] == 0
    assert state.result()["scores"][0] == 10


def test_ri_vp_01_a_poor_settler_with_ten_building_points_has_not_won() -> None:
    """RI-VP-01: the Poor Settler's -2 counts: 10 building points and the fewest gold is 8."""
    state = cleared()
    cities = [v for v in range(state.board.num_vertices) if v % 9 == 0][:4]
    put(state, 0, cities=cities, settlements=[cities[-1] + 4, cities[-2] + 4])
    set_gold(state, [0, 1, 1, 1])
    roll(state, 3)
    assert state.public_vp(0) == 8 and state.current_player() == 0
    assert state.current_player() != TERMINAL and state.current_player() != CHANCE


# ---------------------------------------------------------------------- combinations (data)


def test_ri_cb_01_ri_cb_02_the_traders_and_barbarians_numbers_are_kept_as_data() -> None:
    """RI-CB-01 (a bridge earns 2 gold with T&B, not 3), RI-CB-02 (3 starting gold, crossing
    costs, the bridge toll): kept with their source for the combination, not played yet."""
    path = Path(__file__).parents[5] / "games/catan/expansions/rivers/combinations.json"
    data = json.loads(path.read_text())["traders_barbarians"]
    assert data["bridge_gold"]["value"] == 2 and "RI-CB-01" in data["bridge_gold"]["source"]
    assert data["start_gold"]["value"] == 3
    assert data["river_crossing_movement_points"]["value"] == 3
    assert data["bridge_movement_points"]["value"] == 1
    assert data["foreign_bridge_toll_gold"]["value"] == 2


@pytest.mark.parametrize(("supply", "ends"), [(100, False), (0, True)])
def test_the_game_goes_on_while_gold_can_still_win_it(supply: int, ends: bool) -> None:
    """RI-VP-01 with every piece placed and the deck empty: the tiles (+2 leaving the Poor
    Settlers, +1 the Wealthiest) can still reach the target while the box has gold, so the game
    does not end for lack of progress; without gold left it does."""
    state = cleared(victory_points=14)
    state.settlements_left = [0] * 4
    state.cities_left = [0] * 4  # 13 points each, Poor Settlers all: 11
    state.dev_deck = [0] * 5
    roll(state, 3)
    state.gold_supply = supply
    state.apply(A.END_TURN)
    assert state.is_terminal() is ends
    if ends:
        assert state.result()["reason"] == "no_progress"
