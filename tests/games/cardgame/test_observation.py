"""The observation a bot receives: the fields docs/protocol.md promises, and situational ones."""

from __future__ import annotations

import pytest

from games.cardgame import GAME
from games.cardgame.cards import CARDS
from tests.games.cardgame.positions import (
    at_roll,
    lay,
    main_phase,
    rebuild,
    roll,
    to_hand,
    with_vp_3,
)

ALWAYS = {
    "seat",
    "turn",
    "active",
    "phase",
    "to_move",
    "decision",
    "hand",
    "you",
    "opponent",
    "stacks",
    "tokens",
    "last_roll",
    "vp_target",
    "events",
}


def test_the_observation_has_the_documented_fields_and_a_bad_seat_is_refused() -> None:
    state = rebuild(main_phase())
    assert set(state.observation(0)) == ALWAYS
    assert state.observation(1)["seat"] == 1
    for seat in (2, -1):
        with pytest.raises(ValueError, match="seat must be 0 or 1"):
            state.observation(seat)


def test_the_start_regions_being_placed_are_shown_to_their_owner() -> None:
    """CG-SETUP-03: while placing, the owner sees the start regions still to place."""
    state = GAME.new_game(2, 3, {})
    while state.tasks[0]["t"] != "place_start":
        state.apply(state.chance_outcomes()[0][0])
    placing = state.observation(0)["placing"]
    assert len(placing) == 6 and all(card.startswith("start_region_A_") for card in placing)
    state.apply(state.legal_actions()[0])
    assert len(state.observation(0)["placing"]) == 5


def test_an_attack_in_progress_is_shown_to_both_seats() -> None:
    """CG-ACT-07 CG-CARD-ARSONIST-01: both seats see the attack card, whether it was defended
    and, once chosen, its target."""
    state = main_phase()
    with_vp_3(state)
    (arsonist,) = to_hand(state, 0, "arsonist")
    to_hand(state, 1, "bishop")
    lay(state, 1, 0, 1, "sawmill")
    state = rebuild(state)
    state.apply({"type": "play_card", "card": arsonist})
    for seat in (0, 1):
        assert state.observation(seat)["attack"] == {
            "card": CARDS[arsonist].type,
            "defended": False,
            "target": None,
        }
    state.apply({"type": "no_defence"})
    state.apply({"type": "choose_target", "col": 0, "row": 1})
    assert state.observation(1)["attack"]["target"] is not None


def test_the_events_window_holds_the_latest_visible_events() -> None:
    """docs/protocol.md: ``events`` are the last few (8) events the seat may see, newest last."""
    state = rebuild(main_phase())
    for n in range(40):
        state.events.append({"type": "note", "n": n, "visible_to": "all" if n % 2 else [1]})
    mine = state.observation(0)["events"]
    assert [e["n"] for e in mine] == [25, 27, 29, 31, 33, 35, 37, 39]
    assert [e["n"] for e in state.observation(1)["events"]] == list(range(32, 40))


def test_a_pending_count_is_shown_as_remaining() -> None:
    """CG-EV-SUN-01: while choosing where the Sun's unit goes, the seat sees how many remain."""
    state = at_roll(main_phase())
    roll(state, "plenty", 4)
    assert state.observation(0)["remaining"] == 1
    assert "remaining" not in state.observation(1)


def test_the_last_roll_is_shown_to_both_seats() -> None:
    """CG-TURN-02: once the dice are rolled both seats see the event and the production."""
    state = at_roll(main_phase())
    assert state.observation(0)["last_roll"] is None
    roll(state, "plenty", 4)
    for seat in (0, 1):
        assert state.observation(seat)["last_roll"] == {"event": "plenty", "production": 4}
