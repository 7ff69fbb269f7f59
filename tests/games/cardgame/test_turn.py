"""The turn: dice, event die results, production, and resources stored on regions."""

from __future__ import annotations

import pytest

from games.cardgame import GAME
from games.cardgame.cards import CARDS
from games.common.api import CHANCE
from games.errors import IllegalAction
from tests.games.cardgame.positions import (
    POS,
    at_roll,
    empty_all,
    lay,
    main_phase,
    make_city,
    rebuild,
    region_action,
    roll,
    set_units,
    units,
)


def test_cg_turn_02_both_dice_at_the_start_of_the_turn() -> None:
    """CG-TURN-02: the turn starts with one chance node rolling the event and production dice."""
    state = at_roll(main_phase())
    assert state.current_player() == CHANCE and state.chance_kind() == "dice"
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 30
    assert {o["production"] for o, _p in outcomes} == set(range(1, 7))
    assert abs(sum(p for _o, p in outcomes) - 1) < 1e-9


def test_cg_ev_01_event_die_faces_with_event_card_twice() -> None:
    """CG-EV-01: five symbols; the event card is on two faces (rulings)."""
    state = at_roll(main_phase())
    by_face: dict[str, float] = {}
    for outcome, p in state.chance_outcomes():
        by_face[outcome["event"]] = by_face.get(outcome["event"], 0) + p
    assert set(by_face) == {"tournament", "trade", "brigands", "plenty", "event"}
    assert by_face["event"] == pytest.approx(2 / 6)
    assert by_face["plenty"] == pytest.approx(1 / 6)


def test_cg_turn_03_04_event_first_then_production_for_both() -> None:
    """CG-TURN-03, CG-TURN-04: the event is resolved before production, for both players."""
    state = main_phase()
    set_units(state, 0, wool=3, ore=3, grain=3)
    set_units(state, 1, wool=2, ore=2, grain=3, lumber=3)
    state = at_roll(state)
    # Number 3 is seat 0's Pasture and seat 1's Mountains. Both hold 12 units: the brigands take
    # all wool and ore first, and production then adds 1 to each.
    roll(state, "brigands", 3)
    assert units(state, 0, "wool") == 1 and units(state, 0, "ore") == 0
    assert units(state, 1, "ore") == 1 and units(state, 1, "wool") == 0
    assert state.phase == "main" and state.current_player() == 0


def test_cg_prod_01_matching_regions_gain_one_each() -> None:
    """CG-PROD-01: every region of both players with the rolled number gains 1."""
    state = at_roll(main_phase())
    roll(state, "plenty", 2)  # seat 0 Mountains(2), seat 1 Fields(2)
    while state.current_player() != 0 or state.tasks:
        state.apply(region_action("gain", "lumber"))
    assert units(state, 0, "ore") == 2 and units(state, 1, "grain") == 2
    assert units(state, 0, "grain") == 1


def test_cg_prod_02_res_02_full_region_loses_the_surplus() -> None:
    """CG-PROD-02, CG-RES-02: Mountains holding 3 gains nothing on its number and the unit is not
    moved to another Mountains."""
    state = main_phase()
    set_units(state, 0, ore=3)
    state.stacks["region"].remove("region_ore_4")
    state.domains[0].regions[(5, 1)] = ["region_ore_4", 1]
    state.domains[0].centre[4] = ["settlement", state.stacks["settlement"].pop(), None]
    state.domains[0].centre[3] = ["road", state.stacks["road"].pop(), None]
    state.stacks["region"].remove("region_brick_3")
    state.domains[0].regions[(5, -1)] = ["region_brick_3", 0]
    state = at_roll(state)
    before = {p: a for p, (_c, a) in state.domains[0].regions.items()}
    roll(state, "tournament", 2)  # 0 : 0 tournament points: no event effect
    after = {p: a for p, (_c, a) in state.domains[0].regions.items()}
    assert after[POS["ore"]] == 3
    assert {p: a for p, a in after.items() if p != POS["ore"]} == {
        p: a for p, a in before.items() if p != POS["ore"]
    }


def test_cg_prod_03_cities_do_not_double_production() -> None:
    """CG-PROD-03: a region beside a city still gains only 1."""
    state = main_phase()
    make_city(state, 0, 0)
    state = at_roll(state)
    roll(state, "tournament", 1)  # Fields(1) at (-1, up), next to the city on column 0
    assert units(state, 0, "grain") == 2


def test_cg_res_01_units_are_kept_between_0_and_3() -> None:
    """CG-RES-01: a region stores 0..3 units; from_dict refuses 4."""
    state = main_phase()
    data = state.to_dict()
    data["domains"][0]["regions"][0][3] = 4
    with pytest.raises(ValueError, match=r"0\.\.3"):
        GAME.from_dict(data)


def test_cg_res_03_04_payment_from_regions_of_that_type_only() -> None:
    """CG-RES-03, CG-RES-04: paying N of a type takes units from any regions of that type, one
    region per unit; units never move between regions."""
    state = main_phase()
    dom = state.domains[0]
    dom.regions[(5, 1)] = [next(c for c in state.stacks["region"] if CARDS[c].resource == "ore"), 2]
    state.stacks["region"].remove(dom.regions[(5, 1)][0])
    dom.centre[3] = ["road", state.stacks["road"].pop(), None]
    dom.centre[4] = ["settlement", state.stacks["settlement"].pop(), None]
    dom.regions[(5, -1)] = [state.stacks["region"].pop(), 0]
    set_units(state, 0, ore=1, grain=2)
    state = rebuild(state)
    state.apply({"type": "build_city", "col": 2})
    # grain has one region only: paid automatically; ore from two regions needs a choice
    assert units(state, 0, "grain") == 0
    assert state.tasks[0]["t"] == "pay" and state.tasks[0]["res"] == "ore"
    state.apply({"type": "pay", "col": 5, "side": 1})
    assert state.legal_actions() == [
        {"type": "pay", "col": 1, "side": 1},
        {"type": "pay", "col": 5, "side": 1},
    ]
    with pytest.raises(IllegalAction):
        state.apply({"type": "pay", "col": 3, "side": 1})  # wool cannot pay ore
    state.apply({"type": "pay", "col": 1, "side": 1})
    assert state.domains[0].regions[(5, 1)][1] == 0 and units(state, 0, "ore") == 0


def test_cg_res_05_received_units_need_a_region_with_room() -> None:
    """CG-RES-05: a received unit goes on a region of its type with room; no room, no unit."""
    state = main_phase()
    set_units(state, 0, grain=3, ore=3, wool=3, lumber=3, brick=2, gold=3)
    state = at_roll(state)
    roll(state, "plenty", 5)  # seat 0's Hills(5) fills up; then the sun gives nothing to seat 0
    assert state.current_player() == 1  # seat 0 has no room left: its choice is skipped
    state = at_roll(main_phase())
    roll(state, "plenty", 6)
    legal = state.legal_actions()
    assert len(legal) == 6 and all(a["type"] == "gain" for a in legal)


def test_cg_ev_tourn_01_higher_tournament_total_gains_one() -> None:
    """CG-EV-TOURN-01: the higher tournament total chooses 1 resource."""
    state = main_phase()
    lay(state, 1, 0, 1, "knight_falk")  # 5 tournament points
    lay(state, 0, 0, 1, "knight_gotz")  # 2 tournament points (but more strength)
    state = at_roll(state)
    roll(state, "tournament", 6)
    assert state.current_player() == 1
    state.apply(region_action("gain", "ore"))
    assert units(state, 1, "ore") == 2 and state.current_player() == 0 and not state.tasks


def test_cg_ev_tourn_02_tie_gives_nothing() -> None:
    """CG-EV-TOURN-02: equal tournament totals (also 0 : 0) give nothing."""
    state = at_roll(main_phase())
    roll(state, "tournament", 6)
    assert not state.tasks and state.phase == "main"


def test_cg_ev_trade_01_windmill_holder_takes_one_unit() -> None:
    """CG-EV-TRADE-01: the Windmill holder, even out of turn, takes 1 unit he can store."""
    state = main_phase()
    make_city(state, 1, 0)
    lay(state, 1, 0, 1, "marketplace")
    set_units(state, 1, ore=2)
    state = at_roll(state)
    assert state.tokens["windmill"] == 1
    roll(state, "trade", 6)
    assert state.current_player() == 1
    legal = state.legal_actions()
    assert {"type": "stop"} in legal  # taking is optional
    state.apply(region_action("steal", "ore"))
    assert units(state, 0, "ore") == 0 and units(state, 1, "ore") == 3


def test_cg_ev_trade_02_no_holder_no_effect() -> None:
    """CG-EV-TRADE-02: with nobody holding the Windmill nothing happens."""
    state = at_roll(main_phase())
    roll(state, "trade", 6)
    assert not state.tasks and state.tokens["windmill"] is None


def test_cg_ev_brig_01_02_03_brigands_count_unprotected_units() -> None:
    """CG-EV-BRIG-01, CG-EV-BRIG-02, CG-EV-BRIG-03: more than 7 unprotected units (gold counts)
    lose all wool and ore; other resources stay; 7 or fewer lose nothing."""
    state = main_phase()
    set_units(state, 0, grain=2, ore=2, wool=1, lumber=1, brick=1, gold=1)  # 8
    set_units(state, 1, grain=2, ore=2, wool=1, lumber=1, brick=1, gold=0)  # 7
    state = at_roll(state)
    roll(state, "brigands", 5)  # then seat 0's Hills(5) and seat 1's Forest(5) produce
    assert units(state, 0, "wool") == 0 and units(state, 0, "ore") == 0
    assert units(state, 0, "grain") == 2 and units(state, 0, "gold") == 1
    assert units(state, 0, "lumber") == 1 and units(state, 0, "brick") == 2
    assert units(state, 1, "wool") == 1 and units(state, 1, "ore") == 2


def test_brigand_exemption_option() -> None:
    """CG-EV-BRIG-02 with the option: no brigand attack in each player's first two turns."""
    state = main_phase(options={"brigand_exemption": True})
    set_units(state, 0, grain=3, ore=3, wool=3)
    state.turn = 3
    state = at_roll(state)
    roll(state, "brigands", 6)
    assert units(state, 0, "ore") == 3


def test_cg_ev_sun_01_each_player_gains_one_active_first() -> None:
    """CG-EV-SUN-01: each player gains a resource of his choice, the active player first."""
    state = at_roll(main_phase())
    roll(state, "plenty", 4)  # produces seat 0's lumber and seat 1's wool
    assert state.current_player() == 0
    state.apply(region_action("gain", "wool"))
    assert state.current_player() == 1
    state.apply(region_action("gain", "brick"))
    assert units(state, 0, "wool") == 2 and units(state, 1, "brick") == 2


def test_cg_turn_05_any_number_of_actions_in_any_order() -> None:
    """CG-TURN-05: after the dice the active player may act repeatedly until he ends."""
    state = main_phase()
    set_units(state, 0, grain=3, ore=3, wool=3, lumber=3, brick=3)
    state = rebuild(state)
    state.apply({"type": "bank_trade", "give": "grain", "get": "gold"})
    assert state.current_player() == 0 and state.phase == "main"
    state.apply({"type": "build_road", "end": "right"})
    assert state.current_player() == 0 and state.phase == "main"
    assert {"type": "end_actions"} in state.legal_actions()


def test_cg_turn_06_07_refill_then_pass_the_dice() -> None:
    """CG-TURN-06, CG-TURN-07: after the actions comes the refill, then the dice pass; once
    refilling starts no action is possible."""
    state = main_phase()
    empty_all(state, 0)
    state = rebuild(state)
    state.apply({"type": "end_actions"})
    assert state.phase == "refill"
    assert {a["type"] for a in state.legal_actions()} == {"draw_free"}
    for _ in range(3):
        state.apply({"type": "draw_free", "stack": "dev0"})
    assert state.legal_actions() == [{"type": "end_turn"}]
    with pytest.raises(IllegalAction):
        state.apply({"type": "end_actions"})
    state.apply({"type": "end_turn"})
    assert state.active == 1 and state.current_player() == CHANCE


def test_the_turn_cap_ends_the_game_ranked_by_points() -> None:
    """Safety net (constants.MAX_TURNS): passing the dice at the cap ends the game as
    ``turn_cap``, ranked by VP (seat 1 ahead here)."""
    from games.cardgame.constants import MAX_TURNS

    state = main_phase(hands_empty=False)
    make_city(state, 1, 0)
    state.turn = MAX_TURNS
    state = rebuild(state)
    state.apply({"type": "end_actions"})
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply(next((a for a in legal if a["type"] == "end_turn"), legal[0]))
    assert state.result() == {"ranking": [1, 0], "scores": [2, 3], "reason": "turn_cap"}


def test_asking_a_running_game_for_its_result_or_a_decision_for_chances_is_refused() -> None:
    """Engine contract: ``result()`` only once the game is over; ``chance_outcomes()`` only at a
    chance node."""
    state = rebuild(main_phase())
    with pytest.raises(ValueError, match=r"^the game is not over$"):
        state.result()
    with pytest.raises(ValueError, match=r"^not a chance node$"):
        state.chance_outcomes()
