"""Gold coins (``games/catan/mechanics/gold.py``), played through The Rivers of Catan, the first
scenario that uses them (Barbarian Attack and Traders & Barbarians share the module)."""

from __future__ import annotations

import pytest

from games.catan import GAME
from games.catan import actions as A
from games.catan.mechanics import gold
from games.errors import IllegalAction
from tests.games.catan.expansions.rivers.helpers import cleared, set_gold
from tests.games.catan.fixtures import empty_board, hand, put, roll, set_hand, types

EXCHANGE_ORE = {"type": "exchange_gold", "resource": "ore"}


def _main(golds=(0, 0, 0, 0), **options):
    state = cleared(len(golds), **options)
    roll(state, 3)  # an empty board: nothing produced
    set_gold(state, list(golds))
    return state


def test_ri_gu_01_two_gold_buy_one_resource_at_most_twice_per_turn() -> None:
    """RI-GU-01: the player in turn pays 2 gold for 1 resource of his choice, twice a turn; the
    count starts again next turn."""
    state = _main([7, 0, 0, 0])
    exchanges = [a for a in state.legal_actions() if a["type"] == "exchange_gold"]
    assert sorted(a["resource"] for a in exchanges) == sorted(
        ["lumber", "brick", "wool", "grain", "ore"]
    )
    state.apply(EXCHANGE_ORE)
    assert state.gold[0] == 5 and hand(state, 0) == {"ore": 1}
    assert state.bank[4] == 18 and state.gold_supply == gold.SUPPLY - 7 + 2
    state.apply({"type": "exchange_gold", "resource": "wool"})
    assert state.gold[0] == 3 and hand(state, 0) == {"ore": 1, "wool": 1}
    assert "exchange_gold" not in types(state)  # a third exchange: not this turn
    with pytest.raises(IllegalAction, match="exchange_gold"):
        state.apply(EXCHANGE_ORE)
    state.apply(A.END_TURN)
    for _ in range(3):
        roll(state, 3)
        state.apply(A.END_TURN)
    roll(state, 3)
    assert state.turn_player == 0 and EXCHANGE_ORE in state.legal_actions()


def test_ri_gu_01_only_the_turn_player_after_the_roll_with_two_gold() -> None:
    """RI-GU-01: not before the roll, not with 1 gold, not a resource the bank has run out of."""
    state = cleared()
    set_gold(state, [5, 5, 5, 5])
    assert "exchange_gold" not in types(state)  # before the roll
    roll(state, 3)
    set_gold(state, [1, 5, 5, 5])
    assert "exchange_gold" not in types(state)
    set_gold(state, [2, 5, 5, 5])
    state.bank[4] = 0
    assert "exchange_gold" in types(state) and EXCHANGE_ORE not in state.legal_actions()


def test_ri_gu_01_gold_may_be_spent_the_turn_it_is_received() -> None:
    """RI-GU-01: gold bought from the bank this turn pays for an exchange at once."""
    state = _main([1, 0, 0, 0])
    set_hand(state, 0, lumber=4)
    state.apply(gold.BUY[0][4])
    assert state.gold[0] == 2
    state.apply(EXCHANGE_ORE)
    assert state.gold[0] == 0 and hand(state, 0) == {"ore": 1}


def test_ri_gu_03_the_bank_sells_gold_four_to_one() -> None:
    """RI-GU-03: 4 identical resources -> 1 gold; 3 are not enough without a harbour."""
    state = _main()
    set_hand(state, 0, brick=4, grain=3)
    buys = [a for a in state.legal_actions() if a["type"] == "buy_gold"]
    assert buys == [{"type": "buy_gold", "give": "brick", "rate": 4}]
    state.apply(buys[0])
    assert state.gold[0] == 1 and hand(state, 0) == {"grain": 3} and state.bank[1] == 19


def _harbour_vertex(state, kind_is_any: bool) -> int:
    for i, kind in enumerate(state.board.harbor_types):
        if (kind == "any") == kind_is_any:
            return state.board.harbor_vertices[i][0]
    raise AssertionError("no such harbour")


def test_ri_gu_03_a_generic_harbour_sells_gold_three_to_one_a_special_one_does_not() -> None:
    """RI-GU-03, A-RI-03: with a 3:1 harbour 3 identical resources buy 1 gold; a 2:1 harbour
    gives no 2:1 (nor 3:1) gold."""
    state = _main()
    put(state, 0, settlements=[_harbour_vertex(state, kind_is_any=False)])
    set_hand(state, 0, lumber=3, brick=3, wool=3, grain=3, ore=3)
    assert "buy_gold" not in types(state)
    assert state.observation(0)["gold"]["buy_rate"] == 4
    put(state, 0, settlements=[_harbour_vertex(state, kind_is_any=True)])
    buys = [a for a in state.legal_actions() if a["type"] == "buy_gold"]
    assert {a["rate"] for a in buys} == {3} and len(buys) == 5
    state.apply(buys[0])
    assert state.gold[0] == 1 and state.hand[0][0] == 0


def test_ri_gu_03_with_strict_phases_gold_is_bought_before_building_only() -> None:
    """RI-GU-03 (a trade): with ``combined_trade_build`` off, no gold purchase after a build."""
    state = _main(combined_trade_build=False)
    put(state, 0, settlements=[_harbour_vertex(state, kind_is_any=True)])
    set_hand(state, 0, lumber=4, brick=1)
    road = next(a for a in state.legal_actions() if a["type"] == "build_road")
    assert "buy_gold" in types(state)
    state.apply(road)
    assert "buy_gold" not in types(state)


def test_ri_gu_04_gold_is_not_counted_for_the_seven() -> None:
    """RI-GU-04: 7 cards and 20 gold discard nothing; 8 cards discard 4, never gold."""
    state = cleared()
    set_gold(state, [20, 20, 0, 0])
    set_hand(state, 0, lumber=7)
    set_hand(state, 1, brick=8)
    roll(state, 7)
    assert state.phase == "discard" and state.current_player() == 1
    assert state.discards == [[1, 4]]
    for _ in range(4):
        state.apply(state.legal_actions()[0])
    assert state.gold == [20, 20, 0, 0] and sum(state.hand[1]) == 4


def test_ri_gu_04_gold_cannot_be_robbed() -> None:
    """RI-GU-04: a victim with gold but no cards loses nothing."""
    state = cleared()
    set_gold(state, [0, 9, 0, 0])
    hexes = [h for h in range(19) if h != state.robber and state.numbers[h]]
    put(state, 1, settlements=[state.board.hex_vertices[hexes[0]][0]])
    roll(state, 7)
    state.apply(A.MOVE_ROBBER[hexes[0]])
    assert state.gold == [0, 9, 0, 0] and sum(state.hand[0]) == 0
    steal = [e for e in state.events if e["type"] == "steal"][-1]
    assert steal["victim"] == 1 and steal["resource"] is None


def test_ri_gu_04_monopoly_takes_no_gold() -> None:
    """RI-GU-04: Monopoly takes the named resource cards only; the gold stays."""
    state = _main([0, 6, 6, 6])
    state.dev_hand[0][3] = 1  # monopoly, bought on an earlier turn
    set_hand(state, 1, ore=2)
    state.apply({"type": "play_monopoly", "resource": "ore"})
    assert hand(state, 0) == {"ore": 2} and state.gold == [0, 6, 6, 6]


def test_ri_gu_02_gold_trades_with_other_players() -> None:
    """RI-GU-02: a proposal gives 3 gold for a brick; the partner may accept only if he holds
    what is asked; the gold moves on confirmation."""
    state = _main([3, 0, 1, 0])
    set_hand(state, 1, brick=1)
    state.apply({"type": "propose_trade", "give": {"gold": 3}, "get": {"brick": 1}})
    assert state.observation(2)["trade"]["give"] == {"gold": 3}
    state.apply(A.ACCEPT_TRADE)
    state.apply(A.REJECT_TRADE)
    state.apply(A.REJECT_TRADE)
    state.apply(A.CONFIRM_TRADE[1])
    assert state.gold == [0, 3, 1, 0] and hand(state, 0) == {"brick": 1}
    trade = [e for e in state.events if e["type"] == "trade"][-1]
    assert trade["give"] == {"gold": 3} and trade["get"] == {"brick": 1}
    # and the other way: a card for gold, refused by a partner without the gold
    set_hand(state, 0, wool=1)
    state.apply({"type": "propose_trade", "give": {"wool": 1}, "get": {"gold": 2}})
    assert state.legal_actions() == [A.ACCEPT_TRADE, A.REJECT_TRADE]  # seat 1 has 3
    state.apply(A.ACCEPT_TRADE)
    assert state.legal_actions() == [A.REJECT_TRADE]  # seat 2 has 1 gold
    state.apply(A.REJECT_TRADE)
    state.apply(A.REJECT_TRADE)
    state.apply(A.CONFIRM_TRADE[1])
    assert state.gold == [2, 1, 1, 0] and hand(state, 1) == {"wool": 1}


def test_ri_gu_02_gold_proposals_are_checked() -> None:
    """RI-GU-02: not more gold than held, not gold on both sides, a positive count; a game
    without gold refuses the key with a clear error."""
    state = _main([1, 0, 0, 0])
    set_hand(state, 0, wool=1)
    for bad, why in [
        ({"give": {"gold": 2}, "get": {"brick": 1}}, "gold you offer"),
        ({"give": {"gold": 1}, "get": {"gold": 1, "brick": 1}}, "both sides"),
        ({"give": {"gold": 0, "wool": 1}, "get": {"brick": 1}}, "positive integer"),
        ({"give": {"gold": "1"}, "get": {"brick": 1}}, "positive integer"),
    ]:
        with pytest.raises(IllegalAction, match=why):
            state.apply({"type": "propose_trade", **bad})
    base = empty_board(4)
    roll(base, 3)
    set_hand(base, 0, wool=1)
    with pytest.raises(IllegalAction, match="no gold in this game"):
        base.apply({"type": "propose_trade", "give": {"wool": 1}, "get": {"gold": 1}})


def test_ri_co_04_the_supply_of_100_gold_is_a_limit() -> None:
    """RI-CO-04: 100 gold in the box; gold owed beyond it is not paid (the rest is)."""
    state = _main([0, 0, 0, 0])
    assert state.gold_supply == 100 == gold.SUPPLY
    set_gold(state, [0, 50, 49, 0])
    set_hand(state, 0, ore=8)
    state.apply(gold.BUY[4][4])
    assert state.gold[0] == 1 and state.gold_supply == 0
    assert "buy_gold" not in types(state)  # nothing left to sell
    assert gold.gain(state, 0, 3, "bridge") == 0 and state.gold[0] == 1


def test_gold_is_public_observed_and_stored() -> None:
    """Gold lies open: every seat sees every seat's gold; ``to_dict`` keeps it exactly."""
    state = _main([4, 1, 0, 2])
    state.apply(EXCHANGE_ORE)
    for seat in range(4):
        obs = state.observation(seat)["gold"]
        assert obs["seats"] == [2, 1, 0, 2] and obs["exchanges_left"] == 1
    again = GAME.from_dict(state.to_dict())
    assert again.to_dict() == state.to_dict() and again.gold_exchanges == 1
    assert "exchange_gold" in {a["type"] for a in again.legal_actions()}
