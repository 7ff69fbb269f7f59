"""An open trade proposal in the card game (CG-TRADE-01 with the trade protocol's rulings):
accepted when both seats hold the cards and have room for what they receive, else refused
through ``apply()`` with its reason word for word (a clear error is part of the protocol)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from games.errors import IllegalAction
from tests.games.cardgame.positions import main_phase, rebuild, set_units


def _position(**mine: int) -> Any:
    """Seat 0 in its actions phase holding ``mine``; the opponent 1 grain and no ore."""
    state = main_phase()
    set_units(state, 0, **mine)
    set_units(state, 1, grain=1, ore=0)
    return rebuild(state)


def _refused(state: Any, action: dict[str, Any], reason: str) -> None:
    message = f"seat 0: propose_trade: {reason} (CG-TRADE-01)"
    with pytest.raises(IllegalAction, match="^" + re.escape(message) + "$"):
        state.apply(action)


def _offer(give: Any, get: Any) -> dict[str, Any]:
    return {"type": "propose_trade", "give": give, "get": get}


def test_cg_trade_01_a_proposal_holding_and_fitting_exactly_is_made() -> None:
    """CG-TRADE-01: the proposer gives his only ore and wool for the opponent's only grain,
    with room for exactly one more grain (two for one: not one of the listed one-for-one
    offers, so checked as an open proposal): the opponent is asked."""
    state = _position(ore=1, wool=1, grain=2)
    offer = _offer({"ore": 1, "wool": 1}, {"grain": 1})
    assert offer not in state.legal_actions()
    state.apply(offer)
    assert state.current_player() == 1
    assert state.observation(1)["trade_offer"] == {
        "give": {"ore": 1, "wool": 1},
        "get": {"grain": 1},
    }


def test_cg_trade_01_a_bad_proposal_is_refused_with_its_reason() -> None:
    """CG-TRADE-01: exactly the keys type, give, get; each side a non-empty dict of known
    resources with positive whole counts; no resource on both sides; the cards held on both
    sides; the proposals left this turn."""
    state = _position(ore=1, grain=2)
    _refused(
        state,
        {**_offer({"ore": 1}, {"grain": 1}), "x": 1},
        "a proposal has exactly the keys type, give, get",
    )
    _refused(state, _offer({}, {"grain": 1}), "'give' must be a non-empty {resource: count} dict")
    _refused(
        state, _offer("ore", {"grain": 1}), "'give' must be a non-empty {resource: count} dict"
    )
    _refused(state, _offer({"stone": 1}, {"grain": 1}), "'give' has a bad entry 'stone': 1")
    _refused(state, _offer({"ore": 0}, {"grain": 1}), "'give' has a bad entry 'ore': 0")
    _refused(state, _offer({"ore": 1}, {"ore": 1}), "the same resource cannot be on both sides")
    _refused(state, _offer({"ore": 2}, {"grain": 1}), "you hold only 1 ore")
    _refused(state, _offer({"ore": 1}, {"grain": 2}), "the opponent holds only 1 grain")
    for _ in range(3):
        state.apply(_offer({"ore": 1}, {"grain": 1}))
        state.apply({"type": "reject_trade"})
    _refused(
        state,
        _offer({"ore": 1}, {"grain": 1}),
        "no proposals left this turn (option max_trade_proposals)",
    )
