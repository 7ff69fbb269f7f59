"""An illegal action is refused with the reason and the rule, in the bot author's words."""

from __future__ import annotations

import re

import pytest

from games.cardgame import GAME
from games.common.api import CHANCE
from games.errors import IllegalAction
from tests.games.cardgame.positions import (
    at_roll,
    lay,
    main_phase,
    rebuild,
    region_action,
    roll,
    set_units,
    to_hand,
    with_vp_3,
)
from tests.games.cardgame.test_action_cards import armed


def _refused(state, action: dict, message: str) -> None:
    """``action`` is refused with exactly ``message``."""
    with pytest.raises(IllegalAction, match="^" + re.escape(message) + "$"):
        state.apply(action)


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
        (
            {"type": "build_road", "end": "right"},
            "a road must follow a settlement or city; two roads never touch (CG-ROAD-01/02)",
        ),
        (
            {"type": "build_settlement", "end": "left"},
            "a settlement goes at the free end of a road (CG-SETTL-01) and must be paid",
        ),
        (
            {"type": "build_city", "col": 1},
            "a city goes on one of your settlements and must be paid (CG-CITY-01)",
        ),
    ]
    for action, reason in cases:
        _refused(state, action, f"seat 0: {action['type']}: {reason} (phase 'main')")
    library = to_hand(state, 0, "library")[0]
    state = rebuild(state)
    _refused(
        state,
        {"type": "build", "card": library},
        "seat 0: build: red cards go only in free city slots (CG-EXP-03) (phase 'main')",
    )


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
    _refused(
        state,
        {"type": "build_road", "end": "right"},
        "seat 0: build_road is not possible now (pending decision 'gain'; allowed: ['gain'])"
        " (CG-RES-05)",
    )
    _refused(
        state,
        {"type": "gain", "col": 99, "side": 1},
        "seat 0: gain: that region cannot pay or receive this unit (CG-RES-04, CG-RES-05)"
        " (pending decision 'gain')",
    )
    state.apply(region_action("gain", "wool"))
    state.apply(region_action("gain", "brick"))
    _refused(
        state,
        {"type": "take_card", "card": "spy#1"},
        "seat 0: take_card is not possible now (phase 'main'; allowed: ['end_actions',"
        " 'propose_trade']) (CG-TURN-05)",
    )
    state.apply({"type": "end_actions"})
    assert state.phase == "refill"
    pattern = r"^seat 0: gain is not possible now \(phase 'refill'; allowed: .*\(CG-HAND-01\)$"
    with pytest.raises(IllegalAction, match=pattern):
        state.apply({"type": "gain", "col": 1, "side": 1})


def test_a_green_card_without_a_free_slot_is_refused_naming_the_slot_rules() -> None:
    """CG-EXP-01 CG-EXP-02: with every slot of both settlements taken, one more green card has no
    place."""
    state = _rich()
    greens = iter(["sawmill", "foundry", "knight_hagen", "fleet_ore"])
    for col in (0, 2):
        for row in (1, -1):
            lay(state, 0, col, row, next(greens))
    (mill,) = to_hand(state, 0, "brick_factory")
    state = rebuild(state)
    _refused(
        state,
        {"type": "build", "card": mill},
        "seat 0: build: no free slot for it (CG-EXP-01, CG-EXP-02) (phase 'main')",
    )


def test_action_cards_below_3_vp_and_cards_not_held_are_refused_in_full() -> None:
    """CG-ACT-02: the whole refusal, not only its rule: an action card played while a player has
    fewer than 3 VP, and a card built that is not in the hand (no word about its cost or slot,
    which would mislead)."""
    state = main_phase()
    spy = to_hand(state, 0, "spy")[0]
    state = rebuild(state)
    _refused(
        state,
        {"type": "play_card", "card": spy},
        "seat 0: play_card: action cards need at least 3 VP for each player (CG-ACT-02)"
        " (phase 'main')",
    )
    assert "abbey#1" not in state.domains[0].hand
    _refused(
        state,
        {"type": "build", "card": "abbey#1"},
        "seat 0: build: {'type': 'build', 'card': 'abbey#1'} is not among the legal choices"
        " (CG-TURN-05) (phase 'main')",
    )


def test_an_odd_field_value_is_refused_with_the_action_not_a_crash() -> None:
    """A card given as a list (unhashable) is refused with the action shown and the phase's rule,
    not a TypeError."""
    state = main_phase()
    _refused(
        state,
        {"type": "build", "card": ["x"]},
        "seat 0: build: {'type': 'build', 'card': ['x']} is not among the legal choices"
        " (CG-TURN-05) (phase 'main')",
    )


def test_refill_refusals_name_cg_hand_01() -> None:
    """CG-HAND-01: ending the turn with fewer than 3 cards, or any other move of the actions phase
    during the refill, is refused naming the refill's rule."""
    state = main_phase()
    state.apply({"type": "end_actions"})
    assert state.phase == "refill" and not state.domains[0].hand
    _refused(
        state,
        {"type": "end_turn"},
        "seat 0: end_turn: draw up to 3 cards first (CG-HAND-01) (phase 'refill')",
    )
    _refused(
        state,
        {"type": "end_actions"},
        "seat 0: end_actions: {'type': 'end_actions'} is not among the legal choices"
        " (CG-HAND-01) (phase 'refill')",
    )


def test_a_unit_that_cannot_move_names_cg_res_04_05() -> None:
    """CG-RES-04, CG-RES-05, CG-CARD-MERCHANT-01: taking into a full region, giving to an opponent
    with no room, paying from an empty region: each refused with the same reason."""
    reason = "that region cannot pay or receive this unit (CG-RES-04, CG-RES-05)"
    state, (merchant,), _ = armed("merchant")
    set_units(state, 0, lumber=3)
    set_units(state, 1, gold=3)
    state = rebuild(state)
    state.apply({"type": "play_card", "card": merchant})
    _refused(
        state,
        region_action("steal", "lumber"),
        f"seat 0: steal: {reason} (pending decision 'steal')",
    )
    state.apply(region_action("steal", "ore"))
    state.apply({"type": "stop"})
    set_units(state, 0, gold=1)
    _refused(
        state, region_action("give", "gold"), f"seat 0: give: {reason} (pending decision 'give')"
    )
    state, (caravan,), _ = armed("caravan")
    set_units(state, 0, ore=0)
    state = rebuild(state)
    state.apply({"type": "play_card", "card": caravan})
    _refused(
        state, region_action("pay", "ore"), f"seat 0: pay: {reason} (pending decision 'pay_any')"
    )


def test_a_wrong_start_region_placement_names_a_rule() -> None:
    """CG-SETUP-03: a start region placed where it cannot go is refused with the action and the
    rule of the pending decision (not the actions phase's rule: setup has none of its own)."""
    state = GAME.new_game(2, 1)
    while state.current_player() == CHANCE:
        state.apply(state.chance_outcomes()[0][0])
    assert state.phase == "setup" and state.tasks[0]["t"] == "place_start"
    action = {"type": "place_start_region", "card": "start_region_A_grain_1", "col": 9, "side": 1}
    _refused(
        state,
        action,
        f"seat 0: place_start_region: {action!r} is not among the legal choices (CG-SETUP-03)"
        " (pending decision 'place_start')",
    )
