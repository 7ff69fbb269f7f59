"""Set-up: the set-up city and its wagon, gold, baggage cards, stacks, barbarians, the deck."""

from __future__ import annotations

from games.catan import GAME

from .helpers import END_BUILDING, OPTIONS, founded, main_phase, new, roll

TRADE = ("castle", "quarry", "glassworks")


def test_TB_SU_07_TB_CO_04_second_founding_is_a_city_with_the_wagon_on_it() -> None:
    """TB-SU-07, TB-CO-04: settlement + road, then city + road (1 resource per adjacent hex);
    each seat's one wagon stands on its city."""
    state = founded(4, 7)
    for p in range(4):
        cities = [
            v for v, o in enumerate(state.vertex_owner) if o == p and state.vertex_level[v] == 2
        ]
        settlements = [
            v for v, o in enumerate(state.vertex_owner) if o == p and state.vertex_level[v] == 1
        ]
        assert len(cities) == 1 and len(settlements) == 1
        assert state.tb_wagons[p] == cities[0]
        income = [e for e in state.events if e["type"] == "founding_income" and e["seat"] == p]
        producing = [h for h in state.board.vertex_hexes[cities[0]] if state.hex_resource[h] >= 0]
        assert sum(income[-1]["gains"]) == len(producing)
        assert state.public_vp(p) == 3
    assert len(state.tb_wagons) == 4


def test_TB_SU_06_TB_CO_07_five_gold_each_and_baggage_card_one() -> None:
    """TB-SU-06, TB-CO-07: 5 gold per seat from the 100 gold of the 40 coins; card 1 active."""
    state = founded(3, 8)
    assert state.gold == [5, 5, 5]
    assert state.gold_supply == 100 - 15
    assert state.tb_baggage == [1, 1, 1]
    main_phase(state)
    state.apply(END_BUILDING)
    assert state.tb_mp == 4  # card 1's movement points


def test_TB_SU_04_TB_CO_03_three_stacks_of_twelve_tokens() -> None:
    """TB-SU-04, TB-CO-03: 36 commodity tokens, 12 face down beside each trade hex."""
    state = new(3, 1)
    assert set(state.tb_stacks) == set(TRADE)
    assert [sum(s.values()) for s in state.tb_stacks.values()] == [12, 12, 12]
    obs = state.observation(0)["traders_barbarians"]
    assert obs["stacks"] == {name: 12 for name in TRADE}


def test_TB_SU_05_TB_CO_06_three_barbarians_on_their_printed_paths() -> None:
    """TB-SU-05, TB-CO-06: 3 barbarians, one per marked path."""
    state = new(3, 1)
    assert state.tb_barbarians == state.board.sites["barbarians"]
    assert len(set(state.tb_barbarians)) == 3


def test_TB_CO_05_five_baggage_cards_then_no_more_upgrade() -> None:
    """TB-CO-05: 5 cards per seat: four upgrades reach card 5, then none is offered."""
    state = founded(3, 9)
    p = state.turn_player
    main_phase(state)
    for card in range(2, 6):
        state.hand[p] = [5] * 5
        state._legal = None
        state.apply({"type": "upgrade_baggage"})
        assert state.tb_baggage[p] == card
    state.hand[p] = [5] * 5
    state._legal = None
    assert {"type": "upgrade_baggage"} not in state.legal_actions()


def test_TB_CO_08_A_TB_01_the_scenario_deck_of_25() -> None:
    """TB-CO-08, A-TB-01: 16 Knight, 3 Road Building, 3 Swift Journey, 3 VP; a purchase draws
    with those weights."""
    state = founded(3, 10)
    p = state.turn_player
    main_phase(state)
    state.hand[p] = [0, 0, 1, 1, 1]
    state._legal = None
    state.apply({"type": "buy_scenario_card"})
    weights = {a["card"]: w for a, w in state.chance_outcomes()}
    assert weights == {
        "knight": 16 / 25,
        "road_building": 3 / 25,
        "swift_journey": 3 / 25,
        "victory_point": 3 / 25,
    }


def test_TB_SU_07_founding_placement_only() -> None:
    """The scenario's board has no beginner set-up: that placement is refused by name."""
    import pytest

    with pytest.raises(ValueError, match="founding"):
        GAME.new_game(3, 1, {**OPTIONS, "placement": "beginner"})
    with pytest.raises(ValueError, match="3, 4"):
        GAME.new_game(2, 1, {**OPTIONS, "allow_two_players": True})


def test_TB_TU_01_two_and_twelve_are_rolled_again() -> None:
    """TB-TU-01: a 2 or a 12 is rerolled (no hex has them)."""
    for total in (2, 12):
        state = founded(3, 11)
        roll(state, total)
        assert state.phase == "dice" and state.current_player() < 0
        assert state.events[-1]["type"] == "reroll"
        roll_again = state.chance_outcomes()
        assert len(roll_again) == 36
