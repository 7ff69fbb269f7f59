"""Trade progress cards, each played through legal_actions()/apply() (CK-PC-T01..T06)."""

from __future__ import annotations

from games.catan import actions as A
from games.catan.constants import RESOURCE_INDEX
from games.catan.expansions.cities_knights import trading

from .progress_helpers import QUIET_ROLL, answer, deal, give, hand, main_phase, play, plays


def others(state):
    p = state.turn_player
    return [(p + i) % state.n for i in range(1, state.n)]


def test_ck_pc_t01_commercial_harbor_resource_for_a_commodity_of_their_choice() -> None:
    state = main_phase()
    p = state.turn_player
    q, r = others(state)
    give(state, p, brick=1, grain=1)
    give(state, q, cloth=1, coin=1)
    give(state, r, ore=2)  # no commodity: skipped
    deal(state, p, "Commercial Harbor")
    play(state, "Commercial Harbor")
    offers = [a for a in state.legal_actions() if a["type"] == "offer_resource"]
    assert {a["seat"] for a in offers} == {q}
    answer(state, "offer_resource", seat=q, resource="brick")
    assert state.current_player() == q  # he picks the commodity he pays with
    assert {a["card"] for a in state.legal_actions()} == {"cloth", "coin"}
    answer(state, "give_card", card="coin")
    assert hand(state, p) == {"grain": 1, "coin": 1}
    assert hand(state, q) == {"brick": 1, "cloth": 1}
    assert state.phase == "main"  # nobody left to offer to


def test_ck_pc_t01_commercial_harbor_may_stop() -> None:
    state = main_phase()
    p = state.turn_player
    q, r = others(state)
    give(state, p, brick=2)
    give(state, q, cloth=1)
    give(state, r, paper=1)
    deal(state, p, "Commercial Harbor")
    play(state, "Commercial Harbor")
    answer(state, "offer_resource", seat=r, resource="brick")
    answer(state, "give_card", card="paper")
    answer(state, "progress_done")
    assert hand(state, p) == {"brick": 1, "paper": 1} and hand(state, q) == {"cloth": 1}
    assert state.phase == "main"


def test_ck_pc_t02_master_merchant_takes_two_cards_of_a_richer_hand() -> None:
    state = main_phase()
    p = state.turn_player
    q, r = others(state)
    state.ck_progress_vp[q].append("Printer")
    give(state, q, lumber=1, coin=2)
    give(state, r, ore=2)  # as many VP as p: not a target
    deal(state, p, "Master Merchant")
    assert [a["seat"] for a in plays(state, "Master Merchant")] == [q]
    play(state, "Master Merchant", seat=q)
    seen = state.observation(p)["cities_and_knights"]["progress_pending"]
    assert seen["hand"] == {"lumber": 1, "coin": 2}
    assert "hand" not in (state.observation(r)["cities_and_knights"]["progress_pending"] or {})
    answer(state, "pick_card", card="coin")
    answer(state, "pick_card", card="lumber")
    assert hand(state, p) == {"lumber": 1, "coin": 1} and hand(state, q) == {"coin": 1}
    assert state.phase == "main"


def test_ck_pc_t03_merchant_gives_a_vp_and_two_for_one() -> None:
    state = main_phase()
    p = state.turn_player
    deal(state, p, "Merchant")
    spots = [a["hex"] for a in plays(state, "Merchant")]
    assert spots
    h = spots[0]
    assert any(h in state.board.vertex_hexes[v] for v, o in enumerate(state.vertex_owner) if o == p)
    resource = ("lumber", "brick", "wool", "grain", "ore")[state.hex_resource[h]]
    vp = state.total_vp(p)
    play(state, "Merchant", hex=h)
    assert state.ck_merchant == [h, p]
    assert state.total_vp(p) == vp + 1
    give(state, p, **{resource: 2})
    two_for_one = [
        a
        for a in state.legal_actions()
        if a.get("give") == resource and a["type"] in ("bank_trade", "maritime_trade")
    ]
    assert two_for_one
    state.apply(two_for_one[0])
    assert sum(hand(state, p).values()) == 1


def test_ck_pc_t03_a_second_merchant_is_not_offered_where_your_merchant_stands() -> None:
    """CK-ME-01: not the hex where the merchant already stands under your control; every other
    hex next to your buildings still is (the hexes are kept between lists)."""
    state = main_phase()
    p = state.turn_player
    deal(state, p, "Merchant")
    spots = [a["hex"] for a in plays(state, "Merchant")]
    assert len(spots) > 1
    play(state, "Merchant", hex=spots[0])
    deal(state, p, "Merchant")
    assert [a["hex"] for a in plays(state, "Merchant")] == spots[1:]


def test_ck_pc_t03_another_merchant_takes_it_over() -> None:
    state = main_phase()
    p = state.turn_player
    q = others(state)[0]
    h = next(
        x
        for x in range(len(state.numbers))
        if state.hex_resource[x] >= 0
        and any(state.vertex_owner[v] == q for v in state.board.hex_vertices[x])
    )
    state.ck_merchant = [h, q]
    vp_q = state.total_vp(q)
    deal(state, p, "Merchant")
    target = plays(state, "Merchant")[0]["hex"]
    play(state, "Merchant", hex=target)
    assert state.ck_merchant == [target, p]
    assert state.total_vp(q) == vp_q - 1


def test_ck_pc_t04_merchant_fleet_two_for_one_this_turn() -> None:
    state = main_phase()
    p = state.turn_player
    give(state, p, wool=2)
    deal(state, p, "Merchant Fleet")
    assert len(plays(state, "Merchant Fleet")) == 8
    assert not [a for a in state.legal_actions() if a.get("give") == "wool"]
    play(state, "Merchant Fleet", good="wool")
    trade = next(
        a for a in state.legal_actions() if a.get("give") == "wool" and a.get("get") == "ore"
    )
    state.apply(trade)
    assert hand(state, p) == {"ore": 1}


def test_ck_pc_t04_merchant_fleet_ends_with_the_turn() -> None:
    """CK-PC-T04: the 2:1 rate lasts this turn only: the next seat's turn trades wool at its own
    rate (the effect is the table's, not the seat's, so it would carry over if not ended)."""
    state = main_phase()
    p = state.turn_player
    deal(state, p, "Merchant Fleet")
    play(state, "Merchant Fleet", good="wool")
    assert trading.rate(state, p, "wool") == 2
    state.apply(A.END_TURN)
    q = state.turn_player
    assert q != p
    state.apply(A.ROLL)
    state.apply(QUIET_ROLL)
    assert trading.rate(state, q, "wool") == state.rates[q][RESOURCE_INDEX["wool"]] > 2


def test_ck_pc_t05_resource_monopoly_two_from_each() -> None:
    state = main_phase()
    p = state.turn_player
    q, r = others(state)
    give(state, q, ore=3)
    give(state, r, ore=1, brick=1)
    deal(state, p, "Resource Monopoly")
    assert {a["good"] for a in plays(state, "Resource Monopoly")} == {
        "lumber",
        "brick",
        "wool",
        "grain",
        "ore",
    }
    play(state, "Resource Monopoly", good="ore")
    assert hand(state, p) == {"ore": 3}
    assert hand(state, q) == {"ore": 1} and hand(state, r) == {"brick": 1}


def test_ck_pc_t06_trade_monopoly_one_commodity_from_each() -> None:
    state = main_phase()
    p = state.turn_player
    q, r = others(state)
    give(state, q, coin=2)
    give(state, r, coin=1, paper=1)
    deal(state, p, "Trade Monopoly")
    assert {a["good"] for a in plays(state, "Trade Monopoly")} == {"paper", "cloth", "coin"}
    play(state, "Trade Monopoly", good="coin")
    assert hand(state, p) == {"coin": 2}
    assert hand(state, q) == {"coin": 1} and hand(state, r) == {"paper": 1}
