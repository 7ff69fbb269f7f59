"""Open trade proposals with commodities (Cities & Knights, CK-TR-01) and gold coins (RI-GU-02),
and the schema of a proposal's sides (BG-TRADE-03, A-BG-15): each accepted or refused through
``apply()``, a refusal with its message word for word (a clear error is part of the protocol,
docs/protocol.md).

The checks live in the engine core (``games.catan.trade``); their tests sit here, in mutation
testing's selection (issue 11)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from games.catan import actions as A
from games.catan.constants import RESOURCES
from games.errors import IllegalAction
from tests.games.catan.expansions.cities_knights.helpers import ck_game, give, in_main
from tests.games.catan.expansions.rivers.helpers import cleared, set_gold
from tests.games.catan.fixtures import empty_board, put, roll, set_hand, types


def _refused(state: Any, give_side: Any, get_side: Any, why: str) -> None:
    """The proposal is refused with exactly ``seat N: propose_trade: why``; nothing changes."""
    message = f"seat {state.turn_player}: propose_trade: {why}"
    with pytest.raises(IllegalAction, match=f"^{re.escape(message)}$"):
        state.apply({"type": "propose_trade", "give": give_side, "get": get_side})
    assert state.phase == "main"


def _accepted(state: Any, give_side: Any, get_side: Any) -> None:
    """The proposal is made (the opponents answer), then withdrawn by every opponent's no."""
    state.apply({"type": "propose_trade", "give": give_side, "get": get_side})
    assert state.phase == "trade_answer"
    assert state.trade is not None
    while state.phase == "trade_answer":
        state.apply(A.REJECT_TRADE)
    if state.phase != "main":
        state.apply(A.CANCEL_TRADE)
    assert state.phase == "main"


def _base_main() -> Any:
    state = empty_board(3, trade_proposals_per_turn=20)
    put(state, 0, settlements=[12])
    roll(state, 2)
    return state


def _ck_main() -> Any:
    state = in_main(ck_game(trade_proposals_per_turn=20))
    state.options["trade_proposals_per_turn"] = 20
    return state


def _gold_main(golds: list[int]) -> Any:
    state = cleared(len(golds))
    roll(state, 3)
    set_gold(state, golds)
    state.options["trade_proposals_per_turn"] = 20
    return state


def test_ck_tr_01_commodities_are_offered_and_asked_card_for_card() -> None:
    """CK-TR-01: commodities alone on either side, mixed with resources, or all the player
    holds, make a proposal."""
    state = _ck_main()
    p = state.turn_player
    give(state, p, ore=1, paper=2, cloth=1, coin=1)
    _accepted(state, {"paper": 1}, {"lumber": 1})
    _accepted(state, {"ore": 1}, {"coin": 1})
    _accepted(state, {"paper": 2, "cloth": 1, "coin": 1}, {"grain": 2})
    _accepted(state, {"ore": 1, "cloth": 1}, {"paper": 1, "lumber": 1})


def test_ck_tr_01_a_bg_15_commodity_proposals_refused_with_their_reason() -> None:
    """CK-TR-01, A-BG-15, BG-TRADE-03: not more of a commodity than held (each kind counted),
    not the same commodity on both sides, a positive whole count, and still no gift."""
    state = _ck_main()
    p = state.turn_player
    give(state, p, ore=1, paper=1, cloth=1)
    _refused(state, {"paper": 2}, {"ore": 1}, "you do not hold the commodities you offer")
    _refused(state, {"coin": 1}, {"ore": 1}, "you do not hold the commodities you offer")
    _refused(
        state, {"cloth": 1, "coin": 1}, {"ore": 1}, "you do not hold the commodities you offer"
    )
    _refused(state, {"paper": 1}, {"paper": 1}, "the same commodity on both sides (A-BG-15)")
    _refused(
        state, {"paper": 1}, {"cloth": 1, "paper": 2}, "the same commodity on both sides (A-BG-15)"
    )
    _refused(state, {"coin": 0, "ore": 1}, {"lumber": 1}, "give['coin'] must be a positive integer")
    _refused(state, {"ore": 1}, {"cloth": "1"}, "get['cloth'] must be a positive integer")
    _refused(state, {"ore": 1}, {"paper": -1}, "get['paper'] must be a positive integer")
    _refused(state, {"paper": 1}, {}, "each side must give at least one card (BG-TRADE-03)")
    _refused(state, {}, {"cloth": 1}, "each side must give at least one card (BG-TRADE-03)")


def test_ck_tr_01_no_commodities_outside_cities_and_knights() -> None:
    """CK-TR-01: a game without commodities refuses them by name, on either side."""
    state = _base_main()
    set_hand(state, 0, lumber=1)
    _refused(state, {"lumber": 1, "paper": 1}, {"ore": 1}, "no commodities in this game (give)")
    _refused(state, {"lumber": 1}, {"coin": 1}, "no commodities in this game (get)")


def test_ri_gu_02_gold_is_offered_and_asked() -> None:
    """RI-GU-02: gold alone on either side, or all the gold held, makes a proposal."""
    state = _gold_main([2, 0, 0, 0])
    set_hand(state, 0, wool=1)
    _accepted(state, {"gold": 2}, {"brick": 1})
    _accepted(state, {"gold": 1, "wool": 1}, {"brick": 1})
    _accepted(state, {"wool": 1}, {"gold": 1})
    _accepted(state, {"wool": 1}, {"gold": 3})
    # every seat sees the gold of the open proposal (observation's "trade")
    state.apply({"type": "propose_trade", "give": {"gold": 1, "wool": 1}, "get": {"brick": 1}})
    for seat in range(state.n):
        trade = state.observation(seat)["trade"]
        assert trade["give"] == {"wool": 1, "gold": 1} and trade["get"] == {"brick": 1}


def test_ri_gu_02_a_bg_15_gold_proposals_refused_with_their_reason() -> None:
    """RI-GU-02, A-BG-15: not more gold than held, not gold on both sides, a positive whole
    count on either side; a game without gold names the side."""
    state = _gold_main([1, 0, 0, 0])
    set_hand(state, 0, wool=1)
    _refused(state, {"gold": 2}, {"brick": 1}, "you do not hold the gold you offer")
    _refused(state, {"gold": 1}, {"gold": 1, "brick": 1}, "gold on both sides (A-BG-15)")
    _refused(state, {"gold": 0, "wool": 1}, {"brick": 1}, "give['gold'] must be a positive integer")
    _refused(state, {"wool": 1}, {"gold": "2"}, "get['gold'] must be a positive integer")
    _refused(state, {"wool": 1}, {"gold": -1}, "get['gold'] must be a positive integer")
    _refused(state, {"gold": 1}, {}, "each side must give at least one card (BG-TRADE-03)")
    base = _base_main()
    set_hand(base, 0, wool=1)
    _refused(base, {"wool": 1}, {"gold": 1}, "no gold in this game (get has 'gold')")
    _refused(base, {"gold": 1}, {"ore": 1}, "no gold in this game (give has 'gold')")


def test_bg_trade_03_a_bg_15_proposal_schema_refused_with_its_reason() -> None:
    """BG-TRADE-03, A-BG-15, BG-TRADE-04: each side an object of known resources with positive
    whole counts, exactly the keys type, give, get, the cards held, no resource on both sides,
    and the engine's cap on proposals per turn; each refusal names its reason."""
    state = empty_board(3, trade_proposals_per_turn=1)
    put(state, 0, settlements=[12])
    roll(state, 2)
    set_hand(state, 0, lumber=2, ore=1)
    _refused(state, ["lumber"], {"ore": 1}, "give must be an object resource -> count")
    _refused(state, 5, {"ore": 1}, "give must be an object resource -> count")
    _refused(state, {"lumber": 1}, "ore", "get must be an object resource -> count")
    _refused(state, {"lumber": 1, "stone": 1}, {"ore": 1}, "unknown resource 'stone' in give")
    _refused(state, {"lumber": 1}, {"wheat": 1}, "unknown resource 'wheat' in get")
    _refused(state, {"lumber": 0}, {"grain": 1}, "give['lumber'] must be a positive integer")
    _refused(state, {"lumber": 1}, {"grain": "1"}, "get['grain'] must be a positive integer")
    _refused(state, {"lumber": 3}, {"grain": 1}, "you do not hold the cards you offer")
    _refused(
        state, {"lumber": 1, "ore": 1}, {"ore": 2}, "the same resource on both sides (A-BG-15)"
    )
    with pytest.raises(
        IllegalAction, match=r"^seat 0: propose_trade: keys must be exactly type, give, get$"
    ):
        state.apply({"type": "propose_trade", "give": {"lumber": 1}, "get": {"ore": 1}, "x": 1})
    _accepted(state, {"lumber": 2, "ore": 1}, {"grain": 1})
    _refused(state, {"lumber": 1}, {"grain": 1}, "proposal limit for this turn reached")


def _confirmed(state: Any, give_side: dict, get_side: dict, partner: int) -> dict:
    """``partner`` accepts the proposal, every other opponent refuses, the proposer confirms
    ``partner``; returns the trade's logged event."""
    state.apply({"type": "propose_trade", "give": give_side, "get": get_side})
    while state.phase == "trade_answer":
        state.apply(A.ACCEPT_TRADE if state.actor == partner else A.REJECT_TRADE)
    logged = len(state.events)
    state.apply(A.CONFIRM_TRADE[partner])
    assert state.phase == "main" and state.trade is None
    (event,) = [e for e in state.events[logged:] if e["type"] == "trade"]
    assert (event["seat"], event["partner"]) == (state.turn_player, partner)
    return event


def test_ri_gu_02_a_confirmed_trade_moves_the_gold_and_logs_it() -> None:
    """RI-GU-02 with BG-TRADE-02: gold given for a card goes from the proposer to the partner,
    gold asked for a card from the partner to the proposer; the trade's event names the gold."""
    state = _gold_main([3, 1, 0, 0])
    set_hand(state, 0, wool=1)
    set_hand(state, 2, brick=1)
    event = _confirmed(state, {"gold": 2}, {"brick": 1}, partner=2)
    assert state.gold == [1, 1, 2, 0]
    assert (state.hand[0][1], state.hand[2][1]) == (1, 0)
    assert event["give"] == {"gold": 2} and event["get"] == {"brick": 1}
    paid = [(e["seat"], e["amount"], e["reason"]) for e in state.events if e["type"] == "gold"]
    assert paid[-2:] == [(0, -2, "trade"), (2, 2, "trade")]  # each side's gold logged as a trade's
    event = _confirmed(state, {"wool": 1}, {"gold": 1}, partner=1)
    assert state.gold == [2, 0, 2, 0]
    assert (state.hand[0][2], state.hand[1][2]) == (0, 1)
    assert event["give"] == {"wool": 1} and event["get"] == {"gold": 1}


def test_ck_tr_01_a_confirmed_trade_moves_the_commodities_and_logs_them() -> None:
    """CK-TR-01 with BG-TRADE-02: commodities change hands card for card, both ways, beside a
    resource, and the trade's event names them."""
    state = _ck_main()
    p = state.turn_player
    q = (p + 1) % state.n
    give(state, p, paper=2, ore=1)
    give(state, q, cloth=1, coin=1)
    event = _confirmed(state, {"paper": 2, "ore": 1}, {"cloth": 1, "coin": 1}, partner=q)
    assert state.ck_commodities[p] == [0, 1, 1]  # paper, cloth, coin
    assert state.ck_commodities[q] == [2, 0, 0]
    assert (state.hand[p][4], state.hand[q][4]) == (0, 1)
    assert event["give"] == {"ore": 1, "paper": 2} and event["get"] == {"cloth": 1, "coin": 1}


def test_ck_tr_01_only_an_opponent_holding_the_asked_commodities_may_accept() -> None:
    """CK-TR-01 with BG-TRADE-02: an opponent asked for a coin may accept only if he holds one;
    the others may only refuse."""
    state = _ck_main()
    p = state.turn_player
    holder = (p + 2) % state.n
    give(state, p, ore=1)
    for q in range(state.n):
        if q != p:
            give(state, q, coin=1 if q == holder else 0, paper=1)
    state.apply({"type": "propose_trade", "give": {"ore": 1}, "get": {"coin": 1}})
    answers = {}
    while state.phase == "trade_answer":
        answers[state.actor] = A.ACCEPT_TRADE in state.legal_actions()
        state.apply(A.REJECT_TRADE)
    assert answers == {q: q == holder for q in range(state.n) if q != p}


def test_bg_trade_04_the_last_proposal_of_a_turn_leaves_the_kept_main_list() -> None:
    """BG-TRADE-04: with the cap of proposals reached by a proposal that came to nothing, the
    main list (kept across the trade talk in Cities & Knights, whose version does not move) no
    longer offers a proposal, and a proposal is refused."""
    state = in_main(ck_game(trade_proposals_per_turn=1))
    set_hand(state, 0, lumber=2)
    assert "propose_trade" in types(state)
    _accepted(state, {"lumber": 1}, {"ore": 1})
    assert state.proposals == 1
    assert "propose_trade" not in types(state)
    assert "propose_trade" not in types(state)  # the list kept without proposals serves again
    with pytest.raises(IllegalAction):
        state.apply({"type": "propose_trade", "give": {"lumber": 1}, "get": {"ore": 1}})


def test_bg_trade_04_the_kept_list_loses_exactly_its_proposals_whatever_the_hand() -> None:
    """BG-TRADE-04: the kept main list made without proposals once the turn's last is made
    (``without_proposals``: two slices around the proposals' block) is the list with every
    proposal left out and nothing else, for every set of resources held (commodities and the
    plug-in's actions after the block too), and the list itself when none was offered."""
    from itertools import product

    from games.catan.trade import PROPOSALS_PER_KIND

    assert {len(row) for row in A.PROPOSE_BY_GIVE} == {PROPOSALS_PER_KIND}
    for held in product((0, 1, 4), repeat=5):
        state = _ck_main()
        p = state.turn_player
        # (2 paper: a bank trade or an improvement after the block)
        give(state, p, paper=2, **{r: n for r, n in zip(RESOURCES, held, strict=True) if n})
        legal = state.legal_actions()
        cut = state.without_proposals(p, legal)
        assert cut == [a for a in legal if a["type"] != "propose_trade"], held
        assert (cut is legal) == (not any(held))
    state = _ck_main()
    state.built_this_turn, state.trade_after_build = True, False  # no trade after a build
    state.touch()
    legal = state.legal_actions()
    assert "propose_trade" not in {a["type"] for a in legal}
    assert state.without_proposals(state.turn_player, legal) is legal
