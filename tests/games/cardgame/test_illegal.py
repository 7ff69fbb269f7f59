"""An illegal action is refused with the reason and the rule, in the bot author's words."""

from __future__ import annotations

import re

import pytest

from games.errors import IllegalAction
from tests.games.cardgame.positions import (
    at_roll,
    main_phase,
    rebuild,
    region_action,
    roll,
    set_units,
    to_hand,
    with_vp_3,
)

RICH = {"grain": 3, "ore": 3, "wool": 3, "lumber": 3, "brick": 3}


def _rich():
    state = main_phase()
    set_units(state, 0, **RICH)
    return state


def test_building_mistakes_name_their_rule() -> None:
    """CG-ROAD-01/02, CG-SETTL-01, CG-CITY-01, CG-EXP-03: each refused build says why."""
    state = rebuild(_rich())
    state.apply({"type": "build_road", "end": "right"})
    cases = [
        ({"type": "build_road", "end": "right"}, "two roads never touch (CG-ROAD-01/02)"),
        ({"type": "build_settlement", "end": "left"}, "free end of a road (CG-SETTL-01)"),
        ({"type": "build_city", "col": 1}, "one of your settlements and must be paid (CG-CITY-01)"),
    ]
    for action, reason in cases:
        pattern = rf"seat 0: {action['type']}: .*{re.escape(reason)}"
        with pytest.raises(IllegalAction, match=pattern):
            state.apply(action)
    library = to_hand(state, 0, "library")[0]
    state = rebuild(state)
    with pytest.raises(IllegalAction, match=r"red cards go only in free city slots \(CG-EXP-03\)"):
        state.apply({"type": "build", "card": library})


def test_playing_a_card_one_does_not_hold_or_too_early() -> None:
    """CG-ACT-02: a card not in the hand, and an action card below 3 VP each."""
    state = main_phase()
    spy = to_hand(state, 0, "spy")[0]
    state = rebuild(state)
    with pytest.raises(IllegalAction, match=r"at least 3 VP for each player \(CG-ACT-02\)"):
        state.apply({"type": "play_card", "card": spy})
    with_vp_3(state)
    state = rebuild(state)
    with pytest.raises(IllegalAction, match="merchant#1 is not in your hand"):
        state.apply({"type": "play_card", "card": "merchant#1"})


def test_a_move_out_of_turn_names_the_pending_decision_or_the_phase() -> None:
    """CG-TURN-02, CG-TURN-05, CG-RES-05: the refusal tells what is awaited and its rule."""
    state = at_roll(main_phase())
    state.tasks = [{"t": "roll", "seat": 0}]
    roll(state, "plenty", 4)  # now seat 0 chooses where the Sun's unit goes
    with pytest.raises(IllegalAction, match=r"pending decision 'gain'.*\(CG-RES-05\)"):
        state.apply({"type": "build_road", "end": "right"})
    with pytest.raises(IllegalAction, match=r"cannot pay or receive this unit"):
        state.apply({"type": "gain", "col": 99, "side": 1})
    state.apply(region_action("gain", "wool"))
    state.apply(region_action("gain", "brick"))
    with pytest.raises(IllegalAction, match=r"phase 'main'.*\(CG-TURN-05\)"):
        state.apply({"type": "take_card", "card": "spy#1"})
