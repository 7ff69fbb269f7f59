"""Refilling the hand at the end of the turn, paid searches, and the card exchange."""

from __future__ import annotations

import pytest

from games.cardgame.constants import DEV_STACKS
from games.common.api import CHANCE
from games.errors import IllegalAction
from tests.games.cardgame.positions import (
    POS,
    lay,
    main_phase,
    rebuild,
    region_action,
    set_units,
    to_hand,
)


def refill(options=None, hand=(), **units):
    state = main_phase(options=options)
    to_hand(state, 0, *hand)
    if units:
        for region in state.domains[0].regions.values():
            region[1] = 0
        set_units(state, 0, **units)
    state = rebuild(state)
    state.apply({"type": "end_actions"})
    return state


def test_cg_hand_01_draw_up_to_three_before_passing() -> None:
    """CG-HAND-01: the dice cannot pass until the hand holds 3 cards."""
    state = refill()
    assert {"type": "end_turn"} not in state.legal_actions()
    with pytest.raises(IllegalAction, match="CG-HAND-01"):
        state.apply({"type": "end_turn"})
    for _ in range(3):
        state.apply({"type": "draw_free", "stack": "dev3"})
    state.apply({"type": "end_turn"})
    assert state.active == 1


def test_cg_hand_02_drawing_beyond_three_is_optional() -> None:
    """CG-HAND-02: with a higher limit the extra draws are optional."""
    state = main_phase()
    lay(state, 0, 0, 1, "abbey")
    to_hand(state, 0, "spy", "scout", "caravan")
    state = rebuild(state)
    state.apply({"type": "end_actions"})
    legal = state.legal_actions()
    assert legal[0] == {"type": "end_turn"}
    assert {"type": "draw_free", "stack": "dev0"} in legal


def test_cg_hand_03_04_free_top_or_paid_search_card_by_card() -> None:
    """CG-HAND-03, CG-HAND-04: each card is the top of any stack free, or a chosen card of a
    searched stack for 2 resources of any types (not gold, A-CG-14), mixing methods freely."""
    state = refill(grain=1, ore=1, gold=3, wool=1, lumber=1)
    top = state.stacks["dev0"][-1]
    state.apply({"type": "draw_free", "stack": "dev0"})
    assert state.domains[0].hand == [top]
    stack = list(state.stacks["dev1"])
    state.apply({"type": "draw_paid", "stack": "dev1"})
    legal = state.legal_actions()
    assert region_action("pay", "gold") not in legal  # gold never pays the fee
    state.apply(region_action("pay", "grain"))
    state.apply(region_action("pay", "ore"))
    assert state.observation(0)["search"]["cards"] == stack[::-1]
    state.apply({"type": "take_card", "card": stack[4]})
    assert state.stacks["dev1"] == stack[:4] + stack[5:]
    state.apply({"type": "draw_paid", "stack": "dev0"})
    state.apply(region_action("pay", "wool"))
    assert state.tasks[0]["t"] == "search"  # the last non-gold unit (lumber) is paid by force
    state.apply(state.legal_actions()[0])
    assert len(state.domains[0].hand) == 3
    # with only gold left, no paid draw is offered
    assert not [a for a in state.legal_actions() if a["type"] == "draw_paid"]


def test_gold_pays_draw_option() -> None:
    """CG-HAND-03 with the A-CG-14 flag: gold may pay the paid-draw fee."""
    state = refill(options={"gold_pays_draw": True}, gold=2)
    state.apply({"type": "draw_paid", "stack": "dev0"})
    assert state.tasks[0]["t"] == "search"
    assert state.domains[0].regions[POS["gold"]][1] == 0


def test_cg_hand_05_refill_cards_cannot_be_played_this_turn() -> None:
    """CG-HAND-05: once the refill starts only draws and passing remain: nothing drawn is played."""
    state = refill()
    state.apply({"type": "draw_free", "stack": "dev0"})
    assert {a["type"] for a in state.legal_actions()} <= {"draw_free", "draw_paid", "end_turn"}


def test_cg_hand_06_07_exchange_one_card_then_the_turn_ends() -> None:
    """CG-HAND-06, CG-HAND-07: at the limit, the player may put one card under a stack and draw
    one by either method; then the turn ends."""
    state = refill(hand=("spy", "scout", "caravan"))
    spy = state.domains[0].hand[0]
    assert {"type": "exchange", "card": spy, "stack": "dev2"} in state.legal_actions()
    state.apply({"type": "exchange", "card": spy, "stack": "dev2"})
    assert state.stacks["dev2"][0] == spy
    assert {a["type"] for a in state.legal_actions()} == {"draw_free", "draw_paid"}
    state.apply({"type": "draw_free", "stack": "dev4"})
    assert state.active == 1 and state.current_player() == CHANCE
    assert len(state.domains[0].hand) == 3


def test_empty_development_stacks_leave_the_hand_short() -> None:
    """CG-HAND-01 with rulings (M-CG-14/15): with every development stack empty the turn ends
    with a short hand."""
    state = main_phase()
    for k in DEV_STACKS:
        state.removed.extend(state.stacks[k])
        state.stacks[k] = []
    state = rebuild(state)
    state.apply({"type": "end_actions"})
    assert state.legal_actions() == [{"type": "end_turn"}]
