"""Catan for Two: trade tokens, how they are earned and spent (C2-TT-…, C2-TA-…, C2-VP-01)."""

from __future__ import annotations

from games.catan import actions as A
from games.catan.constants import KNIGHT
from games.common.api import CHANCE
from tests.games.catan.expansions.catan_for_two.positions import (
    after_rolls,
    chain,
    cleared,
    kinds,
)
from tests.games.catan.fixtures import put, set_hand

DESERT = 9  # the centre hex of the beginner board


def _build_settlement_at(state, vertex: int) -> None:
    after_rolls(state, 12, 11)
    set_hand(state, 0, lumber=1, brick=1, wool=1, grain=1)
    state.apply(A.BUILD_SETTLEMENT[vertex])


def test_c2_tt_01_a_settlement_next_to_the_desert_earns_two() -> None:
    """C2-TT-01: intersection 23 touches the desert (hexes 4, 8, 9), inland."""
    state = cleared()
    put(state, 0, settlements=[0], roads=chain(state, 0, 3, 7, 12, 17, 23))
    _build_settlement_at(state, 23)
    assert state.c2_tokens == [7, 5] and state.c2_supply == 8


def test_c2_tt_02_a_coastal_settlement_earns_one() -> None:
    """C2-TT-02: intersection 7 touches two land hexes (0 and 3) and the sea."""
    state = cleared()
    put(state, 0, settlements=[0], roads=chain(state, 0, 3, 7))
    _build_settlement_at(state, 7)
    assert state.c2_tokens == [6, 5] and state.c2_supply == 9
    assert state.events[-1]["type"] == "trade_tokens" and state.phase == "neutral_build"


def test_c2_tt_03_desert_and_coast_earn_three() -> None:
    """C2-TT-03: on a variable board with the desert at hex 0, intersection 7 (hexes 0, 3)
    is both next to the desert and on the coast."""
    state = cleared(first_terrain="desert", layout="variable")
    assert state.terrains[0] == "desert"
    put(state, 0, settlements=[0], roads=chain(state, 0, 3, 7))
    _build_settlement_at(state, 7)
    assert state.c2_tokens == [8, 5] and state.c2_supply == 7


def test_c2_tt_04_a_city_earns_nothing() -> None:
    """C2-TT-04: the reward is for settlements, never cities."""
    state = cleared()
    put(state, 0, settlements=[0])
    after_rolls(state, 12, 11)
    set_hand(state, 0, ore=3, grain=2)
    state.apply(A.BUILD_CITY[0])
    assert state.c2_tokens == [5, 5] and state.c2_supply == 10


def test_c2_tt_05_a_played_knight_for_two_tokens_once_a_turn() -> None:
    """C2-TT-05: once per turn, a face-up knight leaves the game for 2 tokens."""
    state = cleared()
    state.knights[0] = 2
    state.dev_deck[KNIGHT] -= 2
    assert "trade_knight" in kinds(state)
    state.apply({"type": "trade_knight"})
    assert state.knights[0] == 1 and state.dev_spent[KNIGHT] == 1
    assert state.c2_tokens == [7, 5] and state.c2_supply == 8
    assert "trade_knight" not in kinds(state)
    after_rolls(state)
    assert "trade_knight" not in kinds(state)
    state.apply(A.END_TURN)
    state.knights[1] = 1
    state.dev_deck[KNIGHT] -= 1
    assert "trade_knight" in kinds(state)


def test_c2_tt_06_largest_army_is_judged_again_after_a_knight_leaves() -> None:
    """C2-TT-06: a holder no longer ahead (4 -> 3 against 3) loses the card to nobody; a holder
    below 3 (3 -> 2 against 3) loses it to the opponent."""
    state = cleared()
    state.knights[:] = [4, 3]
    state.dev_deck[KNIGHT] -= 7
    state.largest_army = 0
    state.apply({"type": "trade_knight"})
    assert state.largest_army == -1
    state = cleared()
    state.knights[:] = [3, 3]
    state.dev_deck[KNIGHT] -= 6
    state.largest_army = 0
    state.apply({"type": "trade_knight"})
    assert state.largest_army == 1
    assert state.public_vp(1) == 2


def test_c2_tt_07_no_more_tokens_than_the_supply_holds() -> None:
    """C2-TT-07: a settlement worth 2 takes the last token; an empty supply gives nothing and
    a knight is then not traded."""
    state = cleared()
    state.c2_supply = 1
    state.c2_tokens = [5, 14]
    put(state, 0, settlements=[0], roads=chain(state, 0, 3, 7, 12, 17, 23))
    _build_settlement_at(state, 23)
    assert state.c2_tokens[0] == 6 and state.c2_supply == 0
    state.apply(state.legal_actions()[0])  # the neutral piece
    state.knights[0] = 1
    state.dev_deck[KNIGHT] -= 1
    state._legal = None
    assert "trade_knight" not in kinds(state)


def test_c2_ta_01_one_token_action_a_turn_before_the_roll_or_after_both() -> None:
    """C2-TA-01, A-C2-03: token actions are offered before the first roll and after the second,
    once per turn."""
    state = cleared()
    set_hand(state, 1, ore=1)
    state.robber = 0
    assert {"forced_trade", "robber_to_desert"} <= kinds(state)
    state.apply({"type": "robber_to_desert"})
    assert not {"forced_trade", "robber_to_desert"} & kinds(state)
    after_rolls(state)
    assert not {"forced_trade", "robber_to_desert"} & kinds(state)
    state.apply(A.END_TURN)
    set_hand(state, 0, ore=1)
    state.apply(A.ROLL)
    state.apply(state.chance_outcomes()[0][0])
    assert state.current_player() == CHANCE  # nothing between the rolls
    state.apply(state.chance_outcomes()[0][0])
    assert "forced_trade" in kinds(state)


def test_c2_ta_02_price_one_when_behind_or_level_two_when_ahead() -> None:
    """C2-TA-02: 1 token while your public VP do not exceed the opponent's, else 2 (a hidden
    VP card does not count)."""
    state = cleared()
    set_hand(state, 1, ore=2)
    put(state, 0, settlements=[0])
    put(state, 1, settlements=[2])
    state.dev_hand[0][4] = 1  # a victory point card, hidden
    state.dev_deck[4] -= 1
    assert state.observation(0)["catan_for_two"]["token_price"] == 1
    state.apply({"type": "forced_trade"})
    assert state.c2_tokens == [4, 5]
    state = cleared()
    set_hand(state, 1, ore=2)
    put(state, 0, settlements=[0, 7])
    put(state, 1, settlements=[2])
    assert state.observation(0)["catan_for_two"]["token_price"] == 2
    assert state.observation(1)["catan_for_two"]["token_price"] == 1
    state.c2_tokens[0] = 1
    state._legal = None
    assert "forced_trade" not in kinds(state)
    state.c2_tokens[0] = 2
    state._legal = None
    state.apply({"type": "forced_trade"})
    assert state.c2_tokens == [0, 5]


def test_c2_ta_03_spent_tokens_return_to_the_supply() -> None:
    """C2-TA-03."""
    state = cleared()
    state.robber = 0
    state.apply({"type": "robber_to_desert"})
    assert state.c2_tokens == [4, 5] and state.c2_supply == 11


def test_c2_ta_04_forced_trade_draws_two_at_random_then_gives_two() -> None:
    """C2-TA-04, A-C2-04: 2 random cards from the opponent (a chance node weighted by his
    hand), then 2 of the player's choice, drawn ones included."""
    state = cleared()
    set_hand(state, 1, ore=2, wool=1)
    state.apply({"type": "forced_trade"})
    assert state.current_player() == CHANCE and state.chance_kind() == "steal"
    outcomes = dict((a["resource"], p) for a, p in state.chance_outcomes())
    assert outcomes == {"wool": 1 / 3, "ore": 2 / 3}
    state.apply({"type": "forced_draw", "resource": "ore"})
    state.apply({"type": "forced_draw", "resource": "wool"})
    assert state.phase == "forced_give" and state.actor == 0
    assert state.hand[0] == [0, 0, 1, 0, 1]
    state.apply({"type": "forced_give", "resource": "ore"})
    state.apply({"type": "forced_give", "resource": "wool"})
    assert state.hand[0] == [0] * 5 and state.hand[1] == [0, 0, 1, 0, 2]
    assert state.phase == "pre_roll"


def test_c2_ta_04_an_opponent_with_one_card_still_gets_two() -> None:
    """C2-TA-04: the one card is taken and 2 are given back."""
    state = cleared()
    set_hand(state, 0, lumber=1)
    set_hand(state, 1, ore=1)
    state.apply({"type": "forced_trade"})
    state.apply({"type": "forced_draw", "resource": "ore"})
    assert state.phase == "forced_give"
    state.apply({"type": "forced_give", "resource": "lumber"})
    assert state.phase == "forced_give"
    state.apply({"type": "forced_give", "resource": "ore"})
    assert state.hand[0] == [0] * 5 and state.hand[1] == [1, 0, 0, 0, 1]


def test_c2_ta_05_the_robber_back_to_the_desert_robs_nobody() -> None:
    """C2-TA-05."""
    state = cleared()
    put(state, 1, settlements=[0])
    set_hand(state, 1, ore=1)
    state.robber = 0
    state.apply({"type": "robber_to_desert"})
    assert state.robber == DESERT and state.phase == "pre_roll"
    assert state.hand[1] == [0, 0, 0, 0, 1]


def test_c2_ta_06_no_token_action_without_effect() -> None:
    """C2-TA-06: no Forced Trade against an empty hand, no robber move onto the desert it
    stands on."""
    state = cleared()
    assert state.robber == DESERT and sum(state.hand[1]) == 0
    assert not {"forced_trade", "robber_to_desert"} & kinds(state)


def test_c2_vp_01_ten_points_on_your_own_turn_win() -> None:
    """C2-VP-01: the base target, 10 VP on your own turn; the game ends at once, before the
    neutral piece the settlement would owe."""
    state = cleared()
    put(state, 0, settlements=[0], cities=[2, 26, 47, 50], roads=chain(state, 0, 3, 7))
    assert state.public_vp(0) == 9
    _build_settlement_at(state, 7)
    assert state.is_terminal() and state.result()["ranking"] == [0, 1]
    assert state.result()["reason"] == "victory"
