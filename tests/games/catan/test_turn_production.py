"""Turn structure and production."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from games.catan import actions as A
from games.catan.constants import KNIGHT
from games.errors import IllegalAction
from tests.games.catan.expansions.cities_knights.helpers import ck_game
from tests.games.catan.fixtures import empty_board, founded, put, roll, set_hand, types


def test_bg_turn_01_roll_is_mandatory_then_trade_build_then_left() -> None:
    """BG-TURN-01: before the roll only the roll (or a card) is possible; end passes left."""
    state = founded(4)
    assert types(state) == {"roll"}
    roll(state, 5)
    assert "end_turn" in types(state)
    state.apply(A.END_TURN)
    assert state.current_player() == 1 and state.phase == "pre_roll"


def test_bg_turn_02_and_knight_03_development_card_before_the_roll() -> None:
    """BG-TURN-02 BG-KNIGHT-03: a knight may be played before the production roll."""
    state = founded(4)
    state.dev_hand[0][KNIGHT] = 1
    state.dev_deck[KNIGHT] -= 1
    state._legal = None
    assert A.PLAY_KNIGHT in state.legal_actions()
    state.apply(A.PLAY_KNIGHT)
    state.apply(state.legal_actions()[0])  # move the robber
    while state.phase != "pre_roll":
        if state.current_player() < 0:
            state.apply(state.chance_outcomes()[0][0])
        else:
            state.apply(state.legal_actions()[0])
    assert types(state) == {"roll"}  # back before the roll, one card already played


def test_bg_turn_03_and_harbor_02_trade_after_building_with_combined_phases() -> None:
    """BG-TURN-03 BG-HARBOR-02: by default trade and build mix, and a harbour settlement built
    this turn can be used at once."""
    state = empty_board(3)
    put(state, 0, settlements=[12], roads=[11, 10])  # road 12-7-11 toward harbour 0 (7, 11)
    roll(state, 2)
    set_hand(state, 0, lumber=1, brick=1, wool=1, grain=4)
    state.apply(A.BUILD_SETTLEMENT[11])
    assert state.rates[0] == [3, 3, 3, 3, 3]
    assert A.MARITIME[3][4][3] in state.legal_actions()


def test_bg_turn_04_strict_phases_no_trade_after_building() -> None:
    """BG-TURN-04 BG-HARBOR-02: with strict phases, no trade once building began."""
    state = empty_board(3, combined_trade_build=False)
    put(state, 0, settlements=[12], roads=[11])
    roll(state, 2)
    set_hand(state, 0, lumber=5, brick=5)
    assert "maritime_trade" in types(state) and "propose_trade" in types(state)
    state.apply(A.BUILD_ROAD[10])
    assert "maritime_trade" not in types(state) and "propose_trade" not in types(state)


def test_bg_prod_01_02_settlement_one_card_city_two() -> None:
    """BG-PROD-01 BG-PROD-02 BG-CITY-02 BG-SETTL-03: matching hexes pay 1 per settlement and
    2 per city to each adjacent building."""
    state = empty_board(3)
    put(state, 1, settlements=[12])  # mountains 10, fields 12, hills 6
    put(state, 2, cities=[8])  # mountains 10, pasture 2, hills 6
    roll(state, 10)
    assert state.hand[1] == [0, 0, 0, 0, 1] and state.hand[2] == [0, 0, 0, 0, 2]
    roll_again = state.hand[0][:]
    assert roll_again == [0] * 5


def test_bg_prod_03_settlement_and_city_on_the_same_hex_give_three() -> None:
    """BG-PROD-03: a settlement and a city of one player on mountains 8 give 3 ore."""
    state = empty_board(3)
    put(state, 1, settlements=[31], cities=[20])
    assert state.terrains[11] == "mountains" and state.numbers[11] == 8
    roll(state, 8)
    assert state.hand[1][4] == 3


def test_bg_prod_04_and_robber_08_robber_blocks_its_hex() -> None:
    """BG-PROD-04 BG-ROBBER-08: the robber's hex produces nothing while it stays there."""
    state = empty_board(3)
    put(state, 1, settlements=[31])
    state.robber = 11
    roll(state, 8)
    assert state.hand[1] == [0] * 5
    state.apply(A.END_TURN)
    roll(state, 8)
    assert state.hand[1] == [0] * 5


def test_bank_shortage_nobody_paid_unless_single_taker() -> None:
    """BG-PROD-02 (bank shortage, rulings.md): several takers and too few cards: nobody gets it;
    a single taker gets what is left."""
    state = empty_board(3)
    put(state, 1, settlements=[31])
    put(state, 2, settlements=[20])
    state.bank[4] = 1
    state.hand[0][4] = 18
    roll(state, 8)
    assert state.hand[1][4] == 0 and state.hand[2][4] == 0
    state = empty_board(3)
    put(state, 1, cities=[31])
    state.bank[4] = 1
    state.hand[0][4] = 18
    roll(state, 8)
    assert state.hand[1][4] == 1 and state.bank[4] == 0


def test_bg_ex_beg_01_beginner_board_production_example() -> None:
    """BG-EX-BEG-01 (adapted): on the project's beginner board a roll of 8 pays ore to both
    seats on mountains 8 and lumber to the seat on forest 8. The seed's own picture is missing
    (M-BG-01), so its exact seat/colour numbers cannot be replayed."""
    state = founded(4)
    before = [h[:] for h in state.hand]
    roll(state, 8)
    assert state.hand[0][4] == before[0][4] + 1  # v31 on mountains 8
    assert state.hand[3][4] == before[3][4] + 1  # v20 on mountains 8
    assert state.hand[2][0] == before[2][0] + 1  # v39 on forest 8


class _Sweep:
    """A stand-in random source whose ``random()`` walks evenly through [0, 1)."""

    def __init__(self, steps: int) -> None:
        self.values = iter((i + 0.5) / steps for i in range(steps))

    def random(self) -> float:
        return next(self.values)


def test_bg_prod_01_sampled_dice_follow_the_two_dice_distribution() -> None:
    """BG-PROD-01 BG-BOARD-09: the dice a match draws (``sample_chance``) are the 36 equally
    likely pairs, each once over an even sweep, as ``chance_outcomes`` says."""
    state = empty_board(3)
    state.apply(A.ROLL)
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 36 and all(p == pytest.approx(1 / 36) for _o, p in outcomes)
    sweep = _Sweep(36)
    drawn = [state.sample_chance(sweep) for _ in range(36)]
    assert sorted((d["die1"], d["die2"]) for d in drawn) == sorted(
        (o["die1"], o["die2"]) for o, _p in outcomes
    )


def test_ck_co_10_sampled_cities_knights_dice_follow_the_event_die_and_two_dice() -> None:
    """CK-CO-10 BG-PROD-01: a Cities & Knights roll (a plug-in's fixed draw, picked by bisection
    in ``sample_chance``) draws each (event face, die, die) as often as ``chance_outcomes`` says
    over an even sweep: the 3 ship faces three times as often as each city gate."""
    state = ck_game(3)
    state.apply(A.ROLL)
    assert state.phase == "ck_dice"
    outcomes = state.chance_outcomes()
    steps = 216  # 6 event faces x 36 dice pairs
    sweep = _Sweep(steps)
    drawn = Counter(
        (d["event"], d["die1"], d["die2"])
        for d in (state.sample_chance(sweep) for _ in range(steps))
    )
    expected = {(o["event"], o["die1"], o["die2"]): round(p * steps) for o, p in outcomes}
    assert drawn == expected
    assert drawn["ship", 6, 6] == 3 and drawn["trade", 1, 1] == 1


def test_bg_turn_01_a_move_before_the_roll_is_refused_naming_what_is_legal() -> None:
    """BG-TURN-01: before the roll only the roll is legal; the refusal says so and names the
    action, the phase and the rule."""
    state = empty_board(3)
    put(state, 0, settlements=[12], roads=[11])
    cases = {
        "end_turn": (A.END_TURN, "end_turn()", "BG-TURN-01"),
        "build_road": (
            A.BUILD_ROAD[10],
            "build_road(edge=10)",
            "BG-BUILD-02, BG-ROAD-01..03, BG-PIECE-01",
        ),
    }
    for action, described, rule in cases.values():
        message = f"seat 0: {described}: not legal now (phase pre_roll; legal types: roll) ({rule})"
        with pytest.raises(IllegalAction, match="^" + re.escape(message) + "$"):
            state.apply(action)
