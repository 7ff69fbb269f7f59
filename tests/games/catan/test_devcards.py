"""Development cards and Largest Army."""

from __future__ import annotations

import pytest

from games.catan import actions as A
from games.catan.constants import KNIGHT, MONOPOLY, ROAD_BUILDING, VICTORY_POINT, YEAR_OF_PLENTY
from games.common.api import CHANCE
from games.errors import IllegalAction
from tests.games.catan.expansions.seafarers.positions import cleared as sf_cleared
from tests.games.catan.expansions.seafarers.positions import coast, sea_line, zone_hexes
from tests.games.catan.expansions.seafarers.positions import put as sf_put
from tests.games.catan.fixtures import empty_board, hand, put, roll, set_hand, types


def _main(n=3):
    state = empty_board(n)
    put(state, 0, settlements=[12], roads=[11])
    put(state, 1, settlements=[39])
    roll(state, 2)
    return state


def _give_card(state, seat, card, count=1):
    state.dev_hand[seat][card] += count
    state.dev_deck[card] -= count
    state.touch()


def test_bg_dev_01_buying_draws_the_top_card_hidden() -> None:
    """BG-DEV-01: paying draws a card (a chance node over the deck); others see only a count."""
    state = _main()
    set_hand(state, 0, ore=1, wool=1, grain=1)
    state.apply(A.BUY_DEVELOPMENT)
    assert state.current_player() == CHANCE and state.chance_kind() == "deck:development"
    outcomes = dict((o["card"], p) for o, p in state.chance_outcomes())
    assert outcomes["knight"] == pytest.approx(14 / 25)
    state.apply(A.DRAW_DEVELOPMENT[MONOPOLY])
    assert state.dev_hand[0][MONOPOLY] == 1 and state.dev_deck[MONOPOLY] == 1
    obs = state.observation(1)
    assert obs["players"][0]["development_cards"] == 1 and "development" not in obs["players"][0]
    assert state.observation(0)["you"]["development"] == {"monopoly": 1}
    hidden = [e for e in state.events if e["type"] == "buy_development"]
    assert hidden[0]["visible_to"] == [0] and hidden[1]["card"] == "hidden"


def test_bg_dev_02_one_development_card_per_turn() -> None:
    """BG-DEV-02: after one card no other may be played this turn."""
    state = _main()
    _give_card(state, 0, YEAR_OF_PLENTY)
    _give_card(state, 0, MONOPOLY)
    state.apply(A.PLAY_MONOPOLY[0])
    assert "play_year_of_plenty" not in types(state)
    with pytest.raises(IllegalAction):
        state.apply(A.PLAY_YEAR_OF_PLENTY)


def test_bg_dev_03_not_in_the_turn_it_was_bought() -> None:
    """BG-DEV-03 BG-EX-01: a card bought this turn is playable from the next own turn."""
    state = _main()
    set_hand(state, 0, ore=1, wool=1, grain=1)
    state.apply(A.BUY_DEVELOPMENT)
    state.apply(A.DRAW_DEVELOPMENT[ROAD_BUILDING])
    assert "play_road_building" not in types(state)
    for _ in range(3):
        state.apply(A.END_TURN)
        if state.current_player() != 0:
            roll(state, 2)
    assert state.current_player() == 0
    assert A.PLAY_ROAD_BUILDING in state.legal_actions()


def test_bg_dev_04_vp_card_wins_at_once_even_when_just_bought() -> None:
    """BG-DEV-04 BG-VP-02: a VP card bought this turn that brings 10 points wins immediately,
    without counting as the turn's development card."""
    state = _main()
    put(state, 0, cities=[0, 2, 22, 44])
    state.dev_played = True
    set_hand(state, 0, ore=1, wool=1, grain=1)
    assert state.total_vp(0) == 9
    state.apply(A.BUY_DEVELOPMENT)
    state.apply(A.DRAW_DEVELOPMENT[VICTORY_POINT])
    assert state.is_terminal() and state.result()["ranking"][0] == 0
    assert state.result()["scores"][0] == 10


def test_bg_dev_05_progress_card_leaves_the_game() -> None:
    """BG-DEV-05: each played progress card is removed from the game (the second Monopoly too),
    never back in the deck: the 25 cards are in the deck, the hands or out of the game."""
    state = _main()
    _give_card(state, 0, MONOPOLY, 2)
    state.apply(A.PLAY_MONOPOLY[1])
    assert state.dev_hand[0][MONOPOLY] == 1 and state.dev_spent[MONOPOLY] == 1
    for _ in range(3):
        state.apply(A.END_TURN)
        roll(state, 2)
    state.apply(A.PLAY_MONOPOLY[1])
    assert state.dev_hand[0][MONOPOLY] == 0 and state.dev_spent[MONOPOLY] == 2
    assert state.dev_deck[MONOPOLY] == 0
    assert sum(state.dev_deck) + sum(map(sum, state.dev_hand)) + sum(state.dev_spent) == 25


def test_bg_dev_07_no_purchase_from_an_empty_deck() -> None:
    """BG-DEV-07: an empty deck cannot be bought from."""
    state = _main()
    state.dev_spent = state.dev_deck[:]
    state.dev_deck = [0] * 5
    set_hand(state, 0, ore=1, wool=1, grain=1)
    assert "buy_development" not in types(state)


def test_bg_prog_rb_01_two_free_roads() -> None:
    """BG-PROG-RB-01 A-BG-11: two roads without cost, normal placement rules."""
    state = _main()
    _give_card(state, 0, ROAD_BUILDING)
    state.apply(A.PLAY_ROAD_BUILDING)
    assert state.phase == "road_building"
    for _ in range(2):
        state.apply(next(a for a in state.legal_actions()))
    assert state.roads_left[0] == 12 and state.phase == "main" and hand(state, 0) == {}


def test_sf_dc_01_road_building_lays_ships_too() -> None:
    """SF-DC-01 (the ``road_building`` hook): in Seafarers the Road Building card gives 2 roads,
    2 ships, or 1 of each, free."""
    state = sf_cleared()
    v = coast(state, zone_hexes(state, "main"))
    sf_put(state, 0, settlements=[v])
    line = sea_line(state, v, 2)
    _give_card(state, 0, ROAD_BUILDING)
    state.apply(A.PLAY_ROAD_BUILDING)
    assert "build_ship" in types(state) and "build_road" in types(state)
    state.apply({"type": "build_ship", "edge": line[0]})
    assert state.phase == "road_building"
    state.apply({"type": "build_ship", "edge": line[1]})
    assert state.phase == "main" and state.ships_left[0] == 13 and sum(state.hand[0]) == 0
    assert [e for e in state.events if e["type"] == "build_ship"][-1]["free"]


def test_sf_dc_01_the_last_road_laid_leaves_the_second_free_piece_to_a_ship() -> None:
    """SF-DC-01 A-BG-11: in Seafarers a Road Building whose first free piece is the seat's last
    road goes on: the second may be a ship."""
    state = sf_cleared()
    v = coast(state, zone_hexes(state, "main"))
    sf_put(state, 0, settlements=[v])
    line = sea_line(state, v, 1)
    state.roads_left[0] = 1
    _give_card(state, 0, ROAD_BUILDING)
    state.apply(A.PLAY_ROAD_BUILDING)
    state.apply(next(a for a in state.legal_actions() if a["type"] == "build_road"))
    assert state.roads_left[0] == 0 and state.phase == "road_building"
    assert {"type": "build_ship", "edge": line[0]} in state.legal_actions()
    assert "build_road" not in types(state)
    state.apply({"type": "build_ship", "edge": line[0]})
    assert state.phase == "main" and state.ships_left[0] == 14


def test_sf_dc_01_the_last_road_laid_with_no_ship_to_lay_ends_the_card() -> None:
    """SF-DC-01 A-BG-11: in Seafarers a Road Building whose first free piece is the seat's last
    road, with no ship piece left to lay, ends there: the turn goes on in the main phase."""
    state = sf_cleared()
    v = coast(state, zone_hexes(state, "main"))
    sf_put(state, 0, settlements=[v])
    sea_line(state, v, 1)
    state.roads_left[0] = 1
    state.ships_left[0] = 0
    _give_card(state, 0, ROAD_BUILDING)
    state.apply(A.PLAY_ROAD_BUILDING)
    state.apply(next(a for a in state.legal_actions() if a["type"] == "build_road"))
    assert state.roads_left[0] == 0 and state.phase == "main" and state.free_roads == 0
    assert "end_turn" in types(state)


def test_road_building_stops_when_no_road_is_left() -> None:
    """A-BG-11 BG-PROG-RB-01: with one road left only one is built."""
    state = _main()
    state.roads_left[0] = 1
    _give_card(state, 0, ROAD_BUILDING)
    state.apply(A.PLAY_ROAD_BUILDING)
    state.apply(state.legal_actions()[0])
    assert state.phase == "main" and state.roads_left[0] == 0


def test_bg_prog_yop_01_two_cards_of_choice_usable_at_once() -> None:
    """BG-PROG-YOP-01 BG-EX-02: take any two cards; build with them in the same turn."""
    state = _main()
    _give_card(state, 0, YEAR_OF_PLENTY)
    set_hand(state, 0, ore=2, grain=1)
    state.apply(A.PLAY_YEAR_OF_PLENTY)
    state.apply(A.TAKE_RESOURCE[4])
    state.apply(A.TAKE_RESOURCE[3])
    assert hand(state, 0) == {"ore": 3, "grain": 2}
    state.apply(A.BUILD_CITY[12])
    assert state.vertex_level[12] == 2


def test_bg_prog_mono_01_all_cards_of_a_type_from_every_opponent() -> None:
    """BG-PROG-MONO-01: every opponent gives all his cards of the named type; none: nothing."""
    state = empty_board(4)
    put(state, 0, settlements=[12])
    roll(state, 2)
    set_hand(state, 1, wool=3, ore=1)
    set_hand(state, 2, wool=1)
    _give_card(state, 0, MONOPOLY)
    state.apply(A.PLAY_MONOPOLY[2])
    assert hand(state, 0) == {"wool": 4} and hand(state, 1) == {"ore": 1}
    assert hand(state, 2) == {} and hand(state, 3) == {}


def _play_knights(state, seat, count):
    for _ in range(count):
        state.turn_player = seat
        state.actor = seat
        state.phase = "main"
        state.rolled = True
        state.dev_played = False
        _give_card(state, seat, KNIGHT)
        state.apply(A.PLAY_KNIGHT)
        state.apply(state.legal_actions()[-1])
        while state.current_player() == CHANCE or state.phase == "choose_victim":
            if state.current_player() == CHANCE:
                state.apply(state.chance_outcomes()[0][0])
            else:
                state.apply(state.legal_actions()[0])


def test_bg_la_01_02_03_largest_army() -> None:
    """BG-LA-01 BG-LA-02 BG-LA-03 A-BG-10: 3 knights take it (2 VP); equalling does not; more
    knights take it over."""
    state = _main()
    _play_knights(state, 0, 2)
    assert state.largest_army == -1
    _play_knights(state, 0, 1)
    assert state.largest_army == 0 and state.public_vp(0) == 3
    _play_knights(state, 1, 3)
    assert state.largest_army == 0
    _play_knights(state, 1, 1)
    assert state.largest_army == 1 and state.public_vp(0) == 1 and state.public_vp(1) == 3


def test_bg_la_01_02_any_seat_takes_largest_army_and_keeps_it_against_an_equal() -> None:
    """BG-LA-01 BG-LA-02 A-BG-10 for other seats than the first: the last seat's third knight
    takes the card; a holder in the middle keeps it when another seat only equals him."""
    state = _main()
    _play_knights(state, 2, 3)
    assert state.largest_army == 2 and state.public_vp(2) == 2
    state = _main()
    _play_knights(state, 1, 3)
    assert state.largest_army == 1
    _play_knights(state, 0, 3)
    assert state.largest_army == 1 and state.public_vp(1) == 3 and state.public_vp(0) == 1
    _play_knights(state, 2, 4)
    assert state.largest_army == 2
