"""Seafarers' general rules (components, board, set-up, the pirate, gold fields, development
cards; ``expansions/seafarers.md`` §1-§2, §7-§9) played through the engine."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from games.catan import GAME
from games.catan import actions as A
from games.catan.constants import KNIGHT
from games.catan.expansions import PLANNED
from games.catan.expansions.seafarers.scenarios import SCENARIOS
from games.common.api import CHANCE
from tests.games.catan.expansions.seafarers.positions import (
    cleared,
    coast,
    edges_of,
    laid,
    put,
    sea_line,
    set_hand,
    types,
    zone_hexes,
)
from tests.games.catan.fixtures import dice_for, found_at_random

MAPS = sorted({"new_shores", "four_islands", "fog_islands", "through_the_desert"} & set(SCENARIOS))
"""The maps of the general rules (printed per player count, 8-9 harbours, robber and pirate
printed); the special scenarios (random map, gifts, villages, ...) test their own set-up."""
MAXIMA = {"forest": 5, "pasture": 5, "fields": 5, "hills": 5, "mountains": 5, "desert": 3}


def _boards():
    for name in MAPS:
        for n in (3, 4):
            yield name, n, GAME.new_game(n, 1, {"seafarers": name})


def test_sf_co_02_one_pirate_on_a_sea_hex() -> None:
    """SF-CO-02, SF-PI-01: one pirate ship, standing on a sea hex, shown to every seat."""
    for _name, _n, _state in _boards():
        play = laid(_name, _n)
        pirate = play.observation(0)["seafarers"]["pirate"]
        assert play.terrains[pirate] == "sea"
        assert all(play.observation(s)["seafarers"]["pirate"] == pirate for s in range(_n))


def test_sf_co_03_sea_hexes_take_no_numbers() -> None:
    """SF-CO-03, SF-GE-02: every map has sea hexes around and between its islands; none holds
    a number token."""
    for _name, _n, state in _boards():
        sea = [h for h, t in enumerate(state.terrains) if t == "sea"]
        assert len(sea) >= 19 and all(state.numbers[h] == 0 for h in sea)


def test_sf_co_04_land_hexes_within_the_box() -> None:
    """SF-CO-04: a map and its fog stack use at most 5 of each resource terrain, 3 deserts and
    2 gold fields."""
    for _name, _n, state in _boards():
        count = Counter(state.terrains)
        count.update(state.fog_stack)
        for terrain, most in {**MAXIMA, "gold": 2}.items():
            assert count[terrain] <= most, (_name, _n, terrain)


def test_sf_co_05_number_tokens_within_the_box() -> None:
    """SF-CO-05: at most two 2s and two 12s, three of every other number (28 tokens)."""
    for _name, _n, state in _boards():
        count = Counter(x for x in state.numbers if x) + Counter(state.fog_tokens)
        assert all(count[x] <= (2 if x in (2, 12) else 3) for x in count), (_name, _n)
        assert sum(count.values()) <= 28


def test_sf_co_06_eight_or_nine_harbours_each_map() -> None:
    """SF-CO-06, SF-GE-03: a 3-4 player map uses 8 or 9 harbours; random ones are the base
    nine shuffled (4 generic, one 2:1 of each resource)."""
    for name in MAPS:
        for n in (3, 4):
            state = laid(name, n)
            assert len(state.harbors) in (8, 9) and "random" not in state.harbors
    ns4 = laid("new_shores", 4)
    assert Counter(ns4.harbors) == {
        "any": 4,
        "lumber": 1,
        "brick": 1,
        "wool": 1,
        "grain": 1,
        "ore": 1,
    }


def test_sf_ge_03_random_harbours_are_a_chance_draw() -> None:
    """SF-GE-03: New Shores for 4 lays its harbours by chance nodes, one spot at a time."""
    state = GAME.new_game(4, 5, {"seafarers": "new_shores"})
    assert state.current_player() == CHANCE and state.phase == "sf_harbours"
    outcomes = state.chance_outcomes()
    assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
    assert dict((a["kind"], p) for a, p in outcomes)["any"] == pytest.approx(4 / 9)
    state.apply(next(a for a, _ in outcomes if a["kind"] == "ore"))
    assert state.harbors[0] == "ore" and state.harbour_pool["ore"] == 0


def test_sf_co_07_island_markers_lie_under_the_settlement() -> None:
    """SF-CO-07, SF-GE-06: a Catan chit marks each special VP under the settlement that earned
    it: the public view names the settlement, the picture draws it."""
    from games.catan.picture import draw, public_view

    state = _new_island_settlement()
    marks = state.observation(1)["seafarers"]["island_marks"][0]
    assert len(marks) == 1 and state.vertex_owner[marks[0][1]] == 0
    assert 'class="island-marker" data-seat="0"' in draw(public_view(state))


def test_sf_co_08_no_ship_on_or_outside_the_frame() -> None:
    """SF-CO-08, SF-GE-02: the frame's outer edge and the paths between two frame hexes take no
    ship; the frame's inner edge does."""
    state = cleared()
    frame = set(state.board.sites["frame"])
    for e, hexes in enumerate(state.board.edge_hexes):
        if len(hexes) == 1 or set(hexes) <= frame:
            assert not state.sf_ship_path[e]
    inner = [e for e, hexes in enumerate(state.board.edge_hexes) if len(set(hexes) & frame) == 1]
    assert any(state.sf_ship_path[e] for e in inner)


def test_sf_ge_01_the_scenario_and_player_count_pick_map_target_and_starts() -> None:
    """SF-GE-01: each scenario fixes the map per player count, the VP target and the robber
    and pirate starts; an unknown or unplayable map is refused naming the playable ones."""
    for name in MAPS:
        for n in (3, 4):
            state = laid(name, n)
            assert state.board.name == f"seafarers_{name}_{n}"
            assert state.victory_target == SCENARIOS[name].vp_target(n)
            assert state.robber == state.board.sites["robber"]
            assert state.pirate == state.board.sites["pirate"]
            static = GAME.static_info({"seafarers": name}, num_players=n)
            assert static["layout"] == state.board.name and static["seafarers"]["map"] == name
    with pytest.raises(ValueError, match="seafarers must be one of: 'new_shores'"):
        GAME.new_game(4, 1, {"seafarers": "atlantis"})
    unplayable = [m for m in PLANNED["seafarers"] if m not in SCENARIOS]
    for name in unplayable[:1]:  # a planned map without its scenario yet
        with pytest.raises(ValueError, match=r"not playable yet; playable: .*'new_shores'"):
            GAME.new_game(4, 1, {"seafarers": name})
    with pytest.raises(ValueError, match="played with 3, 4 players"):
        GAME.new_game(2, 1, {"seafarers": "new_shores", "allow_two_players": True})


def test_sf_ge_02_sea_hexes_never_produce() -> None:
    """SF-GE-02: a coastal settlement receives its land hex's card and nothing for the sea."""
    state = cleared()
    terrains, hexes_at = state.terrains, state.board.vertex_hexes
    main = zone_hexes(state, "main")
    # The only building: on the main island's coast, beside the sea, beside no gold field and
    # not beside the robber, so the roll pays plain cards or nothing (never a gold choice).
    v = next(
        v
        for v in range(state.board.num_vertices)
        if state.sf_land_vertex[v]
        and set(hexes_at[v]) & main
        and any(terrains[h] == "sea" for h in hexes_at[v])
        and all(terrains[h] != "gold" and h != state.robber for h in hexes_at[v])
        and any(state.numbers[h] for h in hexes_at[v])
    )
    put(state, 0, settlements=[v])
    total = next(state.numbers[h] for h in hexes_at[v] if state.numbers[h])
    producing = [h for h in hexes_at[v] if state.numbers[h] == total]
    assert producing and all(terrains[h] not in ("sea", "gold") for h in producing)
    state.rolled = False
    state._set_phase("pre_roll", 0)
    state.apply(A.ROLL)
    state.apply(dice_for(total))
    assert state.phase == "main"
    assert sum(state.hand[0]) == len(producing)


def test_sf_ge_04_a_founding_settlement_may_take_a_ship() -> None:
    """SF-GE-04: in the founding a coastal settlement takes a road or a ship; the ship ends the
    seat's placement as a road would."""
    state = laid("new_shores", 4)
    p = state.current_player()
    v = coast(state, zone_hexes(state, "main"))
    state.apply(A.PLACE_SETTLEMENT[v])
    assert state.phase == "setup_route"
    assert {"place_road", "place_ship"} <= types(state)
    ship = edges_of(state, "place_ship").pop()
    state.apply({"type": "place_ship", "edge": ship})
    assert state.ship_owner[ship] == p and state.ships_left[p] == 14
    assert state.phase == "setup_settlement" and state.current_player() != p


def test_sf_ge_05_second_founding_settlement_takes_a_gold_choice() -> None:
    """SF-GE-05, A-SF-02: the second founding settlement beside a gold field takes 1 resource
    of its owner's choice."""
    state = laid("through_the_desert", 3, seed=2)
    state.setup_index = state.n  # the second round
    p = state.current_player()
    gold = [h for h, t in enumerate(state.terrains) if t == "gold"]
    # The gold fields lie on small islands, outside the founding zone: open them for the test.
    state.sf_founded = True
    state._rebuild_derived()
    v = next(v for h in gold for v in state.board.hex_vertices[h] if not state.blocked[v])
    state.apply(A.PLACE_SETTLEMENT[v])
    assert state.phase == "gold_choice" and state.current_player() == p
    before = list(state.hand[p])
    state.apply({"type": "choose_gold", "resource": "ore"})
    assert state.hand[p][4] == before[4] + 1
    assert state.phase == "setup_route"


def _new_island_settlement():
    """New Shores: seat 0 settles a small island from its main-island harbour town."""
    state = cleared()
    v = coast(state, zone_hexes(state, "main"))
    main = zone_hexes(state, "main")
    for length in range(2, 8):
        try:
            line = sea_line(state, v, length)
        except AssertionError:
            continue
        end = v
        for e in line:
            a, b = state.board.edge_vertices[e]
            end = b if a == end else a
        hexes = state.board.vertex_hexes[end]
        if state.sf_land_vertex[end] and not set(hexes) & main:
            put(state, 0, settlements=[v], ships=line)
            set_hand(state, 0, lumber=1, brick=1, wool=1, grain=1)
            state.apply(A.BUILD_SETTLEMENT[end])
            return state
    raise AssertionError("no small island in reach")


def test_sf_ge_06_special_points_count_and_are_never_lost() -> None:
    """SF-GE-06: the island marker adds 2 VP beside the settlement's own; it stays when the
    settlement becomes a city."""
    state = _new_island_settlement()
    assert state.public_vp(0) == 2 + 2
    v = state.island_marks[0][0][1]
    set_hand(state, 0, ore=3, grain=2)
    state.apply(A.BUILD_CITY[v])
    assert state.public_vp(0) == 1 + 2 + 2


def test_sf_ge_07_victory_at_the_target_on_ones_own_turn() -> None:
    """SF-GE-07: 14 VP in New Shores wins on the player's turn; 13 does not."""
    state = _new_island_settlement()
    assert state.public_vp(0) == 4
    state.dev_hand[0][4] = 9  # victory point cards: 13
    state.vp_dirty = True
    state.apply(A.END_TURN)
    assert not state.is_terminal()
    state.dev_hand[0][4] = 10
    state.turn_player = 0
    state._set_phase("main", 0)
    state.apply(A.END_TURN)  # seat 1's turn: seat 0 cannot win there
    assert not state.is_terminal()
    state.turn_player = 0
    state._set_phase("main", 0)
    state.vp_dirty = True
    set_hand(state, 0, lumber=1, wool=1)
    state.apply(next(a for a in state.legal_actions() if a["type"] == "build_ship"))
    assert state.is_terminal() and state.result()["ranking"][0] == 0


def _seven(state) -> None:
    state.rolled = False
    state._set_phase("pre_roll", 0)
    state.apply(A.ROLL)
    state.apply(dice_for(7))


def test_sf_pi_01_a_seven_moves_the_robber_or_the_pirate() -> None:
    """SF-PI-01: on a 7 the player moves either the robber (to land) or the pirate (to sea)."""
    state = cleared()
    _seven(state)
    legal = state.legal_actions()
    robber = [a["hex"] for a in legal if a["type"] == "move_robber"]
    pirate = [a["hex"] for a in legal if a["type"] == "move_pirate"]
    assert robber and pirate
    assert all(state.terrains[h] not in ("sea", "fog") for h in robber)
    assert all(state.terrains[h] == "sea" for h in pirate) and state.pirate not in pirate
    old_robber = state.robber
    state.apply({"type": "move_pirate", "hex": pirate[0]})
    assert state.pirate == pirate[0] and state.robber == old_robber


def test_sf_pi_02_the_pirate_robs_a_ship_owner_beside_it() -> None:
    """SF-PI-02: after moving the pirate, 1 random card from one player with a ship on a side
    of its hex (one card, even with several ships)."""
    state = cleared()
    v = coast(state, zone_hexes(state, "main"))
    line = sea_line(state, v, 2)
    put(state, 1, settlements=[v], ships=line)
    set_hand(state, 1, ore=2)
    sea_hex = next(h for h in state.board.edge_hexes[line[1]] if state.terrains[h] == "sea")
    if state.pirate == sea_hex:
        state.pirate = -1
    _seven(state)
    state.apply({"type": "move_pirate", "hex": sea_hex})
    assert state.current_player() == CHANCE and state.phase == "steal"
    state.apply(state.chance_outcomes()[0][0])
    assert state.hand[1][4] == 1 and state.hand[0][4] == 1
    assert state.phase == "main"


def test_sf_pi_03_no_ship_built_beside_the_pirate_which_blocks_no_production() -> None:
    """SF-PI-03: no ship on a side of the pirate's hex; production, roads and settlements go
    on beside it."""
    state = cleared()
    v = coast(state, zone_hexes(state, "main"))
    put(state, 0, settlements=[v])
    set_hand(state, 0, lumber=1, wool=1)
    spots = edges_of(state, "build_ship")
    e = min(spots)
    sea_hex = next(h for h in state.board.edge_hexes[e] if state.terrains[h] == "sea")
    state.pirate = sea_hex
    state.touch()
    assert not edges_of(state, "build_ship") & set(state.sf_hex_sides[sea_hex])
    land = [h for h in state.board.vertex_hexes[v] if state.numbers[h]]
    set_hand(state, 0)
    state.rolled = False
    state._set_phase("pre_roll", 0)
    state.apply(A.ROLL)
    state.apply(dice_for(state.numbers[land[0]]))
    assert sum(state.hand[0]) >= 1 or state.phase == "gold_choice"


def test_sf_pi_04_no_founding_ship_beside_the_pirate() -> None:
    """SF-PI-04: the founding offers no ship on a side of the pirate's hex."""
    state = laid("new_shores", 4)
    v = coast(state, zone_hexes(state, "main"))
    state.apply(A.PLACE_SETTLEMENT[v])
    ships = edges_of(state, "place_ship")
    assert ships
    sea_hex = next(h for h in state.board.edge_hexes[min(ships)] if state.terrains[h] == "sea")
    state.pirate = sea_hex
    state.touch()
    assert not edges_of(state, "place_ship") & set(state.sf_hex_sides[sea_hex])


def test_sf_pi_05_robber_and_pirate_beside_the_board_enter_anywhere() -> None:
    """SF-PI-05: a robber or pirate with no printed start waits beside the board and enters on
    its first move, on any land hex or any sea hex."""
    state = cleared()
    state.robber, state.pirate = -1, -1
    _seven(state)
    legal = state.legal_actions()
    land = [h for h, t in enumerate(state.terrains) if t not in ("sea", "fog")]
    sea = [h for h, t in enumerate(state.terrains) if t == "sea"]
    assert sorted(a["hex"] for a in legal if a["type"] == "move_robber") == land
    assert sorted(a["hex"] for a in legal if a["type"] == "move_pirate") == sea


def _gold_position():
    state = cleared("through_the_desert", 4)
    gold = next(h for h, t in enumerate(state.terrains) if t == "gold")
    corners = list(state.board.hex_vertices[gold])
    settlement = corners[0]
    city = next(
        v for v in corners if v not in state.board.vertex_neighbors[settlement] and v != settlement
    )
    put(state, 0, settlements=[settlement])
    put(state, 1, cities=[city])
    return state, gold


def test_sf_go_01_a_gold_field_pays_resources_of_choice() -> None:
    """SF-GO-01: on its number a gold field gives each settlement 1 and each city 2 resources
    of the owner's choice, from the turn player on."""
    state, gold = _gold_position()
    state.rolled = False
    state._set_phase("pre_roll", 0)
    state.apply(A.ROLL)
    state.apply(dice_for(state.numbers[gold]))
    assert state.phase == "gold_choice" and state.current_player() == 0
    assert state.observation(0)["pending"] == {"gold": 1}
    state.apply({"type": "choose_gold", "resource": "ore"})
    assert state.current_player() == 1
    state.apply({"type": "choose_gold", "resource": "wool"})
    state.apply({"type": "choose_gold", "resource": "brick"})
    assert state.phase == "main" and state.current_player() == 0
    assert state.hand[0][4] >= 1 and state.hand[1][2] >= 1 and state.hand[1][1] >= 1


def test_sf_go_01_gold_pays_its_owners_on_another_seats_roll() -> None:
    """SF-GO-01: a gold field pays on its number whoever rolls: here seat 2, with no piece at
    the field, rolls, and seats 0 and 1 are asked in turn order from the roller."""
    state, gold = _gold_position()
    state.turn_player = 2
    state.rolled = False
    state._set_phase("pre_roll", 2)
    state.apply(A.ROLL)
    state.apply(dice_for(state.numbers[gold]))
    assert state.phase == "gold_choice" and state.current_player() == 0
    state.apply({"type": "choose_gold", "resource": "ore"})
    assert state.current_player() == 1
    state.apply({"type": "choose_gold", "resource": "wool"})
    state.apply({"type": "choose_gold", "resource": "brick"})
    assert state.phase == "main" and state.current_player() == 2


def test_sf_go_02_gold_choices_come_from_the_bank() -> None:
    """SF-GO-02: only resources the bank holds may be chosen."""
    state, gold = _gold_position()
    total = state.numbers[gold]
    # Nothing but the gold field pays on this roll: the robber is off it and no other hex beside
    # the two pieces carries its number, so the bank set here is the bank the choice sees.
    pieces = [v for v, owner in enumerate(state.vertex_owner) if owner != -1]
    assert state.robber != gold
    assert all(
        state.numbers[h] != total for v in pieces for h in state.board.vertex_hexes[v] if h != gold
    )
    state.bank = [0, 19, 19, 19, 0]
    state.rolled = False
    state._set_phase("pre_roll", 0)
    state.apply(A.ROLL)
    state.apply(dice_for(total))
    assert state.phase == "gold_choice" and state.bank == [0, 19, 19, 19, 0]
    assert {a["resource"] for a in state.legal_actions()} == {"brick", "wool", "grain"}


def test_sf_go_02_an_empty_bank_pays_no_gold_and_asks_nobody() -> None:
    """SF-GO-02: with the bank empty a gold field's owners get nothing and are not asked to
    choose (a ladder game stalled here: the seat had to decide with no legal action)."""
    state, gold = _gold_position()
    state.bank = [0] * 5
    state.rolled = False
    state._set_phase("pre_roll", 0)
    state.apply(A.ROLL)
    state.apply(dice_for(state.numbers[gold]))
    assert state.phase == "main" and state.current_player() == 0
    assert state.legal_actions()
    assert sum(state.hand[0]) == 0 and sum(state.hand[1]) == 0


def test_sf_dc_02_a_knight_moves_the_robber_or_the_pirate() -> None:
    """SF-DC-02: a knight card offers both the robber and the pirate."""
    state = cleared()
    state.dev_hand[0][KNIGHT] = 1
    state.rolled = False
    state._set_phase("pre_roll", 0)
    state.apply(A.PLAY_KNIGHT)
    assert {"move_robber", "move_pirate"} <= types(state)
    pirate = next(a for a in state.legal_actions() if a["type"] == "move_pirate")
    state.apply(pirate)
    assert state.pirate == pirate["hex"] and state.phase == "pre_roll" and state.knights[0] == 1


def test_random_founding_never_places_outside_the_rules() -> None:
    """Founding pieces: settlements on land of the founding zones, ships on ship paths."""
    for name in MAPS:
        state = laid(name, 4)
        rng = random.Random(3)
        found_at_random(state, rng)
        zones = SCENARIOS[name].setup_zones
        allowed = {h for z in zones or () for h in state.board.sites["zones"][z]}
        for v, owner in enumerate(state.vertex_owner):
            if owner != -1:
                assert state.sf_land_vertex[v]
                assert zones is None or set(state.board.vertex_hexes[v]) & allowed
